"""tf.math's unary elementwise ops (sqrt, exp, log, trigonometric, tanh, sigmoid, abs,
sign, rounding, reciprocal, is_nan ...) and the complex parts (complex, real, imag,
conj, angle); exp, tanh and sigmoid evaluate as TF's Eigen kernels do."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.tensor import EagerTensor
from ..framework.composite_dispatch import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, dispatchable
from .eigen_log import eigen_log, eigen_log1p
from .eigen_trig import eigen_cos, eigen_sin
from .math_common import (
    broadcast_error, cpu_kernels, eigen_exp, eigen_packets, polevl, rounded, tf_gradient, unary,
    operand_names, upcast,
)
from .arithmetic_ops import (
    _abs_real, _complex_abs_value, _complex_div_no_nan, _reciprocal, _reciprocal_value, _rsqrt,
    _sign, _sqrt, divide_no_nan,
)

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "complex", "cos",
    "cosh", "exp", "floor", "negative", "round", "sigmoid", "sign", "sin", "sinh", "sqrt",
    "square", "tan", "tanh"]


# Eigen's float tanh (ptanh_float), as TF's CPU kernel evaluates it (built without FMA):
# x clamped to +-7.90738964, then x * P(x^2) / Q(x^2), a [9/8] rational approximation.
_TANH_P = np.array([1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1],
                   np.float32)
_TANH_Q = np.array([8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1, 1.0],
                   np.float32)
_TANH_CLAMP = np.float32(7.90738964080810547)
# Eigen's double tanh (ptanh_double) on whole packets of 4: x clamped to +-17.714196154, a
# [19/18] rational approximation; the scalar code (the last size % 4) is std::tanh (here
# XLA's tanh, which differs from glibc's in the last bit now and then).
_TANH64_P = np.array([
    2.6158007860482230e-23, 7.6534862268749319e-19, 3.1309488231386680e-15,
    4.2303918148209176e-12, 2.4618379131293676e-09, 6.8644367682497074e-07,
    9.3839087674268880e-05, 5.9809711724441161e-03, 1.5184719640284322e-01])
_TANH64_Q = np.array([
    6.463747022670968018e-21, 5.782506856739003571e-17, 1.293019623712687916e-13,
    1.123643448069621992e-10, 4.492975677839633985e-08, 8.785185266237658698e-06,
    8.295161192716231542e-04, 3.437448108450402717e-02, 4.851805297361760360e-01, 1.0])
_TANH64_CLAMP = 17.714196154005176


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


def _sigmoid_double(x):
    """Eigen's generic logistic (double): e = exp(x) (pexp on packets, std::exp on the
    rest: eigen_exp), 1 where e is inf, else e / (1 + e)."""
    e = eigen_exp(x)
    return jnp.where(e == jnp.inf, 1.0, e / (1.0 + e))


def _sigmoid_value(x):
    if x.dtype == np.float32:
        return eigen_packets(_sigmoid_packet, _sigmoid_scalar, x)
    return _sigmoid_double(x) if x.dtype == np.float64 else jax.nn.sigmoid(x)


@jax.custom_jvp
def _sigmoid_jvp_fn(x):
    return _sigmoid_value(x)


@_sigmoid_jvp_fn.defjvp
def _sigmoid_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _sigmoid_value(x)
    return y, t * (y * (1 - y))


_sigmoid_eigen = jax.custom_vjp(_sigmoid_value)
# TF's SigmoidGrad, g * y * (1 - y), associated as Eigen's packet and scalar code do.
_sigmoid_eigen.defvjp(lambda x: (_sigmoid_value(x),) * 2, lambda y, g: (
    eigen_packets(_sigmoid_grad_packet, _sigmoid_grad_scalar, y, g),))


# Half and bfloat16: computed in float32 and rounded once, as TF's kernel does; its
# SigmoidGrad in the narrow dtype.
_sigmoid_narrow = jax.custom_vjp(upcast(jax.nn.sigmoid, np.float32))
_sigmoid_narrow.defvjp(lambda x: (_sigmoid_narrow(x),) * 2,
                       lambda y, g: (_sigmoid_grad_packet(y, g),))


def _sigmoid(x):
    if x.dtype in (np.float32, np.float64):
        return _sigmoid_eigen(x)
    return _sigmoid_narrow(x) if x.dtype.itemsize == 2 else jax.nn.sigmoid(x)


@jax.custom_jvp
def _exp(x):
    return jnp.exp(x) if jnp.iscomplexobj(x) else eigen_exp(x)


@_exp.defjvp
def _exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _exp(x)
    return y, t * y


@jax.custom_jvp
def _sin(x):
    """TF's CPU Sin: Eigen's float32 code (eigen_trig) on the CPU, else XLA's; its
    derivative cos (so TF's gradient rules built on it differentiate again)."""
    return eigen_sin(x) if x.dtype == np.float32 and config.placed_on_cpu() else jnp.sin(x)


@jax.custom_jvp
def _cos(x):
    """TF's CPU Cos, as _sin."""
    return eigen_cos(x) if x.dtype == np.float32 and config.placed_on_cpu() else jnp.cos(x)


_sin.defjvp(lambda primals, tangents: (_sin(primals[0]), tangents[0] * _cos(primals[0])))
_cos.defjvp(lambda primals, tangents: (_cos(primals[0]), -tangents[0] * _sin(primals[0])))


@jax.custom_jvp
def _log(x):
    return eigen_log(x)


@_log.defjvp
def _log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return eigen_log(x), t * _reciprocal_value(x)   # (TF's LogGrad: grad * reciprocal(x))


@jax.custom_jvp
def _log1p(x):
    return eigen_log1p(x)


@_log1p.defjvp
def _log1p_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return eigen_log1p(x), t * _reciprocal_value(1 + x)   # (TF's Log1pGrad)


def _tanh_float32(a):
    x = jnp.clip(a, -_TANH_CLAMP, _TANH_CLAMP)
    x2 = x * x
    p = rounded(x2 * x * polevl(x2, _TANH_P)) + x
    return p / polevl(x2, _TANH_Q)


def _tanh_float64_packet(a):
    x = jnp.clip(a, -_TANH64_CLAMP, _TANH64_CLAMP)
    x2 = x * x
    p = rounded(rounded(x2 * x) * polevl(x2, _TANH64_P)) + x
    return p / polevl(x2, _TANH64_Q)


@jax.custom_jvp
def _tanh(x):
    if x.dtype == np.float64:
        return eigen_packets(_tanh_float64_packet, jnp.tanh, x)
    return _tanh_float32(x) if x.dtype == np.float32 else jnp.tanh(x)


@_tanh.defjvp
def _tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _tanh(x)
    if jnp.iscomplexobj(y):
        return y, t * (1 - y * y)
    return y, t * (1 - rounded(y * y))  # TF's TanhGrad: grad * (1 - y * y)


negative = unary("Neg", jnp.negative)
_abs = unary("Abs", _abs_real)


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
square = unary("Square", jnp.square)
sqrt = unary("Sqrt", _sqrt, jvp_fn=jnp.sqrt)
rsqrt = unary("Rsqrt", _rsqrt, jvp_fn=lax.rsqrt)
# TF's ExpGrad: grad * conj(y), its complex product's signed zeros included.
exp = unary("Exp", tf_gradient(_exp, lambda g, x, y: (g * jnp.conj(y),)),
            jvp_fn=_exp)
expm1 = unary("Expm1", upcast(jnp.expm1, np.float32))
log = unary("Log", _log)
log1p = unary("Log1p", _log1p)
sin = unary("Sin", tf_gradient(_sin, lambda g, x, y: (g * jnp.conj(_cos(x)),)), jvp_fn=jnp.sin)
cos = unary("Cos", tf_gradient(_cos, lambda g, x, y: (-g * jnp.conj(_sin(x)),)), jvp_fn=jnp.cos)


def _inverse_sqrt_one_minus_square(x):
    """TF's AsinGrad and AcosGrad factor: reciprocal(sqrt(1 - square(conj(x))))."""
    x = jnp.conj(x)
    return _reciprocal(jnp.sqrt(1 - rounded(x * x)))


# TF's TanGrad, AsinGrad, AcosGrad and AtanGrad, with its Reciprocal kernel.
tan = unary("Tan", tf_gradient(jnp.tan, lambda g, x, y: (
    jnp.square(_reciprocal(_cos(jnp.conj(x)))) * g,)), jvp_fn=jnp.tan)
asin = unary("Asin", tf_gradient(jnp.arcsin, lambda g, x, y: (
    g * _inverse_sqrt_one_minus_square(x),)), jvp_fn=jnp.arcsin)
acos = unary("Acos", tf_gradient(jnp.arccos, lambda g, x, y: (
    -g * _inverse_sqrt_one_minus_square(x),)), jvp_fn=jnp.arccos)
atan = unary("Atan", tf_gradient(jnp.arctan, lambda g, x, y: (
    g * _reciprocal(1 + rounded(jnp.conj(x) * jnp.conj(x))),)), jvp_fn=jnp.arctan)
sinh = unary("Sinh", jnp.sinh)
cosh = unary("Cosh", jnp.cosh)
tanh = unary("Tanh", _tanh)
asinh = unary("Asinh", jnp.arcsinh)
acosh = unary("Acosh", jnp.arccosh)
atanh = unary("Atanh", jnp.arctanh)
sigmoid = unary("Sigmoid", _sigmoid, jvp_fn=upcast(_sigmoid_jvp_fn, np.float32))
sign = unary("Sign", _sign)
floor = unary("Floor", jnp.floor, differentiable=False)
ceil = unary("Ceil", jnp.ceil, differentiable=False)
_round = cpu_kernels(
    unary("Round", jnp.round, differentiable=False),
    ("float", "double", "int32", "int16", "int8", "complex64", "int64", "bfloat16",
     "complex128", "half"), ("int64", "int32", "bfloat16", "double", "float", "half"))
_TO_BOOL = dict(differentiable=False)
is_nan = unary("IsNan", jnp.isnan, **_TO_BOOL)
is_inf = unary("IsInf", jnp.isinf, **_TO_BOOL)
is_finite = unary("IsFinite", jnp.isfinite, **_TO_BOOL)

_FLOAT_KERNELS = (("float", "double", "bfloat16", "half"), ("double", "float"))
rint = cpu_kernels(unary("Rint", jnp.rint, differentiable=False),
                   *_FLOAT_KERNELS)
reciprocal = cpu_kernels(
    unary("Reciprocal", _reciprocal, jvp_fn=jnp.reciprocal),
    ("float", "double", "int32", "int16", "int8", "complex64", "int64", "bfloat16",
     "complex128", "half"),
    ("complex128", "complex64", "double", "bfloat16", "half", "float"))


@dispatchable("x", group=UNARY_ELEMENTWISE)
def abs(x, name=None):
    """tf.math.abs: the magnitude (a real tensor) for complex inputs; gradient 0 at 0."""
    x = to_tensor(x)
    if x.dtype.is_complex:
        return execute(_complex_abs_op, (x,))
    return _abs(x)


@dispatchable("x", group=UNARY_ELEMENTWISE)
def round(x, name=None):
    """tf.math.round: half to even; integers are returned as they are."""
    x = to_tensor(x)
    return x if x.dtype.is_integer else _round(x)


@dispatchable("x", group=UNARY_ELEMENTWISE)
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

    @dispatchable("input", group=UNARY_ELEMENTWISE)
    def public(input, name=None):
        x = to_tensor(input)
        if x.dtype.is_complex:
            return execute(op, (x,))
        return of_real(x)
    public.__doc__ = doc
    return public


_complex_op = Op("Complex", lambda re, im: lax.complex(*jnp.broadcast_arrays(re, im)),
                 error=broadcast_error)


@dispatchable("real", "imag", group=BINARY_ELEMENTWISE)
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
conj = operand_names(_complex_part(
    "Conj", jnp.conj, "tf.math.conj: a real input is returned as it is.", _conj_of_real), "x")
angle = _complex_part("Angle", jnp.angle, "tf.math.angle: for a real input pi where it is "
                      "negative, else 0 (no gradient).", _angle_of_real)
