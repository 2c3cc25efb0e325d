"""tf.sparse.segment_sum/mean/sqrt_n (segment reductions of the rows `indices` of a dense
tensor: TF's SparseSegment* ops), tf.sparse.softmax and tf.sparse.mask.

The gradient of the segment ops to `data` is dense (TF's default), or with
sparse_gradient=True an IndexedSlices (whose indices, unlike TF's, are not deduplicated)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, dtypes
from ..framework.rounding import rounded
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.indexed_slices import IndexedSlices
from ..framework.sparse_tensor import SparseTensor
from .indexing_ops import gather
from .math_common import exact_divide
from .op_args import attr_error, concrete, kernel_error
from .segment_ops import _count, _mean
from .sparse_ops import _int64, _sparse


def _sqrt_n(data, ids, n):
    """The segment sum times 1 / sqrt(count) (TF's SparseSegmentSqrtN scales by the
    reciprocal; 0 for empty segments)."""
    total = jax.ops.segment_sum(data, ids, n)
    c = _count(data, ids, n)
    return total * (1 / jnp.sqrt(jnp.maximum(c, jnp.ones_like(c))))


def _segment(reduce, data, indices, ids, n):
    return reduce(data[indices], ids, n)


def _first_group(num, xp):
    """The rows in the first group TF's kernel adds of a segment of `num` rows (numpy or
    jax.numpy arrays, by `xp`): num & 7, 8 for 0, 9 for 1, and the one row alone for 1."""
    rest = num & 7
    return xp.where(num == 1, 1, xp.where(rest >= 2, rest, rest + 8))


def _in_order(kind, data, indices, ids, n, groups):
    """TF's CPU SparseSegmentReduction of floats, in its order: each segment's rows (of
    `num`) added left to right in a first group of num & 7 of them (8 for 0, 9 for 1, the
    one row alone for num 1), scaled by 1 / num (mean) or 1 / sqrt(num) (sqrt_n) for num
    below 10, then each next group of 8 added left to right and added on; from 10 rows
    the result is divided by num or sqrt(num). `groups`: the most groups after the first
    of any segment. bfloat16 and float16 are reduced in float32, as TF's."""
    if not indices.shape[0]:
        return jnp.zeros((n,) + data.shape[1:], data.dtype)
    dtype = jnp.float32 if data.dtype in (jnp.bfloat16, jnp.float16) else data.dtype
    x = data.astype(dtype)
    segment = jnp.arange(n, dtype=ids.dtype)
    starts = jnp.searchsorted(ids, segment, side="left")
    num = jnp.searchsorted(ids, segment, side="right") - starts
    first = _first_group(num, jnp)
    g = jnp.arange(groups + 1)[None, :, None]
    j = jnp.arange(9)[None, None, :]
    at = jnp.where(g == 0, j, first[:, None, None] + (g - 1) * 8 + j)
    valid = (jnp.where(g == 0, j < first[:, None, None], j < 8)) & (at < num[:, None, None])
    values = x[indices[jnp.clip(starts[:, None, None] + at, 0, indices.shape[0] - 1)]]
    tail = (1,) * (x.ndim - 1)
    mask = valid.reshape(valid.shape + tail)
    sums = values[:, :, 0]
    for k in range(1, 9):
        sums = jnp.where(mask[:, :, k], sums + values[:, :, k], sums)
    count = num.astype(jnp.float64)
    root = jnp.sqrt(count).astype(dtype)
    size = {"sum": jnp.ones_like(root), "mean": count.astype(dtype), "sqrt_n": root}[kind]
    small = (num < 10).reshape(num.shape + tail)
    size = size.reshape(num.shape + tail)
    one = jnp.ones((), dtype)
    out = rounded(sums[:, 0] * jnp.where(small, one / size, one))

    def add_group(acc, group):
        part, ok = group
        return jnp.where(ok, acc + part, acc), None
    out, _ = lax.scan(add_group, out, (jnp.moveaxis(sums[:, 1:], 1, 0),
                                       jnp.moveaxis(mask[:, 1:, 0], 1, 0)))
    out = exact_divide(out, jnp.where(small, one, size))
    out = jnp.where((num > 0).reshape(num.shape + tail), out, jnp.zeros((), dtype))
    return out.astype(data.dtype)


def _kernel(kind, reduce):
    """A SparseSegment kernel: floats in TF's order (`_in_order`), differentiated as
    `reduce` of the gathered rows (TF's gradients); integers by `reduce`."""
    @functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4))
    def ordered(data, indices, ids, n, groups):
        return _in_order(kind, data, indices, ids, n, groups)

    def fwd(data, indices, ids, n, groups):
        return ordered(data, indices, ids, n, groups), (data, indices, ids)

    def bwd(n, groups, res, g):
        data, indices, ids = res
        _, vjp = jax.vjp(lambda d: _segment(reduce, d, indices, ids, n), data)
        return vjp(g) + (None, None)
    ordered.defvjp(fwd, bwd)

    def fn(data, indices, ids, n, groups):
        if not jnp.issubdtype(data.dtype, jnp.floating) or not config.placed_on_cpu():
            return _segment(reduce, data, indices, ids, n)
        return ordered(data, indices, ids, n, groups)
    return fn


def _ops(names, kind, reduce):
    """The op without and the op with num_segments (TF's *WithNumSegments)."""
    fn = _kernel(kind, reduce)
    return tuple(Op(name, lambda d, i, s, n, groups: fn(d, i, s, n, groups))
                 for name in names)


