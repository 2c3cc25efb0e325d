"""tf.experimental.Optional: a value that may be absent (what get_next_as_optional returns).

Inside tf.function the presence flag is a traced tensor: ``get_value()`` of an empty
Optional there returns zeros instead of raising at run time (TF raises)."""
import abc

import jax

from ..framework import errors
from ..framework.constant_op import convert_to_tensor
from ..framework import nest
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from . import structure


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


Optional.__module__ = _OptionalImpl.__module__ = "tensorflow.python.data.ops.optional_ops"
