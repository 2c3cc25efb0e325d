"""TF's autopacking (array_ops._autopacking_conversion_function): tf.convert_to_tensor of
a (nested) list holding Tensors or Variables stacks it (a Variable read as a Tensor, on
the tape as TF's), converting its Python numbers to the dtype of its first Tensor."""
import numpy as np

from ..framework.constant_op import convert_to_tensor, register_list_conversion
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from .cast_ops import cast
from .manip_ops import pack


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


def _pack(value, dtype, name="packed", scope=""):
    """TF's _autopacking_helper: a Pack named `name` in name scope `scope` (its values
    converted in its own: ``packed/1``); eagerly, one of Tensors alone is named `name`
    and one with other values nothing. Its Tensors of another dtype are cast
    (_cast_nested_seqs_to_dtype)."""
    if type(value) not in (list, tuple):
        if isinstance(value, Tensor):
            return value if value.dtype == dtype else cast(value, dtype)
        return convert_to_tensor(value, dtype)
    items = [_pack(v, dtype, str(i), f"{scope}{name}/") for i, v in enumerate(value)]
    eager_name = name if all(isinstance(v, Tensor) for v in value) else ""
    return pack(items, 0, scope + name, eager_name,
                arg_names=[str(i) for i in range(len(items))])


def _values(value):
    """`value` with its eager Tensors as NumPy arrays; None if it holds a traced one."""
    if type(value) in (list, tuple):
        out = [_values(v) for v in value]
        return None if any(v is None for v in out) else out
    if isinstance(value, Tensor):
        return None if symbolic(value._value) else np.asarray(value._value)
    return value


def _read_variables(value):
    if type(value) in (list, tuple):
        return [_read_variables(v) for v in value]
    return convert_to_tensor(value) if isinstance(value, Variable) else value


def autopack(value, dtype=None):
    """A (nested) list or tuple holding Tensors or Variables as one stacked Tensor.
    Eagerly, a `dtype` other than the first Tensor's is TF's constant conversion of the
    values instead (where they are rectangular)."""
    value = _read_variables(value)
    first = _first_dtype(value)
    if dtype is not None and dtype is not first:
        values = _values(value)
        if values is not None:
            try:
                return convert_to_tensor(values, dtype)
            except ValueError:   # (not rectangular: packed, TF's error)
                pass
    return _pack(value, dtype or first)


register_list_conversion(autopack)
