"""tf.experimental.dtensor's functions on DTensors (TF's dtensor/python/api.py). A DTensor
is a tfcompat Tensor whose jax.Array carries a NamedSharding of a dtensor Mesh: every op
runs on it as on any Tensor, XLA's sharding propagation choosing the results' layouts."""
import contextlib

import jax
import numpy as np

from ..framework import errors
from ..framework import tensor as tensor_lib
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.variables import Variable
from ..ops.logging_ops import format_tensor
from ..ops.manip_ops import identity
from .layout import MATCH, Layout, Mesh, layout_of_sharding, short_name

_DEVICE = "/job:localhost/replica:0/task:0/device:CUSTOM:0"
_default_meshes = []


def _eager(what):
    if not executing_eagerly():
        raise RuntimeError(f"`{what}` must be called eagerly.")


def _array_layout(value):
    """The Layout of a concrete array on a dtensor mesh, or None."""
    if not isinstance(value, jax.Array) or symbolic(value):
        return None
    return layout_of_sharding(value.sharding, value.ndim)


def _canonical(t):
    """`t`'s layout, relaying its array out where XLA split one axis over several mesh
    dimensions (a DTensor layout shards an axis over one)."""
    value = t._value
    layout = _array_layout(value)
    if layout is not None and any(isinstance(a, tuple) for a in value.sharding.spec):
        value = jax.device_put(value, layout.sharding())
        if isinstance(t, Variable):
            t._handle._value = value
        else:
            t._value = value
    return layout


def _component_text(value):
    return format_tensor(np.asarray(value))


def printed(value):
    """The printed components and layout of a DTensor's array (tensor.dtensor_hooks): one
    value when replicated, else {"CPU:0": ..., ...} over the mesh's local devices."""
    layout = _array_layout(value)
    if layout is None:
        return None
    if layout.is_fully_replicated():
        return _component_text(value), layout.to_string()
    if value.sharding != layout.sharding():   # (an axis split over several mesh dimensions)
        value = jax.device_put(value, layout.sharding())
    shards = {s.device: s.data for s in value.addressable_shards}
    mesh = layout.mesh
    parts = [f'"{short_name(name)}": {_component_text(shards[device])}'
             for name, device in zip(mesh.local_devices(), mesh.jax_local_devices())]
    return "{" + ", ".join(parts) + "}", layout.to_string()


def _device(value):
    """A DTensor's device: TF's DTensor device (tensor.dtensor_hooks)."""
    return _DEVICE if _array_layout(value) is not None else None


tensor_lib.dtensor_hooks.update(printed=printed, device=_device)


def is_dtensor(tensor):
    """tf.experimental.dtensor.is_dtensor."""
    _eager("is_dtensor")
    return isinstance(tensor, (Tensor, Variable)) and _array_layout(tensor._value) is not None


def fetch_layout(tensor):
    """tf.experimental.dtensor.fetch_layout: the layout of a DTensor (or DVariable)."""
    _eager("fetch_layout")
    layout = _canonical(tensor) if isinstance(tensor, (Tensor, Variable)) else None
    if layout is None:
        raise errors.InvalidArgumentError(
            None, None, "FetchLayout expects a tensor placed on the layout device.")
    return layout


def check_layout(tensor, layout):
    """tf.experimental.dtensor.check_layout: ValueError unless `tensor` has `layout`."""
    if fetch_layout(tensor) != layout:
        raise ValueError(f"Layout of tensor: {fetch_layout(tensor)}, did not match expected "
                         f"layout: {layout}")


def _check_rank(layout, rank, what):
    if layout.rank != rank:
        raise errors.InvalidArgumentError(
            None, None, f"{what} layout should have the same rank as the rank for each "
                        f"component. The rank of each component is: {rank}, while layout "
                        f"has rank: {layout.rank}\nLayout: {layout.to_string()}\n")


def _check_type(value, what):
    if not isinstance(value, jax.Array) and not symbolic(value):
        raise NotImplementedError(f"tfcompat: DTensors of dtype string are not supported "
                                  f"(tf.experimental.dtensor.{what})")


