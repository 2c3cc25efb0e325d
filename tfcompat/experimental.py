"""tf.experimental (Optional). tf.experimental.numpy is not provided."""
from . import dtensor
from .data.optional_ops import Optional
