"""What the array-op modules share: static arguments as Python ints, run-time value checks
that work eagerly and inside a tf.function, TF's kernel error texts, and the size check of
every allocating op (`check_alloc`)."""
import math
import os

import jax
import numpy as np

from ..framework import dtypes, errors
from ..framework.context import ctx
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


_INDEX_SIG = "attr=T:type; attr={attr}:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"
# op -> (its index attribute, the parameter, its op-def summary) for `index_dtype_error`.
_INDEX_ARGS = {
    "Reshape": ("Tshape", "shape", "name=Reshape; signature=tensor:T, shape:Tshape -> "
                                   "output:T; " + _INDEX_SIG.format(attr="Tshape")),
    "Tile": ("Tmultiples", "multiples", "name=Tile; signature=input:T, multiples:Tmultiples "
                                        "-> output:T; " + _INDEX_SIG.format(attr="Tmultiples")),
    "Transpose": ("Tperm", "perm", "name=Transpose; signature=x:T, perm:Tperm -> y:T; "
                                   + _INDEX_SIG.format(attr="Tperm")),
    "BroadcastTo": ("Tidx", "shape", "name=BroadcastTo; signature=input:T, shape:Tidx -> "
                                     "output:T; " + _INDEX_SIG.format(attr="Tidx")),
    "Fill": ("index_type", "dims", "name=Fill; signature=dims:index_type, value:T -> output:T; "
                                   + _INDEX_SIG.format(attr="index_type")),
    "ConcatV2": ("Tidx", "axis", "name=ConcatV2; signature=values:N*T, axis:Tidx -> output:T; "
                                 "attr=N:int,min=2; " + _INDEX_SIG.format(attr="Tidx")),
    "ExpandDims": ("Tdim", "dim", "name=ExpandDims; signature=input:T, dim:Tdim -> output:T; "
                                  + _INDEX_SIG.format(attr="Tdim")),
    "GatherV2": ("Taxis", "axis", "name=GatherV2; signature=params:Tparams, indices:Tindices, "
                                  "axis:Taxis -> output:Tparams; attr=batch_dims:int,default=0; "
                                  "attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, "
                                  "DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, "
                                  "DT_INT64]"),
}
_REDUCE_SIG = ("name={name}; signature=input:{t}, reduction_indices:Tidx -> output:{t}; "
               "attr=keep_dims:bool,default=false; {allowed}"
               "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")
_SUM_TYPES = ("attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
              "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
              "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; ")
_MAX_TYPES = ("attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
              "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, "
              "DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16]; ")
for _name, _t, _allowed in (("Sum", "T", _SUM_TYPES), ("Prod", "T", _SUM_TYPES),
                            ("Mean", "T", _SUM_TYPES), ("Max", "T", _MAX_TYPES),
                            ("Min", "T", _MAX_TYPES), ("All", "bool", ""),
                            ("Any", "bool", "")):
    _INDEX_ARGS[_name] = ("Tidx", "reduction_indices",
                          _REDUCE_SIG.format(name=_name, t=_t, allowed=_allowed))
_INDEX_ARGS["ArgMin"] = (
    "Tidx", "dimension", "name=ArgMin; signature=input:T, dimension:Tidx -> output:output_type; "
    + _MAX_TYPES[:-3] + ", DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
    "attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]")


def _non_integer_dtype(value):
    """The dtype TF would convert a shape-like `value` to when it is not an integer one
    (float values: float32 for Python lists), else None."""
    if isinstance(value, (Tensor, Variable)):
        dt = value.dtype
        return None if dt.is_integer else dt
    if isinstance(value, np.ndarray):
        return None if value.dtype.kind in "iu" else dtypes.as_dtype(value.dtype)
    if isinstance(value, (list, tuple)):
        for v in value:
            if isinstance(v, (float, np.floating)):
                return dtypes.float32 if isinstance(v, float) else dtypes.as_dtype(v.dtype)
    return None


