"""The execution context: what is running in this thread (TF's eager context is per thread).

``ctx`` is one ``threading.local`` object; each thread sees its own:

- ``traces``: the tf.function traces in progress, innermost last (empty: executing
  eagerly);
- ``tapes``: the active GradientTapes' recordings, innermost last;
- ``watchers``: observers of Variable reads (VariableWatchers, ForwardAccumulators);
- ``accumulators``: the active ForwardAccumulators, innermost last;
- ``name_scopes``: the tf.name_scope stack ('a/b/' innermost last; '' at the bottom);
- ``variable_classes``: the Variable classes ``tf.Variable(...)`` makes inside
  distribution strategies' scopes (MirroredStrategy's MirroredVariable), innermost last;
- ``variable_creators``: the tf.variable_creator_scope creators, innermost last;
- ``values``: while this thread traces (a tf.function, a cond or loop body), the
  Variables' values as the trace sees them ({id(variable): value}), so that tracers never
  reach another thread; None otherwise (Variables hold their values themselves);
- ``exporting``: True while tf.saved_model.save traces a function in this thread (its
  run-time checks are traced to be saved: framework/host_callback.py);
- ``staging``: the depth of the branches and loop bodies AutoGraph is staging;
- ``constructs``: the cond and while nodes being built, innermost last ((node name, TF's
  op type, predicate Tensor or None, GraphBuilder): ops/control_flow_traced.py);
- ``traceback_filtering``: whether an exception leaving tfcompat for user code loses
  tfcompat's (and jax's) frames, as TF's traceback_utils drops TF's
  (tf.debugging.disable_traceback_filtering turns it off);
- ``held_output``: the (stdout, stderr) buffers of this thread's traces whose prints are
  held until they stand, innermost last (trace_state.captured_output);
- ``spec_traces``: the depth of traces made only for their output specs (a tf.data
  function's at construction), where a tf.py_function whose output shapes its call on
  zeros cannot find gives outputs of unknown rank and sets ``unprobed``
  (ops/script_ops.py), so that its calls run eagerly;
- ``lifted_created``: the Variables this thread creates inside each tf.init_scope block
  lifted out of traces, innermost last (trace_state.init_scope: other threads' are not
  its traces' business).

Reading these is an attribute lookup on a C-level thread-local: cheap on the op path.

JAX's 64-bit mode is per thread too: ``x64`` turns it on where tfcompat runs (TF has
int64, float64 and complex128), and the rest of the process keeps JAX's default, so jax and
jax.numpy code beside tfcompat (and Keras's JAX-computed expectations) sees JAX as it is.
"""
import contextlib
import enum
import functools
import os
import threading
import types

import jax
import jaxlib
from jax._src import config as _jax_config   # (a thread-local swap: no public API)
from jax._src import traceback_util as _jax_traceback

__all__ = ["INTERNAL", "ctx", "current_trace", "executing_eagerly", "leaving", "private_values",
           "shared_values", "is_x64_frame", "is_x64_wrapper", "unscoped", "x64", "x64_class",
           "x64_exempt", "x64_free", "x64_installed", "x64_methods", "x64_on", "x64_scope"]


class _Context(threading.local):
    def __init__(self):
        self.traces = []
        self.tapes = []
        self.watchers = []
        self.accumulators = []
        self.name_scopes = [""]
        self.variable_classes = []
        self.variable_creators = []
        self.values = None
        self.exporting = False
        self.staging = 0
        self.constructs = []
        self.traceback_filtering = True
        self.held_output = []
        self.spec_traces = 0
        self.unprobed = False
        self.lifted_created = []


ctx = _Context()


def current_trace():
    """The innermost tf.function trace in progress in this thread, or None."""
    traces = ctx.traces
    return traces[-1] if traces else None


def executing_eagerly():
    """tf.executing_eagerly: True unless this thread is tracing a tf.function."""
    return not ctx.traces


def inside_function():
    """tf.inside_function: whether this thread builds a function's graph (a tf.function
    being traced, or a FuncGraph's as_default() block)."""
    return bool(ctx.traces) and ctx.traces[-1].building_function


