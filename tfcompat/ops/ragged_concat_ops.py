"""tf.concat and tf.stack of RaggedTensors (TF's ragged dispatch, and tf.ragged.stack), as
TF's ragged_concat_ops computes them: along axis 0 the rows concatenate with their
partitions shifted; along axis 1 the concatenation of axis 0 has its rows interleaved; a
deeper axis recurses into the values. Dense inputs become RaggedTensors."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from . import array_ops, check_ops, manip_ops
from .ragged_tensor import RaggedTensor, _positive_axis, _splits_of_lengths, gather_rows


def concat(values, axis, name=None):
    """tf.concat of a list holding RaggedTensors: a RaggedTensor."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    return _stack_or_concat(values, axis, False)


def stack(values, axis=0, name=None):
    """tf.ragged.stack (tf.stack of a list holding RaggedTensors): a RaggedTensor."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    return _stack_or_concat(values, axis, True)


def _match_splits_dtypes(values):
    """TF's match_row_splits_dtypes (without its auto_cast_partition_dtype option)."""
    found = {v.row_splits_dtype for v in values if isinstance(v, RaggedTensor)}
    if len(found) > 1:
        raise ValueError("Input RaggedTensors have mismatched row_splits dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to "
                         "compatible dtypes.")
    return found.pop() if found else dtypes.int64


def _stack_or_concat(values, axis, stack_values):
    """TF's _ragged_stack_concat_helper."""
    if not values:
        raise ValueError("rt_inputs may not be empty.")
    values = [v if isinstance(v, RaggedTensor) else convert_to_tensor(v, name="rt_input")
              for v in values]
    splits_dtype = _match_splits_dtypes(values)
    if len(values) == 1 and not stack_values:
        return values[0]
    ndims = values[0].shape.rank
    for v in values[1:]:
        if ndims is not None and v.shape.rank not in (None, ndims):   # TF's assert_has_rank
            raise ValueError(f"Shape {v.shape} must have rank {ndims}")
    out_ndims = ndims + 1 if ndims is not None and stack_values else ndims
    axis = _positive_axis(axis, out_ndims, "axis")
    if stack_values and ndims == 1 and axis == 0:
        return RaggedTensor.from_row_lengths(
            manip_ops.concat(values, 0),
            manip_ops.concat([array_ops.shape(v, out_type=splits_dtype) for v in values], 0))
    if not any(isinstance(v, RaggedTensor) for v in values) and axis in (out_ndims - 1,
                                                                          ndims - 1):
        return manip_ops.stack(values, axis) if stack_values else manip_ops.concat(values, axis)
    values = [v if isinstance(v, RaggedTensor) else
              RaggedTensor.from_tensor(v, ragged_rank=1, row_splits_dtype=splits_dtype)
              for v in values]
    ragged_rank = max(max(v.ragged_rank for v in values), 1)
    values = [_with_ragged_rank(v, ragged_rank, splits_dtype) for v in values]
    if axis == 0:
        return _along_axis_0(values, stack_values)
    if axis == 1:
        return _along_axis_1(values, stack_values)
    splits = values[0].row_splits
    for v in values[1:]:
        check_ops.assert_equal(splits, v.row_splits,
                               message="Inputs must have identical ragged splits")
    return RaggedTensor.from_row_splits(
        _stack_or_concat([v.values for v in values], axis - 1, stack_values), splits,
        validate=False)


def _with_ragged_rank(rt, ragged_rank, splits_dtype):
    """TF's _increase_ragged_rank_to."""
    if ragged_rank > 0:
        if not isinstance(rt, RaggedTensor):
            rt = RaggedTensor.from_tensor(rt, row_splits_dtype=splits_dtype)
        if rt.ragged_rank < ragged_rank:
            rt = rt.with_values(_with_ragged_rank(rt.values, ragged_rank - 1, splits_dtype))
    return rt


def _concat_splits(splits_list):
    pieces, offset = [splits_list[0]], splits_list[0][-1]
    for splits in splits_list[1:]:
        pieces.append(splits[1:] + offset)
        offset += splits[-1]
    return manip_ops.concat(pieces, 0)


def _along_axis_0(values, stack_values):
    flat = manip_ops.concat([v.flat_values for v in values], 0)
    nested = [_concat_splits([v.nested_row_splits[dim] for v in values])
              for dim in range(values[0].ragged_rank)]
    if stack_values:
        lengths = manip_ops.stack([v.nrows() for v in values])
        nested.insert(0, _splits_of_lengths(lengths))
    return RaggedTensor.from_nested_row_splits(flat, nested, validate=False)


def _along_axis_1(values, stack_values):
    n, nrows = len(values), values[0].nrows()
    for i, v in enumerate(values[1:]):
        check_ops.assert_equal(nrows, v.nrows(), message=f"Input tensors at index 0 (=x) and "
                               f"{i + 1} (=y) have incompatible shapes.")
    joined = _along_axis_0(values, False)
    rows = array_ops.range(nrows * n)
    order = manip_ops.reshape(manip_ops.transpose(manip_ops.reshape(rows, [n, -1])), [-1])
    permuted = gather_rows(joined, order)
    if stack_values:
        return RaggedTensor.from_row_splits(permuted, array_ops.range(0, nrows * n + 1, n),
                                            validate=False)
    return RaggedTensor.from_row_splits(permuted.values, permuted.row_splits[::n],
                                        validate=False)
