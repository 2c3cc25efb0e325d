"""tf.profiler."""
from . import experimental
