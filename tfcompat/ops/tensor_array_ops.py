"""tf.TensorArray, backed by a Python list of Tensors.

It works eagerly, and inside tf.function wherever its indices are static (loops over a
Python range or a tf.range with static bounds, which AutoGraph unrolls). An index traced
inside a while loop is not supported: write/read raise a TypeError saying so.
"""
import jax

from ..framework import dtypes, errors
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from . import array_ops

__all__ = ["TensorArray"]


def _static_index(index, what):
    if isinstance(index, Tensor):
        if isinstance(index._value, jax.core.Tracer):
            raise TypeError(f"tfcompat's tf.TensorArray.{what} needs a static index: inside "
                            f"tf.function loop over a Python range or a tf.range with static "
                            f"bounds.")
        return int(index)
    return int(index)


class TensorArray:
    """tf.TensorArray(dtype, size=None, dynamic_size=None, ..., element_shape=None)."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        self._dtype = dtypes.as_dtype(dtype)
        self._elements = [None] * (0 if size is None else _static_index(size, "size"))
        self._dynamic_size = bool(dynamic_size)
        self._element_shape = None if element_shape is None else TensorShape(element_shape)

    dtype = property(lambda self: self._dtype)
    dynamic_size = property(lambda self: self._dynamic_size)
    element_shape = property(lambda self: self._element_shape or TensorShape(None))

    def _copy(self, elements, element_shape=None):
        ta = TensorArray(self._dtype, dynamic_size=self._dynamic_size,
                         element_shape=element_shape or self._element_shape)
        ta._elements = elements
        return ta

    def size(self, name=None):
        return constant(len(self._elements), dtypes.int32)

    def write(self, index, value, name=None):
        i = _static_index(index, "write")
        value = convert_to_tensor(value, dtype=self._dtype)
        elements = list(self._elements)
        if i >= len(elements):
            if not self._dynamic_size:
                raise errors.OutOfRangeError(
                    None, None, f"Tried to write to index {i} but array is not resizeable and "
                                f"size is: {len(elements)} ")
            elements.extend([None] * (i + 1 - len(elements)))
        elements[i] = value
        return self._copy(elements, self._element_shape or value.shape)

    def read(self, index, name=None):
        i = _static_index(index, "read")
        if i >= len(self._elements) or self._elements[i] is None:
            if self._element_shape is not None and self._element_shape.is_fully_defined() \
                    and i < len(self._elements):
                return array_ops.zeros(self._element_shape, self._dtype)
            raise errors.InvalidArgumentError(
                None, None, f"Could not read from TensorArray index {i} because it has not "
                            f"yet been written to.")
        return self._elements[i]

    def stack(self, name=None):
        if not self._elements:
            shape = [0] + (self._element_shape.as_list() if self._element_shape is not None
                           and self._element_shape.is_fully_defined() else [])
            return array_ops.zeros(shape, self._dtype)
        return array_ops.stack([self.read(i) for i in range(len(self._elements))])

    def gather(self, indices, name=None):
        return array_ops.stack([self.read(i) for i in convert_to_tensor(indices).numpy()])

    def concat(self, name=None):
        return array_ops.concat([self.read(i) for i in range(len(self._elements))], 0)

    def unstack(self, value, name=None):
        value = convert_to_tensor(value, dtype=self._dtype)
        return self._copy(list(array_ops.unstack(value)), value.shape[1:])

    def scatter(self, indices, value, name=None):
        ta = self
        for i, row in zip(convert_to_tensor(indices).numpy(), array_ops.unstack(value)):
            ta = ta.write(int(i), row)
        return ta

    def split(self, value, lengths, name=None):
        value = convert_to_tensor(value, dtype=self._dtype)
        sizes = [int(n) for n in convert_to_tensor(lengths).numpy()]
        return self._copy(list(array_ops.split(value, sizes)) if sizes else [])

    def identity(self):
        return self._copy(list(self._elements))

    def close(self, name=None):
        return None
