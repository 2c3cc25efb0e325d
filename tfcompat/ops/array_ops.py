"""Array ops: creation (zeros, ones, fill, range, linspace), shape manipulation, joining,
selection and TF's `__getitem__` slicing."""
import builtins

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.dispatch import Op, execute, match, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_shape import TensorShape


def _static_ints(value):
    """A shape/axis argument (list, tuple, TensorShape, Tensor) as a tuple of Python ints."""
    if isinstance(value, Tensor):
        return tuple(np.asarray(value._value).reshape(-1).tolist())
    if isinstance(value, TensorShape):
        return tuple(value.as_list())
    if isinstance(value, (int, np.integer)):
        return (int(value),)
    return tuple(int(v) for v in value)


# -- creation --------------------------------------------------------------------------------

def zeros(shape, dtype=dtypes.float32, name=None):
    """tf.zeros."""
    dtype = dtypes.as_dtype(dtype)
    return EagerTensor(jnp.zeros(_static_ints(shape), dtype._np))


def ones(shape, dtype=dtypes.float32, name=None):
    """tf.ones."""
    dtype = dtypes.as_dtype(dtype)
    return EagerTensor(jnp.ones(_static_ints(shape), dtype._np))


_fill_op = Op("Fill", lambda value, shape: jnp.broadcast_to(value, shape))


def fill(dims, value, name=None):
    """tf.fill: the dtype is that of `value` (a Python int gives int32); differentiable
    w.r.t. `value`, as in TF."""
    return execute(_fill_op, (to_tensor(value),), (("shape", _static_ints(dims)),))


