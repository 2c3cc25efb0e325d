"""What the array-op modules share: static arguments as Python ints, run-time value checks
that work eagerly and inside a tf.function, TF's kernel error texts, and the size check of
every allocating op (`check_alloc`)."""
import math
import os

import jax
import numpy as np

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx
from ..framework.graph_scope import building_here, known_value, partial_value, unknown_output
from ..framework.relaxed_shapes import ShapeValue, UnknownDim, known_dims
from ..framework.strings import StringIds
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.trace_state import ValueDependentShape
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
    value known at trace time (a shape, an axis, a size): in a tf.function's trace, its
    calls then run eagerly (ValueDependentShape)."""
    return ValueDependentShape(
        f"tfcompat: the {arg} argument of {api} must be known when the tf.function is "
        f"traced (XLA compiles static shapes); got a tensor computed inside the function")


def dynamic_shape_error(api, arg):
    """The error for `api` applied to a traced `arg` when its output shape depends on the
    values of `arg` (TF gives an unknown shape there; XLA cannot): in a tf.function's
    trace, its calls then run eagerly (ValueDependentShape)."""
    return ValueDependentShape(
        f"tfcompat: {api} is not supported on a tensor computed inside a tf.function: its "
        f"output shape depends on the values of {arg} (TF gives an unknown shape; XLA "
        f"compiles static shapes)")


def concrete(value, api, arg):
    """The NumPy value of a Tensor argument whose values decide an output shape; a traced
    one where its trace knows it (`known_value`), else `dynamic_shape_error`."""
    array = getattr(value, "_value", value)
    if type(array) is StringIds:
        raise dynamic_shape_error(api, arg)
    if traced(value):
        known = known_value(array)
        if known is None:
            raise dynamic_shape_error(api, arg)
        return known
    return np.asarray(array)


def unknown_building(value):
    """Whether `value` is a tensor of a graph being built (Keras's compute_output_spec)
    whose value is not known there."""
    return traced(value) and building_here() and known_value(value._value) is None


def unknown_where_building(value, shape, dtype, name):
    """graph_scope.unknown_output(shape, dtype, name) where `value` decides that output's
    shape and is a tensor of a graph being built whose value is not known
    (`unknown_building`); else None (the op computes its output from `concrete(value)`)."""
    return unknown_output(shape, dtype, name) if unknown_building(value) else None


def static_value(value, api, arg):
    """`value` (a Tensor, array or list) as a NumPy array; a traced tensor's value where
    its trace knows it (`known_value`), else `static_error(api, arg)`."""
    if isinstance(value, (list, tuple)) and traced_within(value):
        return np.asarray([static_value(v, api, arg) for v in value])
    if not traced(value):
        return np.asarray(getattr(value, "_value", value))
    known = known_value(value._value)
    if known is None:
        raise static_error(api, arg)
    return known


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


# op -> (its index attribute, the parameter) for `index_dtype_error`.
_INDEX_ARGS = {
    "Reshape": ("Tshape", "shape"), "Tile": ("Tmultiples", "multiples"),
    "Transpose": ("Tperm", "perm"), "BroadcastTo": ("Tidx", "shape"),
    "Fill": ("index_type", "dims"), "ConcatV2": ("Tidx", "axis"), "ExpandDims": ("Tdim", "dim"),
    "ReverseV2": ("Tidx", "axis"), "Slice": ("Index", "begin"), "GatherV2": ("Taxis", "axis"),
    "Sum": ("Tidx", "reduction_indices"), "Prod": ("Tidx", "reduction_indices"),
    "Mean": ("Tidx", "reduction_indices"), "Max": ("Tidx", "reduction_indices"),
    "Min": ("Tidx", "reduction_indices"), "All": ("Tidx", "reduction_indices"),
    "Any": ("Tidx", "reduction_indices"), "Cumsum": ("Tidx", "axis"),
    "Cumprod": ("Tidx", "axis"), "CumulativeLogsumexp": ("Tidx", "axis"),
    "ArgMin": ("Tidx", "dimension"), "ArgMax": ("Tidx", "dimension"),
    "Pad": ("Tpaddings", "paddings"), "PadV2": ("Tpaddings", "paddings"),
    "MirrorPad": ("Tpaddings", "paddings"),
}


_NONE_TEXT = ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
              "to a Tensor.")
_MIXED = "Can't convert Python sequence with mixed types to Tensor."
# (the kind of a Python scalar as TF's sequence conversion sees it)
_PY_KINDS = ((bool, "b"), (int, "i"), (float, "f"), ((str, bytes), "s"), (complex, "c"))


def _py_kind(v):
    if isinstance(v, (Tensor, Variable)):
        return np.asarray(v._value).dtype.kind
    if isinstance(v, (np.ndarray, np.generic)):
        return v.dtype.kind
    for types, kind in _PY_KINDS:
        if isinstance(v, types):
            return kind
    raise dtypes.unsupported_value_error(v)


def _flatten(value, out, depth=0):
    """The leaves of a nested list into `out`; returns the nesting depth of every leaf
    (TF's mixed-types error for leaves at several depths)."""
    if value is None:
        raise ValueError(_NONE_TEXT)
    if isinstance(value, (list, tuple)):
        depths = {_flatten(v, out, depth + 1) for v in value} or {depth + 1}
        if len(depths) > 1:
            raise ValueError(_MIXED)
        return depths.pop()
    out.append(value)
    return depth


def _symbolic(v):
    """Whether `v` is a jax symbolic dimension (an unknown one of a graph being built)."""
    return type(v).__name__ == "_DimExpr"


def _known(value, api, arg):
    """A traced shape argument as far as the static shapes of a graph being built give it
    (TF's constant_value_as_shape; graph_scope.partial_value): an int32 array, or an
    object array holding unknown (symbolic) dimensions; else `static_error`."""
    known = value if isinstance(value, np.ndarray) else partial_value(value)
    if known is None:
        raise static_error(api, arg)
    if all(isinstance(v, (int, np.integer)) for v in known.reshape(-1).tolist()):
        return known.astype(np.int32)
    return known


def index_array(value, api="this op", arg="shape"):
    """`value` (a shape, axis, perm or size argument) as the NumPy array TF converts it to:
    TF's ValueError for None, a partially known TensorShape, a Python sequence of mixed
    types, out-of-range or non-rectangular; a traced tensor raises `static_error`."""
    if value is None:
        raise ValueError(_NONE_TEXT)
    if isinstance(value, TensorShape):
        if not value.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {value} to a Tensor.")
        value = value.as_list()
    if isinstance(value, (Tensor, Variable)):
        if traced(value):
            return _known(value._value, api, arg)
        if type(value) is ShapeValue:   # (sizes TF's static shapes leave unknown)
            return known_dims(value)
        return np.asarray(value._value)
    if isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(value)
    leaves = []
    _flatten(value, leaves)
    if any(type(v) is ShapeValue or type(v) is UnknownDim for v in leaves) and \
            not traced(*leaves) and len(leaves) == len(value) and \
            all(np.ndim(getattr(v, "_value", v)) == 0 for v in leaves):
        return np.array([known_dims(v).item() if type(v) is ShapeValue else v
                         if type(v) is UnknownDim else int(np.asarray(getattr(v, "_value", v)))
                         for v in leaves], object)
    if traced(*leaves) or any(_symbolic(v) for v in leaves):
        if isinstance(value, (list, tuple)) and any(
                isinstance(v, (Tensor, Variable)) and v.shape.rank for v in leaves):
            convert_to_tensor(value)   # (TF's autopacking: its Pack's shape error)
        if not isinstance(value, (list, tuple)) or len(leaves) != len(value):
            raise static_error(api, arg)
        return _known(np.array([_known(v._value, api, arg).item() if traced(v) else v
                                for v in leaves], object), api, arg)
    # (TF's eager conversion to the index dtype casts the float tensors of a sequence)
    kinds = {"i" if _float_tensor(v) else _py_kind(v) for v in leaves}
    if len(kinds) > 1 and not kinds <= {"i", "u", "f"}:
        raise ValueError(_MIXED)
    ints = [int(v) for v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    if ints and not -2**63 <= min(ints) <= max(ints) < 2**63:
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    np_type = (np.float32 if "f" in kinds else
               np.int64 if ints and not -2**31 <= min(ints) <= max(ints) < 2**31 else
               np.int32 if kinds <= {"i"} else None)   # (an empty list: int32, as an index)
    try:
        return np.asarray(_plain(value), np_type)
    except ValueError:
        if not ctx.traces and any(isinstance(v, (Tensor, Variable)) for v in leaves):
            convert_to_tensor(value)   # (TF's autopacking: its Pack's error)
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None


def _float_tensor(v):
    return isinstance(v, (Tensor, Variable)) and v.dtype.is_floating


def _plain(value):
    """A nested list with its tensors as NumPy values (float ones truncated to integers)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if _float_tensor(value):
        return np.asarray(value._value).astype(np.float64).astype(np.int64)
    return np.asarray(value._value) if isinstance(value, (Tensor, Variable)) else value


def _non_integer_dtype(array):
    """The tfcompat dtype of an index `array` (from `index_array`) that is not of an integer
    dtype, else None."""
    if array.dtype in (np.int32, np.int64) or array.dtype == object and all(
            isinstance(v, (int, np.integer)) or _symbolic(v)
            for v in array.reshape(-1).tolist()):   # (`_known`: symbolic dimensions)
        return None
    if array.dtype.kind in "USO":
        return dtypes.string
    return dtypes.as_dtype(array.dtype)


def index_dtype_error(value, op, array=None, attr=None):
    """TF's error for a shape/multiples/perm argument `value` (converted: `array`) of `op`
    (one of `_INDEX_ARGS`, or with its `attr`) whose dtype is not int32/int64, or None:
    eagerly the kernel's InvalidArgumentError, in a tf.function the graph wrapper's
    TypeError."""
    if attr is None:
        attr, param = _INDEX_ARGS[op]
    else:
        param = "shape"
    if isinstance(value, float):    # a Python float scalar
        if ctx.traces:
            return TypeError(f"Value passed to parameter '{param}' has DataType float32 not "
                             f"in list of allowed values: int32, int64")
        if op_def.spec(op).default(attr) == "DT_INT32":   # converted with an int32 hint
            return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int32")
        return attr_error(op, attr, dtypes.float32)
    dt = _non_integer_dtype(index_array(value) if array is None else array)
    if dt is None:
        return None
    if ctx.traces:
        return TypeError(f"Value passed to parameter '{param}' has DataType {dt.name} not in "
                         f"list of allowed values: int32, int64")
    return attr_error(op, attr, dt, name="" if isinstance(value, (Tensor, Variable)) else None)


# op -> its kernel's error for a shape argument that is not a vector (`static_ints`).
_VECTOR_TEXT = {"Reshape": "sizes input must be 1-D, not {}",
                "Fill": "dims must represent a vector, got shape {}",
                "BroadcastTo": "shape must be a vector of {{int32,int64}}, got shape {}"}


def static_ints(value, api="this op", arg="shape", op=None):
    """A shape/axis argument (list, tuple, TensorShape, Tensor) as a tuple of Python ints,
    converted as TF converts it (`index_array`); a traced tensor raises
    `static_error(api, arg)`. With `op` (a key of `_INDEX_ARGS`), values that are not
    integers raise TF's error for that op's index argument, and (ops of `_VECTOR_TEXT`)
    a shape of rank 2 or more the kernel's."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (_as_index(value, op),)
    array = index_array(value, api, arg)
    if op is not None:
        exc = index_dtype_error(value, op, array)
        if exc is not None:
            raise exc
        if array.ndim > 1 and op in _VECTOR_TEXT:
            raise kernel_error(op, _VECTOR_TEXT[op].format(dims(array.shape)))
    if array.dtype == object and _non_integer_dtype(array) is None:
        return tuple(array.reshape(-1).tolist())   # (with unknown dimensions of a graph)
    if array.dtype.kind not in "iub":
        return tuple(static_int(v, api, arg) for v in array.reshape(-1).tolist())
    return tuple(int(v) for v in array.reshape(-1).tolist())


def _as_index(value, op):
    """A Python int given as the index input of `op`: wrapped to int32 where the op's index
    attribute defaults to int32 (TF's conversion with that dtype hint), else unchanged."""
    if op is None or type(value) is not int or \
            op_def.spec(op).default(_INDEX_ARGS[op][0]) != "DT_INT32":
        return int(value)
    return (value + 2**31) % 2**32 - 2**31


def int32_scalar(value, op, scalar_text, api="this op", arg="size"):
    """A scalar size argument (one_hot's depth, categorical's num_samples) converted as TF
    converts it with an int32 dtype: a Python int wraps to int32, a Python float or string
    raises TF's TypeError; a non-scalar raises kernel `op`'s error `scalar_text` (formatted
    with its shape). A Tensor must be an integer one (callers check its dtype first)."""
    if type(value) is int:
        return (value + 2**31) % 2**32 - 2**31
    if isinstance(value, (float, str, bytes)):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int32")
    array = index_array(value, api, arg)
    if array.ndim:
        raise kernel_error(op, scalar_text.format(dims(array.shape)), "")
    return int(array)


# op -> its kernel's error for a scalar argument (an axis) that is not a scalar.
_SCALAR_TEXT = {"Cumsum": "ScanOp: axis must be a scalar, not {}",
                "Cumprod": "ScanOp: axis must be a scalar, not {}",
                "CumulativeLogsumexp": "ScanOp: axis must be a scalar, not {}",
                "ConcatV2": "axis tensor should be a scalar integer, but got shape {}",
                "GatherV2": "axis must be scalar",
                "ExpandDims": "'dim' must be a tensor with a single value",
                "ArgMax": "dim must be a scalar, but received tensor of shape: {}",
                "ArgMin": "dim must be a scalar, but received tensor of shape: {}"}


def static_int(value, api="this op", arg="axis", op=None, kernel=None):
    """A scalar argument (Python/numpy int or scalar Tensor) as a Python int, converted as
    TF converts it (`index_array`); a traced tensor raises `static_error(api, arg)`. With
    `op` (a key of `_INDEX_ARGS`), a value that is not an integer raises TF's error for
    that op's index argument, and (ops of `_SCALAR_TEXT`) one that is not a scalar the
    kernel's (of `kernel`, default `op`)."""
    if isinstance(value, (int, np.integer)):
        return _as_index(value, op)
    array = index_array(value, api, arg)
    if op is not None:
        exc = index_dtype_error(value, op, array)
        if exc is not None:
            raise exc
        if array.ndim and op in _SCALAR_TEXT and (op != "ExpandDims" or array.size != 1):
            raise kernel_error(op, _SCALAR_TEXT[op].format(dims(array.shape)), kernel=kernel)
    if array.size != 1:
        raise TypeError(f"{api}: the {arg} argument must be a scalar, got shape "
                        f"{dims(array.shape)}")
    value = array.reshape(-1)[0]
    return value if type(value) is UnknownDim else int(value)   # (a size TF does not know)


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


def no_kernel_error(op, attrs, kernels, suffix=" name: ", node=None):
    """TF's error for op `op` with the node attrs `attrs` ("T=DT_INT32, ...") that its
    op-def allows but none of its kernels takes: eagerly NotFoundError (`suffix` after
    ``[Op:op]``), in a tf.function InvalidArgumentError (TF's when the function runs; here
    when it traces, without the ``[[node]]`` tail) for the node `node` (default `op`).
    `kernels`: TF's lines of the registered kernels, each ending in a newline."""
    if ctx.traces:
        return errors.InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node "
                        f"{node or op}}}}} with these attrs: [{attrs}]\nRegistered devices: "
                        f"[CPU]\nRegistered kernels:\n{kernels}")
    return errors.NotFoundError(
        None, None, f"Could not find device for node: {{{{node {op}}}}} = {op}[{attrs}]\nAll "
                    f"kernels registered for op {op}:\n{kernels} [Op:{op}]{suffix}")


def attr_error(op, attr, dtype, name=None):
    """TF's "Value for attr 'T' of float is not in the list of allowed values" for an
    attribute other than T (Tindices, out_idx, ...) of op `op`."""
    return op_def.attr_value_error(op, attr, dtype, name)


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
    compares. Unknown (symbolic) sizes of a graph being built are not checked."""
    if any(_symbolic(d) for d in shape):
        return
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
