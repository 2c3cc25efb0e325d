"""tf.data.Iterator: what ``iter(dataset)`` returns (TF's OwnedIterator).

Eagerly, an iterator runs the dataset's chain of Python generators. While a tf.function
is traced, ``next``/``get_next``/``get_next_as_optional`` do not read an element at trace
time (that would bake it into the function as a constant): they stage an ordered
``jax.experimental.io_callback`` that pulls the next element each time the function
runs, so the element shapes must be static (tf.string components come back as handles
made by the callback, see framework/strings.py). Differences from TF: past the end inside
tf.function, ``get_next`` fails with JAX's runtime error wrapping TF's OutOfRangeError
message (not OutOfRangeError itself).
"""
import abc
import collections.abc
import itertools
import weakref

import jax
import numpy as np

from ..framework import dtypes, errors, func_graph, nest, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.host_callback import io_callback, prefetchable
from ..framework.strings import StringIds
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import EagerTensor
from ..framework.trace_type import TraceType
from . import structure
from .optional_ops import _OptionalImpl


class ElementError(Exception):
    """Raised inside a pipeline when producing an element fails: the iterator reports it
    as TF's op error of class `cls` with `text`."""

    def __init__(self, cls, text):
        super().__init__(text)
        self.cls = cls
        self.text = text


def _n_components(spec):
    return len(structure.flat_specs(spec))


def _get_next_error(cls, text, spec):
    return errors.op_error(cls, "IteratorGetNext", text,
                           kernel=f"IteratorGetNext_output_types_{_n_components(spec)}")


def end_of_sequence(spec):
    return _get_next_error(errors.OutOfRangeError, "End of sequence", spec)


def next_flat(it, spec):
    """The next element of the generator `it` as flat arrays; StopIteration at the end,
    TF's op error where the pipeline failed."""
    try:
        return next(it)
    except ElementError as e:
        raise _get_next_error(e.cls, e.text, spec) from None


def single_element(dataset):
    """Dataset.get_single_element: the dataset's only element as Tensors; TF's
    DatasetToSingleElement errors for none, more than one, or a failing pipeline."""
    spec = dataset.element_spec
    it = dataset._iter_flat()
    try:
        first = next(it, None)
        if first is None:
            raise ElementError(errors.InvalidArgumentError, "Dataset was empty.")
        if next(it, None) is not None:
            raise ElementError(errors.InvalidArgumentError,
                               "Dataset had more than one element.")
    except ElementError as e:
        raise errors.op_error(e.cls, "DatasetToSingleElement", e.text, kernel=(
            f"DatasetToSingleElement_output_types_{_n_components(spec)}")) from None
    return structure.to_tensors(spec, first)


def _avals(spec):
    """The abstract values of the components (int32 handles for tf.string ones)."""
    return [jax.ShapeDtypeStruct(tuple(s.shape.as_list()),
                                 np.int32 if s.dtype == dtypes.string else s.dtype._np)
            for s in structure.flat_specs(spec)]


def _filler(spec, aval):
    """A component's value past the end (zeros; empty strings for tf.string)."""
    if spec.dtype != dtypes.string:
        return np.zeros(aval.shape, aval.dtype)
    return np.full(aval.shape, strings.to_ids(np.asarray(b"", object), constant=True))


def staged_pull(pull, spec, what, optional=False, *operands, prefetch=False):
    """Stage `pull(*operands)` (flat arrays of `spec`, or None at the end) to run each time
    the traced function runs; the result as tracers ((has_value, values) if `optional`),
    tf.string components as `StringIds`: handles made by the callback, valid for the call
    of the function (which then runs in a ``strings.scope``)."""
    structure.check_static(spec, what)
    specs = structure.flat_specs(spec)
    avals = _avals(spec)
    is_string = [s.dtype == dtypes.string for s in specs]
    if any(is_string):
        strings.host_calls[0] += 1   # (the traced function then runs in a strings.scope)
    builder = func_graph.current()
    node = None if optional or builder is None else (
        builder.unique_name("IteratorGetNext"), func_graph.definition_frames())

    def callback(*values):
        flat = pull(*values)
        if flat is None:
            if not optional:
                exc = end_of_sequence(spec)
                if node is not None:   # TF's error names the function's node
                    exc.graph_node = node + ("End of sequence",)
                raise exc
            return [np.asarray(False)] + [_filler(s, a) for s, a in zip(specs, avals)]
        values = [x if isinstance(x, jax.Array) and x.dtype == a.dtype else
                  np.asarray(x, object if t else a.dtype)   # (no copy off the device)
                  for x, a, t in zip(flat, avals, is_string)]
        for v, a in zip(values, avals):
            if v.shape != a.shape:
                raise TypeError(f"tfcompat: an element of shape {v.shape} was produced where "
                                f"the element_spec {spec!r} promises {a.shape}.")
        values = [strings.to_ids(v) if t else v for v, t in zip(values, is_string)]
        return ([np.asarray(True)] if optional else []) + values

    if prefetch and not any(is_string):   # (string handles live only while it runs)
        prefetchable(callback)
    result_avals = ([jax.ShapeDtypeStruct((), np.bool_)] if optional else []) + avals
    out = io_callback(callback, result_avals, *operands)
    n = 1 if optional else 0
    return out[:n] + [StringIds(x) if t else x for x, t in zip(out[n:], is_string)]


