"""tf.RaggedTensorSpec (TF's ragged_tensor.RaggedTensorSpec) and the TraceType a
RaggedTensor argument of a tf.function is traced by."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant
from ..framework.strings import StringIds
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType
from ..framework.type_spec import TypeSpec
from ..framework.type_spec_registry import register
from . import array_ops
from .ragged_tensor import RaggedTensor

class RaggedTraceType(ExactTraceType):
    """The TraceType of a RaggedTensor argument: flat values' shape and dtype, and the
    row partitions' values."""

    def __init__(self, rt):
        flat = rt.flat_values
        self._splits = tuple(s.numpy() for s in rt.nested_row_splits)
        self._lengths = tuple(level._static_row_length() for level in rt._levels())
        self._key = (flat._value.shape, flat.dtype, tuple(
            (s.dtype.str, s.tobytes()) for s in self._splits), self._lengths)
        self._spec = rt._type_spec


    @property
    def tf_type(self):
        """What TF's trace is keyed by (the value's RaggedTensorSpec: row partitions by
        their number of rows), where this one is keyed by the partitions' values: a new
        partition's trace is silent (tf.function)."""
        return ("spec", self._spec)

    def to_tensors(self, value):
        return [value.flat_values]

    def from_tensors(self, tensors):
        value = next(tensors)   # the traced flat values (an array)
        result = EagerTensor(StringIds(value) if self._key[1] == dtypes.string else value)
        for s, length in reversed(list(zip(self._splits, self._lengths))):
            result = RaggedTensor(result, constant(s), internal=True, uniform_row_length=None
                                  if length is None else constant(length, s.dtype))
        return result

    def placeholder_value(self, placeholder_context):
        raise NotImplementedError("tfcompat: the placeholder of a tf.RaggedTensor argument")

    def __eq__(self, other):
        return type(other) is RaggedTraceType and self._key == other._key

    def __hash__(self):
        return hash(self._key)


@register("tf.RaggedTensorSpec")
class RaggedTensorSpec(TypeSpec):
    """tf.RaggedTensorSpec(shape, dtype, ragged_rank, row_splits_dtype, flat_values_spec)."""

    __slots__ = ("_shape", "_dtype", "_ragged_rank", "_row_splits_dtype", "_flat_values_spec")

    def __init__(self, shape=None, dtype=dtypes.float32, ragged_rank=None,
                 row_splits_dtype=dtypes.int64, flat_values_spec=None):
        self._shape = TensorShape(shape)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        self._flat_values_spec = flat_values_spec
        if flat_values_spec is not None:
            if dtype is not None and dtypes.as_dtype(dtype) != flat_values_spec.dtype:
                raise ValueError("dtype must be the same as flat_values_spec.dtype")
            dtype = flat_values_spec.dtype
        self._dtype = dtypes.as_dtype(dtype)
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank. "
                                 "Received shape: %s" % (self._shape,))
            ragged_rank = rank - 1
        self._ragged_rank = ragged_rank
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if rank is not None and (ragged_rank >= rank or ragged_rank < 0):
            raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be between 0 "
                             f"and the rank of the shape ({rank}) - 1 inclusive.")

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ragged_rank = property(lambda self: self._ragged_rank)
    row_splits_dtype = property(lambda self: self._row_splits_dtype)
    flat_values_spec = property(lambda self: self._flat_values_spec)
    value_type = property(lambda self: RaggedTensor if self._ragged_rank > 0 else Tensor)

    @classmethod
    def from_value(cls, value):
        """RaggedTensorSpec.from_value: the spec of a RaggedTensor."""
        return value._type_spec

    def _serialize(self):
        """TF's TypeSpec._serialize: the constructor arguments (flat_values_spec when set)."""
        args = (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)
        return args if self._flat_values_spec is None else args + (self._flat_values_spec,)

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def is_compatible_with(self, spec_or_value):
        if isinstance(spec_or_value, RaggedTensor):
            spec_or_value = spec_or_value._type_spec
        return (isinstance(spec_or_value, RaggedTensorSpec)
                and self._dtype == spec_or_value.dtype
                and self._ragged_rank == spec_or_value.ragged_rank
                and self._row_splits_dtype == spec_or_value.row_splits_dtype
                and self._shape.is_compatible_with(spec_or_value.shape))

    def is_subtype_of(self, other):
        return (type(other) is RaggedTensorSpec and self._dtype == other.dtype
                and self._ragged_rank == other.ragged_rank
                and self._row_splits_dtype == other.row_splits_dtype
                and self._shape.is_subtype_of(other.shape))

    @property
    def _component_specs(self):
        """TF's components: the flat values' spec, then each level's row splits'."""
        if self._ragged_rank <= 0:
            return [self._flat_values_spec or TensorSpec(self._shape, self._dtype)]
        flat = self._flat_values_spec or TensorSpec(
            TensorShape([None]).concatenate(self._shape[self._ragged_rank + 1:]), self._dtype)
        outer = self._shape[0] if self._shape.rank else None
        return [flat, TensorSpec([None if outer is None else outer + 1],
                                 self._row_splits_dtype)] + \
            [TensorSpec([None], self._row_splits_dtype)] * (self._ragged_rank - 1)

    def _to_components(self, value):
        if isinstance(value, RaggedTensor):
            return [value.flat_values, *value.nested_row_splits]
        return [value]

    def _probe_value(self, size, filled):
        """A RaggedTensor of this spec, `size` for its unknown dimensions: its rows empty,
        or `filled` with one element each (get_concrete_function of the spec traces both
        to find its output types)."""
        rank = self._ragged_rank + 1 if self._shape.rank is None else self._shape.rank
        dims = [size if d is None else d for d in (
            self._shape.as_list() if self._shape.rank is not None else [None] * rank)]
        splits_dtype = self._row_splits_dtype.as_numpy_dtype
        if filled:
            splits = [np.arange(dims[0] + 1, dtype=splits_dtype)] * self._ragged_rank
        else:
            splits = [np.zeros([dims[0] + 1], splits_dtype)] + [
                np.zeros([1], splits_dtype)] * (self._ragged_rank - 1)
        values = array_ops.zeros([int(splits[-1][-1])] + dims[self._ragged_rank + 1:],
                                 self._dtype)
        return self._from_components([values] + [constant(s) for s in splits])

    def _from_components(self, tensor_list):
        result = tensor_list[0]
        for splits in reversed(tensor_list[1:]):
            result = RaggedTensor(result, splits, internal=True)
        return result

    def _key(self):
        return (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype,
                self._flat_values_spec)

    def __eq__(self, other):
        return type(other) is RaggedTensorSpec and self._key() == other._key()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._key()[:4])

    def __repr__(self):
        text = "RaggedTensorSpec(%r, %r, %r, %r" % (
            self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)
        if self._flat_values_spec is not None:
            text += ", %r" % (self._flat_values_spec,)
        return text + ")"


RaggedTensorSpec.__module__ = "tensorflow.python.ops.ragged.ragged_tensor"


