"""tf.nn.fractional_max_pool and tf.nn.fractional_avg_pool (TF's FractionalMaxPool and
FractionalAvgPool): pooling over regions whose boundaries TF draws at random
(core/kernels/fractional_pool_common.cc), reproduced draw for draw.

Each call starts a Philox generator from (seed, seed2) (random seeds where both are 0),
as TF's kernels do; the rows' sequence draws first, then the columns'. A pseudo-random
sequence takes one 128-bit block: u = RandDouble * max_u, boundaries ceil(alpha * (i +
u)); a random one shuffles [k + 1] * (n_in % n_out) + [k] * rest with TF's RandomShuffle,
one uint32 per swap. The sequences are computed in the kernel, so that a tf.function
with an unseeded pool draws anew on every call, as TF's does.

Gradients are TF's: FractionalMaxPoolGrad sends each output's gradient to the first
maximum of its region (row-major); FractionalAvgPoolGrad spreads it evenly over the
region, summed in double.
"""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import errors, op_def
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.tensor import EagerTensor
from . import philox, random_seed
from .morphology_ops import _lowest
from .op_args import kernel_error


def _rand_double(x0, x1):
    """TF's Uint64ToDouble: a double in [0, 1) from 52 random mantissa bits."""
    man = ((x0 & np.uint32(0xFFFFF)).astype(jnp.uint64) << np.uint64(32)) | \
        x1.astype(jnp.uint64)
    return lax.bitcast_convert_type(man | np.uint64(1023 << 52), jnp.float64) - 1.0


def _pseudo_random(n_in, n_out, bits):
    """The cumulative sequence [n_out + 1] from one engine call's samples `bits`."""
    alpha = n_in / n_out
    k = n_in // n_out
    max_u = min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
    u = _rand_double(bits[0], bits[1]) * max_u
    inner = jnp.ceil(alpha * (np.arange(1, n_out, dtype=np.float64) + u)).astype(jnp.int64)
    cum = jnp.concatenate([jnp.ones(1, jnp.int64), inner, jnp.full(1, n_in + 1, jnp.int64)])
    return jnp.concatenate([jnp.zeros(1, jnp.int64), jnp.cumsum(jnp.diff(cum))])


def _random(n_in, n_out, samples):
    """The cumulative sequence from shuffling the region sizes (TF's RandomShuffle:
    swap i with i + samples[i] % (n_out - i))."""
    k = n_in // n_out
    diff = jnp.asarray(np.where(np.arange(n_out) < n_in % n_out, k + 1, k), jnp.int64)

    def swap(i, d):
        j = i + (samples[i] % (n_out - i).astype(jnp.uint32)).astype(jnp.int32)
        a, b = d[i], d[j]
        return d.at[i].set(b).at[j].set(a)
    diff = lax.fori_loop(0, n_out - 1, swap, diff)
    return jnp.concatenate([jnp.zeros(1, jnp.int64), jnp.cumsum(diff)])


