"""XLA's DynamicSlice and DynamicUpdateSlice, as tensorflow.compiler.tf2xla.python.xla
exposes them (XlaDynamicSlice, XlaDynamicUpdateSlice): start indices are clamped so that
the slice fits, as XLA does; and XlaSharding (tf2xla's xla_sharding annotations)."""
import jax

from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor


def _update(x, update, indices):
    return jax.lax.dynamic_update_slice(x, update.astype(x.dtype), tuple(indices))


def _slice(x, indices, sizes):
    return jax.lax.dynamic_slice(x, tuple(indices), sizes)


_dynamic_update_slice_op = Op("XlaDynamicUpdateSlice", _update)
_dynamic_slice_op = Op("XlaDynamicSlice", _slice)


def _indices(x, indices):
    indices = convert_to_tensor(indices)
    if indices.dtype.name not in ("int32", "int64"):
        raise TypeError(f"Value passed to parameter 'indices' has DataType {indices.dtype.name} "
                        "not in list of allowed values: int32, int64")
    if indices.shape.rank != 1 or indices.shape[0] != x.ndim:
        raise ValueError(f"indices must be a vector with length equal to the rank of input "
                         f"({x.ndim}), got shape {indices.shape}")
    return indices


def dynamic_update_slice(input, update, indices, name=None):
    """xla.dynamic_update_slice: ``input`` with ``update`` written at ``indices``."""
    x = to_tensor(input)
    u = to_tensor(update)
    if u.dtype != x.dtype:
        raise TypeError(f"update has dtype {u.dtype.name}, expected {x.dtype.name}")
    return execute(_dynamic_update_slice_op, (x, u, _indices(x, indices)))


def dynamic_slice(x, starts, sizes, name=None):
    """xla.dynamic_slice: the ``sizes``-shaped block of ``x`` at ``starts``."""
    x = to_tensor(x)
    sizes = tuple(int(s) for s in (sizes.numpy() if hasattr(sizes, "numpy") else sizes))
    return execute(_dynamic_slice_op, (x, _indices(x, starts)), (("sizes", sizes),))


_sharding_op = Op("XlaSharding", lambda x, sharding, unspecified_dims: x)


def sharding(input, sharding="", unspecified_dims=(), name=None):
    """XlaSharding: `input` annotated with the serialized xla.OpSharding `sharding`; on
    the one device tfcompat computes on, the annotation leaves it unchanged (its gradient
    passes through)."""
    return execute(_sharding_op, (to_tensor(input),),
                   (("sharding", bytes(sharding)), ("unspecified_dims", tuple(unspecified_dims))))
