"""tf.distribute.MirroredStrategy and OneDeviceStrategy on JAX's engine. The replicas are
the devices of a one-axis ``jax.sharding.Mesh``; ``run`` is one SPMD program
(``jax.shard_map`` over the replica axis), so that ``all_reduce`` and the aggregation of
variable updates are XLA collectives (``psum``/``pmean``). MirroredVariables hold one
array replicated over the mesh, SyncOnReadVariables one value per replica
(distributed_variables.py).

Deliberate differences from TF: ``run`` traces its function (eagerly too: a tf.function
cached per function), so the function cannot read values with ``.numpy()`` and its
Python side effects happen when it is traced; replicas' inputs of different shapes (a
distributed dataset's partial last batch) run one replica after another
(uneven_run.py), as does, eagerly, an eager run whose function makes variables whose
initial values the SPMD trace cannot lift out (a tf.random.Generator made in it), and a
run drawing from a tf.random.Generator made outside any strategy; a non-aggregated
variable updated in replica context with values that differ between replicas raises
instead of letting the copies diverge;
a run's results are regrouped as TF's regroup does: the tensors each replica makes as
PerReplica values (one tensor for a one-replica run and for merge_call results), one
object that every replica returns (a variable, a captured tensor, a Python value) as it
is; TF's run gives no Mirrored values there either. TF sees "one object" by identity;
tfcompat knows the tensors the replica function captures from its closure, defaults and
the globals it names (mirrored_replica.py): one reached otherwise counts as per-replica."""
import contextlib
import logging
import re
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from ..framework import host_callback, nest, tf_logging
from ..framework.config import device, jax_device_of, list_logical_devices
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx, executing_eagerly
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import (
    Variable, VariableAggregation, is_update_result, live_variables,
)
from ..ops import manip_ops, reduction_ops
from ..polymorphic_function import deferred_checks
from ..polymorphic_function.polymorphic_function import Function
from . import distribute_lib, input_lib, replica_invariance, uneven_run
from .distribute_lib import (
    ReduceOp, ReplicaContext, Strategy, StrategyExtended, ValueContext, _state,
)
from .distributed_variables import MirroredVariable, ReplicaCopy, SyncOnReadVariable
from .mirrored_replica import LocalValue, _MirroredReplicaContext, all_reduce, reduce_op_of
from .values import AXIS, PerReplica, stack


_ACCELERATOR = re.compile(r"(?i)(gpu|tpu):\d+$")


def _devices(devices):
    if devices is None:
        devices = [d.name for d in list_logical_devices("GPU")] or \
            [d.name for d in list_logical_devices("CPU")]
    found = []
    for name in devices:
        jax_device = jax_device_of(name)
        if jax_device is None:
            raise ValueError(
                f"tfcompat's MirroredStrategy has no JAX device for {name!r}: configure "
                f"virtual CPUs with tf.config.set_logical_device_configuration before the "
                f"first op (or set XLA_FLAGS=--xla_force_host_platform_device_count=N)")
        found.append(jax_device)
    if len(set(found)) != len(found):
        raise ValueError(f"Duplicate devices in MirroredStrategy: {list(devices)}")
    return found


def _component(x):
    """The value of a per-replica argument of ``extended.update`` for the one array of a
    MirroredVariable: this replica's in an SPMD run; in a merge_call of a run on uneven
    inputs, the replicas' values, which must agree."""
    if not isinstance(x, PerReplica):
        return x
    arrays = [convert_to_tensor(v)._value for v in x.values]
    if not isinstance(x, LocalValue) and not any(isinstance(a, jax.core.Tracer) for a in arrays) \
            and not all(bool(jnp.all(a == arrays[0])) for a in arrays[1:]):
        raise ValueError("tfcompat's MirroredStrategy.extended.update: the per-replica values "
                         "given for a MirroredVariable (one value for all replicas) differ; "
                         "all-reduce them first")
    return x.values[0]


