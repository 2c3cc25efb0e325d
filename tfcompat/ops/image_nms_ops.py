"""tf.image.non_max_suppression (NonMaxSuppressionV3), non_max_suppression_with_scores
(NonMaxSuppressionV5, Soft-NMS) and non_max_suppression_overlaps
(NonMaxSuppressionWithOverlaps): TF's CPU kernel (core/kernels/image/
non_max_suppression_op.cc, DoNonMaxSuppressionOp) on the host in NumPy, its float32 IOU
and its candidate order (highest score first, ties to the lower index).

The output length depends on the values, so inside a tf.function the inputs must be
known when it is traced (constants): on tensors computed there these raise a TypeError
naming the API (TF gives a [None] shape; XLA compiles static shapes)."""
import ctypes
import ctypes.util
import heapq

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from ..framework.tensor import EagerTensor
from .op_args import concrete, dims, kernel_error

_f32 = np.float32


def _libm_expf():
    """The C library's expf, which TF's Soft-NMS weight calls (Eigen::numext::exp); where
    there is none to load, exp rounded from float64 (within an ulp of it)."""
    path = ctypes.util.find_library("m")
    try:
        expf = ctypes.CDLL(path).expf
    except (OSError, TypeError, AttributeError):
        return lambda x: _f32(np.exp(np.float64(x)))
    expf.restype, expf.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda x: _f32(expf(float(x)))


_expf = _libm_expf()


def _iou(boxes, i, js):
    """The kernel's IOU of box i with boxes js, in float32."""
    b = boxes.astype(np.float32)
    ymin, xmin = np.minimum(b[:, 0], b[:, 2]), np.minimum(b[:, 1], b[:, 3])
    ymax, xmax = np.maximum(b[:, 0], b[:, 2]), np.maximum(b[:, 1], b[:, 3])
    area = (ymax - ymin) * (xmax - xmin)
    with np.errstate(all="ignore"):
        iy = np.maximum(np.minimum(ymax[i], ymax[js]) - np.maximum(ymin[i], ymin[js]), _f32(0))
        ix = np.maximum(np.minimum(xmax[i], xmax[js]) - np.maximum(xmin[i], xmin[js]), _f32(0))
        inter = iy * ix
        out = inter / (area[i] + area[js] - inter)
    return np.where((area[i] <= 0) | (area[js] <= 0), _f32(0), out)


def _select(scores, max_output_size, threshold, score_threshold, sigma, similarity):
    """DoNonMaxSuppressionOp: (selected indices, their scores) as lists."""
    t = scores.dtype.type
    heap = [(-float(s), i, t(s), 0) for i, s in enumerate(scores) if s > score_threshold]
    heapq.heapify(heap)
    soft = sigma > t(0)
    scale = t(-0.5) / sigma if soft else t(0)
    selected, kept = [], []
    while len(selected) < max_output_size and heap:
        _, index, score, begin = heapq.heappop(heap)
        original, hard = score, False
        sims = similarity(index, np.asarray(selected[begin:][::-1], np.int64))
        for sim in sims:
            sim_t = t(sim)
            with np.errstate(all="ignore"):
                weight = t(_expf(t(scale * sim_t) * sim_t))
            score = t(score * (weight if soft or sim_t <= threshold else t(0)))
            if not soft and sim_t > threshold:
                hard = True
                break
            if score <= score_threshold:
                break
        begin = len(selected)
        if hard:
            continue
        if score == original:
            selected.append(index)
            kept.append(score)
        elif score > score_threshold:
            heapq.heappush(heap, (-float(score), index, score, begin))
    return selected, kept


def _error(op, text):
    """The kernel's InvalidArgumentError, as TF's Python wrapper names the op."""
    return kernel_error(op, text, "")


def _scalar(op, api, name, value, dtype=None, rank_text=False, converted=False):
    """The NumPy value of scalar input `name`, with the kernel's 0-D check (`rank_text`:
    V3's "(Shape must be rank 0 ...)" tail). TF's message names no op when a Python list
    reaches the op itself (`converted`: the wrapper made a Tensor of it first)."""
    v = concrete(convert_to_tensor(value, dtype), api, name)
    if v.ndim:
        tail = f" (Shape must be rank 0 but is rank {v.ndim})" if rank_text else ""
        suffix = None if isinstance(value, (list, tuple)) and not converted else ""
        raise kernel_error(op, f"{name} must be 0-D, got shape {dims(v.shape)}{tail}", suffix)
    return v


