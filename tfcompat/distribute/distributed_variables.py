"""The variables a MirroredStrategy's scope creates (TF's distribute/values.py):
MirroredVariable, one array replicated over the mesh whose updates in replica context are
aggregated across the replicas, and SyncOnReadVariable (synchronization ON_READ, Keras's
metric variables), one value per replica, aggregated when read in cross-replica context."""
import inspect

import jax
import jax.numpy as jnp

from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, numpy_text
from ..framework.variables import (
    ResourceVariable, Variable, VariableAggregation, VariableSynchronization,
)
from . import distribute_lib
from .mirrored_replica import spmd_context

_SIGNATURE = inspect.signature(Variable.__init__)


def _synchronization(*args, **kwargs):
    bound = _SIGNATURE.bind(None, *args, **kwargs)
    return bound.arguments.get("synchronization", VariableSynchronization.AUTO)


def _components_repr(variable, components):
    """TF's printed form of a distributed variable: each replica's component variable."""
    base = variable.name[:-2]
    rows = ",\n".join(
        f"  {i}: <tf.Variable '{base if i == 0 else f'{base}/replica_{i}'}:0' "
        f"shape={variable.shape} dtype={variable.dtype.name}, "
        f"numpy={numpy_text(c, is_repr=True)}>" for i, c in enumerate(components))
    return f"{type(variable).__name__}:{{\n{rows}\n}}"


