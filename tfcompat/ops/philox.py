"""Philox4x32-10, TF's CPU random engine (tensorflow/core/lib/random/philox_random.h),
in jax.numpy (and on the host in NumPy: `host_stream`).

A generator state is a uint64 array ``[counter_lo, counter_hi, key]``: the layout of
``tf.random.Generator``'s state variable, and the (key, counter) pair of TF's stateless
ops and of its seeded stateful kernels (``PhiloxRandom(seed, seed2)`` is the state
``[0, seed2, seed]``). One call of the engine turns a 128-bit counter into four
uint32 samples; the counter then advances by one.
"""
import jax.numpy as jnp
import numpy as np

_M0, _M1 = 0xD2511F53, 0xCD9E8D57
_W0, _W1 = 0x9E3779B9, 0xBB67AE85
_MASK64 = 0xFFFFFFFFFFFFFFFF
# The 128-bit units one op call may use per output (TF's kReservedSamplesPerOutput).
RESERVED_PER_OUTPUT = 256


def _u32(x):
    return x.astype(np.uint32)


def _mulhilo(m, x):
    p = np.uint64(m) * x.astype(np.uint64)
    return _u32(p), _u32(p >> np.uint64(32))


def block(c0, c1, c2, c3, k0, k1):
    """Ten Philox rounds on uint32 counter words c0..c3 with key words k0, k1 (jax or
    NumPy arrays)."""
    for i in range(10):
        lo0, hi0 = _mulhilo(_M0, c0)
        lo1, hi1 = _mulhilo(_M1, c2)
        c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
        if i < 9:
            k0 = k0 + np.uint32(_W0)
            k1 = k1 + np.uint32(_W1)
    return c0, c1, c2, c3


def advance(state, calls):
    """`state` (three uint64 as Python ints) with its 128-bit counter advanced by
    `calls` (PhiloxRandom::Skip), on the host."""
    low = state[0] + calls
    return [low & _MASK64, (state[1] + (low >> 64)) & _MASK64, state[2]]


def bits(state, calls):
    """The uint32 samples of `calls` engine calls from `state`, as an array [calls, 4]."""
    return bits_at(state, jnp.arange(calls, dtype=jnp.uint64))


def bits_at(state, offsets):
    """The uint32 samples of the engine calls at counter offsets `offsets` (uint64) from
    `state`, as an array [*offsets.shape, 4]."""
    lo = state[0] + offsets
    hi = state[1] + (lo < state[0]).astype(jnp.uint64)
    key = jnp.asarray(state[2])
    shift = jnp.uint64(32)
    out = block(_u32(lo), _u32(lo >> shift), _u32(hi), _u32(hi >> shift),
                _u32(key), _u32(key >> shift))
    return jnp.stack(out, axis=-1)


def host_stream(seed, seed2, start, count):
    """Samples start..start+count-1 (a multiple of 4 apart from `count`) of the uint32
    stream of ``PhiloxRandom(seed, seed2)`` through SingleSampleAdapter, in NumPy (the
    generators of tf.data's kernels)."""
    calls = np.arange(start // 4, -(-(start + count) // 4), dtype=np.uint64)
    seed, seed2 = seed & _MASK64, seed2 & _MASK64
    hi = np.full(calls.shape, seed2, np.uint64)
    key = np.full(calls.shape, seed, np.uint64)
    shift = np.uint64(32)
    out = block(_u32(calls), _u32(calls >> shift), _u32(hi), _u32(hi >> shift),
                _u32(key), _u32(key >> shift))
    return np.stack(out, axis=-1).reshape(-1)[start % 4:start % 4 + count]


def stream(state, count):
    """The first `count` uint32 samples from `state`, in order (SingleSampleAdapter)."""
    return bits(state, -(-count // 4)).reshape(-1)[:count]


def scramble(seed):
    """TF's GenerateKey (stateless ops): a shape-[2] int32/int64 seed -> the state that
    Philox keyed by 0x02461e293ec8f720 derives from it (the seed is sign-extended to
    two uint64 counter halves)."""
    s = seed.astype(jnp.int64).astype(jnp.uint64)
    mix = bits(jnp.stack([s[0], s[1], jnp.uint64(0x02461E293EC8F720)]), 1)[0]
    mix = mix.astype(jnp.uint64)
    shift = jnp.uint64(32)
    return jnp.stack([jnp.uint64(0), mix[2] | (mix[3] << shift), mix[0] | (mix[1] << shift)])
