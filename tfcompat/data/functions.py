"""User functions of tf.data transformations (map, filter, scan, reduce ...).

As TF traces them into graphs, a function here runs as a tfcompat ``tf.function`` (so
AutoGraph converts its Python ``if``/``for`` on tensors, ``tf.executing_eagerly()`` is
False inside, and each element shape is compiled once). Where a call is its trace's
program run and nothing more (dense components; ConcreteFunction.array_runner), the
program runs on the element's arrays as they are, with no tensors or pytrees made. The output element_spec is found
at construction, as TF does, by tracing with the input spec; unknown dimensions are
traced at two sizes and the dimensions that follow them become None.

A function that cannot be traced by JAX (output shapes that depend on values, as
``tf.fill([x], x)`` or ``tf.strings.split(line)``) runs eagerly on each element instead;
its element_spec then comes from eager calls on probe elements (numbers 1, 2, then mixed
signs and zeros; strings of one or more words or numbers separated by spaces, commas or
tabs: `_STRING_FILLS`; unknown dimensions 2 and 3), the dimensions that differ being
None; probes the function rejects are skipped. Their prints and those of the calls are
dropped, and what the trace printed before it stopped is printed, as TF's trace prints
it. Ops whose output shapes TF infers from their attributes alone (the
tf.io.parse_example family) return probe outputs of those shapes (ops/spec_probes.py).
Each eager result is checked against that element_spec (an error, never an element the
spec does not describe).
Functions returning Datasets (flat_map, interleave, group_by_window's reduce_func) and
functions of DatasetSpec components (a window) are always called eagerly (and probed the
same way at construction; a dataset component's probe is a dataset of one probe element,
of the component's element_spec).
"""
import numpy as np

from ..framework import config, dtypes, errors, nest
from ..framework.context import ctx
from ..framework.func_graph import GraphTensor, kernel_text
from ..framework.relaxed_shapes import RelaxedTensor
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_state import captured_output, functions_run_eagerly
from ..polymorphic_function.concrete_function import ConcreteFunction
from ..polymorphic_function.function_type_utils import takes_in_order
from ..polymorphic_function.polymorphic_function import Function
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from ..ops import random_seed
from ..ops.spec_probes import probing
from . import extension_structure as ext, ragged_structure as ragged, sparse_structure as sparse
from . import structure
from .dataset_spec import DatasetSpec
from .none_structure import NONE, check_outputs, is_none, is_none_spec

_PROBE_SIZES = (2, 3)
_UNKNOWN = object()   # (a shape whose runner is not looked up yet)


def call_args(element):
    """TF's argument passing: a (plain) tuple element is unpacked into positional args."""
    return element if type(element) is tuple else (element,)


def check_callable(func):
    """TF's check of a transformation's function (StructuredFunctionWrapper)."""
    if not callable(func):
        raise ValueError(f"Argument `func` must be a callable. Received func={func} "
                         f"(of type {type(func)})")


def _probe_shapes(element_spec):
    """One or two fully defined versions of `element_spec` (unknown dims at two sizes; a
    RaggedTensorSpec of ragged_rank > 0 as a probe RaggedTensor, its rows of that size; a
    SparseTensorSpec fully defined; a NoneTensorSpec as None, the argument the function
    gets)."""
    flat = nest.flatten(element_spec)
    if any(is_none_spec(s) for s in flat):   # (probed with a scalar in its place)
        return [nest.pack_sequence_as(element_spec, [
            None if is_none_spec(s) else x for s, x in zip(flat, nest.flatten(probe))])
                for probe in _probe_shapes(nest.pack_sequence_as(element_spec, [
                    TensorSpec([], dtypes.int32) if is_none_spec(s) else s for s in flat]))]
    if all(isinstance(s, DatasetSpec) or not ext.is_ext_spec(s) and
           s.shape.is_fully_defined() and not ragged.is_ragged_spec(s) and
           not sparse.is_sparse_spec(s) for s in flat):
        return [element_spec]
    out = []
    for size in _PROBE_SIZES:
        out.append(nest.pack_sequence_as(element_spec, [
            s if isinstance(s, DatasetSpec) or ext.is_ext_spec(s) else
            ragged.probe(s, size) if ragged.is_ragged_spec(s) and s.ragged_rank else
            sparse.sized_spec(s, size) if sparse.is_sparse_spec(s) else
            TensorSpec([size if d is None else d for d in (
                s.shape if s.shape.rank is not None else [None])], s.dtype)
            for s in flat]))
    return out


