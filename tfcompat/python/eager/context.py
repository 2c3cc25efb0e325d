"""tensorflow.python.eager.context: the eager context object and its queries."""
import jax

from ...framework import config, dispatch
from ...framework.context import executing_eagerly

__all__ = ["context", "executing_eagerly", "async_wait"]


class Context:
    """The process's eager context (TF's ``context.context()``)."""

    def executing_eagerly(self):
        return executing_eagerly()

    def clear_kernel_cache(self):
        """Drop the compiled eager kernels, freeing their executables."""
        dispatch.clear_kernels()

    def async_wait(self):
        async_wait()


_CONTEXT = Context()


def context():
    return _CONTEXT


def async_wait():
    """Wait for the pending computations (JAX dispatches asynchronously)."""
    jax.effects_barrier()


def _reset_context():
    """TF tests reset the context to reconfigure devices: the compiled kernels go, and
    device settings may change until the next op (config.reset_context)."""
    dispatch.clear_kernels()
    config.reset_context()
