"""tf.math reductions (reduce_*, count_nonzero), scans (cumsum, cumprod,
cumulative_logsumexp) and argmax/argmin."""
import functools
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, dtypes, errors
from ..framework.composite_dispatch import REDUCTION, dispatchable
from ..framework.dispatch import Op, check_dtype, execute, mismatch_error, to_tensor
from ..framework.rounding import unfused
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .eigen_reduce import eigen_sum, in_tf_order
from .math_common import exact_divide, reduction_axes
from .unary_ops import _exp, _log
from . import shape_inference
from .op_args import attr_error, static_int
from .op_scope import op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["argmax", "argmin", "cumsum", "reduce_all", "reduce_any", "reduce_logsumexp",
           "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum"]

def _mean(x, axis, keepdims):
    """TF's Mean: integers summed in 64 bits (uint64 and int64 wrap), divided truncating;
    bfloat16 summed and divided in float32; float32/64 and complex: the sum divided by the
    count."""
    if jnp.issubdtype(x.dtype, jnp.integer):
        wide = jnp.uint64 if x.dtype == jnp.uint64 else jnp.int64
        total = jnp.sum(x, axis=axis, keepdims=keepdims, dtype=wide)
        count = x.size // max(total.size, 1) if x.size else 1
        return lax.div(total, jnp.asarray(count, wide)).astype(x.dtype)
    if x.dtype == jnp.bfloat16:
        return jnp.mean(x, axis=axis, keepdims=keepdims, dtype=jnp.float32).astype(x.dtype)
    if x.dtype == jnp.float16 or not (isinstance(x.size, int) or in_tf_order(x, axis)):
        return jnp.mean(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    axes = range(x.ndim) if axis is None else axis
    count = int(np.prod([x.shape[a] for a in axes]))
    return _divide_by_count(_sum(x, axis, keepdims), count)


def _divide_by_count(total, count):
    """TF's MeanReducer: the sum divided by the count (IEEE division, not XLA's product
    with the count's reciprocal); complex parts each divided by it."""
    count = np.asarray(count, jnp.real(total).dtype)
    if jnp.issubdtype(total.dtype, jnp.complexfloating):
        return lax.complex(exact_divide(jnp.real(total), count),
                           exact_divide(jnp.imag(total), count))
    return exact_divide(total, count)


def _sum(x, axis, keepdims):
    # float32 and float64 in the order of TF's Eigen reducers (eigen_reduce.py). TF sums
    # bfloat16 in float32, rounding once (float16 it sums in float16, in an order of
    # Eigen's that this does not reproduce).
    if x.dtype in (jnp.float32, jnp.float64) and in_tf_order(x, axis):
        return eigen_sum(x, tuple(range(x.ndim)) if axis is None else tuple(axis), keepdims)
    wide = jnp.float32 if x.dtype == jnp.bfloat16 else x.dtype
    return jnp.sum(x, axis, wide, keepdims=keepdims).astype(x.dtype)


def _extreme(fn, initial):
    def reduce(x, axis, keepdims):
        if x.size:
            return fn(x, axis, keepdims=keepdims)
        # An empty reduction gives the identity: -inf/lowest for max, as TF.
        if jnp.issubdtype(x.dtype, jnp.inexact):
            init = -jnp.inf if initial == "min" else jnp.inf
        else:
            init = getattr(jnp.iinfo(x.dtype), initial)
        return fn(x, axis, keepdims=keepdims, initial=init)
    return reduce


def _variance(x, axis, keepdims):
    # TF: reduce_mean of |x - mean|^2, real for complex inputs.
    d = x - _mean(x, axis, True)
    sq = jnp.real(d * jnp.conj(d)) if jnp.issubdtype(x.dtype, jnp.complexfloating) else d * d
    return _mean(sq, axis, keepdims)


def _euclidean_norm(x, axis, keepdims):
    if jnp.issubdtype(x.dtype, jnp.integer):
        total = jnp.sum(x.astype(jnp.float64) ** 2, axis=axis, keepdims=keepdims)
        return jnp.sqrt(total).astype(x.dtype)
    return jnp.sqrt(jnp.sum(x * jnp.conj(x), axis=axis, keepdims=keepdims, dtype=x.dtype))


def _logsumexp(x, axis, keepdims):
    # TF's composite: the max is taken out (0 where it is not finite) without a gradient;
    # then TF's Exp, Sum and Log kernels (and their gradients).
    raw = jnp.max(x, axis=axis, keepdims=True, initial=-jnp.inf)
    m = lax.stop_gradient(jnp.where(jnp.isfinite(raw), raw, jnp.zeros_like(raw)))
    out = _log(_sum(_exp(x - m), axis, True)) + m
    return out if keepdims else jnp.squeeze(out, axis=axis)


def _unfused_input(fn):
    """A sum's kernel `fn` whose input is kept from fusing into it with the unfused_input
    attr (set inside a tf.function trace: XLA would compute a product feeding the sum and
    the sum as FMAs, where TF's separate kernels round the product first)."""
    def kernel(x, axis, keepdims, unfused_input=False):
        return fn(unfused(x) if unfused_input else x, axis, keepdims)
    kernel.__name__ = fn.__name__
    return kernel


def _reducer(name, fn, differentiable=True, traced_attrs=()):
    op = Op(name, fn, differentiable=differentiable, traced_attrs=traced_attrs)
    api = "tf.math.reduce_" + re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()

    @dispatchable("input_tensor", group=REDUCTION)
    def public(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        check_dtype(op, x)
        return execute(op, (x,), (("axis", reduction_axes(axis, x.ndim, op.name, api, x,
                                                          keepdims)),
                                  ("keepdims", bool(keepdims))))
    public.op = op
    return public


_UNFUSED = (("unfused_input", True),)
reduce_sum = _reducer("Sum", _unfused_input(_sum), traced_attrs=_UNFUSED)
reduce_prod = _reducer("Prod", lambda x, axis, keepdims: jnp.prod(x, axis, x.dtype,
                                                                   keepdims=keepdims))
reduce_mean = _reducer("Mean", _unfused_input(_mean), traced_attrs=_UNFUSED)
reduce_max = _reducer("Max", _extreme(jnp.max, "min"))
reduce_min = _reducer("Min", _extreme(jnp.min, "max"))
reduce_euclidean_norm = _reducer("EuclideanNorm", _euclidean_norm)
_all = _reducer("All", jnp.all, differentiable=False)
_any = _reducer("Any", jnp.any, differentiable=False)
_logsumexp_op = Op("Max", _logsumexp)


def _logical(public):
    @dispatchable("input_tensor", group=REDUCTION)
    def reduce(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        if not x.dtype.is_bool:
            raise mismatch_error(public.op.name, 0, dtypes.bool, x.dtype)
        return public(x, axis, keepdims)
    reduce.op = public.op
    return reduce


reduce_all = _logical(_all)
reduce_any = _logical(_any)


@dispatchable("input_tensor")
@op_scope("ReduceLogSumExp", names_last=True)
def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_logsumexp (an empty reduction gives -inf)."""
    from .unary_ops import is_finite
    x = to_tensor(input_tensor)
    check_dtype(reduce_max.op, x)
    check_dtype(is_finite.op, x)
    return execute(_logsumexp_op, (x,), (("axis", reduction_axes(
        axis, x.ndim, "Max", "tf.math.reduce_logsumexp")),
                                         ("keepdims", bool(keepdims))))


@dispatchable("input_tensor")
@op_scope("reduce_variance")
def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_variance (real for complex inputs; integers raise TypeError)."""
    x = to_tensor(input_tensor)
    check_dtype(reduce_mean.op, x)
    if x.dtype.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type "
                        f"{x.dtype}.")
    axes = reduction_axes(axis, x.ndim, "Mean", "tf.math.reduce_variance")
    # TF's composition (and so its gradient): the mean of the squared deviations, for
    # complex inputs real(conj(d) * d).
    from .arithmetic_ops import multiply, subtract
    from .unary_ops import conj, real, square
    diff = subtract(x, reduce_mean(x, axes, keepdims=True))
    squared = real(multiply(conj(diff), diff)) if x.dtype.is_complex else square(diff)
    return reduce_mean(squared, axes, keepdims=keepdims)


@dispatchable("input_tensor")
@op_scope("reduce_std")
def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """tf.math.reduce_std: the square root of reduce_variance."""
    from .unary_ops import sqrt
    return sqrt(reduce_variance(input_tensor, axis, keepdims))


@op_scope("count_nonzero")
def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None):
    """tf.math.count_nonzero, composed as TF's: the int64 sum of input != 0 (nan counts
    as nonzero), cast to `dtype`; not differentiable."""
    from .array_ops import zeros
    from .cast_ops import cast
    from .comparison_ops import not_equal
    x = to_tensor(input)
    axes = reduction_axes(axis, x.ndim, "Sum", "tf.math.count_nonzero")
    nonzero = cast(not_equal(x, zeros([], x.dtype)), dtypes.int64)
    return cast(reduce_sum(nonzero, axes, keepdims=bool(keepdims)), dtype)


# -- scans ----------------------------------------------------------------------------------

def _scan(fn, identity):
    def scan(x, axis, exclusive, reverse):
        if reverse:
            x = jnp.flip(x, axis)
        if exclusive:
            pad = [(0, 0)] * x.ndim
            pad[axis] = (1, 0)
            x = jnp.pad(x, pad, constant_values=identity)
            x = lax.slice_in_dim(x, 0, x.shape[axis] - 1, axis=axis)
        out = fn(x, axis)
        return jnp.flip(out, axis) if reverse else out
    return scan


def _in_order(op, identity, parallel):
    """A scan along an axis as TF's CPU kernel (Eigen's scan) computes it: one element
    at a time from `identity` with `op`, in the input's dtype (so -0.0 first sums to
    +0.0, as TF's). XLA's own scan (`parallel`) adds in a tree and accumulates float16
    wider, so its floats differ from TF's in the last bits; it stays for integers (exact
    in any order) and for ops placed on a GPU or TPU, where TF's kernels scan in parallel
    too."""
    def fn(x, axis):
        if not jnp.issubdtype(x.dtype, jnp.inexact) or x.shape[axis] < 2 or \
                not config.placed_on_cpu():
            return parallel(x, axis)
        moved = jnp.moveaxis(x, axis, 0)

        def step(carry, v):
            out = op(carry, v)
            return out, out
        # (behind a barrier: XLA's simplifier would drop the first 0 + x, keeping -0.0)
        start = lax.optimization_barrier(jnp.full(moved.shape[1:], identity, x.dtype))
        _, out = lax.scan(step, start, moved, unroll=8)
        return jnp.moveaxis(out, 0, axis)
    return fn


def _scan_cumprod(x, axis, exclusive, reverse):
    return _scan(_in_order(lax.mul, 1, lambda v, a: lax.cumprod(v, axis=a)), 1)(
        x, axis, exclusive, reverse)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2, 3))
