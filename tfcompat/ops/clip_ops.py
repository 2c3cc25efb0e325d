"""tf.clip_by_norm and tf.clip_by_global_norm, with TF's formulas (a zero norm is safe;
IndexedSlices stay IndexedSlices)."""
import numpy as np

from ..framework import func_graph
from ..framework.constant_op import convert_to_tensor
from ..framework.indexed_slices import IndexedSlices
from . import array_ops, math_ops
from .linalg_ops import global_norm

__all__ = ["clip_by_global_norm", "clip_by_norm"]


def _l2norm(l2sum):
    positive = math_ops.greater(l2sum, 0)
    safe = array_ops.where(positive, l2sum, array_ops.ones_like(l2sum))
    return array_ops.where(positive, math_ops.sqrt(safe), l2sum)


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
        clip_norm = math_ops.cast(math_ops.maximum(clip_norm, 0), t.dtype)
    l2norm = _l2norm(math_ops.reduce_sum(t * t, axes, keepdims=True))
    intermediate = t * clip_norm
    t.shape.assert_is_compatible_with(intermediate.shape)
    clipped = intermediate / math_ops.maximum(l2norm, clip_norm)
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
    scale_for_finite = clip_norm * math_ops.minimum(1.0 / norm, 1.0 / clip_norm)
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
