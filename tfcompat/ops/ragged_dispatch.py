"""TF's ragged dispatch (tensorflow/python/ops/ragged/ragged_dispatch.py): the public ops
that take a tf.RaggedTensor, registered in framework/composite_dispatch. ragged_tensor.py
imports this module, so every RaggedTensor finds its overrides."""
from ..framework import dtypes
from ..framework.composite_dispatch import (BINARY_ELEMENTWISE, REDUCTION, UNARY_ELEMENTWISE,
                                            register)
from ..framework.constant_op import constant, convert_to_tensor
from . import (arithmetic_ops, array_ops, bitcast_ops, cast_ops, indexing_ops, manip_ops,
               nn_ops, normalization_ops, ragged_array_ops, ragged_concat_ops,
               ragged_math_ops, ragged_string_ops, reduction_ops, segment_ops,
               string_conversion_ops, string_text_ops)
from .ragged_math_ops import ragged_reduce
from .ragged_ops import elementwise, map_flat_values
from .ragged_shape import DynamicRaggedShape
from .ragged_tensor import RaggedTensor, _positive_axis, gather_rows


def _gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """tf.gather of ragged indices (the flat indices) or of ragged params (whole rows)."""
    if isinstance(indices, RaggedTensor):
        if batch_dims:
            raise NotImplementedError("tfcompat: tf.gather of tf.RaggedTensor indices "
                                      "with batch_dims")
        if not isinstance(params, RaggedTensor):
            params = convert_to_tensor(params, name="params")
        axis = 0 if axis is None else _positive_axis(axis, params.shape.rank, "axis")
        return _gather_ragged_indices(params, indices, axis)
    idx = convert_to_tensor(indices)
    if axis not in (None, 0) or batch_dims or idx.shape.rank != 1:
        raise NotImplementedError("tfcompat: tf.gather of a tf.RaggedTensor supports 1-D "
                                  "indices along axis 0 only")
    return gather_rows(params, idx)


def _gather_ragged_indices(params, indices, axis):
    """TF's ragged gather of ragged `indices` (ragged_gather_ops._gather, batch_dims 0):
    along axis 0, of their flat values; along axis 1 (_axis_gather), of `params` with
    its two outer dimensions merged, each row's indices offset by the row's start; along
    a later axis, of the rows' values."""
    if axis == 0:
        return indices.with_flat_values(indexing_ops.gather(params, indices.flat_values))
    if axis > 1:
        if not isinstance(params, RaggedTensor):
            params = RaggedTensor.from_tensor(params, ragged_rank=1,
                                              row_splits_dtype=indices.row_splits.dtype)
        return params.with_values(_gather_ragged_indices(params.values, indices, axis - 1))
    if isinstance(params, RaggedTensor):
        flat, starts = params.values, cast_ops.cast(params.row_starts(), indices.dtype)
    else:
        dims = params.shape.as_list()
        flat = manip_ops.reshape(params, [-1] + dims[2:])
        starts = array_ops.range(dims[0], dtype=indices.dtype) * dims[1]
    starts = manip_ops.reshape(starts, [-1] + [1] * indices.shape.rank)
    return _gather_ragged_indices(flat, indices + starts, 0)


def _flat(fn):
    """An override applying `fn` to the flat values (in the same row partitions)."""
    def override(x, *args, **kwargs):
        return x.with_flat_values(fn(x.flat_values, *args, **kwargs))
    return override


def _bitcast(input, type, name=None):
    """tf.bitcast of a RaggedTensor: of its flat values (TF's override, with its check)."""
    type = dtypes.as_dtype(type)
    if input.dtype.size < type.size and input.flat_values.shape.rank < 2:
        raise ValueError(f"`input.flat_values` is required to have rank >= 2 when "
                         f"input.dtype.size < type.size. Actual rank: "
                         f"{input.flat_values.shape.rank}")
    return input.with_flat_values(bitcast_ops.bitcast(input.flat_values, type))


def _size(input, out_type=dtypes.int32, name=None):
    return array_ops.size(input.flat_values, out_type)


