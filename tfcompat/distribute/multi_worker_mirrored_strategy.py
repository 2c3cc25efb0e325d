"""tf.distribute.MultiWorkerMirroredStrategy on JAX's multi-process runtime.

Without a cluster in ``TF_CONFIG`` (or the given cluster resolver) it is TF's one-worker
strategy: a MirroredStrategy over this host's GPUs (TPUs), else over its first CPU (TF
gives a CPU-only worker one replica, whatever the number of logical CPUs). With a
cluster, each worker is one JAX process: ``jax.distributed.initialize`` is called once
with the chief's (else worker 0's) address as the coordinator, this task's id in the
cluster (the chief first, as TF numbers them) as the process id, and the strategy's mesh
spans every process's devices, so that ``run`` is one SPMD program whose all-reduces
cross the processes (gloo on CPUs). Per-replica values of a multi-worker strategy are
one global array over the replica axis (``DistributedPerReplica``): each worker sees
its own replicas' values (``experimental_local_results``), ``reduce`` and ``gather``
combine all of them.

Deliberate differences from TF: all workers must run the same program (JAX's SPMD
model; TF's workers exchange only the collectives); a worker that dies makes the others'
collectives raise tf.errors.UnavailableError naming the lost peer's address (as TF's
"Collective ops is aborted by: ..."), after which the process aborts as it exits (JAX's
coordination service: the shutdown barrier fails), or, where no collective runs before
the heartbeat timeout (the ``communication_options.timeout_seconds``, else 100 s),
aborts with an UNAVAILABLE error naming the lost task; inputs of a multi-worker
run must split evenly (a partial last batch raises: use ``drop_remainder=True``), and
each worker's input must give the same number of steps (TF gives the workers that ran
out empty batches); the datasets of ``distribute_datasets_from_function`` and of the
FILE and OFF auto-shard policies (AUTO where it shards by FILE) are read eagerly only;
the HINT policy is not implemented."""
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax._src import xla_bridge   # (whether JAX's runtime has started: no public API)
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from ..data.options import AutoShardPolicy
from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor import EagerTensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType
from ..data import auto_shard
from .cluster_resolver.resolvers import TFConfigClusterResolver
from .collective_util import CommunicationImplementation, CommunicationOptions
from .distribute_lib import ReduceOp, Strategy, ValueContext
from .distributed_variables import MirroredVariable, ReplicaCopy, SyncOnReadVariable
from .mirrored_replica import LocalValue
from .mirrored_strategy import MirroredExtended, MirroredStrategy
from .values import AXIS, PerReplica, PerReplicaSpec
from .worker_input import WorkerDataset, WorkerDatasetsFromFunction

_initialized = {}   # the arguments jax.distributed.initialize was called with


def cluster_of(resolver):
    """(num_workers, this worker's id, coordinator address) of the resolver's cluster, as
    TF numbers the tasks (the chief first, then the workers); None without a cluster."""
    spec = resolver.cluster_spec()
    if not spec.as_dict():
        return None
    task_type, task_id = resolver.task_type, resolver.task_id
    if task_type is None or task_id is None:
        raise ValueError("When `cluster_spec` is given, you must also specify `task_type` "
                         "and `task_id`.")
    jobs = [j for j in ("chief", "worker") if j in spec.jobs]
    if not jobs:
        raise ValueError("No `worker`, `chief` or `evaluator` tasks can be found in "
                         "`cluster_spec`.")
    if task_type not in jobs:
        raise ValueError(f"tfcompat's MultiWorkerMirroredStrategy runs on the 'chief' and "
                         f"'worker' tasks of a cluster, not on a {task_type!r} task")
    tasks = [(j, i) for j in jobs for i in spec.task_indices(j)]
    if (task_type, task_id) not in tasks:
        raise ValueError(f"No task with index {task_id!r} in job {task_type!r}")
    return len(tasks), tasks.index((task_type, task_id)), spec.task_address(*tasks[0])


