"""tf.timestamp, tf.guarantee_const and tf.raw_ops.PreventGradient."""
import time

import jax
import numpy as np

from ..framework import host_callback
from ..framework.deprecation import warn_deprecated
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.strings import MOVE
from .math_common import raise_on_gradient

__all__ = ["guarantee_const", "prevent_gradient", "timestamp"]


def _now():
    """The host's clock in seconds since the epoch, read each time the op runs (also
    each time a tf.function that holds it runs)."""
    return host_callback.io_callback(lambda: np.float64(time.time()),
                                     jax.ShapeDtypeStruct((), np.float64))


_timestamp_op = Op("Timestamp", _now, differentiable=False, stateful=True)
_guarantee_const_op = Op("GuaranteeConst", raise_on_gradient(
    lambda x: x, LookupError("gradient registry has no entry for: GuaranteeConst")),
    strings=MOVE)


def timestamp(name=None):
    """tf.timestamp: the current time in seconds since the epoch, a float64 scalar."""
    return execute(_timestamp_op, ())


def guarantee_const(input, name=None):  # noqa: A002 (TF's argument name)
    """tf.guarantee_const (deprecated in TF): `input`, promised constant (TF registers
    no gradient for it)."""
    warn_deprecated("guarantee_const", "tensorflow.python.ops.array_ops", "Not for public use.")
    return execute(_guarantee_const_op, (to_tensor(input),))


def prevent_gradient(input, message="", name=None):  # noqa: A002 (TF's argument name)
    """tf.raw_ops.PreventGradient: `input`, whose gradient raises TF's LookupError with
    `message`."""
    if isinstance(message, str):
        message = message.encode("utf-8")
    op = _prevent_gradient_ops.get(message)
    if op is None:
        op = _prevent_gradient_ops[message] = Op("PreventGradient", raise_on_gradient(
            lambda x: x, LookupError(f"Gradient explicitly disabled. Reason: {message!r}")),
            strings=MOVE)
    return execute(op, (to_tensor(input),))


_prevent_gradient_ops = {}   # message -> its Op
