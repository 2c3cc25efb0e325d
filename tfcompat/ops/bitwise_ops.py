"""tf.bitwise, and the `&`, `|`, `^`, `~` operators (logical on bool, bitwise on ints)."""
import jax.numpy as jnp

from ..framework.dispatch import Op, check_dtype, execute, match2, to_tensor
from . import math_ops

_INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def _binary(name, fn):
    op = Op(name, fn, differentiable=False, allowed=_INTS, error=math_ops.broadcast_error)

    def public(x, y, name=None):
        x, y = match2(x, y, op.name)
        check_dtype(op, x)
        return execute(op, (x, y))
    return public


bitwise_and = _binary("BitwiseAnd", jnp.bitwise_and)
bitwise_or = _binary("BitwiseOr", jnp.bitwise_or)
bitwise_xor = _binary("BitwiseXor", jnp.bitwise_xor)
_invert_op = Op("Invert", jnp.invert, differentiable=False, allowed=_INTS)


def invert(x, name=None):
    """tf.bitwise.invert."""
    x = to_tensor(x)
    check_dtype(_invert_op, x)
    return execute(_invert_op, (x,))


def _by_dtype(logical, bitwise):
    def op(x, y):
        return (logical if to_tensor(x).dtype.is_bool else bitwise)(x, y)
    return op


and_ = _by_dtype(math_ops.logical_and, bitwise_and)
or_ = _by_dtype(math_ops.logical_or, bitwise_or)
xor_ = _by_dtype(math_ops.logical_xor, bitwise_xor)


def invert_(x):
    x = to_tensor(x)
    return math_ops.logical_not(x) if x.dtype.is_bool else invert(x)