def initialize(num_processes, process_id, coordinator, timeout_seconds):
    """jax.distributed.initialize, once per process (it must come before any JAX
    computation, as TF's collectives must be configured at program startup)."""
    args = (coordinator, num_processes, process_id)
    if _initialized:
        if _initialized["args"] != args:
            raise RuntimeError(f"tfcompat: this process already joined the cluster "
                               f"{_initialized['args']}; a second MultiWorkerMirroredStrategy "
                               f"must use the same cluster")
        return
    if xla_bridge.backends_are_initialized():
        raise RuntimeError(
            "tfcompat's MultiWorkerMirroredStrategy must be created at program startup, "
            "before any op runs: it starts JAX's multi-process runtime "
            "(jax.distributed.initialize), which must come before JAX's first computation")
    heartbeat = int(timeout_seconds) if timeout_seconds else 100
    jax.distributed.initialize(
        coordinator_address=coordinator, num_processes=num_processes, process_id=process_id,
        heartbeat_timeout_seconds=heartbeat,
        shutdown_timeout_seconds=max(heartbeat, 30))
    _initialized["args"] = args


def replica_devices(process=None):
    """The JAX devices a worker's replicas run on, as TF picks them: its GPUs (TPUs),
    else its first CPU."""
    devices = jax.devices() if process is None else \
        [d for d in jax.devices() if d.process_index == process]
    accelerators = [d for d in devices if d.platform != "cpu"]
    return accelerators or [min(devices, key=lambda d: d.id)]


class MultiWorkerExtended(MirroredExtended):
    """MultiWorkerMirroredStrategy.extended."""

    @property
    def worker_devices(self):
        strategy = self._container_strategy()
        host = strategy._host
        return tuple(f"{host}/device:{d.platform.upper()}:{i}"
                     for i, d in enumerate(strategy._local_devices))

    def _in_multi_worker_mode(self):
        return self._container_strategy()._num_workers > 1

    @property
    def should_checkpoint(self):
        return self._container_strategy()._is_chief

    @property
    def should_save_summary(self):
        return self._container_strategy()._is_chief

    @property
    def should_init(self):
        return True

    @property
    def experimental_between_graph(self):
        return True

    @property
    def experimental_should_init(self):
        return True


