"""tf.distribute's default strategy: TF's ``_DefaultDistributionStrategy``, which every
program runs under when it enters no other strategy. One replica: ``run`` calls the function,
``reduce`` of a per-replica value is the value (or its reduction along ``axis``), variables
are ordinary tf.Variables, ``merge_call`` calls back in cross-replica context.

MirroredStrategy and OneDeviceStrategy are in mirrored_strategy.py, the multi-worker, central
storage and TPU strategies in their own modules; the parameter-server strategy is not
supported: constructing one raises NotImplementedError naming it."""
import contextlib
import enum
import threading

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.indexed_slices import IndexedSlices
from ..ops import reduction_ops
from ..framework.context import x64_methods


class ReduceOp(enum.Enum):
    """tf.distribute.ReduceOp."""
    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation):
        name = getattr(aggregation, "name", str(aggregation)).upper()
        if name == "SUM":
            return ReduceOp.SUM
        if name == "MEAN":
            return ReduceOp.MEAN
        raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to"
                         "`tf.distribute.ReduceOp` type")


class DistributedValues:
    """tf.distribute.DistributedValues: values of several replicas (never made by the
    default strategy, whose per-replica values are plain values)."""


class PerReplica(DistributedValues):
    """tf.types.experimental.distributed.PerReplica: the type of values that may differ
    between replicas (values.PerReplica)."""


class Mirrored(DistributedValues):
    """tf.types.experimental.distributed.Mirrored: the type of values kept the same on
    every replica (a MirroredVariable)."""


for _type in (DistributedValues, PerReplica, Mirrored):
    _type.__module__ = "tensorflow.python.types.distribute"


class DistributedDataset:
    """tf.distribute.DistributedDataset (the default strategy returns the dataset itself)."""


class DistributedIterator:
    """tf.distribute.DistributedIterator."""


class InputOptions:
    def __init__(self, experimental_fetch_to_device=None, experimental_replication_mode=None,
                 experimental_place_dataset_on_device=False,
                 experimental_per_replica_buffer_size=1):
        self.experimental_fetch_to_device = experimental_fetch_to_device
        self.experimental_replication_mode = experimental_replication_mode
        self.experimental_place_dataset_on_device = experimental_place_dataset_on_device
        self.experimental_per_replica_buffer_size = experimental_per_replica_buffer_size


