"""Array ops: creation (zeros, ones, fill, range, linspace) and shape queries; the family's
other ops live in focused modules (manip_ops, indexing_ops, scatter_ops) and are
re-exported here, so `array_ops.X` names every array op."""
import builtins

import math

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import constant, convert_to_tensor, device_array
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor
from .indexing_ops import (
    boolean_mask, gather, gather_nd, searchsorted, slice, strided_slice, unique,
    unique_with_counts, where,
)
from .manip_ops import (
    broadcast_dynamic_shape, broadcast_static_shape, broadcast_to, concat, expand_dims,
    identity, identity_n, meshgrid, one_hot, pad, repeat, reshape, reverse, roll,
    sequence_mask, split, squeeze, stack, stop_gradient, tile, transpose, unstack,
)
from .op_args import attr_error, check_alloc, concrete, kernel_error, static_int
from .op_args import dims as dims_text
from .op_args import static_ints as _static_ints
from .scatter_ops import (
    scatter_nd, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
    tensor_scatter_nd_sub, tensor_scatter_nd_update,
)

# The names TF exports at the top level (tf.reshape ...), re-exported by tfcompat/__init__.
__all__ = [
    "boolean_mask", "broadcast_dynamic_shape", "broadcast_static_shape", "broadcast_to",
    "concat", "expand_dims", "fill", "gather", "gather_nd", "identity", "identity_n",
    "linspace", "meshgrid", "one_hot", "ones", "ones_like", "pad", "range", "rank", "repeat",
    "reshape", "reverse", "roll", "scatter_nd", "searchsorted", "sequence_mask", "shape",
    "shape_n", "size", "slice", "split", "squeeze", "stack", "stop_gradient", "strided_slice",
    "tensor_scatter_nd_add", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
    "tensor_scatter_nd_sub", "tensor_scatter_nd_update", "tile", "transpose", "unique",
    "unique_with_counts", "unstack", "where", "zeros", "zeros_like",
]


# -- creation --------------------------------------------------------------------------------

def _dims(shape, name=None, api="tf.fill", op=None):
    """A shape argument as a tuple of ints; a negative size fails as TF's Fill kernel does.
    `op` is as in `static_ints` (tf.fill checks the dtype of `dims` as TF's Fill op)."""
    shape = _static_ints(shape, api, "shape", op)
    if min(shape, default=0) < 0:   # TF's error for the first bad dimension or overflow
        check_alloc(shape, dtypes.int8, "Fill", name)
    return shape


def _filled(shape, dtype, one):
    dtype = dtypes.as_dtype(dtype)
    if dtype._np is None or (one and dtype is dtypes.string):
        dtypes.cast_python(int(one), dtype)  # raises TypeError (as TF: tf.ones of strings)
    shape = _dims(shape, "", "tf.ones" if one else "tf.zeros")
    check_alloc(shape, dtype, "Fill")
    return _filled_like(shape, dtype, one)


def _filled_like(shape, dtype, one):
    if dtype is dtypes.string and not one:   # tf.zeros of strings: empty strings
        return EagerTensor(np.full(shape, b"", object))
    if dtype is dtypes.string or dtype._np is None:   # (ones of strings, resource, variant)
        raise TypeError(f"Cannot convert {int(one)} to EagerTensor of dtype {dtype.name}")
    return EagerTensor((jnp.ones if one else jnp.zeros)(shape, dtype._np))


def zeros(shape, dtype=dtypes.float32, name=None):
    """tf.zeros."""
    return _filled(shape, dtype, False)


def ones(shape, dtype=dtypes.float32, name=None):
    """tf.ones."""
    return _filled(shape, dtype, True)


_fill_op = Op("Fill", lambda value, shape: jnp.broadcast_to(value, shape), strings=MOVE)


def fill(dims, value, name=None):
    """tf.fill: the dtype is that of `value` (a Python int gives int32); differentiable
    w.r.t. `value`, as in TF."""
    value = to_tensor(value)
    shape = _dims(dims, op="Fill")
    if value.ndim:
        raise kernel_error("Fill", f"value must represent a scalar, got shape "
                                   f"{dims_text(value._value.shape)}")
    check_alloc(shape, value.dtype, "Fill", None)
    return execute(_fill_op, (value,), (("shape", shape),))


def zeros_like(input, dtype=None, name=None):
    """tf.zeros_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    return _filled_like(x._value.shape, dt, False)


def ones_like(input, dtype=None, name=None):
    """tf.ones_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    if dt is dtypes.string:
        check_dtype(_ONES_LIKE, x)
    return _filled_like(x._value.shape, dt, True)


