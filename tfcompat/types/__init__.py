"""tf.types."""
from . import experimental