class MirroredExtended(StrategyExtended):
    """MirroredStrategy.extended."""

    def update(self, var, fn, args=(), kwargs=None, group=True):
        """``fn(var, *args, **kwargs)`` once on the replicated variable (TF calls it on
        each copy); inside a run's merge_call, with each replica's own arguments."""
        args, kwargs = nest.map_structure(_component, (args, kwargs or {}))
        with distribute_lib._cross_replica():
            return fn(var, *args, **kwargs)

    def call_for_each_replica(self, fn, args=(), kwargs=None):
        return self._container_strategy().run(fn, args, kwargs)

    def reduce_to(self, reduce_op, value, destinations, options=None):
        return self._container_strategy().reduce(reduce_op, value, axis=None)

    def batch_reduce_to(self, reduce_op, value_destination_pairs, options=None):
        return [self.reduce_to(reduce_op, v, d) for v, d in value_destination_pairs]

    def _use_merge_call(self):
        return True

    @property
    def worker_devices(self):
        return tuple(f"/job:localhost/replica:0/task:0/device:{d.platform.upper()}:{d.id}"
                     for d in self._container_strategy()._mesh.devices.flat)


class MirroredStrategy(Strategy):
    """tf.distribute.MirroredStrategy over local devices (by default every GPU, else
    every logical CPU, as TF); ``cross_device_ops`` is accepted (XLA's collectives do
    the reductions)."""

    def __init__(self, devices=None, cross_device_ops=None):
        try:
            self._mesh = Mesh(np.array(_devices(devices)), (AXIS,))
        except ValueError as e:
            # accelerators this host lacks: TF constructs the strategy (and soft-places
            # its ops); tfcompat fails when it is used (see __getattr__)
            if not devices or not all(_ACCELERATOR.search(str(d)) for d in devices) or \
                    "Duplicate" in str(e):
                raise
            self._absent = (len(devices), e)
        else:
            self._replicated = NamedSharding(self._mesh, PartitionSpec())
            self._sharded = NamedSharding(self._mesh, PartitionSpec(AXIS))
        self._cross_device_ops = cross_device_ops
        self._runs = weakref.WeakKeyDictionary()   # fn: its run as a tf.function
        self._method_runs = weakref.WeakKeyDictionary()   # fn.__func__: {fn.__self__: run}
        super().__init__(MirroredExtended(self))

    def __getattr__(self, name):
        """(Only for the mesh of a strategy over devices this host lacks: its error.)"""
        if name in ("_mesh", "_replicated", "_sharded") and "_absent" in self.__dict__:
            raise self._absent[1]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def num_replicas_in_sync(self):
        if "_absent" in self.__dict__:
            return self._absent[0]
        return self._mesh.devices.size

    @contextlib.contextmanager
    def scope(self):
        ctx.variable_classes.append(MirroredVariable)
        try:
            with super().scope():
                yield self
        finally:
            ctx.variable_classes.pop()

    # -- running ------------------------------------------------------------------
    def run(self, fn, args=(), kwargs=None, options=None):
        """fn on every replica, one SPMD program: PerReplica arguments give each replica
        its own value, others are the same on all; returns PerReplica values. Called
        eagerly, it runs a tf.function of the run cached per ``fn`` (traced again for new
        input signatures, as tf.function is)."""
        kwargs = kwargs or {}
        if executing_eagerly() and not _state.contexts:
            tf_logging.log_first_n(
                logging.WARNING, f"Using {type(self).__name__} eagerly has significant "
                "overhead currently. We will be working on improving this in the future, "
                "but for now please wrap `call_for_each_replica` or `experimental_run` or "
                "`run` inside a tf.function to get the best performance.", 5,
                "eager_run", per_call_site=False)
            run, records = self._cached_run(fn)
            try:
                result, trace = run(args, kwargs)
            except uneven_run.Sequential:   # (eagerly, as TF's: each replica in turn)
                return uneven_run.run(self, fn, args, kwargs)
            except ValueError as e:
                if "cannot lift the initial value" not in str(e):
                    raise
                # variables made in the replicas (a tf.random.Generator made in `fn`): the
                # replicas run one after another, eagerly, as TF's
                return uneven_run.run(self, fn, args, kwargs)
            # (the Python values and variables it returned, as they were when traced)
            python = records[int(trace)]
            return nest.pack_sequence_as(result, [
                python.get(i, x) for i, x in enumerate(nest.flatten(result))])
        return self._run(fn, args, kwargs)

    def _cached_run(self, fn):
        """``fn``'s run as a tf.function, and the Python values each trace returned;
        cached per function (a bound method: per function and instance), held weakly."""
        owner, func = getattr(fn, "__self__", None), getattr(fn, "__func__", fn)
        try:
            runs = self._runs if owner is None else \
                self._method_runs.setdefault(func, weakref.WeakKeyDictionary())
            key = func if owner is None else owner
            if key in runs:
                return runs[key]
            func_ref = weakref.ref(func)
            owner_ref = None if owner is None else weakref.ref(owner)
            call = (lambda *a, **k: func_ref()(*a, **k)) if owner is None else \
                (lambda *a, **k: func_ref()(owner_ref(), *a, **k))
            call.replica_fn = func_ref   # (what the replicas capture: mirrored_replica.py)
        except TypeError:   # (not hashable or not weakly referable: traced each call)
            runs, key, call = {}, None, fn
        records = []

        def traced(args, kwargs):
            try:
                result = self._run(call, args, kwargs, sequential=False)
                flat = nest.flatten(result)
                records.append({i: x for i, x in enumerate(flat)
                                if isinstance(x, _PYTHON + (Variable,))})
                return nest.pack_sequence_as(result, [
                    None if isinstance(x, _PYTHON + (Variable,)) else x for x in flat]), \
                    len(records) - 1
            except AttributeError as e:
                if "'numpy'" not in str(e):
                    raise
                raise NotImplementedError(
                    f"tfcompat's MirroredStrategy.run traces {getattr(fn, '__name__', fn)!r} "
                    f"into one program over the replicas (eagerly too): it cannot read a "
                    f"tensor's value with .numpy(); return the value from the function and "
                    f"read the result") from None

        # (silent: TF's eager run traces nothing, so new functions never warn)
        runs[key] = run = Function(traced, warn_retracing=False), records
        return run

    def _run(self, fn, args, kwargs, sequential=True):
        """The run as one SPMD program; where its replicas must run one after another,
        they do (`sequential`), else uneven_run.Sequential is raised."""
        flat = nest.flatten((args, kwargs))
        kinds, arrays = [], []
        for x in flat:
            if isinstance(x, PerReplica):
                stacked = self._per_replica_array(x)
                if stacked is None:
                    return uneven_run.run(self, fn, args, kwargs)
                kinds.append("per")
                arrays.append(stacked)
            elif isinstance(x, (Tensor, np.ndarray)):
                kinds.append("same")
                arrays.append(self._same_array(x))
            else:
                kinds.append(None)
        variables = [v for v in live_variables() if not isinstance(v, SyncOnReadVariable)]
        before = [v._value for v in variables]
        synced = [v for v in live_variables() if isinstance(v, SyncOnReadVariable)
                  and v._strategy is self]
        n_args = len(arrays)
        arrays += [v._locals._value for v in synced]   # (each replica its own value)
        box = {}

        def body(*local):
            it = iter(local[:n_args])
            leaves = [x if k is None else EagerTensor(next(it)[0] if k == "per" else next(it))
                      for x, k in zip(flat, kinds)]
            a, k = nest.pack_sequence_as((args, kwargs), leaves)
            context = _MirroredReplicaContext(self)
            _state.contexts.append(context)
            _state.strategies.append(self)   # (get_strategy() in a replica, as TF)
            saved, _state.cross_replica = _state.cross_replica, 0
            _state.replica += 1
            same = {id(x): y for x, y, k in zip(leaves, flat, kinds) if k == "same"}
            box["arguments"] = same   # (an argument the run returns: the object given)
            context.capture(getattr(fn, "replica_fn", lambda: fn)(),
                            [x for x in leaves if id(x) in same])
            start = [x[0] for x in local[n_args:]]
            context.local.update((id(v), x) for v, x in zip(synced, start))
            try:
                result = fn(*a, **k)
                out = nest.flatten(result)
                box["result"] = result
                box["tensors"] = [i for i, x in enumerate(out) if isinstance(
                    x, (Tensor, Variable)) and not self._one_object(context, x)]
                box["merged"] = {i for i in box["tensors"] if id(out[i]) in context.merged}
                box["assigned"] = [i for i, v in enumerate(variables) if v._value is not before[i]]
                box["synced"] = [j for j, v in enumerate(synced)
                                 if context.local[id(v)] is not start[j]]
                return ([convert_to_tensor(out[i])._value for i in box["tensors"]] +
                        [variables[i]._value for i in box["assigned"]] +
                        [context.local[id(synced[j])] for j in box["synced"]])
            finally:
                _state.replica -= 1
                _state.cross_replica = saved
                _state.contexts.pop()
                _state.strategies.pop()
                for v, value in zip(variables, before):
                    v._value = value

        per = [k == "per" for k in kinds if k] + [True] * len(synced)
        try:
            outs = self._spmd(body, arrays, per, lambda: range(
                len(box["tensors"]), len(box["tensors"]) + len(box["assigned"])))
        except uneven_run.Sequential:   # (a generator made outside any strategy drew)
            if not sequential:
                raise
            return uneven_run.run(self, fn, args, kwargs)
        n_out, n_assigned = len(box["tensors"]), len(box["assigned"])
        for i, (value, stacked) in zip(box["assigned"], outs[n_out:n_out + n_assigned]):
            if stacked:
                self._write_back(variables[i], value)
            else:   # (the same on every replica)
                variables[i]._value = value if isinstance(value, jax.core.Tracer) \
                    else self._replicate(value)
        for j, (stacked, _) in zip(box["synced"], outs[n_out + n_assigned:]):
            synced[j]._locals._value = stacked
        flat_out = [box["arguments"].get(id(x), x) for x in nest.flatten(box["result"])]
        for i, (stacked, _) in zip(box["tensors"], outs):
            one = i in box["merged"] or self.num_replicas_in_sync == 1
            flat_out[i] = EagerTensor(stacked[0]) if one else self._per_replica_result(stacked)
        return nest.pack_sequence_as(box["result"], flat_out)

    def _one_object(self, context, x):
        """Whether the replicas' result `x` is one object for all of them, which TF's
        regroup returns as it is: a variable (not the result of an update, which is each
        replica's own, but with one replica), a tensor they capture."""
        if isinstance(x, Variable):
            return self.num_replicas_in_sync == 1 or not is_update_result(x)
        return context.shared(x)

    def _spmd(self, body, arrays, per, shareable):
        """``body`` (the function of one replica's arrays: per-replica ones with a leading
        axis of 1) as one SPMD program over the mesh, traced once. Returns, for each array
        it returns, (its replicas' values stacked on the replica axis, True), or, for those
        at the indices ``shareable()`` gives after the trace that every replica computes
        the same (replica_invariance.py), (that value, False).
        Its ops' run-time checks run as one, after it (deferred_checks.py), on each
        replica's arrays in turn."""
        local = [jax.ShapeDtypeStruct((1,) + a.shape[1:] if p else a.shape, a.dtype)
                 for a, p in zip(arrays, per)]
        closed = jax.make_jaxpr(body, axis_env=[(AXIS, self.num_replicas_in_sync)])(*local)
        n_results = len(closed.jaxpr.outvars)
        jaxpr, checks = deferred_checks.defer_checks(closed.jaxpr)
        jaxpr = replica_invariance.without_redundant_first(jaxpr, per)
        stacked = [True] * len(jaxpr.outvars)
        varying = replica_invariance.varying_outputs(jaxpr, per)
        for i in shareable():
            stacked[i] = varying[i]
        fn = jaxpr_as_fun(ClosedJaxpr(jaxpr, closed.consts))
        results = jax.shard_map(
            lambda *a: [jnp.expand_dims(x, 0) if s else x for x, s in zip(fn(*a), stacked)],
            mesh=self._mesh, check_vma=False,
            in_specs=tuple(PartitionSpec(AXIS) if p else PartitionSpec() for p in per),
            out_specs=[PartitionSpec(AXIS) if s else PartitionSpec() for s in stacked])(*arrays)
        results, check_arrays = results[:n_results], results[n_results:]
        if checks:   # (the run's values wait for its checks, as its ops' results would)
            ok = host_callback.checked(jnp.bool_(True), _each_replica(checks), *check_arrays)
            results = [jnp.where(ok, x, jnp.zeros_like(x)) for x in results]
        return list(zip(results, stacked[:n_results]))

    # -- the arrays of a run (MultiWorkerMirroredStrategy's span processes) ------------
    def _per_replica_array(self, x):
        """A PerReplica argument's values stacked on the replica axis (None when their
        shapes differ)."""
        if x._stacked is not None:
            return x._stacked
        values = [convert_to_tensor(v)._value for v in x.values]
        if len({(v.shape, v.dtype) for v in values}) != 1:
            return None
        return stack(values)

    def _same_array(self, x):
        """The array of an argument that is the same on every replica."""
        return convert_to_tensor(x)._value

    def _per_replica_result(self, stacked):
        """A run's result of each replica (stacked on the replica axis)."""
        value = PerReplica([EagerTensor(stacked[r]) for r in range(stacked.shape[0])])
        value._stacked = stacked
        return value

    def _replicate(self, value):
        """A variable's array replicated over the mesh."""
        return jax.device_put(value, self._replicated)

    def _write_back(self, variable, stacked):
        """The new value of a variable a run assigned (each replica's, stacked): replica
        0's, after checking that the replicas agree (TF would let the copies diverge)."""
        value = stacked[0]
        if variable.aggregation == VariableAggregation.NONE and stacked.shape[0] > 1:
            message = (f"tfcompat's MirroredVariable {variable.name!r} holds one value for "
                       f"all replicas: its update in replica context differs between "
                       f"replicas (aggregation NONE); all-reduce the value or create the "
                       f"variable with an aggregation")
            if isinstance(value, jax.core.Tracer):
                # (whether they differ, one value for all processes to read)
                differ = jax.lax.with_sharding_constraint(
                    jnp.any(stacked != stacked[:1]), self._replicated)
                value = host_callback.checked(
                    value, lambda d: ValueError(message) if d else None, differ,
                    failing=lambda d: d)
            elif not bool(jnp.all(stacked == stacked[:1])):
                raise ValueError(message)
        if not isinstance(value, jax.core.Tracer):
            value = self._replicate(value)
        variable._value = value

    # -- cross-replica values -----------------------------------------------------
    def experimental_local_results(self, value):
        """Each replica's value; inside a trace, those of a PerReplica held stacked (a
        run's result, a distributed batch) are its rows replicated on every device: one
        all-gather, where each row taken alone would be a collective of its own."""
        if isinstance(value, PerReplica):
            stacked = value._stacked
            if isinstance(stacked, jax.core.Tracer) and stacked.shape[0] > 1 and \
                    not getattr(self, "_multi_worker", False):
                stacked = jax.lax.with_sharding_constraint(stacked, self._replicated)
                return tuple(EagerTensor(stacked[r]) for r in range(stacked.shape[0]))
            return value.values
        if isinstance(value, SyncOnReadVariable):
            return value.replica_values()
        if isinstance(value, MirroredVariable):
            return tuple(ReplicaCopy(value, i) for i in range(self.num_replicas_in_sync))
        return (value,)

    def reduce(self, reduce_op, value, axis=None):
        """The sum or mean over the replicas (and over ``axis`` of each value)."""
        op = reduce_op_of(reduce_op)
        return nest.map_structure(lambda v: self._reduce(op, v, axis), value)

    def _reduce(self, op, value, axis):
        if isinstance(value, LocalValue):   # inside a merge_call of a run
            local = convert_to_tensor(value.values[0])
            if axis is None:
                return EagerTensor(all_reduce(op, local))
            total = jax.lax.psum(reduction_ops.reduce_sum(local, axis=axis)._value, AXIS)
            if op is ReduceOp.MEAN:
                count = np.prod([local.shape[a] for a in np.atleast_1d(axis)])
                total = total / jax.lax.psum(jnp.asarray(count, total.dtype), AXIS)
            return EagerTensor(total)
        values = self.experimental_local_results(value)
        if not isinstance(value, (PerReplica, MirroredVariable, SyncOnReadVariable)):
            # (the same value on each replica)
            if axis is None:
                if op is ReduceOp.SUM and self.num_replicas_in_sync != 1:
                    raise ValueError(f"A non-DistributedValues value {value!s} cannot be "
                                     f"reduced with the given reduce op ReduceOp.SUM.")
                return convert_to_tensor(value)
            values = values * self.num_replicas_in_sync
        values = _on_one_device(values)
        if axis is not None:
            joined = manip_ops.concat(values, axis)
            return reduction_ops.reduce_sum(joined, axis=axis) if op is ReduceOp.SUM \
                else reduction_ops.reduce_mean(joined, axis=axis)
        return uneven_run.reduce_values(op, values)

    def gather(self, value, axis):
        """The replicas' values concatenated along ``axis``."""
        return nest.map_structure(lambda v: manip_ops.concat(
            _on_one_device(self.experimental_local_results(v)), axis), value)

    # -- input --------------------------------------------------------------------
    def experimental_distribute_dataset(self, dataset, options=None):
        return input_lib.DistributedDataset(self, dataset)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        return input_lib.DistributedDatasetsFromFunction(self, dataset_fn)

    def experimental_distribute_values_from_function(self, value_fn):
        return PerReplica([convert_to_tensor(value_fn(ValueContext(i, self.num_replicas_in_sync)))
                           for i in range(self.num_replicas_in_sync)])

    def _place_batch(self, array, spec=None):
        """A global batch split across the replicas as ``split_batch`` splits it, as one
        array sharded over their devices: host NumPy of `spec`'s dtype (a dataset's
        element) in one transfer; or, inside a trace, the traced batch, constrained to
        that sharding (so a call transfers each replica only its part). None where the
        replicas' parts would differ in shape (or, for MultiWorkerMirroredStrategy across
        workers, see its ``_place``)."""
        n = self.num_replicas_in_sync
        rows = array.shape[0] if array.ndim else 0
        if not isinstance(rows, int) or not rows or rows % n or \
                getattr(self, "_multi_worker", False):
            return None
        shape = (n, rows // n) + array.shape[1:]
        if isinstance(array, jax.core.Tracer):
            stacked = jax.lax.with_sharding_constraint(array.reshape(shape), self._sharded)
            value = PerReplica([EagerTensor(stacked[i]) for i in range(n)])
            value._stacked = stacked
            return value
        if not isinstance(array, np.ndarray) or array.dtype != spec.dtype.as_numpy_dtype \
                or array.dtype.kind not in "biufc":
            return None
        return PerReplica._of_stacked(jax.device_put(array.reshape(shape), self._sharded))

    def _place(self, values):
        """Per-replica tensors, each on its replica's device."""
        arrays = [convert_to_tensor(v)._value for v in values]
        if not any(isinstance(a, jax.core.Tracer) for a in arrays):
            arrays = [jax.device_put(a, d) for a, d in zip(arrays, self._mesh.devices.flat)]
        return PerReplica([EagerTensor(a) for a in arrays])


_PYTHON = (bool, int, float, str, bytes, type(None))


def _each_replica(checks):
    """The error function of a run's deferred op checks: the first failing one's
    exception, replica by replica (its arrays are the replicas' stacked)."""
    def error(*stacked):
        for r in range(len(stacked[0])):
            exc = deferred_checks.run_checks(checks, [a[r] for a in stacked])
            if exc is not None:
                return exc
        return None
    return error


def _on_one_device(values):
    """The replicas' values as tensors on the first one's device (to combine them)."""
    arrays = [convert_to_tensor(v)._value for v in values]
    if any(isinstance(a, jax.core.Tracer) for a in arrays):
        return [EagerTensor(a) for a in arrays]
    first = next(iter(arrays[0].devices()))
    return [EagerTensor(jax.device_put(a, first)) for a in arrays]


class OneDeviceStrategy(Strategy):
    """tf.distribute.OneDeviceStrategy: one replica on ``device``; its variables are
    ordinary tf.Variables, as TF's are."""

    def __init__(self, device):
        if jax_device_of(device) is None:
            raise ValueError(f"tfcompat's OneDeviceStrategy has no JAX device for {device!r}")
        self._device = device
        super().__init__()

    def run(self, fn, args=(), kwargs=None, options=None):
        _state.contexts.append(ReplicaContext(self))
        _state.strategies.append(self)
        try:
            with device(self._device):
                return self.extended.call_for_each_replica(fn, args, kwargs)
        finally:
            _state.strategies.pop()
            _state.contexts.pop()

