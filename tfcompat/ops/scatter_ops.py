"""Scatters: tf.scatter_nd, tf.tensor_scatter_nd_{update,add,sub,min,max}, and the arrays
behind Variable.scatter_nd_* / scatter_{update,add,sub,mul,div,min,max} (dense: the variable's whole value is replaced).

Indices are checked as TF's CPU kernels check them (JAX drops out-of-range updates):
eagerly at once; inside a tf.function when it runs (a host callback, enabled by an op's
`checked` attribute, which names the op the error reports).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import errors, host_callback
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, mismatch_error, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from .indexing_ops import (
    BAD_INDICES_POLICIES, bad_indices_policy_attr, check_indices_dtype, out_of_range,
)
from .math_common import tf_gradient
from .op_args import attr_error, check_values, dims, kernel_error, static_ints, traced


def _where(indices):
    return tuple(jnp.moveaxis(indices, -1, 0))


def _dropped(indices, shape, ignore):
    """`indices`; with bad_indices_policy IGNORE, its rows outside `shape` (negative ones
    too) moved past its end, where the scatter (mode "drop") leaves them out."""
    if not ignore:
        return indices
    limits = jnp.asarray(shape[:indices.shape[-1]], indices.dtype)
    bad = jnp.any((indices < 0) | (indices >= limits), axis=-1, keepdims=True)
    return jnp.where(bad, limits, indices)


def _scatter_nd(indices, updates, shape, ignore=False):
    out = jnp.zeros(shape, updates.dtype)
    at = out.at[_where(_dropped(indices, shape, ignore))]
    if updates.dtype == jnp.bool_:
        return at.max(updates, mode="drop")
    return at.add(updates, mode="drop")


def _update_grad(g, tensor, indices, updates, out):
    """TF's TensorScatterUpdate gradient: every update gets the gradient at its index,
    also one that a later duplicate index overwrote (dropped updates get none)."""
    at = _where(indices)
    return (g.at[at].set(0, mode="drop"), None,
            g.at[at].get(mode="fill", fill_value=0))


def _extremum_grad(g, tensor, indices, updates, out):
    """TF's TensorScatterMin/Max gradient: ties between the tensor and the updates
    share the gradient equally (dropped updates get none)."""
    at = _where(indices)
    x_ind = (tensor == out).astype(g.dtype)
    y_ind = (updates == out.at[at].get(mode="fill", fill_value=0)).astype(g.dtype)
    count = x_ind + jnp.zeros_like(g).at[at].add(y_ind, mode="drop")
    return (g * x_ind / count, None,
            (g / count).at[at].get(mode="fill", fill_value=0) * y_ind)



def _updating(fn):
    """A TensorScatter kernel fn(tensor, indices, updates) taking bad_indices_policy
    IGNORE (`ignore`) as its attribute."""
    def run(t, i, u, ignore=False):
        return fn(t, _dropped(i, t.shape, ignore), u)
    return run


_UPDATE = {
    "update": _updating(tf_gradient(lambda t, i, u: t.at[_where(i)].set(u, mode="drop"),
                                     _update_grad)),
    "add": _updating(lambda t, i, u: t.at[_where(i)].add(u, mode="drop")),
    "sub": _updating(lambda t, i, u: t.at[_where(i)].add(-u, mode="drop")),
    "min": _updating(tf_gradient(lambda t, i, u: t.at[_where(i)].min(u, mode="drop"),
                                  _extremum_grad)),
    "max": _updating(tf_gradient(lambda t, i, u: t.at[_where(i)].max(u, mode="drop"),
                                  _extremum_grad)),
}
def _checking(fn, position):
    """fn(*arrays) whose input `position` is the indices; with the `checked` attribute
    (an op name, inside a tf.function) an index outside the output raises TF's error
    when the function runs."""
    def run(*arrays, checked=False, **attrs):
        out = fn(*arrays, **attrs)
        if checked:
            out = host_callback.checked(
                out, functools.partial(_range_error, checked, out.shape), arrays[position])
        return out
    return run


def _range_error(op, shape, indices):
    bad = out_of_range(indices, shape)
    if bad:
        return kernel_error(op, f"indices[{bad[0]}] = {bad[1]} does not index into shape "
                                f"{dims(shape)}")
    return None


_scatter_nd_op = Op("ScatterNd", _checking(_scatter_nd, 0))
_TENSOR_SCATTER = {k: Op(f"TensorScatter{k.title()}", _checking(fn, 1))
                   for k, fn in _UPDATE.items()}


def _check(op, shape, indices, updates, resource=False, policy=""):
    """TF's shape and range checks of a scatter of `updates` at `indices` into `shape`;
    returns the `checked` attribute when the range check is deferred (tf.function), or
    the `ignore` one for bad_indices_policy IGNORE."""
    if policy not in BAD_INDICES_POLICIES:
        raise kernel_error(op, f"Unknown bad indices handling attribute: {policy}")
    ishape, ushape = indices._value.shape, updates._value.shape
    if not op.startswith("Resource") and not np.prod(shape) and (
            np.prod(ishape) or np.prod(ushape)):
        if op == "ScatterNd" and np.prod(ishape) and np.prod(ushape):
            raise kernel_error(op, f"Indices and updates specified for empty output.  indices "
                                   f"shape: {dims(ishape)}")
        raise kernel_error(op, "Indices and updates specified for empty output shape")
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
    if policy == "IGNORE":
        return (("ignore", True),)
    if check_values(functools.partial(_range_error, op, tuple(shape)), indices):
        return (("checked", op),)
    return ()


def _indices(op, indices):
    idx = to_tensor(indices)
    check_indices_dtype(op, idx)
    return idx


def scatter_nd(indices, updates, shape, bad_indices_policy="", name=None):
    """tf.scatter_nd: zeros of `shape` with `updates` added at `indices` (duplicates sum;
    bad_indices_policy IGNORE leaves out indices outside `shape`)."""
    policy = bad_indices_policy_attr(bad_indices_policy)
    idx = _indices("ScatterNd", indices)
    upd = to_tensor(updates)
    shape = static_ints(shape if isinstance(shape, Tensor) else convert_to_tensor(
        shape, dtype=idx.dtype), "tf.scatter_nd", "shape")
    for d in shape:
        if d < 0:
            raise kernel_error("ScatterNd", f"Dimension {d} must be >= 0")
    checked = _check("ScatterNd", shape, idx, upd, policy=policy)
    return execute(_scatter_nd_op, (idx, upd), (("shape", shape),) + checked)


def _tensor_scatter(kind):
    op = _TENSOR_SCATTER[kind]

    def public(tensor, indices, updates, bad_indices_policy="", name=None):
        policy = bad_indices_policy_attr(bad_indices_policy)
        t = to_tensor(tensor)
        idx = _indices(op.name, indices)
        upd = updates if isinstance(updates, Tensor) else convert_to_tensor(updates, t.dtype)
        if upd.dtype is not t.dtype:
            raise mismatch_error(op.name, 2, t.dtype, upd.dtype)
        checked = _check(op.name, t._value.shape, idx, upd, policy=policy)
        return execute(op, (t, idx, upd), checked)
    public.__name__ = f"tensor_scatter_nd_{kind}"
    public.__doc__ = (f"tf.tensor_scatter_nd_{kind} (bad_indices_policy IGNORE leaves out "
                      f"indices outside `tensor`).")
    return public


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """tf.tensor_scatter_nd_update (TF gives it no bad_indices_policy)."""
    return _tensor_scatter_nd_update(tensor, indices, updates)


_tensor_scatter_nd_update = _tensor_scatter("update")
tensor_scatter_nd_add = _tensor_scatter("add")
tensor_scatter_nd_sub = _tensor_scatter("sub")
tensor_scatter_nd_min = _tensor_scatter("min")
tensor_scatter_nd_max = _tensor_scatter("max")


def variable_scatter_nd(variable, indices, updates, kind):
    """The new value of `variable` after Variable.scatter_nd_{kind}(indices, updates)."""
    op = f"ResourceScatterNd{kind.title()}"
    value = EagerTensor(variable._handle._value)
    idx = _indices(op, indices)
    upd = convert_to_tensor(updates, dtype=value.dtype) if not isinstance(updates, Tensor) \
        else updates
    checked = _check(op, value._value.shape, idx, upd, resource=True)
    return execute(_TENSOR_SCATTER[kind], (value, idx, upd), checked)._value


_ROW_KINDS = ("update", "add", "sub", "mul", "div", "min", "max")


def _row_scatter(kind):
    """TF's ResourceScatter{kind} on a whole value: rows `indices` of `value` combined
    with `updates` (duplicate indices apply one after the other). With the `checked`
    attribute (traced indices or updates) TF's checks are made when the function runs."""
    def run(value, indices, updates, checked=False):
        out = fn(value, indices, updates)
        if checked:
            out = host_callback.checked(out, functools.partial(
                _row_error, f"ResourceScatter{kind.title()}", kind, value.shape[0]),
                indices, updates)
        return out

    def fn(value, indices, updates):
        at = value.at[indices]
        if kind == "update":
            return at.set(updates)
        if kind in ("add", "sub"):
            return at.add(-updates if kind == "sub" else updates)
        if kind == "mul":
            return at.multiply(updates)
        if kind == "div":  # x / u1 / u2 == x / (u1 * u2); truncating for integers, as TF
            return jax.lax.div(value, jnp.ones_like(value).at[indices].multiply(updates))
        return at.min(updates) if kind == "min" else at.max(updates)
    return run


