"""tf.saturate_cast: a cast that clamps to the target dtype's range first (TF's Python
implementation: ClipByValue to limits representable in the input dtype, then Cast)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.tf_logging import get_logger
from . import math_ops

__all__ = ["saturate_cast"]


def saturate_cast(value, dtype, name=None):
    """tf.saturate_cast: `value` clamped to `dtype`'s range, then cast to `dtype`."""
    x = convert_to_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    in_dtype = x.dtype
    if in_dtype.is_complex:
        if dtype.is_complex:
            lo, hi = in_dtype.real_dtype, dtype.real_dtype
            if lo.min < hi.min or lo.max > hi.max:   # each part clamped (ClipByValue)
                x = math_ops.complex(*(math_ops.clip_by_value(part, hi.min, hi.max)
                                       for part in (math_ops.real(x), math_ops.imag(x))))
            return math_ops.cast(x, dtype)
        x = math_ops.real(x)
        get_logger().warning("Casting complex to real discards imaginary part.")
        in_dtype = in_dtype.real_dtype
    out = dtype.real_dtype
    np_dtype = in_dtype.as_numpy_dtype
    try:   # compared in the promoted type, not to lose precision
        promoted = np.promote_types(np_dtype, out.as_numpy_dtype)
    except TypeError:   # bfloat16
        promoted = float
    with np.errstate(invalid="ignore", over="ignore"):
        lo = np_dtype(np.maximum(in_dtype.min, out.min))
        if np.array(lo, promoted) < np.array(out.min, promoted):
            lo = np.nextafter(lo, np_dtype(0), dtype=np_dtype)
        hi = np_dtype(np.minimum(float(in_dtype.max), float(out.max)))
        if np.array(hi, promoted) > np.array(out.max, promoted):
            hi = np.nextafter(hi, np_dtype(0), dtype=np_dtype)
    x = math_ops.clip_by_value(x, convert_to_tensor(lo, in_dtype), convert_to_tensor(hi, in_dtype))
    return math_ops.cast(x, dtype)
