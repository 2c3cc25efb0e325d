"""tensorflow.python.ops.math_ops (the names TF-ecosystem code imports from it)."""
from ...ops.unary_ops import is_nan

__all__ = ["is_nan"]
