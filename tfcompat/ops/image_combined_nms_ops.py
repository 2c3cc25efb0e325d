"""tf.image.combined_non_max_suppression: TF's CombinedNonMaxSuppression CPU kernel
(core/kernels/image/non_max_suppression_op.cc: DoNMSPerClass, SelectResultPerBatch) on
the host in NumPy, with the candidate orders of its std::priority_queue and std::sort
among equal scores (libstdcxx_order). Its output shapes follow from max_total_size (and
max_output_size_per_class with pad_per_class), so inside a tf.function those must be
known when it is traced; the boxes and scores may be computed there (a host callback)."""
import collections

import jax
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.host_callback import keeping_errors
from ..framework.tensor import EagerTensor
from . import libstdcxx_order
from .image_nms_ops import _iou
from .math_common import raise_on_gradient
from .op_args import concrete, dims, kernel_error

_OP = "CombinedNonMaxSuppression"
_f32 = np.float32


def _error(text, suffix="", prefix=True):
    """The kernel's InvalidArgumentError (`prefix`: raised by the kernel, not before it)."""
    if prefix:
        return kernel_error(_OP, text, suffix)
    return errors.InvalidArgumentError(None, None, f"{text} [Op:{_OP}] name: ")


def _per_class(boxes, scores, size_per_class, score_threshold, iou_threshold):
    """DoNMSPerClass: the selected box indices of one class, best first."""
    queue = libstdcxx_order.PriorityQueue(lambda a, b: a[1] < b[1])
    for i, s in enumerate(scores):
        if s > score_threshold:
            queue.push((i, s))
    selected = []
    while len(selected) < size_per_class and len(queue):
        index, score = queue.top()
        queue.pop()
        sims = _iou(boxes, index, np.asarray([i for i, _ in selected[::-1]], np.int64))
        if not np.any(sims > iou_threshold):
            selected.append((index, score))
    return selected


def _clip(v):
    """std::max(std::min(v, 1.0f), 0.0f)."""
    v = np.where(_f32(1) < v, _f32(1), v)
    return np.where(v < _f32(0), _f32(0), v)


def _combined(boxes, scores, max_per_class, max_total, iou, floor, pad_per_class,
              clip_boxes):
    """The kernel's outputs for NumPy inputs (checked already)."""
    batch, num_boxes, q, _ = boxes.shape
    num_classes = scores.shape[2]
    size_per_class = min(max_per_class, num_boxes)
    max_total_size = min(2 ** 31 - 1, max_per_class * num_classes)
    per_batch = min(max_total, max_total_size) if pad_per_class else max_total
    out_boxes = np.zeros((batch, per_batch, 4), np.float32)
    out_scores = np.zeros((batch, per_batch), np.float32)
    out_classes = np.zeros((batch, per_batch), np.float32)
    valid = np.zeros((batch,), np.int32)
    for b in range(batch):
        placeholder = (-1, -np.inf, -1, np.zeros(4, np.float32))
        found = [placeholder] * (size_per_class * num_classes)
        for c in range(num_classes):
            class_boxes = boxes[b, :, c if q > 1 else 0]
            chosen = _per_class(class_boxes, scores[b, :, c], size_per_class, floor, iou)
            for k, (index, score) in enumerate(chosen):
                found[k + size_per_class * c] = (index, score, c, class_boxes[index])
        libstdcxx_order.sort(found, lambda x, y: y[1] < x[1])
        count = sum(1 for r in found if r[0] > -1)
        detections = min(count, max_total) if not pad_per_class else min(per_batch, count)
        valid[b] = detections
        for k, (_, score, c, coords) in enumerate(found[:detections]):
            out_boxes[b, k] = _clip(coords) if clip_boxes else coords
            out_scores[b, k] = score
            out_classes[b, k] = c
    return out_boxes, out_scores, out_classes, valid


def _host_fn(boxes, scores, *, max_per_class, max_total, iou, floor, pad_per_class,
             clip_boxes, per_batch):
    shapes = (jax.ShapeDtypeStruct((boxes.shape[0], per_batch, 4), np.float32),
              jax.ShapeDtypeStruct((boxes.shape[0], per_batch), np.float32),
              jax.ShapeDtypeStruct((boxes.shape[0], per_batch), np.float32),
              jax.ShapeDtypeStruct((boxes.shape[0],), np.int32))

    def host(b, s):
        return _combined(np.asarray(b), np.asarray(s), max_per_class, max_total, iou, floor,
                         pad_per_class, clip_boxes)
    return jax.pure_callback(keeping_errors(host), shapes, boxes, scores)


