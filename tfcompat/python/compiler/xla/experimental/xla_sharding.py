"""tensorflow.python.compiler.xla.experimental.xla_sharding: XLA sharding annotations
(xla.OpSharding) and the XlaSharding op that attaches them to a tensor.

tfcompat computes on one device: an annotation leaves the tensor's value unchanged. An
annotation made without the op (``use_sharding_op=False``: TF sets it as an attribute of
the op that produced the tensor) returns the tensor itself.
"""
import numpy as np

from .....compiler.xla.xla_data_pb2 import OpSharding
from .....ops.xla_ops import sharding as _sharding_op

__all__ = ["Sharding", "replicate", "assign_device", "tile", "get_sharding_tile_shape"]


class Sharding:
    """An xla.OpSharding, made by its class methods, applied to a tensor."""

    def __init__(self, proto=None):
        self._proto = proto

    @classmethod
    def replicate(cls):
        return cls(OpSharding(type=OpSharding.REPLICATED))

    @classmethod
    def manual(cls):
        return cls(OpSharding(type=OpSharding.MANUAL))

    @classmethod
    def assign_device(cls, core):
        return cls(OpSharding(type=OpSharding.MAXIMAL, tile_assignment_dimensions=[1],
                              tile_assignment_devices=[core]))

    @classmethod
    def tile(cls, tile_assignment):
        if not isinstance(tile_assignment, np.ndarray):
            raise TypeError("Tile assignment must be of type np.ndarray")
        return cls(OpSharding(type=OpSharding.OTHER,
                              tile_assignment_dimensions=list(tile_assignment.shape),
                              tile_assignment_devices=list(tile_assignment.flat)))

    @property
    def proto(self):
        return self._proto

    def apply_to_tensor(self, tensor, assign_tuple_sharding=False, use_sharding_op=False,
                        unspecified_dims=None, sharding_v2_proto=None):
        """`tensor` annotated: through an XlaSharding op with `use_sharding_op`."""
        if assign_tuple_sharding:
            raise NotImplementedError("xla_sharding: tfcompat does not annotate tuple "
                                      "shardings (assign_tuple_sharding=True)")
        if not use_sharding_op:
            return tensor
        proto = sharding_v2_proto if sharding_v2_proto is not None else self._proto
        return _sharding_op(tensor, sharding=proto.SerializeToString(),
                            unspecified_dims=unspecified_dims or ())


def replicate(tensor, assign_tuple_sharding=False, use_sharding_op=False):
    return Sharding.replicate().apply_to_tensor(
        tensor, assign_tuple_sharding=assign_tuple_sharding, use_sharding_op=use_sharding_op)


def assign_device(tensor, device, assign_tuple_sharding=False, use_sharding_op=False):
    return Sharding.assign_device(device).apply_to_tensor(
        tensor, assign_tuple_sharding=assign_tuple_sharding, use_sharding_op=use_sharding_op)


def tile(tensor, tile_assignment, assign_tuple_sharding=False, use_sharding_op=False,
         unspecified_dims=None):
    return Sharding.tile(tile_assignment).apply_to_tensor(
        tensor, assign_tuple_sharding=assign_tuple_sharding, use_sharding_op=use_sharding_op,
        unspecified_dims=unspecified_dims or [])


def get_sharding_tile_shape(sharding):
    """The tile_assignment_dimensions of a serialized OpSharding, or None."""
    if sharding is None:
        return None
    if not isinstance(sharding, bytes):
        raise TypeError(f"expected bytes, {type(sharding).__name__} found")
    return list(OpSharding.FromString(sharding).tile_assignment_dimensions)