_NUMBER_FILLS = (1, 2, "mixed", "mixed reversed")   # (mixed: -1, 0, 1, -1, ... by position)
_STRING_FILLS = (b"1", b"2", b"1 2 3", b"1,2", b"1\t2\t3\t4", b"a,b c")


def _probe_values(element_spec):
    """Concrete probe elements for eager calls (see _probe_shapes): ones, twos, then
    mixed signs and zeros (so that masks, `where` and `unique` of the values give outputs of
    other sizes: TF's unknown dimensions); with string components, also words of other
    lengths and counts."""
    flat = nest.flatten(element_spec)
    n = len(_STRING_FILLS) if any(getattr(s, "dtype", None) == dtypes.string
                                  for s in flat) else len(_NUMBER_FILLS)
    shapes = _probe_shapes(element_spec)
    out = []
    for k in range(n):
        probe = shapes[k % len(shapes)]
        out.append(structure.to_tensors(probe, [
            NONE if s is None else
            _probe_dataset(s, k) if isinstance(s, DatasetSpec) else
            s.with_flat_values(_filled(s.flat_values.shape.as_list(), s.dtype, k))
            if ragged.is_ragged(s) else
            sparse.probe(s, _filled([], s.dtype, k)) if sparse.is_sparse_spec(s) else
            ext.probe(s, _PROBE_SIZES[k % len(_PROBE_SIZES)]) if ext.is_ext_spec(s) else
            _filled(s.shape.as_list(), s.dtype, k)
            for s in nest.flatten(probe)]))
    return out


def _probe_dataset(spec, k):
    """A DatasetSpec component's probe: a dataset of its element_spec holding probe
    element `k` of that spec."""
    from .sources import _VariantDataset
    values = _probe_values(spec.element_spec)
    element = values[k % len(values)]
    return _VariantDataset(spec.element_spec,
                           [[structure.to_array(t) for t in nest.flatten(element)]])


def _filled(shape, dtype, k):
    if dtype == dtypes.string:
        out = np.empty(shape, object)
        out[...] = _STRING_FILLS[k]
        return out
    fill = _NUMBER_FILLS[k % len(_NUMBER_FILLS)]
    if not isinstance(fill, str):
        return np.full(shape, fill, dtype._np)
    position = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
    if fill.endswith("reversed"):
        position = position + 1
    if dtype == dtypes.bool:
        return position % 2 == 0
    return (position % 3 - (0 if dtype.is_unsigned else 1)).astype(dtype._np)


def _probed_specs(call, element_spec):
    """The output specs of `call` on the probe elements it accepts (the first error if it
    accepts none). What the calls print is dropped: TF's trace prints symbolic tensors,
    never these synthetic values."""
    specs, error = [], None
    for k, probe in enumerate(_probe_values(element_spec)):
        try:
            with probing(_PROBE_SIZES[k % len(_PROBE_SIZES)]), captured_output():
                specs.append(call(probe))
        except Exception as e:  # noqa: BLE001 - a probe the function rejects
            error = error or e
    if not specs:
        raise error
    out = specs[0]
    for other in specs[1:]:
        out = _merge_specs(out, other)
    return out


def _output_spec(value):
    if isinstance(value, TensorSpec):   # (a list's, _stacked_spec)
        return value
    if isinstance(value, Variable):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, (Tensor, GraphTensor)):   # (a traced output: the graph's tensor)
        return TensorSpec(value.shape, value.dtype)
    if ragged.is_ragged(value):
        return value._type_spec
    return structure.spec_of(structure.to_array(value))


