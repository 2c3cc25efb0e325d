"""tensorflow.python.ops.numpy_ops.np_config."""
from ....ops.numpy_ops.np_config import enable_numpy_behavior

__all__ = ["enable_numpy_behavior"]
