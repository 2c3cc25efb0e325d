"""tf.sparse's ops on tf.SparseTensor (to_dense, from_dense, map_values, add, retain,
reorder, reshape, expand_dims, reduce_sum/max).

The ops whose output size depends on the indices' values (SparseAdd, retain,
from_dense) compute their indices on the host from concrete tensors, as unique does;
the values they carry are gathered with recorded ops."""
import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import Op, execute, match, to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor, Tensor
from .array_ops import zeros
from .indexing_ops import gather, gather_nd, where
from .op_args import concrete, deferred, dims, kernel_error
from .reduction_ops import reduce_sum as reduce_sum_dense


def _host(t, api, arg):
    return concrete(t, api, arg)


def _sparse(x, api):
    if not isinstance(x, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor. Received: {x!r}")
    return x


def _int64(array):
    return EagerTensor(device_array(np.asarray(array, np.int64)))


# -- to_dense ---------------------------------------------------------------------------

def _to_dense(indices, values, default, shape):
    out = jnp.full(shape, default, values.dtype)
    if not shape:   # (a scalar: its one entry, if any)
        return values[-1] if values.shape[0] else out
    return out.at[tuple(indices[:, i] for i in range(len(shape)))].set(values)


_to_dense_op = Op("SparseToDense", lambda indices, shape, values, default, dense:
                  _to_dense(indices, values, default, dense), strings=MOVE)


def _index_error(indices, shape):
    """SparseToDense's validation (validate_indices): in bounds, ordered, not repeated."""
    def text(i, what):
        return f"indices[{i}] = [{','.join(str(v) for v in indices[i])}] {what}"
    bound = f"[{','.join(str(d) for d in shape)}]"
    for i, row in enumerate(indices.tolist()):
        if any(not 0 <= v < d for v, d in zip(row, shape)):
            return text(i, f"is out of bounds: need 0 <= index < {bound}")
        if i:
            prev = indices[i - 1].tolist()
            if row == prev:
                return text(i, "is repeated")
            if row < prev:
                return text(i, "is out of order. Many sparse ops require sorted indices.\n"
                               "    Use `tf.sparse.reorder` to create a correctly ordered "
                               "copy.\n\n")
    return None


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """tf.sparse.to_dense: the dense tensor, `default_value` (0) where no index is."""
    sp = _sparse(sp_input, "tf.sparse.to_dense")
    shape = tuple(int(d) for d in _host(sp.dense_shape, "tf.sparse.to_dense", "dense_shape"))
    default = zeros([], sp.dtype) if default_value is None else \
        convert_to_tensor(default_value, sp.dtype)
    if default.shape.rank != 0:
        raise kernel_error("SparseToDense", "default_value should be a scalar.",
                           name="" if isinstance(default_value, Tensor) else None)
    if validate_indices and not deferred(sp.indices):   # (traced indices: not checked)
        text = _index_error(_host(sp.indices, "tf.sparse.to_dense", "indices"), shape)
        if text:
            raise kernel_error("SparseToDense", text, name="")
    return execute(_to_dense_op, (sp.indices, sp.dense_shape, sp.values, default),
                   (("dense", shape),))


def from_dense(tensor, name=None):
    """tf.sparse.from_dense: the non-zero entries of `tensor`, in row-major order."""
    x = to_tensor(tensor)
    concrete(x, "tf.sparse.from_dense", "tensor")   # (the number of entries)
    indices = where(x._value != 0 if x.dtype is not dtypes.string else x._value != b"")
    return SparseTensor(indices, gather_nd(x, indices), _int64(x._value.shape))


# -- values -----------------------------------------------------------------------------

def map_values(op, *args, **kwargs):
    """tf.sparse.map_values: `op` applied to the values of the SparseTensors among the
    arguments (all with the same indices and dense_shape)."""
    found = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = found[0]
    for other in found[1:]:
        for part, what in (("dense_shape", "shapes"), ("indices", "indices")):
            x = _host(getattr(first, part), "tf.sparse.map_values", part)
            y = _host(getattr(other, part), "tf.sparse.map_values", part)
            if x.shape != y.shape:   # (TF's assert_equal: its Equal op fails)
                raise errors.op_error(errors.InvalidArgumentError, "Equal",
                                      f"Incompatible shapes: {dims(x.shape)} vs. "
                                      f"{dims(y.shape)}", kernel="Equal")
            if not np.array_equal(x, y):
                raise errors.InvalidArgumentError(None, None,
                                                  f"Mismatched {what}!\n" + _unequal(x, y))

    def values(a):
        return a.values if isinstance(a, SparseTensor) else a
    out = op(*[values(a) for a in args], **{k: values(v) for k, v in kwargs.items()})
    return SparseTensor(first.indices, out, first.dense_shape)


def _unequal(x, y):
    """The text of TF's assert_equal for unequal arrays `x`, `y`."""
    where = np.argwhere(x != y)
    return (f"Condition x == y did not hold.\nIndices of first {len(where)} different "
            f"values:\n{where}\nCorresponding x values:\n{x[x != y]}\nCorresponding y "
            f"values:\n{y[x != y]}\nFirst 3 elements of x:\n{x.reshape(-1)[:3]}\nFirst 3 elements of "
            f"y:\n{y.reshape(-1)[:3]}")


def _order(indices):
    return np.lexsort(indices.T[::-1]) if indices.size else np.arange(indices.shape[0])


def reorder(sp_input, name=None):
    """tf.sparse.reorder: the entries in row-major (canonical) order."""
    sp = _sparse(sp_input, "tf.sparse.reorder")
    order = _order(_host(sp.indices, "tf.sparse.reorder", "indices"))
    order_t = _int64(order)
    return SparseTensor(gather(sp.indices, order_t), gather(sp.values, order_t),
                        sp.dense_shape)


def retain(sp_input, to_retain):
    """tf.sparse.retain: the entries where the bool vector `to_retain` is True."""
    sp = _sparse(sp_input, "tf.sparse.retain")
    keep = to_tensor(to_retain)
    if keep.ndim != 1:
        raise ValueError(f"Shape {keep.shape} must have rank 1")
    n = sp.indices.shape[0]
    if n is not None and keep.shape[0] is not None and keep.shape[0] != n:
        raise ValueError(f"Dimensions {keep.shape[0]} and {n} are not compatible")
    rows = _int64(np.flatnonzero(_host(keep, "tf.sparse.retain", "to_retain")))
    return SparseTensor(gather(sp.indices, rows), gather(sp.values, rows), sp.dense_shape)


# -- add ----------------------------------------------------------------------------------

_dense_add_op = Op("SparseTensorDenseAdd", lambda indices, values, shape, dense:
                   dense.at[tuple(indices[:, i] for i in range(dense.ndim))].add(values))


def add(a, b, threshold=0):
    """tf.sparse.add: SparseTensor + SparseTensor (a SparseTensor over the union of the
    indices; sums of magnitude below `threshold` are dropped), or SparseTensor + Tensor (a
    Tensor)."""
    if not (isinstance(a, SparseTensor) or isinstance(b, SparseTensor)):
        raise TypeError("At least one input should be SparseTensor; do you mean to use "
                        "tf.add()?")
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        return _sparse_add(a, b, threshold)
    if isinstance(b, SparseTensor):
        a, b = b, a
    values, dense = match([a.values, b], _dense_add_op)
    shape = _host(a.dense_shape, "tf.sparse.add", "dense_shape")
    if dense.ndim != shape.size:
        raise kernel_error("SparseTensorDenseAdd", f"Two operands have different ranks; "
                           f"received: {shape.size} and {dense.ndim}", name="")
    if tuple(shape.tolist()) != tuple(dense._value.shape):
        raise kernel_error("SparseTensorDenseAdd", f"Dimension {_first_diff(shape, dense)} "
                           f"does not equal (no broadcasting is supported): sparse side "
                           f"{shape.tolist()} vs dense side {list(dense._value.shape)}",
                           name="")
    return execute(_dense_add_op, (a.indices, values, a.dense_shape, dense))


def _first_diff(shape, dense):
    return next(i for i, (x, y) in enumerate(zip(shape.tolist(), dense._value.shape))
                if x != y)


def _sparse_add(a, b, threshold):
    if a.dtype is not b.dtype:
        raise TypeError(f"Input 'b_values' of 'SparseAdd' Op has type {b.dtype.name} that "
                        f"does not match type {a.dtype.name} of argument 'a_values'.")
    api = "tf.sparse.add"
    ia, ib = _host(a.indices, api, "a.indices"), _host(b.indices, api, "b.indices")
    shape_a, shape_b = _host(a.dense_shape, api, "a"), _host(b.dense_shape, api, "b")
    if not np.array_equal(shape_a, shape_b):
        raise kernel_error("SparseAdd", f"Operands do not have the same ranks; got shapes: "
                           f"{shape_a.tolist()} and {shape_b.tolist()}", name="")
    union, pa, pb = _union(ia, ib)
    # (position -1: an appended zero, for entries the other side lacks)
    va, vb = _padded(a.values), _padded(b.values)
    out = jnp.where(jnp.asarray(pa) < 0, vb[pb], jnp.where(jnp.asarray(pb) < 0, va[pa],
                                                          va[pa] + vb[pb]))
    thresh = float(np.abs(_host(convert_to_tensor(threshold), api, "threshold")))
    keep = (pa < 0) | (pb < 0) | (np.abs(np.asarray(out)) >= thresh)
    return SparseTensor(_int64(union[keep]), EagerTensor(out[keep]), a.dense_shape)


def _union(ia, ib):
    """The sorted union of two index lists, with each row's position in `ia` and in `ib`
    (-1 where it is not there), as the sparse binary kernels merge them."""
    rows = {}
    for side, idx in ((0, ia), (1, ib)):
        for i, row in enumerate(map(tuple, idx.tolist())):
            rows.setdefault(row, [-1, -1])[side] = i
    union = sorted(rows)
    return (np.asarray(union, np.int64).reshape(-1, ia.shape[1]),
            np.asarray([rows[r][0] for r in union], np.int64),
            np.asarray([rows[r][1] for r in union], np.int64))


def _padded(values):
    return jnp.concatenate([values._value, jnp.zeros((1,), values._value.dtype)])


def _elementwise(fn, api, a, b):
    """SparseSparseMaximum/Minimum: `fn` over the union of the indices, absent entries
    taken as 0."""
    a, b = _sparse(a, api), _sparse(b, api)
    if a.dtype is not b.dtype:
        raise TypeError(f"Input 'b_values' has type {b.dtype.name} that does not match type "
                        f"{a.dtype.name} of argument 'a_values'.")
    union, pa, pb = _union(_host(a.indices, api, "indices"), _host(b.indices, api, "indices"))
    out = fn(_padded(a.values)[pa], _padded(b.values)[pb])
    return SparseTensor(_int64(union), EagerTensor(out), a.dense_shape)


def maximum(sp_a, sp_b, name=None):
    """tf.sparse.maximum: the element-wise maximum of two SparseTensors."""
    return _elementwise(jnp.maximum, "tf.sparse.maximum", sp_a, sp_b)


def minimum(sp_a, sp_b, name=None):
    """tf.sparse.minimum: the element-wise minimum of two SparseTensors."""
    return _elementwise(jnp.minimum, "tf.sparse.minimum", sp_a, sp_b)


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """tf.sparse.reduce_sum: the sum over `axis` (all for None), a Tensor or (with
    `output_is_sparse`) a SparseTensor with one entry per remaining index."""
    sp = _sparse(sp_input, "tf.sparse.reduce_sum")
    if not output_is_sparse:
        return reduce_sum_dense(to_dense(sp), axis=axis, keepdims=bool(keepdims))
    return _reduce(sp, axis, keepdims, jax.ops.segment_sum, "tf.sparse.reduce_sum")


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """tf.sparse.reduce_max: the maximum of the entries present over `axis` (all for
    None; 0 where none is), a Tensor or (with `output_is_sparse`) a SparseTensor with one
    entry per remaining index."""
    sp = _sparse(sp_input, "tf.sparse.reduce_max")
    out = _reduce(sp, axis, keepdims, jax.ops.segment_max, "tf.sparse.reduce_max")
    return out if output_is_sparse else to_dense(out)


def _reduce(sp, axis, keepdims, segment_fn, api):
    """The SparseTensor of `segment_fn` over the entries grouped by their indices outside
    `axis`."""
    shape = _host(sp.dense_shape, api, "dense_shape")
    rank = shape.size
    axes = set(range(rank)) if axis is None else {
        int(a) % rank for a in np.atleast_1d(np.asarray(axis, np.int64))}
    kept = [d for d in range(rank) if d not in axes]
    idx = _host(sp.indices, api, "indices")
    keys = idx.copy()
    keys[:, sorted(axes)] = 0
    if not keepdims:
        keys = keys[:, kept]
    groups, inverse = np.unique(keys, axis=0, return_inverse=True)
    if not idx.shape[0]:
        groups = keys
    values = segment_fn(sp.values._value, jnp.asarray(inverse.reshape(-1)),
                        num_segments=len(groups))
    out_shape = [1 if d in axes else int(shape[d]) for d in range(rank)] if keepdims else \
        [int(shape[d]) for d in kept]
    return SparseTensor(_int64(groups.reshape(len(groups), -1)), EagerTensor(values),
                        _int64(out_shape))


def transpose(sp_input, perm=None, name=None):
    """tf.sparse.transpose: the dimensions permuted (reversed for None), reordered."""
    sp = _sparse(sp_input, "tf.sparse.transpose")
    rank = sp.indices.shape[1]
    perm = list(range(rank))[::-1] if perm is None else [int(p) for p in perm]
    indices = _host(sp.indices, "tf.sparse.transpose", "indices")[:, perm]
    shape = _host(sp.dense_shape, "tf.sparse.transpose", "dense_shape")[perm]
    return reorder(SparseTensor(_int64(indices), sp.values, _int64(shape)))


def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None):
    """tf.sparse.concat: SparseTensors joined along `axis` (the other dimensions equal,
    or with `expand_nonconcat_dims` their maximum)."""
    api = "tf.sparse.concat"
    sps = [_sparse(sp, api) for sp in sp_inputs]
    shapes = [_host(sp.dense_shape, api, "dense_shape") for sp in sps]
    rank = shapes[0].size
    axis = int(axis) % rank
    out_shape = shapes[0].copy()
    if expand_nonconcat_dims:
        out_shape = np.max(shapes, axis=0)
    for i, shape in enumerate(shapes):
        other = [d for d in range(rank) if d != axis]
        if not expand_nonconcat_dims and not np.array_equal(shape[other], out_shape[other]):
            raise kernel_error("SparseConcat", f"Input shapes must match: expected "
                               f"{shapes[0].tolist()} for input {i}, got {shape.tolist()}",
                               name="")
    offsets = np.cumsum([0] + [int(s[axis]) for s in shapes])
    out_shape[axis] = offsets[-1]
    parts = []
    for sp, off in zip(sps, offsets):
        idx = _host(sp.indices, api, "indices").copy()
        idx[:, axis] += off
        parts.append(idx)
    indices = np.concatenate(parts)
    order = _order(indices)
    values = jnp.concatenate([sp.values._value for sp in sps])[order]
    return SparseTensor(_int64(indices[order]), EagerTensor(values), _int64(out_shape))


