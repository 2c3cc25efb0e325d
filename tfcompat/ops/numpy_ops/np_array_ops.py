"""tf.experimental.numpy's array creation, dtype promotion and reductions (TF's
np_array_ops.py)."""
import builtins

import numpy as np

from ...framework import dtypes
from ...framework.tensor import Tensor
from .. import (array_ops, cast_ops, indexing_ops, manip_ops, matrix_diag_ops,
                reduction_ops, unary_ops)
from . import np_dtypes, np_utils
from .np_utils import ndarray

newaxis = np.newaxis


def empty(shape, dtype=float):
    return zeros(shape, dtype)


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def zeros(shape, dtype=float):
    dtype = np_utils.result_type(dtype) if dtype else np_dtypes.default_float_type()
    return array_ops.zeros(shape, dtype=dtype)


def zeros_like(a, dtype=None):
    dtype = dtypes.as_dtype(np_utils.result_type_unary(a, dtype))
    return array_ops.zeros_like(a, dtype)


def ones(shape, dtype=float):
    if dtype:
        dtype = np_utils.result_type(dtype)
    return array_ops.ones(shape, dtype=dtype)


def ones_like(a, dtype=None):
    dtype = np_utils.result_type_unary(a, dtype)
    return array_ops.ones_like(a, dtype)


def eye(N, M=None, k=0, dtype=float):  # noqa: N803 (NumPy's names)
    """tnp.eye: ones on the k-th diagonal of an N x M matrix."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if not M:
        M = N
    N, M, k = int(N), int(M), int(k)
    if k >= M or -k >= N:
        return zeros([N, M], dtype=dtype)
    if k == 0:
        return matrix_diag_ops.eye(N, M, dtype=dtype)
    diag_len = builtins.min(N, M)
    if k > 0:
        if N >= M:
            diag_len -= k
        elif N + k > M:
            diag_len = M - k
    elif k <= 0:
        if M >= N:
            diag_len += k
        elif M - k > N:
            diag_len = N + k
    diagonal_ = array_ops.ones([diag_len], dtype=dtype)
    return matrix_diag_ops.diag(diagonal_, num_rows=N, num_cols=M, k=k)


def identity(n, dtype=float):
    return eye(N=n, M=n, dtype=dtype)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    """tnp.full_like: `a`'s shape filled with `fill_value`."""
    if order != "K":
        raise ValueError("Non-standard orders are not supported.")
    if not subok:
        raise ValueError("subok being False is not supported.")
    if shape:
        raise ValueError("Overriding the shape is not supported.")
    a = asarray(a)
    dtype = dtype or np_utils.result_type(a)
    fill_value = asarray(fill_value, dtype=dtype)
    return manip_ops.broadcast_to(fill_value, array_ops.shape(a))


def array_internal(val, dtype=None, copy=True, ndmin=0):
    """`val` as a Tensor of `dtype` (NumPy's default dtypes), with at least `ndmin` dims."""
    result_t = val
    if not isinstance(result_t, Tensor):
        dtype = np_utils.result_type_unary(result_t, dtype)
        result_t = np_utils.convert_to_tensor(result_t, dtype_hint=dtype)
        result_t = cast_ops.cast(result_t, dtype=dtype)
    elif dtype:
        result_t = cast_ops.cast(result_t, dtype)
    if copy:
        result_t = manip_ops.identity(result_t)
    max_ndmin = 32
    if ndmin > max_ndmin:
        raise ValueError(f"ndmin bigger than allowable number of dimensions: {max_ndmin}.")
    if ndmin == 0:
        return result_t
    ndims = array_ops.rank(result_t)

    def true_fn():
        old_shape = array_ops.shape(result_t)
        new_shape = manip_ops.concat(
            [array_ops.ones(ndmin - ndims, dtypes.int32), old_shape], axis=0)
        return manip_ops.reshape(result_t, new_shape)

    return np_utils.cond(np_utils.greater(ndmin, ndims), true_fn, lambda: result_t)


def array(val, dtype=None, copy=True, ndmin=0):
    """tnp.array."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    return array_internal(val, dtype, copy, ndmin)


def asarray(a, dtype=None):
    """tnp.asarray: `a` itself when it is a Tensor of that dtype."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if isinstance(a, ndarray) and (not dtype or dtype == a.dtype.as_numpy_dtype):
        return a
    return array(a, dtype, copy=False)


