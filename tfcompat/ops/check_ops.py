"""tf.debugging assertions. Eagerly they raise TF's InvalidArgumentError at once; inside
tf.function the condition becomes an output of the traced computation, checked after the
call (after Variables are written back, which is what TF's unordered assert shows)."""
import jax
import numpy as np

from ..framework import errors
from ..framework.constant_op import convert_to_tensor
from ..framework.variables import _creating
from . import math_ops

_UNARY = {"assert_positive": (math_ops.greater, "x > 0"),
          "assert_non_negative": (math_ops.greater_equal, "x >= 0"),
          "assert_negative": (math_ops.less, "x < 0"),
          "assert_non_positive": (math_ops.less_equal, "x <= 0")}
_BINARY = {"assert_equal": (math_ops.equal, "x == y"),
           "assert_none_equal": (math_ops.not_equal, "x != y"),
           "assert_less": (math_ops.less, "x < y"),
           "assert_less_equal": (math_ops.less_equal, "x <= y"),
           "assert_greater": (math_ops.greater, "x > y"),
           "assert_greater_equal": (math_ops.greater_equal, "x >= y")}


def _check(condition, describe):
    """Raise (eagerly) or register (traced) the check that `condition` is all true."""
    if isinstance(condition._value, jax.core.Tracer):
        if not _creating:
            raise ValueError("tfcompat checks a traced tf.debugging assertion only at the "
                             "top level of a tf.function.")
        _creating[-1].checks.append((condition._value, describe(None)))
        return None
    if not np.all(np.asarray(condition._value)):
        raise errors.InvalidArgumentError(None, None, describe(condition))
    return None


def _first(a, n):
    return str(np.asarray(a).reshape(-1)[:n])


def _unary(api, compare, text):
    def assertion(x, message=None, summarize=None, name=None):
        x = convert_to_tensor(x)
        zero = convert_to_tensor(0, dtype=x.dtype)

        def describe(cond):
            # TF's texts: "message.  \n" before, and no newline after the colon for
            # assert_non_positive.
            head = f"{message}.  \n" if message else "\n"
            if cond is None:
                return f"{head}Condition {text} did not hold element-wise."
            arr = np.asarray(x._value)
            values = str(arr[()]) if arr.ndim == 0 else \
                [str(v) for v in arr.reshape(-1)[:summarize or 3]]
            sep = "" if api == "assert_non_positive" else "\n"
            return (f"{head}Condition {text} did not hold element-wise:{sep}x (shape="
                    f"{tuple(x.shape)} dtype={x.dtype.name}) = \n{values}")
        return _check(compare(x, zero), describe)
    assertion.__name__ = api + "_v2"   # TF's implementation's name
    assertion.__doc__ = f"tf.debugging.{api}: {text} element-wise."
    return assertion


def _binary(api, compare, text):
    def assertion(x, y, message=None, summarize=None, name=None):
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype=x.dtype)
        n = summarize or 3

        def describe(cond):
            head = (message + "\n") if message else ""
            if cond is None:
                return f"{head}Condition {text} did not hold."
            xs, ys = np.asarray(x._value), np.asarray(y._value)
            out = f"{head}Condition {text} did not hold.\n"
            if xs.shape == ys.shape and xs.ndim:
                bad = np.argwhere(~np.asarray(cond._value))[:n]
                out += (f"Indices of first {len(bad)} different values:\n{bad}\n"
                        f"Corresponding x values:\n{xs[tuple(bad.T)]}\n"
                        f"Corresponding y values:\n{ys[tuple(bad.T)]}\n")
            return out + (f"First {min(xs.size, n)} elements of x:\n{_first(xs, n)}\n"
                          f"First {min(ys.size, n)} elements of y:\n{_first(ys, n)}")
        return _check(compare(x, y), describe)
    assertion.__name__ = api + "_v2"   # TF's implementation's name
    assertion.__doc__ = f"tf.debugging.{api}: {text} element-wise."
    return assertion


assert_positive = _unary("assert_positive", *_UNARY["assert_positive"])
assert_non_negative = _unary("assert_non_negative", *_UNARY["assert_non_negative"])
assert_negative = _unary("assert_negative", *_UNARY["assert_negative"])
assert_non_positive = _unary("assert_non_positive", *_UNARY["assert_non_positive"])
assert_equal = _binary("assert_equal", *_BINARY["assert_equal"])
assert_none_equal = _binary("assert_none_equal", *_BINARY["assert_none_equal"])
assert_less = _binary("assert_less", *_BINARY["assert_less"])
assert_less_equal = _binary("assert_less_equal", *_BINARY["assert_less_equal"])
assert_greater = _binary("assert_greater", *_BINARY["assert_greater"])
assert_greater_equal = _binary("assert_greater_equal", *_BINARY["assert_greater_equal"])
