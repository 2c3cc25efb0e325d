"""tf.SparseTensorSpec: the type of a tf.SparseTensor (its static shape and dtype).

tfcompat's tf.function does not take it in an input_signature yet (a SparseTensor
argument is passed as a Python object); it describes values (from_value,
is_compatible_with) and prints as TF's."""
from . import dtypes
from .sparse_tensor import SparseTensor
from .tensor_shape import TensorShape
from .type_spec import TypeSpec


class SparseTensorSpec(TypeSpec):
    """tf.SparseTensorSpec(shape=None, dtype=tf.float32)."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    value_type = property(lambda self: SparseTensor)

    @classmethod
    def from_value(cls, value):
        """SparseTensorSpec.from_value: the spec of a SparseTensor."""
        return cls(value.shape, value.dtype)

    def is_compatible_with(self, spec_or_value):
        """Whether `spec_or_value` (a SparseTensorSpec) has this dtype and a compatible
        shape (as TF, a SparseTensor value itself is not compatible)."""
        return (type(spec_or_value) is SparseTensorSpec
                and self._dtype == spec_or_value.dtype
                and self._shape.is_compatible_with(spec_or_value.shape))

    def __eq__(self, other):
        return (type(other) is SparseTensorSpec and self._dtype == other.dtype
                and self._shape == other.shape)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self._shape, self._dtype))

    def __repr__(self):
        return "SparseTensorSpec(%r, %r)" % (self._shape, self._dtype)


SparseTensorSpec.__module__ = "tensorflow.python.framework.sparse_tensor"
