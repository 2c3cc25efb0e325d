"""Eigen's log and log1p as TF's CPU kernels evaluate them (tf.math.log, tf.math.log1p):
whole AVX packets with Eigen's vectorised code (plog_float, Cephes' plog_double,
generic_log1p on top of them), the rest with glibc's scalar code (logf, log1pf; float64's
as XLA's log, which agreed with glibc's on every value tried, and log1p, which differs
from glibc's in about 4 tail values in 100). XLA's own vectorised log and log1p round
otherwise in about a quarter of the outputs.

TF's threads read denormal operands as zero (DAZ): in the packets a denormal's log is
-inf and its log1p a signed zero. Products and sums are rounded one at a time, as TF is
built without FMA."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import glibc_float
from .math_common import eigen_packets, madd, polevl, rounded

_F32_ALPHA = (0.18256296349849254, 1.0000000190281063, 1.0000000190281136)
_F32_BETA = (0.049616247954120038, 0.59923249590823520, 1.4999999999999927, 1.0)
_F64_P = (1.01875663804580931796E-4, 4.97494994976747001425E-1, 4.70579119878881725854E0,
          1.44989225341610930846E1, 1.79368678507819816313E1, 7.70838733755885391666E0)
_F64_Q = (1.0, 1.12873587189167450590E1, 4.52279145837532221105E1,
          8.29875266912776603211E1, 7.11544750618563894466E1, 2.31251620126765340583E1)
_LN2 = 0.693147180559945309417232121458176568
_INT = {4: np.int32, 8: np.int64}


def _frexp(a):
    """Eigen's pfrexp_generic for a normal or zero `a` (denormals are read as zero before
    it matters): (m in [0.5, 1) with a's sign, exponent e as a float), a = m 2^e."""
    dtype = a.dtype.type
    if a.dtype == np.float64:
        itype, shift, bias, sign_mantissa = jnp.uint64, 52, 1022, 0x800FFFFFFFFFFFFF
    else:
        itype, shift, bias, sign_mantissa = jnp.uint32, 23, 126, 0x807FFFFF
    bits = lax.bitcast_convert_type(a, itype)
    biased = ((bits & itype(~sign_mantissa & (2 ** (8 * a.dtype.itemsize) - 1))) >> shift)
    half = lax.bitcast_convert_type(itype(bias << shift), a.dtype)   # 0.5's bits
    m = lax.bitcast_convert_type((bits & itype(sign_mantissa)) |
                                 lax.bitcast_convert_type(half, itype), a.dtype)
    special = (a == 0) | (biased == itype(2 * bias + 3))   # zero, inf or NaN
    return (jnp.where(special, a, m),
            jnp.where(special, dtype(0), biased.astype(a.dtype) - dtype(bias)))


def _reduced(x0):
    """log(x0) = e log(2) + log(1 + x) with 1 + x in [sqrt(1/2), sqrt(2)): (x, e)."""
    dtype = x0.dtype.type
    m, e = _frexp(x0)
    small = m < dtype(0.707106781186547524)
    x = (m - dtype(1)) + jnp.where(small, m, dtype(0))
    return x, e - jnp.where(small, dtype(1), dtype(0))


def _special(x0, y):
    """Eigen's answers for the arguments its polynomial does not cover: -inf at zero (a
    denormal too), +inf at +inf, and below zero and at NaN the NaN whose bits are all ones
    (the result or'ed with the invalid mask)."""
    dtype = x0.dtype.type
    ones = lax.bitcast_convert_type(np.array(-1, _INT[x0.dtype.itemsize]), x0.dtype)
    y = jnp.where(x0 == dtype(np.inf), dtype(np.inf), y)
    y = jnp.where((x0 < 0) | jnp.isnan(x0), ones, y)
    return jnp.where(jnp.abs(x0) < np.finfo(x0.dtype).tiny, dtype(-np.inf), y)


def plog_float(x0):
    """Eigen's plog_float: log(1 + x) ~ x P(x) / Q(x), P and Q of degrees 2 and 3."""
    f = np.float32
    x, e = _reduced(x0)
    p = rounded(x * polevl(x, np.array(_F32_ALPHA, f)))
    q = polevl(x, np.array(_F32_BETA, f))
    return _special(x0, madd(e, f(_LN2), p / q))


def _plog_double(x0):
    """Eigen's plog_impl_double (Cephes): log(1 + x) = x - x^2 / 2 + x^3 P(x) / Q(x), the
    polynomials evaluated in two halves joined by x^3, as Eigen evaluates them."""
    x, e = _reduced(x0)
    x2 = rounded(x * x)
    x3 = rounded(x2 * x)

    def poly(c):
        y = madd(c[0], x, c[1])
        y1 = madd(c[3], x, c[4])
        y = madd(y, x, c[2])
        y1 = madd(y1, x, c[5])
        return madd(y, x3, y1)
    y = rounded(poly(_F64_P) * x3) / poly(_F64_Q)
    y = x + madd(-0.5, x2, y)
    return _special(x0, madd(e, _LN2, y))


def _by_dtype(x, xla_fn, float32, float64):
    """A TF CPU kernel of Eigen's on real float `x`: eigen_packets(*float32) or
    (*float64); half and bfloat16 as float32, 8 to a packet, rounded once (Eigen's bfloat16
    conversion makes every NaN 0x7fc0); complex numbers as `xla_fn`."""
    if jnp.iscomplexobj(x):
        return xla_fn(x)
    if x.dtype.itemsize < 4:
        y = _by_dtype(x.astype(np.float32), xla_fn, float32, float64).astype(x.dtype)
        return y if x.dtype == np.float16 else jnp.where(jnp.isnan(y), jnp.nan, y)
    return eigen_packets(*(float32 if x.dtype == np.float32 else float64), x)


def eigen_log(x):
    """tf.math.log as TF's CPU kernel computes it: Eigen's packets, glibc's logf on the
    float32 tail (XLA's log on the float64 tail)."""
    return _by_dtype(x, jnp.log, (plog_float, glibc_float.logf), (_plog_double, jnp.log))


def _log1p_packet(plog):
    """Eigen's generic_log1p on top of `plog`: x log(1 + x) / ((1 + x) - 1) (Kahan's), x
    itself where 1 + x rounds to 1 or its log is infinite; a denormal x gives its signed
    zero (DAZ)."""
    def packet(x):
        one = x.dtype.type(1)
        xp1 = lax.optimization_barrier(x + one)   # (else XLA makes (x + 1) - 1 x)
        log1 = plog(xp1)
        large = rounded(x * (log1 / (xp1 - one)))
        y = jnp.where((xp1 == one) | (xp1 == log1), x, large)
        return jnp.where(jnp.abs(x) < np.finfo(x.dtype).tiny, x * x.dtype.type(0), y)
    return packet


def eigen_log1p(x):
    """tf.math.log1p as TF's CPU kernel computes it: Eigen's packets, glibc's log1pf on the
    float32 tail (XLA's log1p on the float64 tail)."""
    return _by_dtype(x, jnp.log1p, (_log1p_packet(plog_float), glibc_float.log1pf),
                     (_log1p_packet(_plog_double), jnp.log1p))