def zeros_like(input, dtype=None, name=None):  # noqa: A002
    """tf.zeros_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    return EagerTensor(jnp.zeros(x._value.shape, dt._np))


def ones_like(input, dtype=None, name=None):  # noqa: A002
    """tf.ones_like."""
    x = to_tensor(input)
    dt = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    return EagerTensor(jnp.ones(x._value.shape, dt._np))


_RANGE_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    """tf.range: int32 for Python ints, float32 if a bound is a Python float, else the
    widest dtype of the Tensor bounds."""
    if limit is None:
        start, limit = 0, start
    bounds = [convert_to_tensor(a) for a in (start, limit, delta)]
    dt = dtypes.as_dtype(dtype) if dtype is not None else builtins.max(
        (t.dtype for t in bounds), key=_RANGE_ORDER.index)
    s, l, d = (np.asarray(t._value).item() for t in bounds)
    if d == 0 or (d > 0 and s > l) or (d < 0 and s < l):
        text = ("Requires delta != 0: 0" if d == 0 else
                f"Requires start <= limit when delta > 0: {s}/{l}" if d > 0 else
                f"Requires start >= limit when delta < 0: {s}/{l}")
        raise errors.op_error(errors.InvalidArgumentError, "Range", text, kernel="Range")
    return EagerTensor(jnp.asarray(np.arange(s, l, d).astype(dt._np)))


def linspace(start, stop, num, name=None, axis=0):
    """tf.linspace: integer bounds give float64 (as TF)."""
    start, stop = to_tensor(start), to_tensor(stop)
    dt = start.dtype if start.dtype.is_floating else dtypes.float64
    n = int(np.asarray(num._value) if isinstance(num, Tensor) else num)
    return EagerTensor(jnp.linspace(start._value.astype(dt._np), stop._value.astype(dt._np), n,
                               axis=axis, dtype=dt._np))


# -- shapes ------------------------------------------------------------------------------------

def _reshape_error(op, arrays, attrs, exc):
    shape = attrs["shape"]
    want = int(np.prod([d for d in shape if d != -1]))
    return errors.InvalidArgumentError(
        None, None,
        f"{{{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:"
        f"CPU:0}}}} Input to reshape is a tensor with {arrays[0].size} values, but the "
        f"requested shape has {want} [Op:Reshape]")


_reshape_op = Op("Reshape", lambda x, shape: jnp.reshape(x, shape), error=_reshape_error)


def reshape(tensor, shape, name=None):
    """tf.reshape (one -1 dimension is inferred)."""
    x = to_tensor(tensor)
    return execute(_reshape_op, (x,), (("shape", _static_ints(shape)),))


def _transpose(x, perm, conjugate):
    y = jnp.transpose(x, perm)
    return jnp.conj(y) if conjugate else y


def _transpose_error(op, arrays, attrs, exc):
    perm = attrs["perm"]
    missing = [i for i in builtins.range(len(perm)) if i not in perm]
    text = (f"{missing[0]} is missing from {{{','.join(map(str, perm))}}}." if missing else
            f"transpose expects a vector of size {arrays[0].ndim}. But input(1) is a vector "
            f"of size {len(perm)}")
    return errors.InvalidArgumentError(
        None, None, f"{{{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/"
                    f"task:0/device:CPU:0}}}} {text} [Op:Transpose]")


_transpose_op = Op("Transpose", _transpose, error=_transpose_error)


def transpose(a, perm=None, conjugate=False, name="transpose"):
    """tf.transpose (reverses the dimensions when perm is None)."""
    x = to_tensor(a)
    perm = tuple(builtins.range(x.ndim - 1, -1, -1)) if perm is None else _static_ints(perm)
    return execute(_transpose_op, (x,), (("perm", perm), ("conjugate", bool(conjugate))))


_expand_dims_op = Op("ExpandDims", lambda x, axis: jnp.expand_dims(x, axis))


def expand_dims(input, axis, name=None):  # noqa: A002
    """tf.expand_dims."""
    x = to_tensor(input)
    axis = int(np.asarray(axis._value)) if isinstance(axis, Tensor) else int(axis)
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise errors.op_error(errors.InvalidArgumentError, "ExpandDims",
                              f"Tried to expand dim index {axis} for tensor with {x.ndim} "
                              f"dimensions.", kernel="ExpandDims")
    return execute(_expand_dims_op, (x,), (("axis", axis),))


_squeeze_op = Op("Squeeze", lambda x, axis: jnp.squeeze(x, axis))


def squeeze(input, axis=None, name=None):  # noqa: A002
    """tf.squeeze."""
    x = to_tensor(input)
    shape = x._value.shape
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        axes = tuple(a % x.ndim for a in _static_ints(axis))
        for a in axes:
            if shape[a] != 1:
                raise errors.op_error(
                    errors.InvalidArgumentError, "Squeeze",
                    f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape[a]}",
                    kernel="Squeeze")
    return execute(_squeeze_op, (x,), (("axis", axes),))


# -- joining ----------------------------------------------------------------------------------

def _named_error(kernel, name, text, n):
    return errors.InvalidArgumentError(
        None, None, f"{{{{function_node __wrapped__{kernel}_N_{n}_device_/job:localhost/"
                    f"replica:0/task:0/device:CPU:0}}}} {text} [Op:{kernel}] name: {name}")


def _concat_error(op, arrays, attrs, exc):
    axis = attrs["axis"] % builtins.max(arrays[0].ndim, 1)
    first = arrays[0].shape
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != len(first):
            text = (f"ConcatOp : Ranks of all input tensors should match: shape[0] = "
                    f"{_dims(first)} vs. shape[{i}] = {_dims(a.shape)}")
            return _named_error("ConcatV2", "concat", text, len(arrays))
        for d, (p, q) in enumerate(zip(first, a.shape)):
            if d != axis and p != q:
                text = (f"ConcatOp : Dimension {d} in both shapes must be equal: shape[0] = "
                        f"{_dims(first)} vs. shape[{i}] = {_dims(a.shape)}")
                return _named_error("ConcatV2", "concat", text, len(arrays))
    return _named_error("ConcatV2", "concat", str(exc), len(arrays))


def _stack_error(op, arrays, attrs, exc):
    for i, a in enumerate(arrays[1:], 1):
        if a.shape != arrays[0].shape:
            text = (f"Shapes of all inputs must match: values[0].shape = "
                    f"{_dims(arrays[0].shape)} != values[{i}].shape = {_dims(a.shape)}")
            return _named_error("Pack", "stack", text, len(arrays))
    return _named_error("Pack", "stack", str(exc), len(arrays))


def _dims(shape):
    return "[" + ",".join(map(str, shape)) + "]"


_concat_op = Op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis), error=_concat_error)
_stack_op = Op("Pack", lambda *xs, axis: jnp.stack(xs, axis), error=_stack_error)


def concat(values, axis, name="concat"):
    """tf.concat."""
    values = match(list(values), "ConcatV2", op_suffix="concat")
    if len(values) == 1:
        return values[0]
    axis = int(np.asarray(axis._value)) if isinstance(axis, Tensor) else int(axis)
    return execute(_concat_op, values, (("axis", axis),))


def stack(values, axis=0, name="stack"):
    """tf.stack."""
    values = match(list(values), "Pack", op_suffix="stack")
    return execute(_stack_op, values, (("axis", int(axis)),))


# -- identity and selection -------------------------------------------------------------------

_identity_op = Op("Identity", lambda x: x)
_stop_gradient_op = Op("StopGradient", lambda x: x, differentiable=False)


def identity(input, name=None):  # noqa: A002
    """tf.identity (recorded, so gradients flow through it)."""
    return execute(_identity_op, (to_tensor(input),))


def stop_gradient(input, name=None):  # noqa: A002
    """tf.stop_gradient: a new Tensor that no tape connects to its input."""
    return execute(_stop_gradient_op, (to_tensor(input),))


_select_op = Op("SelectV2", lambda c, x, y: jnp.where(c, x, y))


def where(condition, x=None, y=None, name=None):
    """tf.where: with x and y, a broadcasting select; alone, the int64 indices of the
    true elements (shape [n, rank])."""
    c = to_tensor(condition)
    if x is None and y is None:
        idx = np.argwhere(np.asarray(c._value))
        return EagerTensor(jnp.asarray(idx.astype(np.int64)))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    x, y = match((x, y), "SelectV2", index_offset=1)
    return execute(_select_op, (c, x, y))


# -- __getitem__ ------------------------------------------------------------------------------

def _slice(x, spec):
    return x[tuple(_index(s) for s in spec)]


def _index(s):
    kind = s[0]
    if kind == "i":
        return s[1]
    if kind == "s":
        return slice(s[1], s[2], s[3])
    return None if kind == "n" else Ellipsis


_slice_op = Op("StridedSlice", _slice)
_gather_op = Op("GatherNd", lambda x, idx: x[tuple(idx.T)])


def _spec_item(k):
    if isinstance(k, Tensor):
        if k.dtype.is_integer and k.ndim == 0:
            return ("i", int(np.asarray(k._value)))
        raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) "
                        "and scalar tf.int32/tf.int64 tensors are valid indices, got "
                        f"{k!r}")
    if isinstance(k, (bool, np.bool_)):
        raise TypeError(f"Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) "
                        f"and scalar tf.int32/tf.int64 tensors are valid indices, got {k!r}")
    if isinstance(k, (int, np.integer)):
        return ("i", int(k))
    if isinstance(k, slice):
        return ("s",) + tuple(None if v is None else int(v) for v in (k.start, k.stop, k.step))
    if k is None:
        return ("n",)
    if k is Ellipsis:
        return ("e",)
    raise TypeError(f"Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and "
                    f"scalar tf.int32/tf.int64 tensors are valid indices, got {k!r}")


def getitem(tensor, key):
    """Tensor.__getitem__: TF's strided-slice indexing, plus boolean masks."""
    x = to_tensor(tensor)
    if isinstance(key, Tensor) and key.dtype.is_bool:
        idx = np.argwhere(np.asarray(key._value))
        return execute(_gather_op, (x, EagerTensor(jnp.asarray(idx))))
    keys = tuple(key) if isinstance(key, (tuple, list)) else (key,)
    spec = tuple(_spec_item(k) for k in keys)
    _check_slice(x._value.shape, spec)
    return execute(_slice_op, (x,), (("spec", spec),))


