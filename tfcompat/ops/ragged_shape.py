"""tf.experimental.DynamicRaggedShape, as tf.shape returns it for a tf.RaggedTensor: the
number of rows, each ragged dimension's row lengths and the uniform inner dimensions.
Indexing a uniform dimension gives its size; a ragged one raises as TF does."""
from ..framework import dtypes
from . import array_ops, cast_ops
from .ragged_tensor import RaggedTensor


class DynamicRaggedShape:
    """tf.experimental.DynamicRaggedShape (the subset tf.shape of a RaggedTensor gives)."""

    __slots__ = ("_rt", "_dtype")

    def __init__(self, rt, dtype=dtypes.int32):
        self._rt = rt
        self._dtype = dtypes.as_dtype(dtype)

    dtype = property(lambda self: self._dtype)
    rank = property(lambda self: self._rt.shape.rank)
    num_row_partitions = property(lambda self: self._rt.ragged_rank)
    inner_rank = property(lambda self: self.rank - self.num_row_partitions)

    def static_lengths(self):
        """The row count, each ragged dimension's row lengths (a tuple), then the
        uniform inner sizes (eager values)."""
        out = [int(self._rt.nrows())]
        rt = self._rt
        while isinstance(rt, RaggedTensor):
            out.append(tuple(int(n) for n in rt.row_lengths().numpy()))
            rt = rt.values
        return out + rt.shape.as_list()[1:]

    def __getitem__(self, index):
        if isinstance(index, slice):
            raise NotImplementedError("tfcompat: tf.experimental.DynamicRaggedShape "
                                      "sliced")
        if not isinstance(index, int):
            raise TypeError("Argument is not an int or a slice")
        rank, partitions = self.rank, self.num_row_partitions
        if index < 0:
            index += rank
        if index > partitions + 1 and index >= rank:
            raise IndexError("Index is too big: " + str(index) + ">=" + str(rank))
        if index < 0:
            raise IndexError("Index must be non-negative: " + str(index))
        if index >= rank:
            raise IndexError("Expected axis=%s < rank=%s" % (index, rank))
        if index == 0:
            return cast_ops.cast(self._rt.nrows(), self._dtype)
        if index <= partitions:
            raise ValueError("Index " + str(index) + " is not uniform")
        dims = array_ops.shape(self._rt.flat_values, out_type=self._dtype)
        return dims[index - partitions]

    def __repr__(self):
        return "<DynamicRaggedShape lengths=%s num_row_partitions=%d>" % (
            _lengths_text(self.static_lengths()), self.num_row_partitions)

    __str__ = __repr__


DynamicRaggedShape.__module__ = "tensorflow.python.ops.ragged.dynamic_ragged_shape"


def _lengths_text(lengths):
    return "[" + ", ".join(str(n) for n in lengths) + "]"