def _cumprod(x, axis, exclusive, reverse):
    return _scan_cumprod(x, axis, exclusive, reverse)


def _cumprod_fwd(x, axis, exclusive, reverse):
    prod = _scan_cumprod(x, axis, exclusive, reverse)
    return prod, (x, prod)


def _cumprod_bwd(axis, exclusive, reverse, res, g):
    # TF's CumprodGrad: div_no_nan(cumsum(prod * g, reverse=not reverse), x), so 0 where
    # x is 0.
    x, prod = res
    out = _scan(lambda v, a: jnp.cumsum(v, a, v.dtype), 0)(prod * g, axis, exclusive,
                                                          not reverse)
    safe = jnp.where(x == 0, jnp.ones_like(x), x)
    return (jnp.where(x == 0, jnp.zeros_like(out), out / jnp.conj(safe)),)


_cumprod.defvjp(_cumprod_fwd, _cumprod_bwd)


def _scanner(name, fn):
    op = Op(name, fn)

    @dispatchable("x")
    def public(x, axis=0, exclusive=False, reverse=False, name=None):
        x = to_tensor(x)
        check_dtype(op, x)
        axis = static_int(axis, "tf.math." + re.sub(r"(?<!^)(?=[A-Z])", "_", op.name).lower(),
                          "axis", op.name)
        a = axis + x.ndim if axis < 0 else axis
        if not 0 <= a < x.ndim:
            raise errors.op_error(
                errors.InvalidArgumentError, op.name,
                f"ScanOp: Expected scan axis in the range [{-x.ndim}, {x.ndim}), but got {a}",
                kernel=op.name)
        return execute(op, (x,), (("axis", a), ("exclusive", bool(exclusive)),
                                  ("reverse", bool(reverse))))
    public.op = op
    return public


