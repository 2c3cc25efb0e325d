"""AutoGraph's logical operators and conditional expressions (TF 2.21's
autograph/operators/logical.py and conditional_expressions.py): `not`, `and`, `or` and
`a if cond else b` in converted code, a tf.cond for a traced operand."""
from ...framework.tensor import Tensor
from .checks import _cf, _traced, _verify_condition


def not_(a):
    """`not a` (TF: ag__.not_): tf.logical_not for Tensors."""
    if isinstance(a, Tensor):
        from ...ops import comparison_ops
        return comparison_ops.logical_not(a)
    return not a


def and_(a_fn, b_fn):
    """`a and b`, lazily (TF: ag__.and_): a tf.cond for a traced `a`."""
    a = a_fn()
    if _traced(a):
        return _cf().cond(a, b_fn, lambda: a)
    return b_fn() if a else a


def or_(a_fn, b_fn):
    """`a or b`, lazily (TF: ag__.or_): a tf.cond for a traced `a`."""
    a = a_fn()
    if _traced(a):
        return _cf().cond(a, lambda: a, b_fn)
    return a if a else b_fn()


def if_exp(cond, if_true, if_false, expr_repr=None):
    """`a if cond else b` (TF: ag__.if_exp): a tf.cond for a traced condition."""
    if _traced(cond):
        return _cf().cond(_verify_condition(cond, "if statement"), if_true, if_false)
    return if_true() if cond else if_false()
