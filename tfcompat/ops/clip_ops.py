"""tf.clip_by_norm and tf.clip_by_global_norm, with TF's formulas (a zero norm is safe;
IndexedSlices stay IndexedSlices), and tf.saturate_cast: a cast that clamps to the target
dtype's range first (TF's Python implementation: ClipByValue to limits representable in
the input dtype, then Cast)."""
import numpy as np

from ..framework import dtypes, func_graph
from ..framework.constant_op import convert_to_tensor
from ..framework.indexed_slices import IndexedSlices
from ..framework.tf_logging import get_logger
from . import array_ops, arithmetic_ops, cast_ops, comparison_ops, reduction_ops, unary_ops
from .norm_ops import global_norm

__all__ = ["clip_by_global_norm", "clip_by_norm", "saturate_cast"]


def _l2norm(l2sum):
    positive = comparison_ops.greater(l2sum, 0)
    safe = array_ops.where(positive, l2sum, array_ops.ones_like(l2sum))
    return array_ops.where(positive, unary_ops.sqrt(safe), l2sum)


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """tf.clip_by_norm: t * clip_norm / max(l2norm(t), clip_norm), clip_norm at least 0
    (a tensor one cast to t's dtype)."""
    if isinstance(t, IndexedSlices):
        values = clip_by_norm(t.values, clip_norm, axes)
        return IndexedSlices(values, t.indices, t.dense_shape)
    t = convert_to_tensor(t)
    if np.isscalar(clip_norm):
        clip_norm = max(clip_norm, 0)
    else:
        clip_norm = cast_ops.cast(arithmetic_ops.maximum(clip_norm, 0), t.dtype)
    l2norm = _l2norm(reduction_ops.reduce_sum(t * t, axes, keepdims=True))
    intermediate = t * clip_norm
    t.shape.assert_is_compatible_with(intermediate.shape)
    clipped = intermediate / arithmetic_ops.maximum(l2norm, clip_norm)
    with func_graph.named("clip_by_norm"):   # TF's node name (not "Identity")
        return array_ops.identity(clipped)


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """tf.clip_by_global_norm: (the tensors scaled by clip_norm / max(global_norm,
    clip_norm), the global norm)."""
    if not isinstance(t_list, (list, tuple)):
        raise TypeError("`t_list` should be a sequence of tensors. Received "
                        f"{type(t_list)}.")
    norm = global_norm(t_list) if use_norm is None else convert_to_tensor(use_norm)
    clip_norm = convert_to_tensor(clip_norm, dtype=norm.dtype)
    scale_for_finite = clip_norm * arithmetic_ops.minimum(1.0 / norm, 1.0 / clip_norm)
    # A no-op for a finite norm; an inf or nan norm makes every scaled value nan.
    scale = scale_for_finite + (norm - norm)
    out = []
    for i, t in enumerate(t_list):
        if t is None:
            out.append(None)
            continue
        values = t.values if isinstance(t, IndexedSlices) else convert_to_tensor(t)
        scaled = values * scale
        with func_graph.named(f"clip_by_global_norm/clip_by_global_norm/_{i}"):
            clipped = array_ops.identity(scaled)
        out.append(IndexedSlices(clipped, t.indices, t.dense_shape)
                   if isinstance(t, IndexedSlices) else clipped)
    return out, norm


def saturate_cast(value, dtype, name=None):
    """tf.saturate_cast: `value` clamped to `dtype`'s range, then cast to `dtype`."""
    x = convert_to_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    in_dtype = x.dtype
    if in_dtype.is_complex:
        if dtype.is_complex:
            lo, hi = in_dtype.real_dtype, dtype.real_dtype
            if lo.min < hi.min or lo.max > hi.max:   # each part clamped (ClipByValue)
                x = unary_ops.complex(*(arithmetic_ops.clip_by_value(part, hi.min, hi.max)
                                       for part in (unary_ops.real(x), unary_ops.imag(x))))
            return cast_ops.cast(x, dtype)
        x = unary_ops.real(x)
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
    x = arithmetic_ops.clip_by_value(x, convert_to_tensor(lo, in_dtype), convert_to_tensor(hi, in_dtype))
    return cast_ops.cast(x, dtype)
