"""The reductions (tf.reduce_sum, _mean, _max, _min, _prod, _all, _any, _variance,
_std), unsorted segment ops, softmax and cumsum of a tf.RaggedTensor, as TF's
ragged_math_ops computes them: a ragged axis is reduced by unsorted segment ops over the
value rows (axis 1) or the positions within the rows (axis 0); inner axes reduce the
values; reduce_mean is the sum over the count."""
from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from . import (arithmetic_ops, array_ops, cast_ops, indexing_ops, manip_ops, nn_ops,
               reduction_ops, segment_ops, unary_ops)
from .ragged_tensor import RaggedTensor, _positive_axis

_SEGMENT = {"Sum": segment_ops.unsorted_segment_sum, "Prod": segment_ops.unsorted_segment_prod,
            "Max": segment_ops.unsorted_segment_max, "Min": segment_ops.unsorted_segment_min}


def ragged_reduce(dense_reduce, op_name, rt, axis=None, keepdims=False):
    """`dense_reduce` (the tf.math.reduce_* of op `op_name`) of the RaggedTensor `rt`."""
    api = "tf.math.reduce_" + op_name.lower()
    if op_name in ("All", "Any"):   # (TF's: the product or sum of the values as int32)
        as_int = rt.with_flat_values(cast_ops.cast(rt.flat_values, dtypes.int32))
        total = ragged_reduce(*((reduction_ops.reduce_prod, "Prod") if op_name == "All" else
                                (reduction_ops.reduce_sum, "Sum")), as_int, axis, keepdims)
        return cast_ops.cast(total, dtypes.bool)
    if op_name == "Mean":
        total = ragged_reduce(reduction_ops.reduce_sum, "Sum", rt, axis, keepdims)
        ones = rt.with_flat_values(array_ops.ones_like(rt.flat_values))
        count = ragged_reduce(reduction_ops.reduce_sum, "Sum", ones, axis, keepdims)
        return total / count
    if op_name not in _SEGMENT:   # (TF dispatches no other reduction: it converts rt)
        raise dtypes.unsupported_value_error(rt)
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
    # Row i of the result: the element-wise reduction of row i's rows.
    return _segment_rows(segment, inner, rt.value_rowids(), rt.nrows())


def _segment_rows(segment, rt, ids, n):
    """Row j: `segment` (an unsorted segment op) of the rows i of `rt` with ids[i] == j,
    element-wise by position (as wide as the widest of them)."""
    ids = cast_ops.cast(ids, rt.row_splits_dtype)
    widths = segment_ops.unsorted_segment_max(rt.row_lengths(), ids, n)
    widths = arithmetic_ops.maximum(widths, constant(0, widths.dtype))
    starts = reduction_ops.cumsum(widths, exclusive=True)
    positions = manip_ops.repeat(indexing_ops.gather(starts, ids),
                                 rt.row_lengths()) + _columns(rt)
    values = segment(rt.values, positions, reduction_ops.reduce_sum(widths))
    return RaggedTensor.from_row_lengths(values, widths, validate=False)


