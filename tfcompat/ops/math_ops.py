"""tf.math: elementwise arithmetic and functions, comparisons, casts, matmul, add_n.

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

from ..framework import dtypes, errors, host_callback, tf_logging
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import (
    Op, execute, hinted, match, match2, mismatch_error, to_tensor,
)
from ..framework.tensor import EagerTensor, Tensor
from .math_common import (
    FLOAT, INEXACT, INTS, NUMBER, REAL, SIGNED, binary, broadcast_error, cpu_kernels, eigen_packets,
    exact_divide, kernel_not_found, plus_zero, rounded, shape_list, tf_gradient, unary,
    unbroadcast, upcast,
)
from . import shape_inference, string_kernels
from .op_args import checked_attr, kernel_error
from .reduction_ops import (
    argmax, argmin, cumsum, reduce_all, reduce_any, reduce_logsumexp, reduce_max,
    reduce_mean, reduce_min, reduce_prod, reduce_sum,
)
from .sort_ops import argsort, sort

# The names TF exports at the top level (tf.add ...), re-exported by tfcompat/__init__.
__all__ = [
    "abs", "acos", "acosh", "add", "add_n", "argmax", "argmin", "argsort", "asin", "asinh",
    "atan", "atan2", "atanh", "cast", "clip_by_value", "complex", "cos", "cosh", "cumsum",
    "divide", "equal", "exp", "floor", "greater", "greater_equal", "less", "less_equal",
    "logical_and", "logical_not", "logical_or", "matmul", "maximum", "minimum", "multiply",
    "negative", "not_equal", "pow", "realdiv", "reduce_all", "reduce_any",
    "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod",
    "reduce_sum", "round", "scalar_mul", "sigmoid", "sign", "sin", "sinh", "sort", "sqrt",
    "square", "subtract", "tan", "tanh", "truediv", "truncatediv", "truncatemod",
]


# -- TF's gradient conventions ----------------------------------------------------------

def _maximum(x, y):
    # TF: the whole gradient goes to x where x >= y (JAX splits ties); NaN propagates.
    return jnp.where((x >= y) | jnp.isnan(x) if jnp.issubdtype(x.dtype, jnp.inexact)
                     else x >= y, x, y)


def _minimum(x, y):
    return jnp.where((x <= y) | jnp.isnan(x) if jnp.issubdtype(x.dtype, jnp.inexact)
                     else x <= y, x, y)


@jax.custom_jvp
def _abs_real(x):
    return jnp.abs(x)


@_abs_real.defjvp
def _abs_real_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.abs(x), t * _sign(x)  # TF: grad * sign(x), so 0 at 0 (JAX gives 1)


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


_sqrt = _zero_where_no_upstream(jnp.sqrt, lambda y, g: g * 0.5 / y)
_rsqrt = _zero_where_no_upstream(lax.rsqrt, lambda y, g: g * -0.5 * y ** 3)
_reciprocal = _zero_where_no_upstream(lambda x: 1 / x, lambda y, g: -g * (y * y))


# Eigen's float tanh (ptanh_float), as TF's CPU kernel evaluates it (built without FMA):
# x clamped to +-7.90738964, then x * P(x^2) / Q(x^2), a [9/8] rational approximation.
_TANH_P = np.array([1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1],
                   np.float32)
_TANH_Q = np.array([8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1, 1.0],
                   np.float32)
_TANH_CLAMP = np.float32(7.90738964080810547)


def _horner(x, coeffs):
    r = jnp.full_like(x, coeffs[0])
    for c in coeffs[1:]:
        r = rounded(r * x) + c
    return r


# Eigen's float logistic (scalar_logistic_op<float>), as TF's Sigmoid kernel evaluates it:
# the vectorised code computes exp(x / 2) squared with a Cephes-style polynomial, the
# scalar code (the last size % 8 elements) std::exp; both return e / (1 + e).
_LOGISTIC_HI = np.float32(16.6355324)


def _sigmoid_packet(x0):
    f = np.float32
    x = jnp.minimum(x0, _LOGISTIC_HI) * f(0.5)
    m = jnp.floor(rounded(x * f(1.44269504088896341)) + f(0.5))
    r = rounded(m * f(-0.693359375)) + x
    r = rounded(m * f(2.12194440e-4)) + r
    r2 = r * r
    p_even = rounded(r2 * f(4.1898667812347412109375e-2)) + f(0.49999141693115234375)
    p_odd = rounded(r2 * f(8.33471305668354034423828125e-3)) + f(0.16666877269744873046875)
    p = rounded(r * p_odd) + p_even
    p = rounded(r2 * p) + (r + f(1))
    # pldexp_fast: p * 2^m, the biased exponent clamped to [0, 255].
    bits = jnp.clip(jnp.nan_to_num(m) + f(127), f(0), f(255)).astype(np.int32) << 23
    e = p * lax.bitcast_convert_type(bits, np.float32)
    e = e * e
    return jnp.where(x0 < f(-104), f(0), e / (f(1) + e))


def _sigmoid_scalar(x):
    # std::exp (glibc's expf) is correctly rounded: exp in double, rounded once.
    e = jnp.exp(jnp.minimum(x, _LOGISTIC_HI).astype(np.float64)).astype(np.float32)
    return e / (1 + e)


def _sigmoid_grad_packet(y, g):
    return g * (y * (1 - y))


def _sigmoid_grad_scalar(y, g):
    return (g * y) * (1 - y)


def _sigmoid_value(x):
    if x.dtype == np.float32:
        return eigen_packets(_sigmoid_packet, _sigmoid_scalar, x)
    return jax.nn.sigmoid(x)


@jax.custom_jvp
def _sigmoid_jvp_fn(x):
    return _sigmoid_value(x)


@_sigmoid_jvp_fn.defjvp
def _sigmoid_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _sigmoid_value(x)
    return y, t * (y * (1 - y))


_sigmoid_float32 = jax.custom_vjp(_sigmoid_value)
# TF's SigmoidGrad, g * y * (1 - y), associated as Eigen's packet and scalar code do.
_sigmoid_float32.defvjp(lambda x: (_sigmoid_value(x),) * 2, lambda y, g: (
    eigen_packets(_sigmoid_grad_packet, _sigmoid_grad_scalar, y, g),))


# Half and bfloat16: computed in float32 and rounded once, as TF's kernel does; its
# SigmoidGrad in the narrow dtype.
_sigmoid_narrow = jax.custom_vjp(upcast(jax.nn.sigmoid, np.float32))
_sigmoid_narrow.defvjp(lambda x: (_sigmoid_narrow(x),) * 2,
                       lambda y, g: (_sigmoid_grad_packet(y, g),))


def _sigmoid(x):
    if x.dtype == np.float32:
        return _sigmoid_float32(x)
    return _sigmoid_narrow(x) if x.dtype.itemsize == 2 else jax.nn.sigmoid(x)


def _tanh_float32(a):
    x = jnp.clip(a, -_TANH_CLAMP, _TANH_CLAMP)
    x2 = x * x
    p = rounded(x2 * x * _horner(x2, _TANH_P)) + x
    return p / _horner(x2, _TANH_Q)


@jax.custom_jvp
def _tanh(x):
    return _tanh_float32(x) if x.dtype == np.float32 else jnp.tanh(x)


@_tanh.defjvp
def _tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _tanh(x)
    if jnp.iscomplexobj(y):
        return y, t * (1 - y * y)
    return y, t * (1 - rounded(y * y))  # TF's TanhGrad: grad * (1 - y * y)


@jax.custom_jvp
def _pow(x, y):
    return jnp.power(x, y)


@_pow.defjvp
def _pow_jvp(primals, tangents):
    # TF's PowGrad: d/dy is z * log(x) where x > 0 (x != 0 for complex), else 0.
    (x, y), (tx, ty) = primals, tangents
    z = jnp.power(x, y)
    if not jnp.issubdtype(z.dtype, jnp.inexact):
        return z, jnp.zeros_like(z)
    mask = x != 0 if jnp.issubdtype(x.dtype, jnp.complexfloating) else x > 0
    log_x = jnp.where(mask, jnp.log(jnp.where(mask, x, jnp.ones_like(x))), jnp.zeros_like(x))
    return z, tx * y * jnp.power(x, y - 1) + ty * z * log_x


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
# from them in the signs of zero parts once conjugated. Real ones are JAX's (the same).
_mul_complex = tf_gradient(jnp.multiply, lambda g, x, y, z: (
    unbroadcast(g * jnp.conj(y), x.shape), unbroadcast(jnp.conj(x) * g, y.shape)))


def _quotient_grad(divide):
    """TF's RealDivGrad (DivNoNanGrad) for complex inputs, with the op's own `divide`."""
    def grad(g, x, y, z):
        cx, cy = jnp.conj(x), jnp.conj(y)
        return (unbroadcast(divide(g, cy), x.shape),
                unbroadcast(g * divide(divide(-cx, cy), cy), y.shape))
    return grad


_div_complex = tf_gradient(_complex_divide, _quotient_grad(_complex_divide))


def _multiply(x, y):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return _mul_complex(x, y)
    return jnp.multiply(x, y)


def _true_divide(x, y):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return _div_complex(x, y)
    return exact_divide(x, y)


# TF's op-def dtype lists (their order is that of TF's messages).
_ADDV2_T = ("bfloat16", "half", "float", "double", "uint8", "uint16", "uint32", "uint64",
    "int8", "int16", "int32", "int64", "complex64", "complex128")
_SUB_T = ("bfloat16", "half", "float", "double", "uint8", "int8", "uint16", "int16", "int32",
    "int64", "complex64", "complex128", "uint32", "uint64")
_MUL_T = ("bfloat16", "half", "float", "double", "uint8", "int8", "uint16", "int16", "int32",
    "uint32", "uint64", "int64", "complex64", "complex128")
_FLOORDIV_T = ("bfloat16", "half", "float", "double", "uint8", "int8", "uint16", "int16",
    "int32", "uint32", "uint64", "int64", "complex64", "complex128")
_FLOORMOD_T = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "bfloat16", "half", "float", "double")
_POW_T = ("bfloat16", "float", "half", "double", "int8", "int16", "int32", "int64",
    "complex64", "complex128")
_MAXIMUM_T = ("bfloat16", "half", "float", "double", "int8", "uint8", "int16", "uint16",
    "int32", "uint32", "int64", "uint64")
_ADD_SUMMARY = ("name={name}; signature=x:T, y:T -> z:T; attr=T:type,allowed=[{enums}]; "
                "is_commutative=true; is_aggregate=true")
_MUL_SUMMARY = "name={name}; signature=x:T, y:T -> z:T; attr=T:type,allowed=[{enums}]; " \
    "is_commutative=true"

add = binary("AddV2", jnp.add, _ADDV2_T, summary=_ADD_SUMMARY, hint=True, strings=string_kernels.add)
subtract = binary("Sub", jnp.subtract, _SUB_T)
multiply = binary("Mul", _multiply, _MUL_T, summary=_MUL_SUMMARY, jvp_fn=jnp.multiply)
maximum = binary("Maximum", _maximum, _MAXIMUM_T)
minimum = binary("Minimum", _minimum, _MAXIMUM_T)
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


_floordiv = binary("FloorDiv", _divide("FloorDiv", jnp.floor_divide), _FLOORDIV_T,
                   differentiable=False)


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


_floormod = binary("FloorMod", _divide("FloorMod", _floormod_fn), _FLOORMOD_T)
_truncatediv = binary("TruncateDiv", _divide("TruncateDiv", lambda x, y: lax.div(x, y) if
                      jnp.issubdtype(x.dtype, jnp.integer) else jnp.trunc(x / y)),
                      differentiable=False)
# TF registers no gradient for TruncateMod; here it is None (TF raises LookupError).
_truncatemod = binary("TruncateMod", _divide("TruncateMod", lax.rem), differentiable=False)
squared_difference = binary(
    "SquaredDifference", lambda x, y: (x - y) * jnp.conj(x - y),
    allowed=FLOAT + ("int32", "int64", "complex64", "complex128"),
    summary="name={name}; signature=x:T, y:T -> z:T; attr=T:type,allowed=[{enums}]; "
            "is_commutative=true")
atan2 = binary("Atan2", jnp.arctan2, allowed=FLOAT,
               summary="name={name}; signature=y:T, x:T -> z:T; attr=T:type,allowed=[{enums}]")


@jax.custom_jvp
def _nextafter(x, y):
    return jnp.nextafter(x, y)


# TF's NextAfter gradient: 1 for x, 0 for y.
_nextafter.defjvp(lambda primals, tangents: (_nextafter(*primals), tangents[0]))
nextafter = binary(
    "NextAfter", _nextafter, allowed=("double", "float"),
    summary="name={name}; signature=x1:T, x2:T -> output:T; "
            "attr=T:type,default=DT_FLOAT,allowed=[{enums}]")


def _integer_division(public):
    """An integer division op: a zero divisor raises TF's error (eagerly at once, in a
    tf.function when it runs)."""
    def checked(x, y, name=None):
        x, y = match2(x, y, public.op)
        attrs = ()
        if x.dtype.is_integer:
            attrs = checked_attr(_DIVIDE_CHECKS[public.op.name], y)
        return execute(public.op, (x, y), attrs)
    checked.op = public.op
    return checked


floordiv = cpu_kernels(
    _integer_division(_floordiv),
    ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64", "bfloat16",
     "uint16", "complex128", "half", "uint32", "uint64"),
    ("double", "bfloat16", "half", "float", "int64", "int32", "int16", "int8", "uint64",
     "uint32", "uint16", "uint8"), default=("int32",))
floormod = mod = _integer_division(_floormod)
truncatediv = _integer_division(_truncatediv)
truncatemod = _integer_division(_truncatemod)


def _mul_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x * y)


@jax.custom_jvp
def _div_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x / jnp.where(y == 0, jnp.ones_like(y), y))


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


_mul_no_nan_op = Op("MulNoNan", _mul_no_nan, allowed=INEXACT, error=broadcast_error,
                    summary="name=MulNoNan; signature=x:T, y:T -> z:T; "
                            "attr=T:type,allowed=[{enums}]")
_div_no_nan_op = Op("DivNoNan", _div_no_nan_fn, error=broadcast_error, jvp_fn=_div_no_nan)


def multiply_no_nan(x, y, name=None):
    """tf.math.multiply_no_nan: x * y, and 0 where y is 0 (even if x is nan or inf)."""
    x, y = match2(x, y, _mul_no_nan_op)
    return execute(_mul_no_nan_op, (x, y))


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


def _checked_pow(x, y, checked=False):
    """_pow; with the `checked` attribute (integers inside a tf.function) a negative
    exponent raises TF's error when the function runs."""
    out = _pow(x, y)
    return host_callback.checked(out, _negative_power_error, y) if checked else out


