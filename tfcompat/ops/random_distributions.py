"""TF's random distributions over Philox samples (random_distributions.h and the CPU
kernels that fill tensors from them), as pure JAX functions of a Philox state.

`fill` implements FillPhiloxRandom for the fixed-size distributions: engine call i
gives output group i (4 floats, 2 doubles, 4 int32, 2 int64). Truncated normals use
TF's variable-sample layout: output group g starts 256 engine calls (128 for double)
after g-1 and rejects Box-Muller pairs outside (-2, 2).
"""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import glibc_float, philox

_U32 = jnp.uint32
_U64 = jnp.uint64


def _bitcast(x, dtype):
    return lax.bitcast_convert_type(x, dtype)


def unit_float(u, dtype):
    """Uint32ToFloat / Uint16ToHalf / Uint16ToGfloat16: [0, 1) from a sample's low
    mantissa bits."""
    if dtype == np.float32:
        return _bitcast((u & _U32(0x7FFFFF)) | _U32(0x3F800000), jnp.float32) - jnp.float32(1)
    if dtype == np.float16:
        h = (u & _U32(0x3FF)) | _U32(15 << 10)
    else:
        h = (u & _U32(0x7F)) | _U32(127 << 7)
    return _bitcast(lax.convert_element_type(h, jnp.uint16), dtype) - jnp.ones((), dtype)


def unit_double(x0, x1):
    """Uint64ToDouble: [0, 1) from 20 bits of x0 and all of x1."""
    man = ((x0 & _U32(0xFFFFF)).astype(_U64) << _U64(32)) | x1.astype(_U64)
    return _bitcast(man | _U64(1023 << 52), jnp.float64) - jnp.float64(1)


def _u64(lo, hi):
    return lo.astype(_U64) | (hi.astype(_U64) << _U64(32))


def _box_muller_float(x0, x1):
    """BoxMullerFloat, with glibc's logf and sincosf as TF's CPU kernel calls them."""
    u1 = jnp.maximum(unit_float(x0, np.float32), jnp.float32(1e-7))
    v1 = (2 * math.pi * unit_float(x1, np.float32).astype(jnp.float64)).astype(jnp.float32)
    u2 = jnp.sqrt(jnp.float32(-2) * glibc_float.logf(u1))
    sin, cos = glibc_float.sincosf(v1)
    return sin * u2, cos * u2


def _box_muller_double(x0, x1, x2, x3):
    u1 = jnp.maximum(unit_double(x0, x1), jnp.float64(1e-34))
    v1 = 2 * math.pi * unit_double(x2, x3)
    u2 = jnp.sqrt(-2 * jnp.log(u1))
    return jnp.sin(v1) * u2, jnp.cos(v1) * u2


def _interleaved(parts):
    """The arrays `parts` as the last axis of one array. (Written slice by slice: XLA's
    CPU fusion of a stack computes each element's whole Box-Muller there, unvectorized,
    ten times slower.)"""
    out = jnp.zeros(parts[0].shape + (len(parts),), parts[0].dtype)
    for i, x in enumerate(parts):
        out = out.at[..., i].set(x)
    return out


def _pairs(samples):
    """Samples [..., 4] as Box-Muller values [..., 4] (float) or [..., 2] (double)."""
    s = [samples[..., i] for i in range(4)]
    a, b = _box_muller_float(s[0], s[1])
    c, d = _box_muller_float(s[2], s[3])
    return _interleaved([a, b, c, d])


# -- fixed-size distributions: samples [calls, 4] -> outputs [calls, group] ------------------
# (uniform and normal also take one engine call's samples [4] -> [group])

def uniform(samples, dtype):
    """UniformDistribution for floating types."""
    if dtype == np.float64:
        return jnp.stack([unit_double(samples[..., 0], samples[..., 1]),
                          unit_double(samples[..., 2], samples[..., 3])], axis=-1)
    return unit_float(samples, dtype)


def uniform_int(samples, lo, hi):
    """UniformDistribution for int32/int64 on [lo, hi): lo + sample % (hi - lo)."""
    if lo.dtype == np.int32:
        span = hi.astype(_U32) - lo.astype(_U32)
        return lo + (samples % span).astype(jnp.int32)
    span = hi.astype(_U64) - lo.astype(_U64)
    wide = _u64(samples[:, 0::2], samples[:, 1::2])
    return lo + (wide % span).astype(jnp.int64)