def _slice_failure(text):
    return errors.InvalidArgumentError(
        None, None, f"{{{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/"
                    f"task:0/device:CPU:0}}}} {text} [Op:StridedSlice] name: strided_slice/")


def _check_slice(shape, spec):
    """TF's StridedSlice checks (JAX would clamp an out-of-range index silently)."""
    if not shape:
        if any(s[0] in "is" for s in spec):
            raise _slice_failure("Attempting to slice scalar input.")
        return
    explicit = builtins.sum(1 for s in spec if s[0] in "is")
    dim = 0
    for s in spec:
        if s[0] == "e":
            dim += len(shape) - explicit
        elif s[0] in "is":
            if dim >= len(shape):
                raise _slice_failure(f"Index out of range using input dim {dim}; input has "
                                     f"only {len(shape)} dims")
            if s[0] == "i" and not -shape[dim] <= s[1] < shape[dim]:
                raise _slice_failure(f"slice index {s[1]} of dimension {dim} out of bounds.")
            dim += 1


def shape(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """tf.shape."""
    x = to_tensor(input)
    return EagerTensor(jnp.asarray(np.asarray(x._value.shape, dtypes.as_dtype(out_type)._np)))


def size(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """tf.size."""
    x = to_tensor(input)
    return constant(int(np.prod(x._value.shape)), dtype=out_type)


def rank(input, name=None):  # noqa: A002
    """tf.rank."""
    return constant(to_tensor(input).ndim, dtype=dtypes.int32)