def _arrays(op, api, boxes, scores, overlaps=False):
    """The NumPy values of boxes (or overlaps) and scores, with the kernel's shape checks."""
    boxes_np = concrete(boxes, api, "overlaps" if overlaps else "boxes")
    scores_np = concrete(scores, api, "scores")
    if overlaps:
        if boxes_np.ndim != 2:
            raise _error(op, f"overlaps must be 2-D{dims(boxes_np.shape)}")
        if boxes_np.shape[1] != boxes_np.shape[0]:
            raise _error(op, f"overlaps must be square{dims(boxes_np.shape)}")
    else:
        if boxes_np.ndim != 2:
            raise _error(op, f"boxes must be 2-D{dims(boxes_np.shape)} (Shape must be "
                               f"rank 2 but is rank {boxes_np.ndim})")
        if boxes_np.shape[1] != 4:
            raise _error(op, f"boxes must have 4 columns (Dimension must be 4 but is "
                               f"{boxes_np.shape[1]})")
    if scores_np.ndim != 1:
        raise _error(op, f"scores must be 1-D{dims(scores_np.shape)} (Shape must be rank "
                           f"1 but is rank {scores_np.ndim})")
    if scores_np.shape[0] != boxes_np.shape[0]:
        raise _error(op, f"scores has incompatible shape (Dimensions must be equal, but "
                           f"are {boxes_np.shape[0]} and {scores_np.shape[0]})")
    return boxes_np, scores_np


def _size(op, size):
    if int(size) < 0:
        raise _error(op, "output size must be non-negative")
    return int(size)


def _iou_in_range(op, t, value):
    if not (t(value) >= t(0) and t(value) <= t(1)):
        raise _error(op, "iou_threshold must be in [0, 1]")
    return t(value)


def _outputs(selected, kept, dtype):
    indices = EagerTensor(np.asarray(selected, np.int32))
    return indices, EagerTensor(np.asarray(kept, dtype))


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5,
                        score_threshold=float("-inf"), name=None):
    """tf.image.non_max_suppression: int32 indices of the boxes kept, best first."""
    op, api = "NonMaxSuppressionV3", "tf.image.non_max_suppression"
    boxes, scores = to_tensor(boxes), to_tensor(scores)
    t = boxes.dtype._np.type
    size = _scalar(op, api, "max_output_size", max_output_size, dtypes.int32, True)
    iou = _iou_in_range(op, t, _scalar(op, api, "iou_threshold", iou_threshold, None, True,
                                       True))
    floor = t(_scalar(op, api, "score_threshold", score_threshold, converted=True))
    boxes_np, scores_np = _arrays(op, api, boxes, scores)
    selected, _ = _select(scores_np, _size(op, size), iou, floor, t(0),
                          lambda i, js: _iou(boxes_np, i, js))
    return _outputs(selected, [], scores_np.dtype)[0]


def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0,
                                    name=None):
    """tf.image.non_max_suppression_with_scores: (indices, scores); with soft_nms_sigma > 0,
    Soft-NMS (Gaussian score decay, exp(-0.5 * iou**2 / sigma))."""
    op, api = "NonMaxSuppressionV5", "tf.image.non_max_suppression_with_scores"
    boxes, scores = to_tensor(boxes), to_tensor(scores)
    t = boxes.dtype._np.type
    size = _scalar(op, api, "max_output_size", max_output_size, dtypes.int32)
    iou = _iou_in_range(op, t, _scalar(op, api, "iou_threshold", iou_threshold,
                                       converted=True))
    floor = t(_scalar(op, api, "score_threshold", score_threshold, converted=True))
    sigma = t(_scalar(op, api, "soft_nms_sigma", soft_nms_sigma, converted=True))
    if not sigma >= t(0):
        raise _error(op, "soft_nms_sigma_val must be >= 0")
    boxes_np, scores_np = _arrays(op, api, boxes, scores)
    selected, kept = _select(scores_np, _size(op, size), iou, floor, sigma,
                             lambda i, js: _iou(boxes_np, i, js))
    return _outputs(selected, kept, scores_np.dtype)


def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    """tf.image.non_max_suppression_overlaps: NMS on a given [n, n] overlap matrix."""
    op, api = "NonMaxSuppressionWithOverlaps", "tf.image.non_max_suppression_overlaps"
    overlaps = convert_to_tensor(overlaps, dtypes.float32)
    scores = convert_to_tensor(scores, dtypes.float32)
    size = _scalar(op, api, "max_output_size", max_output_size, dtypes.int32)
    limit = _f32(_scalar(op, api, "overlap_threshold", overlap_threshold, dtypes.float32,
                         converted=True))
    floor = _f32(_scalar(op, api, "score_threshold", score_threshold, dtypes.float32))
    matrix, scores_np = _arrays(op, api, overlaps, scores, overlaps=True)
    selected, _ = _select(scores_np, _size(op, size), limit, floor, _f32(0),
                          lambda i, js: matrix[i, js])
    return _outputs(selected, [], np.float32)[0]
