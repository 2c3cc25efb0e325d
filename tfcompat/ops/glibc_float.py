"""glibc's float32 ``logf`` and ``sinf``/``cosf`` (``sincosf``), bit for bit, as pure JAX
functions: TF's CPU Box-Muller (random_distributions.h BoxMullerFloat) calls them, and
XLA's float32 log/sin/cos round differently in about one output in twenty.

These are the Arm optimized-routines algorithms glibc ships (sysdeps/ieee754/flt-32/
e_logf.c, e_logf_data.c, s_sinf.c, s_cosf.c, s_sincosf.h, s_sincosf_data.c): double
arithmetic on float arguments, as glibc's x86-64 FMA builds (``__logf_fma``,
``__sincosf_fma``) compute them, each product that feeds an addition fused with it.
JAX has no fused multiply-add, so `_fma` computes one exactly (Boldo and Melquiond's
emulation with rounding to odd). Only the arguments Box-Muller gives are handled: logf of a
positive normal float, sincosf of |x| < 120.
"""
import jax.numpy as jnp
import numpy as np
from jax import lax

_F64 = jnp.float64
_SPLIT = float(2 ** 27 + 1)


def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _two_product(a, b):
    def split(x):
        t = _SPLIT * x
        hi = t - (t - x)
        return hi, x - hi
    p = a * b
    ah, al = split(a)
    bh, bl = split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _fma(a, b, c):
    """a * b + c rounded once (no overflow or underflow in these uses)."""
    uh, ul = _two_product(a, b)
    th, tl = _two_sum(c, uh)
    v, e = _two_sum(tl, ul)
    bits = lax.bitcast_convert_type(v, jnp.int64)
    inexact_even = (e != 0) & ((bits & 1) == 0)
    toward = jnp.where(e > 0, _F64(np.inf), _F64(-np.inf))
    v = jnp.where(inexact_even, jnp.nextafter(v, toward), v)   # rounded to odd
    return th + v


# -- logf ---------------------------------------------------------------------------------

_LOGF_TABLE = np.array([   # (invc, logc): __logf_data.tab
    (0x3FF661EC79F8F3BE, 0xBFD57BF7808CAADE), (0x3FF571ED4AAF883D, 0xBFD2BEF0A7C06DDB),
    (0x3FF49539F0F010B0, 0xBFD01EAE7F513A67), (0x3FF3C995B0B80385, 0xBFCB31D8A68224E9),
    (0x3FF30D190C8864A5, 0xBFC6574F0AC07758), (0x3FF25E227B0B8EA0, 0xBFC1AA2BC79C8100),
    (0x3FF1BB4A4A1A343F, 0xBFBA4E76CE8C0E5E), (0x3FF12358F08AE5BA, 0xBFB1973C5A611CCC),
    (0x3FF0953F419900A7, 0xBFA252F438E10C1E), (0x3FF0000000000000, 0x0000000000000000),
    (0x3FEE608CFD9A47AC, 0x3FAAA5AA5DF25984), (0x3FECA4B31F026AA0, 0x3FBC5E53AA362EB4),
    (0x3FEB2036576AFCE6, 0x3FC526E57720DB08), (0x3FE9C2D163A1AA2D, 0x3FCBC2860D224770),
    (0x3FE886E6037841ED, 0x3FD1058BC8A07EE1), (0x3FE767DCF5534862, 0x3FD4043057B6EE09),
], np.uint64).view(np.float64)
_LN2 = np.uint64(0x3FE62E42FEFA39EF).view(np.float64)
_LOGF_POLY = np.array([0xBFD00EA348B88334, 0x3FD5575B0BE00B6A, 0xBFDFFFFEF20A4123],
                      np.uint64).view(np.float64)


