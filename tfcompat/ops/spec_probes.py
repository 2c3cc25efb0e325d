"""Probe outputs of ops whose output shapes TF knows from their attributes alone.

tf.data finds the element_spec of a function that runs eagerly (one whose output shapes
depend on values: data/functions.py) by calling it on synthetic probe elements. Some ops
reject every such value although TF's static shape inference needs none: tf.io's
parse_example family gives its output shapes from the feature configurations. While
`probing(size)` is active (in this thread), such an op ignores its input's values
(keeping its shape) and returns a value of those static shapes, each dimension TF
leaves unknown of `size`: the probes use different sizes, so those dimensions come out
as None in the element_spec, as TF's.
"""
import contextlib
import threading

_state = threading.local()


@contextlib.contextmanager
def probing(size):
    """While tf.data calls a function on a probe element: unknown dimensions of `size`."""
    saved = getattr(_state, "size", None)
    _state.size = size
    try:
        yield
    finally:
        _state.size = saved


def probe_size():
    """The size of the unknown output dimensions while probing, else None."""
    return getattr(_state, "size", None)
