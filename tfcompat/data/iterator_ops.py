"""tf.data.Iterator: what ``iter(dataset)`` returns (TF's OwnedIterator).

Eagerly, an iterator runs the dataset's chain of Python generators. While a tf.function
is traced, ``next``/``get_next``/``get_next_as_optional`` do not read an element at trace
time (that would bake it into the function as a constant): they stage an ordered
``jax.experimental.io_callback`` that pulls the next element each time the function
runs. XLA needs the element shapes: where the element_spec leaves dimensions unknown
(a last partial batch; ragged and sparse components, whose partitions are also constants
of a trace: data/components.py), a function taking the iterator is traced for the
layout of its next element. A new layout is a new trace, silent as TF's one trace of
unknown dimensions covers it (tf.function's tracing count and Python side effects stay
TF's). An element whose layout changes within one call (a short last batch among Keras's
steps_per_execution steps) makes that call run its Python function eagerly, with the
elements read so far given back (host_callback.Rerun; the tf.prints its program wrote
are not written again: logging_ops.abandon); an iterator the function captures instead
of taking it is traced for its next element and raises TypeError there. ``for x in
iterator`` inside tf.function is a staged loop of get_next_as_optional reads.
tf.string components come back as handles made by the callback (framework/strings.py).
Differences from TF: in a call that runs eagerly, ``next`` past the end raises
OutOfRangeError("End of sequence"), not TF's message naming the function's node.
"""
import abc
import collections
import collections.abc
import functools
import itertools
import threading
import weakref

import jax
import numpy as np

from ..framework import config, dtypes, errors, func_graph, host_callback, nest, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly, x64, x64_methods
from ..framework.host_callback import io_callback, prefetchable
from ..framework.strings import StringIds
from ..framework.tensor import EagerTensor
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType
from ..framework.trace_state import CallsRunEagerly
from ..framework.tracking_base import Trackable
from ..ops import logging_ops
from ..framework.relaxed_shapes import relaxed
from . import components, iterator_checkpoint, none_structure, random_seed_ops, structure
from .dataset_ops import UNKNOWN_CARDINALITY, Dataset
from .dataset_spec import DatasetSpec
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


def end_of_sequence(spec, node=None):
    """TF's OutOfRangeError at the end of an iterator (naming `node` of a function's
    graph: get_next_node)."""
    exc = _get_next_error(errors.OutOfRangeError, "End of sequence", spec)
    if node is not None:   # TF's error names the function's node
        exc.graph_node = node + ("End of sequence",)
    return exc


def get_next_node():
    """The IteratorGetNext node a read inside a tf.function's trace adds (None outside a
    function graph)."""
    builder = func_graph.current()
    return None if builder is None else (builder.unique_name("IteratorGetNext"),
                                         func_graph.definition_frames())


def next_flat(it, spec):
    """The next element of the generator `it` as flat arrays; StopIteration at the end,
    TF's op error where the pipeline failed."""
    try:
        return next(it)
    except ElementError as e:
        raise _get_next_error(e.cls, e.text, spec) from None


def single_element(dataset):
    """Dataset.get_single_element: the dataset's only element as Tensors; TF's
    DatasetToSingleElement errors for none, more than one, or a failing pipeline.
    Inside tf.function, an element of known shapes is read each time the function runs
    (others are read when it is traced)."""
    spec = dataset.element_spec
    if not executing_eagerly() and _is_static(spec):
        builder = func_graph.current()
        node = None if builder is None else (builder.unique_name("DatasetToSingleElement"),
                                             func_graph.definition_frames())
        return components.join(spec, staged_pull(lambda: _single_flat(dataset, node), spec,
                                                 "the dataset of get_single_element"))
    return structure.to_tensors(spec, _single_flat(dataset))


