"""glibc's float32 ``logf``, ``sinf``/``cosf`` (``sincosf``) and ``log1pf``, bit for bit, as
pure JAX functions: TF's CPU Box-Muller (random_distributions.h BoxMullerFloat) calls the
first two, Eigen's scalar code (the tail of TF's Log and Log1p kernels) logf and log1pf,
and XLA's float32 log/sin/cos/log1p round differently in about one output in twenty.

These are the Arm optimized-routines algorithms glibc ships (sysdeps/ieee754/flt-32/
e_logf.c, e_logf_data.c, s_sinf.c, s_cosf.c, s_sincosf.h, s_sincosf_data.c): double
arithmetic on float arguments, as glibc's x86-64 FMA builds (``__logf_fma``,
``__sincosf_fma``) compute them, each product that feeds an addition fused with it.
JAX has no fused multiply-add, so `_fma` computes one exactly (Boldo and Melquiond's
emulation with rounding to odd). logf takes any float (denormals read as zero, as TF's
threads run); sincosf only the arguments Box-Muller gives, |x| < 120. log1pf is Sun's
float algorithm (s_log1pf.c), without FMA.
"""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework.rounding import rounded

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
    """glibc's logf of float32 `x` as TF's CPU threads compute it, with denormal operands
    read as zero (DAZ): glibc scales a positive denormal by 2^23, which then gives 0, and
    goes on from that (-103.97208); -0 and +0 give -inf, +inf itself, a negative number or
    a NaN NaN: x86's default NaN (0xFFC00000, from glibc's (x - x) / (x - x)) or the NaN
    operand made quiet."""
    bits = lax.bitcast_convert_type(x, jnp.uint32)
    normal = (bits >= jnp.uint32(0x00800000)) & (bits < jnp.uint32(0x7F800000))
    denormal = (bits > 0) & (bits < jnp.uint32(0x00800000))
    y = _logf_bits(jnp.where(normal, bits, jnp.where(denormal, jnp.uint32(0xF4800000),
                                                     jnp.uint32(0x3F800000))))
    magnitude = bits & jnp.uint32(0x7FFFFFFF)
    y = jnp.where(bits == jnp.uint32(0x7F800000), jnp.float32(np.inf), y)
    nan = jnp.where(magnitude > jnp.uint32(0x7F800000), bits | jnp.uint32(0x00400000),
                    jnp.uint32(0xFFC00000))
    y = jnp.where((bits >= jnp.uint32(0x80000000)) | (magnitude > jnp.uint32(0x7F800000)),
                  lax.bitcast_convert_type(nan, jnp.float32), y)
    return jnp.where(magnitude == 0, jnp.float32(-np.inf), y)


def _logf_bits(ix):
    """glibc's logf of the float32 bits `ix` of a positive normal number (or, wrapped
    below 0, of its scaled denormal)."""
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


# -- log1pf -------------------------------------------------------------------------------

_LP = (6.6666668653e-01, 4.0000000596e-01, 2.8571429849e-01, 2.2222198546e-01,
       1.8183572590e-01, 1.5313838422e-01, 1.4798198640e-01)   # Lp1..Lp7
_LN2_HI, _LN2_LO = 6.9313812256e-01, 9.0580006145e-06


def log1pf(x):
    """glibc's log1pf of float32 `x` (sysdeps/ieee754/flt-32/s_log1pf.c, Sun's algorithm in
    float arithmetic, built without FMA: each product rounded before its sum): log(1 + f)
    with 1 + x = 2^k (1 + f), a correction c for the rounding of 1 + x, and a polynomial in
    s = f / (2 + f). Every branch is computed and the input's picked."""
    f32 = np.float32
    r = rounded   # (each product on its own: XLA would fuse it into an FMA)
    hx = lax.bitcast_convert_type(x, jnp.int32)
    ax = hx & jnp.int32(0x7FFFFFFF)
    below = hx < jnp.int32(0x3ED413D7)   # x < 0.41422 (or negative)
    near_zero = (hx > 0) | (hx <= jnp.int32(np.uint32(0xBE95F61F).view(np.int32)))
    # 1 + x as 2^k (1 + f) (hx >= 0x5a000000: x itself, no correction)
    small = hx < jnp.int32(0x5A000000)
    u = lax.optimization_barrier(jnp.where(small, f32(1) + x, x))   # (XLA: (1 + x) - 1 is x)
    hu = lax.bitcast_convert_type(u, jnp.int32)
    k = (hu >> 23) - 127
    c = jnp.where(k > 0, f32(1) - (u - x), x - (u - f32(1))) / u
    c = jnp.where(small, c, f32(0))
    hu = hu & jnp.int32(0x007FFFFF)
    low = hu < jnp.int32(0x3504F7)
    u = lax.bitcast_convert_type(jnp.where(low, hu | 0x3F800000, hu | 0x3F000000), jnp.float32)
    k = jnp.where(low, k, k + 1)
    hu = jnp.where(low, hu, (jnp.int32(0x00800000) - hu) >> 2)
    f = u - f32(1)
    # |x| in [2^-29, 0.2929] or x in (0, 0.41422): f = x, k = 0
    plain = below & near_zero
    f = jnp.where(plain, x, f)
    k = jnp.where(plain, 0, k)
    hu = jnp.where(plain, 1, hu)
    kf = k.astype(jnp.float32)
    hfsq = r(r(f32(0.5) * f) * f)
    k_hi, k_lo = r(kf * f32(_LN2_HI)), r(kf * f32(_LN2_LO))
    # hu == 0 (|f| < 2^-20)
    big_r = r(hfsq * (f32(1) - r(f32(0.66666666666666666) * f)))
    tiny_f = jnp.where(f == 0, jnp.where(k == 0, f32(0), k_hi + (c + k_lo)),
                       jnp.where(k == 0, f - big_r, k_hi - ((big_r - (k_lo + c)) - f)))
    s = f / (f32(2) + f)
    z = r(s * s)
    poly = f32(_LP[6])
    for lp in reversed(_LP[:6]):
        poly = f32(lp) + r(z * poly)
    big_r = r(z * poly)
    t = r(s * (hfsq + big_r))
    y = jnp.where(k == 0, f - (hfsq - t), k_hi - ((hfsq - (t + (k_lo + c))) - f))
    y = jnp.where(hu == 0, tiny_f, y)
    # the early returns, last first
    y = jnp.where(hx >= jnp.int32(0x7F800000), x + x, y)
    y = jnp.where(below & (ax < jnp.int32(0x31000000)),   # |x| < 2^-29
                  jnp.where(ax < jnp.int32(0x24800000), x, x - r(r(x * x) * f32(0.5))), y)
    invalid = lax.bitcast_convert_type(
        jnp.where(jnp.isnan(x), hx | 0x00400000, jnp.int32(np.uint32(0xFFC00000).view(np.int32))),
        jnp.float32)
    return jnp.where(below & (ax >= jnp.int32(0x3F800000)),   # x <= -1
                     jnp.where(x == f32(-1), f32(-np.inf), invalid), y)
