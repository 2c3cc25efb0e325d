"""Host callbacks that run each time a tf.function runs, not once when it is traced, and
whose exceptions reach the caller as they were raised (XLA reports them as a runtime
error with the traceback as text)."""
import logging

import jax
from jax._src import config as _jax_config
from jax.experimental import io_callback as _io_callback

_raised = []   # the exception of the host callback that failed last


class _Reraised(logging.Filter):
    """Drops jax's log record of a callback exception that reaches the caller."""

    def filter(self, record):
        return not (_raised and record.exc_info and record.exc_info[1] is _raised[0])


logging.getLogger("jax._src.callback").addFilter(_Reraised())


def staged():
    """A context in which operations are staged into the trace even when their inputs are
    constants. A tf.function's first trace folds constant subexpressions
    (jax.ensure_compile_time_eval), which would run a host callback on constant
    arguments once, at trace time; made inside this context it runs on every call."""
    return _jax_config.eager_constant_folding(False)


def _keeping_errors(fn):
    def run(*args):
        try:
            return fn(*args)
        except Exception as exc:
            _raised[:] = [exc]
            raise
    return run


def debug_callback(fn, *arrays):
    """jax.debug.callback(fn, *arrays, ordered=True), staged into the current trace."""
    with staged():
        jax.debug.callback(_keeping_errors(fn), *arrays, ordered=True)


def io_callback(fn, result_shape_dtypes, *arrays):
    """jax.experimental.io_callback(fn, ..., ordered=True), staged into the current trace."""
    with staged():
        return _io_callback(_keeping_errors(fn), result_shape_dtypes, *arrays, ordered=True)


def raised():
    """The exception a host callback raised in the computation that just failed (or None);
    cleared."""
    exc = _raised[0] if _raised else None
    _raised.clear()
    return exc