_pow_op = Op("Pow", _checked_pow, error=broadcast_error, allowed=_POW_T,
             summary="name=Pow; signature=x:T, y:T -> z:T; attr=T:type,allowed=[{enums}]")
_realdiv_op = Op("RealDiv", _true_divide, error=broadcast_error, jvp_fn=jnp.true_divide)

negative = unary("Neg", jnp.negative, allowed=SIGNED)
_abs = unary("Abs", _abs_real, allowed=FLOAT + ("int8", "int16", "int32", "int64"))
def _complex_abs_value(z):
    if z.dtype != np.complex64:
        return jnp.abs(z)
    # TF's kernel is std::abs, glibc's hypotf: sqrt(x * x + y * y) in double, rounded once
    # to float (XLA's own, scaled formula is 1 ulp off at times); inf if x or y is.
    x, y = jnp.real(z).astype(np.float64), jnp.imag(z).astype(np.float64)
    r = jnp.sqrt(x * x + y * y).astype(np.float32)
    return jnp.where(jnp.isinf(x) | jnp.isinf(y), np.float32(np.inf), r)


@jax.custom_jvp
def _complex_abs(z):
    return _complex_abs_value(z)


@_complex_abs.defjvp
def _complex_abs_jvp(primals, tangents):
    return _complex_abs_value(*primals), jax.jvp(jnp.abs, primals, tangents)[1]


