"""The reductions (tf.reduce_sum, _mean, _max, _min, _prod) of a tf.RaggedTensor, as TF's
ragged_math_ops computes them: a ragged axis is reduced by unsorted segment ops over the
value rows (axis 1) or the positions within the rows (axis 0); inner axes reduce the
values; reduce_mean is the sum over the count."""
from ..framework.constant_op import constant
from . import (arithmetic_ops, array_ops, indexing_ops, manip_ops, reduction_ops,
               segment_ops)
from .ragged_tensor import RaggedTensor

_SEGMENT = {"Sum": segment_ops.unsorted_segment_sum, "Prod": segment_ops.unsorted_segment_prod,
            "Max": segment_ops.unsorted_segment_max, "Min": segment_ops.unsorted_segment_min}


def ragged_reduce(dense_reduce, op_name, rt, axis=None, keepdims=False):
    """`dense_reduce` (the tf.math.reduce_* of op `op_name`) of the RaggedTensor `rt`."""
    api = "tf.math.reduce_" + op_name.lower()
    if op_name == "Mean":
        total = ragged_reduce(reduction_ops.reduce_sum, "Sum", rt, axis, keepdims)
        ones = rt.with_flat_values(array_ops.ones_like(rt.flat_values))
        count = ragged_reduce(reduction_ops.reduce_sum, "Sum", ones, axis, keepdims)
        return total / count
    if op_name not in _SEGMENT:
        raise NotImplementedError(f"tfcompat: {api} of a tf.RaggedTensor")
    if axis is None:
        return dense_reduce(rt.flat_values, keepdims=keepdims)
    rank = rt.shape.rank
    axes = set()
    for a in axis if isinstance(axis, (list, tuple)) else [axis]:
        a = int(a)
        if not -rank <= a < rank:
            raise ValueError(f"axis={a} out of bounds: expected {-rank}<=axis<{rank}")
        axes.add(a + rank if a < 0 else a)
    axes = sorted(axes, reverse=True)
    result = rt
    for a in axes:
        if isinstance(result, RaggedTensor):
            result = _reduce_axis(dense_reduce, op_name, api, result, a)
        else:
            result = dense_reduce(result, axis=a)
    if keepdims:
        if isinstance(result, RaggedTensor):
            raise NotImplementedError(f"tfcompat: {api} of a tf.RaggedTensor with keepdims "
                                      "and a ragged result")
        for a in sorted(axes):
            result = manip_ops.expand_dims(result, a)
    return result


def _reduce_axis(dense_reduce, op_name, api, rt, axis):
    segment = _SEGMENT[op_name]
    if axis > 1:
        values = rt.values
        reduced = (_reduce_axis(dense_reduce, op_name, api, values, axis - 1)
                   if isinstance(values, RaggedTensor) else dense_reduce(values, axis=axis - 1))
        return rt.with_values(reduced)
    if axis == 0:
        if isinstance(rt.values, RaggedTensor):
            raise NotImplementedError(f"tfcompat: {api} of a tf.RaggedTensor of ragged_rank "
                                      "> 1 along axis 0")
        return segment(rt.values, _columns(rt), _widest(rt.row_lengths()))
    inner = rt.values
    if not isinstance(inner, RaggedTensor):
        return segment(inner, rt.value_rowids(), rt.nrows())
    if isinstance(inner.values, RaggedTensor):
        raise NotImplementedError(f"tfcompat: {api} of a tf.RaggedTensor of ragged_rank > 2 "
                                  "along axis 1")
    # Row i of the result: the element-wise reduction of row i's rows (as wide as the
    # widest of them).
    outer_rows = rt.value_rowids()
    widths = segment_ops.unsorted_segment_max(inner.row_lengths(), outer_rows, rt.nrows())
    widths = arithmetic_ops.maximum(widths, constant(0, widths.dtype))
    starts = reduction_ops.cumsum(widths, exclusive=True)
    ids = manip_ops.repeat(indexing_ops.gather(starts, outer_rows),
                           inner.row_lengths()) + _columns(inner)
    values = segment(inner.values, ids, reduction_ops.reduce_sum(widths))
    return RaggedTensor.from_row_lengths(values, widths, validate=False)


def _columns(rt):
    """Each value's position within its row."""
    positions = array_ops.range(array_ops.shape(rt.values, out_type=rt.row_splits_dtype)[0])
    return positions - manip_ops.repeat(rt.row_splits[:-1], rt.row_lengths())


def _widest(lengths):
    return reduction_ops.reduce_max(manip_ops.concat([lengths, constant([0], lengths.dtype)],
                                                     0))