class MultiWorkerMirroredStrategy(MirroredStrategy):
    """tf.distribute.MultiWorkerMirroredStrategy (see the module's docstring)."""

    def __init__(self, cluster_resolver=None, communication_options=None):
        if communication_options is None:
            communication_options = CommunicationOptions()
        if not isinstance(communication_options, CommunicationOptions):
            raise ValueError("communication_options must be a "
                             "tf.distribute.experimental.CommunicationOptions")
        self._communication_options = communication_options
        self._cluster_resolver = cluster_resolver or TFConfigClusterResolver()
        cluster = cluster_of(self._cluster_resolver)
        if cluster is None:
            self._num_workers, self._worker_id, self._is_chief = 1, 0, True
            self._host = "/job:localhost/replica:0/task:0"
            super().__init__([_name(d, i) for i, d in enumerate(replica_devices())])
            self._local_devices = list(self._mesh.devices.flat)
        else:
            self._num_workers, self._worker_id, coordinator = cluster
            if self._num_workers > 1:
                initialize(self._num_workers, self._worker_id, coordinator,
                           communication_options.timeout_seconds)
            task_type, task_id = self._cluster_resolver.task_type, self._cluster_resolver.task_id
            self._is_chief = self._worker_id == 0
            self._host = f"/job:{task_type}/replica:0/task:{task_id}"
            devices = [d for p in range(self._num_workers) for d in replica_devices(p)]
            self._mesh = Mesh(np.array(devices), (AXIS,))
            self._replicated = NamedSharding(self._mesh, PartitionSpec())
            self._sharded = NamedSharding(self._mesh, PartitionSpec(AXIS))
            self._local_devices = replica_devices(jax.process_index())
            self._cross_device_ops = None
            self._runs = weakref.WeakKeyDictionary()
            self._method_runs = weakref.WeakKeyDictionary()
        Strategy.__init__(self, MultiWorkerExtended(self))

    @property
    def cluster_resolver(self):
        return self._cluster_resolver

    @property
    def _multi_worker(self):
        return self._num_workers > 1

    def run(self, fn, args=(), kwargs=None, options=None):
        """As MirroredStrategy.run; a worker's one replica's results are its values (TF's
        regroup), eagerly."""
        result = super().run(fn, args, kwargs, options)
        if len(self._local_devices) != 1 or not executing_eagerly():
            return result
        return nest.map_structure(
            lambda x: self.experimental_local_results(x)[0]
            if isinstance(x, PerReplica) else x, result)

    # -- the arrays of a run span the processes -------------------------------------
    def _per_replica_array(self, x):
        if isinstance(x, DistributedPerReplica):
            return x._global
        if not self._multi_worker:
            return super()._per_replica_array(x)
        return self._from_local([convert_to_tensor(v)._value for v in x.values])

    def _same_array(self, x):
        """A tensor argument: the same on a worker's replicas, each worker's own (as TF
        gives each worker's replicas its local tensor)."""
        array = convert_to_tensor(x)._value
        if not self._multi_worker or isinstance(array, jax.core.Tracer):
            return array
        shards = [jax.device_put(np.asarray(array), d) for d in self._local_devices]
        return jax.make_array_from_single_device_arrays(array.shape, self._replicated, shards)

    def _per_replica_result(self, stacked):
        if not self._multi_worker:
            return super()._per_replica_result(stacked)
        return DistributedPerReplica(self, stacked)

    def _replicate(self, value):
        """A value replicated over every process's devices: worker 0's (TF broadcasts the
        chief's initial values of variables)."""
        if not self._multi_worker or getattr(value, "sharding", None) == self._replicated:
            return super()._replicate(value)
        from jax.experimental import multihost_utils
        value = multihost_utils.broadcast_one_to_all(np.asarray(value))
        return jax.device_put(value, self._replicated)

    def _from_local(self, arrays):
        """This worker's replicas' arrays (one shape) as the global array stacked on the
        replica axis: every worker gives its own."""
        if len(arrays) != len(self._local_devices):
            raise ValueError(f"MultiWorkerMirroredStrategy: {len(arrays)} values given for "
                             f"this worker's {len(self._local_devices)} replicas")
        shards = [jax.device_put(np.asarray(a)[None], d)
                  for a, d in zip(arrays, self._local_devices)]
        shape = (self.num_replicas_in_sync,) + shards[0].shape[1:]
        return jax.make_array_from_single_device_arrays(shape, self._sharded, shards)

    def _place(self, values):
        """This worker's replicas' values, or (a global batch split, as a distributed
        dataset read inside a tf.function gives it) every replica's: piece k of the
        batch goes where TF's DATA sharding sends it, to replica i of worker k % W
        (i = k // W)."""
        if not self._multi_worker:
            return super()._place(values)
        arrays = [convert_to_tensor(v)._value for v in values]
        n, workers = self.num_replicas_in_sync, self._num_workers
        if len(arrays) == n != len(self._local_devices):
            _check_even(arrays)
            order = [w + i * workers for w in range(workers) for i in range(n // workers)]
            arrays = [arrays[k] for k in order]
            if any(isinstance(a, jax.core.Tracer) for a in arrays):
                return DistributedPerReplica(self, jax.lax.with_sharding_constraint(
                    jnp.stack(arrays), self._sharded))
            local = len(self._local_devices)
            arrays = arrays[self._worker_id * local:(self._worker_id + 1) * local]
        return DistributedPerReplica(self, self._from_local(arrays))

    def experimental_distribute_values_from_function(self, value_fn):
        """``value_fn`` called for each of this worker's replicas (by its id in the
        cluster)."""
        if not self._multi_worker:
            return super().experimental_distribute_values_from_function(value_fn)
        n, local = self.num_replicas_in_sync, len(self._local_devices)
        return self._place([value_fn(ValueContext(self._worker_id * local + i, n))
                            for i in range(local)])

    # -- cross-replica values -----------------------------------------------------
    def experimental_local_results(self, value):
        if isinstance(value, DistributedPerReplica):
            return value.values
        if isinstance(value, MirroredVariable) and not isinstance(value, SyncOnReadVariable):
            return tuple(ReplicaCopy(value, i) for i in range(len(self._local_devices)))
        return super().experimental_local_results(value)

    def _reduce(self, op, value, axis):
        if not self._multi_worker or isinstance(value, LocalValue):
            if len(self._local_devices) == 1 and not isinstance(
                    value, (PerReplica, MirroredVariable)):
                value = PerReplica([value])   # (a worker's one replica's value, as run gives)
            return super()._reduce(op, value, axis)
        stacked = self._stacked(value)
        if stacked is None:
            return super()._reduce(op, value, axis)
        axes = (0,) if axis is None else (0,) + tuple(a % (stacked.ndim - 1) + 1
                                                      for a in np.atleast_1d(axis))

        def total(s):
            result = jnp.sum(s, axis=axes)
            if op is ReduceOp.MEAN:
                result = result / np.prod([s.shape[a] for a in axes])
            return result.astype(s.dtype)
        return EagerTensor(self._replicated_result(total, stacked))

    def gather(self, value, axis):
        if not self._multi_worker:
            return super().gather(value, axis)

        def gathered(v):
            stacked = self._stacked(v)
            join = lambda s: jnp.concatenate(list(s), axis=axis)  # noqa: E731
            return EagerTensor(self._replicated_result(join, stacked))
        return nest.map_structure(gathered, value)

    def _stacked(self, value):
        """The replicas' values of a cross-replica value, stacked on the replica axis: a
        worker's own value for a tensor (TF all-reduces the workers' values)."""
        if isinstance(value, DistributedPerReplica):
            return value._global
        if isinstance(value, SyncOnReadVariable):
            return value._locals._value
        if isinstance(value, MirroredVariable):
            v = value._value
            return jnp.broadcast_to(v, (self.num_replicas_in_sync,) + v.shape)
        array = convert_to_tensor(value)._value
        if isinstance(array, jax.core.Tracer):
            return None
        return self._from_local([array] * len(self._local_devices))

    def _replicated_result(self, fn, stacked):
        if isinstance(stacked, jax.core.Tracer):
            return jax.lax.with_sharding_constraint(fn(stacked), self._replicated)
        return jax.jit(fn, out_shardings=self._replicated)(stacked)

    # -- input --------------------------------------------------------------------
    def experimental_distribute_dataset(self, dataset, options=None):
        """The dataset sharded as TF's auto-shard policy says: DATA, each worker reading
        the whole dataset, each global batch split across the cluster's replicas
        (readable inside a tf.function too); FILE, each worker reading its shard of the
        files (see auto_shard), OFF, the whole dataset, rebatched into one piece per
        replica of the cluster, its replicas taking the pieces in turn (eagerly); AUTO,
        FILE where the dataset reads files, else DATA."""
        if not self._multi_worker:
            return super().experimental_distribute_dataset(dataset, options)
        policy = dataset.options().experimental_distribute.auto_shard_policy
        if policy == AutoShardPolicy.HINT:
            raise NotImplementedError(
                "tfcompat does not implement tf.data.experimental.AutoShardPolicy.HINT "
                "(tf.data.experimental.SHARD_HINT); use FILE, DATA, AUTO or OFF")
        if policy == AutoShardPolicy.OFF:
            return WorkerDataset(self, dataset)
        if policy in (AutoShardPolicy.FILE, AutoShardPolicy.AUTO):
            sharded, error = auto_shard.shard_by_file(dataset, self._num_workers,
                                                      self._worker_id)
            if error is None:
                return WorkerDataset(self, sharded)
            if policy == AutoShardPolicy.FILE:
                raise error
            # (TF logs the failure, and shards by DATA the pipeline as its FILE rewrite
            # left it)
            dataset = sharded
        return super().experimental_distribute_dataset(dataset, options)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        if not self._multi_worker:
            return super().distribute_datasets_from_function(dataset_fn, options)
        return WorkerDatasetsFromFunction(self, dataset_fn)


def _name(device, index):
    return f"/device:{device.platform.upper()}:{index}" if device.platform == "cpu" \
        else f"/device:GPU:{index}" if device.platform != "tpu" else f"/device:TPU:{index}"


class _ExperimentalMeta(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, MultiWorkerMirroredStrategy)


class ExperimentalMultiWorkerMirroredStrategy(MultiWorkerMirroredStrategy,
                                              metaclass=_ExperimentalMeta):
    """tf.distribute.experimental.MultiWorkerMirroredStrategy (deprecated):
    ``communication`` is a CommunicationImplementation."""

    def __init__(self, communication=CommunicationImplementation.AUTO, cluster_resolver=None):
        super().__init__(cluster_resolver,
                         CommunicationOptions(implementation=communication))


ExperimentalMultiWorkerMirroredStrategy.__name__ = "_CollectiveAllReduceStrategyExperimental"
for _cls in (MultiWorkerMirroredStrategy, ExperimentalMultiWorkerMirroredStrategy):
    _cls.__module__ = "tensorflow.python.distribute.collective_all_reduce_strategy"
MultiWorkerMirroredStrategy.__name__ = MultiWorkerMirroredStrategy.__qualname__ = \
    "CollectiveAllReduceStrategy"


class DistributedPerReplica(PerReplica):
    """A multi-worker strategy's per-replica value: one global array stacked on the
    replica axis (each worker holds its replicas' rows). Its ``values`` are this
    worker's replicas' (TF's PerReplica holds the local values)."""

    def __init__(self, strategy, stacked):
        self._strategy = strategy
        self._global = stacked
        self._tensors = None

    @property
    def _type_spec(self):
        spec = TensorSpec(self._global.shape[1:], self._global.dtype)
        return PerReplicaSpec(*[spec] * len(self._strategy._local_devices))

    @property
    def _values(self):
        if isinstance(self._global, jax.core.Tracer):
            raise NotImplementedError(
                "tfcompat: the values of a multi-worker per-replica value cannot be read "
                "inside a tf.function (its replicas span the workers' processes); pass it "
                "to strategy.run, reduce or gather, or read it outside")
        shards = sorted(self._global.addressable_shards,
                        key=lambda s: self._strategy._local_devices.index(s.device))
        return tuple(EagerTensor(s.data[0]) for s in shards)

    def __tf_tracing_type__(self, context):
        return _DistributedPerReplicaType(self._strategy, tuple(self._global.shape),
                                          self._global.dtype)

    def _carry(self):
        return [EagerTensor(self._global)]

    def _from_carry(self, tensors):
        # (an array, a tensor, or a finished graph's tensor when a trace is inspected)
        return DistributedPerReplica(self._strategy, getattr(tensors[0], "_value", tensors[0]))


DistributedPerReplica.__name__ = DistributedPerReplica.__qualname__ = "PerReplica"


class _DistributedPerReplicaType(ExactTraceType):
    def __init__(self, strategy, shape, dtype):
        self._strategy, self._key = strategy, (shape, dtype)


    def placeholder_value(self, placeholder_context):
        raise NotImplementedError("a PerReplica value is traced from its tensors")

    def to_tensors(self, value):
        return [EagerTensor(value._global)]

    def from_tensors(self, tensors):
        stacked = next(tensors)
        return DistributedPerReplica(self._strategy, getattr(stacked, "_value", stacked))

    def __eq__(self, other):
        return isinstance(other, _DistributedPerReplicaType) and \
            other._strategy is self._strategy and other._key == self._key

    def __hash__(self):
        return hash((id(self._strategy), self._key))


def _check_even(pieces):
    """Raises unless a batch's pieces, one per replica of the cluster, have one shape (a
    global array needs it)."""
    shapes = {tuple(p.shape) for p in pieces}
    if len(shapes) > 1:
        raise NotImplementedError(
            f"tfcompat's MultiWorkerMirroredStrategy: a batch does not split evenly across "
            f"the {len(pieces)} replicas of the cluster (pieces of shapes {sorted(shapes)}); "
            f"batch with drop_remainder=True")
