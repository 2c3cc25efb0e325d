"""tf.profiler."""
from . import experimental  # noqa: F401
