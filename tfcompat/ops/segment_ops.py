"""tf.math.segment_* and unsorted_segment_*, bincount and confusion_matrix.

Segment ids are checked as TF's kernels check them: eagerly at once, inside a tf.function
when it runs (a host callback). The output size must be static: sorted segment ops,
bincount without equal minlength/maxlength and confusion_matrix without num_classes need
concrete values (outside a tf.function, or constants in it); with values computed inside
a tf.function they raise a TypeError naming the op (TF gives an unknown shape). Ties of
segment max/min share the gradient, as TF's; segment prod uses TF's gradient (finite
where the data has zeros).
"""
import re
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, host_callback, value_bounds
from ..framework.context import ctx
from ..framework.composite_dispatch import dispatchable
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from . import arithmetic_ops, unary_ops
from . import op_args
from .math_common import raise_on_gradient, shape_list
from .op_args import dims, int32_scalar, kernel_error, static_int
from .op_args import checked_attr, concrete, traced



def _gather(out, ids):
    """out[ids], with ids that are out of range (dropped ids) giving zeros."""
    ok = (ids >= 0) & (ids < out.shape[0])
    g = out[jnp.clip(ids, 0, max(out.shape[0] - 1, 0))]
    return jnp.where(ok.reshape(ok.shape + (1,) * (g.ndim - ok.ndim)), g, jnp.zeros_like(g))


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _prod(data, ids, n):
    return jax.ops.segment_prod(data, ids, n)


def _prod_fwd(data, ids, n):
    out = _prod(data, ids, n)
    return out, (data, ids, out)


def _prod_bwd(n, res, g):
    # TF's UnsortedSegmentProdGrad.
    data, ids, out = res
    zero = data == 0
    zeros = jax.ops.segment_sum(zero.astype(jnp.int32), ids, n)
    g = jnp.where(zeros > 1, jnp.zeros_like(g), g)
    nonzero = jnp.where(zero, jnp.ones_like(data), data)
    nonzero_prod = jax.ops.segment_prod(nonzero, ids, n)
    partial = jnp.where(zero, _gather(nonzero_prod, ids), _gather(out, ids) / nonzero)
    return _gather(g, ids) * jnp.conj(partial), None


_prod.defvjp(_prod_fwd, _prod_bwd)


def _extreme(reduce, empty):
    def fn(data, ids, n):
        out = reduce(data, ids, n)
        if empty == "zero":  # sorted segment max/min: empty segments give 0
            count = jax.ops.segment_sum(jnp.ones_like(ids), ids, n)
            count = count.reshape(count.shape + (1,) * (out.ndim - 1))
            return jnp.where(count > 0, out, jnp.zeros_like(out))
        return out
    return fn


@jax.custom_jvp
def _flip_zero(x, flip):
    """-x where `flip`, with the gradient of x (flips only the sign of zeros)."""
    return jnp.where(flip, -x, x)


_flip_zero.defjvp(lambda primals, tangents: (_flip_zero(*primals), tangents[0]))


def _after_last_nan(reduce, which):
    """TF's segment max/min of floats: a nan replaces the running value and the next
    element replaces it, so a segment gives the extreme of what follows its last nan (nan
    if it ends in one)."""
    def fn(data, ids, n):
        if not jnp.issubdtype(data.dtype, jnp.floating):
            return reduce(data, ids, n)
        data = data.reshape((ids.size,) + data.shape[ids.ndim:])
        ids = ids.reshape(-1)
        pos = lax.broadcasted_iota(jnp.int64, data.shape, 0)
        last = jax.ops.segment_max(jnp.where(jnp.isnan(data), pos, -1), ids, n)
        after = pos > last[ids]
        skip = jnp.asarray(-jnp.inf if which == "max" else jnp.inf, data.dtype)
        out = reduce(jnp.where(after, data, skip), ids, n)
        # Of equal values the later wins in TF: a zero result has the sign of the last zero
        last_zero = jax.ops.segment_max(jnp.where(after & (data == 0), pos, -1), ids, n)
        sign = jnp.signbit(jnp.take_along_axis(data, jnp.maximum(last_zero, 0), axis=0))
        out = _flip_zero(out, (last_zero >= 0) & (out == 0) & (sign != jnp.signbit(out)))
        ends_nan = (last >= 0) & (jax.ops.segment_sum(after.astype(jnp.int32), ids, n) == 0)
        return jnp.where(ends_nan, jnp.asarray(jnp.nan, data.dtype), out)
    return fn