# TF's ComplexAbsGrad: div_no_nan(complex(g, 0) * z, complex(|z|, 0)).
_complex_abs_op = Op("ComplexAbs", tf_gradient(_complex_abs, lambda g, x, y: (
    _complex_div_no_nan(lax.complex(g, jnp.zeros_like(g)) * x,
                        lax.complex(y, jnp.zeros_like(y))),)), jvp_fn=_complex_abs)
square = unary("Square", jnp.square, allowed=FLOAT + INTS + ("complex64", "complex128"))
sqrt = unary("Sqrt", _sqrt, jvp_fn=jnp.sqrt)
rsqrt = unary("Rsqrt", _rsqrt, jvp_fn=lax.rsqrt)
exp = unary("Exp", jnp.exp)
expm1 = unary("Expm1", upcast(jnp.expm1, np.float32))
log = unary("Log", jnp.log)
log1p = unary("Log1p", jnp.log1p)
sin = unary("Sin", jnp.sin)
cos = unary("Cos", jnp.cos)
tan = unary("Tan", jnp.tan)
asin = unary("Asin", jnp.arcsin)
acos = unary("Acos", jnp.arccos)
atan = unary("Atan", jnp.arctan)
sinh = unary("Sinh", jnp.sinh)
cosh = unary("Cosh", jnp.cosh)
tanh = unary("Tanh", _tanh)
asinh = unary("Asinh", jnp.arcsinh)
acosh = unary("Acosh", jnp.arccosh)
atanh = unary("Atanh", jnp.arctanh)
sigmoid = unary("Sigmoid", _sigmoid, jvp_fn=upcast(_sigmoid_jvp_fn, np.float32))
sign = unary("Sign", _sign, allowed=SIGNED)
floor = unary("Floor", jnp.floor, allowed=FLOAT, differentiable=False)
ceil = unary("Ceil", jnp.ceil, allowed=FLOAT, differentiable=False)
_round = cpu_kernels(
    unary("Round", jnp.round, allowed=SIGNED, differentiable=False),
    ("float", "double", "int32", "int16", "int8", "complex64", "int64", "bfloat16",
     "complex128", "half"), ("int64", "int32", "bfloat16", "double", "float", "half"))
