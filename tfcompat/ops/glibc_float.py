"""glibc's float32 ``logf``, ``sinf``/``cosf`` (``sincosf``), ``log1pf`` and ``expf``, and
its float64 ``exp`` and ``log1p``, bit for bit, as pure JAX functions: TF's CPU Box-Muller
(random_distributions.h BoxMullerFloat) calls the first two, Eigen's scalar code (the tail
of TF's Log, Log1p and Bessel kernels, the special functions of
special_math_op_misc_impl.h) all of them, and XLA's float32 log/sin/cos/log1p/exp (and
float64 exp and log1p) round differently in some outputs.

These are the Arm optimized-routines algorithms glibc ships (sysdeps/ieee754/flt-32/
e_logf.c, e_logf_data.c, s_sinf.c, s_cosf.c, s_sincosf.h, s_sincosf_data.c, e_expf.c,
sysdeps/ieee754/dbl-64/e_exp.c): double arithmetic (for float arguments too), as glibc's
x86-64 FMA builds (``__logf_fma``, ``__sincosf_fma``, ``__expf_fma``, ``__exp_fma``)
compute them, each product that feeds an addition fused with it. JAX has no fused
multiply-add, so `_fma` computes one exactly (Boldo and Melquiond's emulation with
rounding to odd). logf takes any float (denormals read as zero, as TF's threads run);
sincosf only |x| < 120, sincosf_wide also finite x >= 120. log1pf and log1p are Sun's
algorithms (s_log1pf.c without FMA, dbl-64/s_log1p.c as its FMA build computes it).

JAX's 64-bit types must be on (tfcompat's ops run so).
"""
from decimal import Decimal, localcontext

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework.rounding import rounded

_F64 = jnp.float64
_D = np.float64
_HEX = float.fromhex
_SPLIT = float(2 ** 27 + 1)


def _two_sum(a, b):
    s = lax.add(a, b)
    bb = lax.sub(s, a)
    return s, lax.add(lax.sub(a, lax.sub(s, bb)), lax.sub(b, bb))


def _two_product(a, b):
    def split(x):
        t = lax.mul(_D(_SPLIT), x)
        hi = lax.sub(t, lax.sub(t, x))
        return hi, lax.sub(x, hi)
    p = lax.mul(a, b)
    ah, al = split(a)
    bh, bl = split(b)
    return p, lax.add(lax.add(lax.add(lax.sub(lax.mul(ah, bh), p), lax.mul(ah, bl)),
                              lax.mul(al, bh)), lax.mul(al, bl))


@jax.jit
def _fma(a, b, c):
    """a * b + c rounded once (no overflow or underflow in these uses), for float64
    operands (written with lax: it runs 28 times in these functions' traces)."""
    shape = jnp.broadcast_shapes(jnp.shape(a), jnp.shape(b), jnp.shape(c))
    a, b, c = (v if jnp.shape(v) == shape else jnp.broadcast_to(v, shape) for v in (a, b, c))
    uh, ul = _two_product(a, b)
    th, tl = _two_sum(c, uh)
    v, e = _two_sum(tl, ul)
    bits = lax.bitcast_convert_type(v, jnp.int64)
    inexact_even = lax.bitwise_and(lax.ne(e, _D(0)), lax.eq(lax.bitwise_and(bits, np.int64(1)),
                                                              np.int64(0)))
    toward = lax.select(lax.gt(e, _D(0)), jnp.full(shape, np.inf, _F64),
                        jnp.full(shape, -np.inf, _F64))
    v = lax.select(inexact_even, lax.nextafter(v, toward), v)   # rounded to odd
    return lax.add(th, v)


def _where(condition, x, y):
    """jnp.where(condition, x, y) in lax, for `x` and `y` of one dtype, each either of
    condition's shape or a NumPy scalar."""
    x, y = (lax.full_like(condition, v, v.dtype) if isinstance(v, np.generic) else v
            for v in (x, y))
    return lax.select(condition, x, y)


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


