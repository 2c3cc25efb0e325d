"""tf.SparseTensor: a tensor of shape `dense_shape` holding `values` at `indices` (int64,
[N, rank]) and zeros elsewhere. The class holds its three component tensors and checks
their shapes as TF's constructor does.

As a tf.function argument its indices and dense_shape are part of the trace's key (the
sparse ops compute their output structure on the host, and XLA compiles static shapes):
a trace sees them as constants and takes the values as its input. Deliberate difference:
TF traces once for every SparseTensor of one SparseTensorSpec; tfcompat once per
structure."""
import numpy as np

from . import dtypes
from .func_graph import GraphTensor
from .strings import StringIds
from .tensor import EagerTensor, Tensor, symbolic
from .tensor_shape import TensorShape
from .trace_type import ExactTraceType
from .context import x64_methods


@x64_methods
class SparseTensor:
    """tf.sparse.SparseTensor(indices, values, dense_shape)."""

    __slots__ = ("_indices", "_values", "_dense_shape", "_shape")

    def __init__(self, indices, values, dense_shape):
        from .constant_op import convert_to_tensor

        def component(x, **kwargs):   # (a graph's tensors: a ConcreteFunction's outputs)
            return x if isinstance(x, GraphTensor) else convert_to_tensor(x, **kwargs)
        self._indices = component(indices, dtype=dtypes.int64, name="indices")
        self._values = component(values, name="values")
        self._dense_shape = component(dense_shape, dtype=dtypes.int64, name="dense_shape")
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

    @property
    def _type_spec(self):
        from .sparse_tensor_spec import SparseTensorSpec
        return SparseTensorSpec(self._shape, self.dtype)

    def __tf_tracing_type__(self, context):
        return _SparseTraceType(self)


class _SparseTraceType(ExactTraceType):
    """The TraceType of a SparseTensor argument: its indices and dense_shape by value,
    its values by shape and dtype (the tensor passed in). One whose structure is itself
    traced (made in an enclosing tf.function) is keyed by identity, passed as it is."""

    def __init__(self, sp):
        self._sp = sp
        self.tf_type = None
        if symbolic(sp.indices._value) or symbolic(sp.dense_shape._value):
            self._key = ("id", id(sp))
            return
        # (what TF's trace is keyed by, its SparseTensorSpec: a trace for new indices of
        # the same spec is silent, tf.function)
        self.tf_type = ("spec", sp._type_spec)
        self._indices = np.asarray(sp.indices._value)
        self._dense_shape = np.asarray(sp.dense_shape._value)
        self._key = (self._indices.shape, self._indices.tobytes(), self._dense_shape.tobytes(),
                     sp.values._value.shape, sp.dtype)


    def to_tensors(self, value):
        return [] if self._key[0] == "id" else [value.values]

    def from_tensors(self, tensors):
        value = next(tensors)   # the traced values (an array)
        values = EagerTensor(StringIds(value) if self._key[-1] == dtypes.string else value)
        return SparseTensor(self._indices, values, self._dense_shape)

    def placeholder_value(self, placeholder_context):
        return self._sp

    def __eq__(self, other):
        return type(other) is _SparseTraceType and self._key == other._key

    def __hash__(self):
        return hash(self._key)


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
