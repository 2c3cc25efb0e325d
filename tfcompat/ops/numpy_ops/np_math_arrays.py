"""tf.experimental.numpy's math over whole arrays: linspace/logspace/geomspace,
concatenate, tile, sorting, argmax, average, trace, diff, meshgrid and the nan-skipping
reductions (TF's np_math_ops.py)."""
import numpy as np

from ...framework import dtypes
from ...framework.constant_op import constant, convert_to_tensor
from .. import (arithmetic_ops, array_ops, cast_ops, comparison_ops, manip_ops,
                matrix_diag_ops, product_ops, reduction_ops, sort_ops, unary_ops)
from . import np_utils
from .np_array_manip import atleast_1d, broadcast_to, moveaxis
from .np_array_ops import amax, amin, array, asarray, mean, prod, ravel, real, sum, zeros
from .np_array_select import diagonal, sign, where
from .np_math_unary import isnan, log10, logical_not


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    """tnp.linspace (with NumPy 2 the dtype is that of start and stop as floats)."""
    if dtype:
        dtype = np_utils.result_type([start * 1.0, stop * 1.0])
    start = array(start, dtype=dtype)
    stop = array(stop, dtype=dtype)
    if num < 0:
        raise ValueError("Argument `num` (number of samples) must be a non-negative "
                         f"integer. Received: num={num}")
    step = convert_to_tensor(np.nan)
    if endpoint:
        result = array_ops.linspace(start, stop, num, axis=axis)
        if num > 1:
            step = (stop - start) / (num - 1)
    else:
        if num > 0:
            step = (stop - start) / num
        if num > 1:
            new_stop = cast_ops.cast(stop, step.dtype) - step
            start = cast_ops.cast(start, new_stop.dtype)
            result = array_ops.linspace(start, new_stop, num, axis=axis)
        else:
            result = array_ops.linspace(start, stop, num, axis=axis)
    if dtype:
        if dtype.is_integer:
            result = unary_ops.floor(result)
        result = cast_ops.cast(result, dtype)
    return (result, step) if retstep else result


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    dtype = np_utils.result_type([start * 1.0, stop * 1.0])
    result = linspace(start, stop, num=num, endpoint=endpoint, dtype=dtype, axis=axis)
    result = arithmetic_ops.pow(cast_ops.cast(base, result.dtype), result)
    if dtype:
        result = cast_ops.cast(result, dtype)
    return result


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """tnp.geomspace."""
    dtype = (dtypes.as_dtype(dtype) if dtype
             else np_utils.result_type(start, stop, float(num), zeros((), dtype)))
    computation_dtype = np.promote_types(dtype.as_numpy_dtype, np.float32)
    start = asarray(start, dtype=computation_dtype)
    stop = asarray(stop, dtype=computation_dtype)
    start_sign = 1 - sign(real(start))
    stop_sign = 1 - sign(real(stop))
    signflip = 1 - start_sign * stop_sign // 2
    res = signflip * logspace(log10(signflip * start), log10(signflip * stop), num,
                              endpoint=endpoint, base=10.0, dtype=computation_dtype, axis=0)
    if axis != 0:
        res = moveaxis(res, 0, axis)
    return cast_ops.cast(res, dtype)


def ptp(a, axis=None, keepdims=None):
    return amax(a, axis=axis, keepdims=keepdims) - amin(a, axis=axis, keepdims=keepdims)


def concatenate(arys, axis=0):
    """tnp.concatenate: the arrays promoted to their result type."""
    if not isinstance(arys, (list, tuple)):
        arys = [arys]
    if not arys:
        raise ValueError("Need at least one array to concatenate. Received empty "
                         f"input: arys={arys}")
    dtype = np_utils.result_type(*arys)
    return manip_ops.concat([array(a, dtype=dtype) for a in arys], axis)


def tile(a, reps):
    """tnp.tile: `a` or `reps` padded with leading ones to the same length."""
    a = array(a)
    reps = manip_ops.reshape(array(reps, dtype=dtypes.int32), [-1])
    a_rank = a.shape.rank
    reps_size = reps.shape[0]
    reps = manip_ops.pad(reps, [[max(a_rank - reps_size, 0), 0]], constant_values=1)
    a_shape = manip_ops.pad(array_ops.shape(a), [[max(reps_size - a_rank, 0), 0]],
                            constant_values=1)
    a = manip_ops.reshape(a, a_shape)
    return manip_ops.tile(a, reps)


def argsort(a, axis=-1, kind="quicksort", order=None):
    """tnp.argsort (int64 indices)."""
    if kind not in ("quicksort", "stable"):
        raise ValueError("Invalid value for argument `kind`. "
                         'Only kind="quicksort" and kind="stable" are supported. '
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    stable = kind == "stable"
    a = array(a)
    if a.dtype in (dtypes.complex64, dtypes.complex128):
        raise TypeError("argsort does not support complex64/complex128 dtypes. "
                        f"Received dtype: {a.dtype}")

    def _argsort(a, axis, stable):
        if axis is None:
            a = manip_ops.reshape(a, [-1])
            axis = 0
        return sort_ops.argsort(a, axis, stable=stable)

    tf_ans = (constant([0]) if a.shape.rank == 0 else _argsort(a, axis, stable))
    return array(tf_ans, dtype=np.intp)


def sort(a, axis=-1, kind="quicksort", order=None):
    """tnp.sort."""
    if kind != "quicksort":
        raise ValueError("Invalid value for argument `kind`. "
                         'Only kind="quicksort" is supported. '
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = array(a)
    if axis is None:
        return sort_ops.sort(manip_ops.reshape(a, [-1]), 0)
    return sort_ops.sort(a, axis)


def _argminmax(fn, a, axis=None):
    a = array(a)
    a_t = manip_ops.reshape(a, [-1]) if axis is None else atleast_1d(a)
    return fn(input=a_t, axis=axis)


def argmax(a, axis=None):
    return _argminmax(reduction_ops.argmax, a, axis)


def argmin(a, axis=None):
    return _argminmax(reduction_ops.argmin, a, axis)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], 0)
    return concatenate([arr, values], axis=axis)


