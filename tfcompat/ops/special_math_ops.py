"""tf.math special functions: erf family, gamma family, Bessel, zeta, betainc, and the
x*log(y) family with TF's gradients (0 where x is 0)."""
import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
from jax import lax

from ..framework import config
from ..framework.composite_dispatch import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, dispatchable
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, match, to_tensor
from . import array_ops, arithmetic_ops, reduction_ops, unary_ops
from . import bessel_ik_kernels as _ik, bessel_jy_kernels as _jy, special_misc_kernels as _misc
from .eigen_log import eigen_log, eigen_log1p
from .math_common import (
    binary, broadcast_error, cpu_kernels, exact_divide, operand_names, polevl, rounded,
    tf_gradient, unary, unfused)

# Eigen's generic_fast_erf<float> (TF 2.21's CPU Erf for float32, and for half/bfloat16
# through float32): x * P(x^2) / Q(x^2), x^2 clamped to 16, then clamped to [-1, 1].
_ERF_P = np.array([2.123732201653183437883853912353515625e-06, 2.861979592125862836837768554687500000e-04,
                   3.658048342913389205932617187500000000e-03, 5.243302136659622192382812500000000000e-02,
                   1.874160766601562500000000000000000000e-01, 1.128379106521606445312500000000000000e+00],
                  np.float32)
_ERF_Q = np.array([3.89185734093189239501953125000e-05, 1.14329601638019084930419921875e-03,
                   1.47520881146192550659179687500e-02, 1.12945675849914550781250000000e-01,
                   4.99425798654556274414062500000e-01, 1.0], np.float32)


def _erf_float32(x):
    x2 = jnp.minimum(np.float32(16), x * x)
    r = (x * polevl(x2, _ERF_P)) / polevl(x2, _ERF_Q)
    return jnp.clip(r, np.float32(-1), np.float32(1))


def _erf_value(x):
    """TF's Erf: Eigen's float32 rational approximation for float32, half and bfloat16
    (placed on the CPU); XLA's erf otherwise (float64 too, where Eigen's differs)."""
    if x.dtype.itemsize > 4 or not jnp.issubdtype(x.dtype, jnp.floating) or \
            not config.placed_on_cpu():
        return jss.erf(x)
    return _erf_float32(x.astype(np.float32)).astype(x.dtype)


# TF's ErfGrad: grad * (2 / sqrt(pi)) * exp(-square(x)), with its Exp kernel.
erf = unary("Erf", tf_gradient(_erf_value, lambda g, x, y: (
    rounded(g * np.asarray(2 / np.sqrt(np.pi), x.dtype)) * unary_ops._exp(-(x * x)),)),
    jvp_fn=jss.erf)
erfc = unary("Erfc", jss.erfc)


def _lgamma(x):
    """TF's Lgamma is glibc's: +inf at +-inf, and exactly 0 at 1 and 2, where XLA's is a
    few ulps off (its gradient is kept)."""
    v = jnp.where(jnp.isinf(x), jnp.abs(x), jss.gammaln(x))
    return v - lax.stop_gradient(jnp.where((x == 1) | (x == 2), v, 0))


lgamma = unary("Lgamma", _lgamma)
# Eigen's digamma series coefficients (digamma_impl_maybe_poly), by dtype, and the `s`
# from which the series is 0.
_DIGAMMA_POLY = {
    np.dtype(np.float32): ((-4.16666666666666666667E-3, 3.96825396825396825397E-3,
                            -8.33333333333333333333E-3, 8.33333333333333333333E-2), 1e8),
    np.dtype(np.float64): ((8.33333333333333333333E-2, -2.10927960927960927961E-2,
                            7.57575757575757575758E-3, -4.16666666666666666667E-3,
                            3.96825396825396825397E-3, -8.33333333333333333333E-3,
                            8.33333333333333333333E-2), 1e17)}


@jax.custom_jvp
def _digamma(x):
    """TF's Digamma (Eigen's digamma_impl): reflection for x <= 0 (nan at its poles, -0
    included), the recurrence up to 10, then the asymptotic series; 16-bit floats are
    computed in float32."""
    if x.dtype not in _DIGAMMA_POLY:
        return _digamma(x.astype(jnp.float32)).astype(x.dtype)
    coef, limit = _DIGAMMA_POLY[x.dtype]
    c = lambda v: jnp.asarray(v, x.dtype)   # noqa: E731
    negative = x <= 0
    p = jnp.floor(x)
    nz = x - p
    p = jnp.where(nz > 0.5, p + 1, p)
    nz = x - p
    nz = jnp.where(nz == 0.5, c(0), c(np.pi) / jnp.tan(c(np.pi) * nz))
    s = jnp.where(negative, 1 - x, x)
    w = jnp.zeros_like(x)
    for _ in range(10):   # psi(x + 1) = psi(x) + 1 / x while s < 10
        small = s < 10
        w = jnp.where(small, w + 1 / s, w)
        s = jnp.where(small, s + 1, s)
    z = 1 / (s * s)
    poly = c(coef[0])
    for a in coef[1:]:
        poly = poly * z + c(a)
    y = jnp.log(s) - c(0.5) / s - jnp.where(s < limit, z * poly, c(0)) - w
    return jnp.where(negative & (p == x), c(np.nan), jnp.where(negative, y - nz, y))