def _single_flat(dataset, node=None):
    """The flat arrays of the dataset's only element (single_element's errors, naming
    `node` of a function's graph when given)."""
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
        exc = errors.op_error(e.cls, "DatasetToSingleElement", e.text, kernel=(
            f"DatasetToSingleElement_output_types_{_n_components(spec)}"))
        if node is not None:
            exc.graph_node = node + (e.text,)
        raise exc from None
    return first


_STATIC = object()   # staged_pull's layout: the element_spec's shapes (fully defined)


def _avals(specs, shapes):
    """The abstract values of the components (int32 handles for tf.string ones)."""
    return [jax.ShapeDtypeStruct(tuple(shape),
                                 np.int32 if s.dtype == dtypes.string else s.dtype._np)
            for s, shape in zip(specs, shapes)]


def _shape_error(spec, specs, values, avals, rerun):
    """The error for an element whose component shapes differ from the trace's: Rerun
    where the element_spec allows them and the read may (the call then runs eagerly),
    else TypeError."""
    got = [tuple(v.shape) for v in values]
    want = [a.shape for a in avals]
    if rerun and all(s.shape.is_compatible_with(TensorShape(g)) for s, g in zip(specs, got)):
        return _rerun(
            f"tfcompat: an iterator's element has component shapes {got} within a call "
            f"of a tf.function traced for {want} (element_spec {spec!r}).")
    return TypeError(f"tfcompat: an element of component shapes {got} was read where the "
                     f"tf.function was traced for {want} (element_spec {spec!r}): the "
                     f"function is traced for the element a captured iterator has next "
                     f"then (pass the iterator to the function as an argument instead).")


def _rerun(message):
    """The Rerun of the running call (its tf.prints so far not written again)."""
    logging_ops.abandon()
    return host_callback.Rerun(message)


def _filler(spec, aval):
    """A component's value past the end (zeros; empty strings for tf.string)."""
    if spec.dtype != dtypes.string:
        return np.zeros(aval.shape, aval.dtype)
    return np.full(aval.shape, strings.to_ids(np.asarray(b"", object), constant=True))


def staged_pull(pull, spec, what, optional=False, *operands, prefetch=False, layout=_STATIC,
                rerun=False, pulled=None):
    """Stage `pull(*operands)` (flat arrays of `spec`, or None at the end) to run each time
    the traced function runs; the result as its components ((has_value, components) if
    `optional`; components.join makes the element): tracers, and constants where the
    layout has `Static` ones; tf.string components as `StringIds`: handles made by the
    callback, valid for the call of the function (which then runs in a
    ``strings.scope``). `layout`: what to trace for (components.layout of the element the
    call reads first; None: past the end), by default the element_spec's shapes, which
    must be fully defined. `rerun`: an element that does not fit the layout where the
    element_spec allows it raises host_callback.Rerun (the caller gives back what `pull`
    consumed), else TypeError. `pulled`: where the reads of one loop leave their dataset
    components (a loop carries its element's datasets as the same objects)."""
    specs = components.component_specs(spec)
    plain = components.is_dense(spec)
    static = layout is _STATIC
    if static:
        structure.check_static(spec, what)
        layout = tuple(components.DatasetSlot() if isinstance(s, DatasetSpec) else
                       tuple(s.shape.as_list()) for s in specs)
    elif layout is None:
        layout = components.layout(spec, None)
    statics = [(i, e) for i, e in enumerate(layout) if isinstance(e, components.Static)]
    slots = [i for i, e in enumerate(layout) if isinstance(e, components.DatasetSlot)]
    traced = [i for i, e in enumerate(layout)
              if not isinstance(e, (components.Static, components.DatasetSlot))]
    pulled = {} if pulled is None else pulled   # slot: the dataset the last run read
    specs_t = [specs[i] for i in traced]
    avals = _avals(specs_t, [layout[i] for i in traced])
    is_string = [s.dtype == dtypes.string for s in specs_t]
    if any(is_string):
        strings.host_calls[0] += 1   # (the traced function then runs in a strings.scope)
    node = None if optional else get_next_node()

    def callback(*values):
        flat = pull(*values)
        if flat is None:
            pulled.clear()
            if not optional:
                raise end_of_sequence(spec, node)
            return [np.asarray(False)] + [_filler(s, a) for s, a in zip(specs_t, avals)]
        arrays = flat if plain else components.split(spec, flat)
        pulled.update((i, arrays[i]) for i in slots)
        if not all(e.matches(arrays[i]) for i, e in statics):
            raise (_rerun if rerun else TypeError)(
                f"tfcompat: an iterator's element has another ragged or sparse partition "
                f"than the one a tf.function call was traced for (element_spec {spec!r}).")
        values = [x if isinstance(x, jax.Array) and x.dtype == a.dtype else
                  np.asarray(x, object if t else a.dtype)   # (no copy off the device)
                  for x, a, t in zip([arrays[i] for i in traced], avals, is_string)]
        if any(v.shape != a.shape for v, a in zip(values, avals)):
            raise _shape_error(spec, specs_t, values, avals, rerun)
        values = [strings.to_ids(v) if t else v for v, t in zip(values, is_string)]
        return ([np.asarray(True)] if optional else []) + values

    if prefetch and not any(is_string) and not slots:   # (string handles live only while
        prefetchable(callback)                            # it runs; datasets as read)
    host_callback.one_run_at_a_time(callback)   # (`pull` and `pulled` live across reads)
    result_avals = ([jax.ShapeDtypeStruct((), np.bool_)] if optional else []) + avals
    out = io_callback(callback, result_avals, *operands)
    n = 1 if optional else 0
    values = components.with_statics(
        layout, [StringIds(x) if t else x for x, t in zip(out[n:], is_string)])
    for i in slots:
        values[i] = _PulledDataset(specs[i].element_spec, pulled, i)
    return out[:n] + values


