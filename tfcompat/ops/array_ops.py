"""Array ops: creation (zeros, ones, fill, range, linspace) and shape queries; the family's
other ops live in focused modules (manip_ops, indexing_ops, scatter_ops) and are
re-exported here, so `array_ops.X` names every array op."""
import builtins

import math

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, func_graph, op_def, shape_taint
from ..framework.graph_scope import partial_value, unknown_output
from ..framework.relaxed_shapes import (ShapeValue, UnknownDim, shape_value, traced_dims,
                                       with_dims)
from ..framework.context import ctx
from ..framework.constant_op import constant, convert_to_tensor, device_array, graph_const
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.composite_dispatch import dispatchable
from ..framework.sparse_tensor import SparseTensor
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from . import arithmetic_ops
from .cast_ops import cast
from .reduction_ops import reduce_prod
from .indexing_ops import boolean_mask, gather, gather_nd, slice, strided_slice, where
from .search_ops import searchsorted, unique, unique_with_counts, unravel_index
from .manip_ops import (
    broadcast_args, broadcast_dynamic_shape, broadcast_static_shape, broadcast_to, concat, expand_dims,
    identity, identity_n, meshgrid, pad, repeat, reshape, reverse, roll,
    parallel_stack, split, squeeze, stack, stop_gradient, tile, transpose, unstack,
)
from .one_hot_ops import one_hot, sequence_mask
from .partition_ops import dynamic_partition, dynamic_stitch
from .shape_inference import dtype_enum, node_error, tracing
from .op_args import (
    attr_error, check_alloc, concrete, index_array, kernel_error, static_int,
    traced, unknown_building,
)
from .op_args import dims as dims_text
from .op_args import static_ints as _static_ints
from .op_scope import op_scope
from .scatter_ops import (
    scatter_nd, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
    tensor_scatter_nd_sub, tensor_scatter_nd_update,
)

# The names TF exports at the top level (tf.reshape ...), re-exported by tfcompat/__init__.
__all__ = [
    "boolean_mask", "broadcast_dynamic_shape", "broadcast_static_shape", "broadcast_to",
    "concat", "dynamic_partition", "dynamic_stitch", "expand_dims", "fill", "gather",
    "gather_nd", "identity", "identity_n",
    "linspace", "meshgrid", "one_hot", "ones", "ones_like", "pad", "parallel_stack",
    "range", "rank", "repeat",
    "reshape", "reverse", "roll", "scatter_nd", "searchsorted", "sequence_mask", "shape",
    "shape_n", "size", "slice", "split", "squeeze", "stack", "stop_gradient", "strided_slice",
    "tensor_scatter_nd_add", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
    "tensor_scatter_nd_sub", "tensor_scatter_nd_update", "tile", "transpose", "unique",
    "unique_with_counts", "unravel_index", "unstack", "where", "zeros", "zeros_like",
]


# -- creation --------------------------------------------------------------------------------

def _dims(shape, name=None, api="tf.fill", op=None):
    """A shape argument as a tuple of ints; a negative size fails as TF's Fill kernel does.
    `op` is as in `static_ints` (tf.fill checks the dtype of `dims` as TF's Fill op)."""
    shape = _static_ints(shape, api, "shape", op)
    if min((d for d in shape if isinstance(d, int)), default=0) < 0:   # TF's error for
        # the first bad dimension or overflow (unknown dimensions of a graph: not known)
        check_alloc(shape, dtypes.int8, "Fill", name)
    return shape


def _graph_float_dims(shape, array):
    """A list of float sizes given to tf.zeros/tf.ones in a tf.function: TF's graph path
    builds a small constant (fewer than 1000 elements) of the sizes truncated to ints;
    otherwise its int32 conversion raises TypeError."""
    dims_ = [int(d) for d in array.tolist()]
    if np.prod(array) < 1000 and min(dims_) >= 1:
        return dims_
    bad = next(d for d in shape if not isinstance(d, (int, np.integer)))
    raise TypeError(f"Expected int32, but got {bad} of type '{type(bad).__name__}'.")


