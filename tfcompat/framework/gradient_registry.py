"""tf.RegisterGradient and tf.no_gradient: TF's registry of gradient functions by op type
(python/framework/registry.py), with its errors.

tfcompat differentiates its ops with JAX, not through this registry. It starts out holding
the op types TF 2.21 registers gradients for (gradient_names.json, recorded by
tools/record_gradient_names.py), so registering one of them again raises TF's KeyError. A
function registered for a new op type is recorded and, as in TF without a custom kernel
library defining that op (tf.load_op_library, which tfcompat does not load), never runs.
"""
import json
import pathlib
import threading
import traceback

__all__ = ["RegisterGradient", "no_gradient"]

_TF_NAMES = frozenset(json.loads(
    (pathlib.Path(__file__).parent / "gradient_names.json").read_text(encoding="utf-8"))["names"])
_registry = {}   # op type -> (function or None, the FrameSummary TF's message names)
_lock = threading.Lock()


def register(candidate, name):
    """Registers ``candidate`` (None: no gradient) for op type ``name``, as TF's
    Registry.register: a second registration of a name raises KeyError."""
    here = traceback.extract_stack(limit=1)[0]
    with _lock:
        if name in _registry or name in _TF_NAMES:
            frame = _registry[name][1] if name in _registry else here
            raise KeyError(f"Registering two gradient with name '{name}'! (Previous "
                           f"registration was in {frame.name} {frame.filename}:{frame.lineno})")
        _registry[name] = (candidate, here)


class RegisterGradient:
    """tf.RegisterGradient(op_type): a decorator registering a gradient function."""

    __slots__ = ["_op_type"]

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        register(f, self._op_type)
        return f


def no_gradient(op_type):
    """tf.no_gradient(op_type): registers op_type as having no gradient."""
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    register(None, op_type)


RegisterGradient.__module__ = "tensorflow.python.framework.ops"