class _PulledDataset(Dataset):
    """A dataset component of an element read inside a tf.function: when the function
    runs, the dataset that read pulled (an empty one past the end)."""

    _repr_name = "_VariantDataset"

    def __init__(self, spec, pulled, slot):
        self._spec = spec
        self._pulled = pulled
        self._slot = slot

    def _current(self):
        return self._pulled.get(self._slot)

    def _iter_flat(self):
        current = self._current()
        return iter(()) if current is None else current._iter_flat()

    def _cardinality(self):
        return UNKNOWN_CARDINALITY   # (known when the function runs: cardinality())

    # A loop (AutoGraph's over a dataset of windows) carries it as no tensors: each run
    # of the body reads the dataset its pull left (control_flow_carry's protocol).
    def _loop_carry(self, maximum_iterations=None):
        return self

    def _carry(self):
        return []

    def _from_carry(self, tensors):
        return self

    def _carry_unknown(self):
        return False

    def _typed_like(self, other):
        return self

    def cardinality(self):
        """The pulled dataset's cardinality, read when the function runs."""
        if executing_eagerly():
            return super().cardinality()
        return read_cardinality(self._current)


def read_cardinality(current):
    """A traced int64 scalar: the cardinality of the dataset `current()` gives when the
    function runs (0 for None)."""
    def read():
        dataset = current()
        return [np.asarray(0 if dataset is None else dataset._cardinality(), np.int64)]
    return EagerTensor(io_callback(read, [jax.ShapeDtypeStruct((), np.int64)])[0])


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

    def _staged_loop(self):
        """AutoGraph's hook for ``for x in iterator`` inside tf.function: a staged loop of
        get_next_as_optional reads, to the end (TF's loop over an iterator): see
        loop_pulls."""
        pulled = {}
        return (lambda: self._loop_read(pulled),) * 2 + (_loop_element(self._spec),)

    def _loop_read(self, pulled):
        out = self._staged(optional=True, pulled=pulled)
        return EagerTensor(out[0]), _loop_carry(components.join(self._spec, out[1:]))