def _row_error(op, kind, rows, indices, updates):
    """TF's ResourceScatter checks: no zero divisor, every index a row."""
    if kind == "div" and np.any(updates == 0):
        return kernel_error(op, "updates must not contain 0", "")
    flat = indices.reshape(-1)
    bad = np.flatnonzero((flat < 0) | (flat >= rows))
    if bad.size:
        first = int(bad[0])
        pos = ",".join(str(int(i)) for i in np.unravel_index(first, indices.shape)) \
            if indices.shape else ""
        return kernel_error(op, f"indices[{pos}] = {flat[first]} is not in [0, {rows})", "")
    return None


_ROW_SCATTER = {k: Op(f"ResourceScatter{k.title()}", _row_scatter(k)) for k in _ROW_KINDS}



# TF's kernels of ResourceScatterMin/Max, as its "No OpKernel was registered" lists them.
_MIN_MAX_KERNELS = "Registered devices: [CPU]\nRegistered kernels:\n" + "\n".join(
    ["  device='XLA_CPU_JIT'; Tindices in [DT_INT32, DT_INT64]; dtype in [DT_FLOAT, DT_DOUBLE, "
     "DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, "
     "DT_QINT32, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]"] +
    [f"  device='CPU'; dtype in [DT_{t}]; Tindices in [DT_{i}]"
     for t in ("DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8", "INT16",
               "UINT16", "UINT32", "INT64", "UINT64") for i in ("INT64", "INT32")]) + "\n"