def _lowest_or_highest(reduce, which):
    def fn(data, ids, n):
        out = reduce(data, ids, n)
        if jnp.issubdtype(data.dtype, jnp.floating):
            # JAX fills with -inf/inf; TF with the finite lowest/highest value.
            info = jnp.finfo(data.dtype)
            fill = info.min if which == "max" else info.max
            count = jax.ops.segment_sum(jnp.ones_like(ids), ids, n)
            count = count.reshape(count.shape + (1,) * (out.ndim - 1))
            return jnp.where(count > 0, out, jnp.asarray(fill, data.dtype))
        return out
    return fn


def _count(data, ids, n):
    c = jax.ops.segment_sum(jnp.ones(ids.shape, data.dtype), ids, n)
    return c.reshape(c.shape + (1,) * (data.ndim - ids.ndim))


def _mean(data, ids, n):
    total = jax.ops.segment_sum(data, ids, n)
    c = _count(data, ids, n)
    safe = jnp.maximum(c, jnp.ones_like(c))
    if jnp.issubdtype(data.dtype, jnp.integer):
        return total // safe
    # (a true division, as TF's: see _sqrt_n)
    return total / jax.lax.optimization_barrier(jnp.broadcast_to(safe, total.shape))


def _true_mean(data, ids, n):
    """TF's unsorted_segment_mean: of ints, a true division of the sum by the count."""
    if jnp.issubdtype(data.dtype, jnp.integer):
        wide = jnp.float32 if data.dtype.itemsize < 4 else jnp.float64
        total = jax.ops.segment_sum(data, ids, n).astype(wide)
        return total / jnp.maximum(_count(data, ids, n), 1).astype(wide)
    return _mean(data, ids, n)


def _sqrt_n(data, ids, n):
    total = jax.ops.segment_sum(data, ids, n)
    c = _count(data, ids, n)
    # TF divides element by element by the square root; XLA would rewrite that as a
    # product by rsqrt, or by the reciprocal of a broadcast divisor, which rounds
    # differently (the barrier keeps the division).
    root = jnp.broadcast_to(jnp.sqrt(jnp.maximum(c, jnp.ones_like(c))), total.shape)
    return total / jax.lax.optimization_barrier(root)


def _flat(fn, name):
    """fn over ids of any rank: data's leading dims matching ids are flattened. With the
    `checked` attribute (inside a tf.function) ids >= n raise TF's error when it runs."""
    def apply(data, ids, n, checked=False):
        out = fn(data.reshape((-1,) + data.shape[ids.ndim:]), ids.reshape(-1), n)
        if checked:
            out = host_callback.checked(out, functools.partial(_range_error, name, n), ids)
        return out
    return apply


def _range_error(name, n, ids, suffix=None):
    """TF's UnsortedSegment* check: every id below num_segments `n` (the first that is not
    named by its index in `ids`, of any rank)."""
    ids = np.asarray(ids)
    bad = np.nonzero(ids.reshape(-1) >= n)[0]
    if bad.size:
        index = ",".join(str(int(i)) for i in np.unravel_index(bad[0], ids.shape))
        return kernel_error(name, f"segment_ids[{index}] = {ids.reshape(-1)[bad[0]]} is out of "
                                  f"range [0, {n})", suffix)
    return None


def _api(name):
    """TF's public name of segment op `name`: SegmentSum -> tf.math.segment_sum."""
    return "tf.math." + re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _segment_op(name, fn):
    """A segment op; its dtype checks are those of its OpDef (tf.math.unsorted_segment_mean
    and _sqrt_n, which TF composes of other ops, have none: see _unsorted)."""
    return Op(name, _flat(fn, name))