def full_int(samples, dtype):
    """UniformFullIntDistribution: every bit pattern of (u)int32/(u)int64."""
    if np.dtype(dtype).itemsize == 4:
        return _bitcast(samples, dtype)
    return _bitcast(_u64(samples[:, 0::2], samples[:, 1::2]), dtype)


def normal(samples, dtype):
    """NormalDistribution: Box-Muller on sample pairs (in float for the 16-bit types)."""
    if dtype == np.float64:
        return _interleaved(_box_muller_double(*(samples[..., i] for i in range(4))))
    return _pairs(samples).astype(dtype)


def group_size(dtype):
    """Outputs per engine call of the fixed-size distributions."""
    return 2 if np.dtype(dtype).itemsize == 8 else 4


def fill(dist, state, shape, dtype, *args):
    """FillPhiloxRandom: `dist(samples, ...)` over consecutive engine calls from `state`."""
    n = math.prod(shape)
    calls = -(-n // group_size(dtype))
    out = dist(philox.bits(state, calls), *args)
    return out.reshape(-1)[:n].reshape(shape)


# -- truncated normal ------------------------------------------------------------------------

_TRIES = 8  # engine calls tried per output group; fewer accepted values has p < 1e-30


def truncated_stride(dtype):
    """The engine calls from one truncated normal output group to the next."""
    return group_size(dtype) * philox.RESERVED_PER_OUTPUT // 4


def truncated_normal(state, shape, dtype):
    """TruncatedNormalDistribution filled as TF does (values with |x| < 2)."""
    n = math.prod(shape)
    if not n:
        return jnp.zeros(shape, dtype)
    group = group_size(dtype)
    groups = -(-n // group)
    stride = truncated_stride(dtype)
    offsets = (jnp.arange(groups, dtype=_U64)[:, None] * _U64(stride)
               + jnp.arange(_TRIES, dtype=_U64)[None, :])
    samples = philox.bits_at(state, offsets)  # [groups, tries, 4]
    if dtype == np.float64:
        values = _interleaved(_box_muller_double(*(samples[..., i] for i in range(4))))
    else:
        values = _pairs(samples)
    values = values.reshape(groups, -1)
    accepted = jnp.abs(values) < 2
    rank = jnp.cumsum(accepted, axis=1) - 1
    out = jnp.stack([jnp.sum(jnp.where(accepted & (rank == k), values, 0), axis=1)
                     for k in range(group)], axis=-1)
    return out.astype(dtype).reshape(-1)[:n].reshape(shape)


# -- multinomial and shuffle -----------------------------------------------------------------

def multinomial(state, logits, num_samples, dtype):
    """TF's CPU Multinomial: per row, the upper bound of u * total in the unnormalized
    CDF of exp(logits - max), non-finite logits adding nothing; u are doubles from one
    sample stream over all rows."""
    rows, classes = logits.shape
    x = logits.astype(jnp.float64)
    finite = jnp.isfinite(x)
    lowest = jnp.asarray(jnp.finfo(logits.dtype).min, jnp.float64)
    top = jnp.max(jnp.where(finite, x, lowest), axis=1, keepdims=True, initial=lowest)
    cdf = jnp.cumsum(jnp.where(finite, jnp.exp(x - top), 0), axis=1)
    s = philox.stream(state, 2 * rows * num_samples).reshape(rows, num_samples, 2)
    if not rows * num_samples:
        return jnp.zeros((rows, num_samples), dtype)
    find = unit_double(s[..., 0], s[..., 1]) * cdf[:, -1:]
    idx = jax.vmap(lambda c, f: jnp.searchsorted(c, f, side="right"))(cdf, find)
    return idx.astype(dtype)


def shuffle(state, value):
    """TF's RandomShuffle: Fisher-Yates swapping i with i + sample % (n - i)."""
    n = value.shape[0]
    if n < 2:
        return value
    draws = philox.stream(state, n - 1)

    def swap(i, perm):
        j = i + (draws[i] % (n - i).astype(jnp.uint32)).astype(jnp.int32)
        pi, pj = perm[i], perm[j]
        return perm.at[i].set(pj).at[j].set(pi)

    perm = lax.fori_loop(0, n - 1, swap, jnp.arange(n, dtype=jnp.int32))
    return value[perm]