_TO_BOOL = dict(allowed=FLOAT, differentiable=False,
                summary="name={name}; signature=x:T -> y:bool; attr=T:type,allowed=[{enums}]")
is_nan = unary("IsNan", jnp.isnan, **_TO_BOOL)
is_inf = unary("IsInf", jnp.isinf, **_TO_BOOL)
is_finite = unary("IsFinite", jnp.isfinite, **_TO_BOOL)

_FLOAT_KERNELS = (("float", "double", "bfloat16", "half"), ("double", "float"))
rint = cpu_kernels(unary("Rint", jnp.rint, allowed=FLOAT, differentiable=False),
                   *_FLOAT_KERNELS)
reciprocal = cpu_kernels(
    unary("Reciprocal", _reciprocal, allowed=SIGNED, jvp_fn=jnp.reciprocal),
    ("float", "double", "int32", "int16", "int8", "complex64", "int64", "bfloat16",
     "complex128", "half"),
    ("complex128", "complex64", "double", "bfloat16", "half", "float"))


def abs(x, name=None):
    """tf.math.abs: the magnitude (a real tensor) for complex inputs; gradient 0 at 0."""
    x = to_tensor(x)
    if x.dtype.is_complex:
        return execute(_complex_abs_op, (x,))
    return _abs(x)


