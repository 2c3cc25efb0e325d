"""tf.experimental: dtensor, Optional, RowPartition and numpy (tf.experimental.numpy);
all but RowPartition load on first access."""
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.ragged_row_partition import RowPartition

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..": ("dtensor",),
    "..data.optional_ops": ("Optional",),
}, submodules=("numpy",))