@_digamma.defjvp
def _digamma_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _digamma(x), t * jss.polygamma(1, x)


digamma = unary("Digamma", _digamma)


# -- Bessel functions and tf.math.special: TF's CPU kernels (Eigen's and TF's Cephes ports,
# bessel_*_kernels, special_misc_kernels) with TF's gradients (math_grad.py), each op of a
# gradient as its TF kernel computes it.

def _special(name, kernel, partial, cpu=("double", "float", "half"), xla=()):
    """The public op `name` computing `kernel`, its gradient grad * partial(x, y) (y: the
    op's output); `cpu`, `xla`: the dtypes TF 2.21 has CPU (and XLA_CPU_JIT) kernels for
    (others its op-def allows raise TF's NotFoundError)."""
    fn = tf_gradient(kernel, lambda g, x, y: (rounded(g * partial(x, y)),))
    return cpu_kernels(unary(name, fn), xla, cpu)


def _c(value, x):
    return jnp.asarray(value, x.dtype)


def _minus(a, b):
    return unfused(a) - unfused(b)


def _at_zero(value, partial):
    """partial(x, y), `value` where x is 0 (TF imputes the limit its division misses)."""
    return lambda x, y: jnp.where(x == 0, _c(value, x), partial(x, y))


_ALL_XLA = ("float", "double", "bfloat16", "half")
bessel_i0 = _special("BesselI0", _ik.bessel_i0, lambda x, y: _ik.bessel_i1(x))
bessel_i0e = _special("BesselI0e", _ik.bessel_i0e, lambda x, y: _minus(
    _ik.bessel_i1e(x), rounded(arithmetic_ops._sign(x) * y)), xla=_ALL_XLA)
bessel_i1 = _special("BesselI1", _ik.bessel_i1, _at_zero(1, lambda x, y: _minus(
    _ik.bessel_i0(x), exact_divide(y, x))))
bessel_i1e = _special("BesselI1e", _ik.bessel_i1e, _at_zero(0.5, lambda x, y: _minus(
    _ik.bessel_i0e(x), rounded(y * (arithmetic_ops._sign(x) + arithmetic_ops._reciprocal(x))))), xla=_ALL_XLA)
bessel_k0 = _special("BesselK0", _ik.bessel_k0, lambda x, y: -_ik.bessel_k1(x))
bessel_k0e = _special("BesselK0e", _ik.bessel_k0e, lambda x, y: _minus(y, _ik.bessel_k1e(x)))
bessel_k1 = _special("BesselK1", _ik.bessel_k1, lambda x, y: _minus(
    -_ik.bessel_k0(x), exact_divide(y, x)))
bessel_k1e = _special("BesselK1e", _ik.bessel_k1e, lambda x, y: _minus(
    rounded(y * (_c(1, x) - arithmetic_ops._reciprocal(x))), _ik.bessel_k0e(x)))
bessel_j0 = _special("BesselJ0", _jy.bessel_j0, lambda x, y: -_jy.bessel_j1(x))
bessel_j1 = _special("BesselJ1", _jy.bessel_j1, _at_zero(0.5, lambda x, y: _minus(
    _jy.bessel_j0(x), exact_divide(y, x))))
bessel_y0 = _special("BesselY0", _jy.bessel_y0, lambda x, y: -_jy.bessel_y1(x))
bessel_y1 = _special("BesselY1", _jy.bessel_y1, lambda x, y: _minus(
    _jy.bessel_y0(x), exact_divide(y, x)))
_F32_F64 = ("double", "float")
dawsn = _special("Dawsn", _misc.dawsn, lambda x, y: _minus(
    _c(1, x), rounded(rounded(_c(2, x) * x) * y)), cpu=_F32_F64)
expint = _special("Expint", _misc.expint, lambda x, y: exact_divide(
    unary_ops._exp(x), x), cpu=_F32_F64)
fresnel_cos = _special("FresnelCos", _misc.fresnel_cos, lambda x, y: unary_ops._cos(
    rounded(_c(np.pi / 2, x) * rounded(x * x))), cpu=_F32_F64)
fresnel_sin = _special("FresnelSin", _misc.fresnel_sin, lambda x, y: unary_ops._sin(
    rounded(_c(np.pi / 2, x) * rounded(x * x))), cpu=_F32_F64)
spence = _special("Spence", _misc.spence, lambda x, y: jnp.where(
    x == 1, _c(-1, x), exact_divide(unary_ops._log(x), _c(1, x) - x)), cpu=_F32_F64)
_FLOAT_KERNELS = (("float", "double", "bfloat16", "half"), ("double", "float"))


@jax.custom_jvp
def _erfinv(x):
    # TF's kernel: ndtri(x / 2 + 1 / 2) / sqrt(2), so erfinv(-0.0) is +0.0.
    half = jnp.asarray(0.5, x.dtype)
    return jss.ndtri(half * x + half) * jnp.asarray(np.sqrt(0.5), x.dtype)


