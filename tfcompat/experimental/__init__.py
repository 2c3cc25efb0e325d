"""tf.experimental: dtensor, Optional, RowPartition, async_scope/async_clear_error and
numpy (tf.experimental.numpy); dtensor, Optional and numpy load on first access."""
from ..framework.config import async_clear_error, async_scope
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.ragged_row_partition import RowPartition

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..": ("dtensor",),
    "..data.optional_ops": ("Optional",),
}, submodules=("numpy",))