def spec_key(spec):
    """What an iterator's trace depends on in its element_spec."""
    return repr(nest.map_structure(lambda _: None, spec)), tuple(
        (type(s).__name__, repr(s)) for s in structure.flat_specs(spec))


def _is_static(spec):
    """Whether every component of `spec` has a known shape (a trace needs no element);
    False with dataset components (a trace is keyed by its layout's DatasetSlots)."""
    if any(isinstance(s, DatasetSpec) for s in structure.flat_specs(spec)):
        return False
    return all(s.shape.is_fully_defined() for s in components.component_specs(spec))


class _IteratorTraceType(ExactTraceType):
    """The trace type of an iterator, TF's IteratorSpec: its element_spec and, where that
    leaves dimensions unknown, the components.layout of its next element (XLA needs its
    shapes). Iterators of equal specs share a trace: the iterator is passed to it
    as its handle (an int64 scalar that names it in ``_live``), as TF passes the
    iterator's resource."""

    def __init__(self, spec, layout, key, static):
        self._spec = spec
        self._layout = layout
        self._static = static
        self._key = (key, layout)

    @property
    def tf_type(self):
        """What TF's trace is keyed by (its IteratorSpec: the element_spec alone), where
        this one is keyed by a layout too: a new layout's trace is silent (tf.function)."""
        return None if self._static else ("iterator", self._key[0])


    def placeholder_value(self, placeholder_context=None):
        raise TypeError("tfcompat: an iterator is traced from its handle (from_tensors).")

    def to_tensors(self, value):
        return [EagerTensor(np.asarray(value._handle, np.int64))]

    def from_tensors(self, tensors):
        return _TracedIterator(self._spec, _STATIC if self._static else self._layout,
                               next(tensors))

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
    return iterator._pull_in_call()


class _TracedIterator(Iterator):
    """The iterator argument of a tf.function while it is traced: each element is pulled,
    when the function runs, from the iterator whose handle the call passes."""

    def __init__(self, spec, layout, handle):
        self._spec = spec
        self._layout = layout   # (what it is traced for: staged_pull's)
        self._handle = handle

    element_spec = property(lambda self: self._spec)

    def _staged(self, optional=False, pulled=None):
        return staged_pull(_pull_handle, self._spec, "the iterator's dataset", optional,
                           self._handle, prefetch=True, layout=self._layout,
                           rerun=self._layout is not _STATIC, pulled=pulled)

    def __iter__(self):
        return self

    def __next__(self):
        return _traced_element(self._spec, self._staged())

    def get_next(self):
        return _traced_element(self._spec, self._staged())

    def get_next_as_optional(self):
        return _traced_optional(self._spec, self._staged(optional=True))


def _traced_optional(spec, out):
    return _OptionalImpl(EagerTensor(out[0]), _traced_element(spec, out[1:]), spec)


def _traced_element(spec, arrays):
    """The element of a traced iterator read (components.join), its dense components
    shown with the element_spec's shapes, unknown dimensions None (relaxed_shapes)."""
    element = components.join(spec, arrays)
    flat = [relaxed(x, s.shape) if isinstance(s, TensorSpec) else x
            for s, x in zip(structure.flat_specs(spec), nest.flatten(element))]
    return nest.pack_sequence_as(spec, flat)