def _checked(op, data, segment_ids):
    data, ids = to_tensor(data), to_tensor(segment_ids)
    check_dtype(op, data)
    if ids.dtype._tf_name not in op.spec.allowed("Tindices"):
        raise op_args.attr_error(op.name, "Tindices", ids.dtype, name="")
    return data, ids


def _num_segments(op, value, suffix, floats):
    """num_segments as a Python int, converted as TF converts it (int32 by default), with
    TF's errors for other dtypes and for non-scalars. `floats`: a Python float becomes a
    float32 tensor (TF's composed ops and its slow path), else it raises TypeError."""
    if isinstance(value, (Tensor, Variable, str)) or (floats and isinstance(value, float)):
        dt = (dtypes.string if isinstance(value, str) else dtypes.float32
              if isinstance(value, float) else value.dtype)
        if dt.name not in op.spec.allowed("Tnumsegments"):
            raise op_args.attr_error(op.name, "Tnumsegments", dt, name=suffix)
    if np.ndim(getattr(value, "_value", value)):
        raise kernel_error(op.name, f"num_segments should be a scalar, not shape "
                                    f"{dims(np.shape(getattr(value, '_value', value)))}", suffix)
    return int32_scalar(value, op.name, "{}", _api(op.name), "num_segments")


def _sorted(name, fn):
    op = _segment_op(name, fn)

    def public(data, segment_ids, name=None):
        data, ids = _checked(op, data, segment_ids)
        v = concrete(ids, _api(op.name), "segment_ids (the number of segments)")
        if v.ndim != 1 or data.ndim < 1 or v.shape[0] != data._value.shape[0]:
            raise kernel_error(op.name, "segment_ids should be the same size as dimension 0 "
                                        "of input.")
        n = int(v[-1]) + 1 if v.size else 0
        if v.size and np.any(np.diff(v) < 0):
            raise kernel_error(op.name, "segment ids are not increasing")
        if v.size and v[0] < 0:
            raise kernel_error(op.name, f"Segment id {v[0]} out of range [0, {n}), possibly "
                                        f"because 'segment_ids' input is not sorted.")
        return execute(op, (data, ids), (("n", n),))
    public.op = op
    return public


def _unsorted(name, fn, composed=None):
    """An unsorted segment op; `composed` (mean, sqrt_n): TF's Python composes it of
    UnsortedSegmentSum (whose checks and errors it has) and the ops named there."""
    op = _segment_op(name, fn)
    check = op if composed is None else unsorted_segment_sum.op

    @dispatchable("data", "segment_ids")
    def public(data, segment_ids, num_segments, name=None):
        # TF's fast path (tensors and arrays) ends its kernels' messages with " name: ";
        # a Python list argument takes its slow path, whose messages do not.
        suffix = None if composed is None and (isinstance(data, (list, tuple)) or
                                               isinstance(segment_ids, (list, tuple))) else ""
        data, ids = _checked(check, data, segment_ids)
        for then in composed or ():
            check_dtype(then, data)
        n = _num_segments(check, num_segments, None if composed is None and isinstance(
            num_segments, (list, tuple, str)) else suffix, composed or suffix is None)
        if n < 0:
            raise kernel_error(check.name, f"Input num_segments == {n} must not be negative.",
                               suffix)
        shape, ishape = data._value.shape, ids._value.shape
        if shape[:len(ishape)] != ishape:
            raise kernel_error(check.name, f"data.shape = {shape_list(shape)} does not start "
                                           f"with segment_ids.shape = {shape_list(ishape)}",
                               suffix)
        attrs = (("n", n),) + checked_attr(
            functools.partial(_range_error, check.name, n, suffix=suffix), ids)
        return execute(op, (data, ids), attrs)
    public.op = op
    return public