def _zeros_dims(shape, api, dtype):
    """The shape argument of tf.zeros/tf.ones as TF reads it: a list of ints (or bools) as
    a TensorShape, anything else converted to an int32 tensor. A negative size fails as
    TF's Fill kernel does, or while a tf.function is traced as its shape function."""
    if isinstance(shape, (list, tuple)) and all(isinstance(d, (int, np.integer)) for d in shape):
        shape = [int(d) for d in shape]
    elif not isinstance(shape, (Tensor, Variable, int, np.integer)):
        array = index_array(shape, api)
        if array.dtype.kind == "f" and tracing() and isinstance(shape, (list, tuple)):
            shape = _graph_float_dims(shape, array)
        elif array.dtype.kind not in "iuO":   # (O: unknown dimensions of a graph)
            raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
    shape = _static_ints(shape, api, "shape", "Fill")
    if tracing() and min((d for d in shape if isinstance(d, int)), default=0) < 0:
        raise node_error("Fill dimensions must be >= 0", "Fill",
                         (np.zeros(len(shape)), np.float32(0)),
                         (("T", dtype_enum(dtype)), ("index_type", "DT_INT32")),
                         scope=api[3:], partial={0: (None,) * len(shape)})
    return _dims(shape, "", api, "Fill")


def _filled(shape, dtype, one, name):
    dtype = dtypes.as_dtype(dtype)
    if dtype._np is None or (one and dtype is dtypes.string):
        dtypes.cast_python(int(one), dtype)  # raises TypeError (as TF: tf.ones of strings)
    shape = _zeros_dims(shape, "tf.ones" if one else "tf.zeros", dtype)
    check_alloc(shape, dtype, "Fill")
    return _filled_like(shape, dtype, one, name)


_MAX_CONSTANT_BYTES = 10 << 20   # the largest constant grappler folds (kMaxConstantSize)


def _filled_like(shape, dtype, one, name):
    """tf.zeros/ones(_like)'s value; inside tf.function one of under 1000 elements is a
    Const node named `name`, as TF's _constant_if_small makes it (larger ones are
    filled by XLA and not recorded)."""
    if dtype is dtypes.string and not one:   # tf.zeros of strings: empty strings
        return EagerTensor(np.full(shape, b"", object))
    if dtype is dtypes.string or dtype._np is None:   # (ones of strings, resource, variant)
        raise TypeError(f"Cannot convert {int(one)} to EagerTensor of dtype {dtype.name}")
    static = all(isinstance(d, int) for d in shape)
    if ctx.traces and static and math.prod(shape) < 1000:
        out = with_dims(EagerTensor(device_array(np.full(shape, one, dtype._np))), shape)
        ctx.traces[-1].constant(out._value)
        builder = func_graph.current()
        if builder is not None and not builder.suppressed:
            builder.const(out, name)
        return out
    if ctx.traces or not static:
        out = with_dims(EagerTensor((jnp.ones if one else jnp.zeros)(shape, dtype._np)), shape)
        if ctx.traces and static and \
                math.prod(shape) * np.dtype(dtype._np).itemsize <= _MAX_CONSTANT_BYTES:
            ctx.traces[-1].constant(out._value, value=np.broadcast_to(
                np.asarray(one, dtype._np), shape))
        return out
    # eagerly, one cached kernel per shape (as tf.fill's)
    return execute(_fill_op, (EagerTensor(device_array(np.asarray(one, dtype._np))),),
                   (("shape", tuple(shape)),))


def zeros(shape, dtype=dtypes.float32, name=None):
    """tf.zeros."""
    return _filled(shape, dtype, False, name or "zeros")


def ones(shape, dtype=dtypes.float32, name=None):
    """tf.ones."""
    return _filled(shape, dtype, True, name or "ones")


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


@dispatchable("input")
def zeros_like(input, dtype=None, name=None):
    """tf.zeros_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    return _filled_like(traced_dims(x), dt, False, name or "zeros_like")


@dispatchable("input")
def ones_like(input, dtype=None, name=None):
    """tf.ones_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    if dt is dtypes.string:
        check_dtype(_ONES_LIKE, x)
    return _filled_like(traced_dims(x), dt, True, name or "ones_like")


# (only for TF's message on strings)
_ONES_LIKE = Op("OnesLike", jnp.ones_like)


_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range"):
    """tf.range: int32 for Python ints, float32 if a bound is a Python float, else the
    widest dtype of the Tensor bounds. Inside tf.function it is recorded as TF's Range
    node (its value is known: XLA has static shapes)."""
    bounds, converted, dt = _range_bounds(start, limit, delta, dtype)
    if any(unknown_building(t) for t in bounds):   # (in a graph being built: TF's unknown
        sized = _sized_range(bounds, dt)               # length)
        return unknown_output([None], dt, "Range") if sized is None else sized
    known = [concrete(t, "tf.range", "its bounds").item() for t in bounds]
    s, lim, d = known
    if d == 0 or (d > 0 and not s <= lim) or (d < 0 and not s >= lim):
        text = ("Requires delta != 0: 0" if d == 0 else
                f"Requires start <= limit when delta > 0: {s}/{lim}" if d > 0 else
                f"Requires start >= limit when delta < 0: {s}/{lim}")
        raise errors.op_error(errors.InvalidArgumentError, "Range", text, kernel="Range")
    size = range_size(s, lim, d, dt)
    check_alloc((size,), dt, "Range", kernel="Range")
    t = dt._np.type   # (TF's kernel: start + T(i) * delta, in the output dtype)
    with np.errstate(over="ignore"):
        values = t(s) + np.arange(size).astype(dt._np) * t(d)
    out = EagerTensor(device_array(values.astype(dt._np)))
    if any(type(b) is ShapeValue for b in bounds):   # (a size TF does not know)
        out = with_dims(out, (UnknownDim(size),))
    typed = [b if b.dtype is dt else EagerTensor(device_array(np.asarray(v).astype(dt._np)))
             for b, v in zip(bounds, known)]   # (cast on the host: they stay known)
    _record_range(name, typed, converted, dt, out)
    return out


