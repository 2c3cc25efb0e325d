"""A tf.data.Dataset passed to a tf.function: traced by its DatasetSpec, as TF traces it
(datasets of one element_spec share a trace), and read when the function runs from the
dataset the call passes.

The call passes the dataset as a handle (an int64 scalar naming it in ``_live``), as TF
passes its variant tensor. Inside the trace the argument is an ``ArgumentDataset``
(TF's ``_VariantDataset``), whose elements come, each time the function runs, from the
dataset the handle names. tfcompat's trace also depends on the dataset's cardinality (a
loop over a dataset of known length is unrolled: see Dataset.__iter__): a dataset of
another length traces again, silently, as TF's one trace covers it (``tf_type``).
"""
import itertools
import weakref

import numpy as np

from ..framework import errors, host_callback
from ..framework.host_callback import io_callback
from ..framework.tensor import EagerTensor
from ..framework.trace_type import ExactTraceType
from .dataset_ops import UNKNOWN_CARDINALITY, Dataset
from .iterator_ops import read_cardinality, spec_key

_live = weakref.WeakValueDictionary()   # handle: Dataset
_handles = itertools.count(1)


def _handle(dataset):
    """The int64 scalar a call passes for `dataset` (registered in _live)."""
    if isinstance(dataset, ArgumentDataset):   # (a nested function's argument)
        return EagerTensor(dataset._handle)
    handle = getattr(dataset, "_argument_handle", None)
    if handle is None:
        handle = dataset._argument_handle = next(_handles)
        _live[handle] = dataset
    return EagerTensor(np.asarray(handle, np.int64))


class DatasetTraceType(ExactTraceType):
    """The trace type of a dataset argument: TF's DatasetSpec (its element_spec) and the
    dataset's cardinality."""

    def __init__(self, spec, cardinality):
        self._spec = spec
        self._cardinality = cardinality
        self._key = (spec_key(spec), cardinality)

    @property
    def tf_type(self):
        """What TF's trace is keyed by: the DatasetSpec alone."""
        return ("dataset", self._key[0])

    def placeholder_value(self, placeholder_context=None):
        raise TypeError("tfcompat: a dataset is traced from its handle (from_tensors).")

    def to_tensors(self, value):
        return [_handle(value)]

    def from_tensors(self, tensors):
        return ArgumentDataset(self._spec, self._cardinality, next(tensors))

    def __eq__(self, other):
        return isinstance(other, DatasetTraceType) and other._key == self._key

    def __hash__(self):
        return hash(self._key)


def trace_type(dataset):
    """Dataset.__tf_tracing_type__."""
    return DatasetTraceType(dataset.element_spec, dataset._cardinality())


class ArgumentDataset(Dataset):
    """A dataset argument inside the trace of a tf.function: each time the function runs,
    a callback first binds it to the dataset the call passes; reading it then reads that
    one."""

    _repr_name = "_VariantDataset"

    def __init__(self, spec, cardinality, handle):   # (handle: the traced int64 scalar)
        self._spec = spec
        self._n = cardinality
        self._handle = handle
        self._bound = {}

        def bind(value):
            dataset = _live.get(int(value))
            if dataset is None:
                raise errors.FailedPreconditionError(
                    None, None,
                    "tfcompat: the dataset passed to this tf.function no longer exists.")
            self._bound["dataset"] = weakref.ref(dataset)   # (the caller holds it)
            return []
        io_callback(host_callback.one_run_at_a_time(bind), [], handle)

    def _current(self):
        return self._bound["dataset"]()

    def _iter_flat(self):
        return self._current()._iter_flat()

    def _iter_flat_from(self, n):
        return self._current()._iter_flat_from(n)

    def _cardinality(self):
        return self._n

    def cardinality(self):
        """The cardinality the trace is keyed by, or where unknown, the bound dataset's
        when the function runs."""
        if self._n != UNKNOWN_CARDINALITY:
            return super().cardinality()
        return read_cardinality(self._current)