cumsum = _scanner("Cumsum", _scan(_in_order(lax.add, 0, lambda x, axis: jnp.cumsum(
    x, axis, x.dtype)), 0))
cumprod = _scanner("Cumprod", _cumprod)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _cumlogsumexp(x, axis):
    """TF's CumulativeLogsumexp kernel, one step at a time from -inf: ma = std::max(acc, x),
    mi = std::min(acc, x) (a nan x keeps acc), acc = ma if ma == -inf else
    ma + log1p(exp(mi - ma)); differentiated as lax.cumlogsumexp (which ops placed on a
    GPU or TPU run: framework/config.placed_on_cpu)."""
    if not config.placed_on_cpu():
        return lax.cumlogsumexp(x, axis=axis)
    moved = jnp.moveaxis(x, axis, 0)
    ninf = jnp.asarray(-jnp.inf, x.dtype)

    def step(acc, v):
        ma, mi = jnp.where(acc < v, v, acc), jnp.where(v < acc, v, acc)
        out = jnp.where(ma == ninf, ma, ma + jnp.log1p(jnp.exp(mi - ma)))
        return out, out
    _, out = lax.scan(step, jnp.full(moved.shape[1:], ninf), moved)
    return jnp.moveaxis(out, 0, axis)


@_cumlogsumexp.defjvp
def _cumlogsumexp_jvp(axis, primals, tangents):
    _, tangent = jax.jvp(lambda v: lax.cumlogsumexp(v, axis=axis), primals, tangents)
    return _cumlogsumexp(primals[0], axis), tangent


