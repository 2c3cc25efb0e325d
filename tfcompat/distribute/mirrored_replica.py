"""The replica context of MirroredStrategy.run's SPMD program (TF's mirrored_run): this
replica's id is the mesh axis index, and all_reduce and merge_call's reductions are XLA
collectives over the replica axis."""
import contextlib
import types

import jax
import jax.numpy as jnp

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import VariableAggregation
from . import distribute_lib, replica_invariance
from .distribute_lib import ReduceOp, ReplicaContext, _state
from .values import AXIS, PerReplica


def reduce_op_of(op):
    return op if isinstance(op, ReduceOp) else ReduceOp(str(op).upper())


def spmd_context():
    """The replica context of the SPMD run being traced, or None."""
    context = _state.contexts[-1] if _state.contexts else None
    return context if isinstance(context, _MirroredReplicaContext) else None


class _MirroredReplicaContext(ReplicaContext):
    """The replica context inside MirroredStrategy.run: this replica's id is the mesh
    axis index and all_reduce is XLA's psum/pmean over the replicas."""

    def __init__(self, strategy):
        super().__init__(strategy)
        self.merged = set()   # ids of merge_call results: one value for all replicas
        self.local = {}   # id(SyncOnReadVariable): this replica's value while the run traces
        self.captured = set()   # ids of the tensors the replica function captures

    def capture(self, fn, tensors):
        """Note the tensors `fn` captures (its closure, defaults and the globals it
        names, the lists, tuples and dicts among them, and those of the functions among
        them) and `tensors` (arguments that are the same on every replica): one object
        that all of TF's replicas see."""
        self.captured.update(id(t) for t in tensors)
        seen, todo = set(), [fn]
        while todo:
            fn = todo.pop()
            fn = getattr(fn, "__func__", fn)
            if id(fn) in seen or len(seen) > 50:
                continue
            seen.add(id(fn))
            found = list(getattr(fn, "__defaults__", None) or ())
            for cell in getattr(fn, "__closure__", None) or ():
                with contextlib.suppress(ValueError):   # (a cell not yet assigned)
                    found.append(cell.cell_contents)
            namespace = getattr(fn, "__globals__", {})
            found += [namespace[n] for n in _names(getattr(fn, "__code__", None))
                      if n in namespace]
            for x in found:
                items = x.values() if isinstance(x, dict) else \
                    x if isinstance(x, (list, tuple)) else (x,)
                for item in items:
                    if isinstance(item, Tensor):
                        self.captured.add(id(item))
                    elif isinstance(item, types.FunctionType):
                        todo.append(item)

    def shared(self, value):
        """Whether `value` is a tensor the replicas capture (the same object on all of
        them, as TF's regroup sees it), not one each replica makes."""
        return id(value) in self.captured

    @property
    def num_replicas_in_sync(self):
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        return EagerTensor(jax.lax.axis_index(AXIS).astype(jnp.int32))

    def all_reduce(self, reduce_op, value, options=None):
        """XLA's psum/pmean over the replicas; a tensor the replicas capture comes back
        with its own value, for SUM too (TF 2.21's regroup keeps the one object, whose
        reduction is the reduction of that one value)."""
        op = reduce_op_of(reduce_op)
        return nest.map_structure(lambda v: EagerTensor(
            v._value if self.shared(v) else all_reduce(op, v)), value)

    def all_gather(self, value, axis, options=None):
        return nest.map_structure(lambda v: EagerTensor(jax.lax.all_gather(
            convert_to_tensor(v)._value, AXIS, axis=axis, tiled=True)), value)

    def aggregate(self, aggregation, value, dtype):
        """A MirroredVariable's update in replica context aggregated across the replicas
        as its ``aggregation`` (SUM, MEAN, ONLY_FIRST_REPLICA) says, as TF does."""
        if aggregation == VariableAggregation.SUM and self.num_replicas_in_sync != 1 and \
                not isinstance(getattr(value, "_value", None), jax.core.Tracer):
            # the same value on every replica (TF: not a distributed value; a tensor the
            # replicas capture from an enclosing tf.function is summed here)
            raise non_distributed_error(value)
        value = convert_to_tensor(value, dtype=dtype)
        if aggregation == VariableAggregation.ONLY_FIRST_REPLICA:
            return EagerTensor(replica_invariance.first_replica(value._value))
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


def _names(code):
    """The global names `code` and the functions defined in it use."""
    if code is None:
        return set()
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


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
