"""tf.ragged.boolean_mask and tf.ragged.stack (along axis 0), as TF's ragged_array_ops
and ragged_concat_ops compute them: rows concatenate with their partitions shifted; a
mask of rank > 1 keeps each row's selected values."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from . import array_ops, cast_ops, indexing_ops, manip_ops, segment_ops
from .ragged_tensor import RaggedTensor, gather_rows


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


def stack(values, axis=0, name=None):
    """tf.ragged.stack: the RaggedTensor whose rows are `values` (tensors or
    RaggedTensors of one rank), along axis 0."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    if not values:
        raise ValueError("rt_inputs may not be empty.")
    if axis != 0:
        raise NotImplementedError("tfcompat: tf.ragged.stack with axis != 0")
    values = [_convert(v, "rt_inputs") for v in values]
    ragged_rank = max(max(v.ragged_rank if isinstance(v, RaggedTensor) else 0
                          for v in values), 1)
    splits_dtype = next((v.row_splits_dtype for v in values if isinstance(v, RaggedTensor)),
                        dtypes.int64)
    rows = []
    for v in values:
        if not isinstance(v, RaggedTensor) and v.shape.rank is not None and v.shape.rank > 1:
            v = RaggedTensor.from_tensor(v, ragged_rank=min(ragged_rank, v.shape.rank - 1),
                                         row_splits_dtype=splits_dtype)
        rows.append(v)
    counts = manip_ops.stack([array_ops.shape(r, out_type=splits_dtype)[0]
                              if not isinstance(r, RaggedTensor) else r.nrows() for r in rows])
    return RaggedTensor.from_row_lengths(concat_rows(rows), counts, validate=False)


def concat_rows(values):
    """`values` (Tensors, or RaggedTensors of one ragged_rank) concatenated along axis 0."""
    if not any(isinstance(v, RaggedTensor) for v in values):
        return manip_ops.concat(values, 0)
    dtype = values[0].row_splits_dtype
    if any(v.row_splits_dtype != dtype for v in values):
        raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to "
                         "compatible dtypes.")
    splits, offset = [values[0].row_splits[:1]], None
    for v in values:
        shifted = v.row_splits[1:] if offset is None else v.row_splits[1:] + offset
        splits.append(shifted)
        offset = v.row_splits[-1] if offset is None else offset + v.row_splits[-1]
    return RaggedTensor.from_row_splits(concat_rows([v.values for v in values]),
                                        manip_ops.concat(splits, 0), validate=False)