@contextlib.contextmanager
def private_values():
    """Variables assigned in this thread inside the block keep their new values for this
    thread only, until the outermost such block ends (a trace assigns tracers)."""
    if ctx.values is not None:
        yield
        return
    ctx.values = {}
    try:
        yield
    finally:
        ctx.values = None


@contextlib.contextmanager
def shared_values():
    """Inside the block this thread reads and writes the Variables' own values (what
    tf.init_scope lifts out of a trace), then its private ones again."""
    saved, ctx.values = ctx.values, None
    try:
        yield
    finally:
        ctx.values = saved


_X64 = _jax_config.enable_x64


def x64(fn):
    """`fn` run with JAX's 64-bit types on in this thread (jax_enable_x64 as a thread-local
    setting; two swaps, ~0.1 us): every entry from user code into tfcompat (an op, a
    conversion, a tf.function call, a gradient, an iterator) runs under it. What `fn` hands
    out is entered so too: a tfcompat function it returns (a decorator's) is wrapped, and
    the class of a tfcompat object it returns gets x64 methods (`x64_class`). An exception
    leaves without the note jax adds to one raised through its transformations (TF's
    errors have none) and, at the outermost entry, without tfcompat's frames
    (`_filtered`)."""
    @functools.wraps(fn)
    def with_x64(*args, **kwargs):
        prev = _X64.swap_local(True)
        try:
            out = fn(*args, **kwargs)
        except Exception as e:
            leaving(e, prev)
            raise
        finally:
            _X64.set_local(prev)
        if type(out) in _seen:
            return out
        return _handed_out(out)
    return with_x64


_JAX_NOTE = _jax_traceback._simplified_tb_msg


def _drop_jax_note(exc):
    """Remove jax's "For simplicity, JAX has removed its internal frames ..." note from
    `exc` (it removed those frames, which stay removed)."""
    exc.__notes__[:] = [n for n in exc.__notes__ if not n.endswith(_JAX_NOTE)]
    if not exc.__notes__:
        del exc.__notes__


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
# Where frames are tfcompat's own or jax's (which it runs on): what TF's traceback_utils
# and its nodes' definition tracebacks leave out of TF's (those under tensorflow/python).
INTERNAL = (_PACKAGE,) + tuple(os.path.dirname(os.path.abspath(m.__file__)) + os.sep
                               for m in (jax, jaxlib))
# Exceptions that Python's protocols raise and catch (iteration, attribute lookups): as
# they are, at no cost.
_UNFILTERED = (StopIteration, AttributeError)


def leaving(exc, prev):
    """`exc` as it leaves an `x64` entry whose caller's 64-bit setting was `prev` (True:
    tfcompat called it): without jax's note, and where user code called, without
    tfcompat's frames (`_filtered`, unless tf.debugging.disable_traceback_filtering)."""
    if getattr(exc, "__notes__", None):
        _drop_jax_note(exc)
    if prev is not True and ctx.traceback_filtering and not isinstance(exc, _UNFILTERED):
        exc.__traceback__ = _filtered(exc.__traceback__)


def _filtered(tb):
    """Traceback `tb` without tfcompat's and jax's frames; the innermost one where no
    other is left (TF's traceback_utils._process_traceback_frames)."""
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    kept = [t for t in entries if not t.tb_frame.f_code.co_filename.startswith(INTERNAL)]
    out = None
    for t in reversed(kept or entries[-1:]):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


_WRAPPER_CODE = x64(lambda: None).__code__


def is_x64_wrapper(fn):
    """Whether `fn` is an `x64` wrapper (known by its code: functools.wraps copies
    attributes onto the functions that wrap one)."""
    return getattr(fn, "__code__", None) is _WRAPPER_CODE


def unscoped(fn):
    """The function an `x64` wrapper wraps (for identity checks: AutoGraph's tf.range);
    any other value as it is."""
    while is_x64_wrapper(fn):
        fn = fn.__wrapped__
    return fn


