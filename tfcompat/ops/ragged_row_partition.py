"""tf.experimental.RowPartition: how a ragged dimension partitions a sequence of values
into rows. Its factories validate as RaggedTensor's (they share them: a RowPartition
holds the RaggedTensor of its partition over placeholder values) and its encodings
(row_splits, value_rowids, row_lengths ...) are that RaggedTensor's. As tf.ragged's ops,
it needs the partition's values when it is made (not traced)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from . import array_ops, indexing_ops
from .op_args import concrete
from .ragged_tensor import RaggedTensor, _partition


def _placeholder(n):
    """The values a partition of `n` values is held over."""
    return array_ops.zeros([max(int(n), 0)], dtypes.int8)


def _host(t, api, arg):
    return concrete(t, f"tf.experimental.RowPartition.{api}", arg).reshape(-1)


def _last(t, api, arg):
    """The last value of a 1-D partition tensor (0 when empty)."""
    values = _host(t, api, arg)
    return int(values[-1]) if values.size else 0


def _typed(partition, name, dtype, dtype_hint):
    """TF's _convert_row_partition: `dtype` if given, else int64 for Python values
    (`dtype_hint` if given), a tensor's own int32/int64."""
    if dtype is not None:
        return _partition(convert_to_tensor(partition, dtypes.as_dtype(dtype)), name)
    if dtype_hint is not None and not hasattr(partition, "dtype"):
        return _partition(partition, name, dtypes.as_dtype(dtype_hint))
    return _partition(partition, name)


class RowPartition:
    """tf.experimental.RowPartition (made with its from_* factories)."""

    def __init__(self, rt, internal=False, nvals_known=False):
        """`nvals_known`: the number of values is static (TF knows it from the shape of
        value_rowids, or a given nvals), not only from the partition's values."""
        if not internal:
            raise ValueError("RowPartition constructor is private; please use one of the "
                             "factory methods instead (e.g., RowPartition.from_row_lengths())")
        self._rt = rt
        self._nvals_known = nvals_known

    @classmethod
    def from_value_rowids(cls, value_rowids, nrows=None, validate=True, dtype=None,
                          dtype_hint=None):
        """RowPartition.from_value_rowids: value j is in row value_rowids[j]."""
        rowids = _typed(value_rowids, "value_rowids", dtype, dtype_hint)
        n = rowids.shape[0] if rowids.shape.rank == 1 else 0
        return cls(RaggedTensor.from_value_rowids(_placeholder(n), rowids, nrows,
                                                  validate=validate), True, True)

    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None):
        """RowPartition.from_row_splits: row i is values[row_splits[i]:row_splits[i+1]]."""
        if isinstance(row_splits, (list, tuple)) and not row_splits:
            raise ValueError("row_splits tensor may not be empty.")
        splits = _typed(row_splits, "row_splits", dtype, dtype_hint)
        n = _last(splits, "from_row_splits", "row_splits")
        return cls(RaggedTensor.from_row_splits(_placeholder(n), splits, validate=validate),
                   internal=True)

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None):
        """RowPartition.from_row_lengths: row i has row_lengths[i] values."""
        lengths = _typed(row_lengths, "row_lengths", dtype, dtype_hint)
        n = int(_host(lengths, "from_row_lengths", "row_lengths").sum())
        return cls(RaggedTensor.from_row_lengths(_placeholder(n), lengths, validate=validate),
                   internal=True)

    @classmethod
    def from_row_starts(cls, row_starts, nvals, validate=True, dtype=None, dtype_hint=None):
        """RowPartition.from_row_starts: row i starts at row_starts[i]; `nvals` values."""
        starts = _typed(row_starts, "row_starts", dtype, dtype_hint)
        n = int(np.asarray(concrete(convert_to_tensor(nvals, starts.dtype),
                                    "tf.experimental.RowPartition.from_row_starts", "nvals")))
        return cls(RaggedTensor.from_row_starts(_placeholder(n), starts, validate=validate),
                   True, True)

    @classmethod
    def from_row_limits(cls, row_limits, validate=True, dtype=None, dtype_hint=None):
        """RowPartition.from_row_limits: row i ends at row_limits[i]."""
        limits = _typed(row_limits, "row_limits", dtype, dtype_hint)
        n = _last(limits, "from_row_limits", "row_limits")
        return cls(RaggedTensor.from_row_limits(_placeholder(n), limits, validate=validate),
                   internal=True)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length, nvals=None, nrows=None,
                                validate=True, dtype=None, dtype_hint=None):
        """RowPartition.from_uniform_row_length: rows of `uniform_row_length` values
        (`nvals` of them, or `nrows` rows)."""
        length = _typed(uniform_row_length, "uniform_row_length", dtype, dtype_hint)
        if nvals is None and nrows is None:
            raise ValueError("Either (or both) of nvals and nrows must be specified")
        api = "from_uniform_row_length"
        size = int(_host(length, api, "uniform_row_length")[0])
        n = int(np.asarray(concrete(convert_to_tensor(nvals, length.dtype), api, "nvals"))) \
            if nvals is not None else size * int(np.asarray(
                concrete(convert_to_tensor(nrows, length.dtype), api, "nrows")))
        return cls(RaggedTensor.from_uniform_row_length(_placeholder(n), length, nrows,
                                                        validate=validate), True, True)

    dtype = property(lambda self: self._rt.row_splits_dtype)

    def row_splits(self):
        return self._rt.row_splits

    def value_rowids(self):
        return self._rt.value_rowids()

    def nvals(self):
        return self._rt.row_splits[-1]

    def nrows(self):
        return self._rt.nrows()

    def uniform_row_length(self):
        return self._rt.uniform_row_length

    def row_starts(self):
        return self._rt.row_starts()

    def row_limits(self):
        return self._rt.row_limits()

    def row_lengths(self):
        return self._rt.row_lengths()

    def offsets_in_rows(self):
        """RowPartition.offsets_in_rows: each value's position within its row."""
        rowids = self.value_rowids()
        return array_ops.range(array_ops.shape(rowids, out_type=self.dtype)[0]) - \
            indexing_ops.gather(self.row_starts(), rowids)

    def is_uniform(self):
        return self._rt.uniform_row_length is not None

    @property
    def static_nrows(self):
        return self._rt.shape[0]

    @property
    def static_nvals(self):
        return self._rt.flat_values.shape[0] if self._nvals_known else None

    @property
    def static_uniform_row_length(self):
        return self._rt._static_row_length()

    def with_dtype(self, dtype):
        """RowPartition.with_dtype: the partition with its tensors cast to `dtype`."""
        return RowPartition(self._rt.with_row_splits_dtype(dtype), True, self._nvals_known)

    def __repr__(self):
        if self.is_uniform():
            return (f"tf.RowPartition(nrows={self.nrows()}, "
                    f"uniform_row_length={self.uniform_row_length()})")
        return f"tf.RowPartition(row_splits={self.row_splits()})"


RowPartition.__module__ = "tensorflow.python.ops.ragged.row_partition"
