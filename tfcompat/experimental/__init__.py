"""tf.experimental: dtensor, Optional and numpy (tf.experimental.numpy)."""
from .. import dtensor
from ..data.optional_ops import Optional
from . import numpy