def average(a, axis=None, weights=None, returned=False):
    """tnp.average, optionally weighted."""
    if axis is not None and not isinstance(axis, int):
        raise ValueError("Argument `axis` must be an integer. "
                         f"Received axis={axis} (of type {type(axis)})")
    a = array(a)
    default_float_type = np_utils.result_type(float)
    if weights is None:
        if not np.issubdtype(a.dtype.as_numpy_dtype, np.inexact):
            a = a.astype(np_utils.result_type(a.dtype, default_float_type))
        avg = reduction_ops.reduce_mean(a, axis=axis)
        if returned:
            weights_sum = array_ops.size(a) if axis is None else array_ops.shape(a)[axis]
            weights_sum = cast_ops.cast(weights_sum, a.dtype)
    else:
        if np.issubdtype(a.dtype.as_numpy_dtype, np.inexact):
            out_dtype = np_utils.result_type(a.dtype, weights)
        else:
            out_dtype = np_utils.result_type(a.dtype, weights, default_float_type)
        a = array(a, out_dtype)
        weights = array(weights, out_dtype)
        if axis is None or a.shape.rank == weights.shape.rank:
            weights_sum = reduction_ops.reduce_sum(weights, axis=axis)
            avg = reduction_ops.reduce_sum(a * weights, axis=axis) / weights_sum
        else:
            weights_sum = reduction_ops.reduce_sum(weights)
            axes = convert_to_tensor([[axis], [0]])
            avg = product_ops.tensordot(a, weights, axes) / weights_sum
    avg = array(avg)
    if returned:
        weights_sum = broadcast_to(weights_sum, array_ops.shape(avg))
        return avg, weights_sum
    return avg


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """tnp.trace."""
    if dtype:
        dtype = np_utils.result_type(dtype)
    a = asarray(a, dtype)
    if offset == 0:
        a_shape = a.shape
        if a_shape.rank is not None:
            rank = len(a_shape)
            if (axis1 == -2 or axis1 == rank - 2) and (axis2 == -1 or axis2 == rank - 1):
                return matrix_diag_ops.trace(a)
    a = diagonal(a, offset, axis1, axis2)
    return sum(a, -1, dtype)


def meshgrid(*xi, **kwargs):
    """tnp.meshgrid ('xy' or 'ij' indexing)."""
    sparse = kwargs.get("sparse", False)
    if sparse:
        raise ValueError("Function `meshgrid` does not support returning sparse arrays yet. "
                         f"Received: sparse={sparse}")
    copy = kwargs.get("copy", True)
    if not copy:
        raise ValueError(f"Function `meshgrid` only supports copy=True. Received: copy={copy}")
    indexing = kwargs.get("indexing", "xy")
    xi = [asarray(arg) for arg in xi]
    return manip_ops.meshgrid(*xi, indexing=indexing)


def diff(a, n=1, axis=-1):
    """tnp.diff: the n-th differences along `axis`."""
    a = asarray(a)
    nd = a.shape.rank
    if (axis + nd if axis < 0 else axis) >= nd:
        raise ValueError(f"Argument `axis` (received axis={axis}) is out of bounds "
                         f"for input {a} of rank {nd}.")
    if n < 0:
        raise ValueError(
            f"Argument `order` must be a non-negative integer. Received: axis={n}")
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    slice1 = tuple(slice1)
    slice2 = tuple(slice2)
    op = comparison_ops.not_equal if a.dtype == dtypes.bool else arithmetic_ops.subtract
    for _ in range(n):
        a = op(a[slice1], a[slice2])
    return a


def _make_nan_reduction(reduction, init_val):
    def nan_reduction(a, axis=None, dtype=None, keepdims=False):
        a = array(a)
        v = array(init_val, dtype=a.dtype)
        return reduction(where(isnan(a), v, a), axis=axis, dtype=dtype, keepdims=keepdims)
    return nan_reduction


nansum = _make_nan_reduction(sum, 0)
nanprod = _make_nan_reduction(prod, 1)


def nanmean(a, axis=None, dtype=None, keepdims=None):
    """tnp.nanmean: the mean of the non-nan elements."""
    a = array(a)
    if np.issubdtype(a.dtype.as_numpy_dtype, np.bool_) or np.issubdtype(
            a.dtype.as_numpy_dtype, np.integer):
        return mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    nan_mask = logical_not(isnan(a))
    if dtype is None:
        dtype = a.dtype.as_numpy_dtype
    normalizer = sum(nan_mask, axis=axis, dtype=dtype, keepdims=keepdims)
    return nansum(a, axis=axis, dtype=dtype, keepdims=keepdims) / normalizer
