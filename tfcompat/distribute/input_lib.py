"""MirroredStrategy's distributed input (TF's input_lib): each global batch of a dataset
split across the replicas, and the datasets of ``distribute_datasets_from_function``."""

import jax

from ..data import structure
from ..data.rebatch import split_batch
from ..data.iterator_ops import end_of_sequence
from ..data.optional_ops import make_optional
from ..framework import nest
from ..framework.context import executing_eagerly
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType, trace_type_of
from . import traced_partial
from .distribute_lib import DistributedDataset as _DistributedDatasetBase
from .distribute_lib import DistributedIterator, InputContext
from .values import PerReplicaSpec


def per_replica_spec(spec, n):
    """The element_spec of a distributed dataset or iterator: a PerReplicaSpec of each
    component's spec with an unknown batch size, once per replica (as TF's)."""
    def spec_of(s):
        shape = s.shape.as_list()
        return PerReplicaSpec(*[TensorSpec([None] + shape[1:], s.dtype)] * n)
    return nest.map_structure(spec_of, spec)


class _Iterator(DistributedIterator):
    def __init__(self, strategy, batches, element_spec):
        self._strategy = strategy
        self._batches = batches
        self.element_spec = element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._batches)

    def get_next(self):
        return next(self)


class _SplitIterator(DistributedIterator):
    """The iterator of a DistributedDataset: each element of the dataset's iterator split
    across the replicas. A tf.function takes it as the dataset iterator it wraps (whose
    reads run when the function runs), as Keras's trainer passes it."""

    def __init__(self, strategy, iterator):
        self._strategy = strategy
        self._iterator = iterator

    element_spec = property(lambda self: per_replica_spec(
        self._iterator.element_spec, self._strategy.num_replicas_in_sync))

    def _split(self, element):
        n = self._strategy.num_replicas_in_sync

        def split(t):
            t = convert_to_tensor(t)
            if isinstance(t._value, jax.core.Tracer):   # (read inside a tf.function)
                placed = self._strategy._place_batch(t._value)
                if placed is not None:
                    return placed
            return self._strategy._place(split_batch(t, n))
        return nest.map_structure(split, element)

    def __iter__(self):
        return self

    def _traced_read(self, optional=False):
        """The dataset iterator's next element (an Optional if `optional`) read inside a
        tf.function (over several replicas a read that never raises: traced_partial)."""
        if traced_partial.applies(self._strategy, self._iterator):
            return traced_partial.read(self._iterator, optional,
                                       self._strategy.num_replicas_in_sync)
        if traced_partial.applies_captured(self._strategy, self._iterator):
            return traced_partial.read_captured(self._iterator, optional)
        if optional:
            return self._iterator.get_next_as_optional()
        return next(self._iterator)

    def __next__(self):
        if not executing_eagerly() or not hasattr(self._iterator, "_pull"):
            return self._split(self._traced_read())
        flat = self._iterator._pull()
        if flat is None:
            raise StopIteration
        spec = self._iterator.element_spec
        specs = nest.flatten(spec)
        if len(specs) == len(flat) and all(type(s) is TensorSpec for s in specs):
            # (a global batch of dense tensors: each component split with one transfer)
            placed = [self._strategy._place_batch(a, s) for a, s in zip(flat, specs)]
            if None not in placed:
                return nest.pack_sequence_as(spec, placed)
        return self._split(structure.to_tensors(spec, flat))

    def get_next(self):
        if not executing_eagerly():
            return self._split(self._traced_read())
        try:
            return next(self)
        except StopIteration:
            raise end_of_sequence(self._iterator.element_spec) from None

    def get_next_as_optional(self):
        """The next global batch split across the replicas, as a tf.experimental.Optional
        (empty at the end)."""
        optional = self._iterator.get_next_as_optional() if executing_eagerly() else \
            self._traced_read(optional=True)
        value = optional._value
        return make_optional(optional.has_value(),
                             None if value is None else self._split(value), self.element_spec)

    def _staged_loop(self):
        """AutoGraph's hook for ``for x in iterator`` inside tf.function (TF's loop over the
        iterator): not supported, where Python would loop forever at trace time."""
        raise NotImplementedError(
            "tfcompat: `for x in iterator` over a distributed iterator inside tf.function "
            "is not supported (a staged loop cannot carry its PerReplica elements): loop "
            "over iterator.get_next_as_optional() (in a tf.range loop, breaking when it has "
            "no value), or iterate the distributed dataset outside tf.function.")

    def _give_back(self):
        """(A tf.function call it was passed to is abandoned: its dataset iterator gives
        back what the call read.)"""
        give_back = getattr(type(self._iterator), "_give_back", None)
        if give_back is not None:
            give_back(self._iterator)

    def __tf_tracing_type__(self, context):
        traced_partial.call_starts(self._iterator)
        return _SplitIteratorType(self._strategy, trace_type_of(self._iterator))


class _SplitIteratorType(ExactTraceType):
    """The trace type of a distributed iterator: its strategy and its dataset iterator's
    trace type (whose handle is what the function takes)."""

    def __init__(self, strategy, inner):
        self._strategy = strategy
        self._inner = inner


    def placeholder_value(self, placeholder_context):
        return _SplitIterator(self._strategy, self._inner.placeholder_value(placeholder_context))

    def to_tensors(self, value):
        return self._inner.to_tensors(value._iterator)

    def from_tensors(self, tensors):
        inner = self._inner.from_tensors(tensors)
        if traced_partial.applies(self._strategy, inner):
            traced_partial.guard(inner)
        return _SplitIterator(self._strategy, inner)

    def __eq__(self, other):
        return isinstance(other, _SplitIteratorType) and other._strategy is self._strategy \
            and other._inner == self._inner

    def __hash__(self):
        return hash((id(self._strategy), self._inner))


class DistributedDataset(_DistributedDatasetBase):
    """strategy.experimental_distribute_dataset(dataset): iterating gives, for each
    element (a global batch), the structure of PerReplica values of its split."""

    def __init__(self, strategy, dataset):
        self._strategy = strategy
        self._dataset = dataset

    @property
    def element_spec(self):
        return per_replica_spec(self._dataset.element_spec, self._strategy.num_replicas_in_sync)

    def __iter__(self):
        return _SplitIterator(self._strategy, iter(self._dataset))


class DistributedDatasetsFromFunction(_DistributedDatasetBase):
    """strategy.distribute_datasets_from_function(dataset_fn): one input pipeline (one
    worker) whose successive elements go to the replicas in turn, as TF's do."""

    def __init__(self, strategy, dataset_fn):
        self._strategy = strategy
        n = strategy.num_replicas_in_sync
        self._dataset = dataset_fn(InputContext(1, 0, n))

    @property
    def element_spec(self):
        """Each replica's element is one of the dataset's (TF's spec keeps its shape)."""
        n = self._strategy.num_replicas_in_sync
        return nest.map_structure(lambda s: PerReplicaSpec(*[s] * n), self._dataset.element_spec)

    def _batches(self):
        n = self._strategy.num_replicas_in_sync
        it = iter(self._dataset)
        while True:
            group = [x for _, x in zip(range(n), it)]
            if len(group) < n:
                if group:
                    raise NotImplementedError(
                        "tfcompat: the dataset of distribute_datasets_from_function ran out "
                        "in the middle of a round of replicas")
                return
            yield nest.map_structure(lambda *xs: self._strategy._place(xs), *group)

    def __iter__(self):
        return _Iterator(self._strategy, self._batches(), self.element_spec)
