"""tf.debugging assertions. Eagerly they raise TF's InvalidArgumentError at once; inside
tf.function the condition becomes an output of the traced computation, checked after the
call (after Variables are written back, which is what TF's unordered assert shows)."""
import jax
import numpy as np

from ..framework.composite_dispatch import (BINARY_ELEMENTWISE_ASSERT, UNARY_ELEMENTWISE,
                                            dispatchable)
from ..framework import errors, func_graph
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype
from ..framework.tensor import Tensor
from ..framework.trace_state import symbolic_name
from . import comparison_ops, unary_ops
from .op_args import kernel_error
from .reduction_ops import reduce_all
from ..framework.context import ctx, current_trace

_UNARY = {"assert_positive": (comparison_ops.greater, "x > 0"),
          "assert_non_negative": (comparison_ops.greater_equal, "x >= 0"),
          "assert_negative": (comparison_ops.less, "x < 0"),
          "assert_non_positive": (comparison_ops.less_equal, "x <= 0")}
_BINARY = {"assert_equal": (comparison_ops.equal, "x == y"),
           "assert_none_equal": (comparison_ops.not_equal, "x != y"),
           "assert_less": (comparison_ops.less, "x < y"),
           "assert_less_equal": (comparison_ops.less_equal, "x <= y"),
           "assert_greater": (comparison_ops.greater, "x > y"),
           "assert_greater_equal": (comparison_ops.greater_equal, "x >= y")}


def _check(condition, describe, graph=None):
    """Raise (eagerly) or register (traced) the check that `condition` is all true.
    `graph()`: the node TF's graph-mode Assert would be, and its data (_graph_assert)."""
    if isinstance(condition._value, jax.core.Tracer):
        if not ctx.traces:
            raise ValueError("tfcompat checks a traced tf.debugging assertion only inside "
                             "a tf.function.")
        info, data = (describe(None), []) if graph is None else graph(describe(None))
        current_trace().add_check(condition._value, info, data)
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
            inner = builder.unique_name(f"{scope}/{_UNARY_CALLS[api][0]}", absolute=True)
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
        y = convert_to_tensor(y)   # as TF: no dtype hint (assert_less(int64_x, 3) fails)
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
    return dispatchable("x", "y", group=BINARY_ELEMENTWISE_ASSERT)(assertion)


assert_positive = _unary("assert_positive", *_UNARY["assert_positive"])
assert_non_negative = _unary("assert_non_negative", *_UNARY["assert_non_negative"])
assert_negative = _unary("assert_negative", *_UNARY["assert_negative"])
assert_non_positive = _unary("assert_non_positive", *_UNARY["assert_non_positive"])
assert_equal = _binary("assert_equal", *_BINARY["assert_equal"])
_none_equal = _binary("assert_none_equal", *_BINARY["assert_none_equal"])


def assert_none_equal(x, y, summarize=None, message=None, name=None):
    """tf.debugging.assert_none_equal (summarize before message, as TF's)."""
    return _none_equal(x, y, message, summarize, name)
assert_less = _binary("assert_less", *_BINARY["assert_less"])
assert_less_equal = _binary("assert_less_equal", *_BINARY["assert_less_equal"])
assert_greater = _binary("assert_greater", *_BINARY["assert_greater"])
assert_greater_equal = _binary("assert_greater_equal", *_BINARY["assert_greater_equal"])


# -- static checks (ranks, shapes and dtypes are always known to XLA) -----------------
def _prefix(message):
    return f"{message}.  " if message else ""


def _eager_name(tensor, eager, scope, arg):
    """The tensor name TF's static assertions print: `eager` outside tf.function."""
    return eager if not ctx.traces else _tensor_name(tensor, tensor, scope, arg)