class Iterator(collections.abc.Iterator, abc.ABC):
    """tf.data.Iterator."""

    @property
    @abc.abstractmethod
    def element_spec(self):
        """The nested TensorSpecs of the elements."""

    @abc.abstractmethod
    def get_next(self):
        """The next element; OutOfRangeError at the end."""

    @abc.abstractmethod
    def get_next_as_optional(self):
        """The next element as a tf.experimental.Optional (empty at the end)."""


_NOTHING = object()


def _spec_with_shapes(spec, shapes):
    """`spec` with the shapes of an element filled in (zero sizes at the end: None);
    ragged and sparse components keep their specs (staged_pull rejects them)."""
    specs = structure.flat_specs(spec)
    if any(not isinstance(s, TensorSpec) for s in specs):
        return spec
    if shapes is None:
        shapes = [[0 if d is None else d for d in s.shape.as_list()] for s in specs]
    return nest.pack_sequence_as(spec, [TensorSpec(shape, s.dtype)
                                        for s, shape in zip(specs, shapes)])


class _IteratorTraceType(TraceType):
    """The trace type of an iterator, TF's IteratorSpec: its element_spec and, where that
    leaves dimensions unknown, the shapes of its next element (XLA needs them). Iterators
    of equal specs share a trace: the iterator is passed to it as its handle (an int64
    scalar that names it in ``_live``), as TF passes the iterator's resource."""

    def __init__(self, spec, shapes):
        self._spec = spec
        self._shapes = shapes
        flat = structure.flat_specs(spec)
        self._key = (repr(nest.map_structure(lambda _: None, spec)),
                     tuple((tuple(s.shape.as_list()) if s.shape.rank is not None else None,
                            s.dtype) for s in flat), shapes)

    def is_subtype_of(self, other):
        return self == other

    def most_specific_common_supertype(self, others):
        return self if all(self == o for o in others) else None

    def placeholder_value(self, placeholder_context=None):
        raise TypeError("tfcompat: an iterator is traced from its handle (from_tensors).")

    def to_tensors(self, value):
        return [EagerTensor(np.asarray(value._handle, np.int64))]

    def from_tensors(self, tensors):
        return _TracedIterator(self._spec, self._shapes, next(tensors))

    def __eq__(self, other):
        return isinstance(other, _IteratorTraceType) and other._key == self._key

    def __hash__(self):
        return hash(self._key)


_live = weakref.WeakValueDictionary()   # handle: OwnedIterator
_handles = itertools.count(1)


def _pull_handle(handle):
    """The next flat element of the iterator named by `handle` (run by a callback)."""
    iterator = _live.get(int(handle))
    if iterator is None:
        raise errors.FailedPreconditionError(
            None, None, "tfcompat: the iterator passed to this tf.function no longer exists.")
    return iterator._pull()


class _TracedIterator(Iterator):
    """The iterator argument of a tf.function while it is traced: each element is pulled,
    when the function runs, from the iterator whose handle the call passes."""

    def __init__(self, spec, shapes, handle):
        self._spec = spec
        static = all(s.shape.is_fully_defined() for s in structure.flat_specs(spec))
        # (unknown dimensions: those of the next element, zero sizes at the end)
        self._trace_spec = spec if static else _spec_with_shapes(spec, shapes)
        self._handle = handle

    element_spec = property(lambda self: self._spec)

    def _staged(self, optional=False):
        return staged_pull(_pull_handle, self._trace_spec, "the iterator's dataset",
                           optional, self._handle, prefetch=True)

    def __iter__(self):
        return self

    def __next__(self):
        return _traced_value(self._spec, self._staged())

    def get_next(self):
        return _traced_value(self._spec, self._staged())

    def get_next_as_optional(self):
        return _traced_optional(self._spec, self._staged(optional=True))