_OPS = {"sum": _ops(("SparseSegmentSum", "SparseSegmentSumWithNumSegments"), "sum",
                    jax.ops.segment_sum),
        "mean": _ops(("SparseSegmentMean", "SparseSegmentMeanWithNumSegments"), "mean",
                     _mean),
        "sqrt_n": _ops(("SparseSegmentSqrtN", "SparseSegmentSqrtNWithNumSegments"),
                       "sqrt_n", _sqrt_n)}


def _groups(segment_ids, n):
    """The most groups of 8 after its first that TF's kernel adds for any segment."""
    num = np.bincount(segment_ids.astype(np.int64), minlength=n)[:n] if segment_ids.size \
        else np.zeros(0, np.int64)
    if not num.size:
        return 0
    return int(np.max(np.maximum(num - _first_group(num, np), 0) + 7) // 8)


def _segment_public(kind):
    sorted_op, counted_op = _OPS[kind]

    def public(data, indices, segment_ids, num_segments=None, name=None,
               sparse_gradient=False):
        op = sorted_op if num_segments is None else counted_op
        api = f"tf.sparse.segment_{kind}"
        data, idx, ids = to_tensor(data), to_tensor(indices), to_tensor(segment_ids)
        check_dtype(op, data, node_name=None)
        for t, attr in ((idx, "Tidx"), (ids, "Tsegmentids")):
            if t.dtype not in (dtypes.int32, dtypes.int64):
                raise attr_error(op.name, attr, t.dtype)
        i, s = concrete(idx, api, "indices"), concrete(ids, api, "segment_ids")
        rows = data.shape[0]
        if i.shape != s.shape:
            raise kernel_error(op.name, "segment_ids and indices should have same size.")
        bad = np.flatnonzero((i < 0) | (i >= rows))
        if bad.size:
            raise kernel_error(op.name, f"Bad: indices[{bad[0]}] == {i[bad[0]]} out of range "
                                        f"[0, {rows})")
        if s.size and np.any(np.diff(s) < 0):
            raise kernel_error(op.name, "segment ids are not increasing")
        n = (int(s[-1]) + 1 if s.size else 0) if num_segments is None else int(
            concrete(to_tensor(num_segments), api, "num_segments"))
        if s.size and s[-1] >= n:
            raise kernel_error(op.name, "segment ids must be < num_segments")
        if sparse_gradient:   # (the rows gathered first: an IndexedSlices gradient)
            data, idx = gather(data, idx), _int64(np.arange(i.size))
        return execute(op, (data, idx, ids), (("n", n), ("groups", _groups(s, n))))
    public.__name__ = public.__qualname__ = f"sparse_segment_{kind}_v2"   # (TF's)
    public.__doc__ = (f"tf.sparse.segment_{kind}: the segment {kind} of rows `indices` of "
                      f"`data` (segment_ids sorted; num_segments: the output's rows).")
    return public


segment_sum = _segment_public("sum")
segment_mean = _segment_public("mean")
segment_sqrt_n = _segment_public("sqrt_n")


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _softmax(values, groups, n):
    top = jax.ops.segment_max(values, groups, n)
    e = jnp.exp(values - top[groups])
    return e / jax.ops.segment_sum(e, groups, n)[groups]


def _softmax_fwd(values, groups, n):
    y = _softmax(values, groups, n)
    return y, (y, groups)


def _softmax_bwd(n, res, g):
    """TF's _SparseSoftmaxGrad: (g - sum(g * y) over the group) * y."""
    y, groups = res
    total = jax.ops.segment_sum(y * g, groups, n)
    return (g + (-total)[groups]) * y, None


_softmax.defvjp(_softmax_fwd, _softmax_bwd)


_softmax_op = Op("SparseSoftmax", lambda indices, values, shape, groups, n:
                 _softmax(values, groups, n))


def softmax(sp_input, name=None):
    """tf.sparse.softmax: the softmax of the entries over the last dimension, per group of
    entries sharing their other indices (absent entries take no part)."""
    api = "tf.sparse.softmax"
    sp = _sparse(sp_input, api)
    idx = concrete(sp.indices, api, "indices")
    if idx.shape[1] < 2:
        raise kernel_error("SparseSoftmax", f"Input should have rank >= 2, but received "
                                            f"shape: {_shape_text(sp, api)}",
                           name="")
    values = to_tensor(sp.values)
    check_dtype(_softmax_op, values)
    _, groups = np.unique(idx[:, :-1], axis=0, return_inverse=True) if idx.size else \
        (None, np.zeros(0, np.int64))
    groups = groups.reshape(-1)
    out = execute(_softmax_op, (sp.indices, values, sp.dense_shape, _int64(groups)),
                  (("n", int(groups.max()) + 1 if groups.size else 0),))
    return SparseTensor(sp.indices, out, sp.dense_shape)


def _shape_text(sp, api):
    return ",".join(str(d) for d in concrete(sp.dense_shape, api, "dense_shape").tolist())


def mask(a, mask_indices, name=None):
    """tf.sparse.mask: the IndexedSlices `a` without its entries whose index is in
    `mask_indices`."""
    api = "tf.sparse.mask"
    idx = concrete(a.indices, api, "indices")
    keep = np.flatnonzero(~np.isin(idx, concrete(to_tensor(mask_indices), api,
                                                  "mask_indices")))
    rows = _int64(keep)
    return IndexedSlices(gather(a.values, rows), gather(a.indices, rows), a.dense_shape)