def round(x, name=None):
    """tf.math.round: half to even; integers are returned as they are."""
    x = to_tensor(x)
    return x if x.dtype.is_integer else _round(x)


def reciprocal_no_nan(x, name=None):
    """tf.math.reciprocal_no_nan: 1 / x, and 0 where x is 0."""
    x = to_tensor(x)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"x has incorrect data type: {x.dtype!r} ")
    return divide_no_nan(convert_to_tensor(1, dtype=x.dtype), x)


# -- complex parts ---------------------------------------------------------------------------

def _complex_part(name, fn, doc, of_real, jvp_fn=None):
    """tf.math.real/imag/conj/angle: an Op on complex inputs, `of_real(x)` otherwise."""
    op = Op(name, fn, jvp_fn=jvp_fn)

    def public(input, name=None):
        x = to_tensor(input)
        if x.dtype.is_complex:
            return execute(op, (x,))
        return of_real(x)
    public.__doc__ = doc
    return public


_complex_op = Op("Complex", lambda re, im: lax.complex(*jnp.broadcast_arrays(re, im)),
                 error=broadcast_error)


def complex(real, imag, name=None):
    """tf.complex: complex64 from float32 parts, complex128 from float64 ones."""
    re, im = to_tensor(real), to_tensor(imag)
    if re.dtype is not im.dtype or re.dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{re.dtype.name} {im.dtype.name}. They must be consistent, and one "
                        f"of [tf.float32, tf.float64]")
    return execute(_complex_op, (re, im))


def _real_of_real(x):
    if not (x.dtype.is_floating or x.dtype.is_integer):
        raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x.dtype}")
    return x


def _conj_of_real(x):
    if x.dtype.is_bool or x.dtype is dtypes.string:
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")
    return x


def _angle_of_real(x):
    pi = convert_to_tensor(np.pi, dtype=x.dtype)  # TF's TypeError for integers
    return EagerTensor(jnp.where(x._value < 0, pi._value, jnp.zeros_like(x._value)))


# TF's RealGrad: complex(g, 0) (JAX's, conjugated, has a -0 imaginary part).
real = _complex_part("Real", tf_gradient(jnp.real, lambda g, x, y: (
    lax.complex(g, jnp.zeros_like(g)),)), "tf.math.real: a real input is returned as it is.",
    _real_of_real, jvp_fn=jnp.real)
imag = _complex_part("Imag", jnp.imag, "tf.math.imag: zeros (not connected to a tape) for a "
                     "real input.", lambda x: EagerTensor(jnp.zeros_like(x._value)))
conj = _complex_part("Conj", jnp.conj, "tf.math.conj: a real input is returned as it is.",
                     _conj_of_real)
angle = _complex_part("Angle", jnp.angle, "tf.math.angle: for a real input pi where it is "
                      "negative, else 0 (no gradient).", _angle_of_real)


_LOGICAL = "name={}; signature=x:bool, y:bool -> z:bool; is_commutative=true"
_logical_not = Op("LogicalNot", jnp.logical_not, differentiable=False,
                  summary="name=LogicalNot; signature=x:bool -> y:bool")