class InputContext:
    """tf.distribute.InputContext."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        if global_batch_size % self.num_replicas_in_sync != 0:
            raise ValueError(f"The `global_batch_size` {global_batch_size} is not divisible "
                             f"by `num_replicas_in_sync` {self.num_replicas_in_sync} ")
        return global_batch_size // self.num_replicas_in_sync

    def __str__(self):
        return (f"tf.distribute.InputContext(input pipeline id {self.input_pipeline_id}, "
                f"total: {self.num_input_pipelines})")


class _State(threading.local):
    def __init__(self):
        self.strategies = []      # entered strategy scopes
        self.cross_replica = 0    # merge_call depth
        self.replica = 0          # call_for_each_replica depth
        self.contexts = []        # replica contexts of strategies' runs (innermost last)


_state = _State()


def _reduce_value(reduce_op, value, axis):
    reduce_op = ReduceOp(reduce_op.value if isinstance(reduce_op, ReduceOp)
                         else str(reduce_op).upper())
    if axis is None:
        return value
    value = convert_to_tensor(value)
    if reduce_op is ReduceOp.SUM:
        return reduction_ops.reduce_sum(value, axis=axis)
    return reduction_ops.reduce_mean(value, axis=axis)


class StrategyExtended:
    """Strategy.extended of the default strategy."""

    def __init__(self, strategy):
        self._container_strategy_weakref = strategy
        self.experimental_enable_get_next_as_optional = False

    def _container_strategy(self):
        return self._container_strategy_weakref

    @contextlib.contextmanager
    def colocate_vars_with(self, colocate_with_variable):
        yield

    def update(self, var, fn, args=(), kwargs=None, group=True):
        """Calls ``fn(var, *args, **kwargs)`` (in cross-replica context)."""
        with _cross_replica():
            return fn(var, *args, **(kwargs or {}))

    def call_for_each_replica(self, fn, args=(), kwargs=None):
        """Calls ``fn(*args, **kwargs)`` in replica context, once (replica 0 of 1)."""
        saved, _state.cross_replica = _state.cross_replica, 0
        _state.replica += 1
        try:
            return fn(*args, **(kwargs or {}))
        finally:
            _state.replica -= 1
            _state.cross_replica = saved

    def update_non_slot(self, colocate_with, fn, args=(), kwargs=None, group=True):
        with _cross_replica():
            return fn(*args, **(kwargs or {}))

    def reduce_to(self, reduce_op, value, destinations, options=None):
        return value

    def batch_reduce_to(self, reduce_op, value_destination_pairs, options=None):
        return [v for v, _ in value_destination_pairs]

    def value_container(self, value):
        return value

    def variable_created_in_scope(self, v):
        return True

    def _use_merge_call(self):
        return True

    @property
    def worker_devices(self):
        return ("/job:localhost/replica:0/task:0/device:CPU:0",)

    @property
    def parameter_devices(self):
        return self.worker_devices

    @property
    def experimental_require_static_shapes(self):
        return False

    @property
    def should_checkpoint(self):
        return True

    @property
    def should_save_summary(self):
        return True


@contextlib.contextmanager
def _cross_replica():
    _state.cross_replica += 1
    try:
        yield
    finally:
        _state.cross_replica -= 1


@x64_methods
class Strategy:
    """tf.distribute.Strategy; ``Strategy()`` itself is the default strategy's behaviour."""

    def __init__(self, extended=None):
        self._extended = extended or StrategyExtended(self)

    @property
    def extended(self):
        return self._extended

    @property
    def num_replicas_in_sync(self):
        return 1

    @contextlib.contextmanager
    def scope(self):
        _state.strategies.append(self)
        try:
            yield self
        finally:
            _state.strategies.pop()

    def run(self, fn, args=(), kwargs=None, options=None):
        return fn(*args, **(kwargs or {}))

    def reduce(self, reduce_op, value, axis=None):
        return nest.map_structure(lambda v: _reduce_value(reduce_op, v, axis), value)

    def gather(self, value, axis):
        return value

    def experimental_local_results(self, value):
        return (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        return dataset

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        return dataset_fn(InputContext())

    def experimental_distribute_values_from_function(self, value_fn):
        return value_fn(ValueContext())

    def __deepcopy__(self, memo):
        return self


class ValueContext:
    """tf.distribute.experimental.ValueContext: what
    experimental_distribute_values_from_function tells its function."""

    __slots__ = ("_replica_id_in_sync_group", "_num_replicas_in_sync")

    def __init__(self, replica_id_in_sync_group=0, num_replicas_in_sync=1):
        self._replica_id_in_sync_group = replica_id_in_sync_group
        self._num_replicas_in_sync = num_replicas_in_sync

    num_replicas_in_sync = property(lambda self: self._num_replicas_in_sync)
    replica_id_in_sync_group = property(lambda self: self._replica_id_in_sync_group)

    def __str__(self):
        return (f"tf.distribute.ValueContext(replica id {self._replica_id_in_sync_group},  "
                f"total replicas in sync: {self._num_replicas_in_sync})")


@x64_methods
class ReplicaContext:
    """The default replica context: replica 0 of 1."""

    def __init__(self, strategy):
        self._strategy = strategy

    @property
    def strategy(self):
        return self._strategy

    @property
    def num_replicas_in_sync(self):
        return 1

    @property
    def replica_id_in_sync_group(self):
        return convert_to_tensor(0)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Calls ``merge_fn(strategy, *args, **kwargs)`` in cross-replica context."""
        with _cross_replica():
            return merge_fn(self._strategy, *args, **(kwargs or {}))

    def all_reduce(self, reduce_op, value, options=None):
        """The sum or mean over one replica: the values as tensors (IndexedSlices stay
        IndexedSlices, as TF's batch_reduce_to keeps them)."""
        return nest.map_structure(
            lambda v: v if isinstance(v, IndexedSlices) else convert_to_tensor(v), value)

    def all_gather(self, value, axis, options=None):
        return value


class _DefaultDistributionStrategy(Strategy):
    """TF's default strategy (get_strategy outside any scope)."""

    def __init__(self):
        super().__init__(_DefaultDistributionExtended(self))


class _DefaultDistributionExtended(StrategyExtended):
    """The default strategy's extended."""


class _DefaultReplicaContext(ReplicaContext):
    """get_replica_context() outside any strategy: the default strategy's replica 0."""


_DEFAULT = _DefaultDistributionStrategy()


def get_strategy():
    """tf.distribute.get_strategy: the strategy of the innermost scope, or the default."""
    return _state.strategies[-1] if _state.strategies else _DEFAULT


def has_strategy():
    """Whether a strategy other than the default is in scope."""
    return any(s is not _DEFAULT for s in _state.strategies)


def in_cross_replica_context():
    """Inside a merge_call, or inside a (non-default) strategy's scope outside
    call_for_each_replica; the default strategy's scope stays in replica context."""
    return _state.cross_replica > 0 or (has_strategy() and not _state.replica)


def get_replica_context():
    """The replica context, or None in cross-replica context (inside ``scope()`` or a
    ``merge_call``), as TF."""
    if in_cross_replica_context():
        return None
    return _state.contexts[-1] if _state.contexts else _DefaultReplicaContext(_DEFAULT)


def _multi_device(name, api=None):
    class Unsupported(Strategy):
        def __init__(self, *args, **kwargs):
            raise NotImplementedError(
                f"tf.distribute.{api or name} is not supported by tfcompat; the supported "
                "strategies are the default strategy, tf.distribute.MirroredStrategy (local "
                "devices), tf.distribute.OneDeviceStrategy, "
                "tf.distribute.MultiWorkerMirroredStrategy, "
                "tf.distribute.experimental.CentralStorageStrategy and "
                "tf.distribute.TPUStrategy (on TPUs)")
    Unsupported.__name__ = Unsupported.__qualname__ = name
    return Unsupported


ClusterCoordinator = _multi_device("ClusterCoordinator", "coordinator.ClusterCoordinator")


ParameterServerStrategy = _multi_device("ParameterServerStrategy")


def maybe_merge_call(fn, strategy, *args, **kwargs):
    """tf.__internal__.distribute.interim.maybe_merge_call: ``fn(strategy, ...)`` through
    the replica context's merge_call when there is one."""
    context = get_replica_context()
    if context is None:
        return fn(strategy, *args, **kwargs)
    return context.merge_call(fn, args=args, kwargs=kwargs)


def strategy_supports_no_merge_call():
    """tf.__internal__.distribute.strategy_supports_no_merge_call: True without a strategy
    in scope."""
    return not has_strategy() or not get_strategy().extended._use_merge_call()
