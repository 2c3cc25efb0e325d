"""tf.math's binary arithmetic (add, subtract, multiply, divisions, pow, maximum,
minimum, ...) and its composites (add_n, accumulate_n, polyval, clip_by_value, ...).

Each op is a pure JAX function registered once as an `Op`; the public functions only
convert their inputs (with TF's rules) and dispatch. Where TF's gradient differs from
JAX's (ties of maximum/minimum, abs at 0, sqrt/rsqrt with a zero upstream gradient),
the JAX function carries TF's rule.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, dtypes, errors, gradient_order, host_callback
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx, current_trace
from ..framework.deprecation import warn_deprecated
from ..framework.dispatch import Op, execute, match, match2, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.composite_dispatch import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, dispatchable
from .math_common import (
    GRAPH_REWRITES, binary, broadcast_error, broadcast_operands, cpu_kernels, eigen_packets,
    exact_divide, kernel_not_found, operand_names, rounded, shape_list, tf_gradient, unbroadcast, unfused,
)
from . import string_kernels
from .eigen_reciprocal import eigen_reciprocal
from .op_args import checked_attr, kernel_error
from .cast_ops import cast
from .op_scope import op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["add", "add_n", "atan2", "clip_by_value", "divide", "maximum", "minimum",
    "multiply", "pow", "realdiv", "scalar_mul", "subtract", "truediv", "truncatediv",
    "truncatemod"]


# -- TF's gradient conventions ----------------------------------------------------------

def _min_max(selects_x, strictly):
    """TF's Maximum (Minimum) kernel: NaN propagates, and where x and y are equal (+0.0
    and -0.0) Eigen's whole packets give y and its scalar tail x (float32/float64: see
    eigen_packets). The gradient is TF's _MaximumMinimumGrad: all of it to x where
    `selects_x(x, y)` (ties included), else to y (so to y where x is NaN)."""
    @jax.custom_jvp
    def fn(x, y):
        if not jnp.issubdtype(jnp.result_type(x), jnp.floating):
            return jnp.where(selects_x(x, y), x, y)
        x, y = jnp.broadcast_arrays(x, y)

        def pick(test):
            return lambda a, b: jnp.where(test(a, b) | jnp.isnan(a), a, b)
        if x.dtype in (jnp.float32, jnp.float64):
            return eigen_packets(pick(strictly), pick(selects_x), x, y)
        return pick(selects_x)(x, y)

    @fn.defjvp
    def _jvp(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        return fn(x, y), jnp.where(selects_x(x, y), tx, ty)
    return fn


_maximum = _min_max(jnp.greater_equal, jnp.greater)
_minimum = _min_max(jnp.less_equal, jnp.less)


@jax.custom_jvp
def _abs_real(x):
    return jnp.abs(x)


@_abs_real.defjvp
def _abs_real_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.abs(x), t * _sign(x)  # TF: grad * sign(x), so 0 at 0 (JAX gives 1)


def _hypot_kernel(ax, ay):
    h = jnp.sqrt(rounded(ax * ax) + rounded(ay * ay))
    d1, d2 = h - ay, h - ax
    near = h <= 2.0 * ay
    t1 = jnp.where(near, ax * (2.0 * d1 - ax), 2.0 * d2 * (ax - 2.0 * ay))
    t2 = jnp.where(near, (d1 - 2.0 * (ax - ay)) * d1,
                   rounded((4.0 * d2 - ay) * ay) + rounded(d2 * d2))
    return h - exact_divide(t1 + t2, 2.0 * h)


def _glibc_hypot(x, y):
    """glibc's double hypot (sysdeps/ieee754/dbl-64/e_hypot.c, 2.35 and later, the build
    without FMA): sqrt(ax^2 + ay^2) corrected by one step, scaled by 2^-600 for huge or
    2^600 for tiny inputs. XLA's complex abs is a scaled formula that is 1 ulp off at
    times."""
    x, y = jnp.abs(x), jnp.abs(y)
    ax, ay = jnp.maximum(x, y), jnp.minimum(x, y)
    scale, eps = 2.0 ** -600, 2.0 ** -54
    big, tiny = ax > 2.0 ** 511, ay < 2.0 ** -511
    tiny = tiny & ~big
    r = jnp.where(big, _hypot_kernel(ax * scale, ay * scale) / scale,
                  jnp.where(tiny, _hypot_kernel(ax / scale, ay / scale) * scale,
                            _hypot_kernel(ax, ay)))
    negligible = jnp.where(tiny, ax >= ay / eps, ay <= ax * eps)
    r = jnp.where(negligible, ax + ay, r)
    return jnp.where(jnp.isinf(x) | jnp.isinf(y), np.inf, jnp.where(jnp.isnan(ax + ay), ax + ay, r))


def _complex_abs_value(z):
    if z.dtype == np.complex128:
        # TF's kernel is std::abs, glibc's hypot.
        return _glibc_hypot(jnp.real(z), jnp.imag(z))
    # TF's kernel is std::abs, glibc's hypotf: sqrt(x * x + y * y) in double, rounded once
    # to float (XLA's own, scaled formula is 1 ulp off at times); inf if x or y is.
    x, y = jnp.real(z).astype(np.float64), jnp.imag(z).astype(np.float64)
    r = jnp.sqrt(x * x + y * y).astype(np.float32)
    return jnp.where(jnp.isinf(x) | jnp.isinf(y), np.float32(np.inf), r)


def _sign(x):
    """TF's Sign: x / |x| for complex (|x| as tf.abs computes it; Eigen's complex division
    by an infinite |x| gives nan in both parts); +0 at either zero (JAX keeps -0's sign)."""
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        a = _complex_abs_value(x)
        zero = a == 0
        a = jnp.where(zero, jnp.ones_like(a), a)
        a = jnp.where(jnp.isinf(a), np.asarray(np.nan, a.dtype), a)
        return jnp.where(zero, jnp.zeros_like(x), lax.complex(jnp.real(x) / a, jnp.imag(x) / a))
    if jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.where(x == 0, jnp.zeros_like(x), jnp.sign(x))
    return jnp.sign(x)


def _zero_where_no_upstream(fn, grad):
    """fn with TF's SqrtGrad-style rule: a zero upstream gradient gives 0, not nan."""
    f = jax.custom_vjp(fn)
    f.defvjp(lambda x: (fn(x), fn(x)),
             lambda y, g: (jnp.where(g == 0, jnp.zeros_like(g), grad(y, g)),))
    return f


def _sqrt_grad(y, g):
    """TF's SqrtGrad as Eigen evaluates it: (0.5 / y) * g on whole packets, 0.5 * g / y on
    the rest (exact divisions: XLA would make 0.5 / sqrt(x) a product with rsqrt(x))."""
    if y.dtype not in (np.float32, np.float64):
        return g * 0.5 / y
    half = np.asarray(0.5, y.dtype)
    return eigen_packets(lambda y, g: exact_divide(half, y) * g,
                         lambda y, g: exact_divide(half * g, y), y, g)


def _rsqrt_grad(y, g):
    """TF's RsqrtGrad as Eigen evaluates it: (-0.5 * (y * y)) * (y * g) on whole packets,
    (-0.5 * (g * y)) * (y * y) on the rest."""
    if y.dtype not in (np.float32, np.float64):
        return g * -0.5 * y ** 3
    return eigen_packets(lambda y, g: (-0.5 * (y * y)) * (y * g),
                         lambda y, g: (-0.5 * (g * y)) * (y * y), y, g)


_sqrt = _zero_where_no_upstream(jnp.sqrt, _sqrt_grad)


def _rsqrt_value(x):
    """TF's Rsqrt: Eigen's 1 / sqrt(x) for double (XLA's rsqrt is 1 ulp off at times)."""
    if x.dtype == np.float64:
        return exact_divide(np.ones((), x.dtype), jnp.sqrt(x))
    return lax.rsqrt(x)


_rsqrt = _zero_where_no_upstream(_rsqrt_value, _rsqrt_grad)


@jax.custom_jvp
def _reciprocal_value(x):
    """TF's Reciprocal kernel: on the CPU Eigen's rcpps-based one for float32 and bfloat16
    (whose packets Eigen computes in float32), else 1 / x. Its derivative -1 / x^2."""
    if x.dtype in (np.float32, jnp.bfloat16) and config.placed_on_cpu():
        # (rounded: XLA would read a bfloat16 sum feeding it at float32's precision)
        return eigen_reciprocal(rounded(x).astype(np.float32)).astype(x.dtype)
    return rounded(1 / x) if jnp.issubdtype(x.dtype, jnp.inexact) else 1 / x


@_reciprocal_value.defjvp
def _reciprocal_value_jvp(primals, tangents):
    y = _reciprocal_value(primals[0])
    return y, -tangents[0] * (y * y)


_reciprocal = _zero_where_no_upstream(_reciprocal_value, lambda y, g: -g * (y * y))


@jax.custom_jvp
def _pow(x, y):
    return jnp.power(x, y)


@_pow.defjvp
def _pow_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    z = jnp.power(x, y)
    if not jnp.issubdtype(z.dtype, jnp.inexact):
        return z, jnp.zeros_like(z)
    return z, _pow_tangent(x, y, z, jnp.power(x, y - 1), tx, ty)


def _pow_tangent(x, y, z, power, tx, ty):
    """TF's PowGrad (`power`: x^(y - 1)): d/dy is z * log(x) where x > 0 (x != 0 for
    complex), else 0. Its products are in the order whose transpose is TF's
    (g * y) * power and (g * z) * log_x, as forward mode is TF's (t * power) * y."""
    mask = x != 0 if jnp.issubdtype(x.dtype, jnp.complexfloating) else x > 0
    log_x = jnp.where(mask, jnp.log(jnp.where(mask, x, jnp.ones_like(x))), jnp.zeros_like(x))
    return y * (power * tx) + z * (log_x * ty)


# grappler's ConvertPowStage inside a tf.function: a power by a constant of equal elements
# computed as the op it becomes (x^3 as x * Square(x): TF's CPU rewrite), in Pow's gradient
# too (the graph's pow(x, y - 1) is rewritten alike).
_CONVERTED_POWERS = {
    2.0: jnp.square, 3.0: lambda x: _multiply(x, jnp.square(x)), 1.0: lambda x: x,
    0.5: jnp.sqrt, -0.5: _rsqrt_value, -1.0: _reciprocal_value}


@functools.partial(jax.custom_jvp, nondiff_argnums=(2,))
def _converted_pow(x, y, c):
    return _CONVERTED_POWERS[c](x)


@_converted_pow.defjvp
def _converted_pow_jvp(c, primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    z = _CONVERTED_POWERS[c](x)
    power = _CONVERTED_POWERS.get(c - 1)
    return z, _pow_tangent(x, y, z, jnp.power(x, y - 1) if power is None else power(x),
                           tx, ty)


def _complex_quotient_packet(a, b, c, d):
    """(a + bi) / (c + di) as Eigen's vectorized kernel (pdiv_complex) computes it:
    (a + bi) * conj(y') / |y'|^2 / m, with y' = (c + di) / m and m = max(|c|, |d|)."""
    m = jnp.maximum(jnp.abs(c), jnp.abs(d))
    cs, ds = c / m, d / m
    den = rounded(cs * cs) + rounded(ds * ds)
    re = rounded(a * cs) - rounded(b * -ds)
    im = rounded(a * -ds) + rounded(b * cs)
    return rounded(re / den) / m, rounded(im / den) / m


def _complex_quotient_scalar(a, b, c, d):
    """(a + bi) / (c + di) as Eigen's scalar path computes it (Smith's algorithm)."""
    small = jnp.abs(d) <= jnp.abs(c)
    one = jnp.ones_like(c)
    rs = jnp.where(small, one, c / d)
    js = jnp.where(small, d / c, one)
    den = rounded(c * rs) + rounded(d * js)
    return (rounded(a * rs) + rounded(b * js)) / den, (rounded(b * rs) - rounded(a * js)) / den


def _complex_quotient(parts_fn):
    return lambda x, y: lax.complex(*parts_fn(jnp.real(x), jnp.imag(x), jnp.real(y),
                                              jnp.imag(y)))


def _complex_divide(x, y):
    """x / y for complex tensors, as TF's CPU kernel divides: Eigen's packet formula on
    the elements its AVX packets cover (2 complex128 or 4 complex64 at a time, over the
    flattened result), Smith's algorithm on the last ones. The two differ in rounding and
    in the signs of zeros; XLA's division is Smith's, and fuses products into FMAs."""
    return eigen_packets(_complex_quotient(_complex_quotient_packet),
                         _complex_quotient(_complex_quotient_scalar),
                         *jnp.broadcast_arrays(x, y))


# Complex products and quotients take TF's gradients (MulGrad, RealDivGrad): JAX's differ
# from them in the signs of zero parts once conjugated. Real products' are JAX's (the
# same); real quotients take RealDivGrad's (-x / y) / y, which JAX computes otherwise.
def _complex_product(x, y):
    """x * y for complex tensors as TF's kernels multiply (Eigen's packets and
    std::complex alike): each of the four products rounded, then summed (XLA fuses them
    into FMAs)."""
    a, b, c, d = jnp.real(x), jnp.imag(x), jnp.real(y), jnp.imag(y)
    return lax.complex(rounded(a * c) - rounded(b * d), rounded(a * d) + rounded(b * c))


_mul_complex = tf_gradient(_complex_product, lambda g, x, y, z: (
    unbroadcast(g * jnp.conj(y), x.shape), unbroadcast(jnp.conj(x) * g, y.shape)))


def _quotient_grad(divide):
    """TF's RealDivGrad (DivNoNanGrad) for complex inputs, with the op's own `divide`."""
    def grad(g, x, y, z):
        cx, cy = jnp.conj(x), jnp.conj(y)
        return (unbroadcast(divide(g, cy), x.shape),
                unbroadcast(g * divide(divide(-cx, cy), cy), y.shape))
    return grad


_div_complex = tf_gradient(_complex_divide, _quotient_grad(_complex_divide))
_div_real = tf_gradient(exact_divide, _quotient_grad(exact_divide))


def _multiply(x, y):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return _mul_complex(x, y)
    return jnp.multiply(x, y)


def _true_divide(x, y):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return _div_complex(x, y)
    return _div_real(x, y) if jnp.issubdtype(x.dtype, jnp.floating) else exact_divide(x, y)


@jax.custom_jvp
def _multiply_forward(x, y):
    """x * y for forward mode: TF's JVP of Mul is its gradient transposed,
    tx * y + ty * x, each product rounded (XLA would fuse one into the sum)."""
    return jnp.multiply(x, y)


@_multiply_forward.defjvp
def _multiply_forward_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    return x * y, unfused(tx * y) + unfused(ty * x)


@jax.custom_jvp
def _divide_forward(x, y):
    """x / y for forward mode: TF's RealDivGrad transposed, tx / y + ty * ((-x / y) / y)."""
    return jnp.true_divide(x, y)


@_divide_forward.defjvp
def _divide_forward_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    q = exact_divide(-x, y)
    return x / y, unfused(exact_divide(tx, y)) + unfused(ty * exact_divide(q, y))


def _forward_rule(rule, plain):
    """`rule` on inexact operands, `plain` on others (whose tangents are float0)."""
    def fn(x, y):
        return rule(x, y) if jnp.issubdtype(x.dtype, jnp.inexact) else plain(x, y)
    return fn


def _true_divide_jvp(x, y, by_reciprocal=False):
    if by_reciprocal:
        return _multiply_forward(x, _reciprocal_value(y))
    return _forward_rule(_divide_forward, jnp.true_divide)(x, y)


def _unfused_operands(fn):
    """`fn(x, y)`, its operands kept from fusing into it with the unfused attr (set inside
    a tf.function trace, where XLA compiles the ops that made them with it)."""
    def kernel(x, y, unfused_operands=False):
        return fn(unfused(x), unfused(y)) if unfused_operands else fn(x, y)
    kernel.__name__ = fn.__name__
    return kernel


_TRACED = (("unfused_operands", True),)
add = binary("AddV2", _unfused_operands(jnp.add), hint=True, strings=string_kernels.add,
             traced_attrs=_TRACED)
subtract = binary("Sub", _unfused_operands(jnp.subtract), traced_attrs=_TRACED)
multiply = binary("Mul", _multiply, jvp_fn=_forward_rule(_multiply_forward, jnp.multiply))
maximum = binary("Maximum", _maximum)
minimum = binary("Minimum", _minimum)
def _zero_divisor_error(op, error, text):
    """TF's run-time check of an integer division's divisor `y` (a NumPy array)."""
    def check(y):
        if np.all(y):
            return None
        return errors.op_error(error, op, text, kernel=op)
    return check


_INTERNAL = (errors.InternalError,
             "Unexpected error in binary operator (only integer div and mod should have errors)")
_DIVIDE_CHECKS = {
    "FloorDiv": _zero_divisor_error("FloorDiv", errors.InvalidArgumentError,
                                    "Integer division by zero"),
    "FloorMod": _zero_divisor_error("FloorMod", errors.InvalidArgumentError,
                                    "Integer division by zero"),
    "TruncateDiv": _zero_divisor_error("TruncateDiv", *_INTERNAL),
    "TruncateMod": _zero_divisor_error("TruncateMod", *_INTERNAL),
}


def _divide(name, fn):
    """fn(x, y) of integer division op `name`; with the `checked` attribute (integers
    inside a tf.function) a zero divisor raises TF's error when the function runs."""
    def run(x, y, checked=False):
        out = fn(x, y)
        return host_callback.checked(out, _DIVIDE_CHECKS[name], y) if checked else out
    return run


_floordiv = binary("FloorDiv", _divide("FloorDiv", jnp.floor_divide), differentiable=False)


@jax.custom_jvp
def _floormod_float(x, y):
    return jnp.remainder(x, y)


@_floormod_float.defjvp
def _floormod_float_jvp(primals, tangents):
    # TF's FloorModGrad: grad for x, grad * -floor_div(x, y) for y (so -0.0 where x / y
    # floors to 0; JAX's rule gives +0.0 there).
    (x, y), (tx, ty) = primals, tangents
    return _floormod_float(x, y), tx + ty * -jnp.floor(x / y)


def _floormod_fn(x, y):
    return _floormod_float(x, y) if jnp.issubdtype(x.dtype, jnp.floating) else \
        jnp.remainder(x, y)


_floormod = binary("FloorMod", _divide("FloorMod", _floormod_fn))
_truncatediv = binary("TruncateDiv", _divide("TruncateDiv", lambda x, y: lax.div(x, y) if
                      jnp.issubdtype(x.dtype, jnp.integer) else jnp.trunc(x / y)),
                      differentiable=False)
# TF registers no gradient for TruncateMod; here it is None (TF raises LookupError).
_truncatemod = binary("TruncateMod", _divide("TruncateMod", lax.rem), differentiable=False)
squared_difference = binary("SquaredDifference", lambda x, y: (x - y) * jnp.conj(x - y))
def _atan2_grad(g, y, x, z):
    """TF's Atan2Grad: g / (y*y + x*x), times x for y and -y for x."""
    grad_inv = exact_divide(g, rounded(y * y) + rounded(x * x))
    return unbroadcast(x * grad_inv, y.shape), unbroadcast(-y * grad_inv, x.shape)


atan2 = operand_names(binary("Atan2", tf_gradient(jnp.arctan2, _atan2_grad),
                             jvp_fn=jnp.arctan2), "y", "x")


@jax.custom_jvp
def _nextafter(x, y):
    return jnp.nextafter(x, y)


# TF's NextAfter gradient: 1 for x, 0 for y.
_nextafter.defjvp(lambda primals, tangents: (_nextafter(*primals), tangents[0]))
nextafter = operand_names(binary("NextAfter", _nextafter), "x1", "x2")


def _integer_division(public):
    """An integer division op: a zero divisor raises TF's error (eagerly at once, in a
    tf.function when it runs)."""
    @dispatchable("x", "y", group=BINARY_ELEMENTWISE)
    def checked(x, y, name=None):
        x, y = match2(x, y, public.op)
        attrs = ()
        if x.dtype.is_integer:
            attrs = checked_attr(_DIVIDE_CHECKS[public.op.name], y)
        return execute(public.op, (x, y), attrs)
    checked.op = public.op
    return checked


# The dtypes TF's XLA_CPU_JIT device registers a binary arithmetic kernel for.
_XLA_KERNELS = ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64",
                "bfloat16", "uint16", "complex128", "half", "uint32", "uint64")
floordiv = cpu_kernels(
    _integer_division(_floordiv), _XLA_KERNELS,
    ("double", "bfloat16", "half", "float", "int64", "int32", "int16", "int8", "uint64",
     "uint32", "uint16", "uint8"), default=("int32",))
floormod = mod = _integer_division(_floormod)
truncatediv = _integer_division(_truncatediv)
truncatemod = _integer_division(_truncatemod)


def _mul_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x * y)


