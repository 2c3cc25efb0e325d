"""A tf.data.Dataset passed to a tf.function: traced by its DatasetSpec alone, as TF
traces it (datasets of one element_spec share a trace, whatever their lengths), and read
when the function runs from the dataset the call passes.

The call passes the dataset as a handle (an int64 scalar naming it in ``_live``), as TF
passes its variant tensor. Inside the trace the argument is an ``ArgumentDataset``
(TF's ``_VariantDataset``), whose elements and cardinality come, each time the function
runs, from the dataset the handle names.
"""
import itertools
import weakref

import numpy as np

from ..framework import errors, host_callback
from ..framework.host_callback import io_callback
from ..framework.tensor import EagerTensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType
from . import structure
from .dataset_ops import UNKNOWN_CARDINALITY, Dataset
from .dataset_spec import DatasetSpec
from .iterator_ops import spec_key

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
    """The trace type of a dataset argument: TF's DatasetSpec (its element_spec)."""

    def __init__(self, spec):
        self._spec = spec
        self._key = spec_key(spec)

    @property
    def type_spec(self):
        """The DatasetSpec TF types the argument by (signatures print it)."""
        return DatasetSpec(self._spec)

    def __repr__(self):
        return repr(self.type_spec)

    def cast(self, value, cast_context):
        """A dataset (or spec) passed for a trace of this DatasetSpec, read as that spec's:
        its elements must have the spec's dtypes and compatible shapes (TF checks them when
        the function runs)."""
        signature = self.type_spec
        if isinstance(value, DatasetSpec):
            if not value.is_subtype_of(signature):
                raise TypeError(f"Can not cast {value!r} to {signature!r}")
            return value
        if isinstance(value, _SignatureArgument):
            value = value.dataset
        if not isinstance(value, Dataset):
            cls = type(value)
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object has no attribute "
                            f"'_variant_tensor'")
        given = structure.flat_specs(value.element_spec)
        for i, (want, got) in enumerate(zip(structure.flat_specs(self._spec), given)):
            if getattr(want, "dtype", None) != getattr(got, "dtype", None):
                raise _unwrapped(f"Type mismatch: actual {got.dtype.name} vs. expect "
                                 f"{want.dtype.name}")
            if isinstance(want, TensorSpec) and not want.shape.is_compatible_with(got.shape):
                raise _unwrapped(f"Incompatible shapes at component {i}: expected "
                                 f"{_dims(want.shape)} but got {_dims(got.shape)}.")
        return _SignatureArgument(value, self)

    def placeholder_value(self, placeholder_context=None):
        raise TypeError("tfcompat: a dataset is traced from its handle (from_tensors).")

    def to_tensors(self, value):
        if isinstance(value, DatasetSpec):   # (get_concrete_function: a placeholder)
            return [EagerTensor(np.asarray(0, np.int64))]
        return [_handle(value.dataset if isinstance(value, _SignatureArgument) else value)]

    def from_tensors(self, tensors):
        return ArgumentDataset(self._spec, next(tensors))

    def __eq__(self, other):
        return isinstance(other, DatasetTraceType) and other._key == self._key

    def __hash__(self):
        return hash(self._key)


def trace_type(dataset):
    """Dataset.__tf_tracing_type__ and DatasetSpec's."""
    return DatasetTraceType(dataset.element_spec)


def _unwrapped(message):
    """TF's error when the function runs on a dataset of other elements (raised as it
    is, not as a binding failure)."""
    e = errors.InvalidArgumentError(None, None, message)
    e.unwrapped = True
    return e


def _dims(shape):
    return "[" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]" \
        if shape.rank is not None else "<unknown>"


class _SignatureArgument:
    """A dataset cast to the DatasetSpec of a trace (a ConcreteFunction's, an
    input_signature's): traced as the spec's."""

    __slots__ = ("dataset", "_type")

    def __init__(self, dataset, trace_type):
        self.dataset = dataset
        self._type = trace_type

    def __tf_tracing_type__(self, context):
        return self._type

    @property
    def _type_spec(self):
        return DatasetSpec(self._type._spec)


class ArgumentDataset(Dataset):
    """A dataset argument inside the trace of a tf.function: each time the function runs,
    a callback first binds it to the dataset the call passes; reading it then reads that
    one."""

    _repr_name = "_VariantDataset"

    def __init__(self, spec, handle):   # (handle: the traced int64 scalar)
        self._spec = spec
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
        """Unknown in the trace; when the function runs, the bound dataset's (what
        cardinality() reads then, of this dataset and those made from it)."""
        bound = self._bound.get("dataset")
        dataset = None if bound is None else bound()
        return UNKNOWN_CARDINALITY if dataset is None else dataset._cardinality()
