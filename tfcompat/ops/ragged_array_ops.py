"""tf.ragged.boolean_mask and tf.expand_dims of a RaggedTensor, as TF's ragged_array_ops
computes them: a mask of rank > 1 keeps each row's selected values."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from . import array_ops, cast_ops, indexing_ops, manip_ops, segment_ops
from .ragged_tensor import RaggedTensor, _positive_axis, gather_rows


def _convert(x, name, dtype=None):
    return x if isinstance(x, RaggedTensor) else convert_to_tensor(x, dtype, name=name)


def boolean_mask(data, mask, name=None):
    """tf.ragged.boolean_mask: the values of `data` where `mask` (a bool tensor whose
    shape is a prefix of data's) is True; a RaggedTensor when mask has rank > 1."""
    data = _convert(data, "data")
    mask = _convert(mask, "mask", dtypes.bool)
    if mask.dtype != dtypes.bool:
        raise ValueError("mask must have dtype bool")
    rank = mask.shape.rank
    if rank is None:
        raise ValueError("mask.shape.ndims must be known statically.")
    if rank == 0:
        raise ValueError("mask cannot be scalar.")
    if rank == 1:
        if not isinstance(mask, RaggedTensor) and not isinstance(data, RaggedTensor):
            data.shape[:1].assert_is_compatible_with(mask.shape)
            return indexing_ops.boolean_mask(data, mask)
        rows = manip_ops.reshape(indexing_ops.where(mask), [-1])
        return gather_rows(data, rows)
    data.shape[:rank].assert_is_compatible_with(mask.shape)
    if not isinstance(mask, RaggedTensor):
        mask = RaggedTensor.from_tensor(mask, row_splits_dtype=_splits_dtype(data))
    if not isinstance(data, RaggedTensor):
        data = RaggedTensor.from_tensor(data, row_splits_dtype=mask.row_splits_dtype)
    if rank > 2:   # the mask selects within the rows' rows
        return data.with_values(boolean_mask(data.values, mask.values))
    values = boolean_mask(data.values, mask.values)
    kept = segment_ops.unsorted_segment_sum(
        cast_ops.cast(mask.values, mask.row_splits_dtype), mask.value_rowids(), mask.nrows())
    return RaggedTensor.from_row_lengths(values, kept, validate=False)


def _splits_dtype(x):
    return x.row_splits_dtype if isinstance(x, RaggedTensor) else dtypes.int64


def expand_dims(input, axis):
    """tf.expand_dims of a RaggedTensor: a dimension of size 1 (uniform) at `axis`."""
    axis = _positive_axis(axis, input.shape.rank + 1, "axis")
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1,
                                                    validate=False)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(input, 1, nrows=input.nrows(),
                                                    validate=False)
    return input.with_values(array_ops.expand_dims(input.values, axis - 1))
