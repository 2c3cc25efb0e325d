"""What the array-op modules share: static arguments as Python ints, and TF's kernel
error texts."""
import numpy as np

from ..framework import errors
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def static_ints(value):
    """A shape/axis argument (list, tuple, TensorShape, Tensor) as a tuple of Python ints."""
    if isinstance(value, (Tensor, Variable)):
        return tuple(np.asarray(value._value).reshape(-1).tolist())
    if isinstance(value, TensorShape):
        return tuple(value.as_list())
    if isinstance(value, (int, np.integer)):
        return (int(value),)
    return tuple(int(v) for v in value)


def static_int(value):
    """A scalar argument (Python/numpy int or scalar Tensor) as a Python int."""
    if isinstance(value, (Tensor, Variable)):
        return int(np.asarray(value._value))
    return int(value)


def dims(shape):
    """A shape as TF's kernels print it: [3,4]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def kernel_error(op, text, name=None, kernel=None, cls=errors.InvalidArgumentError):
    """A failure of kernel `kernel` (default `op`) as TF's eager runtime words it:
    ``{{function_node __wrapped__K_device_...}} text [Op:op]``, then `` name: NAME``
    when `name` is not None."""
    suffix = "" if name is None else f" name: {name}"
    return cls(None, None, f"{{{{function_node __wrapped__{kernel or op}_device_{_DEVICE}}}}} "
                           f"{text} [Op:{op}]{suffix}")


def attr_error(op, attr, dtype, allowed, summary, name=None):
    """TF's "Value for attr 'T' of float is not in the list of allowed values" for an
    attribute other than T (Tindices, out_idx, ...); `summary` is the op-def text."""
    suffix = "" if name is None else f" name: {name}"
    return errors.InvalidArgumentError(
        None, None,
        f"Value for attr '{attr}' of {dtype._tf_name} is not in the list of allowed values: "
        f"{', '.join(allowed)}\n\t; NodeDef: {{{{node {op}}}}}; Op<{summary}> [Op:{op}]{suffix}")