def index_dtype_error(value, op):
    """TF's error for a shape/multiples/perm argument of `op` (one of `_INDEX_ARGS`) whose
    dtype is not int32/int64, or None: eagerly the kernel's InvalidArgumentError, in a
    tf.function the graph wrapper's TypeError."""
    if isinstance(value, float):    # a Python float scalar
        attr, param, summary = _INDEX_ARGS[op]
        if ctx.traces:
            return TypeError(f"Value passed to parameter '{param}' has DataType float32 not "
                             f"in list of allowed values: int32, int64")
        if f"{attr}:type,default=DT_INT32" in summary:   # converted with an int32 dtype hint
            return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int32")
        return attr_error(op, attr, dtypes.float32, ("int32", "int64"), summary)
    dt = _non_integer_dtype(value)
    if dt is None:
        return None
    attr, param, summary = _INDEX_ARGS[op]
    if ctx.traces:
        return TypeError(f"Value passed to parameter '{param}' has DataType {dt.name} not in "
                         f"list of allowed values: int32, int64")
    return attr_error(op, attr, dt, ("int32", "int64"), summary,
                      "" if isinstance(value, (Tensor, Variable)) else None)


def static_ints(value, api="this op", arg="shape", op=None):
    """A shape/axis argument (list, tuple, TensorShape, Tensor) as a tuple of Python ints;
    a traced tensor raises `static_error(api, arg)`. With `op` (a key of `_INDEX_ARGS`),
    values that are not integers raise TF's error for that op's index argument."""
    if op is not None:
        exc = index_dtype_error(value, op)
        if exc is not None:
            raise exc
    if isinstance(value, (Tensor, Variable)):
        if traced(value):
            raise static_error(api, arg)
        return tuple(np.asarray(value._value).reshape(-1).tolist())
    if isinstance(value, TensorShape):
        return tuple(value.as_list())
    if isinstance(value, (int, np.integer)):
        return (int(value),)
    return tuple(static_int(v, api, arg) for v in value)


def static_int(value, api="this op", arg="axis", op=None):
    """A scalar argument (Python/numpy int or scalar Tensor) as a Python int; a traced
    tensor raises `static_error(api, arg)`. With `op` (a key of `_INDEX_ARGS`), a Python
    float raises TF's error for that op's index argument."""
    if op is not None and isinstance(value, float):
        raise index_dtype_error(value, op)
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


# -- sizes of new tensors ---------------------------------------------------------------------

def _physical_memory():
    """The machine's physical memory in bytes (no tensor bigger than it can be allocated);
    2**63 - 1 where the platform does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return 2**63 - 1


# The most bytes one new tensor may take: the machine's physical memory. A bigger request
# fails as TF's allocator fails it (ResourceExhaustedError), before JAX/XLA sees the shape
# (XLA aborts the process on shapes of more than 2**63 - 1 bytes).
MAX_BYTES = _physical_memory()
_MAX_ELEMENTS = 2**63 - 1


def check_alloc(shape, dtype, op, name="", kernel=None):
    """TF's errors for a new tensor of `shape` (a tuple of Python ints) and `dtype` (a
    tfcompat DType) made by kernel `op`, raised before JAX sees the shape, eagerly and when
    a tf.function is traced (the shape is static there): a negative dimension, an element
    count over 2**63 - 1 (InvalidArgumentError, checked dimension by dimension as TF's
    TensorShape does), more bytes than `MAX_BYTES` (ResourceExhaustedError, TF's OOM text).
    `name` and `kernel` are as in `kernel_error`. Ordinary sizes cost one product and
    compares."""
    n = math.prod(shape)
    if 0 < n <= _MAX_ELEMENTS and n * _itemsize(dtype) <= MAX_BYTES and min(shape, default=1) > 0:
        return
    n = 1
    for d in shape:
        if d < 0:
            raise kernel_error(op, f"Dimension {d} must be >= 0", name, kernel)
        n *= d
        if n > _MAX_ELEMENTS:
            text = ",".join("?" if d == -1 else str(d) for d in shape)
            raise kernel_error(op, f"Shape [{text}] would have more than 2**63 - 1 elements",
                               name, kernel)
    if n * _itemsize(dtype) > MAX_BYTES:
        raise kernel_error(op, f"OOM when allocating tensor with shape{dims(shape)} and type "
                               f"{dtype._tf_name} on {_DEVICE} by allocator mklcpu", name,
                           kernel, errors.ResourceExhaustedError)


def _itemsize(dtype):
    np_type = dtype._np
    return 8 if np_type is None else np_type.itemsize