@jax.jit
def logf(x):
    """glibc's logf of float32 `x` as TF's CPU threads compute it, with denormal operands
    read as zero (DAZ): glibc scales a positive denormal by 2^23, which then gives 0, and
    goes on from that (-103.97208); -0 and +0 give -inf, +inf itself, a negative number or
    a NaN NaN: x86's default NaN (0xFFC00000, from glibc's (x - x) / (x - x)) or the NaN
    operand made quiet."""
    u32 = np.uint32
    bits = lax.bitcast_convert_type(x, jnp.uint32)
    normal = lax.bitwise_and(lax.ge(bits, u32(0x00800000)), lax.lt(bits, u32(0x7F800000)))
    denormal = lax.bitwise_and(lax.gt(bits, u32(0)), lax.lt(bits, u32(0x00800000)))
    y = _logf_bits(lax.select(normal, bits, _where(denormal, u32(0xF4800000), u32(0x3F800000))))
    magnitude = lax.bitwise_and(bits, u32(0x7FFFFFFF))
    y = _where(lax.eq(bits, u32(0x7F800000)), np.float32(np.inf), y)
    nan_operand = lax.gt(magnitude, u32(0x7F800000))
    nan = _where(nan_operand, lax.bitwise_or(bits, u32(0x00400000)), u32(0xFFC00000))
    y = lax.select(lax.bitwise_or(lax.ge(bits, u32(0x80000000)), nan_operand),
                   lax.bitcast_convert_type(nan, jnp.float32), y)
    return _where(lax.eq(magnitude, u32(0)), np.float32(-np.inf), y)


def _logf_bits(ix):
    """glibc's logf of the float32 bits `ix` of a positive normal number (or, wrapped
    below 0, of its scaled denormal)."""
    u32 = np.uint32
    tmp = lax.sub(ix, u32(0x3F330000))
    i = lax.convert_element_type(lax.rem(lax.shift_right_logical(tmp, u32(19)), u32(16)),
                                 jnp.int32)
    k = lax.shift_right_arithmetic(lax.bitcast_convert_type(tmp, jnp.int32), np.int32(23))
    iz = lax.sub(ix, lax.bitwise_and(tmp, u32(0x1FF << 23)))
    invc, logc = jnp.asarray(_LOGF_TABLE[:, 0])[i], jnp.asarray(_LOGF_TABLE[:, 1])[i]
    z = lax.convert_element_type(lax.bitcast_convert_type(iz, jnp.float32), _F64)
    r = _fma(z, invc, _D(-1))
    y0 = _fma(lax.convert_element_type(k, _F64), _LN2, logc)
    r2 = lax.mul(r, r)
    a0, a1, a2 = _LOGF_POLY
    y = _fma(a1, r, a2)
    y = _fma(a0, r2, y)
    y = _fma(y, r2, lax.add(y0, r))
    return _where(lax.eq(ix, u32(0x3F800000)), np.float32(0),
                  lax.convert_element_type(y, jnp.float32))


# -- sincosf ------------------------------------------------------------------------------

def _f64(bits):
    return np.uint64(bits).view(np.float64)


_HPI_INV, _HPI = 0x41645F306DC9C883, 0x3FF921FB54442D18   # 2/pi * 2^24, pi/2
_C = (0x3FF0000000000000, 0xBFDFFFFFFD0C621C, 0x3FA55553E1068F19, 0xBF56C087E89A359D,
      0x3EF99343027BF8C3)
_S = (0xBFC555545995A603, 0x3F81107605230BC4, 0xBF2994EB3774CF24)


def _sin_poly(x, x2):
    x3 = lax.mul(x, x2)
    s1 = _fma(x2, _f64(_S[2]), _f64(_S[1]))
    x5 = lax.mul(x3, x2)
    s = _fma(x3, _f64(_S[0]), x)
    return _fma(x5, s1, s)


def _cos_poly(x2, negate):
    """The cosine polynomial; `negate`: __sincosf_table[1]'s (all coefficients negated)."""
    c = [_where(negate, -_f64(b), _f64(b)) for b in _C]
    x4 = lax.mul(x2, x2)
    c2 = _fma(x2, c[4], c[3])
    c1 = _fma(x2, c[1], c[0])
    x6 = lax.mul(x4, x2)
    return _fma(x6, c2, _fma(x4, c[2], c1))