@jax.custom_jvp
def _div_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), exact_divide(x, jnp.where(y == 0, jnp.ones_like(y), y)))


@_div_no_nan.defjvp
def _div_no_nan_jvp(primals, tangents):
    # TF's DivNoNanGrad: div_no_nan(g, y) and g * div_no_nan(div_no_nan(-x, y), y).
    (x, y), (tx, ty) = primals, tangents
    return _div_no_nan(x, y), _div_no_nan(tx, y) + ty * _div_no_nan(_div_no_nan(-x, y), y)


def _complex_div_no_nan(x, y):
    """TF's complex DivNoNan: 0 where y or the numerator x * conj(y) is 0, else x / y (with
    Eigen's arithmetic, see _complex_divide)."""
    zero = (y == 0) | (x * jnp.conj(y) == 0)
    q = _complex_divide(x, jnp.where(y == 0, jnp.ones_like(y), y))
    return jnp.where(zero, jnp.zeros_like(q), q)


_div_no_nan_complex = tf_gradient(_complex_div_no_nan, _quotient_grad(_complex_div_no_nan))


def _div_no_nan_fn(x, y):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return _div_no_nan_complex(x, y)
    return _div_no_nan(x, y)


_mul_no_nan_op = Op("MulNoNan", broadcast_operands(_mul_no_nan), error=broadcast_error)
_div_no_nan_op = Op("DivNoNan", broadcast_operands(_div_no_nan_fn), error=broadcast_error,
                    jvp_fn=_div_no_nan)


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def multiply_no_nan(x, y, name=None):
    """tf.math.multiply_no_nan: x * y, and 0 where y is 0 (even if x is nan or inf)."""
    x, y = match2(x, y, _mul_no_nan_op)
    return execute(_mul_no_nan_op, (x, y))


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def divide_no_nan(x, y, name=None):
    """tf.math.divide_no_nan: x / y, and 0 where y is 0; integers are divided as floats
    (as `/`). Its gradient is 0 where y is 0."""
    x, y = _cast_for_truediv(*hinted_truediv(x, y), api="tf.math.divide_no_nan")
    return execute(_div_no_nan_op, (x, y))


