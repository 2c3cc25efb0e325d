"""tensorflow.python.ops.math_ops (the names TF-ecosystem code imports from it)."""
from ...ops.unary_ops import is_nan
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["is_nan"]

_scope_namespace(globals())