def _abstop12(bits):
    return lax.bitwise_and(lax.shift_right_logical(bits, np.uint32(20)), np.uint32(0x7FF))


# _abstop12 of pi/4 (0x1.921FB6p-1f) and of 2^-12: sincosf's small and tiny arguments
_ABSTOP12_PIO4, _ABSTOP12_TINY = ((np.float32(v).view(np.uint32) >> np.uint32(20)) &
                                  np.uint32(0x7FF) for v in (np.pi / 4, 2 ** -12))


@jax.jit
def sincosf(y):
    """glibc's (sinf(y), cosf(y)) of float32 `y` with |y| < 120."""
    i32 = np.int32
    bits = lax.bitcast_convert_type(y, jnp.uint32)
    top = _abstop12(bits)
    x = lax.convert_element_type(y, _F64)
    small = lax.lt(top, _ABSTOP12_PIO4)
    tiny = lax.lt(top, _ABSTOP12_TINY)
    r = lax.mul(x, _f64(_HPI_INV))
    n = lax.shift_right_arithmetic(
        lax.add(lax.convert_element_type(r, jnp.int32), i32(0x800000)), i32(24))
    n = _where(small, i32(0), n)
    xr = lax.select(small, x, _fma(lax.neg(lax.convert_element_type(n, _F64)), _f64(_HPI), x))
    quadrant = lax.bitwise_and(n, i32(3))
    sign = _where(lax.bitwise_or(lax.eq(quadrant, i32(1)), lax.eq(quadrant, i32(2))),
                  _D(-1), _D(1))
    xs = lax.mul(xr, sign)
    x2 = lax.mul(xr, xr)
    sin_p = _sin_poly(xs, x2)
    cos_p = _cos_poly(x2, lax.ne(lax.bitwise_and(n, i32(2)), i32(0)))
    odd = lax.ne(lax.bitwise_and(n, i32(1)), i32(0))
    s = lax.convert_element_type(lax.select(odd, cos_p, sin_p), jnp.float32)
    c = lax.convert_element_type(lax.select(odd, sin_p, cos_p), jnp.float32)
    return lax.select(tiny, y, s), _where(tiny, np.float32(1), c)


_INV_PIO4_HEX = "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041"   # 2/pi, 192 bits
# glibc's __inv_pio4: entry i holds bits 8 (i - 3) .. 8 i + 7 of the fraction of 2/pi.
_INV_PIO4 = np.array([int(_INV_PIO4_HEX[max(0, 2 * i - 6):2 * i + 2], 16) for i in range(24)],
                     np.uint64)


@jax.jit
def sincosf_wide(z):
    """glibc's (sinf(z), cosf(z)) of finite float32 z > -120: sincosf's below 120, above it
    reduce_large's fixed-point reduction by pi/2 with 192 bits of 2/pi, then the same
    polynomials."""
    medium = z < 120
    sin_m, cos_m = sincosf(jnp.where(medium, z, np.float32(1)))
    xi = lax.bitcast_convert_type(z, jnp.uint32)
    table = jnp.asarray(_INV_PIO4)
    i = ((xi >> 26) & 15).astype(jnp.int32)
    m = (((xi & 0xFFFFFF) | 0x800000) << ((xi >> 23) & 7)).astype(jnp.uint64)
    res0 = (m * table[i]) & jnp.uint64(0xFFFFFFFF)
    res0 = ((m * table[i + 8]) >> 32 | res0 << 32) + m * table[i + 4]
    n = (res0 + jnp.uint64(1 << 61)) >> 62
    r = lax.bitcast_convert_type(res0 - (n << 62), jnp.int64).astype(_D) * \
        _D(_HEX("0x1.921FB54442D18p-62"))
    quadrant = n & 3
    xs = jnp.where((quadrant == 1) | (quadrant == 2), -r, r)
    sin_p = _sin_poly(xs, r * r).astype(np.float32)
    cos_p = _cos_poly(r * r, (n & 2) != 0).astype(np.float32)
    odd = (n & 1) != 0
    return (jnp.where(medium, sin_m, jnp.where(odd, cos_p, sin_p)),
            jnp.where(medium, cos_m, jnp.where(odd, sin_p, cos_p)))


