"""User functions of tf.data transformations (map, filter, scan, reduce ...).

As TF traces them into graphs, a function here runs as a tfcompat ``tf.function`` (so
AutoGraph converts its Python ``if``/``for`` on tensors, ``tf.executing_eagerly()`` is
False inside, and each element shape is compiled once). The output element_spec is found
at construction, as TF does, by tracing with the input spec; unknown dimensions are
traced at two sizes and the dimensions that follow them become None.

A function that cannot be traced by JAX (output shapes that depend on values, as
``tf.fill([x], x)``) runs eagerly on each element instead; its element_spec then comes
from eager calls on two probe elements (values 1 and 2, unknown dimensions 2 and 3), the
dimensions that differ being None. Functions returning Datasets (flat_map, interleave)
are always called eagerly (and probed the same way at construction).
"""
import numpy as np

from ..framework import dtypes, nest
from ..framework.function import Function, TensorSpec
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import structure

_PROBE_SIZES = (2, 3)


def call_args(element):
    """TF's argument passing: a (plain) tuple element is unpacked into positional args."""
    return element if type(element) is tuple else (element,)


def _probe_shapes(element_spec):
    """One or two fully defined versions of `element_spec` (unknown dims at two sizes)."""
    flat = nest.flatten(element_spec)
    if all(s.shape.is_fully_defined() for s in flat):
        return [element_spec]
    out = []
    for size in _PROBE_SIZES:
        out.append(nest.pack_sequence_as(element_spec, [TensorSpec(
            [size if d is None else d for d in (s.shape.dims if s.shape.rank is not None
                                                 else [None])], s.dtype) for s in flat]))
    return out


def _probe_values(element_spec):
    """Concrete probe elements for eager calls: ones, then twos (see _probe_shapes)."""
    out = []
    for fill, probe in zip((1, 2), _probe_shapes(element_spec) * 2):
        out.append(structure.to_tensors(probe, [
            np.full(s.shape.as_list(), fill, s.dtype._np) for s in nest.flatten(probe)]))
    return out


def _output_spec(value):
    if isinstance(value, Variable):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    return structure.spec_of(structure.to_array(value))


def _merge_specs(a, b):
    """Specs traced at two probe sizes: differing dimensions are unknown."""
    merged = structure.relax(a, b)
    if merged is None:
        raise ValueError(f"The function's output structure depends on its input shape: "
                         f"{a!r} vs. {b!r}.")
    return merged


class StructuredFunction:
    """A user function over elements of `input_spec`, run as a tfcompat tf.function."""

    def __init__(self, func, input_spec, transformation, unpack=True):
        self._python = func
        self._unpack = unpack
        self._fn = Function(func)
        self._input_spec = input_spec
        self._call = self._fn
        try:
            specs = [self._specs(self._fn.get_concrete_function(*self._args(probe))
                                 .structured_outputs, transformation)
                     for probe in _probe_shapes(input_spec)]
        except Exception as traced_error:   # noqa: BLE001 - retried eagerly, else raised
            try:
                specs = [self._specs(func(*self._args(probe)), transformation)
                         for probe in _probe_values(input_spec)]
            except Exception:  # noqa: BLE001
                raise traced_error from None
            self._call = func
        self.output_spec = specs[0] if len(specs) == 1 else _merge_specs(*specs)

    def _args(self, element):
        return call_args(element) if self._unpack else (element,)

    @staticmethod
    def _specs(outputs, transformation):
        outputs = structure.lists_to_tuples(outputs)
        if any(x is None for x in nest.flatten(outputs)):
            raise TypeError(f"The function passed to `{transformation}` must return a value "
                            f"(or a nested structure of tensors), not None.")
        return nest.map_structure(_output_spec, outputs)

    def __call__(self, flat_arrays):
        """Run on one element (flat arrays); the result as flat arrays."""
        element = structure.to_tensors(self._input_spec, flat_arrays)
        result = structure.lists_to_tuples(self._call(*self._args(element)))
        return [structure.to_array(x) for x in nest.flatten(result)]


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
    """A function element -> Dataset (flat_map, interleave), called eagerly."""

    def __init__(self, func, input_spec, transformation):
        from .dataset_ops import Dataset
        self._python = func
        self._input_spec = input_spec
        self._transformation = transformation
        self._dataset_type = Dataset
        specs = [self._dataset(nest.flatten(probe)).element_spec
                 for probe in _probe_values(input_spec)]
        self.output_spec = specs[0] if len(specs) == 1 else _merge_specs(*specs)

    def _dataset(self, flat_tensors):
        ds = self._python(*call_args(nest.pack_sequence_as(self._input_spec, flat_tensors)))
        if not isinstance(ds, self._dataset_type):
            raise TypeError(f"The function passed to `{self._transformation}` must return a "
                            f"`tf.data.Dataset` object, not {type(ds).__name__}.")
        return ds

    def __call__(self, flat_arrays):
        return self._dataset([structure.to_tensor(a) for a in flat_arrays])