class MirroredVariable(ResourceVariable, distribute_lib.Mirrored):
    """TF's MirroredVariable: a tf.Variable made in a MirroredStrategy's scope, one array
    replicated over the mesh. Updates in replica context are aggregated across the
    replicas as its ``aggregation`` says (SUM, MEAN, ONLY_FIRST_REPLICA), as TF does. Its
    synchronization is ON_WRITE (AUTO's choice for a mirrored variable)."""

    def __init__(self, *args, **kwargs):
        if _synchronization(*args, **kwargs) == VariableSynchronization.ON_READ:
            self.__class__ = SyncOnReadVariable   # (the class tf.Variable() chose)
            SyncOnReadVariable.__init__(self, *args, **kwargs)
            return
        super().__init__(*args, **kwargs)
        self._synchronization = VariableSynchronization.ON_WRITE
        self._strategy = distribute_lib.get_strategy()
        if not isinstance(self._value, jax.core.Tracer):
            self._value = self._strategy._replicate(self._value)

    def __repr__(self):
        return _components_repr(self, [self] * len(self._strategy.extended.worker_devices))

    __str__ = __repr__

    @property
    def values(self):
        """DistributedValues.values: each replica's component variable."""
        return self._strategy.experimental_local_results(self)

    def _aggregated(self, value):
        context = spmd_context()
        if context is None or self._aggregation == VariableAggregation.NONE or \
                distribute_lib.in_cross_replica_context():
            return value
        return context.aggregate(self._aggregation, value, self.dtype)

    def assign(self, value, use_locking=None, name=None, read_value=True):
        return super().assign(self._aggregated(value), use_locking, name, read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return super().assign_add(self._aggregated(delta), use_locking, name, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return super().assign_sub(self._aggregated(delta), use_locking, name, read_value)


MirroredVariable.__module__ = "tensorflow.python.distribute.values"


class ReplicaCopy(ResourceVariable):
    """One replica's copy of a MirroredVariable, as ``experimental_local_results`` gives
    TF's per-device component variables (their names, devices and printed form): a
    read-only view of the one replicated array (assign the MirroredVariable)."""

    def __init__(self, variable, replica):   # (a view: not a variable of its own)
        self._mirrored = variable
        self._name = variable.name if replica == 0 else \
            f"{variable.name[:-2]}/replica_{replica}:0"
        self._device = variable._strategy.extended.worker_devices[replica]
        for attribute in ("_lock", "_shape", "_trainable", "_constraint", "_synchronization",
                          "_aggregation", "_uid"):
            setattr(self, attribute, getattr(variable, attribute))

    device = property(lambda self: self._device)

    @property
    def _value(self):
        return self._mirrored._value

    @_value.setter
    def _value(self, value):
        raise NotImplementedError(
            f"tfcompat: {self._name!r}, one replica's copy of the MirroredVariable "
            f"{self._mirrored.name!r}, cannot be assigned: tfcompat holds one array for all "
            f"the replicas; assign the MirroredVariable")


ReplicaCopy.__module__ = "tensorflow.python.ops.resource_variable_ops"


class SyncOnReadVariable(ResourceVariable, distribute_lib.DistributedValues):
    """TF's SyncOnReadVariable: a value per replica, held stacked on the replica axis by
    a hidden variable (which tf.function threads as any other). A replica of a run reads
    and updates its own value; in cross-replica context a read aggregates them (SUM, MEAN
    or the first replica's) and ``assign`` gives each replica the value (divided among
    them for SUM), as TF does."""

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None, synchronization=None,
                 aggregation=VariableAggregation.NONE, shape=None,
                 experimental_enable_variable_lifting=True):
        self._strategy = strategy = distribute_lib.get_strategy()
        if callable(initial_value):
            initial_value = initial_value()
        value = convert_to_tensor(initial_value, dtype=dtype)
        stacked = jnp.broadcast_to(value._value,
                                   (strategy.num_replicas_in_sync,) + value._value.shape)
        if not isinstance(stacked, jax.core.Tracer):
            stacked = jax.device_put(stacked, strategy._sharded)
        # (made first: tf.function swaps it before this variable, see _value)
        self._locals = ResourceVariable(EagerTensor(stacked), trainable=False, name=name)
        self._shadow = (None, None)
        super().__init__(value, trainable=bool(trainable), name=name, dtype=dtype,
                         constraint=constraint, synchronization=synchronization,
                         aggregation=aggregation, shape=shape)

    def _local_mode(self):
        context = spmd_context()
        return context is not None and id(self) in context.local

    # The value: this replica's inside a run, else the replicas' aggregated. Outside a
    # run, writes go to the hidden variable; what tf.function stores here (a tracer of
    # the aggregate, or it again after the trace) stands for the aggregate as long as
    # the hidden variable keeps the value it had then (so that a trace that does not
    # update this variable does not assign it).
    @property
    def _value(self):
        if self._local_mode():
            return spmd_context().local[id(self)]
        stacked = self._locals._value
        if self._shadow[1] is stacked:
            return self._shadow[0]
        if self._aggregation == VariableAggregation.SUM:
            return jnp.sum(stacked, axis=0).astype(stacked.dtype)
        if self._aggregation == VariableAggregation.MEAN:
            return jnp.mean(stacked, axis=0).astype(stacked.dtype)
        return stacked[0]

    @_value.setter
    def _value(self, value):
        if self._local_mode():
            spmd_context().local[id(self)] = value
        else:
            self._shadow = (value, self._locals._value)

    def _spread(self, value):
        """Each replica's value after a cross-replica assign of `value`."""
        value = convert_to_tensor(value, dtype=self.dtype)._value
        if self._aggregation == VariableAggregation.SUM:
            value = (value / self._strategy.num_replicas_in_sync).astype(value.dtype)
        return EagerTensor(jnp.broadcast_to(value, self._locals.shape))

    def assign(self, value, use_locking=None, name=None, read_value=True):
        if self._local_mode():
            return super().assign(value, use_locking, name, read_value)
        self._locals.assign(self._spread(value), read_value=False)
        return self if read_value else None

    def _cross_replica_update(self, method, delta, read_value):
        if self._aggregation == VariableAggregation.SUM:
            raise ValueError(f"SyncOnReadVariable does not support `{method}` in "
                             f"cross-replica context when aggregation is set to "
                             f"`tf.VariableAggregation.SUM`.")
        delta = convert_to_tensor(delta, dtype=self.dtype)._value
        getattr(self._locals, method)(EagerTensor(jnp.broadcast_to(delta, self._locals.shape)),
                                      read_value=False)
        return self if read_value else None

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        if self._local_mode():
            return super().assign_add(delta, use_locking, name, read_value)
        return self._cross_replica_update("assign_add", delta, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        if self._local_mode():
            return super().assign_sub(delta, use_locking, name, read_value)
        return self._cross_replica_update("assign_sub", delta, read_value)

    def _write(self, compute, *args):
        raise NotImplementedError(f"tfcompat: scattered updates of the SyncOnReadVariable "
                                  f"{self.name!r} are not supported")

    def replica_values(self):
        """Each replica's value (experimental_local_results)."""
        stacked = self._locals._value
        return tuple(EagerTensor(stacked[i]) for i in range(stacked.shape[0]))

    def __repr__(self):
        return _components_repr(self, self.replica_values())

    __str__ = __repr__


SyncOnReadVariable.__module__ = "tensorflow.python.distribute.values"
