"""The replica context of MirroredStrategy.run's SPMD program (TF's mirrored_run): this
replica's id is the mesh axis index, and all_reduce and merge_call's reductions are XLA
collectives over the replica axis."""
import jax
import jax.numpy as jnp

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import VariableAggregation
from . import distribute_lib
from .distribute_lib import ReduceOp, ReplicaContext, _state
from .values import AXIS, PerReplica


def reduce_op_of(op):
    return op if isinstance(op, ReduceOp) else ReduceOp(str(op).upper())


def spmd_context():
    """The replica context of the SPMD run being traced, or None."""
    context = _state.contexts[-1] if _state.contexts else None
    return context if isinstance(context, MirroredReplicaContext) else None


class MirroredReplicaContext(ReplicaContext):
    """The replica context inside MirroredStrategy.run: this replica's id is the mesh
    axis index and all_reduce is XLA's psum/pmean over the replicas."""

    def __init__(self, strategy):
        super().__init__(strategy)
        self.merged = set()   # ids of merge_call results: one value for all replicas
        self.local = {}   # id(SyncOnReadVariable): this replica's value while the run traces

    @property
    def num_replicas_in_sync(self):
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        return EagerTensor(jax.lax.axis_index(AXIS).astype(jnp.int32))

    def all_reduce(self, reduce_op, value, options=None):
        op = reduce_op_of(reduce_op)
        return nest.map_structure(lambda v: EagerTensor(all_reduce(op, v)), value)

    def all_gather(self, value, axis, options=None):
        return nest.map_structure(lambda v: EagerTensor(jax.lax.all_gather(
            convert_to_tensor(v)._value, AXIS, axis=axis, tiled=True)), value)

    def aggregate(self, aggregation, value, dtype):
        """A MirroredVariable's update in replica context aggregated across the replicas
        as its ``aggregation`` (SUM, MEAN, ONLY_FIRST_REPLICA) says, as TF does."""
        if aggregation == VariableAggregation.SUM and not isinstance(
                getattr(value, "_value", None), jax.core.Tracer):
            # the same value on every replica (TF: not a distributed value; a tensor the
            # replicas capture from an enclosing tf.function is summed here)
            raise non_distributed_error(value)
        value = convert_to_tensor(value, dtype=dtype)
        if aggregation == VariableAggregation.ONLY_FIRST_REPLICA:
            first = jax.lax.axis_index(AXIS) == 0
            return EagerTensor(jax.lax.psum(jnp.where(first, value._value, 0), AXIS))
        op = ReduceOp.SUM if aggregation == VariableAggregation.SUM else ReduceOp.MEAN
        return EagerTensor(all_reduce(op, value))

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """``merge_fn(strategy, ...)`` in cross-replica context; the tensors it is given
        are this program's per-replica values (which ``strategy.reduce`` all-reduces)."""
        wrap = lambda x: LocalValue(x) if isinstance(x, Tensor) else x  # noqa: E731
        args, kwargs = nest.map_structure(wrap, (args, kwargs or {}))
        with distribute_lib._cross_replica():
            result = merge_fn(self._strategy, *args, **kwargs)
        self.merged.update(id(x) for x in nest.flatten(result))
        return result


class LocalValue(PerReplica):
    """Inside a merge_call of a run: the value of each replica, as the SPMD program's
    local tensor."""

    def __init__(self, value):
        super().__init__([value])


def non_distributed_error(value):
    """TF's error for a SUM of a value that is the same on every replica."""
    return ValueError(f"A non-DistributedValues value {value!s} cannot be reduced with the "
                      f"given reduce op ReduceOp.SUM.")


def all_reduce(op, value):
    value = convert_to_tensor(value)._value
    total = jax.lax.psum(value, AXIS)
    if op is ReduceOp.MEAN:
        total = total / jax.lax.psum(1, AXIS)
    return total.astype(value.dtype)