def _stacked_spec(items):
    """The TensorSpec of a list inside a traced function's return value, as
    tf.convert_to_tensor packs it: its tensors' dtype (Python numbers beside them take
    it), shape [len] + their shape; TypeError where TF's packing fails on dtypes,
    tf.convert_to_tensor's ValueError on shapes."""
    specs = [_stacked_spec(x) if isinstance(x, list) else _output_spec(x)
             if isinstance(x, (Tensor, GraphTensor, Variable)) else None for x in items]
    tensors = [s for s in specs if s is not None]
    if not tensors:
        return structure.spec_of(structure.to_array(items))
    if any(type(s) is not TensorSpec for s in tensors) or len({s.dtype for s in tensors}) > 1:
        raise TypeError("the list's items do not pack into one tensor")
    shapes = [s.shape for s in tensors] + [TensorShape([])] * (len(specs) - len(tensors))
    shape, dtype = shapes[0], tensors[0].dtype
    for s in shapes[1:]:
        if not shape.is_compatible_with(s):
            shape = TensorShape(None) if shape.rank != s.rank else TensorShape(
                [a if a == b else None for a, b in zip(shape.as_list(), s.as_list())])
            raise ValueError(f"Value {items} is not convertible to a tensor with dtype "
                             f"{dtype} and shape {TensorShape([len(items)]) + shape}.")
        shape = shape.merge_with(s)
    return TensorSpec(TensorShape([len(items)]).concatenate(shape), dtype)


def _merge_specs(a, b):
    """Specs traced at two probe sizes: differing dimensions are unknown."""
    merged = structure.relax(a, b)
    if merged is None:
        raise ValueError(f"The function's output structure depends on its input shape: "
                         f"{a!r} vs. {b!r}.")
    return merged


class _EagerOnly(Exception):
    """A function tfcompat runs eagerly without tracing it (SparseTensor arguments)."""


