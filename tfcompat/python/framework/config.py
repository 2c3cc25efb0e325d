"""tensorflow.python.framework.config: op determinism (tf.config.experimental's)."""
from ...framework.config import (
    disable_op_determinism, enable_op_determinism, is_op_determinism_enabled,
)
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["enable_op_determinism", "disable_op_determinism", "is_op_determinism_enabled"]

_scope_namespace(globals())
