"""tf.math."""
from .ops.math_ops import (  # noqa: F401
    abs, add, add_n, ceil, cos, divide, equal, exp, floor, floordiv, floormod, greater,
    greater_equal, less, less_equal, log, log1p, logical_and, logical_not, logical_or,
    logical_xor,
    maximum, minimum, mod, multiply, negative, not_equal, pow, reciprocal,
    reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum, round, rsqrt, sigmoid,
    sign, sin, sqrt, square, squared_difference, subtract, tan, tanh, truediv,
)
from .ops.nn_ops import softmax  # noqa: F401
