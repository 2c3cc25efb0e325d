"""tf.bitwise, and the `&`, `|`, `^`, `~` operators (logical on bool, bitwise on ints)."""
import jax.numpy as jnp
from jax import lax

from ..framework.composite_dispatch import UNARY_ELEMENTWISE, dispatchable
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from . import comparison_ops
from .math_common import binary


def _shift(shift):
    def fn(x, y):
        # TF clamps the shift amount to [0, bits - 1].
        bits = jnp.iinfo(x.dtype).bits
        return shift(x, jnp.clip(y, 0, bits - 1).astype(x.dtype))
    return fn


def _right_shift(x, y):
    signed = jnp.issubdtype(x.dtype, jnp.signedinteger)
    return (lax.shift_right_arithmetic if signed else lax.shift_right_logical)(x, y)



def _bitwise(name, fn):
    return binary(name, fn, differentiable=False)


bitwise_and = _bitwise("BitwiseAnd", jnp.bitwise_and)
bitwise_or = _bitwise("BitwiseOr", jnp.bitwise_or)
bitwise_xor = _bitwise("BitwiseXor", jnp.bitwise_xor)
left_shift = _bitwise("LeftShift", _shift(lax.shift_left))
right_shift = _bitwise("RightShift", _shift(_right_shift))
_invert_op = Op("Invert", jnp.invert, differentiable=False)


@dispatchable("x", group=UNARY_ELEMENTWISE)
def invert(x, name=None):
    """tf.bitwise.invert."""
    x = to_tensor(x)
    check_dtype(_invert_op, x)
    return execute(_invert_op, (x,))


def _by_dtype(logical, bitwise):
    def op(x, y):
        return (logical if to_tensor(x).dtype.is_bool else bitwise)(x, y)
    return op


and_ = _by_dtype(comparison_ops.logical_and, bitwise_and)
or_ = _by_dtype(comparison_ops.logical_or, bitwise_or)
xor_ = _by_dtype(comparison_ops.logical_xor, bitwise_xor)


def invert_(x):
    x = to_tensor(x)
    return comparison_ops.logical_not(x) if x.dtype.is_bool else invert(x)