_logical_and = Op("LogicalAnd", jnp.logical_and, differentiable=False, error=broadcast_error,
                  summary=_LOGICAL.format("LogicalAnd"))
_logical_or = Op("LogicalOr", jnp.logical_or, differentiable=False, error=broadcast_error,
                 summary=_LOGICAL.format("LogicalOr"))
_logical_xor = Op("LogicalXor", jnp.logical_xor, differentiable=False, error=broadcast_error)


def logical_not(x, name=None):
    x = to_tensor(x)
    if not x.dtype.is_bool:
        raise mismatch_error("LogicalNot", 0, dtypes.bool, x.dtype)
    return execute(_logical_not, (x,))


def _logical_inputs(x, y, op_name):
    if isinstance(x, Tensor) and not x.dtype.is_bool:   # (checked first: x is input #0)
        raise mismatch_error(op_name, 0, dtypes.bool, x.dtype)
    x, y = match2(x, y, op_name)
    if not x.dtype.is_bool:
        raise mismatch_error(op_name, 0, dtypes.bool, x.dtype)
    return x, y


def logical_and(x, y, name=None):
    return execute(_logical_and, _logical_inputs(x, y, "LogicalAnd"))


def logical_or(x, y, name=None):
    return execute(_logical_or, _logical_inputs(x, y, "LogicalOr"))


def logical_xor(x, y, name="LogicalXor"):
    # TF's is logical_and(logical_or(x, y), logical_not(logical_and(x, y))).
    return execute(_logical_xor, _logical_inputs(x, y, "LogicalOr"))


def pow(x, y, name=None):
    """tf.math.pow. Integers to negative integer powers raise, as in TF."""
    x, y = match2(x, y, _pow_op)
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


def truediv(x, y, name=None):
    """tf.math.truediv (Python `/`): integers are divided as floats (int32 -> float64)."""
    x, y = _cast_for_truediv(*hinted_truediv(x, y))
    return execute(_realdiv_op, (x, y))


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


def divide(x, y, name=None):
    """tf.math.divide: `x / y`, converting a Python `x` to y's dtype first."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        x = convert_to_tensor(x, dtype=y.dtype)
    return truediv(x, y)


realdiv = truediv


# -- comparisons ------------------------------------------------------------------------

def _compare(name, fn, strings=None, allowed=REAL[:12]):
    """Equal, NotEqual (any dtype: `allowed` None) and the orderings (real numbers)."""
    summary = f"name={name}; signature=x:T, y:T -> z:bool; attr=T:type" + (
        ",allowed=[{enums}]" if allowed else "")
    op = Op(name, fn, differentiable=False, allowed=allowed, summary=summary,
            error=broadcast_error, strings=strings)

    def public(x, y, name=None):
        return execute(op, match2(x, y, op))
    public.op = op
    return public


equal = _compare("Equal", jnp.equal, string_kernels.equal, None)
not_equal = _compare("NotEqual", jnp.not_equal, string_kernels.not_equal, None)
less = _compare("Less", jnp.less)
less_equal = _compare("LessEqual", jnp.less_equal)
greater = _compare("Greater", jnp.greater)
greater_equal = _compare("GreaterEqual", jnp.greater_equal)


def tensor_equals(x, y, equal_op=equal):
    """`==` on Tensors: None gives False, incompatible shapes a scalar False (as TF)."""
    if y is None:
        return equal_op is not_equal
    try:
        return equal_op(x, y)
    except errors.InvalidArgumentError as e:
        if "Incompatible shapes" not in str(e):
            raise
        from ..framework.constant_op import constant
        return constant(equal_op is not_equal)


# -- casts --------------------------------------------------------------------------------

def _truncate(x, bits):
    """x (float64) truncated to a `bits`-bit int as x86's cvttsd2si: the int's minimum
    for nan and out-of-range x."""
    t = jnp.trunc(x)
    ok = (t >= -2.0 ** (bits - 1)) & (t < 2.0 ** (bits - 1))
    low = jnp.iinfo(f"int{bits}").min
    return jnp.where(ok, jnp.where(ok, t, 0).astype(f"int{bits}"), low)


def _float_to_int(x, dtype):
    """TF's scalar C++ static_cast: narrower ints wrap an int32 conversion, uint32 an int64
    one; uint64 converts x - 2**63 when x's int64 is negative (so nan, inf give 2**63)."""
    x = x.astype(jnp.float64)
    bits = jnp.iinfo(dtype).bits
    if bits < 32 or dtype == jnp.int32:
        return _truncate(x, 32).astype(dtype)
    wide = _truncate(x, 64)
    if dtype == jnp.uint64:
        wide = jnp.where(wide < 0, wide | _truncate(x - 2.0 ** 63, 64), wide)
    return wide.astype(dtype)


