"""tf.debugging's switches: traceback filtering, device-placement logging, and the op
hooks that ``dispatch.execute`` calls after each op while one is installed (an empty list
otherwise: one truth test per op).

Traceback filtering drops tfcompat's (and jax's) frames from an exception that reaches
user code (context.x64), as TF drops its own. Deliberate difference from TF: placement
logging writes TF's ``Executing op <type> in device <device>`` line (without absl's
prefix) to stderr for the ops tfcompat runs eagerly through its op path (not for
tf.constant, Variable creation or tf.function calls, and not the placer's lines TF prints
when it instantiates a function).
"""
import sys

from .config import _is_initialized
from .context import ctx

# Called as hook(op, inputs, outputs) after every op dispatch.execute runs.
op_hooks = []

_log_placement = [False]


def is_traceback_filtering_enabled():
    """tf.debugging.is_traceback_filtering_enabled (per thread; True by default)."""
    return ctx.traceback_filtering


def enable_traceback_filtering():
    """tf.debugging.enable_traceback_filtering."""
    ctx.traceback_filtering = True


def disable_traceback_filtering():
    """tf.debugging.disable_traceback_filtering."""
    ctx.traceback_filtering = False


def _log_device(op, inputs, outputs):
    if not ctx.traces and outputs:
        sys.stderr.write(f"Executing op {op.name} in device {outputs[0].device}\n")


def set_log_device_placement(enabled):
    """tf.debugging.set_log_device_placement: as in TF, logging follows the setting made
    before the runtime started (the first tensor); later settings are only reported back
    by get_log_device_placement."""
    enabled = bool(enabled)
    if not _is_initialized():
        if enabled and _log_device not in op_hooks:
            op_hooks.append(_log_device)
        elif not enabled and _log_device in op_hooks:
            op_hooks.remove(_log_device)
    _log_placement[0] = enabled


def get_log_device_placement():
    """tf.debugging.get_log_device_placement."""
    return _log_placement[0]
