"""tensorflow.compiler.tf2xla.python.xla: XLA ops called directly."""
from ....ops.xla_ops import dynamic_slice, dynamic_update_slice

__all__ = ["dynamic_slice", "dynamic_update_slice"]