def scalar_mul(scalar, x, name=None):
    """tf.math.scalar_mul: a 0-D `scalar` times `x`."""
    scalar = to_tensor(scalar) if isinstance(scalar, Tensor) else scalar
    if isinstance(scalar, Tensor) and scalar.ndim != 0:
        raise ValueError(f"The input scalar must be a 0-D value. Received shape "
                         f"{tuple(scalar.shape)}.")
    x = to_tensor(x)
    return multiply(convert_to_tensor(scalar, dtype=x.dtype), x)


def _checked_pow(x, y, checked=False, converted=None):
    """_pow; with the `checked` attribute (integers inside a tf.function) a negative
    exponent raises TF's error when the function runs; `converted`: y's value, where
    grappler converts the power (ops/graph_rewrites.py)."""
    out = _pow(x, y) if converted is None else _converted_pow(x, y, converted)
    return host_callback.checked(out, _negative_power_error, y) if checked else out


_pow_op = Op("Pow", broadcast_operands(_checked_pow), error=broadcast_error)


def _realdiv(x, y, by_reciprocal=False):
    """RealDiv; by_reciprocal (see _divisor_rewrite): x * Reciprocal(y), the reciprocal
    computed at y's own shape (grappler folds it on the constant, before broadcasting)."""
    if by_reciprocal:
        return broadcast_operands(_multiply)(x, _reciprocal(y))
    return broadcast_operands(_true_divide)(x, y)


