"""AutoGraph's operators for Python builtins (TF 2.21's autograph/operators/py_builtins.py):
`range`/`tf.range` with a traced bound, `int`/`float` of a Tensor, and super(), eval,
globals() and locals() in the user's function."""
import sys

from ...framework.context import unscoped
from .checks import _traced


class TracedRange:
    """`tf.range(...)` (or `range(...)`) with a traced bound, as converted_call returns
    it: its Range node is recorded (as TF's) and a for loop iterates its `bounds` with a
    counter; any other use raises the error tf.range gives for traced bounds (XLA has
    static shapes)."""

    def __init__(self, args, kwargs):
        from ...ops import array_ops
        self.args, self.kwargs = args, kwargs
        self.bounds = array_ops.traced_range(*args, **kwargs)

    def _fail(self, *_args, **_kwargs):
        from ...ops import array_ops
        array_ops.range(*self.args, **self.kwargs)
        raise TypeError("tf.range with traced bounds can only be iterated by a for loop "
                        "inside tf.function (XLA has static shapes).")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self._fail()

    __iter__ = __len__ = __array__ = __jax_array__ = __bool__ = __index__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __getitem__ = _fail


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