def _blocks(n_out, pseudo_random):
    """The 128-bit engine calls one dimension's sequence reserves."""
    return 1 if pseudo_random else -(-n_out // 4)


def _sequences(state, sizes, outs, pseudo_random):
    first = _blocks(outs[0], pseudo_random)
    calls = first + _blocks(outs[1], pseudo_random)
    stream = philox.bits(state, calls).reshape(-1)
    seqs = []
    for n_in, n_out, start in zip(sizes, outs, (0, first)):
        part = stream[4 * start:]
        seqs.append(_pseudo_random(n_in, n_out, part) if pseudo_random
                    else _random(n_in, n_out, part))
    return seqs


def _regions(seq, n_out, size, overlapping, longest):
    """[n_out, longest] input indices of each region (clipped) and which are in it."""
    end = jnp.minimum(seq[1:] if overlapping else seq[1:] - 1, size - 1)
    idx = seq[:-1, None] + np.arange(longest)
    return jnp.minimum(idx, size - 1), idx <= end[:, None]


def _windows(x, rows, cols, outs, overlapping, k):
    longest = (k[0] + 2, k[1] + 2)
    (ri, rv), (ci, cv) = (_regions(s, o, n, overlapping, m)
                          for s, o, n, m in zip((rows, cols), outs, x.shape[1:3], longest))
    w = x[:, ri[:, :, None, None], ci[None, None, :, :], :]   # [b, oh, kh, ow, kw, c]
    valid = rv[:, :, None, None] & cv[None, None, :, :]
    w = jnp.transpose(w, (0, 1, 3, 2, 4, 5)).reshape(
        x.shape[:1] + outs + (longest[0] * longest[1], x.shape[-1]))
    valid = jnp.transpose(valid, (0, 2, 1, 3)).reshape(outs + (-1,))
    return w, valid[None, :, :, :, None]


def _max_pool(x, state, outs, pseudo_random, overlapping):
    k = tuple(n // o for n, o in zip(x.shape[1:3], outs))
    rows, cols = _sequences(state, x.shape[1:3], outs, pseudo_random)
    w, valid = _windows(x, rows, cols, outs, overlapping, k)
    w = jnp.where(valid, w, _lowest(x.dtype))
    best = lax.stop_gradient(jnp.argmax(w, axis=3))
    return jnp.take_along_axis(w, best[:, :, :, None], axis=3)[:, :, :, 0], rows, cols


@functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4))
def _average(x, rows, cols, outs, overlapping):
    k = tuple(n // o for n, o in zip(x.shape[1:3], outs))
    w, valid = _windows(x, rows, cols, outs, overlapping, k)
    total = jnp.zeros(w.shape[:3] + w.shape[4:], x.dtype)
    for j in range(w.shape[3]):   # (in TF's order: row by row)
        total = total + jnp.where(valid[:, :, :, j], w[:, :, :, j], np.zeros((), x.dtype))
    # (a full-shape divisor behind a barrier: XLA would multiply by reciprocals)
    count = lax.optimization_barrier(
        jnp.broadcast_to(jnp.sum(valid, axis=3).astype(x.dtype), total.shape))
    if jnp.issubdtype(x.dtype, jnp.integer):
        return lax.div(total, count)
    return total / count


def _average_fwd(x, rows, cols, outs, overlapping):
    return _average(x, rows, cols, outs, overlapping), (x, rows, cols)


def _average_bwd(outs, overlapping, res, g):
    x, rows, cols = res
    k = tuple(n // o for n, o in zip(x.shape[1:3], outs))
    wide = jnp.zeros(x.shape, jnp.float64)
    _, valid = _windows(wide, rows, cols, outs, overlapping, k)
    _, transpose = jax.vjp(lambda z: _windows(z, rows, cols, outs, overlapping, k)[0], wide)
    count = jnp.sum(valid, axis=3).astype(jnp.float64)
    share = jnp.where(valid, (g.astype(jnp.float64) / count)[:, :, :, None, :], 0.0)
    dx = transpose(share)[0].astype(x.dtype)
    return dx, None, None


_average.defvjp(_average_fwd, _average_bwd)


def _avg_pool(x, state, outs, pseudo_random, overlapping):
    rows, cols = _sequences(state, x.shape[1:3], outs, pseudo_random)
    return _average(x, rows, cols, outs, overlapping), rows, cols


_max_op = Op("FractionalMaxPool", _max_pool, stateful=True)
_avg_op = Op("FractionalAvgPool", _avg_pool, stateful=True)

FractionalMaxPool = collections.namedtuple(
    "FractionalMaxPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])
FractionalAvgPool = collections.namedtuple(
    "FractionalAvgPool", ["output", "row_pooling_sequence", "col_pooling_sequence"])
FractionalMaxPool.__module__ = FractionalAvgPool.__module__ = \
    "tensorflow.python.ops.gen_nn_ops"


_MASK64 = 2 ** 64 - 1


def _seeds(seed):
    """The (seed, seed2) of TF's wrappers: None (deterministic=False) for seed 0."""
    return None if seed == 0 else random_seed.get_seed(seed)


def _ratio_text(r):
    return f"{r:g}" if r == int(r) else repr(r)


def _pool(op, result, value, pooling_ratio, pseudo_random, overlapping, seeds):
    """Runs `op`; `seeds`: the (seed, seed2) attrs, or None for deterministic=False."""
    x = to_tensor(value)
    check_dtype(op, x, node_name=None)
    ratio = [float(r) for r in pooling_ratio]
    if len(ratio) < 4:
        raise op_def.attr_value_error(op.name, "pooling_ratio", ratio)
    for r in ratio:
        if r < 1:
            raise kernel_error(op.name, f"pooling_ratio cannot be smaller than 1, got: "
                                        f"{_ratio_text(r)}")
    if ratio[0] != 1.0 or ratio[3] != 1.0:
        kind = "max" if op is _max_op else "average"
        raise kernel_error(op.name, f"Fractional {kind} pooling is not yet supported on the "
                                    f"batch nor channel dimension.",
                           cls=errors.UnimplementedError)
    if x.ndim != 4:
        raise kernel_error(op.name, "tensor_in must be 4-dimensional")
    shape = x._value.shape
    for i in range(4):
        if shape[i] < ratio[i]:
            raise kernel_error(op.name, f"Pooling ratio is higher than input dimension size "
                                        f"for dimension {i}. Input dim size: {shape[i]} "
                                        f"pooling ratio: {_ratio_text(ratio[i])}")
    outs = tuple(int(np.floor(shape[i] / ratio[i])) for i in (1, 2))
    calls = _blocks(outs[0], pseudo_random) + _blocks(outs[1], pseudo_random)
    if seeds is None or seeds == (0, 0):   # (TF: random seeds on each call)
        state = random_seed.reserve(op.name, 0, 0, calls)
    else:
        state = np.array([0, seeds[1] & _MASK64, seeds[0] & _MASK64], np.uint64)
    return result(*execute(op, (x, EagerTensor(jnp.asarray(state))), (
        ("outs", outs), ("pseudo_random", bool(pseudo_random)),
        ("overlapping", bool(overlapping)))))


def fractional_max_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0,
                        name=None):
    """tf.nn.fractional_max_pool: (output, row_pooling_sequence, col_pooling_sequence);
    `pooling_ratio` a number >= 1 or [1.0, rows, cols, 1.0]."""
    if isinstance(pooling_ratio, (list, tuple)):
        if pooling_ratio[0] != 1.0 or pooling_ratio[-1] != 1.0:
            raise ValueError(f"`pooling_ratio` should have first and last elements with value "
                             f"1.0. Received: pooling_ratio={pooling_ratio}")
        for element in pooling_ratio:
            if element < 1.0:
                raise ValueError(f"`pooling_ratio` elements should be >= 1.0. Received: "
                                 f"pooling_ratio={pooling_ratio}")
    elif isinstance(pooling_ratio, (int, float)):
        if pooling_ratio < 1.0:
            raise ValueError(f"`pooling_ratio` should be >= 1.0. Received: "
                             f"pooling_ratio={pooling_ratio}")
    else:
        raise ValueError(f"`pooling_ratio` should be an int or a list of ints. Received: "
                         f"pooling_ratio={pooling_ratio}")
    ratio = [pooling_ratio] * 2 if isinstance(pooling_ratio, (int, float)) else \
        list(pooling_ratio)
    if len(ratio) == 1:
        ratio = ratio * 2
    if len(ratio) == 2:
        ratio = [1] + ratio + [1]
    return _pool(_max_op, FractionalMaxPool, value, ratio, pseudo_random, overlapping,
                 _seeds(seed))


def fractional_avg_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0,
                        name=None):
    """tf.nn.fractional_avg_pool: (output, row_pooling_sequence, col_pooling_sequence);
    `pooling_ratio` a list [1.0, rows, cols, 1.0]."""
    if not isinstance(pooling_ratio, (list, tuple)):
        raise TypeError(f"Expected list for 'pooling_ratio' argument to "
                        f"'fractional_avg_pool' Op, not {pooling_ratio}.")
    return _pool(_avg_op, FractionalAvgPool, value, pooling_ratio, pseudo_random, overlapping,
                 _seeds(seed))


def _raw(op, result):
    def raw(*, value, pooling_ratio, pseudo_random=False, overlapping=False,
            deterministic=False, seed=0, seed2=0, name=None):
        if not deterministic and (seed or seed2):
            raise kernel_error(op.name, "Both seed and seed2 should be 0 if deterministic is "
                                        "false.")
        return _pool(op, result, value, pooling_ratio, pseudo_random, overlapping,
                     (seed, seed2) if deterministic else None)
    raw.__name__ = raw.__qualname__ = op.name
    raw.__doc__ = f"tf.raw_ops.{op.name}."
    return raw


raw_fractional_max_pool = _raw(_max_op, FractionalMaxPool)
raw_fractional_avg_pool = _raw(_avg_op, FractionalAvgPool)
