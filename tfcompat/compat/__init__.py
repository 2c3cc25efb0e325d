"""tf.compat: text/bytes conversions, forward-compatibility checks and tf.compat.v1 (the
parts of it that TF2 programs and Keras's TF backend call)."""
import numbers as _numbers
import sys as _sys

from . import v1
from ..framework.dimension import dimension_value
from ..framework.forward_compat import forward_compatibility_horizon, forward_compatible
from ..framework.tensor_shape import dimension_at_index
from ..framework.lazy_exports import scope_namespace as _scope_namespace


def as_bytes(bytes_or_text, encoding="utf-8"):
    """tf.compat.as_bytes."""
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


def as_text(bytes_or_text, encoding="utf-8"):
    """tf.compat.as_text (as_str)."""
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


as_str = as_text


def as_str_any(value, encoding="utf-8"):
    """tf.compat.as_str_any: bytes decoded, anything else str()."""
    if isinstance(value, bytes):
        return as_str(value, encoding=encoding)
    return str(value)


def path_to_str(path):
    """tf.compat.path_to_str: a PathLike as its str."""
    if hasattr(path, "__fspath__"):
        path = as_str_any(path.__fspath__())
    return path


integral_types = (_numbers.Integral,)
real_types = (_numbers.Real,)
complex_types = (_numbers.Complex,)
bytes_or_text_types = (bytes, str)

# tf.compat.v2: TF 2's API, which is tfcompat's own.
v2 = _sys.modules[__name__.rpartition(".")[0]]

_scope_namespace(globals())
