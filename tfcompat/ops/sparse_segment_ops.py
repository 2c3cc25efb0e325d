"""tf.sparse.segment_sum/mean/sqrt_n (segment reductions of the rows `indices` of a dense
tensor: TF's SparseSegment* ops), tf.sparse.softmax and tf.sparse.mask.

The gradient of the segment ops to `data` is dense (TF's default), or with
sparse_gradient=True an IndexedSlices (whose indices, unlike TF's, are not deduplicated)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.indexed_slices import IndexedSlices
from ..framework.sparse_tensor import SparseTensor
from .indexing_ops import gather
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


def _ops(names, reduce):
    """The op without and the op with num_segments (TF's *WithNumSegments)."""
    fn = functools.partial(_segment, reduce)
    return tuple(Op(name, lambda d, i, s, n: fn(d, i, s, n)) for name in names)


_OPS = {"sum": _ops(("SparseSegmentSum", "SparseSegmentSumWithNumSegments"),
                    jax.ops.segment_sum),
        "mean": _ops(("SparseSegmentMean", "SparseSegmentMeanWithNumSegments"), _mean),
        "sqrt_n": _ops(("SparseSegmentSqrtN", "SparseSegmentSqrtNWithNumSegments"), _sqrt_n)}


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
        return execute(op, (data, idx, ids), (("n", n),))
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
