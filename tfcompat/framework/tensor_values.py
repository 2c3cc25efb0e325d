"""TF's NumPy value types of composite tensors, what tf.test.TestCase.evaluate returns
for them: tf.compat.v1.SparseTensorValue, IndexedSlicesValue (namedtuples, as TF's) and
tf.compat.v1.ragged.RaggedTensorValue."""
import collections

import numpy as np

__all__ = ["IndexedSlicesValue", "RaggedTensorValue", "SparseTensorValue"]

SparseTensorValue = collections.namedtuple("SparseTensorValue",
                                           ["indices", "values", "dense_shape"])
IndexedSlicesValue = collections.namedtuple("IndexedSlicesValue",
                                            ["values", "indices", "dense_shape"])


class RaggedTensorValue:
    """tf.compat.v1.ragged.RaggedTensorValue: a ragged tensor's value as NumPy arrays
    (`values`, itself a RaggedTensorValue for each further ragged dimension, and
    `row_splits`)."""

    def __init__(self, values, row_splits):
        if not (isinstance(row_splits, (np.ndarray, np.generic)) and
                row_splits.dtype in (np.int64, np.int32) and row_splits.ndim == 1):
            raise TypeError("row_splits must be a 1D int32 or int64 numpy array")
        if not isinstance(values, (np.ndarray, np.generic, RaggedTensorValue)):
            raise TypeError("values must be a numpy array or a RaggedTensorValue")
        if isinstance(values, RaggedTensorValue) and row_splits.dtype != values.row_splits.dtype:
            raise ValueError("row_splits and values.row_splits must have the same dtype")
        self._values = values
        self._row_splits = row_splits

    row_splits = property(lambda self: self._row_splits,
                          doc="The split indices for the ragged tensor value.")
    values = property(lambda self: self._values,
                      doc="The concatenated values for all rows in this tensor.")
    dtype = property(lambda self: self._values.dtype,
                     doc="The numpy dtype of values in this tensor.")

    @property
    def flat_values(self):
        """The innermost `values` array."""
        v = self._values
        while isinstance(v, RaggedTensorValue):
            v = v.values
        return v

    @property
    def nested_row_splits(self):
        """The row_splits of every ragged dimension, outermost first."""
        splits, v = [self._row_splits], self._values
        while isinstance(v, RaggedTensorValue):
            splits.append(v.row_splits)
            v = v.values
        return tuple(splits)

    @property
    def ragged_rank(self):
        return self._values.ragged_rank + 1 if isinstance(self._values, RaggedTensorValue) else 1

    @property
    def shape(self):
        return (self._row_splits.shape[0] - 1,) + (None,) + self._values.shape[1:]

    def __str__(self):
        return "<tf.RaggedTensorValue %s>" % self.to_list()

    def __repr__(self):
        return "tf.RaggedTensorValue(values=%r, row_splits=%r)" % (self._values, self._row_splits)

    def to_list(self):
        """This value as a nested Python list."""
        values = self._values.to_list() if isinstance(self._values, RaggedTensorValue) \
            else self._values.tolist()
        s = self._row_splits
        return [values[s[i]:s[i + 1]] for i in range(len(s) - 1)]