def asanyarray(a, dtype=None):
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None):
    return array(a, dtype, ndmin=1)


def arange(start, stop=None, step=1, dtype=None):
    """tnp.arange: the dtype is NumPy's result type of start, step and stop."""
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        dtype = np_utils.result_type(dtype)
    elif stop is None:
        dtype = np_utils.result_type(start, step)
    else:
        dtype = np_utils.result_type(start, step, stop)
    if step > 0 and ((stop is not None and start > stop) or (stop is None and start < 0)):
        return array([], dtype=dtype)
    if step < 0 and ((stop is not None and start < stop) or (stop is None and start > 0)):
        return array([], dtype=dtype)
    return cast_ops.cast(array_ops.range(start, limit=stop, delta=step), dtype=dtype)


def promote_dtype(*arrays):
    """The arrays as Tensors of their NumPy result type."""
    dtype = np_utils.result_type(*arrays)

    def _fast_asarray(a):
        if isinstance(a, ndarray) and dtype == a.dtype.as_numpy_dtype:
            return a
        return array_internal(a, dtype=dtype, copy=False)

    return [_fast_asarray(a) for a in arrays]


def promote_dtype_binary(t1, t2):
    """Two arrays as Tensors of their NumPy result type."""
    dtype = np_utils.result_type_binary(t1, t2)
    if not (isinstance(t1, ndarray) and dtype == t1.dtype.as_numpy_dtype):
        t1 = array_internal(t1, dtype=dtype, copy=False)
    if not (isinstance(t2, ndarray) and dtype == t2.dtype.as_numpy_dtype):
        t2 = array_internal(t2, dtype=dtype, copy=False)
    return t1, t2


def all(a, axis=None, keepdims=None):
    a = asarray(a, dtype=bool)
    return reduction_ops.reduce_all(input_tensor=a, axis=axis, keepdims=keepdims)


def any(a, axis=None, keepdims=None):
    a = asarray(a, dtype=bool)
    return reduction_ops.reduce_any(input_tensor=a, axis=axis, keepdims=keepdims)


def copy(a):
    return array(a, copy=True)


def _maybe_promote_to_int(a):
    if dtypes.as_dtype(a.dtype).is_integer:
        a_numpy_dtype = a.dtype.as_numpy_dtype
        output_type = np.promote_types(a_numpy_dtype, int)
        if output_type != a_numpy_dtype:
            a = asarray(a, dtype=output_type)
    return a


