"""tf.experimental.extension_type: as_dict."""
from ..ops.extension_type import as_dict
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["as_dict"]

_scope_namespace(globals())
