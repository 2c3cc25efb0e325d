"""Scatters: tf.scatter_nd, tf.tensor_scatter_nd_{update,add,sub,min,max}, and the arrays
behind Variable.scatter_nd_* / scatter_* (dense: the variable's whole value is replaced).

Indices are checked eagerly: JAX drops out-of-range updates, TF's CPU kernels reject them.
"""
import jax
import jax.numpy as jnp
import numpy as np

from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, mismatch_error, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from .indexing_ops import check_indices_dtype, out_of_range
from .op_args import dims, kernel_error, static_ints


def _where(indices):
    return tuple(jnp.moveaxis(indices, -1, 0))


def _scatter_nd(indices, updates, shape):
    out = jnp.zeros(shape, updates.dtype)
    if updates.dtype == jnp.bool_:
        return out.at[_where(indices)].max(updates)
    return out.at[_where(indices)].add(updates)


def _extremum(pick):
    """TF's TensorScatterMin/Max gradient: ties between the tensor and the updates
    share the gradient equally."""
    def forward(tensor, indices, updates):
        at = tensor.at[_where(indices)]
        return at.min(updates) if pick == "min" else at.max(updates)

    fn = jax.custom_vjp(forward)

    def fwd(tensor, indices, updates):
        out = forward(tensor, indices, updates)
        return out, (tensor, indices, updates, out)

    def bwd(res, g):
        tensor, indices, updates, out = res
        x_ind = (tensor == out).astype(g.dtype)
        y_ind = (updates == out[_where(indices)]).astype(g.dtype)
        count = x_ind + jnp.zeros_like(g).at[_where(indices)].add(y_ind)
        index_ct = np.zeros(indices.shape, jax.dtypes.float0)
        return g * x_ind / count, index_ct, (g / count)[_where(indices)] * y_ind
    fn.defvjp(fwd, bwd)
    return fn


_UPDATE = {
    "update": lambda t, i, u: t.at[_where(i)].set(u),
    "add": lambda t, i, u: t.at[_where(i)].add(u),
    "sub": lambda t, i, u: t.at[_where(i)].add(-u),
    "min": _extremum("min"),
    "max": _extremum("max"),
}
_scatter_nd_op = Op("ScatterNd", _scatter_nd)
_TENSOR_SCATTER = {k: Op(f"TensorScatter{k.title()}", fn) for k, fn in _UPDATE.items()}
_INDEX_TYPES = ("int16", "int32", "int64", "uint16")  # ScatterNd: without uint16


def _index_types(op):
    return _INDEX_TYPES[:3] if op == "ScatterNd" else _INDEX_TYPES


def _summary(op, inputs):
    allowed = ", ".join("DT_" + n.upper() for n in _index_types(op))
    return (f"name={op}; signature={inputs} -> output:T; attr=T:type; attr=Tindices:type,"
            f"allowed=[{allowed}]; attr=bad_indices_policy:string,default=\"\"")


def _check(op, shape, indices, updates, resource=False):
    """TF's shape and range checks of a scatter of `updates` at `indices` into `shape`."""
    ishape, ushape = indices._value.shape, updates._value.shape
    depth = ishape[-1] if ishape else 1
    outer = len(ishape) - 1
    inner_mismatch = (f"Dimensions [{depth},{len(shape)}) of input[shape={dims(shape)}] must "
                      f"match dimensions [{outer},{len(ushape)}) of updates[shape="
                      f"{dims(ushape)}]")
    if depth > len(shape):
        if op == "ScatterNd":
            raise kernel_error(op, inner_mismatch)
        raise kernel_error(op, f"Inner dimensions of output shape must match inner dimensions "
                               f"of updates shape. Output: {dims(shape)} updates: "
                               f"{dims(ushape)}")
    if ishape[:-1] != ushape[:outer]:
        if op.startswith("TensorScatter"):
            raise kernel_error(op, f"Outer dimensions of indices and update must match. Indices "
                                   f"shape: {dims(ishape)}, updates shape:{dims(ushape)}")
        sizes = (f" = {int(np.prod(ishape[:-1]))}", f" = {int(np.prod(ushape[:outer]))}") \
            if resource else ("", "")
        raise kernel_error(op, f"Dimensions [0,{outer}) of indices[shape={dims(ishape)}]"
                               f"{sizes[0]} must match dimensions [0,{outer}) of updates[shape="
                               f"{dims(ushape)}]{sizes[1]}")
    if ushape[outer:] != tuple(shape[depth:]):
        if op.startswith("TensorScatter"):
            n = len(shape) - depth
            raise kernel_error(op, f"The inner {n} dimensions of output.shape={dims(shape)} "
                                   f"must match the inner {n} dimensions of updates.shape="
                                   f"{dims(ushape)}")
        raise kernel_error(op, inner_mismatch)
    bad = out_of_range(np.asarray(indices._value), shape)
    if bad:
        raise kernel_error(op, f"indices[{bad[0]}] = {bad[1]} does not index into shape "
                               f"{dims(shape)}")