def _locked(method):
    """`method` under the iterator's lock: threads sharing an iterator each get their own
    elements, as TF's IteratorGetNext serializes them."""
    @functools.wraps(method)
    def locked(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return locked


@x64_methods
class OwnedIterator(Iterator, Trackable):
    """The iterator of a dataset (TF's class name). A checkpoint saves its position as
    ITERATOR_STATE (iterator_checkpoint.py). Threads may share it."""

    _legacy_saveable_name = "ITERATOR"

    def __init__(self, dataset):
        self._dataset = dataset
        self._spec = dataset.element_spec
        self._lock = threading.RLock()
        self._it = None
        self._produced = 0   # elements its pipeline produced (some may be pending)
        self._exhausted = False
        self._seed_log = random_seed_ops.SeedLog(   # (the seeds of its pipeline)
            iterator_checkpoint.generators(dataset))
        logging = random_seed_ops.recording.set(self._seed_log)
        try:
            dataset._initialize()   # (its seeds drawn now: TF's Initialize)
        finally:
            random_seed_ops.recording.reset(logging)
        self._pending = collections.deque()   # elements read ahead or given back
        self._taken = []   # elements read by the tf.function call it was last passed to
        self._last_layout = None   # (_next_layout's)
        self._static = _is_static(self._spec)
        self._spec_key = spec_key(self._spec)
        self._dense = components.is_dense(self._spec)
        self._trace_type = _IteratorTraceType(self._spec, None, self._spec_key, True) \
            if self._static else None
        self._handle = next(_handles)
        _live[self._handle] = self

    element_spec = property(lambda self: self._spec)

    @x64
    @_locked
    def _pull(self):
        """The next flat element, or None at the end (run eagerly or from a callback)."""
        if self._pending:
            return self._pending.popleft()
        if self._exhausted:
            return None
        if self._it is None:
            self._it = self._dataset._iter_flat()
        logging = random_seed_ops.recording.set(self._seed_log)
        try:
            flat = next_flat(self._it, self._spec)
        except StopIteration:
            self._exhausted = True
            return None
        except errors.OpError:
            self._resume_past_failure()
            raise
        finally:
            random_seed_ops.recording.reset(logging)
        self._produced += 1
        return flat

    def _resume_past_failure(self):
        """After an element failed, the next read goes on with the element after it, as
        TF's iterator does, where the pipeline can be opened there (error_ops.resumable);
        elsewhere its failed generators end the iteration."""
        from .error_ops import resumable
        if resumable(self._dataset):
            self._produced += 1
            self._it = self._dataset._iter_flat_from(self._produced)

    @_locked
    def _serialize_to_tensors(self):
        """TF's checkpoint of the iterator: {'_STATE': its ITERATOR_STATE}."""
        return {"_STATE": iterator_checkpoint.save(
            self._dataset, self._produced - len(self._pending), self._exhausted,
            self._seed_log)}

    @_locked
    def _restore_from_tensors(self, restored_tensors):
        """Put the iterator at the position a checkpoint saved: its pipeline opened again
        past the elements the saved iterator gave (Dataset._iter_flat_from), with the
        saved seeds."""
        consumed, exhausted, self._seed_log = iterator_checkpoint.restore(
            self._dataset, restored_tensors["_STATE"])
        self._it = self._dataset._iter_flat_from(consumed)
        self._produced, self._exhausted = consumed, exhausted
        self._pending.clear()
        self._taken.clear()
        return []

    @_locked
    def _pull_in_call(self):
        """`_pull` by the call of a tf.function it is passed to, which gives the element
        back if the call is abandoned (host_callback.Rerun)."""
        flat = self._pull()
        if flat is not None and not self._static:   # (a static one needs no rerun)
            self._taken.append(flat)
        return flat

    @_locked
    def _give_back(self):
        """The elements the abandoned call read are read again."""
        self._pending.extendleft(reversed(self._taken))
        self._taken.clear()

    @_locked
    def _next_layout(self):
        """The components.layout of the next element (read ahead and kept). Past the end,
        that of the last element a call read: the call raises OutOfRangeError at its read
        in the trace it already has, as TF's does in its one trace (a trace for an empty
        element could fail where the shapes are real, e.g. an attention mask's
        broadcast); zero-sized components where no call has read one."""
        if not self._pending:
            flat = self._pull()
            if flat is None:
                return self._last_layout or components.layout(self._spec, None)
            self._pending.append(flat)
        if self._dense:
            self._last_layout = tuple(np.shape(a) for a in self._pending[0])
        else:
            self._last_layout = components.layout(self._spec, self._pending[0])
        return self._last_layout

    def __tf_tracing_type__(self, context):
        """A tf.function traces for this iterator and, when its element_spec has unknown
        dimensions, for the shapes of the element the call will get (XLA needs them): a
        partial last batch is a new trace, as a new input shape is. (A call starts.)"""
        self._taken.clear()
        logging_ops.call_starts()
        return self._trace_type or _IteratorTraceType(self._spec, self._next_layout(),
                                                      self._spec_key, False)

    def _staged(self, optional=False, pulled=None):
        """Inside a trace that captures this iterator (not an argument): pull from it."""
        layout = _STATIC if self._static else self._next_layout()
        return staged_pull(self._pull, self._spec, "the iterator's dataset", optional,
                           layout=layout, pulled=pulled)

    def __iter__(self):
        return self

    def __next__(self):
        if not executing_eagerly():
            return _traced_element(self._spec, self._staged())
        flat = self._pull()
        if flat is None:
            raise StopIteration
        # (its elements: on the dataset's device)
        return config.on_device(self._dataset._device, structure.to_tensors, self._spec, flat)

    def next(self):
        """Python 2-style alias of ``__next__``."""
        return self.__next__()

    def get_next(self):
        if not executing_eagerly():
            return _traced_element(self._spec, self._staged())
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
    next; each returns (has_value, what the loop carries of the element) (a zero element
    past the end), and `read` gives the element back from what is carried."""
    spec = dataset.element_spec
    _check_static_loop(spec)
    state = {"it": None}
    pulled = {}

    def staged(first):
        def pull():
            if first:
                state["it"] = dataset._iter_flat()
            try:
                return next_flat(state["it"], spec)
            except StopIteration:
                return None
        out = staged_pull(pull, spec, "the dataset iterated in a for loop", optional=True,
                          pulled=pulled)
        return EagerTensor(out[0]), _loop_carry(components.join(spec, out[1:]))
    return (lambda: staged(True)), (lambda: staged(False)), _loop_element(spec)


def _check_static_loop(spec):
    """A loop over a dataset of `spec` inside tf.function needs static element shapes
    (one XLA program): else CallsRunEagerly."""
    try:
        structure.check_static(spec, "the dataset iterated in a for loop")
    except TypeError as e:
        raise CallsRunEagerly(str(e)) from None


def _loop_carry(element):
    """What a staged loop carries of an element: its leaves but its None components."""
    return [x for x in nest.flatten(element) if x is not None]


def _loop_element(spec):
    """The element of `spec` from what a staged loop carries of it (_loop_carry)."""
    nones = [none_structure.is_none_spec(s) for s in structure.flat_specs(spec)]

    def read(carried):
        it = iter(carried)
        return nest.pack_sequence_as(spec, [None if n else next(it) for n in nones])
    return read


_UNBOUNDED_PULLS = 1000   # the elements a trace pulls from iter(dataset) of unknown length


def traced_elements(dataset, count):
    """``iter(dataset)`` inside tf.function (a ``for`` loop AutoGraph does not convert, or
    next() calls), for a dataset of `count` elements (None: unknown or infinite): each
    element is pulled when the function runs (each run iterates the dataset from its
    start), and past the end a pull raises TF's OutOfRangeError. A loop over a dataset of
    known length is unrolled over its elements; over one of unknown length TF's trace
    would never end, and this one stops with a TypeError after _UNBOUNDED_PULLS."""
    spec = dataset.element_spec
    _check_static_loop(spec)
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

    for i in itertools.count() if count is None else range(count):
        if i == _UNBOUNDED_PULLS:
            raise TypeError(
                f"tfcompat stopped a Python loop over a tf.data.Dataset of unknown length "
                f"inside tf.function after {i} elements (TF's trace of it never ends): "
                f"let AutoGraph convert the loop, or iterate the dataset eagerly.")
        arrays = staged_pull(pull_at(i), spec, "the dataset iterated in a for loop")
        yield components.join(spec, arrays)


OwnedIterator.__module__ = "tensorflow.python.data.ops.iterator_ops"