_realdiv_op = Op("RealDiv", _realdiv, error=broadcast_error, jvp_fn=_true_divide_jvp)


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def pow(x, y, name=None):
    """tf.math.pow. Integers to negative integer powers raise, as in TF."""
    x, y = match2(x, y, _pow_op)
    if ctx.traces and _pow_op in GRAPH_REWRITES:
        out = GRAPH_REWRITES[_pow_op](_pow_op, x, y)
        if out is not None:
            return out
    attrs = checked_attr(_negative_power_error, y) if x.dtype.is_integer else ()
    return execute(_pow_op, (x, y), attrs)


def _negative_power_error(y):
    if np.any(y < 0):
        return errors.op_error(errors.InvalidArgumentError, "Pow",
                               "Integers to negative integer powers are not allowed",
                               kernel="Pow")
    return None


# TF's _TRUEDIV_TABLE: integer division casts to float32 or float64 first.
_TRUEDIV = {"uint8": dtypes.float32, "int8": dtypes.float32, "uint16": dtypes.float32,
            "int16": dtypes.float32, "uint32": dtypes.float64, "int32": dtypes.float64,
            "uint64": dtypes.float64, "int64": dtypes.float64}


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def truediv(x, y, name=None):
    """tf.math.truediv (Python `/`): integers are divided as floats (int32 -> float64)."""
    return _real_div(*_cast_for_truediv(*hinted_truediv(x, y)))