def _rank(input, name=None):
    return constant(input.shape.rank, dtypes.int32)


def _shape(input, out_type=dtypes.int32, name=None):
    return DynamicRaggedShape(input, out_type)


def _add_n(inputs, name=None):
    """tf.math.add_n of RaggedTensors (of the same row partitions): of their flat values."""
    return map_flat_values(arithmetic_ops.add_n, list(inputs))


def _join(inputs, separator="", name=None):
    """tf.strings.join of RaggedTensors (of the same row partitions; scalars broadcast)."""
    return map_flat_values(string_text_ops.join, list(inputs), separator)


def _dropout(x, rate, noise_shape=None, seed=None, name=None):
    if noise_shape is not None:
        raise ValueError("noise_shape is not supported yet for RaggedTensor x")
    return x.with_flat_values(nn_ops.dropout(x.flat_values, rate=rate, seed=seed))


_OVERRIDES = [
    (manip_ops.concat, ragged_concat_ops.concat),
    (manip_ops.stack, ragged_concat_ops.stack),
    (manip_ops.identity, _flat(manip_ops.identity)),
    (manip_ops.stop_gradient, _flat(manip_ops.stop_gradient)),
    (bitcast_ops.bitcast, _bitcast),
    (manip_ops.expand_dims, ragged_array_ops.expand_dims),
    (array_ops.zeros_like, _flat(array_ops.zeros_like)),
    (array_ops.ones_like, _flat(array_ops.ones_like)),
    (array_ops.size, _size),
    (array_ops.rank, _rank),
    (array_ops.shape, _shape),
    (manip_ops.tile, ragged_array_ops.tile),
    (manip_ops.reverse, ragged_array_ops.reverse),
    (manip_ops.squeeze, ragged_array_ops.squeeze),
    (array_ops.one_hot, ragged_array_ops.one_hot),
    (manip_ops.reshape, ragged_array_ops.reshape),
    (manip_ops.split, ragged_array_ops.split),
    (indexing_ops.where, ragged_array_ops.where),
    (indexing_ops.gather_nd, ragged_array_ops.gather_nd),
    (arithmetic_ops.add_n, _add_n),
    (string_text_ops.join, _join),
    (nn_ops.dropout, _dropout),
    (nn_ops.softmax, ragged_math_ops.softmax),
    (normalization_ops.moments, lambda x, axes, shift=None, keepdims=False, name=None:
        normalization_ops.composed_moments(x, axes, keepdims)),
    (reduction_ops.cumsum, ragged_math_ops.cumsum),
    (reduction_ops.reduce_variance, ragged_math_ops.reduce_variance),
    (reduction_ops.reduce_std, ragged_math_ops.reduce_std),
    (reduction_ops.reduce_logsumexp, ragged_math_ops.reduce_logsumexp),
    (string_conversion_ops.format, ragged_string_ops.string_format),
    (indexing_ops.gather, _gather),
    (cast_ops.cast, _flat(cast_ops.cast)),
    (UNARY_ELEMENTWISE, lambda api, x, *args, **kwargs: x.with_flat_values(
        api(x.flat_values, *args, **kwargs))),
    (BINARY_ELEMENTWISE, lambda api, x, y, *args, **kwargs: elementwise(
        lambda a, b: api(a, b, *args, **kwargs))(x, y)),
    (REDUCTION, lambda api, input_tensor, axis=None, keepdims=False, name=None:
        ragged_reduce(api, api.op.name, input_tensor, axis, keepdims)),
]

_OVERRIDES += [(api, ragged_math_ops.unsorted_segment(api.__wrapped__)) for api in (
    segment_ops.unsorted_segment_sum, segment_ops.unsorted_segment_prod,
    segment_ops.unsorted_segment_max, segment_ops.unsorted_segment_min,
    segment_ops.unsorted_segment_mean, segment_ops.unsorted_segment_sqrt_n)]

for _api, _override in _OVERRIDES:
    register(_api, RaggedTensor, _override)