segment_sum = _sorted("SegmentSum", jax.ops.segment_sum)
segment_mean = _sorted("SegmentMean", _mean)
segment_prod = _sorted("SegmentProd", _prod)
_segment_max = _after_last_nan(jax.ops.segment_max, "max")
_segment_min = _after_last_nan(jax.ops.segment_min, "min")
segment_max = _sorted("SegmentMax", _extreme(_segment_max, "zero"))
segment_min = _sorted("SegmentMin", _extreme(_segment_min, "zero"))
unsorted_segment_sum = _unsorted("UnsortedSegmentSum", jax.ops.segment_sum)
unsorted_segment_prod = _unsorted("UnsortedSegmentProd", _prod)
unsorted_segment_max = _unsorted("UnsortedSegmentMax",
                                 _lowest_or_highest(_segment_max, "max"))
unsorted_segment_min = _unsorted("UnsortedSegmentMin",
                                 _lowest_or_highest(_segment_min, "min"))
unsorted_segment_mean = _unsorted("UnsortedSegmentMean", _true_mean,
                                  composed=(arithmetic_ops.maximum.op,))
unsorted_segment_sqrt_n = _unsorted("UnsortedSegmentSqrtN", _sqrt_n,
                                    composed=(arithmetic_ops.maximum.op, unary_ops.sqrt.op))


# -- bincount, confusion_matrix -------------------------------------------------------------

def _bincount(v, w, size, binary, dtype, checked=False):
    """Counts (sums of weights `w`, or ones when `w` is None) of the values of `v` in
    [0, size), per row of a 2-D `v` (axis=-1). Values >= size are dropped, as in TF."""
    if w is None:
        w = jnp.ones(v.shape, dtype)
    rows = v.reshape(-1, v.shape[-1]) if v.ndim > 1 else v.reshape(1, -1)
    w = w.reshape(rows.shape)
    keep = (rows >= 0) & (rows < size)
    out = jnp.zeros((rows.shape[0], size), w.dtype).at[
        jnp.arange(rows.shape[0])[:, None], jnp.where(keep, rows, 0)].add(
        jnp.where(keep, w, jnp.zeros_like(w)))
    if binary:
        out = (out > 0).astype(w.dtype)
    out = out.reshape(v.shape[:-1] + (size,)) if v.ndim > 1 else out[0]
    if checked:
        out = host_callback.checked(out, _negative_error, v)
    return out


def _negative_error(v):
    if v.size and v.min() < 0:
        return errors.op_error(errors.InvalidArgumentError, "DenseBincount",
                               "Input arr must be non-negative!", kernel="DenseBincount")
    return None


_NO_BINCOUNT_GRADIENT = LookupError("gradient registry has no entry for: DenseBincount")
_bincount_op = Op("DenseBincount", raise_on_gradient(_bincount, _NO_BINCOUNT_GRADIENT))
_bincount_unweighted_op = Op("DenseBincount",
                             lambda v, **attrs: _bincount(v, None, **attrs),
                             differentiable=False)


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32,
             name=None, axis=None, binary_output=False):
    """tf.math.bincount for dense inputs (axis None or -1); no gradient (TF's LookupError).
    Inside a tf.function, values computed there need minlength == maxlength (a static
    size)."""
    from .array_ops import reshape
    from .cast_ops import cast
    x = to_tensor(arr)
    if not x.dtype.is_integer:   # TF casts other values to int32
        x = cast(x, dtypes.int32)
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently "
                         f"supported.")
    lo = None if minlength is None else static_int(minlength, "tf.math.bincount", "minlength")
    hi = None if maxlength is None else static_int(maxlength, "tf.math.bincount", "maxlength")
    # (static where minlength == maxlength, or where the trace bounds every value below
    # minlength: the size is minlength then)
    bound = value_bounds.upper_bound(ctx.traces[-1].graph, x) \
        if lo is not None and traced(x) and ctx.traces else None
    if axis is None or axis == 0:
        x = EagerTensor(x._value.reshape(-1))
    if traced(x) and lo is not None and (hi is None or hi >= lo) and bound is not None and \
            bound < lo:
        size = lo
    elif traced(x) and lo is not None and hi is not None and lo >= hi:
        size = hi
    else:   # (the values of a traced `arr` where its trace knows them)
        v = concrete(x, "tf.math.bincount", "arr (give minlength == maxlength for a static "
                                            "size)").astype(np.int64)
        size = int(v.max()) + 1 if v.size else 0
        size = size if lo is None else max(size, lo)
        size = size if hi is None else min(size, hi)
    attrs = (("size", size), ("binary", bool(binary_output)),
             ("dtype", dtypes.as_dtype(dtype)._np)) + checked_attr(_negative_error, x)
    if weights is None:
        return execute(_bincount_unweighted_op, (x,), attrs)
    w = to_tensor(weights)
    w = reshape(w, [-1]) if axis is None or axis == 0 else w
    if not w._value.size:   # TF: a length-0 `weights` weighs every value 1
        w = EagerTensor(jnp.ones(x._value.shape, w._value.dtype))
    if w._value.shape != x._value.shape:
        raise kernel_error("DenseBincount", "`weights` must be the same shape as `arr` or a "
                                            "length-0 `Tensor`, in which case it acts as all "
                                            f"weights equal to 1. Received {dims(w.shape)}", "")
    return execute(_bincount_op, (x, w), attrs)