_REALDIV_KERNELS = ("complex128", "complex64", "bfloat16", "double", "half", "float")


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def realdiv(x, y, name=None):
    """tf.realdiv (the RealDiv op): x / y of one dtype, which TF's CPU kernels take only
    floating or complex (integers raise; tf.math.truediv casts them). Eagerly TF looks
    the kernel up first where two Tensors' dtypes differ, else after converting y."""
    if not ctx.traces and isinstance(x, Tensor) and isinstance(y, Tensor):
        _check_realdiv_kernel(x)
    x, y = match2(x, y, _realdiv_op)
    _check_realdiv_kernel(x)
    return _real_div(x, y)


def _check_realdiv_kernel(x):
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise kernel_not_found("RealDiv", x.dtype, _XLA_KERNELS, _REALDIV_KERNELS)


def _real_div(x, y):
    if ctx.traces and _realdiv_op in GRAPH_REWRITES:
        out = GRAPH_REWRITES[_realdiv_op](_realdiv_op, x, y)
        if out is not None:
            return out
    return execute(_realdiv_op, (x, y), _divisor_rewrite(x, y))


_BY_RECIPROCAL = (("by_reciprocal", True),)


def _divisor_rewrite(x, y):
    """The attrs of a RealDiv: in a tf.function, TF's graph optimizer (grappler's constant
    folding, ReduceDivToReciprocalMul) turns a float or complex division by a constant
    into x * Reciprocal(y), which rounds differently (a division of constants is folded
    as it is; tf.data functions are not rewritten)."""
    trace = current_trace()
    if trace is None or not trace.graph_rewrites or not trace.is_constant(y._value) or \
            trace.is_constant(x._value) or not (x.dtype.is_floating or x.dtype.is_complex):
        return ()
    return _BY_RECIPROCAL


