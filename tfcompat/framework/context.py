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
  run-time checks are traced to be saved: framework/host_callback.py).

Reading these is an attribute lookup on a C-level thread-local: cheap on the op path.
"""
import contextlib
import threading

__all__ = ["ctx", "current_trace", "executing_eagerly", "private_values", "shared_values"]


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
