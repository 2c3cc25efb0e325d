"""tf.linalg."""
from .ops.math_ops import matmul  # noqa: F401