def unsorted_segment(segment):
    """TF's ragged tf.math.unsorted_segment_* (`segment`, the dense op): ragged data and
    dense ids combine the rows by position; ragged ids segment the flat values."""
    def override(data, segment_ids, num_segments, name=None):
        if isinstance(segment_ids, RaggedTensor):
            if not isinstance(data, RaggedTensor):
                raise NotImplementedError("tfcompat: tf.math.unsorted_segment_* of dense "
                                          "data and ragged segment_ids")
            return segment(data.flat_values, segment_ids.flat_values, num_segments)
        ids = convert_to_tensor(segment_ids)
        if ids.shape.rank != 1 or isinstance(data.values, RaggedTensor):
            raise NotImplementedError("tfcompat: tf.math.unsorted_segment_* of a "
                                      "tf.RaggedTensor supports 1-D segment_ids and "
                                      "ragged_rank 1 only")
        n = cast_ops.cast(num_segments, data.row_splits_dtype)
        return _segment_rows(segment, data, ids, n)
    return override


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_variance of a RaggedTensor (TF's: the mean of the squares less the
    square of the mean, clipped at 0)."""
    if input_tensor.dtype.is_complex:
        raise ValueError("reduce_variance is not supported for RaggedTensors with complex "
                         "dtypes.")
    squares = input_tensor.with_flat_values(unary_ops.square(input_tensor.flat_values))
    mean_of_square = ragged_reduce(reduction_ops.reduce_sum, "Mean", squares, axis, keepdims)
    mean = ragged_reduce(reduction_ops.reduce_sum, "Mean", input_tensor, axis, keepdims)
    return arithmetic_ops.maximum(mean_of_square - unary_ops.square(mean), 0)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_std of a RaggedTensor: the square root of its variance."""
    return unary_ops.sqrt(reduce_variance(input_tensor, axis, keepdims))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_logsumexp of a RaggedTensor, composed of the ragged ops as TF's
    reduce_logsumexp is: log(sum(exp(x - max))) + max, a non-finite max taken as 0."""
    raw_max = reduction_ops.reduce_max(input_tensor, axis=axis, keepdims=True)
    my_max = array_ops.stop_gradient(indexing_ops.where(
        unary_ops.is_finite(raw_max), raw_max, array_ops.zeros_like(raw_max)))
    result = unary_ops.log(reduction_ops.reduce_sum(
        unary_ops.exp(input_tensor - my_max), axis=axis, keepdims=keepdims))
    if not keepdims:
        my_max = manip_ops.reshape(my_max, array_ops.shape(result))
    return result + my_max


def softmax(logits, axis=None, name=None):
    """tf.nn.softmax of a RaggedTensor (TF's: exp(x - max) over its sum along `axis`)."""
    axis = -1 if axis is None else axis
    rank = logits.shape.rank
    axis = axis + rank if axis < 0 else axis
    if axis > logits.ragged_rank:
        return logits.with_flat_values(nn_ops.softmax(logits.flat_values,
                                                      axis - logits.ragged_rank))
    if axis != rank - 1 or isinstance(logits.values, RaggedTensor):
        raise NotImplementedError("tfcompat: tf.nn.softmax of a tf.RaggedTensor along an "
                                  "axis other than its innermost (ragged) one")
    rows, nrows = logits.value_rowids(), logits.nrows()
    top = segment_ops.unsorted_segment_max(logits.values, rows, nrows)
    exps = unary_ops.exp(logits.values - indexing_ops.gather(top, rows))
    total = segment_ops.unsorted_segment_sum(exps, rows, nrows)
    return logits.with_values(exps / indexing_ops.gather(total, rows))


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """tf.math.cumsum of a RaggedTensor (TF's ragged_cumsum): along its last ragged axis
    within each row, along a uniform axis on the flat values, else on the padded dense
    tensor."""
    axis = _positive_axis(axis, x.shape.rank, "axis")
    if axis > x.ragged_rank:
        return x.with_flat_values(reduction_ops.cumsum(
            x.flat_values, axis - x.ragged_rank, exclusive=exclusive, reverse=reverse))
    if axis < x.ragged_rank:
        dense = reduction_ops.cumsum(x.to_tensor(), axis, exclusive=exclusive,
                                     reverse=reverse)
        return RaggedTensor.from_tensor(dense, lengths=x.nested_row_lengths())
    last = x
    while isinstance(last.values, RaggedTensor):
        last = last.values
    return x.with_flat_values(_cumsum_in_rows(last, x.flat_values, exclusive, reverse))


def _cumsum_in_rows(last, flat, exclusive, reverse):
    """TF's _cumsum_flat_values_at_ragged_rank (the running sums within the rows of the
    innermost partition `last`)."""
    if not exclusive:
        return _cumsum_in_rows(last, flat, True, reverse) + flat
    rows = last.value_rowids()
    sums = reduction_ops.cumsum(flat, exclusive=True, reverse=reverse)
    first = (indexing_ops.gather(last.row_splits, rows + 1) - 1 if reverse
             else indexing_ops.gather(last.row_splits, rows))
    return sums - indexing_ops.gather(sums, first)


def _columns(rt):
    """Each value's position within its row."""
    positions = array_ops.range(array_ops.shape(rt.values, out_type=rt.row_splits_dtype)[0])
    return positions - manip_ops.repeat(rt.row_splits[:-1], rt.row_lengths())


def _widest(lengths):
    return reduction_ops.reduce_max(manip_ops.concat([lengths, constant([0], lengths.dtype)],
                                                     0))
