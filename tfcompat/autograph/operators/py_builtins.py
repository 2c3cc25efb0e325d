"""AutoGraph's operators for Python builtins (TF 2.21's autograph/operators/py_builtins.py):
`range`/`tf.range` with a traced bound, `int`/`float` of a Tensor, and super(), eval,
globals() and locals() in the user's function."""
import sys

from ...framework.context import unscoped
from ...framework.tensor import graph_repr, graph_str
from ...framework.tensor_shape import TensorShape
from .checks import _traced


class TracedRange:
    """`tf.range(...)` (or `range(...)`) with a traced bound, as converted_call returns
    it: its Range node is recorded (as TF's) and a for loop iterates its `bounds` with a
    counter (for any values of them). Any other use is of the range as a tensor, which
    XLA's static shapes allow where the trace knows the bounds (the values of the
    arguments it reads, trace_state.KnownArguments); else tf.range's error."""

    def __init__(self, args, kwargs):
        from ...ops import array_ops
        self.args, self.kwargs = args, kwargs
        self.bounds, self._node = array_ops.traced_range(*args, **kwargs)
        self._tensor = None

    # (what TF's graph tensor of unknown length says of itself)
    name = property(lambda self: f"{self._node}:0")
    dtype = property(lambda self: self.bounds[0].dtype)
    shape = property(lambda self: TensorShape([None]))

    def __str__(self):
        return graph_str(self.name, self.shape, self.dtype)

    def __repr__(self):
        return graph_repr(self.name, self.shape, self.dtype)

    def __tf_tensor__(self, dtype=None, name=None):
        from ...ops import array_ops
        if self._tensor is None:
            self._tensor = array_ops.range(*self.args, **self.kwargs)
        if dtype is not None and self._tensor.dtype != dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for Tensor "
                             f"with dtype {self._tensor.dtype.name}: {self._tensor!r}")
        return self._tensor

    def __getattr__(self, name):
        if name.startswith("_"):   # (probes of other protocols, as for_stmt's)
            raise AttributeError(name)
        return getattr(self.__tf_tensor__(), name)


def _tensor_method(name):
    return lambda self, *args: getattr(self.__tf_tensor__(), name)(*args)


for _name in ("__iter__", "__len__", "__array__", "__bool__", "__index__", "__getitem__",
              "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
              "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__",
              "__neg__", "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
    setattr(TracedRange, _name, _tensor_method(_name))
TracedRange.__hash__ = object.__hash__


def range_call(f, args, kwargs):
    """A TracedRange for tf.range/range called with a traced bound, else None."""
    from ...ops import array_ops
    f = unscoped(f)
    if f is not array_ops.range and f is not range:
        return None
    if not any(_traced(a) for a in list(args) + list((kwargs or {}).values())):
        return None
    return TracedRange(tuple(args), dict(kwargs or {}))


def cast_builtin(f, x):
    """TF's py_builtins.int_/float_ of a Tensor or Variable: a cast to int32/float32."""
    from ...ops import cast_ops
    return cast_ops.cast(x, "int32" if f is int else "float32")


def in_original_context(f, args, scope):
    """super(), eval, globals() and locals() called from converted code, as in the
    user's function (TF: py_builtins.*_in_original_context): the frame whose local
    `scope.name` is `scope`; for super, the outermost (the function's own)."""
    frames, frame = [], sys._getframe(2)
    while frame is not None:
        if frame.f_locals.get(scope.name) is scope:
            frames.append(frame)
        frame = frame.f_back
    if f is super:
        if args:
            return super(*args)
        frame = frames[-1]
        return super(frame.f_locals["__class__"], frame.f_locals[frame.f_code.co_varnames[0]])
    frame = frames[0]
    if f is eval:
        return eval(args[0], *(tuple(args[1:]) + (frame.f_globals, frame.f_locals)[
            len(args) - 1:]))
    return frame.f_globals if f is globals else frame.f_locals
