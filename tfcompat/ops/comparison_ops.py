"""tf.math's comparisons (equal, less, ...) and logical ops (logical_and, ...)."""

import jax.numpy as jnp

from ..framework import dtypes, errors
from ..framework.dispatch import Op, execute, match2, mismatch_error, to_tensor
from ..framework.tensor import Tensor
from ..framework.composite_dispatch import BINARY_ELEMENTWISE, UNARY_ELEMENTWISE, dispatchable
from .math_common import broadcast_error
from . import string_kernels

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["equal", "greater", "greater_equal", "less", "less_equal", "logical_and",
    "logical_not", "logical_or", "not_equal"]


_logical_not = Op("LogicalNot", jnp.logical_not, differentiable=False)
_logical_and = Op("LogicalAnd", jnp.logical_and, differentiable=False, error=broadcast_error)
_logical_or = Op("LogicalOr", jnp.logical_or, differentiable=False, error=broadcast_error)
_logical_xor = Op("LogicalXor", jnp.logical_xor, differentiable=False, error=broadcast_error)


@dispatchable("x", group=UNARY_ELEMENTWISE)
def logical_not(x, name=None):
    x = to_tensor(x)
    if not x.dtype.is_bool:
        raise mismatch_error("LogicalNot", 0, dtypes.bool, x.dtype)
    return execute(_logical_not, (x,))


def _logical_inputs(x, y, op_name):
    if isinstance(x, Tensor) and not x.dtype.is_bool:   # (checked first: x is input #0)
        raise mismatch_error(op_name, 0, dtypes.bool, x.dtype)
    x, y = match2(x, y, op_name)
    if not x.dtype.is_bool:
        raise mismatch_error(op_name, 0, dtypes.bool, x.dtype)
    return x, y


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def logical_and(x, y, name=None):
    return execute(_logical_and, _logical_inputs(x, y, "LogicalAnd"))


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def logical_or(x, y, name=None):
    return execute(_logical_or, _logical_inputs(x, y, "LogicalOr"))


@dispatchable("x", "y", group=BINARY_ELEMENTWISE)
def logical_xor(x, y, name="LogicalXor"):
    # TF's is logical_and(logical_or(x, y), logical_not(logical_and(x, y))).
    return execute(_logical_xor, _logical_inputs(x, y, "LogicalOr"))


# -- comparisons ------------------------------------------------------------------------

def _compare(name, fn, strings=None):
    """Equal, NotEqual (any dtype) and the orderings (real numbers)."""
    op = Op(name, fn, differentiable=False, error=broadcast_error, strings=strings)

    @dispatchable("x", "y", group=BINARY_ELEMENTWISE)
    def public(x, y, name=None):
        return execute(op, match2(x, y, op))
    public.op = op
    return public


equal = _compare("Equal", jnp.equal, string_kernels.equal)
not_equal = _compare("NotEqual", jnp.not_equal, string_kernels.not_equal)
less = _compare("Less", jnp.less)
less_equal = _compare("LessEqual", jnp.less_equal)
greater = _compare("Greater", jnp.greater)
greater_equal = _compare("GreaterEqual", jnp.greater_equal)


def tensor_equals(x, y, equal_op=equal):
    """`==` on Tensors: None gives False, incompatible shapes a scalar False (as TF)."""
    if y is None:
        return equal_op is not_equal
    try:
        return equal_op(x, y)
    except errors.InvalidArgumentError as e:
        if "Incompatible shapes" not in str(e):
            raise
        from ..framework.constant_op import constant
        return constant(equal_op is not_equal)
