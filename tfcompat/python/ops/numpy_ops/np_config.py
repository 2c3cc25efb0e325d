"""tensorflow.python.ops.numpy_ops.np_config."""
from ....ops.numpy_ops.np_config import enable_numpy_behavior
from ....framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["enable_numpy_behavior"]

_scope_namespace(globals())