def _rank_check(api, describe_rank, holds):
    def assertion(x, rank, message=None, name=None):
        from ..framework import dtypes
        x = convert_to_tensor(x)
        rank = convert_to_tensor(rank)
        assert_type(rank, dtypes.int32)
        given = np.asarray(rank._value)
        if api != "assert_rank_in" and given.ndim != 0:
            raise ValueError("Rank must be a scalar.")
        if not holds(x.shape.rank, given):
            label = _eager_name(x, "", name or api, "x")
            raise ValueError(f"{_prefix(message)}Tensor {label} must have rank "
                             f"{describe_rank(given)}.  Received rank {x.shape.rank}, "
                             f"shape {x.shape}")
        return None
    assertion.__name__ = api + "_v2"
    assertion.__doc__ = f"tf.debugging.{api}: a static rank check (ValueError)."
    return assertion


assert_rank = _rank_check("assert_rank", int, lambda r, g: r == g)
assert_rank_at_least = _rank_check("assert_rank_at_least", lambda g: f"at least {int(g)}",
                                   lambda r, g: r >= g)
_rank_in = _rank_check("assert_rank_in", lambda g: f"in {tuple(int(r) for r in np.ravel(g))}",
                       lambda r, g: r in np.ravel(g))


def assert_rank_in(x, ranks, message=None, name=None):
    """tf.debugging.assert_rank_in: a static check that x's rank is one of `ranks`."""
    return _rank_in(x, ranks, message, name)


def assert_type(tensor, tf_type, message=None, name=None):
    """tf.debugging.assert_type: a static dtype check (TypeError)."""
    from ..framework import dtypes
    tf_type = dtypes.as_dtype(tf_type)
    tensor = convert_to_tensor(tensor)
    if tensor.dtype != tf_type:
        label = _eager_name(tensor, "tensor", name or "assert_type", "tensor")
        raise TypeError(f"{_prefix(message)}{label} must be of type {tf_type!r}; got "
                        f"{tensor.dtype!r}")


def assert_integer(x, message=None, name=None):
    """tf.debugging.assert_integer: a static dtype check (TypeError)."""
    x = convert_to_tensor(x)
    if not x.dtype.is_integer:
        label = _eager_name(x, "tensor", name or "assert_integer", "x")
        raise TypeError(f'{_prefix(message)}Expected "x" to be integer type.  Found: {label} '
                        f"of dtype {x.dtype}")


def assert_scalar(tensor, message=None, name=None):
    """tf.debugging.assert_scalar: a static shape check (ValueError)."""
    tensor = convert_to_tensor(tensor)
    if tensor.shape.rank != 0:
        raise ValueError(f"{_prefix(message)}Expected scalar shape, saw shape: {tensor.shape}.")
    return tensor


def assert_proper_iterable(values):
    """tf.debugging.assert_proper_iterable: a list or tuple, not a Tensor, array or string."""
    if isinstance(values, (Tensor, np.ndarray, bytes, str)):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: '
                        f"{type(values)}")
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type(values)}')


def assert_same_float_dtype(tensors=None, dtype=None):
    """tf.debugging.assert_same_float_dtype: the common floating dtype of `tensors`."""
    first = None
    for item in tensors or []:
        if item is None:
            continue
        if dtype is None:
            dtype, first = item.dtype, item
        elif item.dtype != dtype:
            raise ValueError(f"{item!s}, type={item.dtype}, must be of the same type "
                             f"({dtype}){'' if first is None else f' as {first!s}'}.")
    if dtype is None:
        from ..framework.dtypes import float32
        return float32
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype}.")
    return dtype


