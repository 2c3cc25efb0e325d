"""tf.experimental.numpy's binary math: arithmetic with NumPy's promotion, products,
gcd/lcm, bitwise functions (TF's np_math_ops.py)."""
import numbers

import numpy as np

from ...framework import dtypes, errors
from ...framework.constant_op import constant, convert_to_tensor
from .. import (arithmetic_ops, array_ops, bitwise_ops, cast_ops, comparison_ops,
                control_flow_ops, indexing_ops, manip_ops, nn_ops, product_ops,
                reduction_ops, unary_ops)
from . import np_dtypes, np_utils
from .np_array_manip import pad_left_to, reshape
from .np_array_ops import all as np_all, array, asarray, promote_dtype, promote_dtype_binary
from .np_math_unary import conj, exp, exp2, isnan, log1p, sqrt, square
from .np_math_unary import abs as np_abs
from .np_array_select import where
from .np_utils import ndarray

pi = np.pi
e = np.e
inf = np.inf


def _bin_op(tf_fun, a, b, promote=True):
    if promote:
        a, b = promote_dtype_binary(a, b)
    else:
        a, b = array(a), array(b)
    return tf_fun(a, b)


def add(x1, x2):
    def add_or_or(x1, x2):
        if x1.dtype == dtypes.bool:
            return comparison_ops.logical_or(x1, x2)
        return arithmetic_ops.add(x1, x2)
    return _bin_op(add_or_or, x1, x2)


def subtract(x1, x2):
    return _bin_op(arithmetic_ops.subtract, x1, x2)


def multiply(x1, x2):
    def mul_or_and(x1, x2):
        if x1.dtype == dtypes.bool:
            return comparison_ops.logical_and(x1, x2)
        return arithmetic_ops.multiply(x1, x2)
    return _bin_op(mul_or_and, x1, x2)


def true_divide(x1, x2):
    """tnp.true_divide: bools divide as the default float."""
    def f(x1, x2):
        if x1.dtype == dtypes.bool:
            float_ = np_utils.result_type(float)
            x1 = cast_ops.cast(x1, float_)
            x2 = cast_ops.cast(x2, float_)
        if (not np_dtypes.is_allow_float64() and x1.dtype == x2.dtype
                and x1.dtype in (dtypes.int32, dtypes.int64)):
                x1 = cast_ops.cast(x1, dtype=dtypes.float32)
                x2 = cast_ops.cast(x2, dtype=dtypes.float32)
        return arithmetic_ops.truediv(x1, x2)
    return _bin_op(f, x1, x2)


def divide(x1, x2):
    return true_divide(x1, x2)


def _int8_bools(tf_fn):
    def f(x1, x2):
        if x1.dtype == dtypes.bool:
            x1 = cast_ops.cast(x1, dtypes.int8)
            x2 = cast_ops.cast(x2, dtypes.int8)
        return tf_fn(x1, x2)
    return f


def floor_divide(x1, x2):
    return _bin_op(_int8_bools(arithmetic_ops.floordiv), x1, x2)


def mod(x1, x2):
    return _bin_op(_int8_bools(arithmetic_ops.mod), x1, x2)


def remainder(x1, x2):
    return mod(x1, x2)


def divmod(x1, x2):
    return floor_divide(x1, x2), mod(x1, x2)


def maximum(x1, x2):
    """tnp.maximum (a relu for maximum(x, 0))."""
    if (isinstance(x2, numbers.Real) and not isinstance(x2, bool) and x2 == 0
            and isinstance(x1, ndarray) and x1.dtype != dtypes.bool):
        return nn_ops.relu(asarray(x1))

    def max_or_or(x1, x2):
        if x1.dtype == dtypes.bool:
            return comparison_ops.logical_or(x1, x2)
        return arithmetic_ops.maximum(x1, x2)
    return _bin_op(max_or_or, x1, x2)


def minimum(x1, x2):
    def min_or_and(x1, x2):
        if x1.dtype == dtypes.bool:
            return comparison_ops.logical_and(x1, x2)
        return arithmetic_ops.minimum(x1, x2)
    return _bin_op(min_or_and, x1, x2)


def clip(a, a_min, a_max):
    """tnp.clip (Tensor.clip)."""
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is None:
        return minimum(a, a_max)
    if a_max is None:
        return maximum(a, a_min)
    a, a_min, a_max = promote_dtype(a, a_min, a_max)
    return arithmetic_ops.clip_by_value(*np_utils.tf_broadcast(a, a_min, a_max))


def matmul(x1, x2):
    """tnp.matmul: vectors contract as NumPy's do; shape errors are ValueErrors."""
    def f(x1, x2):
        try:
            if x2.shape.rank == 1:
                return product_ops.tensordot(x1, x2, axes=1)
            if x1.shape.rank == 1:
                return product_ops.tensordot(x1, x2, axes=[[0], [-2]])
            return product_ops.matmul(x1, x2)
        except errors.InvalidArgumentError as err:
            raise ValueError(str(err)) from None
    return _bin_op(f, x1, x2)


