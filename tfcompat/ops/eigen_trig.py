"""tf.sin and tf.cos of float32 as TF's CPU kernels compute them: Eigen's psincos_float
(the non-FMA build: a four-step Cody-Waite reduction by pi/2, Payne-Hanek for
|x| >= 25966 (sin) or 18838 (cos), and its two minimax polynomials) on whole AVX packets,
glibc's sinf/cosf (glibc_float.sincosf) on the rest. Read from the Eigen headers that
TF 2.21 ships. XLA's float32 sin and cos round differently in about 1 value in 6.

Differs from TF: a tail element (size % 8 of them) of |x| >= 120 uses XLA's sin/cos."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework.rounding import rounded
from . import glibc_float
from .math_common import eigen_packets, polevl

_F = np.float32
_MAGIC = _F(12582912)   # 2^23 + 2^22: adding it rounds to an integer
_REDUCE = [_F(-1.5703125), _F(-0.000483989715576171875), _F(1.62865035235881805419921875e-07),
           _F(5.5644315544167710640977020375430583953857421875e-11)]
_COS = [_F(2.4372266125283204019069671630859375e-05), _F(-0.00138865201734006404876708984375),
        _F(0.041666619479656219482421875), _F(-0.5), _F(1)]
_SIN = [_F(-0.0001959234114083702898469196984621021329076029360294342041015625),
        _F(0.0083326873655616851693794799871284340042620897293090820312500000),
        _F(-0.1666666203982298255503735617821803316473960876464843750000000000)]
# 192 bits of 2/pi, replicated by bytes for aligned reads (trig_reduce_huge).
_TWO_OVER_PI = np.array([
    0x00000028, 0x000028be, 0x0028be60, 0x28be60db, 0xbe60db93, 0x60db9391, 0xdb939105,
    0x9391054a, 0x91054a7f, 0x054a7f09, 0x4a7f09d5, 0x7f09d5f4, 0x09d5f47d, 0xd5f47d4d,
    0xf47d4d37, 0x7d4d3770, 0x4d377036, 0x377036d8, 0x7036d8a5, 0x36d8a566, 0xd8a5664f,
    0xa5664f10, 0x664f10e4, 0x4f10e410, 0x10e41000, 0xe4100000], np.uint32)


def _reduce_huge(val):
    """Eigen's trig_reduce_huge (Payne-Hanek): (val - q pi/2, q) for finite val >= 2^14."""
    u32, u64 = jnp.uint32, jnp.uint64
    xi = lax.bitcast_convert_type(val, u32)
    e = (xi >> 23) - u32(118)
    xi = ((xi & u32(0x007FFFFF)) | u32(0x00800000)) << (e & u32(7))
    i = jnp.clip((e >> 3).astype(jnp.int32), 1, len(_TWO_OVER_PI) - 8)
    table = jnp.asarray(_TWO_OVER_PI)
    t1, t2, t3 = table[i - 1], table[i + 3], table[i + 7]
    wide = xi.astype(u64)
    p = wide * t3.astype(u64)
    p = wide * t2.astype(u64) + (p >> u64(32))
    p = ((xi * t1).astype(u64) << u64(32)) + p
    q = (p + (u64(1) << u64(61))) >> u64(62)
    p = p - (q << u64(62))
    r = (p.astype(jnp.int64).astype(jnp.float64) * 3.4061215800865545e-19).astype(_F)
    return r, q.astype(jnp.int32)


def _psincos(x0, sine):
    x = jnp.abs(x0)
    y_round = lax.optimization_barrier(rounded(x * _F(0.636619746685028076171875)) + _MAGIC)
    y_int = lax.bitcast_convert_type(y_round, jnp.int32)
    y = y_round - _MAGIC
    for k, c in enumerate(_REDUCE):
        x = rounded(y * c) + x
        if k < 2:
            x = lax.optimization_barrier(x)
    huge = (jnp.abs(x0) >= _F(25966.0 if sine else 18838.0)) & jnp.isfinite(x0)
    big_r, big_q = _reduce_huge(jnp.where(huge, jnp.abs(x0), _F(1e5)))
    x = jnp.where(huge, big_r, x)
    y_int = jnp.where(huge, big_q, y_int)
    bits = lax.bitcast_convert_type(x0, jnp.int32)
    sign = (bits ^ (y_int << 30)) if sine else ((y_int + 1) << 30)
    sign = sign & jnp.int32(-2 ** 31)
    even = (y_int & 1) == 0
    x2 = x * x
    cos_p = polevl(x2, _COS)
    sin_p = rounded(rounded(polevl(x2, _SIN) * x2) * x) + x
    out = jnp.where(even, sin_p, cos_p) if sine else jnp.where(even, cos_p, sin_p)
    return lax.bitcast_convert_type(lax.bitcast_convert_type(out, jnp.int32) ^ sign, _F)


def _glibc(x, sine):
    small = jnp.abs(x) < _F(120)
    s, c = glibc_float.sincosf(jnp.where(small, x, _F(0)))
    return jnp.where(small, s if sine else c, jnp.sin(x) if sine else jnp.cos(x))


def eigen_sin(x):
    """TF's CPU Sin of a float32 array."""
    return eigen_packets(lambda v: _psincos(v, True), lambda v: _glibc(v, True), x)


def eigen_cos(x):
    """TF's CPU Cos of a float32 array."""
    return eigen_packets(lambda v: _psincos(v, False), lambda v: _glibc(v, False), x)