# -- shapes -------------------------------------------------------------------------------

def expand_dims(sp_input, axis=None, name=None):
    """tf.sparse.expand_dims: a dimension of size 1 inserted at `axis`."""
    sp = _sparse(sp_input, "tf.sparse.expand_dims")
    rank = sp.indices.shape[1]
    axis = -1 if axis is None else int(axis)
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"Axis {axis} out of range for rank {rank}")
    axis = axis % (rank + 1)
    indices = jnp.insert(sp.indices._value, axis, 0, axis=1)
    shape = jnp.insert(sp.dense_shape._value, axis, 1)
    return SparseTensor(EagerTensor(indices), sp.values, EagerTensor(shape))


def reshape(sp_input, shape, name=None):
    """tf.sparse.reshape: the same entries in a tensor of `shape` (one -1 inferred)."""
    sp = _sparse(sp_input, "tf.sparse.reshape")
    old = _host(sp.dense_shape, "tf.sparse.reshape", "dense_shape")
    new = np.asarray(_host(convert_to_tensor(shape, dtype_hint=dtypes.int64),
                           "tf.sparse.reshape", "shape"), np.int64).reshape(-1)
    size = int(np.prod(old))
    missing = np.flatnonzero(new == -1)
    if missing.size > 1:
        raise _reshape_error(f"only one output dimension may be -1, not both {missing[0]} "
                             f"and {missing[1]}")
    known = int(np.prod(new[new != -1]))
    text = None
    if missing.size:
        if not known:
            raise _reshape_error("reshape cannot infer the missing input size for an empty "
                                 "tensor unless all specified input sizes are non-zero")
        new = np.where(new == -1, size // known, new)
        if size % known:
            text = f"requires a multiple of {known}"
    elif known != size:
        text = f"has {known}"
    if text:
        raise _reshape_error(
            f"Input to reshape is a {'SparseTensor' if missing.size else 'tensor'} with "
            f"{size} dense values, but the requested shape {text}. input_shape="
            f"[{','.join(map(str, old))}] output_shape=[{','.join(map(str, new))}]")
    indices = _host(sp.indices, "tf.sparse.reshape", "indices")
    flat = np.ravel_multi_index(indices.T, old) if indices.size else np.zeros(0, np.int64)
    out = np.stack(np.unravel_index(flat, new), axis=1) if flat.size else \
        np.zeros((0, new.size), np.int64)
    return SparseTensor(_int64(out), sp.values, _int64(new))


def _reshape_error(text):
    return kernel_error("SparseReshape", text, name="")

