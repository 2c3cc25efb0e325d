"""tf.sets."""
from .ops.sparse_ops import set_intersection as intersection
