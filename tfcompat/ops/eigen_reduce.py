"""TF's float32/float64 Sum and Mean on the CPU add in the order of Eigen's reducers
(TensorReduction.h), which XLA's reductions do not follow. TF first collapses adjacent
kept or reduced dimensions (its ReductionHelper), then:

- all reduced, or the inner dimension of [kept, reduced]: Eigen's InnerMostDimReducer
  per row: packets of 4 AVX registers (8 float32 / 4 float64 lanes each) summed in 4
  accumulators, combined ((p0 + p1) + p2) + p3, the remaining whole packets added to p0,
  the tail summed from 0 one value at a time, then tail + the lanes of p0 added pairwise;
  a row longer than 1024 packets is first split in two at a packet boundary of its
  position in the tensor (recursively), and the halves added;
- [reduced, kept] and [kept, reduced, kept]: outputs that Eigen evaluates as a whole
  packet (8 or 4 lanes starting at a multiple of the packet size, in one row) sum 16 or
  more rows in 4 interleaved accumulators (InnerMostDimPreserver); the others one row at
  a time (GenericDimReducer);
- [reduced, kept, reduced]: each output sums the inner reduced dimension's values, for
  each the outer's, one at a time;
- any other pattern: the reduced dimensions transposed last, then as the first case.

A large full reduction runs on several threads in TF, in blocks that depend on the
machine's core count; this follows TF's single-thread order (measured equal to TF's on
a 2-core machine up to 10^6 values).

The additions are lax.add and the axis moves lax.transpose (what jnp's `+` and
jnp.moveaxis emit): a sum traced in a tf.function makes many of them, and each jnp one is
a jit traced anew for every shape.

Ops placed on a GPU or TPU sum in XLA's order (framework/config.placed_on_cpu)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config
from ..framework.rounding import plus_zero

_LEAF = 1024   # Eigen's LeafSize<float/double>: packets per tree leaf
_UNROLLED = 16  # sequential sums up to this length are unrolled, longer ones a lax.scan
# The longest chain of one-at-a-time additions emulated: each is a step of a lax.scan
# (about 0.1 us on a CPU), so column sums of more than 16,384 rows (a batch norm's
# statistics over a large batch of images, a bias gradient of a convolution) or rkr sums
# of more than 4,096 values per output use XLA's order instead.
_MAX_CHAIN = 4096


def in_tf_order(x, axis):
    """Whether eigen_sum can sum `x` over `axis` (None: all): every shape static, or (a
    shape-polymorphic trace: tf.saved_model.save with unknown dimensions) static trailing
    dimensions summed per row of the symbolic leading ones."""
    if all(isinstance(d, int) for d in x.shape):
        return True
    axes = sorted(a % x.ndim for a in (range(x.ndim) if axis is None else axis))
    return bool(axes) and axes == list(range(axes[0], x.ndim)) and all(
        isinstance(x.shape[a], int) for a in axes)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def eigen_sum(x, axes, keepdims):
    """jnp.sum(x, axes, keepdims=keepdims) of a float32/float64 array, in TF's order
    (`axes` a tuple; its derivative is jnp.sum's, which forward mode sums in XLA's order)."""
    if not config.placed_on_cpu():   # (an accelerator's order is XLA's: placed_on_cpu)
        return jnp.sum(x, axes, keepdims=keepdims)
    shape = x.shape
    axes = tuple(sorted(a % x.ndim for a in axes))
    dims, kinds = _simplified(shape, axes)
    y = x.reshape(dims)
    if not any(kinds):   # (TF copies the input: nothing is added, -0.0 stays)
        out = y
    elif kinds == [True]:
        out = _rows(y.reshape(1, -1))[0]
    elif kinds == [False, True]:
        out = _rows(y)
    elif kinds in ([True, False], [False, True, False]) and _chain(y) > _MAX_CHAIN or \
            kinds == [True, False, True] and dims[0] * dims[2] > _MAX_CHAIN:
        return jnp.sum(x, axes, keepdims=keepdims)   # (XLA's order: see _MAX_CHAIN)
    elif kinds == [True, False]:
        out = _columns(y[None])[0]
    elif kinds == [False, True, False]:
        out = _columns(y)
    elif kinds == [True, False, True]:
        a, b, c = dims
        out = _sequential(jnp.transpose(y, (2, 0, 1)).reshape(c * a, b))
    else:
        keep = [i for i, k in enumerate(kinds) if not k]
        reduced = [i for i, k in enumerate(kinds) if k]
        out = _rows(jnp.transpose(y, keep + reduced).reshape(
            int(np.prod([dims[i] for i in keep])), -1))
    kept = tuple(d for i, d in enumerate(shape) if i not in axes)
    out = out.reshape(kept)
    return jnp.expand_dims(out, axes) if keepdims else out


@eigen_sum.defjvp
def _eigen_sum_jvp(axes, keepdims, primals, tangents):
    return eigen_sum(primals[0], axes, keepdims), jnp.sum(tangents[0], axes, keepdims=keepdims)


def _simplified(shape, axes):
    """TF's ReductionHelper::Simplify: (dims, reduced or not) with leading 1s dropped, a 1
    taking the kind of the dimension before it, and neighbours of one kind merged."""
    dims, kinds = [], []
    for i, d in enumerate(shape):
        if d == 1 and not dims:
            continue
        kind = kinds[-1] if d == 1 else i in axes
        if kinds and kinds[-1] == kind:
            dims[-1] *= d
        else:
            dims.append(d)
            kinds.append(kind)
    return dims, kinds


def _sequential(x):
    """Sums over the first axis, one value at a time from +0.0 (0 + -0.0 is +0.0, which
    `plus_zero` gives where XLA would fold the 0 + away)."""
    if not x.shape[0]:
        return jnp.zeros(x.shape[1:], x.dtype)
    acc = plus_zero(x[0])
    if x.shape[0] <= _UNROLLED:
        for k in range(1, x.shape[0]):
            acc = lax.add(acc, x[k])
        return acc
    return lax.scan(lambda a, v: (lax.add(a, v), None), acc, x[1:])[0]


def _to_front(x, axis):
    """jnp.moveaxis(x, axis, 0)."""
    return lax.transpose(x, (axis,) + tuple(i for i in range(x.ndim) if i != axis))


def _rows(x):
    """InnerMostDimReducer over the last axis of [rows, n], row r starting at r * n."""
    rows, n = x.shape
    width = 32 // x.dtype.itemsize
    if not n:
        return jnp.zeros((rows,), x.dtype)
    if n <= width * _LEAF:
        return _leaf(x, width)
    # (a split depends on the row's start modulo the packet size)
    residues = (np.arange(rows) * n) % width
    parts, order = [], []
    for r in np.unique(residues):
        idx = np.flatnonzero(residues == r)
        part = x if idx.size == rows else x[idx]
        parts.append(_tree(part, int(r), 0, n, width))
        order.append(idx)
    if len(parts) == 1:
        return parts[0]
    return jnp.concatenate(parts)[np.argsort(np.concatenate(order))]


def _tree(x, first, start, n, width):
    """Eigen's tree of halves of the values [start, start + n) of each row of `x` (the
    rows' start in the tensor is `first` modulo the packet width): its leaves of one
    length are summed together (one gather each), then the tree's nodes of one height
    (each the sum of its two halves, left + right) are added together."""
    leaves, nodes = [], []   # (start, length); (left, right, height), children as refs

    def split(start, n):
        if n <= width * _LEAF:
            leaves.append((start, n))
            return ("leaf", len(leaves) - 1), 0
        cut = width * -(-(first + start + -(-n // 2)) // width) - first
        left = min(cut - start, n)
        if left >= n:
            return split(start, left)
        (a, ha), (b, hb) = split(start, left), split(cut, n - left)
        nodes.append((a, b, max(ha, hb) + 1))
        return ("node", len(nodes) - 1), max(ha, hb) + 1

    root, _ = split(start, n)
    starts = np.array([s for s, _ in leaves])
    lengths = np.array([m for _, m in leaves])
    parts, order = [], []
    for length in np.unique(lengths):
        which = np.flatnonzero(lengths == length)
        block = jax.vmap(lambda s, m=int(length): lax.dynamic_slice_in_dim(x, s, m, 1))(
            jnp.asarray(starts[which]))   # [k, rows, length]: a gather of k windows
        out = _leaf(block.reshape(-1, length), width)
        parts.append(out.reshape(which.size, -1))
        order.append(which)
    values = parts[0] if len(parts) == 1 else \
        jnp.concatenate(parts)[np.argsort(np.concatenate(order))]   # [leaf, rows]
    # every node gets a row of `values` after the leaves', in order of height
    by_height = sorted(range(len(nodes)), key=lambda i: nodes[i][2])
    index = {("leaf", i): i for i in range(len(leaves))}
    index.update({("node", i): len(leaves) + k for k, i in enumerate(by_height)})
    for height in sorted({h for _, _, h in nodes}):
        level = [i for i in by_height if nodes[i][2] == height]
        lefts = np.array([index[nodes[i][0]] for i in level])
        rights = np.array([index[nodes[i][1]] for i in level])
        values = jnp.concatenate([values, lax.add(values[lefts], values[rights])])
    return values[index[root]]


def _leaf(x, width):
    """One leaf of InnerMostDimReducer over the last axis of [rows, n] (accumulators
    start at +0.0: `_sequential`)."""
    rows, n = x.shape
    whole = n // width * width
    tail = _sequential(_to_front(x[:, whole:], 1)) if whole < n else None
    if not whole:
        return tail
    start = 0
    p0 = None
    if n >= 4 * width:
        start = n // (4 * width) * 4 * width
        acc = _sequential(_to_front(x[:, :start].reshape(rows, -1, 4, width), 1))
        p0 = _in_turn(acc[:, 0], acc[:, 1], acc[:, 2], acc[:, 3])
    for j in range(start, whole, width):
        p0 = plus_zero(x[:, j:j + width]) if p0 is None else lax.add(p0, x[:, j:j + width])
    half = lax.add(p0[:, :width // 2], p0[:, width // 2:])   # predux: 8 lanes -> 4 (-> 2) -> 1
    if width == 8:
        total = lax.add(lax.add(half[:, 0], half[:, 2]), lax.add(half[:, 1], half[:, 3]))
    else:
        total = lax.add(half[:, 0], half[:, 1])
    return total if tail is None else lax.add(tail, total)


def _in_turn(a, b, c, d):
    """((a + b) + c) + d."""
    return lax.add(lax.add(lax.add(a, b), c), d)


def _chain(x):
    """The longest chain of additions `_columns` makes for [r, c] or [a, r, c]."""
    r = x.shape[-2]
    packet = _packet_outputs(x.shape[0] if x.ndim == 3 else 1, x.shape[-1], x.dtype)
    return r if r < 16 or not packet.all() else r // 4


def _packet_outputs(a, c, dtype):
    """Which outputs of a [a, r, c] column sum Eigen evaluates as part of a whole packet."""
    width = 32 // np.dtype(dtype).itemsize
    start = np.arange(a * c) // width * width
    return (start + width <= a * c // width * width) & (start % c + width - 1 < c)


def _columns(x):
    """The sum over the middle axis of [a, r, c], as Eigen evaluates each output."""
    a, r, c = x.shape
    packet = _packet_outputs(a, c, x.dtype)
    if r < 16 or not packet.any():
        return _sequential(_to_front(x, 1))
    r4 = r // 4 * 4
    acc = _sequential(_to_front(x[:, :r4].reshape(a, r4 // 4, 4, c), 1))
    total = _in_turn(acc[:, 0], acc[:, 1], acc[:, 2], acc[:, 3])
    for j in range(r4, r):
        total = lax.add(total, x[:, j])
    if packet.all():
        return total
    return jnp.where(packet.reshape(a, c), total, _sequential(_to_front(x, 1)))


# -- BiasAddGrad: TF's redux_functor.h (ReduceOuterDimensions) ------------------------------

def bias_add_grad(g, channels_first):
    """TF's BiasAddGrad: `g` summed over every dimension but its channels' (the last, or
    the second with `channels_first`), in the order of TF's CPU kernel. float16 adds in
    float32, the other types in their own. TF views `g` as [rows, channels]; with more
    than 32 channels per intra-op thread (config.intra_op_threads) each channel sums all
    rows one at a time from +0.0, else the rows are split into at most one block per
    thread of at least 2000 values, and the blocks that Eigen's parallelFor runs apart
    (its cost model: `_eigen_calls`) each sum their rows so, then add up in turn.
    Deliberately differs: channels_first inputs of rank > 2 (TF's ReduceMiddleDimensions),
    chains longer than _MAX_CHAIN rows and ops placed on an accelerator add in XLA's
    order."""
    axis = 1 if channels_first else g.ndim - 1
    c = g.shape[axis]
    if channels_first and all(d == 1 for d in g.shape[2:]):   # (TF: as [N, C])
        g, axis = g.reshape(g.shape[:2]), 1
    acc = g.astype(jnp.float32) if g.dtype == jnp.float16 else g
    if not jnp.issubdtype(g.dtype, jnp.inexact) or (channels_first and g.ndim > 2) or \
            not config.placed_on_cpu() or not all(isinstance(d, int) for d in g.shape):
        return jnp.sum(acc, tuple(a for a in range(g.ndim) if a != axis)).astype(g.dtype)
    if not g.size:
        return jnp.zeros((c,), g.dtype)
    rows = acc.reshape(-1, c)
    outer = rows.shape[0]
    if outer == 1:   # (TF copies the input)
        return rows[0].astype(g.dtype)
    threads = config.intra_op_threads()
    if c > 32 * threads:   # (each channel by one thread: all rows in turn)
        calls = [(0, outer)]
    else:
        blocks = min(outer, _divup(outer * c, _divup(2000, c)), threads)
        size = _divup(outer, blocks)
        values = size * c   # (a block's cost: its bytes loaded and its additions)
        add_cost = 2 if jnp.issubdtype(g.dtype, jnp.complexfloating) else 1
        unit = values * g.dtype.itemsize * 11 / 64 + values * add_cost
        calls = [(a * size, min(b * size, outer))
                 for a, b in _eigen_calls(blocks, unit, threads)]
    length = max(b - a for a, b in calls)
    if length > _MAX_CHAIN:
        return jnp.sum(rows, 0).astype(g.dtype)   # (XLA's order: see _MAX_CHAIN)
    # Each call's rows, the last padded with +0.0 (which leaves a sum from +0.0 as it is).
    padded = jnp.pad(rows, ((0, len(calls) * length - outer), (0, 0)))
    parts = _sequential(_to_front(padded.reshape(len(calls), length, c), 1))
    out = parts[0]
    for k in range(1, len(calls)):
        out = lax.add(out, parts[k])
    return out.astype(g.dtype)


def _eigen_calls(n, unit_cost, threads):
    """The [start, limit) ranges of [0, n) that Eigen's ThreadPoolDevice::parallelFor(n,
    cost, f) calls f with, for a cost of `unit_cost` cycles per unit (its CostModel: in
    the caller's thread where one thread is worth it, else CalculateParallelForBlock's
    blocks)."""
    def workers(cycles):   # CostModel::numThreads (100000 startup and per-thread cycles)
        return min(threads, max(1, int((cycles - 100000) / 100000 + 0.9)))
    if n == 1 or threads == 1 or workers(n * unit_cost) == 1:
        return [(0, n)]
    size = min(n, max(_divup(n, 4 * threads), int(40000 / unit_cost)))   # (kTaskSize)
    max_size = min(n, 2 * size)
    count = _divup(n, size)

    def efficiency(blocks):
        return blocks / (_divup(blocks, threads) * threads)
    best, previous = efficiency(count), count
    while best < 1.0 and previous > 1:
        coarser = _divup(n, previous - 1)
        if coarser > max_size:
            break
        previous = _divup(n, coarser)
        if efficiency(previous) + 0.01 >= best:
            size, count = coarser, previous
            best = max(best, efficiency(previous))
    return [(i * size, min(n, (i + 1) * size)) for i in range(count)]


def _divup(a, b):
    """Eigen::divup: a / b rounded up."""
    return -(-a // b)
