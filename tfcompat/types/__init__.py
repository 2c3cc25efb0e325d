"""tf.types."""
from . import experimental  # noqa: F401
