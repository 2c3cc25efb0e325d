"""tf.experimental.extension_type: as_dict."""
from ..ops.extension_type import as_dict

__all__ = ["as_dict"]