class StructuredFunction:
    """A user function over elements of `input_spec`, run as a tfcompat tf.function."""

    def __init__(self, func, input_spec, transformation, unpack=True):
        check_callable(func)
        self._python = func
        self._unpack = unpack
        # TF traces a dataset function once per dataset, outside tf.function's retracing
        # count: never warn (a map made per element, in interleave, traces each time).
        self._fn = Function(func, warn_retracing=False)
        self._fn._dataset_function = True   # (tracing.trace_function)
        self._input_spec = input_spec
        self._name = transformation
        self._call = self._fn
        self._eager_specs = None
        # Dense components: calls run their trace's program directly (by the flat
        # arrays' shapes and dtypes: its array_runner, or None).
        self._runners = {} if all(type(s) is TensorSpec and s.dtype != dtypes.string
                                  for s in nest.flatten(input_spec)) else None
        try:
            if any(sparse.is_sparse_spec(s) or ext.is_ext_spec(s) or isinstance(s, DatasetSpec)
                   for s in nest.flatten(input_spec)):
                raise _EagerOnly   # (tfcompat's tf.function takes no SparseTensors, and
                #                     Dataset arguments only as Python objects)
            ctx.spec_traces += 1
            ctx.unprobed = False
            try:
                outputs = [self._fn.get_concrete_function(
                    *self._args(self._traced_probe(probe))).structured_outputs
                    for probe in _probe_shapes(input_spec)]
                specs = [self._specs(out, transformation) for out in outputs]
            finally:
                ctx.spec_traces -= 1
            unprobed = ctx.unprobed
        except Exception as traced_error:   # noqa: BLE001 - retried eagerly, else raised
            if isinstance(traced_error, (AttributeError, errors.OperatorNotAllowedInGraphError)):
                raise   # what TF's graph of the function cannot do (Tensor.numpy(), bool())
            try:
                self.output_spec = _probed_specs(
                    lambda probe: self._specs(func(*self._args(probe)), transformation),
                    input_spec)
            except Exception:  # noqa: BLE001
                if isinstance(traced_error, _EagerOnly):
                    raise
                raise traced_error from None
            trace_output = getattr(traced_error, "trace_output", None)
            if trace_output is not None:   # (what TF's trace prints, up to what XLA
                trace_output.replay()      # cannot trace)
            self._run_eagerly(transformation)
            return
        self.output_spec = specs[0] if len(specs) == 1 else _merge_specs(*specs)
        if unprobed:   # (a py_function the traces could not call on zeros of a guessed
            #               shape: an element of unknown rank)
            self._run_eagerly(transformation)
        elif any(ext.is_ext_spec(s) for s in nest.flatten(self.output_spec)) or \
                structure.has_lists(outputs[0]):
            self._runners = None   # (its program returns an ExtensionType's tensors, or
            #                         lists that are stacked after it)

    def _run_eagerly(self, transformation):
        """Calls run the Python function eagerly, each result checked against
        `output_spec`."""
        self._call = self._python
        self._runners = None
        self._eager_specs = nest.flatten(self.output_spec)
        self._transformation = transformation

    def instantiate(self):
        """Prepare for a new iterator: TF instantiates a dataset function per iterator, so
        its stateful random ops start again from their seeds."""
        if self._call is self._fn:
            for concrete in self._fn._concrete_functions():
                concrete.restart_random_states(shared=True)

    def _args(self, element):
        return call_args(element) if self._unpack else (element,)

    def _traced_element(self, flat_arrays):
        """The element a traced call gets: dense components shown with the input spec's
        shapes (TF traces the function for its element_spec: unknown dimensions None),
        their values unknown to the trace (RelaxedTensors: tracing._known_value)."""
        element = structure.to_tensors(self._input_spec, flat_arrays)
        return nest.pack_sequence_as(self._input_spec, [
            RelaxedTensor(x._value, s.shape) if type(s) is TensorSpec else x
            for s, x in zip(nest.flatten(self._input_spec), nest.flatten(element))])

    def _traced_probe(self, probe):
        """A probe shape's element for the trace (_traced_element of zeros; other
        components as _probe_shapes gives them)."""
        flat = [_filled(s.shape.as_list(), s.dtype, 0) if type(s) is TensorSpec else
                NONE if s is None else s for s in nest.flatten(probe)]
        return self._traced_element(flat)

    @staticmethod
    def _specs(outputs, transformation):
        outputs = structure.function_output(outputs, transformation, _stacked_spec)
        flat = nest.flatten(outputs)
        if all(x is None for x in flat):   # (None components beside others are TF's too)
            if transformation == "Dataset.map()":
                check_outputs([NONE], "MapDataset", "output_types")
            raise TypeError(f"The function passed to `{transformation}` must return a value "
                            f"(or a nested structure of tensors), not None.")
        return nest.map_structure(_output_spec, outputs)

    def __call__(self, flat_arrays):
        """Run on one element (flat arrays); the result as flat arrays. An OutOfRangeError
        of the function is TF's InvalidArgumentError (it does not end the dataset)."""
        try:
            return self._call_flat(flat_arrays)
        except errors.OutOfRangeError as e:
            from .iterator_ops import ElementError   # (iterator_ops builds on this module)
            raise ElementError(errors.InvalidArgumentError,
                               f"Function invocation produced OutOfRangeError: "
                               f"{kernel_text(e.message)}") from None

    def _call_flat(self, flat_arrays):
        if self._runners is not None and not functions_run_eagerly():
            out = self._run_program(flat_arrays)
            if out is not None:
                return out
        if self._call is self._fn:
            result = self._call(*self._args(self._traced_element(flat_arrays)))
        else:   # (TF runs the function's graph: what it prints from Python is dropped)
            with captured_output():
                result = self._call(*self._args(
                    structure.to_tensors(self._input_spec, flat_arrays)))
        result = structure.function_output(result, self._name)
        out = [structure.to_array(x) for x in nest.flatten(result)]
        if self._eager_specs is not None:
            self._check(out)
        return out

    def _run_program(self, flat_arrays):
        """The call's result run as its trace's compiled program, or None (the usual call
        is made)."""
        try:
            key = tuple([(a.shape, a.dtype) for a in flat_arrays])
        except AttributeError:   # (not arrays: the usual call converts them)
            return None
        run = self._runners.get(key, _UNKNOWN)
        if run is _UNKNOWN:
            if len(self._runners) >= config.cache_limits["traces"]:
                self._runners.clear()
            run = self._runners[key] = self._runner(flat_arrays)
        out = None if run is None else run(flat_arrays)
        return None if out is None else list(out)

    def _runner(self, flat_arrays):
        """The array_runner of the trace a call on these arrays runs (that of tf.function's
        call: no tensors made, no pytrees, per element), or None."""
        element = self._traced_element(flat_arrays)
        tensors = nest.flatten(element)
        concrete, args, kwargs = self._fn._concrete_for(self._args(element), {})
        if not isinstance(concrete, ConcreteFunction) or any(
                t._value.dtype != a.dtype for t, a in zip(tensors, flat_arrays)) or \
                not takes_in_order(tensors, args, kwargs):
            return None   # (arrays of dtypes the device holds otherwise; another order)
        return concrete.array_runner()

    def _check(self, arrays):
        """An eagerly run function's result against the element_spec found by probing."""
        for a, spec in zip(arrays, self._eager_specs):
            if is_none_spec(spec) or is_none(a):
                if not (is_none_spec(spec) and is_none(a)):
                    raise TypeError(f"tfcompat: the function passed to "
                                    f"`{self._transformation}` returned {a!r} where its "
                                    f"element_spec has {spec!r}.")
                continue
            if isinstance(spec, DatasetSpec):
                if not structure.is_dataset(a):
                    raise TypeError(f"tfcompat: the function passed to "
                                    f"`{self._transformation}` returned {type(a).__name__} "
                                    f"where its element_spec has {spec!r}.")
                continue
            if ext.is_ext_spec(spec):
                if not spec.is_compatible_with(a):
                    raise TypeError(f"tfcompat: the function passed to `{self._transformation}` "
                                    f"returned {a!r} where its element_spec has {spec!r}.")
                continue
            shape = a.shape if sparse.is_sparse(a) else np.shape(a)
            if sparse.is_sparse(a) != sparse.is_sparse_spec(spec) or \
                    not spec.shape.is_compatible_with(shape):
                raise TypeError(
                    f"tfcompat: the function passed to `{self._transformation}` runs eagerly "
                    f"(its output shapes depend on values) and returned a component of shape "
                    f"{tuple(shape)} where its element_spec {self.output_spec!r}, found "
                    "by calling it on probe elements, has shape "
                    f"{spec.shape}: give the function static output shapes (e.g. "
                    "tf.ensure_shape).")