def _sized_range(bounds, dt):
    """In a graph being built, tf.range(start, limit) with a limit that is a size of its
    placeholders (tf.shape(x)[1]) and a known integer start and delta of 1: its values,
    of that symbolic length (so that it broadcasts against those dimensions); else None."""
    known = [partial_value(t._value) if traced(t) else np.asarray(t._value) for t in bounds]
    if any(k is None or k.shape != () for k in known) or not dt.is_integer:
        return None
    s, lim, d = (k.item() if k.dtype != object else k[()] for k in known)
    if not (isinstance(s, (int, np.integer)) and isinstance(d, (int, np.integer)) and d == 1):
        return None
    return EagerTensor(int(s) + jnp.arange(lim - int(s), dtype=dt._np))


def traced_range(start, limit=None, delta=1, dtype=None, name="range"):
    """tf.range with a traced bound, which only AutoGraph's for loop may iterate (XLA has
    no dynamic shapes): records TF's Range node (with no value) and returns its
    (start, limit, delta) in the range's dtype, and the node's name ("range" outside a
    recorded trace)."""
    bounds, converted, dt = _range_bounds(start, limit, delta, dtype)
    bounds = [cast(t, dt) for t in bounds]
    return bounds, _record_range(name, bounds, converted, dt) or name


def _range_bounds(start, limit, delta, dtype):
    """tf.range's bounds as Tensors, which of them came from Python values, and the
    range's dtype (TF's math_ops.range inference)."""
    if limit is None:
        start, limit = 0, start
    if dtype is not None:
        _range_dtype(dtypes.as_dtype(dtype))
    given = (start, limit, delta)
    bounds = [a if isinstance(a, (Tensor, Variable)) or dtype is None else
              convert_to_tensor(a, dtype=dtype) for a in given]
    bounds = [convert_to_tensor(a) for a in bounds]
    if dtype is None and any(t.dtype not in _RANGE_ORDER for t in bounds):
        raise AssertionError()   # (TF's assert on the inferred dtype)
    dt = dtypes.as_dtype(dtype) if dtype is not None else builtins.max(
        (t.dtype for t in bounds), key=_RANGE_ORDER.index)
    for arg, t in zip(("start", "limit", "delta"), bounds):
        if t.ndim and t.shape != (1,):   # (the kernel takes a one-element vector)
            raise errors.op_error(errors.InvalidArgumentError, "Range",
                                  f"{arg} must be a scalar, not shape {dims_text(t.shape)}",
                                  kernel="Range")
    return bounds, [not isinstance(a, (Tensor, Variable)) for a in given], dt


def _record_range(name, bounds, converted, dt, output=None):
    builder = func_graph.current()
    if builder is not None and not builder.suppressed:
        return builder.range_node(name, bounds, converted, dt, output)
    return None


def _range_dtype(dt):
    """TF's errors for tf.range's `dtype`: outside Range's Tidx (uint8), or with no CPU
    kernel (int8, int16, uint16)."""
    if dt._tf_name not in op_def.spec("Range").allowed("Tidx") and dt.is_integer:
        raise attr_error("Range", "Tidx", dt, name="range")
    if dt.name in ("int8", "int16", "uint16"):
        raise errors.NotFoundError(
            None, None, f"Could not find device for node: {{{{node Range}}}} = "
                        f"Range[Tidx=DT_{dt._tf_name.upper()}]\nAll kernels registered for op "
                        f"Range:\n  device='CPU'; Tidx in [DT_INT32, DT_INT64, DT_FLOAT, "
                        f"DT_DOUBLE, DT_HALF, DT_BFLOAT16]\n [Op:Range] name: range")


def range_size(start, limit, delta, dtype):
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


