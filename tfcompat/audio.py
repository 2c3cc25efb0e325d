"""tf.audio."""
from .ops.audio_ops import decode_wav, encode_wav

__all__ = ["decode_wav", "encode_wav"]