def variable_scatter(variable, sparse_delta, kind):
    """The new value of `variable` after Variable.scatter_{kind}(sparse_delta), TF's
    ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max}: rows `sparse_delta.indices` of the
    first dimension combined with `sparse_delta.values` (a scalar value applies to every
    row named). Checks follow TF's kernel, in its order; an out-of-range index raises
    after the rows before it are written, as TF's kernel does."""
    if not (hasattr(sparse_delta, "indices") and hasattr(sparse_delta, "values")):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: "
                        f"{sparse_delta}")
    op = _ROW_SCATTER[kind]
    value = EagerTensor(variable._handle._value)
    allowed = op.spec.allowed("dtype")
    if allowed is not None and value.dtype._tf_name not in allowed:
        raise attr_error(op.name, "dtype", value.dtype, name="")
    idx = to_tensor(sparse_delta.indices)
    # (TF converts the values as given to the IndexedSlices with the variable's dtype)
    upd = convert_to_tensor(getattr(sparse_delta, "_given_values", sparse_delta.values),
                            dtype=value.dtype)
    if idx.dtype._tf_name not in ("int32", "int64"):
        raise attr_error(op.name, "Tindices", idx.dtype, name="")
    if kind in ("min", "max") and value.dtype.is_complex:
        raise errors.InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{op.name}' used by "
                        f"{{{{node {op.name}}}}} with these attrs: [Tindices=DT_"
                        f"{idx.dtype._tf_name.upper()}, dtype=DT_{value.dtype._tf_name.upper()}]"
                        f"\n{_MIN_MAX_KERNELS}\n\t [[{op.name}]] [Op:{op.name}] name: ")
    shape, ishape, ushape = value._value.shape, idx._value.shape, upd._value.shape
    if ushape and len(ushape) != len(ishape) + len(shape) - 1:
        raise kernel_error(op.name, f"Must have updates.shape = indices.shape + params.shape[1:] "
                                    f"or updates.shape = [], got updates.shape {dims(ushape)}, "
                                    f"indices.shape {dims(ishape)}, params.shape {dims(shape)}",
                           "")
    # Values are checked when known; traced ones when the function runs (then no row is
    # written before the error, where TF's kernel has written the rows before a bad index).
    late = traced(idx, upd)
    if kind == "div" and not late and bool(np.any(np.asarray(upd._value) == 0)):
        raise kernel_error(op.name, "updates must not contain 0", "")
    if not idx._value.size:
        return value._value
    if ushape and ushape[:len(ishape)] != ishape:
        raise kernel_error(op.name, f"The shape of indices ({dims(ishape)}) must be a prefix of "
                                    f"the shape of updates ({dims(ushape)})", "")
    flat = np.zeros(0, np.int64) if late else np.asarray(idx._value).reshape(-1)
    bad = np.flatnonzero((flat < 0) | (flat >= shape[0]))
    if bad.size:  # TF's kernel has applied the rows before the bad one
        first = int(bad[0])
        rows = EagerTensor(idx._value.reshape(-1)[:first])
        done = upd if not ushape else EagerTensor(
            upd._value.reshape((-1,) + ushape[len(ishape):])[:first])
        variable._write(lambda: execute(op, (value, rows, done))._value)
        pos = ",".join(str(int(i)) for i in np.unravel_index(first, ishape)) if ishape else ""
        raise kernel_error(op.name, f"indices[{pos}] = {flat[first]} is not in "
                                    f"[0, {shape[0]})", "")
    if ushape and ushape[len(ishape):] != shape[1:]:
        # TF's kernel reads the flat updates anyway; tfcompat refuses the mismatch.
        raise kernel_error(op.name, f"Must have updates.shape = indices.shape + params.shape[1:] "
                                    f"or updates.shape = [], got updates.shape {dims(ushape)}, "
                                    f"indices.shape {dims(ishape)}, params.shape {dims(shape)}",
                           "")
    return execute(op, (value, idx, upd), (("checked", True),) if late else ())._value
