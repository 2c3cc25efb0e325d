"""tf.RaggedTensor.to_sparse and tf.RaggedTensor.from_sparse (TF's RaggedTensorToSparse
and its from_sparse, with their checks), installed on the class."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant
from ..framework.sparse_tensor import SparseTensor
from . import (assert_ops, cast_ops, comparison_ops, indexing_ops, manip_ops,
               reduction_ops)
from .ragged_tensor import RaggedTensor
from ..framework.context import x64_installed


def _dense_indices(values):
    """The indices of every element of the dense `values` (of a static shape, as XLA
    has), in row-major order."""
    shape = values.shape.as_list()
    return constant(np.indices(shape).reshape(len(shape), -1).T.astype(np.int64))


def _indices(rt):
    """The sparse indices (int64, [N, rank]) of each flat value element of `rt`."""
    if not isinstance(rt, RaggedTensor):
        return _dense_indices(rt)
    inner = _indices(rt.values)
    splits = cast_ops.cast(rt.row_splits, dtypes.int64)
    first = inner[:, 0]
    rows = cast_ops.cast(rt.value_rowids(), dtypes.int64)
    row = indexing_ops.gather(rows, first)
    column = first - indexing_ops.gather(splits, row)
    return manip_ops.concat([manip_ops.stack([row, column], axis=1), inner[:, 1:]], 1)


def to_sparse(self, name=None):
    """RaggedTensor.to_sparse: a SparseTensor of the values at their positions, of the
    bounding shape."""
    values = manip_ops.reshape(self.flat_values, [-1])
    return SparseTensor(_indices(self), values,
                        cast_ops.cast(self.bounding_shape(), dtypes.int64))


def _assert_ragged_right(indices):
    """TF's check that the indices are ragged-right: each row's last index counts from 0
    up, in order."""
    prefix, suffix = indices[:, :-1], indices[:, -1]
    changed = reduction_ops.reduce_any(comparison_ops.not_equal(prefix[1:], prefix[:-1]),
                                       axis=1)
    ok = indexing_ops.where(changed, comparison_ops.equal(suffix[1:], 0),
                            comparison_ops.equal(suffix[1:], suffix[:-1] + 1))
    right = comparison_ops.logical_and(
        reduction_ops.reduce_all(comparison_ops.equal(suffix[:1], 0)),
        reduction_ops.reduce_all(ok))
    assert_ops.Assert(right, ["SparseTensor is not right-ragged", "SparseTensor.indices =",
                              indices])


@classmethod
def from_sparse(cls, st_input, name=None, row_splits_dtype=dtypes.int64):
    """RaggedTensor.from_sparse: the rows of a rank-2 ragged-right SparseTensor."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if not isinstance(st_input, SparseTensor):
        raise TypeError(f"Argument `st_input` must be of type SparseTensor, but is of type "
                        f"{type(st_input).__name__}.")
    if st_input.dense_shape.shape[0] != 2 and st_input.indices.shape[1] != 2:
        raise ValueError("rank(st_input) must be 2.")
    _assert_ragged_right(st_input.indices)
    segment_ids = cast_ops.cast(st_input.indices[:, 0], row_splits_dtype)
    num_segments = cast_ops.cast(st_input.dense_shape[0], row_splits_dtype)
    return cls.from_value_rowids(st_input.values, segment_ids, num_segments, validate=False)


RaggedTensor.to_sparse = to_sparse
RaggedTensor.from_sparse = from_sparse
x64_installed(RaggedTensor)
