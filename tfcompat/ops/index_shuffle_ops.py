"""tf.random_index_shuffle (raw op RandomIndexShuffle): the position of `index` in a
pseudorandom permutation of [0, max_index], as TF's kernel computes it
(core/kernels/random_index_shuffle.cc): a Simon-like Feistel cipher of block size
B = max(16, even ceil(log2(max_index))) keyed by the low 32 bits of the three seed
words, applied `rounds` times per encryption, with cycle walking until the result is
<= max_index. Written with jnp/lax (uint64, a while loop), so it compiles in a
tf.function. Deliberate difference: TF's kernel reads past its round keys for an odd
`rounds` or one under 4 (undefined behaviour); those raise InvalidArgumentError here."""
import functools

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, host_callback
from ..framework.tensor import Tensor
from ..framework.dispatch import Op, execute, mismatch_error, to_tensor
from .op_args import attr_error, check_values, dims, kernel_error

__all__ = ["random_index_shuffle"]

_OP_NAME = "RandomIndexShuffle"
_Z = 0x7369F885192C0EF5
_ALLOWED = (dtypes.int32, dtypes.uint32, dtypes.int64, dtypes.uint64)


def _u64(x):
    return jnp.asarray(x, jnp.uint64)


def _block_words(max_index):
    """W = B / 2 per element: B = ceil(log2(double(max_index))) rounded up to even, at
    least 16 and at most 64, with log2 rounded to the nearest double as glibc's is
    (just above a large power of two it rounds down onto the integer)."""
    d = max_index.astype(jnp.float64)
    mant, ex = jnp.frexp(d)
    k = ex.astype(jnp.int64) - 1                     # floor(log2 d)
    frac = jnp.log1p(2.0 * mant - 1.0) / np.log(2.0)   # log2(d) - k
    top = jnp.floor(jnp.log2(jnp.maximum(k, 1).astype(jnp.float64)))
    half_ulp = jnp.exp2(top - 53.0)
    b = jnp.where((mant == 0.5) | (frac <= half_ulp), k, k + 1)
    b = jnp.clip(b + b % 2, 16, 64)
    return _u64(b // 2)


def _rotl(x, r, w, mask):
    return ((x << r) | (x >> (w - r))) & mask


def _rotr(x, r, w, mask):
    return ((x >> r) | (x << (w - r))) & mask


def _simon_f(x, w, mask):
    return (_rotl(x, 1, w, mask) & _rotl(x, 8, w, mask)) ^ _rotl(x, 2, w, mask)


def _shuffle(index, seed, max_index, rounds):
    """The kernel on flat uint64 `index` and `max_index` ([n]) and uint32 `seed` ([n, 3])."""
    w = _block_words(max_index)
    mask = (_u64(1) << w) - _u64(1)
    key = seed.astype(jnp.uint64)
    rk = [key[:, 0] & mask, key[:, 1] & mask, key[:, 2] & mask]
    c = _u64(0xFFFFFFFC) & mask
    for i in range(3, rounds):
        zbit = ((_u64(_Z) & mask) >> (i - 3)) & _u64(1) if i - 3 < 64 else _u64(0)
        rk.append(c ^ zbit ^ rk[i - 3] ^ _rotr(rk[i - 1], 3, w, mask)
                  ^ _rotr(rk[i - 1], 4, w, mask))

    def encrypt(value):
        left, right = (value >> w) & mask, value & mask
        for i in range(0, rounds, 2):
            left = left ^ _simon_f(right, w, mask) ^ rk[i]
            right = right ^ _simon_f(left, w, mask) ^ rk[i + 1]
        return (left << w) | right

    def walk(state):
        value, done = state
        new = encrypt(value)
        return jnp.where(done, value, new), done | (new <= max_index)

    out, _ = lax.while_loop(lambda s: ~jnp.all(s[1]), walk,
                            (index, max_index == _u64(0)))
    return jnp.where(max_index == _u64(0), _u64(0), out)


def _kernel(index, seed, max_index, rounds, checked=None):
    """`checked`: TF's value check (`_value_error` with its name), made on the host when a
    tf.function runs; invalid elements stop walking at once so the loop ends first."""
    n = index.size
    shape = (n,) if (index.ndim or seed.ndim == 2 or max_index.ndim) else ()
    flat_seed = jnp.broadcast_to(seed.reshape(-1, 3), (n, 3)).astype(jnp.uint32)
    idx, top = (jnp.broadcast_to(a.reshape(-1), (n,)) for a in (index, max_index))
    valid = (idx >= 0) & (idx <= top)
    out = _shuffle(jnp.where(valid, idx, 0).astype(jnp.uint64), flat_seed,
                   jnp.where(valid, top, 0).astype(jnp.uint64), rounds)
    out = out.astype(index.dtype).reshape(shape)
    return host_callback.checked(out, checked, index, max_index) if checked else out


_op = Op(_OP_NAME, _kernel, differentiable=False, allowed=None)


def _value_error(index, max_index, name=None):
    n = index.size
    idx = np.broadcast_to(index.reshape(-1), (n,))
    top = np.broadcast_to(max_index.reshape(-1), (n,))
    for i in range(n):
        if idx[i] < 0:
            return kernel_error(_OP_NAME, f"index must be >= 0 but was {idx[i]}", name)
        if top[i] < 0:
            return kernel_error(_OP_NAME, f"max_index must be >= 0 but was {top[i]}", name)
        if top[i] < idx[i]:
            return kernel_error(_OP_NAME, f"max_index must be >= index, but {top[i]} < {idx[i]}",
                                name)
    return None


def random_index_shuffle(index, seed, max_index, rounds=4, name=None):
    """tf.random_index_shuffle: where `index` lands in a permutation of [0, max_index]
    fixed by `seed` ([3], or [n, 3] for a vector `index` of n elements)."""
    # TF's kernel errors end in " name: " on its fast path, taken when `seed` is a Tensor.
    nm = "" if isinstance(seed, Tensor) else None
    index = to_tensor(index)
    if index.dtype not in _ALLOWED:
        raise attr_error(_OP_NAME, "dtype", index.dtype)
    seed = to_tensor(seed)
    if seed.dtype not in _ALLOWED:
        raise attr_error(_OP_NAME, "Tseed", seed.dtype)
    max_index = to_tensor(max_index) if hasattr(max_index, "dtype") else \
        to_tensor(np.asarray(max_index, index.dtype.as_numpy_dtype))
    if max_index.dtype != index.dtype:
        raise mismatch_error(_OP_NAME, 2, index.dtype, max_index.dtype)
    rounds = int(rounds)
    if rounds < 4 or rounds % 2:
        raise errors.InvalidArgumentError(
            None, None, f"tfcompat: tf.random_index_shuffle needs an even rounds >= 4, got "
                        f"{rounds} (TF's RandomIndexShuffle kernel reads undefined memory there)")
    n = index.shape.num_elements()
    if index.ndim > 1 or n == 0:
        raise kernel_error(_OP_NAME, "Index bust be a scalar or vector.", nm)
    if not ((seed.ndim == 1 and seed.shape[0] == 3) or
            (seed.ndim == 2 and tuple(seed.shape) == (n, 3))):
        raise kernel_error(_OP_NAME, f"Seed must be a vector of size [3] or a matrix of size "
                                     f"[{n}, 3] but got {dims(seed.shape)}.", nm)
    if not (max_index.ndim == 0 or (max_index.ndim == 1 and max_index.shape[0] == n)):
        raise kernel_error(_OP_NAME, f"Maxval must be a scalar or a vector of the same size as "
                                     f"index but got {dims(max_index.shape)}", nm)
    error = functools.partial(_value_error, name=nm)
    attrs = (("checked", error),) if check_values(error, index, max_index) else ()
    return execute(_op, (index, seed, max_index), (("rounds", rounds),) + attrs)