# -- log1pf -------------------------------------------------------------------------------

_LP = (6.6666668653e-01, 4.0000000596e-01, 2.8571429849e-01, 2.2222198546e-01,
       1.8183572590e-01, 1.5313838422e-01, 1.4798198640e-01)   # Lp1..Lp7
_LN2_HI, _LN2_LO = 6.9313812256e-01, 9.0580006145e-06


@jax.jit
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


_LP_D = (6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01,
         2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01,
         1.479819860511658591e-01)   # Lp1..Lp7
_LN2_HI_D, _LN2_LO_D = 6.93147180369123816490e-01, 1.90821492927058770002e-10


@jax.jit
def log1p(x):
    """glibc's log1p of float64 x in (-1/2, 0] (dbl-64/s_log1p.c, Sun's algorithm, as the
    FMA build computes it): below -0.2929 1 + x = 2^-1 (1 + f), k = -1, with a correction c
    for the rounding of 1 + x (k = 0, f = (1 + x) - 1 without it where 2 (1 + x) >=
    0x1.6a09ep0); above, f = x."""
    u64 = jnp.uint64
    one = _D(1)
    hx = (lax.bitcast_convert_type(x, u64) >> 32) & u64(0x7FFFFFFF)
    u = lax.optimization_barrier(one + x)   # (XLA: (1 + x) - 1 is x)
    c = (x - (u - one)) / u
    hu = (lax.bitcast_convert_type(u, u64) >> 32) & u64(0xFFFFF)
    normalised = lax.bitcast_convert_type(
        (lax.bitcast_convert_type(u, u64) & u64(0x000FFFFFFFFFFFFF)) |
        u64(0x3FF0000000000000), _D)
    below = hx > u64(0x3FD2BEC3)
    k1 = below & (hu < u64(0x6A09E))
    f = jnp.where(k1, normalised - one, jnp.where(below, u - one, x))
    hfsq = (_D(0.5) * f) * f
    s = f / (_D(2) + f)
    z = s * s
    lp = [_D(v) for v in _LP_D]
    z2 = z * z
    z4 = z2 * z2
    big_r = _fma(z, lp[0], _fma(z, lp[2], lp[1]) * z2)
    big_r = _fma(z4 * z2, _fma(z, lp[6], lp[5]), _fma(z4, _fma(z, lp[4], lp[3]), big_r))
    s_r = (big_r + hfsq) * s
    lo = c - _D(_LN2_LO_D)   # k ln2_lo + c
    hi = -_D(_LN2_HI_D)      # k ln2_hi
    y = jnp.where(k1, hi - ((hfsq - (lo + s_r)) - f), f - (hfsq - s_r))
    # k = -1 and |f| < 2^-20: f - f^2 / 2 (1 - 2/3 f), log(2^-1) + c at f = 0
    tiny_f = jnp.where(f == 0, hi + lo,
                       hi - ((_fma(-f, _D(0.66666666666666666), one) * hfsq - lo) - f))
    y = jnp.where(k1 & (hu == 0), tiny_f, y)
    y = jnp.where(hx < u64(0x3E200000), x - rounded(x * x) * _D(0.5), y)   # |x| < 2^-29
    return jnp.where(hx < u64(0x3C900000), x, y)                             # |x| < 2^-54


# -- expf, exp ----------------------------------------------------------------------------

def _exp2_tables(n):
    """glibc's 2^(k/n), k < n (__exp2f_data.tab for n = 32, __exp_data.tab for 128): the
    bits of H = 2^(k/n) rounded, less k << 52 / n, and 2^(k/n) / H - 1."""
    with localcontext(prec=60):
        exact = [Decimal(2) ** (Decimal(k) / n) for k in range(n)]
        h = np.array([float(e) for e in exact])
        tail = np.array([float(e / Decimal(v) - 1) for e, v in zip(exact, h)])
    return h.view(np.int64) - (np.arange(n, dtype=np.int64) << (53 - n.bit_length())), tail


_EXPF_BITS, _ = _exp2_tables(32)
_EXP_BITS, _EXP_TAIL = _exp2_tables(128)


