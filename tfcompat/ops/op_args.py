"""What the array-op modules share: static arguments as Python ints, run-time value checks
that work eagerly and inside a tf.function, and TF's kernel error texts."""
import jax
import numpy as np

from ..framework import errors
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def traced(*values):
    """Whether any of `values` (Tensors, Variables, arrays) is computed inside a tf.function
    being traced (a jax Tracer): its value is known only when the function runs."""
    return any(isinstance(getattr(v, "_value", v), jax.core.Tracer) for v in values)


def traced_within(value):
    """`traced` for an argument that may be a (nested) list of tensors."""
    if isinstance(value, (list, tuple)):
        return any(traced_within(v) for v in value)
    return traced(value)


def static_error(api, arg):
    """The error for a traced tensor given as argument `arg` of `api` where XLA needs a
    value known at trace time (a shape, an axis, a size)."""
    return TypeError(f"tfcompat: the {arg} argument of {api} must be known when the "
                     f"tf.function is traced (XLA compiles static shapes); got a tensor "
                     f"computed inside the function")


def dynamic_shape_error(api, arg):
    """The error for `api` applied to a traced `arg` when its output shape depends on the
    values of `arg` (TF gives an unknown shape there; XLA cannot)."""
    return TypeError(f"tfcompat: {api} is not supported on a tensor computed inside a "
                     f"tf.function: its output shape depends on the values of {arg} (TF gives "
                     f"an unknown shape; XLA compiles static shapes)")


def concrete(value, api, arg):
    """The NumPy value of a Tensor argument whose values decide an output shape; a traced
    one raises `dynamic_shape_error`."""
    if traced(value):
        raise dynamic_shape_error(api, arg)
    return np.asarray(getattr(value, "_value", value))


def deferred(*tensors):
    """Whether TF's run-time value checks of `tensors` must be made when the computation
    runs (their values are traced). Otherwise (eagerly, or constants in a tf.function)
    they are made at once, on the host."""
    return traced(*tensors)


def check_values(error, *tensors):
    """TF's run-time check ``error(*numpy arrays) -> Exception | None`` of op inputs
    `tensors`: eagerly it is made now (raising) and this returns False; inside a
    tf.function it returns True, and the op's JAX function makes it when it runs
    (host_callback.checked, enabled by the op's `checked` attribute)."""
    if deferred(*tensors):
        return True
    exc = error(*(np.asarray(t._value) for t in tensors))
    if exc is not None:
        raise exc
    return False


def checked_attr(error, *tensors):
    """``(("checked", True),)`` for `execute` when `check_values` defers the check, else
    ``()``."""
    return (("checked", True),) if check_values(error, *tensors) else ()


def static_ints(value, api="this op", arg="shape"):
    """A shape/axis argument (list, tuple, TensorShape, Tensor) as a tuple of Python ints;
    a traced tensor raises `static_error(api, arg)`."""
    if isinstance(value, (Tensor, Variable)):
        if traced(value):
            raise static_error(api, arg)
        return tuple(np.asarray(value._value).reshape(-1).tolist())
    if isinstance(value, TensorShape):
        return tuple(value.as_list())
    if isinstance(value, (int, np.integer)):
        return (int(value),)
    return tuple(static_int(v, api, arg) for v in value)


def static_int(value, api="this op", arg="axis"):
    """A scalar argument (Python/numpy int or scalar Tensor) as a Python int; a traced
    tensor raises `static_error(api, arg)`."""
    if isinstance(value, (Tensor, Variable)):
        if traced(value):
            raise static_error(api, arg)
        return int(np.asarray(value._value))
    if isinstance(value, np.ndarray):
        return int(value)
    if traced(value):
        raise static_error(api, arg)
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
