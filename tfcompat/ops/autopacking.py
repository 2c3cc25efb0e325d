"""TF's autopacking (array_ops._autopacking_conversion_function): tf.convert_to_tensor of
a (nested) list holding Tensors stacks it, converting its Python numbers to the dtype of
its first Tensor."""
import numpy as np

from ..framework.constant_op import convert_to_tensor, register_list_conversion
from ..framework.tensor import Tensor, symbolic
from .manip_ops import stack


def _first_dtype(value):
    """TF's _get_dtype_from_nested_lists: the dtype of the first Tensor in `value`."""
    for v in value:
        if isinstance(v, Tensor):
            return v.dtype
        if type(v) in (list, tuple):
            d = _first_dtype(v)
            if d is not None:
                return d
    return None


def _pack(value, dtype):
    if type(value) in (list, tuple):
        return stack([_pack(v, dtype) for v in value])
    return convert_to_tensor(value, dtype)


def _values(value):
    """`value` with its eager Tensors as NumPy arrays; None if it holds a traced one."""
    if type(value) in (list, tuple):
        out = [_values(v) for v in value]
        return None if any(v is None for v in out) else out
    if isinstance(value, Tensor):
        return None if symbolic(value._value) else np.asarray(value._value)
    return value


def autopack(value, dtype=None):
    """A (nested) list or tuple holding Tensors as one stacked Tensor. Eagerly, a `dtype`
    other than the first Tensor's is TF's constant conversion of the values instead."""
    first = _first_dtype(value)
    if dtype is not None and dtype is not first:
        values = _values(value)
        if values is not None:
            return convert_to_tensor(values, dtype)
    return _pack(value, dtype or first)


register_list_conversion(autopack)