class Predicate(StructuredFunction):
    """A filter/take_while predicate: must return a scalar tf.bool."""

    def __init__(self, func, input_spec, transformation):
        super().__init__(func, input_spec, transformation)
        spec = self.output_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.bool and
                spec.shape.rank == 0):
            raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` "
                             f"scalar tensor, but its return type is {spec!r}.")

    def test(self, flat_arrays):
        return bool(np.asarray(self(flat_arrays)[0]))


class DatasetFunction:
    """A function element -> Dataset (flat_map, interleave, group_by_window), called
    eagerly. `output_spec`: the element_spec of its datasets where the caller knows it (TF's
    symbolic trace gives it; probes would not), else found by probing."""

    def __init__(self, func, input_spec, transformation, output_spec=None):
        from .dataset_ops import Dataset
        check_callable(func)
        self._python = func
        self._input_spec = input_spec
        self._transformation = transformation
        self._dataset_type = Dataset
        self.probes = []   # (the datasets it returned for probe elements: checkpoints)
        if output_spec is not None:
            self.output_spec = output_spec
            return

        def probe_spec(probe):
            self.probes.append(self._dataset(nest.flatten(probe)))
            return self.probes[-1].element_spec
        self.output_spec = _probed_specs(probe_spec, input_spec)

    def _dataset(self, flat_tensors):
        with random_seed.graph_op_seeds():   # (TF runs it as a graph: op seeds 0, 1 ...)
            ds = self._python(*call_args(nest.pack_sequence_as(self._input_spec,
                                                               flat_tensors)))
        if not isinstance(ds, self._dataset_type):
            raise TypeError(f"The function passed to `{self._transformation}` must return a "
                            f"`tf.data.Dataset` object, not {type(ds).__name__}.")
        return ds

    def __call__(self, flat_arrays):
        return self._dataset([structure.to_tensor(a) for a in flat_arrays])