@jax.jit
def expf(x):
    """glibc's expf (e_expf.c, as __expf_fma computes it: in double, each product that
    feeds a sum fused with it) of float32 x: 2^(k/32) times a cubic in r, x = (k + r)
    log(2) / 32; 0 for results below 2^-126 (FTZ)."""
    f, d = np.float32, np.float64
    xd = lax.convert_element_type(x, d)
    shifted = _fma(xd, d(_HEX("0x1.71547652b82fep+5")), d(_HEX("0x1.8p+52")))
    ki = lax.bitcast_convert_type(shifted, jnp.int64)
    r = _fma(xd, d(_HEX("0x1.71547652b82fep+5")),
             lax.neg(lax.sub(shifted, d(_HEX("0x1.8p+52")))))
    sbits = lax.add(jnp.asarray(_EXPF_BITS)[lax.bitwise_and(ki, np.int64(31))],
                    lax.shift_left(ki, np.int64(47)))
    s = lax.bitcast_convert_type(sbits, d)
    z = _fma(r, d(_HEX("0x1.c6af84b912394p-20")), d(_HEX("0x1.ebfce50fac4f3p-13")))
    y = _fma(r, d(_HEX("0x1.62e42ff0c52d6p-6")), d(1))
    y = lax.convert_element_type(lax.mul(_fma(z, rounded(lax.mul(r, r)), y), s), f)
    y = _where(lax.bitwise_or(lax.lt(y, np.finfo(f).tiny), lax.lt(x, f(_HEX("-0x1.9fe368p6")))),
               f(0), y)
    return lax.select(lax.ne(x, x), x, _where(lax.gt(x, f(_HEX("0x1.62e42ep6"))), f(np.inf), y))


@jax.jit
def exp(x):
    """glibc's exp (e_exp.c, as __exp_fma computes it) of float64 x: 2^(k/128) (1 + tail)
    times a quartic in r, x = k log(2) / 128 + r; |x| >= 512 scaled apart (0 for results
    below 2^-1022: FTZ), inf or 0 from |x| = 1024."""
    d, i64 = np.float64, np.int64
    shifted = _fma(x, d(_HEX("0x1.71547652b82fep+7")), d(_HEX("0x1.8p+52")))
    ki = lax.bitcast_convert_type(shifted, jnp.int64)
    kd = lax.sub(shifted, d(_HEX("0x1.8p+52")))
    r = _fma(kd, d(_HEX("-0x1.cf79abc9e3b3ap-47")), _fma(kd, d(_HEX("-0x1.62e42fefa0000p-8")), x))
    r2 = rounded(lax.mul(r, r))
    p23 = _fma(r, d(_HEX("0x1.555555555543cp-3")), d(_HEX("0x1.ffffffffffdbdp-2")))
    p45 = _fma(r, d(_HEX("0x1.1111167a4d017p-7")), d(_HEX("0x1.55555cf172b91p-5")))
    index = lax.bitwise_and(ki, i64(127))
    tmp = _fma(rounded(lax.mul(r2, r2)), p45,
               _fma(p23, r2, lax.add(jnp.asarray(_EXP_TAIL)[index], r)))
    sbits = lax.add(jnp.asarray(_EXP_BITS)[index], lax.shift_left(ki, i64(45)))
    scale = lax.bitcast_convert_type(sbits, d)
    up = lax.bitcast_convert_type(lax.sub(sbits, i64(1009 << 52)), d)
    up = lax.mul(_fma(up, tmp, up), d(2.0 ** 1009))
    down = lax.bitcast_convert_type(lax.add(sbits, i64(1022 << 52)), d)
    down = lax.add(down, rounded(lax.mul(down, tmp)))
    down = _where(lax.lt(down, d(1)), d(0), lax.mul(down, d(2.0 ** -1022)))
    positive = lax.gt(x, d(0))
    y = lax.select(lax.lt(lax.abs(x), d(512)), _fma(scale, tmp, scale),
                   lax.select(positive, up, down))
    y = lax.select(lax.ge(lax.abs(x), d(1024)), _where(positive, d(np.inf), d(0)), y)
    return lax.select(lax.ne(x, x), x, y)
