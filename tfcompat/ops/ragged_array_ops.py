"""tf.ragged.boolean_mask, tf.ragged.stack_dynamic_partitions, and tf.expand_dims, tile,
reverse, squeeze, one_hot, where, gather_nd, split and reshape of a RaggedTensor, as TF's
ragged_array_ops computes them: a mask of rank > 1 keeps each row's selected values."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from . import (arithmetic_ops, array_ops, cast_ops, check_ops, indexing_ops, manip_ops,
               reduction_ops, segment_ops, sort_ops)
from .op_args import concrete
from .ragged_ops import elementwise, map_flat_values
from .ragged_tensor import RaggedTensor, _positive_axis, gather_rows, ragged_range_indices


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


def expand_dims(input, axis, name=None):
    """tf.expand_dims of a RaggedTensor: a dimension of size 1 (uniform) at `axis`."""
    axis = _positive_axis(axis, input.shape.rank + 1, "axis")
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1,
                                                    validate=False)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(input, 1, nrows=input.nrows(),
                                                    validate=False)
    return input.with_values(array_ops.expand_dims(input.values, axis - 1))


def tile(input, multiples, name=None):
    """tf.tile of a RaggedTensor (TF's ragged tile): each dimension's rows repeated
    `multiples[axis]` times; `multiples` must be known (a constant). As TF, the flat
    values are gathered once (in the tiled ragged order), then tiled along the outer and
    the uniform dimensions."""
    multiples = [int(m) for m in concrete(convert_to_tensor(multiples, name="multiples"),
                                          "tf.tile of a tf.RaggedTensor", "multiples")]
    if len(multiples) != input.shape.rank:
        raise ValueError(f"Shape {TensorShape([len(multiples)])} must have rank "
                         f"{input.shape.rank}")
    rank = input.ragged_rank
    ids = input.with_flat_values(array_ops.range(
        array_ops.shape(input.flat_values, out_type=input.row_splits_dtype)[0]))
    ids = _tile_ragged(ids, multiples[1:rank + 1])
    values = manip_ops.tile(indexing_ops.gather(input.flat_values, ids.flat_values),
                            multiples[:1] + multiples[rank + 1:])
    lengths = [manip_ops.tile(n, multiples[:1]) for n in ids.nested_row_lengths()]
    return RaggedTensor.from_nested_row_lengths(values, lengths, validate=False)


def _tile_ragged(rt, multiples):
    """`rt` (int value ids) with its ragged dimensions 1.. tiled by `multiples`."""
    if not isinstance(rt, RaggedTensor):
        return rt
    values = _tile_ragged(rt.values, multiples[1:])
    count = multiples[0]
    starts = manip_ops.repeat(rt.row_splits[:-1], count)
    limits = manip_ops.repeat(rt.row_splits[1:], count)
    picked, _ = ragged_range_indices(starts, limits)
    return RaggedTensor.from_row_lengths(gather_rows(values, picked),
                                         rt.row_lengths() * count, validate=False)


def reverse(tensor, axis, name=None):
    """tf.reverse of a RaggedTensor: TF's slicing with step -1 on each axis."""
    message = ("`axis` must be a list of int or a constant tensorwhen reversing axes in a "
               "ragged tensor")
    if isinstance(axis, Tensor):
        axis = [int(a) for a in concrete(axis, "tf.reverse of a tf.RaggedTensor", "axis")]
    elif not (isinstance(axis, (list, tuple)) and all(isinstance(d, int) for d in axis)):
        raise TypeError(message)
    axis = [_positive_axis(d, tensor.shape.rank, f"axis[{i}]") for i, d in enumerate(axis)]
    slices = [slice(None)] * (max(axis) + 1 if axis else 0)
    for d in axis:
        slices[d] = slice(None, None, -1)
    return tensor[tuple(slices)]


def squeeze(input, axis=None, name=None):
    """tf.squeeze of a RaggedTensor: only its uniform (inner) dimensions of size 1."""
    if axis is None:
        raise ValueError("Ragged.squeeze must have an axis argument.")
    if isinstance(axis, int):
        axis = [axis]
    elif not isinstance(axis, (list, tuple)) or not all(isinstance(d, int) for d in axis):
        raise TypeError("Axis must be a list or tuple of integers.")
    axis = [_positive_axis(d, input.shape.rank, f"axis[{i}]") for i, d in enumerate(axis)]
    if any(d <= input.ragged_rank for d in axis):
        raise NotImplementedError("tfcompat: tf.squeeze of a ragged dimension of a "
                                  "tf.RaggedTensor")
    return input.with_flat_values(manip_ops.squeeze(
        input.flat_values, [d - input.ragged_rank for d in axis]))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """tf.one_hot of a RaggedTensor: the one-hot vectors of its flat values."""
    if axis is None:
        axis = -1
    elif axis >= 0 and axis <= indices.ragged_rank:
        raise ValueError(f"axis ({axis}) must be greater than indices.ragged_rank "
                         f"({indices.ragged_rank}).")
    else:
        axis -= indices.ragged_rank if axis >= 0 else 0
    return indices.with_flat_values(array_ops.one_hot(
        indices.flat_values, depth, on_value, off_value, axis, dtype))


def where(condition, x=None, y=None, name=None):
    """tf.where with RaggedTensors (TF's ragged_where_op): one argument, the coordinates
    of the true values (an int64 Tensor); three, the elementwise select of the operands
    broadcast to one shape."""
    if x is None and y is None:
        return _coordinates(condition)
    if x is None or y is None:
        raise ValueError("x and y must be either both None or both non-None")
    operands = [condition, x, y]
    ragged = [v for v in operands if isinstance(v, RaggedTensor)]
    if all(isinstance(v, RaggedTensor) or convert_to_tensor(v).shape.rank == 0
           for v in operands) and all(
            v.ragged_rank == ragged[0].ragged_rank and all(
                a is b for a, b in zip(v.nested_row_splits, ragged[0].nested_row_splits))
            for v in ragged):
        return map_flat_values(indexing_ops.where, condition, x, y)
    return _broadcast_where(*[_convert(v, n) for v, n in zip(operands, ("condition", "x", "y"))])


def _broadcast_where(condition, x, y):
    """tf.where of operands TF broadcasts to one ragged shape: x and y broadcast together
    and stacked on a new inner dimension, which the condition (given one of size 1)
    selects from."""
    def pair(a, b):
        shape = manip_ops.broadcast_static_shape(a.shape, b.shape)
        return manip_ops.stack([manip_ops.broadcast_to(a, shape),
                                manip_ops.broadcast_to(b, shape)], -1)
    xy = elementwise(pair)(x, y) if isinstance(x, RaggedTensor) or isinstance(
        y, RaggedTensor) else pair(x, y)
    if isinstance(condition, RaggedTensor):
        condition = condition.with_flat_values(manip_ops.expand_dims(condition.flat_values, -1))
    else:
        condition = manip_ops.expand_dims(condition, -1)
    return elementwise(lambda c, v: indexing_ops.where(c[..., 0], v[..., 0], v[..., 1]))(
        condition, xy)




def _coordinates(condition):
    if not isinstance(condition, RaggedTensor):
        return indexing_ops.where(condition)
    inner = _coordinates(condition.values)
    first = inner[:, 0]
    rows = indexing_ops.gather(cast_ops.cast(condition.value_rowids(), dtypes.int64), first)
    starts = indexing_ops.gather(cast_ops.cast(condition.row_splits, dtypes.int64), rows)
    return manip_ops.concat([manip_ops.stack([rows, first - starts], axis=1), inner[:, 1:]],
                            axis=1)


def reshape(tensor, shape, name=None):
    """tf.reshape of a RaggedTensor: TF reshapes its values (a dense Tensor)."""
    return manip_ops.reshape(tensor.values, shape)


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """tf.ragged.stack_dynamic_partitions: row i holds the slices of `data` whose
    partition is i, in order (TF's stable sort; 1-D `partitions`)."""
    data = convert_to_tensor(data, name="data")
    partitions = convert_to_tensor(partitions, name="partitions")
    num_partitions = cast_ops.cast(convert_to_tensor(num_partitions, name="num_partitions",
                                                     dtype_hint=partitions.dtype),
                                   partitions.dtype)
    if partitions.shape.rank != 1:
        raise NotImplementedError("tfcompat: tf.ragged.stack_dynamic_partitions supports 1-D "
                                  "partitions only")
    partitions.shape.assert_is_compatible_with(data.shape[:1])
    order = sort_ops.argsort(partitions, stable=True)
    rowids = indexing_ops.gather(partitions, order)
    check_ops.assert_less(rowids[-1:], num_partitions,
                          message="partitions must be less than num_partitions")
    check_ops.assert_non_negative(partitions, message="partitions must be non-negative.")
    return RaggedTensor.from_value_rowids(indexing_ops.gather(data, order), rowids,
                                          nrows=num_partitions, validate=False)


def gather_nd(params, indices, batch_dims=0, name=None, bad_indices_policy=""):
    """tf.gather_nd with a RaggedTensor (TF's ragged gather_nd): each index tuple walks
    the row partitions. As TF's, a position past the end of its row is not checked
    (it reads into the next row), and only the default bad_indices_policy is taken."""
    if not isinstance(batch_dims, int) or batch_dims != 0:
        raise ValueError("batch_dims != 0 is not supported for ragged gather yet.")
    if bad_indices_policy not in ("", "DEFAULT"):
        raise ValueError("non-default bad_indices_policy not supported for ragged gather")
    params = _convert(params, "params")
    indices = _convert(indices, "indices")
    ndims = indices.shape.rank
    if ndims == 0:
        raise ValueError("indices.rank must be at least 1.")
    if isinstance(indices, RaggedTensor) and ndims == indices.ragged_rank + 1:
        raise ValueError("The innermost dimension of indices may not be ragged")
    size = indices.shape[-1]
    if ndims > 2:
        dense = not isinstance(indices, RaggedTensor)
        if dense:
            indices = RaggedTensor.from_tensor(indices, ragged_rank=ndims - 2,
                                               row_splits_dtype=_splits_dtype(params))
        result = indices.with_flat_values(gather_nd(params, indices.flat_values))
        if dense and isinstance(result, RaggedTensor) and result.ragged_rank == ndims - 2:
            result = result.to_tensor()
        return result
    if not isinstance(params, RaggedTensor):
        return indexing_ops.gather_nd(params, indices)
    if size == 0:
        for _ in range(ndims - 1):
            params = expand_dims(params, 0)
        return tile(params, list(indices.shape[:-1]) + [1] * (params.shape.rank - ndims + 1))
    if size == 1:
        return gather_rows(params, manip_ops.reshape(indices, [-1]))
    indices = cast_ops.cast(indices, params.row_splits_dtype)
    flat = indexing_ops.gather(params.row_splits, indices[..., 0]) + indices[..., 1]
    values = params.values
    for dim in range(2, size):
        if not isinstance(values, RaggedTensor):
            flat = manip_ops.concat([manip_ops.expand_dims(flat, 1), indices[..., dim:]], 1)
            return indexing_ops.gather_nd(values, flat)
        flat = indexing_ops.gather(values.row_starts(), flat) + indices[..., dim]
        values = values.values
    return gather_rows(values, flat)


def split(value, num_or_size_splits, axis=0, num=None, name=None):
    """tf.split of a RaggedTensor along a uniform axis (TF's ragged split: slices of
    `value`); the sizes must be known (constants)."""
    if isinstance(num_or_size_splits, int) and num_or_size_splits == 1:
        return [value]
    axis = _positive_axis(axis, value.shape.rank, "axis")
    if 0 < axis <= value.ragged_rank:
        raise ValueError(f"Cannot split a ragged dimension. Got `value` with shape "
                         f"{array_ops.shape(value)} and `axis` {axis}.")
    dim = value.nrows() if axis == 0 else array_ops.shape(
        value.flat_values, out_type=value.row_splits_dtype)[axis - value.ragged_rank]
    if isinstance(num_or_size_splits, int):
        if num_or_size_splits < 1:
            raise ValueError(f"`num_or_size_splits` must be >=1 if it is an `int`.Received "
                             f"{num_or_size_splits}.")
        lengths = manip_ops.repeat(arithmetic_ops.floordiv(dim, num_or_size_splits),
                                   num_or_size_splits)
    else:
        lengths = convert_to_tensor(num_or_size_splits)
        if lengths.shape.rank != 1:
            raise TypeError(f"`num_or_size_splits` must be an `int` or 1-D list or `Tensor`. "
                            f"Received {num_or_size_splits}.")
        if num is not None and num != lengths.shape[0]:
            raise ValueError(f"`num` does not match the size of `num_or_size_split`. "
                             f"Received `num`: {num} and size of `num_or_size_split`: "
                             f"{lengths.shape[0]}.")
        check_ops.assert_non_negative(lengths, message="`num_or_size_splits` must be "
                                                       "non-negative.")
    splits = manip_ops.concat([cast_ops.cast([0], lengths.dtype),
                               reduction_ops.cumsum(lengths)], 0)
    check_ops.assert_equal(cast_ops.cast(dim, splits.dtype), splits[-1],
                           message="Cannot exactly split the `axis` dimension of `value` "
                                   "with the given `num_or_size_split`.")
    bounds = [int(b) for b in concrete(splits, "tf.split of a tf.RaggedTensor",
                                       "num_or_size_splits")]
    return [value[tuple([slice(None)] * axis + [slice(lo, hi)])]
            for lo, hi in zip(bounds[:-1], bounds[1:])]
