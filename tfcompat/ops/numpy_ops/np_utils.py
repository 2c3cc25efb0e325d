"""tf.experimental.numpy's helpers (TF's np_utils.py and np_arrays.py): `ndarray`
(tf.Tensor), conversion, `result_type`/`promote_types`/`finfo`, and the helpers that
evaluate statically known values at trace time."""
import numbers

import numpy as np

from ...framework import dtypes, tensor_util
from ...framework.constant_op import convert_to_tensor as tf_convert_to_tensor
from ...framework.indexed_slices import IndexedSlices
from ...framework.tensor import Tensor
from .. import array_ops, comparison_ops, control_flow_ops, manip_ops, reduction_ops
from . import np_dtypes

ndarray = Tensor


def convert_to_tensor(value, dtype=None, dtype_hint=None):
    """tf.convert_to_tensor with NumPy's defaults: a Python float takes the default float
    type and an int >= 2**63 uint64 (TF's np_arrays.convert_to_tensor)."""
    if dtype is None and isinstance(value, int) and value >= 2**63:
        dtype = dtypes.uint64
    elif dtype is None and dtype_hint is None and isinstance(value, float):
        dtype = np_dtypes.default_float_type()
    return tf_convert_to_tensor(value, dtype=dtype, dtype_hint=dtype_hint)


def canonicalize_axis(axis, rank):
    return canonicalize_axes([axis], rank)[0]


def canonicalize_axes(axes, rank):
    rank = maybe_static(rank)
    if isinstance(rank, Tensor):
        return [cond(axis < 0, lambda a=axis: a + rank, lambda a=axis: a) for axis in axes]
    return [axis + rank if axis < 0 else axis for axis in axes]


def to_numpy_type(dtype):
    """The NumPy dtype of a TF DType, Python type or NumPy type."""
    if isinstance(dtype, dtypes.DType):
        return dtype.as_numpy_dtype
    return np.dtype(dtype)


def isscalar(val):
    """Whether `val` is a scalar value or scalar Tensor."""
    if isinstance(val, Tensor):
        ndims = val.shape.rank
        if ndims is not None:
            return ndims == 0
        return comparison_ops.equal(array_ops.rank(val), 0)
    return np.isscalar(val)


def finfo(dtype):
    """tnp.finfo: NumPy's finfo of the dtype."""
    return np.finfo(to_numpy_type(dtype))


def _maybe_get_dtype(x):
    """A NumPy type for x where it has one (a NumPy array stays: NumPy uses its value)."""
    if isinstance(x, numbers.Real):
        return x
    if isinstance(x, (IndexedSlices, Tensor)) or tensor_util.is_tf_type(x):
        return to_numpy_type(x.dtype)
    if isinstance(x, dtypes.DType):
        return x.as_numpy_dtype
    if isinstance(x, (list, tuple)):
        raise ValueError(
            "Cannot find dtype for type inference from argument `x` of a sequence "
            f"type {type(x)}. For sequences, please call this function on each "
            "element individually.")
    return x


def _flatten(values):
    for v in values:
        if isinstance(v, (list, tuple)):
            yield from _flatten(v)
        else:
            yield v


def result_type(*arrays_and_dtypes):
    """tnp.result_type: NumPy's promotion of the arguments' dtypes, as a TF DType."""
    arrays_and_dtypes = [_maybe_get_dtype(x) for x in _flatten(arrays_and_dtypes)]
    if not arrays_and_dtypes:
        arrays_and_dtypes = [np.asarray([])]
    return np_dtypes.numpy_result_type(*arrays_and_dtypes)


def result_type_unary(a, dtype):
    """The result type of one input and an optional dtype."""
    if dtype:
        return result_type(dtype)
    if isinstance(a, (str, bytes)):
        return dtypes.string
    return result_type(a)


def result_type_binary(t1, t2):
    """result_type of two arguments (TF's fast path)."""
    try:
        return np_dtypes.numpy_result_type(_maybe_get_dtype(t1), _maybe_get_dtype(t2))
    except ValueError:
        return result_type(t1, t2)


def promote_types(type1, type2):
    """tnp.promote_types: NumPy's promote_types, canonicalized."""
    return np_dtypes.canonicalize_dtype(
        np.promote_types(to_numpy_type(type1), to_numpy_type(type2)))


def tf_broadcast(*args):
    """The tensors broadcast to their common shape."""
    if len(args) <= 1:
        return args
    sh = array_ops.shape(args[0])
    for arg in args[1:]:
        sh = manip_ops.broadcast_dynamic_shape(sh, array_ops.shape(arg))
    return [manip_ops.broadcast_to(arg, sh) for arg in args]


def get_static_value(x):
    """tf.get_static_value, None on float and complex tensors (keeps gradients)."""
    if isinstance(x, Tensor) and (x.dtype.is_floating or x.dtype.is_complex):
        return None
    return tensor_util.get_static_value(x)


def maybe_static(x):
    value = get_static_value(x)
    return x if value is None else value


def cond(pred, true_fn, false_fn):
    """tf.cond, decided now when the predicate is static."""
    v = get_static_value(pred)
    if v is None:
        return control_flow_ops.cond(pred, true_fn, false_fn)
    return true_fn() if v else false_fn()


def add(a, b):
    return maybe_static(a) + maybe_static(b)


def subtract(a, b):
    return maybe_static(a) - maybe_static(b)


def equal(a, b):
    return maybe_static(a) == maybe_static(b)


def greater(a, b):
    return maybe_static(a) > maybe_static(b)


def greater_equal(a, b):
    return maybe_static(a) >= maybe_static(b)


def less_equal(a, b):
    return maybe_static(a) <= maybe_static(b)


def logical_or(a, b):
    """a | b, evaluated now where a is static."""
    a_value = get_static_value(a)
    if a_value is not None:
        if np.isscalar(a_value):
            return a_value if a_value else maybe_static(b)
        return a_value | maybe_static(b)
    return a | maybe_static(b)


def getitem(a, slice_spec):
    return maybe_static(a)[slice_spec]


def reduce_all(input_tensor, axis=None, keepdims=False):
    v = get_static_value(input_tensor)
    if v is None:
        return reduction_ops.reduce_all(input_tensor, axis=axis, keepdims=keepdims)
    return v.all(axis=axis, keepdims=keepdims)


def tf_rank(t):
    r = t.shape.rank
    return r if r is not None else array_ops.rank(t)
