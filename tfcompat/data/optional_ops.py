"""tf.experimental.Optional: a value that may be absent (what get_next_as_optional returns).

Inside tf.function the presence flag is a traced tensor: ``get_value()`` of an empty
Optional there returns zeros instead of raising at run time (TF raises)."""
import abc

import jax

from ..framework import errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework import nest
from ..framework.tensor_spec import TensorSpec
from ..framework.type_spec import SerializedTypeSpec
from ..framework.type_spec_of_value import register_spec_function
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.variables import Variable
from . import structure
from ..framework.context import ctx, x64_methods
from .none_structure import is_none


@x64_methods
class Optional(abc.ABC):
    """tf.experimental.Optional."""

    @staticmethod
    def from_value(value):
        """An Optional holding `value` (a nested structure of tensors)."""
        leaves = nest.flatten(value)
        if any(isinstance(x, (Tensor, Variable)) and symbolic(x._value) for x in leaves):
            # Traced values (inside tf.function): the Optional holds them as they are.
            value = nest.map_structure(convert_to_tensor, value)
            spec = nest.map_structure(lambda t: TensorSpec(t.shape, t.dtype), value)
            return _OptionalImpl(convert_to_tensor(True), value, spec)
        structure_, flat = structure.normalize(value)
        if all(is_none(a) for a in flat):   # (TF's op of no components)
            if ctx.traces:
                raise op_def.graph_attr_length_error("OptionalFromValue", "Toutput_types", 0)
            raise op_def.attr_value_error("OptionalFromValue", "Toutput_types", [],
                                          node_name="")
        spec = structure.specs(structure_, flat)
        return _OptionalImpl(convert_to_tensor(True), structure.to_tensors(spec, flat), spec)

    @staticmethod
    def empty(element_spec):
        """An Optional with no value, of type `element_spec`."""
        return _OptionalImpl(convert_to_tensor(False), None, element_spec)

    @abc.abstractmethod
    def has_value(self, name=None):
        """A scalar tf.bool Tensor: whether there is a value."""

    @abc.abstractmethod
    def get_value(self, name=None):
        """The value."""


class _OptionalImpl(Optional):
    """The concrete Optional (TF's class name)."""

    def __init__(self, has_value, value, element_spec):
        self._has_value = has_value
        self._value = value
        self._element_spec = element_spec

    element_spec = property(lambda self: self._element_spec)

    def has_value(self, name=None):
        """A scalar tf.bool Tensor."""
        return self._has_value

    def get_value(self, name=None):
        """The value; InvalidArgumentError (eagerly) when there is none."""
        if self._value is None or (isinstance(self._has_value, Tensor) and not isinstance(
                self._has_value._value, jax.core.Tracer) and not bool(self._has_value)):
            raise errors.op_error(errors.InvalidArgumentError, "OptionalGetValue",
                                  "The given optional does not have a value.",
                                  kernel="OptionalGetValue_output_types_"
                                         f"{len(structure.flat_specs(self._element_spec))}")
        return self._value

    # The tensors it is carried as (TF's CompositeTensor components): through
    # tf.while_loop and tf.cond (ops/control_flow_ops.py) and out of a tf.function.

    def _carry(self):
        """has_value, then the value's tensors (none while it has no value structure)."""
        if self._value is None:
            return [self._has_value]
        return [self._has_value] + [convert_to_tensor(t) for t in nest.flatten(self._value)]

    def _from_carry(self, tensors):
        """An Optional like this one holding `tensors` (as `_carry` lists them)."""
        has_value, *flat = tensors
        value = None if self._value is None else nest.pack_sequence_as(self._value, flat)
        return _OptionalImpl(has_value, value, self._element_spec)

    def _carry_unknown(self):
        """Whether its carried tensors are not known yet (no value structure: a loop
        takes them from a first trace of its body)."""
        return self._value is None

    def _typed_like(self, other):
        """This empty Optional carried as `other` is: zero values of other's shapes (an
        unknown dimension 0), its element_spec where this one has none."""
        if other._value is None:
            return self
        value = nest.map_structure(
            lambda t: EagerTensor(jax.numpy.zeros(
                [d or 0 for d in t.shape.as_list()], t.dtype.as_numpy_dtype)), other._value)
        spec = self._element_spec if self._element_spec is not None else other._element_spec
        return _OptionalImpl(self._has_value, value, spec)


class OptionalSpec(SerializedTypeSpec):
    """tf.OptionalSpec(element_spec): the type of an Optional (tfcompat carries an Optional
    by its flag and value tensors, not as TF's variant, so it has no component specs)."""

    __slots__ = ("_element_spec",)

    def __init__(self, element_spec):
        self._element_spec = element_spec

    value_type = property(lambda self: _OptionalImpl)

    @staticmethod
    def from_value(value):
        return OptionalSpec(value.element_spec)

    def _serialize(self):
        return (self._element_spec,)


register_spec_function(_OptionalImpl, OptionalSpec.from_value)
Optional.__module__ = _OptionalImpl.__module__ = OptionalSpec.__module__ = \
    "tensorflow.python.data.ops.optional_ops"


def make_optional(has_value, value, element_spec):
    """An Optional of `element_spec` from its parts: the scalar bool `has_value` and
    `value` (None when empty); tf.distribute's iterators split one this way."""
    return _OptionalImpl(has_value, value, element_spec)
