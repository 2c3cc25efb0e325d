"""TF's CPU Reciprocal kernel (Eigen's scalar_inverse_op) for float32: on whole AVX packets
Eigen's preciprocal, the CPU's rcpps approximation as this machine's AMD Zen 4 computes it
(read from the instruction over all 2^32 inputs; other CPUs give other last bits) refined
by one Newton step; on the remaining size % 8 elements the scalar 1 / x."""
import base64
import zlib

import jax.numpy as jnp
import numpy as np
from jax import lax

from .math_common import eigen_packets, exact_divide, madd, rounded

_F = np.float32

# rcpps's result for an input 2^e m (e the biased exponent, m in [1, 2)) is
# 2^(126 - (e - 127)) (1 + k / 4096), k depending on m's top 12 bits only; zero when that
# exponent is below 1, +-inf at zeros and denormals. Stored as the 4096 decrements (0 to 4)
# of 4096 + k from 8192, a byte each.
_RCPPS_STEPS = (
    "eNrNkgsOAiEMRKfF+5/ZGBblozs7aVFZAnm8KRCy7ua11fk2cSHeSb6QvDpbMj+mvhfCLvooWzJjPc/MX18R2UWv"
    "sole5bbQ+syF+Cib6KOM9bxnqj7MXrZkrzJWf4SGdF926rMZyR68fmjv1s48y1swrzakVGG6Ly7nsxn7Paa1gZ14"
    "Vm/J9RDreR7jIDI216tez7cnQbe8j5GcV/2ax9j/nBH0C6N/FT67mN+9H/LuU4eJjTC+7JFcf/wy/b+Tyvjxfrjm"
    "P26j+mg+u57xHTJDEAE=")


def _rcpps_table():
    """_RCPPS_STEPS decoded: k (12 bits) for m's top 12 bits."""
    steps = np.frombuffer(zlib.decompress(base64.b64decode(_RCPPS_STEPS)), np.uint8)
    return (4096 - np.cumsum(steps)).astype(np.uint32)


_RCPPS = _rcpps_table()


def rcpps(a):
    """The CPU's rcpps (_mm256_rcp_ps) of float32 `a`, denormals read as zero: +-inf at
    +-0, +-0 at +-inf and where the result would be denormal, NaN at NaN."""
    bits = lax.bitcast_convert_type(a, jnp.uint32)
    e = ((bits >> 23) & jnp.uint32(0xFF)).astype(jnp.int32)
    mantissa = jnp.asarray(_RCPPS)[((bits >> 11) & jnp.uint32(0xFFF)).astype(jnp.int32)]
    exponent = jnp.maximum(253 - e, 0).astype(jnp.uint32)
    y = lax.bitcast_convert_type(jnp.where(exponent == 0, jnp.uint32(0), exponent << 23 |
                                           mantissa << 11), _F)
    y = jnp.where(e == 0, _F(np.inf), y)
    return jnp.where(jnp.isnan(a), a, jnp.copysign(y, a))


def reciprocal_packet(a):
    """Eigen's AVX preciprocal<Packet8f> (generic_reciprocal_newton_step) of float32 `a`:
    rcpps's x refined as x (1 - a x) + x, each product rounded (no FMA); x itself where
    1 - a x is NaN (at zeros, denormals, infinities and NaN)."""
    approx = rcpps(a)
    tmp = 1 - rounded(a * approx)
    # (a denormal `a` is zero to TF's kernel, which runs with denormals read as zero)
    nan = jnp.isnan(tmp) | (jnp.abs(a) < np.finfo(_F).tiny)
    return jnp.where(nan, approx, madd(approx, tmp, approx))


def eigen_reciprocal(x):
    """TF's float32 CPU Reciprocal: reciprocal_packet on whole packets of 8, the exact
    1 / x on the rest."""
    return eigen_packets(reciprocal_packet, lambda t: exact_divide(_F(1), t), x)