_combined_op = Op(_OP, raise_on_gradient(
    _host_fn, LookupError(f"gradient registry has no entry for: {_OP}")))


def _scalar(name, value, dtype, text=None, raw=None):
    """The value of scalar input `name`; TF's message names no op when the argument
    `raw` reaching the op is a Python list."""
    api = "tf.image.combined_non_max_suppression"
    v = concrete(value, api, name)
    if v.ndim:
        suffix = None if isinstance(raw, (list, tuple)) else ""
        raise _error(f"{text or name} must be 0-D, got shape {dims(v.shape)}", suffix)
    return dtype(v)


CombinedNonMaxSuppression = collections.namedtuple(
    "CombinedNonMaxSuppression", ["nmsed_boxes", "nmsed_scores", "nmsed_classes",
                                  "valid_detections"])
CombinedNonMaxSuppression.__module__ = "tensorflow.python.ops.gen_image_ops"


def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size,
                                 iou_threshold=0.5, score_threshold=float("-inf"),
                                 pad_per_class=False, clip_boxes=True, name=None):
    """tf.image.combined_non_max_suppression: per-class NMS over a batch, then the best
    `max_total_size`: TF's CombinedNonMaxSuppression namedtuple (nmsed_boxes, nmsed_scores,
    nmsed_classes, valid_detections)."""
    boxes = convert_to_tensor(boxes, dtypes.float32)
    scores = convert_to_tensor(scores, dtypes.float32)
    iou = convert_to_tensor(iou_threshold, dtypes.float32)
    floor = convert_to_tensor(score_threshold, dtypes.float32)
    max_total = to_tensor(max_total_size)
    if max_total.dtype != dtypes.int32:
        raise _error(f"cannot compute {_OP} as input #3(zero-based) was expected to be a "
                     f"int32 tensor but is a {max_total.dtype.name} tensor", prefix=False)
    b_shape, s_shape = boxes._value.shape, scores._value.shape
    if b_shape[:1] != s_shape[:1]:   # (TF 2.21's kernel checks the batch sizes first; its
        # messages are those of 2.21)
        raise _error("boxes and scores must have same batch size")
    if len(b_shape) != 4:
        raise _error(f"boxes must be 4-D{dims(b_shape)}")
    if len(s_shape) != 3:
        raise _error(f"scores must be 3-D{dims(s_shape)}")
    if b_shape[2] not in (1, s_shape[2]):
        raise _error("third dimension of boxes must be either 1 or num classes")
    if b_shape[3] != 4:
        raise _error("boxes must have 4 columns")
    if s_shape[1] != b_shape[1]:
        raise _error("scores has incompatible shape")
    per_class = _scalar("max_output_size_per_class",
                        convert_to_tensor(max_output_size_per_class, dtypes.int32), int,
                        "max_size_per_class", max_output_size_per_class)
    if per_class <= 0:
        raise _error("max_size_per_class must be positive")
    total = _scalar("max_total_size", max_total, int)
    if total <= 0:
        raise _error("max_total_size must be > 0")
    iou_v = _scalar("iou_threshold", iou, _f32)
    floor_v = _scalar("score_threshold", floor, _f32)
    if not (iou_v >= 0 and iou_v <= 1):
        raise _error("iou_threshold must be in [0, 1]")
    attrs = dict(max_per_class=per_class, max_total=total, iou=iou_v, floor=floor_v,
                 pad_per_class=bool(pad_per_class), clip_boxes=bool(clip_boxes))
    if executing_eagerly():
        out = _combined(np.asarray(boxes._value), np.asarray(scores._value), **attrs)
        return CombinedNonMaxSuppression(*(EagerTensor(v) for v in out))
    per_batch = (min(total, min(2 ** 31 - 1, per_class * s_shape[2])) if pad_per_class
                 else total)
    return CombinedNonMaxSuppression(*execute(
        _combined_op, (boxes, scores), tuple(sorted(attrs.items())) + (("per_batch", per_batch),)))