def dot(a, b):
    """tnp.dot."""
    def f(a, b):
        if a.shape.rank == 0 or b.shape.rank == 0:
            return a * b
        if b.shape.rank == 1:
            return product_ops.tensordot(a, b, axes=[[-1], [-1]])
        return product_ops.tensordot(a, b, axes=[[-1], [-2]])
    return _bin_op(f, a, b)


def tensordot(a, b, axes=2):
    return _bin_op(lambda a, b: product_ops.tensordot(a, b, axes=axes), a, b)


def inner(a, b):
    def f(a, b):
        if a.shape.rank == 0 or b.shape.rank == 0:
            return a * b
        return product_ops.tensordot(a, b, axes=[[-1], [-1]])
    return _bin_op(f, a, b)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """tnp.cross: of 2- or 3-vectors along the given axes."""
    def f(a, b):
        axis_a, axis_b, axis_c = (axisa, axisb, axisc) if axis is None else (axis,) * 3
        if axis_a < 0:
            axis_a += a.shape.rank
        if axis_b < 0:
            axis_b += b.shape.rank

        def maybe_move_axis_to_last(a, axis):
            if axis == a.shape.rank - 1:
                return a
            perm = list(range(axis)) + list(range(axis + 1, a.shape.rank)) + [axis]
            return manip_ops.transpose(a, perm)

        a = maybe_move_axis_to_last(a, axis_a)
        b = maybe_move_axis_to_last(b, axis_b)
        a_dim, b_dim = a.shape[-1], b.shape[-1]

        def maybe_pad_0(a, size_of_last_dim):
            if size_of_last_dim == 2:
                return manip_ops.pad(a, [[0, 0]] * (a.shape.rank - 1) + [[0, 1]])
            return a

        a = maybe_pad_0(a, a_dim)
        b = maybe_pad_0(b, b_dim)
        c = product_ops.cross(*np_utils.tf_broadcast(a, b))
        if axis_c < 0:
            axis_c += c.shape.rank
        if a_dim == 2 and b_dim == 2:
            return c[..., 2]
        if axis_c == c.shape.rank - 1:
            return c
        r = c.shape.rank
        return manip_ops.transpose(c, list(range(axis_c)) + [r - 1] + list(range(axis_c, r - 1)))
    return _bin_op(f, a, b)


def vdot(a, b):
    a, b = promote_dtype(a, b)
    a = reshape(a, [-1])
    b = reshape(b, [-1])
    if a.dtype == np_dtypes.complex128 or a.dtype == np_dtypes.complex64:
        a = conj(a)
    return dot(a, b)


def power(x1, x2):
    return _bin_op(arithmetic_ops.pow, x1, x2)


def float_power(x1, x2):
    return power(x1, x2)


def arctan2(x1, x2):
    return _bin_op(arithmetic_ops.atan2, x1, x2)


def nextafter(x1, x2):
    return _bin_op(arithmetic_ops.nextafter, x1, x2)


def heaviside(x1, x2):
    """tnp.heaviside: 0 below zero, 1 above, x2 at zero; the default float for ints."""
    def f(x1, x2):
        return indexing_ops.where(
            x1 < 0, constant(0, dtype=x2.dtype),
            indexing_ops.where(x1 > 0, constant(1, dtype=x2.dtype), x2))
    y = _bin_op(f, x1, x2)
    if not np.issubdtype(y.dtype.as_numpy_dtype, np.inexact):
        y = y.astype(np_utils.result_type(float))
    return y


def hypot(x1, x2):
    return sqrt(square(x1) + square(x2))


def kron(a, b):
    """tnp.kron."""
    a, b = promote_dtype(a, b)
    t_a = reshape(a, pad_left_to(b.shape.rank, a.shape)) if a.shape.rank < b.shape.rank else a
    t_b = reshape(b, pad_left_to(a.shape.rank, b.shape)) if b.shape.rank < a.shape.rank else b

    def _make_shape(shape, prepend):
        ones = np.ones_like(shape)
        shapes = [ones, shape] if prepend else [shape, ones]
        return np.stack(shapes, axis=1).reshape([-1])

    a_shape = np.asarray(t_a.shape.as_list(), np.int32)   # (static in tfcompat's traces)
    b_shape = np.asarray(t_b.shape.as_list(), np.int32)
    a_reshaped = reshape(t_a, _make_shape(a_shape, False))
    b_reshaped = reshape(t_b, _make_shape(b_shape, True))
    return reshape(a_reshaped * b_reshaped, a_shape * b_shape)


def outer(a, b):
    def f(a, b):
        return manip_ops.reshape(a, [-1, 1]) * manip_ops.reshape(b, [-1])
    return _bin_op(f, a, b)


def logaddexp(x1, x2):
    amax = maximum(x1, x2)
    delta = x1 - x2
    return where(isnan(delta), x1 + x2, amax + log1p(exp(-np_abs(delta))))