def logf(x):
    """glibc's logf of positive normal float32 `x`."""
    ix = lax.bitcast_convert_type(x, jnp.uint32)
    tmp = ix - jnp.uint32(0x3F330000)
    i = ((tmp >> 19) % 16).astype(jnp.int32)
    k = lax.shift_right_arithmetic(lax.bitcast_convert_type(tmp, jnp.int32), jnp.int32(23))
    iz = ix - (tmp & jnp.uint32(0x1FF << 23))
    # (built from scalars: a kernel holding an array constant keeps its run-time checks
    # from being deferred, polymorphic_function/deferred_checks.py)
    table = jnp.stack([jnp.stack([row[0], row[1]]) for row in _LOGF_TABLE])
    invc, logc = table[i, 0], table[i, 1]
    z = lax.bitcast_convert_type(iz, jnp.float32).astype(_F64)
    r = _fma(z, invc, _F64(-1))
    y0 = _fma(k.astype(_F64), _F64(_LN2), logc)
    r2 = r * r
    a0, a1, a2 = (_F64(c) for c in _LOGF_POLY)
    y = _fma(a1, r, a2)
    y = _fma(a0, r2, y)
    y = _fma(y, r2, y0 + r)
    return jnp.where(ix == jnp.uint32(0x3F800000), jnp.float32(0), y.astype(jnp.float32))


# -- sincosf ------------------------------------------------------------------------------

def _f64(bits):
    return _F64(np.uint64(bits).view(np.float64))


_HPI_INV, _HPI = 0x41645F306DC9C883, 0x3FF921FB54442D18   # 2/pi * 2^24, pi/2
_C = (0x3FF0000000000000, 0xBFDFFFFFFD0C621C, 0x3FA55553E1068F19, 0xBF56C087E89A359D,
      0x3EF99343027BF8C3)
_S = (0xBFC555545995A603, 0x3F81107605230BC4, 0xBF2994EB3774CF24)


def _sin_poly(x, x2):
    x3 = x * x2
    s1 = _fma(x2, _f64(_S[2]), _f64(_S[1]))
    x5 = x3 * x2
    s = _fma(x3, _f64(_S[0]), x)
    return _fma(x5, s1, s)


def _cos_poly(x2, negate):
    """The cosine polynomial; `negate`: __sincosf_table[1]'s (all coefficients negated)."""
    c = [jnp.where(negate, -_f64(b), _f64(b)) for b in _C]
    x4 = x2 * x2
    c2 = _fma(x2, c[4], c[3])
    c1 = _fma(x2, c[1], c[0])
    x6 = x4 * x2
    return _fma(x6, c2, _fma(x4, c[2], c1))


def _abstop12(bits):
    return (bits >> 20) & jnp.uint32(0x7FF)


def sincosf(y):
    """glibc's (sinf(y), cosf(y)) of float32 `y` with |y| < 120."""
    bits = lax.bitcast_convert_type(y, jnp.uint32)
    top = _abstop12(bits)
    x = y.astype(_F64)
    small = top < _abstop12(np.float32(np.pi / 4).view(np.uint32))   # 0x1.921FB6p-1f
    tiny = top < _abstop12(np.float32(2 ** -12).view(np.uint32))
    r = x * _f64(_HPI_INV)
    n = (r.astype(jnp.int32) + jnp.int32(0x800000)) >> 24
    n = jnp.where(small, 0, n)
    xr = jnp.where(small, x, _fma(-n.astype(_F64), _f64(_HPI), x))
    sign = jnp.where((n & 3 == 1) | (n & 3 == 2), _F64(-1), _F64(1))
    xs = xr * sign
    x2 = xr * xr
    sin_p = _sin_poly(xs, x2)
    cos_p = _cos_poly(x2, (n & 2) != 0)
    odd = (n & 1) != 0
    s = jnp.where(odd, cos_p, sin_p).astype(jnp.float32)
    c = jnp.where(odd, sin_p, cos_p).astype(jnp.float32)
    return jnp.where(tiny, y, s), jnp.where(tiny, jnp.float32(1), c)
