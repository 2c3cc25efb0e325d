"""tf.experimental (Optional). tf.experimental.numpy is not provided."""
from .data.optional_ops import Optional