def _cast_for_truediv(x, y, api="__truediv__"):
    target = _TRUEDIV.get(x.dtype.name)
    if target is not None:
        return cast(x, target), cast(y, target)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Invalid dtype {x.dtype!r} in {api}. Expected one of "
                        f"{{tf.uint8, tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, "
                        f"tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, "
                        f"tf.float64, tf.complex64, tf.complex128}}.")
    return x, y


def hinted_truediv(x, y):
    x = to_tensor(x)
    y = to_tensor(y) if isinstance(y, Tensor) else convert_to_tensor(y, dtype_hint=x.dtype)
    if x.dtype is not y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != "
                        f"{y.dtype!r}.")
    return x, y


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def divide(x, y, name=None):
    """tf.math.divide: `x / y`, converting a Python `x` to y's dtype first."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        x = convert_to_tensor(x, dtype=y.dtype)
    return truediv(x, y)




# -- composites -----------------------------------------------------------------------------

@dispatchable("t", group=UNARY_ELEMENTWISE)
@op_scope("clip_by_value", names_last=True)
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """tf.clip_by_value: minimum then maximum, so the bounds pass the gradient (as TF)."""
    t = to_tensor(t)
    return maximum(minimum(t, clip_value_max), clip_value_min)


_add_n_op = Op("AddN", lambda *xs: gradient_order.add_n(list(xs)))


@dispatchable("inputs[]")
def add_n(inputs, name=None):
    """tf.math.add_n: the sum of tensors of one dtype and shape."""
    inputs = list(inputs) if isinstance(inputs, (list, tuple, Tensor)) else None
    if not inputs or any(v is None for v in inputs):   # (a Tensor: its rows)
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices "
                         "with the same dtype and shape.")
    if len(inputs) == 1:   # (TF returns it, whatever its dtype)
        return to_tensor(inputs[0])
    # (TF's wrapper converts each input by itself: a Python value keeps its own dtype)
    inputs = match([to_tensor(v) for v in inputs], _add_n_op)
    first = inputs[0]._value.shape
    for i, t in enumerate(inputs[1:], 1):
        if t._value.shape != first:
            raise errors.op_error(
                errors.InvalidArgumentError, "AddN",
                f"Inputs to operation AddN of type AddN must have the same size and shape.  "
                f"Input 0: {shape_list(first)} != input {i}: {shape_list(t._value.shape)}",
                kernel=f"AddN_N_{len(inputs)}")
    return execute(_add_n_op, inputs)


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """tf.math.accumulate_n: add_n (deprecated in TF, which logs so; its log names a line of
    TF's dispatch.py, this one the caller's)."""
    warn_deprecated("accumulate_n", "tensorflow.python.ops.math_ops", "Use `tf.math.add_n` Instead")
    error = ValueError("inputs must be a list of at least one Tensor with the same dtype "
                       "and shape")
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise error
    inputs = [to_tensor(t) for t in inputs]
    if any(t.dtype is not inputs[0].dtype for t in inputs):
        raise error
    for t in inputs[1:]:
        if t._value.shape != inputs[0]._value.shape:
            raise ValueError(f"Shapes {tuple(inputs[0].shape)} and {tuple(t.shape)} are not "
                             f"compatible")
    return add_n(inputs)


def polyval(coeffs, x, name=None):
    """tf.math.polyval: Horner's scheme over the list `coeffs` (highest power first)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type "
                         f"{type(coeffs)}.")
    x = to_tensor(x)
    if not coeffs:
        return EagerTensor(jnp.zeros_like(x._value))
    p = to_tensor(coeffs[0])
    for c in coeffs[1:]:
        p = add(to_tensor(c), multiply(p, x))
    return p