def _shape_text(t):
    return f"shape={t.shape} dtype={t.dtype.name}"


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """tf.debugging.assert_shapes: static rank and size checks (ValueError); a symbol
    names one size across tensors, '.' or None any size, a leading '...' or '*' any
    leading dimensions."""
    shapes = shapes.items() if isinstance(shapes, dict) else shapes
    constraints = [(convert_to_tensor(x), s) for x, s in shapes if s is not None]
    named = {}
    for x, spec in constraints:
        label = _eager_name(x, _shape_text(x), name or "assert_shapes", "x")
        if not hasattr(spec, "__iter__") and not hasattr(spec, "__getitem__"):
            raise ValueError(f"{_prefix(message)}Tensor {label}.  Specified shape must be an "
                             f"iterable.  An iterable has the attribute `__iter__` or "
                             f"`__getitem__`.  Received specified shape: {spec}")
        spec = tuple(spec)
        for i, symbol in enumerate(spec):
            if (symbol is Ellipsis or symbol == "*") and i != 0:
                raise ValueError(f"{_prefix(message)}Tensor {label} specified shape index "
                                 f"{i}.  Symbol `...` or `*` for a variable number of "
                                 f"unspecified dimensions is only allowed as the first entry")
        leading = bool(spec) and (spec[0] is Ellipsis or spec[0] == "*")
        spec = spec[1:] if leading else spec
        if leading:
            if len(spec) > 1:
                assert_rank_at_least(x, len(spec), message=message, name=name)
        elif len(spec) <= 1:
            assert_rank_in(x, [0, 1], message=message, name=name)
        else:
            assert_rank(x, len(spec), message=message, name=name)
        dims = x.shape.as_list() or [1]
        for i, symbol in enumerate(spec):
            index = len(dims) - len(spec) + i
            got = dims[index]
            if symbol is None or symbol == "." or isinstance(symbol, str) and not symbol:
                continue
            if isinstance(symbol, str):
                if symbol not in named:
                    named[symbol] = (got, f"Specified by tensor {label} dimension {index}")
                    continue
                size, origin = named[symbol]
            else:
                size, origin = int(symbol), "Specified explicitly"
            if got != size:
                raise ValueError(f"{_prefix(message)}{origin}.  Tensor {label} dimension "
                                 f"{index} must have size {size}.  Received size {got}, "
                                 f"shape {x.shape}")


@dispatchable("x", "y", group=BINARY_ELEMENTWISE_ASSERT)
def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """tf.debugging.assert_near: |x - y| <= atol + rtol * |y| element-wise (10 eps by
    default)."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    real = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
    eps = float(np.finfo(real.as_numpy_dtype).eps)
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=real)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=real)
    close = reduce_all(comparison_ops.less_equal(
        unary_ops.abs(x - y), atol + rtol * unary_ops.abs(y)))

    def describe(cond):
        shown = "False" if cond is None else "tf.Tensor(False, shape=(), dtype=bool)"
        return f"Expected '{shown}' to be true. Summarized data: b'{message or ''}'"
    return _check(close, describe)


# Carries CheckNumerics' dtype check (its kernel runs on the host, in `_check`).
_check_numerics_op = Op("CheckNumerics", None)


@dispatchable("tensor", group=UNARY_ELEMENTWISE)
def check_numerics(tensor, message, name=None):
    """tf.debugging.check_numerics: `tensor`, or InvalidArgumentError if it has a NaN or
    an infinity."""
    return _check_numerics(tensor, message, "" if name is None else name,
                           name or "CheckNumerics")


def assert_all_finite(x, message, name=None):
    """tf.debugging.assert_all_finite: CheckNumerics of `x` (TF's error names no node)."""
    return _check_numerics(x, message, "", f"{name or 'VerifyFinite'}/CheckNumerics")


def _check_numerics(tensor, message, name, node, absolute=False):
    x = convert_to_tensor(tensor)
    check_dtype(_check_numerics_op, x)
    finite = reduce_all(unary_ops.is_finite(x))

    def graph(_):
        """TF's failing CheckNumerics node in a tf.function: its message says whether
        NaN, Inf or both (the data)."""
        value = x._value
        info = {"node": func_graph.current().unique_name(node, absolute=absolute),
                "frames": func_graph.definition_frames(), "data": 2,
                "numerics": message}
        return info, [jax.numpy.any(jax.numpy.isnan(value)),
                      jax.numpy.any(jax.numpy.isinf(value))]

    def describe(cond):
        if cond is None:
            return f"{message} : Tensor had Inf or NaN values"
        values = np.asarray(x._value)
        nan, inf = np.isnan(values).any(), np.isinf(values).any()
        kind = "Inf and NaN" if nan and inf else "NaN" if nan else "Inf"
        return kernel_error("CheckNumerics", f"{message} : Tensor had {kind} values",
                            name).message
    _check(finite, describe, graph if func_graph.current() is not None else None)
    return x