def _cast(x, dtype):
    if jnp.issubdtype(x.dtype, jnp.complexfloating) and not jnp.issubdtype(
            dtype, jnp.complexfloating):
        x = jnp.real(x)
    if jnp.issubdtype(x.dtype, jnp.floating) and jnp.issubdtype(dtype, jnp.integer):
        return _float_to_int(x, jnp.dtype(dtype))
    return x.astype(dtype)


_cast_op = Op("Cast", _cast)


def cast(x, dtype, name=None):
    """tf.cast. Float to int truncates toward zero; nan and out-of-range values give what
    TF's scalar C++ cast gives on x86 (tf.cast(300., tf.uint8) is 44). TF's vectorized
    Eigen cast saturates some of them instead, in tensors of 8 or more elements (by
    position), which this does not reproduce. Complex to real keeps the real part."""
    x = to_tensor(x)
    dtype = dtypes.as_dtype(dtype)
    if x.dtype is dtype:
        return x
    if dtypes.string in (x.dtype, dtype) or dtype._np is None:   # (resource, variant; and
        # tf.strings.to_number / as_string do strings)
        raise errors.op_error(errors.UnimplementedError, "Cast", f"Cast {x.dtype._tf_name} "
                              f"to {dtype._tf_name} is not supported", kernel="Cast")
    if x.dtype.is_complex and dtype.is_floating:   # (TF warns for float targets only)
        tf_logging.get_logger().warning(
            f"You are casting an input of type {x.dtype.name} to an incompatible dtype "
            f"{dtype.name}.  This will discard the imaginary part and may not be what you "
            f"intended.")
    return execute(_cast_op, (x,), (("dtype", dtype._np),))


# -- matmul ---------------------------------------------------------------------------------

