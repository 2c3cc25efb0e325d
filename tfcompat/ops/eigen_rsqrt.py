"""Eigen's float32 prsqrt on AVX (EIGEN_FAST_MATH): the CPU's rsqrtps approximation, as this
machine's AMD Zen 4 computes it (read from the instruction; each CPU maker rounds its own
way, so TF run on an Intel CPU gives other last bits), refined by one Newton step; and
Eigen's scalar prsqrt (the tail of a float32 kernel, all of float64), 1 / sqrt(x)."""
import base64
import zlib

import jax.numpy as jnp
import numpy as np
from jax import lax

from .math_common import exact_divide, madd

_F = np.float32

# rsqrtps's result, in [0.5, 1) scaled by 2^-floor(e / 2) for an input 2^e m, has 12
# significant bits and depends on e's parity and m's top 12 bits only. Stored as 2 x 4096
# decrements (0, 1 or 2) of the 12 bits below the leading one, from 4096 (even e) and 1697
# (odd e), 4 to a byte.
_RSQRTPS_STEPS = (
    "eNqdkkFuxCAMRTczezOic55EMl2TKMz9j1I7QOVaxqHBevxnI2UTl3KUT6MoL8o1XHx9qv7mVR0iv8qRmHfLEdHw"
    "M1M6ebccEQ3n3I+Ytob0K3LLtOFZo8RB3ysjfUeRDbeSCdR0XsI9QDjSSQ2cSO3hxoE/HX8DEVpK97I7ySpJqr8i"
    "0NUB4dbMclgfayC8dB1hhQHeW2eh0DUz633aeIcr3y1RzJIxQ5G0wrGzC5fkQV8zhl2s5z63wgLETGyNbKTncGNn"
    "QeQz0N8kdGq3egYuNhScvvqDdzCM0nOGVvB2LUSgNe6AcNmDM4OJmXY5M8b/gmMZPC9Ob7k3s5IJUE9Pz2f62bd+"
    "fgAreVzg")


def _rsqrtps_table():
    """_RSQRTPS_STEPS decoded: the 12 result bits for index (e odd) * 4096 + m's top 12."""
    raw = np.frombuffer(zlib.decompress(base64.b64decode(_RSQRTPS_STEPS)), np.uint8)
    steps = (raw[:, None] >> np.array([0, 2, 4, 6], np.uint8)) & 3
    bits = np.array([[4096], [1697]]) - np.cumsum(steps.reshape(2, 4096), axis=1)
    return bits.reshape(-1).astype(np.uint32)


_RSQRTPS = _rsqrtps_table()


def rsqrtps(a):
    """The CPU's rsqrtps (_mm256_rsqrt_ps) of float32 `a`, denormals read as zero: +-inf at
    +-0, 0 at +inf, NaN below zero."""
    bits = lax.bitcast_convert_type(a, jnp.uint32)
    e = ((bits >> 23) & jnp.uint32(0xFF)).astype(jnp.int32)
    index = ((e & 1) ^ 1) << 12 | ((bits >> 11) & jnp.uint32(0xFFF)).astype(jnp.int32)
    mantissa = jnp.asarray(_RSQRTPS)[index]
    exponent = (jnp.int32(126) - lax.shift_right_arithmetic(e - 127, jnp.int32(1)))
    y = lax.bitcast_convert_type(exponent.astype(jnp.uint32) << 23 | mantissa << 11, _F)
    y = jnp.where(a == _F(np.inf), _F(0), y)
    y = jnp.where((a < 0) | jnp.isnan(a), _F(np.nan), y)
    return jnp.where(e == 0, jnp.copysign(_F(np.inf), a), y)


def prsqrt_packet(a):
    """Eigen's AVX prsqrt<Packet8f> of float32 `a`: rsqrtps's r refined by
    generic_rsqrt_newton_step, r + (-r / 2) ((a r) r - 1), each product rounded (no FMA);
    r itself where that is NaN (at 0, inf and NaN)."""
    approx = rsqrtps(a)
    half_r = approx * _F(-0.5)
    h = madd(a * approx, approx, _F(-1))
    y = madd(half_r, h, approx)
    return jnp.where(jnp.isnan(y), approx, y)


def rsqrt_scalar(a):
    """Eigen's scalar prsqrt: 1 / sqrt(a), the division exact (XLA would make it
    rsqrt(a))."""
    return exact_divide(a.dtype.type(1), jnp.sqrt(a))