def is_x64_frame(frame):
    """Whether `frame` is an `x64` wrapper's (callers' line lookups skip it)."""
    return frame.f_code is _WRAPPER_CODE


def _handed_out(value):
    if type(value) is types.FunctionType:
        return x64(value) if _ours(value) and not is_x64_wrapper(value) \
            else value
    x64_class(type(value))
    return value


@contextlib.contextmanager
def x64_scope():
    """The block runs with JAX's 64-bit types on in this thread (see `x64`)."""
    prev = _X64.swap_local(True)
    try:
        yield
    finally:
        _X64.set_local(prev)


def x64_class(cls):
    """Give `cls` x64 methods (`x64_methods`) if it is a tfcompat class that is not
    exempt (`x64_exempt`), once."""
    if cls in _seen:
        return
    _seen.add(cls)
    if (getattr(cls, "__module__", None) or "").startswith(("tfcompat", "tensorflow")) and \
            not issubclass(cls, (enum.Enum, BaseException, type)):
        x64_methods(cls)


def x64_exempt(*classes):
    """Leave `classes` (which hold no JAX values, and whose methods are on every op's path:
    DType, TensorShape) without x64 methods."""
    _seen.update(classes)


def x64_methods(cls):
    """Class decorator: the public methods and properties (and special methods) that `cls`,
    its tfcompat bases and its tfcompat subclasses (those defined later too) define run
    under `x64`: the entries into tfcompat through its public classes."""
    _seen.add(cls)
    for klass in cls.__mro__[::-1] + tuple(_subclasses(cls)):
        _wrap_methods(klass)
    own = vars(cls).get("__init_subclass__")

    def __init_subclass__(sub, **kwargs):
        if own is not None:
            own.__func__(sub, **kwargs)
        else:
            super(cls, sub).__init_subclass__(**kwargs)
        _seen.add(sub)
        _wrap_methods(sub)
    cls.__init_subclass__ = classmethod(__init_subclass__)
    return cls


_wrapped_classes = set()
# The types whose values x64 hands out as they are: those looked at once (x64_class).
_seen = {type(None), bool, int, float, str, bytes, tuple, list, dict}


def _ours(fn):
    code = getattr(fn, "__code__", None)
    return code is not None and code.co_filename.startswith(_PACKAGE)


def _subclasses(cls):
    for sub in type.__subclasses__(cls):
        yield sub
        yield from _subclasses(sub)


def x64_installed(cls):
    """After methods were installed on `cls` (a class with x64 methods) from outside its
    body (the ops layer's operators and Variable methods): give them x64 too."""
    _wrapped_classes.discard(cls)
    _wrap_methods(cls)


def _done(fn):
    return fn is None or is_x64_wrapper(fn) or getattr(fn, "x64_free", False)


def _wrap_methods(klass):
    if klass in _wrapped_classes:
        return
    _wrapped_classes.add(klass)
    for name, value in list(vars(klass).items()):
        if name in ("__init_subclass__", "__del__") or name[:1] == "_" and name[:2] != "__" \
                or _done(value):
            continue   # (private methods run inside the public ones; a finalizer may run
            #            at interpreter exit, this module's globals gone)
        if isinstance(value, (staticmethod, classmethod)):
            if _ours(value.__func__) and not _done(value.__func__):
                setattr(klass, name, type(value)(x64(value.__func__)))
        elif type(value) is property:
            if any(_ours(f) for f in (value.fget, value.fset, value.fdel)) and \
                    not _done(value.fget):
                new = property(*[f and x64(f) for f in (value.fget, value.fset, value.fdel)],
                               value.__doc__)
                new.__set_name__(klass, name)   # (named in its AttributeErrors)
                setattr(klass, name, new)
        elif _ours(value):
            setattr(klass, name, x64(value))


def x64_free(fn):
    """Mark a method (or property getter) x64_methods leaves as it is: it runs no JAX
    (dtype, shape: on every op's path), or checks the mode itself."""
    fn.x64_free = True
    return fn


def x64_on():
    """Whether JAX's 64-bit types are on in this thread."""
    return _X64.value