def _traced_value(spec, arrays):
    return nest.pack_sequence_as(spec, [EagerTensor(a) for a in arrays])


def _traced_optional(spec, out):
    return _OptionalImpl(EagerTensor(out[0]), _traced_value(spec, out[1:]), spec)


class OwnedIterator(Iterator):
    """The iterator of a dataset (TF's class name)."""

    _checkpoint_unsupported = "the position of a tf.data iterator"

    def __init__(self, dataset):
        self._dataset = dataset
        self._spec = dataset.element_spec
        self._it = None
        self._peeked = _NOTHING
        self._static = all(s.shape.is_fully_defined() for s in structure.flat_specs(self._spec))
        self._trace_type = _IteratorTraceType(self._spec, None) if self._static else None
        self._handle = next(_handles)
        _live[self._handle] = self

    element_spec = property(lambda self: self._spec)

    def _pull(self):
        """The next flat element, or None at the end (run eagerly or from a callback)."""
        if self._peeked is not _NOTHING:
            flat, self._peeked = self._peeked, _NOTHING
            return flat
        if self._it is None:
            self._it = self._dataset._iter_flat()
        try:
            return next_flat(self._it, self._spec)
        except StopIteration:
            return None

    def _next_shapes(self):
        """The shapes of the next element (pulled ahead and kept), or None at the end."""
        if self._peeked is _NOTHING:
            self._peeked = self._pull()
        flat = self._peeked
        return None if flat is None else tuple(np.shape(a) for a in flat)

    def __tf_tracing_type__(self, context):
        """A tf.function traces for this iterator and, when its element_spec has unknown
        dimensions, for the shapes of the element the call will get (XLA needs them): a
        partial last batch is a new trace, as a new input shape is."""
        return self._trace_type or _IteratorTraceType(self._spec, self._next_shapes())

    def _staged(self, optional=False):
        """Inside a trace that captures this iterator (not an argument): pull from it."""
        spec = self._spec if self._static else _spec_with_shapes(self._spec,
                                                                 self._next_shapes())
        return staged_pull(self._pull, spec, "the iterator's dataset", optional)

    def __iter__(self):
        return self

    def __next__(self):
        if not executing_eagerly():
            return _traced_value(self._spec, self._staged())
        flat = self._pull()
        if flat is None:
            raise StopIteration
        return structure.to_tensors(self._spec, flat)

    def next(self):
        """Python 2-style alias of ``__next__``."""
        return self.__next__()

    def get_next(self):
        if not executing_eagerly():
            return _traced_value(self._spec, self._staged())
        flat = self._pull()
        if flat is None:
            raise end_of_sequence(self._spec)
        return structure.to_tensors(self._spec, flat)

    def get_next_as_optional(self):
        if not executing_eagerly():
            return _traced_optional(self._spec, self._staged(optional=True))
        flat = self._pull()
        if flat is None:
            return _OptionalImpl(convert_to_tensor(False), None, self._spec)
        return _OptionalImpl(convert_to_tensor(True), structure.to_tensors(self._spec, flat),
                             self._spec)


def loop_pulls(dataset):
    """``for x in dataset`` inside tf.function, as AutoGraph's staged loop: `start()` pulls
    the first element from a fresh iterator each time the function runs, `step()` the
    next; each returns (has_value, element) (a zero element past the end)."""
    spec = dataset.element_spec
    state = {"it": None}

    def staged(first):
        def pull():
            if first:
                state["it"] = dataset._iter_flat()
            try:
                return next_flat(state["it"], spec)
            except StopIteration:
                return None
        out = staged_pull(pull, spec, "the dataset iterated in a for loop", optional=True)
        return EagerTensor(out[0]), nest.pack_sequence_as(spec, [EagerTensor(a)
                                                               for a in out[1:]])
    return (lambda: staged(True)), (lambda: staged(False))


def traced_elements(dataset, count):
    """``for x in dataset`` inside tf.function, for a dataset of `count` elements: the loop
    is unrolled and each element is pulled when the function runs (each run iterates the
    dataset from its start)."""
    spec = dataset.element_spec
    state = {"it": None}

    def pull_at(i):
        def pull():
            if i == 0:
                state["it"] = dataset._iter_flat()
            try:
                return next_flat(state["it"], spec)
            except StopIteration:
                return None
        return pull

    for i in range(count):
        arrays = staged_pull(pull_at(i), spec, "the dataset iterated in a for loop")
        yield nest.pack_sequence_as(spec, [EagerTensor(a) for a in arrays])


OwnedIterator.__module__ = "tensorflow.python.data.ops.iterator_ops"
