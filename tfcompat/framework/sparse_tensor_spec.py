"""tf.SparseTensorSpec: the type of a tf.SparseTensor (its static shape and dtype), with
TF's TypeSpec component protocol (_component_specs, _to_components, _from_components)
that tf.function's input_signature casts and its outputs use."""
import numpy as np

from . import dtypes
from .sparse_tensor import SparseTensor
from .tensor_shape import TensorShape
from .tensor_spec import TensorSpec
from .type_spec import TypeSpec
from .type_spec_registry import register


@register("tf.SparseTensorSpec")
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

    def _serialize(self):
        """TF's TypeSpec._serialize: the constructor arguments."""
        return (self._shape, self._dtype)

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def is_compatible_with(self, spec_or_value):
        """Whether `spec_or_value` (a SparseTensorSpec) has this dtype and a compatible
        shape (as TF, a SparseTensor value itself is not compatible)."""
        return (type(spec_or_value) is SparseTensorSpec
                and self._dtype == spec_or_value.dtype
                and self._shape.is_compatible_with(spec_or_value.shape))

    def is_subtype_of(self, other):
        return (type(other) is SparseTensorSpec and self._dtype == other.dtype
                and self._shape.is_subtype_of(other.shape))

    @property
    def _component_specs(self):
        rank = self._shape.ndims
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], dtypes.int64)]

    def _to_components(self, value):
        return [value.indices, value.values, value.dense_shape]

    def _from_components(self, tensor_list):
        return SparseTensor(*tensor_list)

    def _probe_value(self, size, filled):
        """A SparseTensor of this spec, `size` for its unknown dimensions: empty, or
        `filled` with up to `size` entries (get_concrete_function of the spec traces both
        to find its output types)."""
        from .constant_op import convert_to_tensor
        dims = [size if d is None else d for d in
                (self._shape.as_list() if self._shape.rank is not None else [None])]
        n = min(size, int(np.prod(dims))) if filled else 0
        indices = np.stack(np.unravel_index(np.arange(n), dims), 1).reshape(n, len(dims))
        return SparseTensor(convert_to_tensor(indices.astype(np.int64)),
                            convert_to_tensor(np.full(
                                [n], b"" if self._dtype == dtypes.string else 0,
                                self._dtype.as_numpy_dtype), self._dtype), dims)

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