# (only for TF's message on strings)
_ONES_LIKE = Op("OnesLike", jnp.ones_like, allowed=(
    "bfloat16", "half", "float", "double", "int8", "uint8", "int16", "uint16", "int32",
    "uint32", "int64", "uint64", "complex64", "complex128", "bool"))


_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range"):
    """tf.range: int32 for Python ints, float32 if a bound is a Python float, else the
    widest dtype of the Tensor bounds."""
    if limit is None:
        start, limit = 0, start
    bounds = [convert_to_tensor(a) for a in (start, limit, delta)]
    dt = dtypes.as_dtype(dtype) if dtype is not None else builtins.max(
        (t.dtype for t in bounds), key=_RANGE_ORDER.index)
    s, lim, d = (concrete(t, "tf.range", "its bounds").item() for t in bounds)
    if d == 0 or (d > 0 and s > lim) or (d < 0 and s < lim):
        text = ("Requires delta != 0: 0" if d == 0 else
                f"Requires start <= limit when delta > 0: {s}/{lim}" if d > 0 else
                f"Requires start >= limit when delta < 0: {s}/{lim}")
        raise errors.op_error(errors.InvalidArgumentError, "Range", text, kernel="Range")
    check_alloc((_range_size(s, lim, d, dt),), dt, "Range", kernel="Range")
    return EagerTensor(device_array(np.arange(s, lim, d).astype(dt._np)))


def _range_size(start, limit, delta, dtype):
    """The length of tf.range(start, limit, delta) as TF's Range kernel computes it (in the
    output dtype); over 2**63 - 1 fails as there."""
    if dtype.is_integer:
        size = (abs(limit - start) + abs(delta) - 1) // abs(delta)
    else:
        t = dtype._np.type
        with np.errstate(over="ignore"):
            size = float(np.ceil(np.abs((t(limit) - t(start)) / t(delta))))
    if not size <= 2**63 - 1:
        raise errors.op_error(errors.InvalidArgumentError, "Range",
                              "Requires ((limit - start) / delta) <= 9223372036854775807",
                              kernel="Range")
    return int(size)


def linspace(start, stop, num, name=None, axis=0):
    """tf.linspace: integer bounds give float64 (as TF)."""
    start, stop = to_tensor(start), to_tensor(stop)
    dt = start.dtype if start.dtype.is_floating else dtypes.float64
    n = static_int(num, "tf.linspace", "num")
    check_alloc((builtins.max(n, 0),) + start._value.shape, dt, "LinSpace")
    return EagerTensor(jnp.linspace(start._value.astype(dt._np), stop._value.astype(dt._np), n,
                               axis=axis, dtype=dt._np))


_SHAPE_SUMMARY = ("name={op}; signature=input:{inputs} -> output:{outputs}; attr=T:type; "
                  "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")


def _shape_type(out_type, op, inputs, outputs):
    dtype = dtypes.as_dtype(out_type)
    if dtype.name not in ("int32", "int64"):
        raise attr_error(op, "out_type", dtype, ("int32", "int64"), _SHAPE_SUMMARY.format(
            op=op, inputs=inputs, outputs=outputs), "")
    return dtype._np


def _shape_value(shape, np_type):
    """A shape as a tensor: a constant, or computed at run time in a shape-polymorphic
    tf.function trace (unknown dimensions)."""
    if all(isinstance(d, int) for d in shape):   # a constant, even while tracing
        return EagerTensor(device_array(np.asarray(shape, np_type)))
    return EagerTensor(jnp.array(shape, dtype=np_type))


def shape(input, out_type=dtypes.int32, name=None):
    """tf.shape."""
    x = to_tensor(input)
    return _shape_value(x._value.shape, _shape_type(out_type, "Shape", "T", "out_type"))


def shape_n(input, out_type=dtypes.int32, name=None):
    """tf.shape_n: the shapes of a list of tensors."""
    np_type = _shape_type(out_type, "ShapeN", "N*T", "N*out_type")
    return [_shape_value(to_tensor(x)._value.shape, np_type) for x in input]


def size(input, out_type=dtypes.int32, name=None):
    """tf.size."""
    x = to_tensor(input)
    n = math.prod(x._value.shape)
    if isinstance(n, int):
        return constant(n, dtype=out_type)
    return EagerTensor(jnp.asarray(n, dtype=dtypes.as_dtype(out_type)._np))


def rank(input, name=None):
    """tf.rank."""
    return constant(to_tensor(input).ndim, dtype=dtypes.int32)
