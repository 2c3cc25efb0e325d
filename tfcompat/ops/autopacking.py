"""TF's autopacking (array_ops._autopacking_conversion_function): tf.convert_to_tensor of
a (nested) list holding traced Tensors stacks it, converting its Python numbers to the
dtype of its first Tensor."""
from ..framework.constant_op import convert_to_tensor, register_list_conversion
from ..framework.tensor import Tensor
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


def autopack(value, dtype=None):
    """A (nested) list or tuple holding Tensors as one stacked Tensor."""
    return _pack(value, dtype or _first_dtype(value))


register_list_conversion(autopack)
