"""The distributed datasets of MultiWorkerMirroredStrategy where each worker reads its own
input pipeline: experimental_distribute_dataset under the FILE and OFF auto-shard
policies (WorkerDataset: the worker's replicas take consecutive pieces of its rebatched
pipeline, rebatch.rebatched) and distribute_datasets_from_function (its replicas take
consecutive elements). Every step the workers check that all have a round of values of
the same shapes (the values of a step are one array over the cluster) and stop
together.

They are read eagerly only (a tf.function takes their batches as arguments): inside a
traced function a read is a host callback whose value JAX takes as the same on every
process, which a worker's own input is not.
"""
import itertools
import zlib

import numpy as np

from ..data import rebatch
from ..framework import errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from . import input_lib
from .distribute_lib import DistributedDataset, DistributedIterator, InputContext


def _agree(group, failure):
    """The cluster's answer on a step: whether every worker has a round of values
    (`group`) of the same shapes (False where all have run out). Raises the failure of
    this worker's input, TF's UnavailableError where another's failed, else where the
    workers' rounds differ."""
    from jax.experimental import multihost_utils
    shapes = [[np.shape(convert_to_tensor(a)) for a in nest.flatten(x)] for x in group]
    key = -2 if failure else zlib.crc32(repr((len(group), shapes)).encode()) if group \
        else -1
    keys = set(np.asarray(multihost_utils.process_allgather(np.int64(key))).tolist())
    if failure is not None:
        raise failure
    if -2 in keys:
        raise errors.UnavailableError(
            None, None, "Collective ops is aborted by: the input pipeline of another "
            "worker of the cluster failed (tfcompat)")
    if keys == {-1}:
        return False
    if len(keys) > 1:
        raise NotImplementedError(
            "tfcompat's MultiWorkerMirroredStrategy: the workers' inputs do not give "
            "each replica of the cluster a value of the same shape at this step (one "
            "ran out, or a batch does not split evenly); give every worker the same "
            "number of elements and batch with drop_remainder=True")
    return True


class WorkerDataset(DistributedDataset):
    """experimental_distribute_dataset of a multi-worker strategy where each worker reads
    its own pipeline (the OFF auto-shard policy: the whole dataset; FILE: its shard of
    the files), as TF builds it: rebatched into pieces, one per replica of the cluster
    for each global batch, the worker's replicas taking consecutive pieces."""

    def __init__(self, strategy, dataset):
        self._strategy, self._dataset = strategy, dataset

    @property
    def element_spec(self):
        return input_lib.per_replica_spec(self._dataset.element_spec,
                                          len(self._strategy._local_devices))

    def __iter__(self):
        strategy = self._strategy
        pieces = rebatch.rebatched(self._dataset, strategy._num_workers,
                                     len(strategy._local_devices), strategy._worker_id)
        return WorkerIterator(_grouped(strategy, pieces), self.element_spec)


class WorkerDatasetsFromFunction(DistributedDataset):
    """distribute_datasets_from_function of a multi-worker strategy: this worker's input
    pipeline (InputContext(num_workers, worker id, replicas)), whose successive elements
    go to its replicas in turn."""

    def __init__(self, strategy, dataset_fn):
        self._strategy = strategy
        self._dataset = dataset_fn(InputContext(strategy._num_workers, strategy._worker_id,
                                                strategy.num_replicas_in_sync))

    @property
    def element_spec(self):
        return input_lib.per_replica_spec(self._dataset.element_spec,
                                          len(self._strategy._local_devices))

    def __iter__(self):
        return WorkerIterator(_grouped(self._strategy, iter(self._dataset)), self.element_spec)


class WorkerIterator(DistributedIterator):
    """The iterator of a WorkerDataset or of distribute_datasets_from_function, read
    eagerly: a tf.function takes its batches as arguments (reading it inside one raises,
    rather than reading another worker's input)."""

    def __init__(self, batches, element_spec):
        self._batches = batches
        self.element_spec = element_spec

    def __iter__(self):
        return self

    def __next__(self):
        if not executing_eagerly():
            raise NotImplementedError(
                "tfcompat's MultiWorkerMirroredStrategy reads the datasets of "
                "distribute_datasets_from_function and of the FILE and OFF auto-shard "
                "policies (AUTO where the dataset reads files) eagerly: iterate outside "
                "the tf.function and pass each batch to it")
        return next(self._batches)

    def get_next(self):
        return next(self)


def _grouped(strategy, elements):
    """Consecutive elements, one per local replica, as the structure of per-replica
    values, each step agreed by the workers (``_agree``)."""
    r = len(strategy._local_devices)
    while True:
        failure = None
        try:
            group = list(itertools.islice(elements, r))
        except Exception as e:  # noqa: BLE001 - raised once the other workers know
            group, failure = [], e
        if not _agree(group, failure):
            return
        if len(group) < r:
            raise NotImplementedError(
                "tfcompat: a worker's input ran out in the middle of a round of replicas")
        yield nest.map_structure(lambda *xs: strategy._place(xs), *group)