def pack(tensors, layout):
    """tf.experimental.dtensor.pack: one component per local device of the layout's mesh,
    in the mesh's device order (jax.make_array_from_single_device_arrays)."""
    _eager("pack")
    devices = layout.mesh.local_devices()
    if len(tensors) != len(devices):
        raise errors.InvalidArgumentError(
            None, None, f"The dtensor device {_DEVICE} expected {len(devices)} inputs to "
                        f"DTensorPack, but got {len(tensors)}")
    arrays = [convert_to_tensor(t)._value for t in tensors]
    _check_type(arrays[0], "pack")
    _check_rank(layout, arrays[0].ndim, "Packed")
    shape = layout.global_shape_from_local_shape(arrays[0].shape)
    placed = [jax.device_put(a, d) for a, d in zip(arrays, layout.mesh.jax_local_devices())]
    return EagerTensor(jax.make_array_from_single_device_arrays(
        tuple(shape), layout.sharding(), placed))


def unpack(tensor):
    """tf.experimental.dtensor.unpack: the components on the mesh's local devices."""
    _eager("unpack")
    layout = fetch_layout(tensor) if is_dtensor(tensor) else None
    if layout is None:
        raise errors.InvalidArgumentError(
            None, None, f"DTensorUnpack expects a tensor placed on the DTensor device: "
                        f"{_DEVICE}, but input was placed on device: {tensor.device}")
    shards = {s.device: s.data for s in tensor._value.addressable_shards}
    return [EagerTensor(shards[d]) for d in layout.mesh.jax_local_devices()]


def relayout(tensor, layout, name=None):
    """tf.experimental.dtensor.relayout: `tensor` laid out as `layout` (a jax.device_put
    eagerly, a sharding constraint inside tf.function); gradients pass through."""
    t = tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor)
    _check_type(t._value, "relayout")
    _check_rank(layout, t._value.ndim, "Relayout")
    if MATCH in layout.sharding_specs:
        current = _array_layout(t._value)
        if current is None:
            raise ValueError("tfcompat: relayout to a layout with MATCH needs a DTensor "
                             "(tf.experimental.dtensor.relayout)")
        layout = Layout([c if s == MATCH else s for s, c in
                         zip(layout.sharding_specs, current.sharding_specs)], layout.mesh)
    for i, n in enumerate(t._value.shape):
        if n % layout.num_shards(i):
            raise errors.UnknownError(
                None, None, f"<unknown>:0: error: loc(fused[\"Relayout:\", \"eager_operation\"]):"
                            f" 'tf.DTensorLayout' op requires dimension {i} to be divisible by "
                            f"sharding specified in DTensorLayout, but got dimension size={n} "
                            f"is not divisible by number of shards in layout for this "
                            f"dimension={layout.num_shards(i)}.")
    out = identity(t)
    if symbolic(out._value):
        out._value = jax.lax.with_sharding_constraint(out._value, layout.sharding())
    else:
        out._value = jax.device_put(out._value, layout.sharding())
    return out


def relayout_like(tensor, layout_tensor, name=None):
    """tf.experimental.dtensor.relayout_like: `tensor` laid out as `layout_tensor`."""
    return relayout(tensor, fetch_layout(layout_tensor), name=name)


def copy_to_mesh(tensor, layout, source_layout=None):
    """tf.experimental.dtensor.copy_to_mesh: a Tensor copied onto `layout`'s mesh."""
    return relayout(tensor, layout)


def call_with_layout(fn, layout, *args, **kwargs):
    """tf.experimental.dtensor.call_with_layout: `fn`'s result laid out as `layout`.
    tfcompat computes the global value, then lays it out, so a random op with a sharded
    layout draws the values of the unsharded op (TF's SPMD expansion draws per shard)."""
    if layout is None:
        return fn(*args, **kwargs)
    with default_mesh(layout.mesh):
        return relayout(fn(*args, **kwargs), layout)


@contextlib.contextmanager
def default_mesh(mesh):
    """tf.experimental.dtensor.default_mesh: the mesh get_default_mesh returns inside.
    Ops without DTensor inputs still make regular Tensors (TF's run on the mesh)."""
    if not isinstance(mesh, Mesh):
        raise ValueError(f"Expect `mesh` to be `Mesh`, got {type(mesh)}")
    _default_meshes.append(mesh)
    try:
        yield
    finally:
        _default_meshes.pop()


run_on = default_mesh


def get_default_mesh():
    """tf.experimental.dtensor.get_default_mesh."""
    return _default_meshes[-1] if _default_meshes else None


def device_name():
    """tf.experimental.dtensor.device_name: TF's name of its DTensor device."""
    return _DEVICE