def _confusion(labels, predictions, weights, n, checked=False):
    out = jnp.zeros((n, n), weights.dtype).at[labels, predictions].add(weights, mode="drop")
    if checked:
        out = host_callback.checked(out, functools.partial(_class_error, n), labels,
                                    predictions)
    return out


def _class_error(n, labels, predictions):
    """TF's assertions of confusion_matrix: values >= 0 and (given num_classes) < n."""
    for what, v in (("labels", labels), ("predictions", predictions)):
        if np.any(v < 0):
            return errors.InvalidArgumentError(
                None, None,
                f"`{what}` contains negative values.  \nCondition x >= 0 did not hold "
                f"element-wise:\nx (shape={v.shape} dtype=int64) = \n"
                f"{[str(e) for e in v.reshape(-1).tolist()]}")
    for what, v in (("labels", labels), ("predictions", predictions)):
        if n is not None and np.any(v >= n):
            return errors.InvalidArgumentError(
                None, None,
                f"`{what}` out of bound\nCondition x < y did not hold.\nFirst {v.size} "
                f"elements of x:\n[{' '.join(map(str, v.reshape(-1).tolist()))}]\n"
                f"First 1 elements of y:\n[{n}]")
    return None


_confusion_op = Op("ConfusionMatrix", _confusion)


def confusion_matrix(labels, predictions, num_classes=None, weights=None,
                     dtype=dtypes.int32, name=None):
    """tf.math.confusion_matrix: counts[label, prediction] (weighted; differentiable in
    float weights, as TF's scatter_nd of them). Inside a tf.function, values computed
    there need num_classes."""
    from .array_ops import stack
    from .cast_ops import cast
    lv = cast(to_tensor(labels), dtypes.int64)
    pv = cast(to_tensor(predictions), dtypes.int64)
    stack([lv, pv])  # TF's shape check
    out_dtype = dtypes.as_dtype(dtype)
    w = (EagerTensor(jnp.ones(lv._value.shape, out_dtype._np)) if weights is None
         else cast(to_tensor(weights), out_dtype))
    if num_classes is None:
        lc = concrete(lv, "tf.math.confusion_matrix", "labels (give num_classes)")
        pc = concrete(pv, "tf.math.confusion_matrix", "predictions (give num_classes)")
        exc = _class_error(None, lc, pc)
        if exc is not None:
            raise exc
        n = int(max(lc.max(initial=-1), pc.max(initial=-1))) + 1
    else:
        n = static_int(num_classes, "tf.math.confusion_matrix", "num_classes")
    attrs = (("n", n),) + checked_attr(functools.partial(_class_error, n), lv, pv)
    return execute(_confusion_op, (lv, pv, w), attrs)
