"""tf.bitcast: a tensor's bytes read as another dtype (TF's Bitcast op)."""
import jax
import numpy as np

from ..framework.composite_dispatch import dispatchable
from ..framework import dtypes, errors
from ..framework.dispatch import Op, execute, to_tensor
from .math_common import raise_on_gradient

__all__ = ["bitcast"]

_ALLOWED = ("bfloat16", "float16", "float32", "float64", "int64", "int32", "uint8", "uint16",
            "uint32", "uint64", "int8", "int16", "complex64", "complex128", "qint8", "quint8",
            "qint16", "quint16", "qint32")


def _bitcast(x, type):
    return jax.lax.bitcast_convert_type(x, np.dtype(type))


_bitcast_op = Op("Bitcast", raise_on_gradient(
    _bitcast, LookupError("gradient registry has no entry for: Bitcast")))


@dispatchable("input")
def bitcast(input, type, name=None):
    """tf.bitcast: same shape when the sizes match; a larger input type adds a last dimension
    of the size ratio, a smaller one needs that last dimension and drops it."""
    x = to_tensor(input)
    out = dtypes.as_dtype(type)
    for d, arg in ((x.dtype, "T"), (out, "type")):
        if d.name not in _ALLOWED:
            raise TypeError(f"Value passed to parameter '{'input' if arg == 'T' else arg}' has "
                            f"DataType {d.name} not in list of allowed values: "
                            + ", ".join(_ALLOWED))
    src, dst = np.dtype(x.dtype.as_numpy_dtype).itemsize, np.dtype(out.as_numpy_dtype).itemsize
    if src < dst and (x.ndim == 0 or x.shape[-1] != dst // src):
        raise errors.op_error(
            errors.InvalidArgumentError, "Bitcast",
            f"Cannot bitcast from {x.dtype.as_datatype_enum} to {out.as_datatype_enum}",
            kernel="Bitcast")
    return execute(_bitcast_op, (x,), (("type", np.dtype(out.as_numpy_dtype).name),))
