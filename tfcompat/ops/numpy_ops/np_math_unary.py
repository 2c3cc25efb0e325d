"""tf.experimental.numpy's elementwise unary functions, comparisons and logical
functions (TF's np_math_ops.py): integer inputs of the transcendental functions take the
default float type."""
import numpy as np

from ...framework import dtypes
from ...framework.constant_op import constant
from .. import (array_ops, bitwise_ops, cast_ops, comparison_ops, indexing_ops, reduction_ops,
                unary_ops)
from . import np_utils
from .np_array_ops import array, asarray, full_like, imag


def _scalar(tf_fn, x, promote_to_float=False):
    """tf_fn on x as an array, an integer x cast to the default float first."""
    x = asarray(x)
    if promote_to_float and not np.issubdtype(x.dtype.as_numpy_dtype, np.inexact):
        x = x.astype(np_utils.result_type(float))
    return tf_fn(x)


def log(x):
    return _scalar(unary_ops.log, x, True)


def exp(x):
    return _scalar(unary_ops.exp, x, True)


def sqrt(x):
    return _scalar(unary_ops.sqrt, x, True)


def abs(x):
    return _scalar(unary_ops.abs, x)


def absolute(x):
    return abs(x)


def fabs(x):
    return abs(x)


def ceil(x):
    return _scalar(unary_ops.ceil, x, True)


def floor(x):
    return _scalar(unary_ops.floor, x, True)


def conj(x):
    return _scalar(unary_ops.conj, x)


def conjugate(x):
    return _scalar(unary_ops.conj, x)


def negative(x):
    return _scalar(unary_ops.negative, x)


def reciprocal(x):
    return _scalar(unary_ops.reciprocal, x)


def signbit(x):
    def f(x):
        if x.dtype == dtypes.bool:
            return array_ops.fill(array_ops.shape(x), False)
        return x < 0
    return _scalar(f, x)


def sin(x):
    return _scalar(unary_ops.sin, x, True)


def cos(x):
    return _scalar(unary_ops.cos, x, True)


def tan(x):
    return _scalar(unary_ops.tan, x, True)


def sinh(x):
    return _scalar(unary_ops.sinh, x, True)


def cosh(x):
    return _scalar(unary_ops.cosh, x, True)


def tanh(x):
    return _scalar(unary_ops.tanh, x, True)


def arcsin(x):
    return _scalar(unary_ops.asin, x, True)


def arccos(x):
    return _scalar(unary_ops.acos, x, True)


def arctan(x):
    return _scalar(unary_ops.atan, x, True)


def arcsinh(x):
    return _scalar(unary_ops.asinh, x, True)


def arccosh(x):
    return _scalar(unary_ops.acosh, x, True)


def arctanh(x):
    return _scalar(unary_ops.atanh, x, True)


def deg2rad(x):
    return _scalar(lambda x: x * (np.pi / 180.0), x, True)


def rad2deg(x):
    return x * (180.0 / np.pi)


_TF_FLOAT_TYPES = [dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64]


def angle(z, deg=False):
    """tnp.angle: pi for negative reals, 0 for the others."""
    def f(x):
        if x.dtype in _TF_FLOAT_TYPES:
            return indexing_ops.where(x < 0, np.pi, 0)
        return unary_ops.angle(x)
    y = _scalar(f, z, True)
    return rad2deg(y) if deg else y


def cbrt(x):
    def f(x):
        rt = unary_ops.abs(x) ** (1.0 / 3)
        return indexing_ops.where(x < 0, -rt, rt)
    return _scalar(f, x, True)


def exp2(x):
    return _scalar(lambda x: 2**x, x, True)


def expm1(x):
    return _scalar(unary_ops.expm1, x, True)


def fix(x):
    def f(x):
        return indexing_ops.where(x < 0, unary_ops.ceil(x), unary_ops.floor(x))
    return _scalar(f, x, True)


def iscomplex(x):
    return imag(x) != 0


def isreal(x):
    return imag(x) == 0


def iscomplexobj(x):
    x = array(x)
    return np.issubdtype(x.dtype.as_numpy_dtype, np.complexfloating)


def isrealobj(x):
    return not iscomplexobj(x)


def isnan(x):
    return _scalar(unary_ops.is_nan, x, True)


def isfinite(x):
    return _scalar(unary_ops.is_finite, x, True)


def isinf(x):
    if x.dtype.is_floating:
        return _scalar(unary_ops.is_inf, x, True)
    return False


def isneginf(x):
    if x.dtype.is_floating:
        return x == full_like(x, -np.inf)
    return False


def isposinf(x):
    if x.dtype.is_floating:
        return x == full_like(x, np.inf)
    return False


def log2(x):
    return log(x) / np.log(2)


def log10(x):
    return log(x) / np.log(10)


def log1p(x):
    return _scalar(unary_ops.log1p, x, True)


def positive(x):
    return _scalar(lambda x: x, x)


def sinc(x):
    def f(x):
        pi_x = x * np.pi
        return indexing_ops.where(x == 0, array_ops.ones_like(x), unary_ops.sin(pi_x) / pi_x)
    return _scalar(f, x, True)


def square(x):
    return _scalar(unary_ops.square, x)


def bitwise_not(x):
    def f(x):
        if x.dtype == dtypes.bool:
            return comparison_ops.logical_not(x)
        return bitwise_ops.invert(x)
    return _scalar(f, x)


def _comparison(tf_fun, x1, x2, cast_bool_to_int=False):
    """tf_fun on both arguments promoted to their NumPy result type."""
    dtype = np_utils.result_type(x1, x2)
    x1 = array(x1, dtype=dtype)
    x2 = array(x2, dtype=dtype)
    if cast_bool_to_int and x1.dtype == dtypes.bool:
        x1 = cast_ops.cast(x1, dtypes.int32)
        x2 = cast_ops.cast(x2, dtypes.int32)
    return tf_fun(x1, x2)


def equal(x1, x2):
    return _comparison(comparison_ops.equal, x1, x2)


def not_equal(x1, x2):
    return _comparison(comparison_ops.not_equal, x1, x2)


def greater(x1, x2):
    return _comparison(comparison_ops.greater, x1, x2, True)


def greater_equal(x1, x2):
    return _comparison(comparison_ops.greater_equal, x1, x2, True)


def less(x1, x2):
    return _comparison(comparison_ops.less, x1, x2, True)


def less_equal(x1, x2):
    return _comparison(comparison_ops.less_equal, x1, x2, True)


def _logical_binary_op(tf_fun, x1, x2):
    return tf_fun(array(x1, dtype=np.bool_), array(x2, dtype=np.bool_))


def logical_and(x1, x2):
    return _logical_binary_op(comparison_ops.logical_and, x1, x2)


def logical_or(x1, x2):
    return _logical_binary_op(comparison_ops.logical_or, x1, x2)


def logical_xor(x1, x2):
    return _logical_binary_op(comparison_ops.logical_xor, x1, x2)


def logical_not(x):
    return comparison_ops.logical_not(array(x, dtype=np.bool_))


def array_equal(a1, a2):
    """tnp.array_equal: same shape and elements."""
    def f(x1, x2):
        if x1.shape.rank != x2.shape.rank or x1.shape.as_list() != x2.shape.as_list():
            return constant(False)
        return reduction_ops.reduce_all(comparison_ops.equal(x1, x2))
    return _comparison(f, a1, a2)
