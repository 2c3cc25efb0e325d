"""tf.experimental: dtensor, Optional, RowPartition, async_scope/async_clear_error,
ExtensionType (and extension_type.as_dict), the dispatch_for_* decorators, dlpack and
numpy (tf.experimental.numpy); dtensor, Optional, dlpack and numpy load on first access."""
from ..framework.config import async_clear_error, async_scope
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.ragged_row_partition import RowPartition
from ..ops.extension_type import (BatchableExtensionType, ExtensionType,
                                  ExtensionTypeBatchEncoder, ExtensionTypeSpec)
from ..ops.api_dispatch import (dispatch_for_api, dispatch_for_binary_elementwise_apis,
                                dispatch_for_binary_elementwise_assert_apis,
                                dispatch_for_unary_elementwise_apis, unregister_dispatch_for)
from . import extension_type

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..": ("dtensor",),
    "..data.optional_ops": ("Optional",),
}, submodules=("dlpack", "numpy"))
