"""tf.audio."""
from .ops.audio_ops import decode_wav, encode_wav
from .framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["decode_wav", "encode_wav"]

_scope_namespace(globals())