cumulative_logsumexp = _scanner("CumulativeLogsumexp", _scan(_cumlogsumexp, -np.inf))


# -- argmax / argmin ------------------------------------------------------------------------

def _check_argmax_axis(axis):
    """TF's TypeError for an axis of tf.math.argmax that is not an integer (eagerly and in a
    tf.function)."""
    if axis is None or isinstance(axis, int) or (
            isinstance(axis, (Tensor, Variable)) and axis.dtype.name in ("int32", "int64")):
        return
    if hasattr(axis, "dtype"):
        raise TypeError(f"axis tensor dtypes {axis.dtype} is not supported")
    raise TypeError("axis must be int or Tensor with integer datatype")


def _arg(name, fn):
    op = Op(name, lambda x, axis, dtype: fn(x, axis).astype(dtype), differentiable=False)
    index_types = op.spec.allowed("output_type")

    def public(input, axis=None, output_type=dtypes.int64, name=None):
        x = to_tensor(input)
        check_dtype(op, x)
        out = dtypes.as_dtype(output_type)
        if out._tf_name not in index_types:
            raise attr_error(op.name, "output_type", out, name="")
        if op.name == "ArgMax":     # TF's Python wrapper checks the axis of tf.math.argmax
            _check_argmax_axis(axis)
        axis = 0 if axis is None else static_int(axis, f"tf.math.{op.name.lower()}", "axis",
                                                 op.name)
        if not -x.ndim <= axis < x.ndim:
            raise shape_inference.trace_checked(
                _arg_error(op.name, f"Expected dimension in the range [{-x.ndim}, {x.ndim}), "
                                    f"but got {axis}"),
                f"Dimension ({axis}) must be in the range [{-x.ndim}, {x.ndim}), where {x.ndim} "
                f"is the number of dimensions in the input.", op.name, (x, np.int32(axis)),
                (("T", shape_inference.dtype_enum(x)), ("Tidx", "DT_INT32"),
                 ("output_type", shape_inference.dtype_enum(out))), computed={1: axis})
        axis %= x.ndim
        if x._value.shape[axis] == 0:
            raise _arg_error(op.name, f"Reduction axis {axis} is empty in shape "
                                      f"[{','.join(map(str, x._value.shape))}]")
        return execute(op, (x,), (("axis", axis), ("dtype", out._np)))
    public.op = op
    return public


def _arg_error(op_name, text):
    return errors.op_error(errors.InvalidArgumentError, op_name, text, kernel=op_name)


def _ignoring_nan(fn, fill):
    # TF's kernels never pick a nan (JAX's do).
    def arg(x, axis):
        if jnp.issubdtype(x.dtype, jnp.floating):
            x = jnp.where(jnp.isnan(x), jnp.asarray(fill, x.dtype), x)
        return fn(x, axis)
    return arg


argmax = _arg("ArgMax", _ignoring_nan(jnp.argmax, -np.inf))
argmin = _arg("ArgMin", _ignoring_nan(jnp.argmin, np.inf))