def _indices(op, indices, inputs):
    idx = to_tensor(indices)
    check_indices_dtype(op, idx, _summary(op, inputs), _index_types(op))
    return idx


def scatter_nd(indices, updates, shape, name=None):
    """tf.scatter_nd: zeros of `shape` with `updates` added at `indices` (duplicates sum)."""
    idx = _indices("ScatterNd", indices, "indices:Tindices, updates:T, shape:Tindices")
    upd = to_tensor(updates)
    shape = static_ints(shape if isinstance(shape, Tensor) else convert_to_tensor(
        shape, dtype=idx.dtype))
    for d in shape:
        if d < 0:
            raise kernel_error("ScatterNd", f"Dimension {d} must be >= 0")
    _check("ScatterNd", shape, idx, upd)
    return execute(_scatter_nd_op, (idx, upd), (("shape", shape),))


def _tensor_scatter(kind):
    op = _TENSOR_SCATTER[kind]

    def public(tensor, indices, updates, name=None):
        t = to_tensor(tensor)
        idx = _indices(op.name, indices, "tensor:T, indices:Tindices, updates:T")
        upd = updates if isinstance(updates, Tensor) else convert_to_tensor(updates, t.dtype)
        if upd.dtype is not t.dtype:
            raise mismatch_error(op.name, 2, t.dtype, upd.dtype)
        _check(op.name, t._value.shape, idx, upd)
        return execute(op, (t, idx, upd))
    public.__name__ = f"tensor_scatter_nd_{kind}"
    public.__doc__ = f"tf.tensor_scatter_nd_{kind}."
    return public


tensor_scatter_nd_update = _tensor_scatter("update")
tensor_scatter_nd_add = _tensor_scatter("add")
tensor_scatter_nd_sub = _tensor_scatter("sub")
tensor_scatter_nd_min = _tensor_scatter("min")
tensor_scatter_nd_max = _tensor_scatter("max")


def variable_scatter_nd(variable, indices, updates, kind):
    """The new value of `variable` after Variable.scatter_nd_{kind}(indices, updates)."""
    op = f"ResourceScatterNd{kind.title()}"
    value = EagerTensor(variable._handle._value)
    idx = _indices(op, indices, "ref:resource, indices:Tindices, updates:T")
    upd = convert_to_tensor(updates, dtype=value.dtype) if not isinstance(updates, Tensor) \
        else updates
    _check(op, value._value.shape, idx, upd, resource=True)
    return execute(_TENSOR_SCATTER[kind], (value, idx, upd))._value


def variable_scatter(variable, sparse_delta, kind):
    """The new value of `variable` after Variable.scatter_{kind}(sparse_delta): rows
    `sparse_delta.indices` of the first dimension updated with `sparse_delta.values`."""
    if not (hasattr(sparse_delta, "indices") and hasattr(sparse_delta, "values")):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: "
                        f"{sparse_delta}")
    op = f"ResourceScatter{kind.title()}"
    value = EagerTensor(variable._handle._value)
    idx = to_tensor(sparse_delta.indices)
    upd = convert_to_tensor(sparse_delta.values, dtype=value.dtype)
    flat = np.asarray(idx._value).reshape(-1)
    limit = value._value.shape[0]
    bad = np.flatnonzero((flat < 0) | (flat >= limit))
    if bad.size:
        raise kernel_error(op, f"indices[{bad[0]}] = {flat[bad[0]]} is not in [0, {limit})", "")
    rows = EagerTensor(idx._value[..., None])
    _check(op, value._value.shape, rows, upd, resource=True)
    return execute(_TENSOR_SCATTER[kind], (value, rows, upd))._value