def _matmul_plain(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    if transpose_a or adjoint_a:
        a = jnp.swapaxes(a, -1, -2)
        a = jnp.conj(a) if adjoint_a else a
    if transpose_b or adjoint_b:
        b = jnp.swapaxes(b, -1, -2)
        b = jnp.conj(b) if adjoint_b else b
    return jnp.matmul(a, b)


@functools.lru_cache(maxsize=None)
def _matmul_tf(flags, fix_out, fix_a, fix_b):
    """matmul with TF's gradients (MatMulGrad: g @ b^H and a^H @ g, complex ones not
    conjugated afterwards), and TF's +0.0 where a dot of one term is zero, as its kernel
    gives it (XLA makes such a dot a product, -0.0 at times): in the product if
    `fix_out`, in the gradients of a and b if `fix_a`, `fix_b`."""
    plain = functools.partial(_matmul_plain, **dict(flags))

    def fn(a, b):
        out = plain(a, b)
        return plus_zero(out) if fix_out else out

    def grad(g, a, b, out):
        _, pullback = jax.vjp(plain, jnp.conj(a), jnp.conj(b))
        ga, gb = pullback(g)
        return plus_zero(ga) if fix_a else ga, plus_zero(gb) if fix_b else gb
    return tf_gradient(fn, grad)


def _matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    flags = (("transpose_a", transpose_a), ("transpose_b", transpose_b),
             ("adjoint_a", adjoint_a), ("adjoint_b", adjoint_b))
    if jnp.issubdtype(a.dtype, jnp.inexact):
        a_t, b_t = transpose_a or adjoint_a, transpose_b or adjoint_b
        m, k = (a.shape[-1], a.shape[-2]) if a_t else (a.shape[-2], a.shape[-1])
        n = b.shape[-2] if b_t else b.shape[-1]
        complex_ = jnp.issubdtype(a.dtype, jnp.complexfloating)
        if complex_ or 1 in (m, k, n):
            # A dot of one term is +0.0 where zero in TF's oneDNN kernels (float32,
            # bfloat16), and in its Eigen ones when neither operand is transposed (else
            # the product's own sign). TF's gradients are the products g @ b^T (b
            # transposed unless b_t) and a^T @ g (a transposed unless a_t).
            onednn = a.dtype in (np.float32, jnp.bfloat16)
            return _matmul_tf(flags, k == 1 and (onednn or not (a_t or b_t)),
                              n == 1 and (onednn or (b_t and not a_t)),
                              m == 1 and (onednn or (a_t and not b_t)))(a, b)
    return _matmul_plain(a, b, **dict(flags))


def _matmul_error(op, arrays, attrs, exc):
    a, b = arrays
    if a.ndim < 2 or b.ndim < 2:
        text = f"In[{0 if a.ndim < 2 else 1}] ndims must be >= 2"
    elif a.ndim == 2 and b.ndim == 2:
        text = f"Matrix size-incompatible: In[0]: {shape_list(a.shape)}, In[1]: " \
               f"{shape_list(b.shape)}"
    else:
        text = str(exc)
    return errors.op_error(errors.InvalidArgumentError, "MatMul", text, kernel="__MklMatMul")


_matmul_op = Op(
    "MatMul", _matmul, error=_matmul_error, jvp_fn=_matmul_plain,
    allowed=FLOAT + ("int32", "int64", "uint8", "uint16", "uint32", "uint64", "complex64",
                     "complex128"),
    summary="name=MatMul; signature=a:T, b:T -> product:T; attr=transpose_a:bool,"
            "default=false; attr=transpose_b:bool,default=false; attr=T:type,allowed=[{enums}]; "
            "attr=grad_a:bool,default=false; attr=grad_b:bool,default=false")
_MATMUL_KERNELS = (("float", "double", "int32", "complex64", "int64", "bfloat16", "complex128",
                    "half"),
                   ("int64", "int32", "int16", "double", "float", "bfloat16", "half",
                    "complex128", "complex64"))


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False,
           grad_b=False, name=None):
    """tf.linalg.matmul for rank >= 2 (batch dimensions broadcast)."""
    a = to_tensor(a)   # (oneDNN's kernel for float32 and bfloat16, Eigen's for the rest)
    a, b = hinted(a, b, _matmul_op,
                  "_MklMatMul" if a.dtype in (dtypes.float32, dtypes.bfloat16) else None)
    if a.ndim < 2 or b.ndim < 2:
        raise _matmul_error(None, (a._value, b._value), None, None)
    if a.dtype.is_unsigned and a.ndim == b.ndim == 2:   # (no CPU kernel)
        flags = ", ".join(f"{k}={str(bool(v)).lower()}" for k, v in (
            ("grad_a", grad_a), ("grad_b", grad_b), ("transpose_a", transpose_a or adjoint_a),
            ("transpose_b", transpose_b or adjoint_b)))
        raise kernel_not_found("MatMul", a.dtype, *_MATMUL_KERNELS, attrs=", " + flags)
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    k_a, k_b = a.shape[-2 if ta else -1], b.shape[-1 if tb else -2]
    if a.ndim == b.ndim == 2 and k_a != k_b and shape_inference.tracing():
        raise shape_inference.node_error(
            f"Dimensions must be equal, but are {k_a} and {k_b}", "MatMul", (a, b),
            (("T", shape_inference.dtype_enum(a)), ("grad_a", bool(grad_a)),
             ("grad_b", bool(grad_b)), ("transpose_a", ta), ("transpose_b", tb)))
    return execute(_matmul_op, (a, b), (("transpose_a", bool(transpose_a)),
                                        ("transpose_b", bool(transpose_b)),
                                        ("adjoint_a", bool(adjoint_a)),
                                        ("adjoint_b", bool(adjoint_b))))


# -- composites -----------------------------------------------------------------------------

def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """tf.clip_by_value: minimum then maximum, so the bounds pass the gradient (as TF)."""
    t = to_tensor(t)
    return maximum(minimum(t, clip_value_max), clip_value_min)


_add_n_op = Op("AddN", lambda *xs: functools.reduce(jnp.add, xs),
               allowed=NUMBER + ("variant",),
               summary="name=AddN; signature=inputs:N*T -> sum:T; attr=N:int,min=1; "
                       "attr=T:type,allowed=[{enums}]; is_commutative=true; is_aggregate=true")


def add_n(inputs, name=None):
    """tf.math.add_n: the sum of tensors of one dtype and shape."""
    inputs = list(inputs) if isinstance(inputs, (list, tuple, Tensor)) else None
    if not inputs or any(v is None for v in inputs):   # (a Tensor: its rows)
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices "
                         "with the same dtype and shape.")
    if len(inputs) == 1:   # (TF returns it, whatever its dtype)
        return to_tensor(inputs[0])
    inputs = match(inputs, _add_n_op)
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
    """tf.math.accumulate_n (deprecated in TF, which logs so; here it only adds)."""
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


def zero_fraction(value, name=None):
    """tf.math.zero_fraction: the float32 fraction of zeros."""
    v = to_tensor(value)._value
    return EagerTensor(jnp.mean(v == 0, dtype=jnp.float32))