def logaddexp2(x1, x2):
    amax = maximum(x1, x2)
    delta = x1 - x2
    return where(isnan(delta), x1 + x2, amax + log1p(exp2(-np_abs(delta))) / np.log(2))


def polyval(p, x):
    """tnp.polyval: coefficients from the highest power."""
    def f(p, x):
        if p.shape.rank == 0:
            p = manip_ops.reshape(p, [1])
        p = manip_ops.unstack(p)
        y = arithmetic_ops.polyval(p, x)
        if len(p) == 1:
            y = manip_ops.broadcast_to(y, x.shape)
        return y
    return _bin_op(f, p, x)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """tnp.isclose."""
    def f(a, b):
        dtype = a.dtype
        if np.issubdtype(dtype.as_numpy_dtype, np.inexact):
            rtol_ = convert_to_tensor(rtol, dtype.real_dtype)
            atol_ = convert_to_tensor(atol, dtype.real_dtype)
            result = unary_ops.abs(a - b) <= atol_ + rtol_ * unary_ops.abs(b)
            if equal_nan:
                result = result | (unary_ops.is_nan(a) & unary_ops.is_nan(b))
            return result
        return comparison_ops.equal(a, b)
    return _bin_op(f, a, b)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np_all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _tf_gcd(x1, x2):
    """Euclid's algorithm, elementwise, in a while loop."""
    def _gcd_cond_fn(_, x2):
        return reduction_ops.reduce_any(x2 != 0)

    def _gcd_body_fn(x1, x2):
        x2_safe = indexing_ops.where(x2 != 0, x2, constant(1, x2.dtype))
        x1, x2 = (indexing_ops.where(x2 != 0, x2, x1),
                  indexing_ops.where(x2 != 0, arithmetic_ops.mod(x1, x2_safe),
                                     constant(0, x2.dtype)))
        return (indexing_ops.where(x1 < x2, x2, x1), indexing_ops.where(x1 < x2, x1, x2))

    if not np.issubdtype(x1.dtype.as_numpy_dtype, np.integer) or not np.issubdtype(
            x2.dtype.as_numpy_dtype, np.integer):
        raise ValueError("Arguments to gcd must be integers.")
    shape = manip_ops.broadcast_dynamic_shape(array_ops.shape(x1), array_ops.shape(x2))
    x1 = manip_ops.broadcast_to(x1, shape)
    x2 = manip_ops.broadcast_to(x2, shape)
    value, _ = control_flow_ops.while_loop(
        _gcd_cond_fn, _gcd_body_fn, (unary_ops.abs(x1), unary_ops.abs(x2)))
    return value


def gcd(x1, x2):
    return _bin_op(_tf_gcd, x1, x2)


def lcm(x1, x2):
    def f(x1, x2):
        d = _tf_gcd(x1, x2)
        d_safe = indexing_ops.where(comparison_ops.equal(d, 0), constant(1, d.dtype), d)
        x1 = unary_ops.abs(x1)
        x2 = unary_ops.abs(x2)
        return indexing_ops.where(comparison_ops.equal(d, 0), constant(0, d.dtype),
                                  x1 * (x2 // d_safe))
    return _bin_op(f, x1, x2)


def _bitwise_binary_op(tf_fn, x1, x2):
    def f(x1, x2):
        is_bool = x1.dtype == dtypes.bool
        if is_bool:
            x1 = cast_ops.cast(x1, dtypes.int8)
            x2 = cast_ops.cast(x2, dtypes.int8)
        r = tf_fn(x1, x2)
        return cast_ops.cast(r, dtypes.bool) if is_bool else r
    return _bin_op(f, x1, x2)


def bitwise_and(x1, x2):
    return _bitwise_binary_op(bitwise_ops.bitwise_and, x1, x2)


def bitwise_or(x1, x2):
    return _bitwise_binary_op(bitwise_ops.bitwise_or, x1, x2)


def bitwise_xor(x1, x2):
    return _bitwise_binary_op(bitwise_ops.bitwise_xor, x1, x2)


def einsum(subscripts, *operands, **kwargs):
    """tnp.einsum: operands promoted ('safe' casting) or as given ('no')."""
    casting = kwargs.get("casting", "safe")
    optimize = kwargs.get("optimize", False)
    if casting == "safe":
        operands = promote_dtype(*operands)
    elif casting == "no":
        operands = [asarray(x) for x in operands]
    else:
        raise ValueError("Invalid value for argument `casting`. "
                         f'Expected casting="safe" or casting="no". Received: casting={casting}')
    if not optimize or optimize is True or optimize == "greedy":
        tf_optimize = "greedy"
    elif optimize == "optimal":
        tf_optimize = "optimal"
    else:
        raise ValueError("Invalid value for argument `optimize`. "
                         'Expected one of {True, "greedy", "optimal"}. '
                         f"Received: optimize={optimize}")
    return product_ops.einsum(subscripts, *operands, optimize=tf_optimize)