def _cumulative(tf_fn, a, axis, dtype):
    a = asarray(a, dtype=dtype)
    if dtype is None:
        a = _maybe_promote_to_int(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    elif axis < 0:
        axis += array_ops.rank(a)
    return tf_fn(a, axis)


def cumprod(a, axis=None, dtype=None):
    return _cumulative(reduction_ops.cumprod, a, axis, dtype)


def cumsum(a, axis=None, dtype=None):
    return _cumulative(reduction_ops.cumsum, a, axis, dtype)


def imag(val):
    return unary_ops.imag(asarray(val))


def real(val):
    return unary_ops.real(asarray(val))


_TO_INT_ = 0
_TO_FLOAT = 1


def _reduce(tf_fn, a, axis=None, dtype=None, keepdims=None, promote_int=_TO_INT_,
            tf_bool_fn=None, preserve_bool=False):
    """A reduction with NumPy's dtype rules: small ints accumulate as int64 (or as the
    default float for `_TO_FLOAT`), bools through `tf_bool_fn`."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    if keepdims is None:
        keepdims = False
    a = asarray(a, dtype=dtype)
    if ((dtype == np.bool_ or preserve_bool and a.dtype == np.bool_)
            and tf_bool_fn is not None):
        return tf_bool_fn(input_tensor=a, axis=axis, keepdims=keepdims)
    if dtype is None:
        dtype = a.dtype.as_numpy_dtype
        if np.issubdtype(dtype, np.integer) or dtype == np.bool_:
            if promote_int == _TO_INT_:
                if dtype == np.bool_:
                    is_signed, width = True, 8
                else:
                    is_signed = np.issubdtype(dtype, np.signedinteger)
                    width = np.iinfo(dtype).bits
                if width < np.iinfo(np.int_).bits:
                    dtype = np.int_ if is_signed else np.uint
                a = cast_ops.cast(a, dtype)
            elif promote_int == _TO_FLOAT:
                a = cast_ops.cast(a, np_utils.result_type(float))
    if isinstance(axis, Tensor) and axis.dtype not in (dtypes.int32, dtypes.int64):
        axis = cast_ops.cast(axis, dtypes.int64)
    return tf_fn(input_tensor=a, axis=axis, keepdims=keepdims)


def size(x, axis=None):
    """tnp.size: a Python int where the shape is known."""
    if axis is not None:
        raise NotImplementedError(
            "axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    x = asarray(x)
    if x.shape.is_fully_defined():
        return np.prod(x.shape.as_list(), dtype=int)
    return array_ops.size(x)


def sum(a, axis=None, dtype=None, keepdims=None):
    return _reduce(reduction_ops.reduce_sum, a, axis=axis, dtype=dtype, keepdims=keepdims,
                   tf_bool_fn=reduction_ops.reduce_any)


def prod(a, axis=None, dtype=None, keepdims=None):
    return _reduce(reduction_ops.reduce_prod, a, axis=axis, dtype=dtype, keepdims=keepdims,
                   tf_bool_fn=reduction_ops.reduce_all)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_mean, a, axis=axis, dtype=dtype, keepdims=keepdims,
                   promote_int=_TO_FLOAT)


def amax(a, axis=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_max, a, axis=axis, dtype=None, keepdims=keepdims,
                   promote_int=None, tf_bool_fn=reduction_ops.reduce_any, preserve_bool=True)


def amin(a, axis=None, out=None, keepdims=None):
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_min, a, axis=axis, dtype=None, keepdims=keepdims,
                   promote_int=None, tf_bool_fn=reduction_ops.reduce_all, preserve_bool=True)


def max(a, axis=None, keepdims=None):
    return amax(a, axis=axis, keepdims=keepdims)


def min(a, axis=None, keepdims=None):
    return amin(a, axis=axis, keepdims=keepdims)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    """tnp.var, with `ddof` degrees of freedom."""
    working_dtype = np_utils.result_type(a, dtype) if dtype else None
    if out is not None:
        raise ValueError("Setting out is not supported.")
    if ddof != 0:
        def reduce_fn(input_tensor, axis, keepdims):
            means = reduction_ops.reduce_mean(input_tensor, axis=axis, keepdims=True)
            centered = input_tensor - means
            if input_tensor.dtype in (dtypes.complex64, dtypes.complex128):
                centered = cast_ops.cast(
                    unary_ops.real(centered * unary_ops.conj(centered)), input_tensor.dtype)
            else:
                centered = unary_ops.square(centered)
            squared_deviations = reduction_ops.reduce_sum(centered, axis=axis,
                                                          keepdims=keepdims)
            if axis is None:
                n = array_ops.size(input_tensor)
            else:
                if axis < 0:
                    axis += array_ops.rank(input_tensor)
                n = reduction_ops.reduce_prod(
                    indexing_ops.gather(array_ops.shape(input_tensor), axis))
            n = cast_ops.cast(n - ddof, input_tensor.dtype)
            return cast_ops.cast(squared_deviations / n, dtype)
    else:
        reduce_fn = reduction_ops.reduce_variance
    result = _reduce(reduce_fn, a, axis=axis, dtype=working_dtype, keepdims=keepdims,
                     promote_int=_TO_FLOAT)
    if dtype:
        result = cast_ops.cast(result, dtype)
    return result


def std(a, axis=None, keepdims=None):
    return _reduce(reduction_ops.reduce_std, a, axis=axis, dtype=None, keepdims=keepdims,
                   promote_int=_TO_FLOAT)


def ravel(a):
    return manip_ops.reshape(asarray(a), [-1])


def count_nonzero(a, axis=None):
    return reduction_ops.count_nonzero(array(a), axis)


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def isscalar(num):
    return ndim(num) == 0