def _invert_permutation(p, checked=False):
    out = jnp.argsort(p).astype(p.dtype)
    return host_callback.checked(out, _permutation_error, p) if checked else out


def _permutation_error(values):
    """TF's InvertPermutation check: a permutation of 0 .. n-1."""
    seen = set()
    for v in values.tolist():
        if not 0 <= v < values.size:
            return kernel_error("InvertPermutation", f"{v} is not between 0 and {values.size}")
        if v in seen:
            return kernel_error("InvertPermutation", f"{v} is duplicated in the input.")
        seen.add(v)
    return None


_invert_permutation_op = Op("InvertPermutation", _invert_permutation, differentiable=False)


def invert_permutation(x, name=None):
    """tf.math.invert_permutation."""
    x = to_tensor(x)
    return execute(_invert_permutation_op, (x,), checked_attr(_permutation_error, x))


def _monotone(x, strict):
    x = jnp.reshape(x, (-1,))
    d = x[1:] - x[:-1] if x.dtype != jnp.bool_ else x[1:].astype(jnp.int8) - x[:-1]
    return jnp.all(d > 0) if strict else jnp.all(d >= 0)


def is_non_decreasing(x, name=None):
    """tf.math.is_non_decreasing: over the flattened tensor."""
    return EagerTensor(_monotone(to_tensor(x)._value, False))


def is_strictly_increasing(x, name=None):
    """tf.math.is_strictly_increasing: over the flattened tensor."""
    return EagerTensor(_monotone(to_tensor(x)._value, True))
