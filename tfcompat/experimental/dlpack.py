"""tf.experimental.dlpack."""
from ..framework.dlpack import from_dlpack, to_dlpack

__all__ = ["from_dlpack", "to_dlpack"]
