"""tf.TensorSpec: the shape and dtype of a tensor (tf.function's input_signature entries)."""
from . import dtypes
from .tensor_shape import TensorShape
from .type_spec_registry import register


@register("tf.TensorSpec")
class TensorSpec:
    """tf.TensorSpec(shape, dtype=tf.float32, name=None)."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, value):
        if isinstance(value, TensorSpec):
            return self._dtype == value.dtype and self._shape.is_compatible_with(value.shape)
        return self._dtype == value.dtype and self._shape.is_compatible_with(value.shape)

    def _serialize(self):
        """TF's TypeSpec._serialize: the constructor arguments."""
        return (self._shape, self._dtype, self._name)

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and (self._shape, self._dtype, self._name) == (
            other._shape, other._dtype, other._name)

    def __hash__(self):
        return hash((self._shape, self._dtype, self._name))

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"
