"""tf.IndexedSlicesSpec: the type of a tf.IndexedSlices (TF's
python/framework/indexed_slices.py), with TF's component protocol (values, indices and,
when it has a dtype, dense_shape)."""
import numpy as np

from . import dtypes
from .indexed_slices import IndexedSlices
from .tensor_shape import TensorShape
from .tensor_spec import TensorSpec
from .tensor_util import get_static_value
from .type_spec import SerializedTypeSpec


class IndexedSlicesSpec(SerializedTypeSpec):
    """tf.IndexedSlicesSpec(shape=None, dtype=tf.float32, indices_dtype=tf.int64,
    dense_shape_dtype=None, indices_shape=None)."""

    __slots__ = ("_shape", "_values_dtype", "_indices_dtype", "_dense_shape_dtype",
                 "_indices_shape")

    def __init__(self, shape=None, dtype=dtypes.float32, indices_dtype=dtypes.int64,
                 dense_shape_dtype=None, indices_shape=None):
        self._shape = TensorShape(shape)
        self._values_dtype = dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = (None if dense_shape_dtype is None
                                   else dtypes.as_dtype(dense_shape_dtype))
        self._indices_shape = TensorShape(indices_shape).with_rank(1)

    value_type = property(lambda self: IndexedSlices)

    def _serialize(self):
        return (self._shape, self._values_dtype, self._indices_dtype, self._dense_shape_dtype,
                self._indices_shape)

    @property
    def _component_specs(self):
        specs = (TensorSpec(self._indices_shape.concatenate(self._shape[1:]),
                            self._values_dtype),
                 TensorSpec(self._indices_shape, self._indices_dtype))
        if self._dense_shape_dtype is not None:
            specs += (TensorSpec([self._shape.ndims], self._dense_shape_dtype),)
        return specs

    def _to_components(self, value):
        if value.dense_shape is None:
            return (value.values, value.indices)
        return (value.values, value.indices, value.dense_shape)

    def _from_components(self, tensor_list):
        return IndexedSlices(*tensor_list)

    def _probe_value(self, size, filled):
        """An IndexedSlices of this spec, `size` for its unknown dimensions: no rows, or
        `filled` with rows 0, 1, ... (get_concrete_function traces both for its output
        types)."""
        from .constant_op import convert_to_tensor
        rank = self._shape.rank
        dims = [size if d is None else d for d in
                (self._shape.as_list() if rank is not None else [None, None])]
        n = self._indices_shape[0]
        n = (min(size, dims[0]) if filled else 0) if n is None else n
        values = np.zeros([n] + dims[1:], self._values_dtype.as_numpy_dtype)
        indices = np.arange(n) % max(dims[0], 1)
        parts = [convert_to_tensor(values), convert_to_tensor(indices, self._indices_dtype)]
        if self._dense_shape_dtype is not None:
            parts.append(convert_to_tensor(dims, self._dense_shape_dtype))
        return IndexedSlices(*parts)


def indexed_slices_spec(value):
    """The IndexedSlicesSpec of an IndexedSlices (TF's IndexedSlices._type_spec)."""
    values, indices, dense_shape = value.values, value.indices, value.dense_shape
    indices_shape = indices.shape.merge_with(values.shape[:1])
    shape = TensorShape([None]).concatenate(values.shape[1:])
    if dense_shape is not None:
        static = get_static_value(dense_shape)
        shape = shape.merge_with(
            TensorShape([int(d) for d in static]) if static is not None else
            TensorShape(None if dense_shape.shape.rank is None or dense_shape.shape[0] is None
                        else [None] * dense_shape.shape[0]))
    return IndexedSlicesSpec(shape, values.dtype, indices.dtype,
                             None if dense_shape is None else dense_shape.dtype, indices_shape)


IndexedSlicesSpec.__module__ = "tensorflow.python.framework.indexed_slices"
