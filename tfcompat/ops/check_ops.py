"""tf.debugging assertions. Eagerly they raise TF's InvalidArgumentError at once; inside
tf.function the condition becomes an output of the traced computation, checked after the
call (after Variables are written back, which is what TF's unordered assert shows)."""
import jax
import numpy as np

from ..framework import errors, func_graph
from ..framework.constant_op import convert_to_tensor
from ..framework.function import symbolic_name
from ..framework.tensor import Tensor
from . import math_ops
from ..framework.context import ctx

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


def _check(condition, describe, graph=None):
    """Raise (eagerly) or register (traced) the check that `condition` is all true.
    `graph()`: the node TF's graph-mode Assert would be, and its data (_graph_assert)."""
    if isinstance(condition._value, jax.core.Tracer):
        if not ctx.traces:
            raise ValueError("tfcompat checks a traced tf.debugging assertion only at the "
                             "top level of a tf.function.")
        info, data = (describe(None), []) if graph is None else graph(describe(None))
        ctx.traces[-1].checks.append((condition._value, info, data))
        return None
    if not np.all(np.asarray(condition._value)):
        raise errors.InvalidArgumentError(None, None, describe(condition))
    return None


def _tensor_name(original, tensor, scope, arg):
    """The graph name TF's Assert data shows for an argument: the tensor's own, or the
    constant it is converted to inside the assertion's name scope."""
    if isinstance(original, Tensor):
        name = symbolic_name(tensor)
        if name is not None:
            return name
    return f"{scope}/{arg}:0"


def _graph_assert(scope, items, summarize):
    """The check TF's graph-mode Assert makes in name scope `scope`: its node (guarded by
    a cond unless all its data is int32 or string), where it was defined, and its data:
    strings, and tensors of which the first `summarize` elements are outputs of the
    traced function (what the failure message shows). Returns (info, data arrays)."""
    n = 3 if summarize is None else summarize
    tensors = [t for t in items if isinstance(t, Tensor)]
    guarded = any(t.dtype.name not in ("int32", "string") for t in tensors)
    info = {"node": f"{scope}/Assert/AssertGuard/Assert" if guarded else f"{scope}/Assert/Assert",
            "frames": func_graph.definition_frames(), "summarize": n, "data": 2 * len(tensors),
            "items": [{"dtype": t.dtype.name} if isinstance(t, Tensor) else t for t in items]}
    # (each tensor's shape is an output too: it may be known only when the function runs)
    return info, [y for t in tensors for y in (t._value.reshape(-1)[:n],
                                                jax.numpy.asarray(t._value.shape, np.int64))]


def summarize(values, shape, size, dtype, n):
    """TF's Tensor::SummarizeValue(n) of a tensor of `shape` (`size` elements) whose first
    elements are `values`: row-major, nested brackets, "..." where elements are left out."""
    values = [_element(v, dtype) for v in np.asarray(values).reshape(-1)]
    limit = min(n, size)
    out = []
    if not shape:
        out.append(" ".join(values[:limit]))
    else:
        index = [0]

        def dim(d):
            if index[0] >= limit:
                return
            if d == len(shape) - 1:
                for i in range(shape[d]):
                    if index[0] >= limit:
                        if d != 0:
                            out.append("...")
                        return
                    if i > 0:
                        out.append(" ")
                    out.append(values[index[0]])
                    index[0] += 1
                return
            for _ in range(shape[d]):
                opened = index[0] < limit
                if opened:
                    out.append("[")
                dim(d + 1)
                if index[0] < limit or opened:
                    out.append("]")
        dim(0)
    if size > limit:
        out.append("...")
    return "".join(out)


def _element(v, dtype):
    """One element as TF's kernels print it (StrCat: floats in the fewest of 6 or 9 digits,
    doubles of 15 or 17, that read back the same; bools as 1 and 0)."""
    if dtype == "bool":
        return "1" if v else "0"
    if dtype in ("float32", "float16", "bfloat16"):
        v = np.float32(v)
        text = "%.6g" % v
        return text if not np.isfinite(v) or np.float32(text) == v else "%.9g" % v
    if dtype == "float64":
        text = "%.15g" % v
        return text if not np.isfinite(v) or float(text) == v else "%.17g" % v
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def _first(a, n):
    return str(np.asarray(a).reshape(-1)[:n])


# Which of the binary assertions each unary one calls (with zero), as TF's do.
_UNARY_CALLS = {"assert_positive": ("assert_less", True),
                "assert_non_negative": ("assert_less_equal", True),
                "assert_negative": ("assert_less", False),
                "assert_non_positive": ("assert_less_equal", False)}


def _unary(api, compare, text):
    def assertion(x, message=None, summarize=None, name=None):
        original = x
        x = convert_to_tensor(x)
        zero = convert_to_tensor(0, dtype=x.dtype)

        def graph(_):
            builder = func_graph.current()
            scope = builder.unique_name(name or api)
            inner = builder.unique_name(f"{scope}/{_UNARY_CALLS[api][0]}")
            items = [f"{message}.  " if message else "",
                     f"Condition {text} did not hold element-wise:",
                     f"x ({_tensor_name(original, x, scope, 'x')}) = ", x]
            return _graph_assert(inner, items, summarize)

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
        return _check(compare(x, zero), describe, graph)
    assertion.__name__ = api + "_v2"   # TF's implementation's name
    assertion.__doc__ = f"tf.debugging.{api}: {text} element-wise."
    return assertion


def _binary(api, compare, text):
    def assertion(x, y, message=None, summarize=None, name=None):
        x_arg, y_arg = x, y
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype=x.dtype)
        n = summarize or 3

        def graph(_):
            builder = func_graph.current()
            if api == "assert_equal":   # (TF's assert_equal opens its name scope twice)
                builder.unique_name(name or api)
            scope = builder.unique_name(name or api)
            items = ([] if message is None else [message]) + [
                f"Condition {text} did not hold element-wise:",
                f"x ({_tensor_name(x_arg, x, scope, 'x')}) = ", x,
                f"y ({_tensor_name(y_arg, y, scope, 'y')}) = ", y]
            return _graph_assert(scope, items, summarize)

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
        return _check(compare(x, y), describe, graph)
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
