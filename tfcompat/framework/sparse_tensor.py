"""tf.SparseTensor: a tensor of shape `dense_shape` holding `values` at `indices` (int64,
[N, rank]) and zeros elsewhere. The class holds its three component tensors and checks
their shapes as TF's constructor does."""
from . import dtypes
from .tensor import Tensor, symbolic
from .tensor_shape import TensorShape


class SparseTensor:
    """tf.sparse.SparseTensor(indices, values, dense_shape)."""

    __slots__ = ("_indices", "_values", "_dense_shape", "_shape")

    def __init__(self, indices, values, dense_shape):
        from .constant_op import convert_to_tensor
        self._indices = convert_to_tensor(indices, dtype=dtypes.int64, name="indices")
        self._values = convert_to_tensor(values, name="values")
        self._dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int64,
                                              name="dense_shape")
        self._shape = _static_shape(self._dense_shape)
        indices_shape = self._indices.shape.with_rank(2)
        values_shape = self._values.shape.with_rank(1)
        dense_shape_shape = self._dense_shape.shape.with_rank(1)
        _assert_compatible(indices_shape[0], values_shape[0])
        _assert_compatible(indices_shape[1], dense_shape_shape[0])

    @classmethod
    def from_value(cls, sparse_tensor_value):
        """SparseTensor.from_value: the SparseTensor itself (or one of a value's parts)."""
        if isinstance(sparse_tensor_value, SparseTensor):
            return sparse_tensor_value
        return cls(sparse_tensor_value.indices, sparse_tensor_value.values,
                   sparse_tensor_value.dense_shape)

    indices = property(lambda self: self._indices)
    values = property(lambda self: self._values)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)
    shape = property(lambda self: self._shape)
    device = property(lambda self: self._values.device)

    def get_shape(self):
        return self._shape

    def set_shape(self, shape):
        """SparseTensor.set_shape: the static shape merged with `shape` (ValueError if
        they are incompatible)."""
        self._shape = self._shape.merge_with(TensorShape(shape))

    def with_values(self, new_values):
        """SparseTensor.with_values: the same indices and dense_shape, new values."""
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def __str__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (
            self._indices, self._values, self._dense_shape)

    __repr__ = __str__


def _static_shape(dense_shape):
    """TF's constant_value_as_shape of `dense_shape`: its values when known, else the rank
    only."""
    if isinstance(dense_shape, Tensor) and not symbolic(dense_shape._value):
        return TensorShape([int(d) for d in dense_shape.numpy()])
    n = dense_shape.shape[0]
    return TensorShape(None if n is None else [None] * n)


def _assert_compatible(a, b):
    if a is not None and b is not None and a != b:
        raise ValueError(f"Dimensions {a} and {b} are not compatible")


SparseTensor.__module__ = "tensorflow.python.framework.sparse_tensor"   # (Keras checks it)
