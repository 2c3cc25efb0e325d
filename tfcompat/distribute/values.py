"""tf.distribute's per-replica values (TF's distribute/values.py): ``PerReplica``, one
tensor per replica, printed as TF prints it, passed into a tf.function as its component
tensors and returned from one the same way."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from ..framework.constant_op import convert_to_tensor
from ..framework.core_types import CompositeTensor
from ..framework.tensor import EagerTensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType
from ..framework.type_spec import TypeSpec
from . import distribute_lib
from .distribute_lib import get_replica_context

AXIS = "replica"   # the mesh axis of a strategy's replicas


class PerReplica(distribute_lib.PerReplica):
    """tf.distribute's PerReplica: the values of one tensor on each replica."""

    def __init__(self, values):
        self._values = tuple(values)
        self._tensors = None   # what a tf.function it is passed to takes (_PerReplicaType)

    _stacked = None   # (when known) the array of the values stacked on the replica axis

    @classmethod
    def _of_stacked(cls, stacked):
        """The PerReplica of an array stacked on the replica axis and sharded over the
        replicas' devices (one transfer of a global batch): its values, each replica's
        shard, are made when asked for."""
        value = cls.__new__(cls)
        value._values = None
        value._tensors = [EagerTensor(stacked)]
        value._stacked = stacked
        value._stacked_type = _PerReplicaType(
            ((stacked.shape[1:], value._tensors[0].dtype),) * stacked.shape[0])
        return value

    @property
    def values(self):
        if self._values is None:
            shards = sorted(self._tensors[0]._value.addressable_shards,
                            key=lambda s: s.index[0].start)
            self._values = tuple(EagerTensor(s.data[0]) for s in shards)
        return self._values

    @property
    def _type_spec(self):
        return PerReplicaSpec(*[TensorSpec.from_tensor(convert_to_tensor(v))
                                for v in self.values])

    def _text(self, show):
        body = ",\n".join(f"  {i}: {show(v)}" for i, v in enumerate(self.values))
        return f"{type(self).__name__}:{{\n{body}\n}}"

    def __repr__(self):
        return self._text(repr)

    def __str__(self):
        return self._text(str)

    # a tf.function's argument (its components are the tensors passed in) and result
    def __tf_tracing_type__(self, context):
        if self._values is None:
            return self._stacked_type
        return _PerReplicaType(tuple((tuple(v.shape), v.dtype) for v in self._values))

    def _carry(self):
        return self.values

    def _from_carry(self, tensors):
        return PerReplica(tensors)

    def _carry_unknown(self):
        return False


PerReplica.__module__ = "tensorflow.python.distribute.values"
CompositeTensor.register(PerReplica)   # as TF's (Keras tells per-replica values by it)


class PerReplicaSpec(TypeSpec):
    """TF's PerReplicaSpec: the spec of a PerReplica value, one spec per replica (the
    element_spec of a distributed dataset, which a tf.function's input_signature takes:
    through TypeSpec's components protocol, as TF casts its arguments)."""

    def __init__(self, *value_specs):
        self._value_specs = tuple(value_specs)

    value_type = property(lambda self: PerReplica)
    _component_specs = property(lambda self: self._value_specs)

    def _to_components(self, value):
        context = get_replica_context()
        if context is not None and context.num_replicas_in_sync > 1:
            raise ValueError("Flattening a PerReplica to components is not supported in "
                             "replica context.")
        values = value._values   # (TF's AttributeError for a value of another type)
        return value.values if values is None else values

    def _from_components(self, tensor_list):
        return PerReplica(tensor_list)

    def is_compatible_with(self, spec_or_value):
        if isinstance(spec_or_value, PerReplica):
            spec_or_value = spec_or_value._type_spec
        return isinstance(spec_or_value, PerReplicaSpec) and \
            len(spec_or_value._value_specs) == len(self._value_specs) and \
            all(a.is_compatible_with(b) for a, b in zip(self._value_specs,
                                                        spec_or_value._value_specs))

    def __repr__(self):
        return f"PerReplicaSpec({', '.join(map(repr, self._value_specs))})"

    def __eq__(self, other):
        return isinstance(other, PerReplicaSpec) and other._value_specs == self._value_specs

    def __hash__(self):
        return hash(self._value_specs)


PerReplicaSpec.__module__ = PerReplica.__module__


def stack(arrays):
    """The replicas' arrays of one shape stacked on a new leading axis, sharded over their
    devices when each is on its own one (no copy), else one array that no device holds on
    to (uncommitted: a run moves it onto its replicas' devices)."""
    if any(isinstance(a, jax.core.Tracer) for a in arrays):
        return jnp.stack(arrays)
    devices = [next(iter(a.devices())) if len(a.devices()) == 1 else None for a in arrays]
    if None not in devices and len(set(devices)) == len(devices):
        sharding = NamedSharding(Mesh(np.array(devices), (AXIS,)), PartitionSpec(AXIS))
        with jax.ensure_compile_time_eval():   # (also when called while tracing)
            shards = [a[None] for a in arrays]
        return jax.make_array_from_single_device_arrays(
            (len(arrays),) + arrays[0].shape, sharding, shards)
    return jnp.asarray(np.stack([np.asarray(a) for a in arrays]))


def replicated_over(arrays):
    """The sharding that replicates an array over the devices of the replicas' arrays
    (each on its own one), else the first one's device."""
    devices = [next(iter(a.devices())) if len(a.devices()) == 1 else None for a in arrays]
    if None not in devices and len(set(devices)) == len(devices):
        return NamedSharding(Mesh(np.array(devices), (AXIS,)), PartitionSpec())
    return devices[0] or jax.devices()[0]


class _PerReplicaType(ExactTraceType):
    """The trace type of a PerReplica argument: its components' shapes and dtypes."""

    def __init__(self, specs):
        self._specs = specs


    def placeholder_value(self, placeholder_context):
        raise NotImplementedError("a PerReplica value is traced from its tensors")

    def _even(self):
        return len(set(self._specs)) == 1

    def to_tensors(self, value):
        """One array of the components stacked (sharded over their devices) when they
        have one shape; otherwise the components, each replicated over the replicas'
        devices (as a strategy's variables are: the replicas of an uneven run run one
        after another, see uneven_run.py). Made once per value (a PerReplica does not
        change): asked again inside the trace it is passed to, it makes no ops there
        (which would capture the caller's tensors)."""
        if value._tensors is None:
            value._tensors = self._to_tensors(value)
        return value._tensors

    def _to_tensors(self, value):
        if self._even() and value._stacked is not None:
            return [EagerTensor(value._stacked)]
        arrays = [convert_to_tensor(v)._value for v in value.values]
        if self._even():
            return [EagerTensor(stack(arrays))]
        if any(isinstance(a, jax.core.Tracer) for a in arrays):
            return [EagerTensor(a) for a in arrays]
        return [EagerTensor(jax.device_put(a, replicated_over(arrays))) for a in arrays]

    def from_tensors(self, tensors):
        if self._even():
            stacked = next(tensors)
            value = PerReplica([EagerTensor(stacked[i]) for i in range(len(self._specs))])
            value._stacked = getattr(stacked, "_value", stacked)   # (a run takes it whole)
            return value
        return PerReplica([EagerTensor(next(tensors)) for _ in self._specs])

    def __eq__(self, other):
        return isinstance(other, _PerReplicaType) and self._specs == other._specs

    def __hash__(self):
        return hash(self._specs)