@op_scope("linspace")
def linspace(start, stop, num, name=None, axis=0):
    """tf.linspace, composed of TF's ops as its linspace_nd is: start + delta * i for the
    interior points, between `start` and `stop` themselves, delta = (stop - start) /
    (num - 1) (so the values, and the gradients to start and stop, are TF's). `stop` is
    converted to start's dtype; integer bounds give float64. `num` must be known."""
    start = convert_to_tensor(start)
    stop = convert_to_tensor(stop, dtype=start.dtype)
    num_t = num if isinstance(num, (Tensor, Variable)) else convert_to_tensor(num)
    if not num_t.dtype.is_integer:
        raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received "
                        f"`tensor` = {num} of dtype: <dtype: '{num_t.dtype.name}'>")
    n = static_int(num, "tf.linspace", "num")
    shape = broadcast_args(start._value.shape, stop._value.shape, name="")
    start, stop = broadcast_to(start, shape), broadcast_to(stop, shape)
    start, stop = expand_dims(start, axis), expand_dims(stop, axis)
    axis = axis % start.ndim
    steps = builtins.max(n - 1, 1)
    delta = arithmetic_ops.truediv(arithmetic_ops.subtract(stop, start),
                                   cast(steps, stop.dtype))
    start, stop = cast(start, delta.dtype), cast(stop, delta.dtype)
    check_alloc((builtins.max(n, 0),) + tuple(shape), delta.dtype, "LinSpace")
    inner = cast(range(1, steps if n >= 0 else -1, dtype=dtypes.int64), delta.dtype)
    inner = reshape(inner, [builtins.max(n - 2, 0) if i == axis else 1
                            for i in builtins.range(start.ndim)])
    points = arithmetic_ops.add(start, arithmetic_ops.multiply(delta, inner))
    out = concat([start, points, stop], axis)
    return slice(out, [0] * out.ndim, [n if i == axis else -1 for i in builtins.range(out.ndim)])


def _shape_type(out_type, op):
    dtype = dtypes.as_dtype(out_type)
    if dtype.name not in ("int32", "int64"):
        raise attr_error(op, "out_type", dtype, name="")
    return dtype._np


def _shape_value(x, np_type, name="Shape"):
    """x's shape as a tensor: a constant, or computed at run time in a shape-polymorphic
    tf.function trace (unknown dimensions). In a trace it is one of the trace's constants
    where TF's static shape is fully defined (grappler folds it), and a Const node named
    `name` (if not None) in its graph (TF's shape_internal folds it so)."""
    shape = x._value.shape
    if all(isinstance(d, int) for d in shape):   # a constant, even while tracing
        out = EagerTensor(device_array(np.asarray(shape, np_type)))
        if ctx.traces:
            out = shape_value(x, out)
            if not x.shape.is_fully_defined():   # (TF computes it from x)
                shape_taint.mark(out._value, x._value)
            ctx.traces[-1].constant(out._value, x.shape.is_fully_defined())
            if name is not None:
                graph_const(out, name)
        return out
    return EagerTensor(jnp.array(shape, dtype=np_type))


@dispatchable("input")
def shape(input, out_type=dtypes.int32, name=None):
    """tf.shape (of a SparseTensor: its dense_shape)."""
    if isinstance(input, SparseTensor):
        return cast(input.dense_shape, out_type)
    return _shape_value(to_tensor(input), _shape_type(out_type, "Shape"), name or "Shape")


def shape_n(input, out_type=dtypes.int32, name=None):
    """tf.shape_n: the shapes of a list of tensors."""
    np_type = _shape_type(out_type, "ShapeN")
    xs = [to_tensor(x) for x in input]
    outs = [_shape_value(x, np_type, None) for x in xs]
    if ctx.traces:
        func_graph.fold("ShapeN", name or "ShapeN", xs, outs)
    return outs


@dispatchable("input")
def size(input, out_type=dtypes.int32, name=None):
    """tf.size (of a SparseTensor: the product of its dense_shape)."""
    if isinstance(input, SparseTensor):
        return cast(reduce_prod(input.dense_shape), out_type)
    x = to_tensor(input)
    n = math.prod(x._value.shape)
    if isinstance(n, int):
        if x.shape.is_fully_defined():
            return constant(n, dtype=out_type, name=name or "Size")
        # (in a trace, not a constant: TF's static shape has unknown dimensions)
        out = EagerTensor(device_array(np.asarray(n, dtypes.as_dtype(out_type)._np)))
        shape_taint.mark(out._value, x._value)
        graph_const(out, name or "Size")
        return out
    return EagerTensor(jnp.asarray(n, dtype=dtypes.as_dtype(out_type)._np))


@dispatchable("input")
def rank(input, name=None):
    """tf.rank."""
    return constant(to_tensor(input).ndim, dtype=dtypes.int32, name=name or "Rank")