@_erfinv.defjvp
def _erfinv_jvp(primals, tangents):
    # TF's ErfinvGrad: grad * (sqrt(pi) / 2) * exp(y ** 2); reverse mode transposes this
    # product into that order.
    (x,), (t,) = primals, tangents
    y = _erfinv(x)
    return y, t * jnp.exp(jnp.square(y)) * jnp.asarray(np.sqrt(np.pi) / 2, x.dtype)


erfinv = cpu_kernels(unary("Erfinv", _erfinv), *_FLOAT_KERNELS)
ndtri = cpu_kernels(unary("Ndtri", jss.ndtri), *_FLOAT_KERNELS)
igamma = operand_names(binary("Igamma", jss.gammainc), "a", "x")
igammac = operand_names(binary("Igammac", jss.gammaincc), "a", "x")


@dispatchable("x", group=UNARY_ELEMENTWISE)
def erfcinv(x, name=None):
    """tf.math.erfcinv: -ndtri(x / 2) / sqrt(2), as TF composes it."""
    x = to_tensor(x)
    half = convert_to_tensor(0.5, dtype=x.dtype)
    return arithmetic_ops.multiply(unary_ops.negative(ndtri(arithmetic_ops.multiply(half, x))),
                             convert_to_tensor(np.sqrt(0.5), dtype=x.dtype))


def lbeta(x, name=None):
    """tf.math.lbeta: log|B(x)| over the last axis (-inf for an empty one)."""
    x = to_tensor(x)
    return arithmetic_ops.subtract(reduction_ops.reduce_sum(lgamma(x), axis=[-1]),
                             lgamma(reduction_ops.reduce_sum(x, axis=[-1])))


# -- functions with an argument TF does not differentiate (gradient None) ----------------

_zeta_op = Op("Zeta", lambda x, q: jss.zeta(lax.stop_gradient(x), q),
              error=broadcast_error)
@jax.custom_jvp
def _polygamma(a, x):
    # psi^(a)(x) = (-1)^(a+1) a! zeta(a+1, x) for a >= 1; digamma for a == 0.
    higher = (-1.0) ** (a + 1) * jnp.exp(jss.gammaln(a + 1)) * jss.zeta(a + 1, x)
    return jnp.where(a == 0, jss.digamma(x), higher)


# TF: d/dx polygamma(a, x) = polygamma(a + 1, x); no gradient for a.
_polygamma.defjvp(lambda primals, tangents: (
    _polygamma(*primals), _polygamma(primals[0] + 1, primals[1]) * tangents[1]))


_polygamma_op = Op("Polygamma", _polygamma, error=broadcast_error)
_betainc_op = Op("Betainc", lambda a, b, x: jss.betainc(
    lax.stop_gradient(a), lax.stop_gradient(b), x))


def _partly_differentiable(op, values, constant):
    """Run `op`, with the inputs at positions `constant` cut from the tape (TF has no
    gradient for them: None)."""
    ts = match(values, op.name)
    check_dtype(op, ts[0])
    ts = [array_ops.stop_gradient(t) if i in constant else t for i, t in enumerate(ts)]
    return execute(op, tuple(ts))


@dispatchable("x", "q", group=BINARY_ELEMENTWISE)
def zeta(x, q, name=None):
    """tf.math.zeta: the Hurwitz zeta function (gradient only w.r.t. q)."""
    return _partly_differentiable(_zeta_op, (x, q), (0,))


def polygamma(a, x, name=None):
    """tf.math.polygamma (gradient only w.r.t. x)."""
    return _partly_differentiable(_polygamma_op, (a, x), (0,))


def betainc(a, b, x, name=None):
    """tf.math.betainc: the regularized incomplete beta function (gradient only w.r.t.
    x)."""
    return _partly_differentiable(_betainc_op, (a, b, x), (0, 1))


# -- x * log(y) and friends ----------------------------------------------------------------


def _zero_where_x_zero(fn, grad_x, grad_y):
    """fn(x, y) that is 0 where x == 0, with TF's gradients (also 0 where x == 0)."""
    @jax.custom_jvp
    def f(x, y):
        return jnp.where(x == 0, jnp.zeros_like(x), fn(x, y))

    @f.defjvp
    def jvp(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        nz = x != 0
        zero = jnp.zeros_like(x)
        return f(x, y), (jnp.where(nz, grad_x(x, y), zero) * tx
                         + jnp.where(nz, grad_y(x, y), zero) * ty)
    return f


_xlogy = _zero_where_x_zero(lambda x, y: x * eigen_log(y), lambda x, y: eigen_log(y),
                            lambda x, y: x / y)
_xdivy = _zero_where_x_zero(lambda x, y: x / y, lambda x, y: 1 / y, lambda x, y: -x / (y * y))
_xlog1py = _zero_where_x_zero(lambda x, y: x * eigen_log1p(y), lambda x, y: eigen_log1p(y),
                              lambda x, y: x / (y + 1))
xlogy = binary("Xlogy", _xlogy)
xdivy = binary("Xdivy", _xdivy)
xlog1py = binary("Xlog1py", _xlog1py)
