"""tf.experimental.numpy (tnp): the NumPy API on tf.Tensor, with TF's NumPy type
promotion. Implemented in tfcompat/ops/numpy_ops."""
from ...ops.numpy_ops.np_dtypes import (
    bool_, complex128, complex64, complex_, float16, float32, float64, float_, iinfo,
    inexact, int16, int32, int64, int8, int_, issubdtype, object_, string_, uint16,
    uint32, uint64, uint8, unicode_)
from ...ops.numpy_ops.np_utils import (
    finfo, ndarray, promote_types, result_type)
from ...ops.numpy_ops.np_array_ops import (
    all, amax, amin, any, arange, array, asanyarray, asarray, ascontiguousarray, copy,
    count_nonzero, cumprod, cumsum, empty, empty_like, eye, full_like, identity, imag,
    isscalar, max, mean, min, ndim, newaxis, ones, ones_like, prod, ravel, real, shape,
    size, std, sum, var, zeros, zeros_like)
from ...ops.numpy_ops.np_array_manip import (
    around, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_to, dsplit,
    dstack, expand_dims, flatten, flip, fliplr, flipud, full, hsplit, hstack, moveaxis,
    pad, reshape, roll, rot90, round, split, squeeze, stack, swapaxes, transpose,
    vsplit, vstack)
from ...ops.numpy_ops.np_array_select import (
    compress, diag, diag_indices, diagflat, diagonal, ix_, nonzero, repeat, select,
    sign, take, take_along_axis, tri, tril, triu, vander, where)
from ...ops.numpy_ops.np_math_unary import (
    abs, absolute, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctanh,
    array_equal, bitwise_not, cbrt, ceil, conj, conjugate, cos, cosh, deg2rad, equal,
    exp, exp2, expm1, fabs, fix, floor, greater, greater_equal, iscomplex, iscomplexobj,
    isfinite, isinf, isnan, isneginf, isposinf, isreal, isrealobj, less, less_equal,
    log, log10, log1p, log2, logical_and, logical_not, logical_or, logical_xor,
    negative, not_equal, positive, rad2deg, reciprocal, signbit, sin, sinc, sinh, sqrt,
    square, tan, tanh)
from ...ops.numpy_ops.np_math_ops import (
    add, allclose, arctan2, bitwise_and, bitwise_or, bitwise_xor, clip, cross, divide,
    divmod, dot, e, einsum, float_power, floor_divide, gcd, heaviside, hypot, inf,
    inner, isclose, kron, lcm, logaddexp, logaddexp2, matmul, maximum, minimum, mod,
    multiply, nextafter, outer, pi, polyval, power, remainder, subtract, tensordot,
    true_divide, vdot)
from ...ops.numpy_ops.np_math_arrays import (
    append, argmax, argmin, argsort, average, concatenate, diff, geomspace, linspace,
    logspace, meshgrid, nanmean, nanprod, nansum, ptp, sort, tile, trace)
from ...ops.numpy_ops.np_config import (
    enable_numpy_behavior as experimental_enable_numpy_behavior)
from . import random
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = [
    'abs', 'absolute', 'add', 'all', 'allclose', 'amax', 'amin', 'angle', 'any',
    'append', 'arange', 'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctan2',
    'arctanh', 'argmax', 'argmin', 'argsort', 'around', 'array', 'array_equal',
    'asanyarray', 'asarray', 'ascontiguousarray', 'atleast_1d', 'atleast_2d',
    'atleast_3d', 'average', 'bitwise_and', 'bitwise_not', 'bitwise_or', 'bitwise_xor',
    'bool_', 'broadcast_arrays', 'broadcast_to', 'cbrt', 'ceil', 'clip', 'complex128',
    'complex64', 'complex_', 'compress', 'concatenate', 'conj', 'conjugate', 'copy',
    'cos', 'cosh', 'count_nonzero', 'cross', 'cumprod', 'cumsum', 'deg2rad', 'diag',
    'diag_indices', 'diagflat', 'diagonal', 'diff', 'divide', 'divmod', 'dot', 'dsplit',
    'dstack', 'e', 'einsum', 'empty', 'empty_like', 'equal', 'exp', 'exp2',
    'expand_dims', 'experimental_enable_numpy_behavior', 'expm1', 'eye', 'fabs',
    'finfo', 'fix', 'flatten', 'flip', 'fliplr', 'flipud', 'float16', 'float32',
    'float64', 'float_', 'float_power', 'floor', 'floor_divide', 'full', 'full_like',
    'gcd', 'geomspace', 'greater', 'greater_equal', 'heaviside', 'hsplit', 'hstack',
    'hypot', 'identity', 'iinfo', 'imag', 'inexact', 'inf', 'inner', 'int16', 'int32',
    'int64', 'int8', 'int_', 'isclose', 'iscomplex', 'iscomplexobj', 'isfinite',
    'isinf', 'isnan', 'isneginf', 'isposinf', 'isreal', 'isrealobj', 'isscalar',
    'issubdtype', 'ix_', 'kron', 'lcm', 'less', 'less_equal', 'linspace', 'log',
    'log10', 'log1p', 'log2', 'logaddexp', 'logaddexp2', 'logical_and', 'logical_not',
    'logical_or', 'logical_xor', 'logspace', 'matmul', 'max', 'maximum', 'mean',
    'meshgrid', 'min', 'minimum', 'mod', 'moveaxis', 'multiply', 'nanmean', 'nanprod',
    'nansum', 'ndarray', 'ndim', 'negative', 'newaxis', 'nextafter', 'nonzero',
    'not_equal', 'object_', 'ones', 'ones_like', 'outer', 'pad', 'pi', 'polyval',
    'positive', 'power', 'prod', 'promote_types', 'ptp', 'rad2deg', 'random', 'ravel',
    'real', 'reciprocal', 'remainder', 'repeat', 'reshape', 'result_type', 'roll',
    'rot90', 'round', 'select', 'shape', 'sign', 'signbit', 'sin', 'sinc', 'sinh',
    'size', 'sort', 'split', 'sqrt', 'square', 'squeeze', 'stack', 'std', 'string_',
    'subtract', 'sum', 'swapaxes', 'take', 'take_along_axis', 'tan', 'tanh',
    'tensordot', 'tile', 'trace', 'transpose', 'tri', 'tril', 'triu', 'true_divide',
    'uint16', 'uint32', 'uint64', 'uint8', 'unicode_', 'vander', 'var', 'vdot',
    'vsplit', 'vstack', 'where', 'zeros', 'zeros_like']

_scope_namespace(globals())
