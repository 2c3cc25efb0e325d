"""tf.experimental: dtensor, Optional, RowPartition and numpy (tf.experimental.numpy)."""
from .. import dtensor
from ..data.optional_ops import Optional
from ..ops.ragged_row_partition import RowPartition
from . import numpy
