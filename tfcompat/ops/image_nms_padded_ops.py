"""tf.image.non_max_suppression_padded: TF 2's non_max_suppression_padded_v2 (the tiled,
batched algorithm of image_ops_impl.py: score filter, coordinate canonicalization from
the first box, a stable descending sort, tile-by-tile cross and self suppression with
its own float32 IOU plus 1e-8, then the top-k of the surviving positions) on the host in
NumPy float32, step for step. As in TF, a box whose coordinates are all <= 0 counts as
suppressed. With pad_to_max_output_size the output shape is [..., max_output_size], so
inside a tf.function the boxes and scores may be computed there (a host callback);
without it the length depends on the values and they must be known when it is traced."""
import jax
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.host_callback import keeping_errors
from ..framework.tensor import EagerTensor
from .manip_ops import reshape
from .op_args import concrete, static_int

_f32 = np.float32
_API = "tf.image.non_max_suppression_padded"


def _overlap(a, b):
    """_bbox_overlap: IOU [batch, N, M] of a [batch, N, 4] with b [batch, M, 4]."""
    ay0, ax0, ay1, ax1 = (a[:, :, i:i + 1] for i in range(4))
    by0, bx0, by1, bx1 = (b[:, None, :, i] for i in range(4))
    with np.errstate(all="ignore"):
        inter = (np.maximum(np.minimum(ax1, bx1) - np.maximum(ax0, bx0), _f32(0))
                 * np.maximum(np.minimum(ay1, by1) - np.maximum(ay0, by0), _f32(0)))
        area_a = (ay1 - ay0) * (ax1 - ax0)
        area_b = (by1 - by0) * (bx1 - bx0)
        return inter / (area_a + area_b - inter + _f32(1e-8))


def _self_suppression(iou, threshold):
    """The while_loop of _self_suppression on one tile's masked IOU [batch, T, T]."""
    total = iou.sum(axis=(1, 2), dtype=np.float32)
    while True:
        can = (iou.max(axis=1, initial=-np.inf) < threshold).astype(np.float32)[:, :, None]
        keep = ((can * iou).max(axis=1, initial=-np.inf) < threshold).astype(np.float32)
        iou = keep[:, :, None] * iou
        new_total = iou.sum(axis=(1, 2), dtype=np.float32)
        go_on = np.any(total - new_total > threshold)
        total = new_total
        if not go_on:
            return iou


def _tile_body(boxes, threshold, output_size, idx, tile):
    batch, padded, _ = boxes.shape
    tiles = padded // tile
    box_slice = boxes[:, idx * tile:(idx + 1) * tile]
    with np.errstate(all="ignore"):
        for inner in range(idx):
            iou = _overlap(boxes[:, inner * tile:(inner + 1) * tile], box_slice)
            box_slice = np.all(iou < threshold, axis=1).astype(np.float32)[:, :, None] * box_slice
        iou = _overlap(box_slice, box_slice)
        upper = np.arange(tile)[None, :] > np.arange(tile)[:, None]
        iou = iou * (upper[None] & (iou >= threshold)).astype(np.float32)
        suppressed = _self_suppression(iou, threshold).sum(axis=1, dtype=np.float32) > 0
        box_slice = box_slice * (_f32(1) - suppressed.astype(np.float32))[:, :, None]
        mask = (np.arange(tiles) == idx).astype(np.float32).reshape(1, -1, 1, 1)
        boxes = (np.tile(box_slice[:, None], (1, tiles, 1, 1)) * mask
                 + boxes.reshape(batch, tiles, tile, 4) * (1 - mask)).reshape(batch, -1, 4)
    output_size = output_size + np.any(box_slice > 0, axis=2).sum(axis=1).astype(np.int32)
    return boxes, output_size


def _padded(boxes, scores, max_output_size, iou_threshold, score_threshold, sorted_input,
            canonicalized, tile):
    """non_max_suppression_padded_v2 on NumPy [batch, n, 4] boxes and [batch, n] scores:
    (idx [batch, max_output_size] int32, num_valid [batch] int32)."""
    batch, num_boxes, _ = boxes.shape
    if score_threshold != float("-inf"):
        mask = (scores > scores.dtype.type(score_threshold)).astype(scores.dtype)
        scores = scores * mask
        boxes = boxes * mask.astype(boxes.dtype)[:, :, None]
    if not canonicalized:
        y1, x1, y2, x2 = (boxes[:, :, i:i + 1] for i in range(4))
        y_min, y_max = (y1, y2) if y1[0, 0, 0] <= y2[0, 0, 0] else (y2, y1)
        x_min, x_max = (x1, x2) if x1[0, 0, 0] <= x2[0, 0, 0] else (x2, x1)
        boxes = np.concatenate([y_min, x_min, y_max, x_max], axis=2)
    if not sorted_input:
        order = np.argsort(-scores, axis=1, kind="stable").astype(np.int32)
        scores = np.take_along_axis(scores, order, 1)
        boxes = np.take_along_axis(boxes, order[:, :, None], 1)
    else:
        order = np.zeros(scores.shape, np.int32)
    pad = int(np.ceil(_f32(max(num_boxes, max_output_size)) / _f32(tile))) * tile - num_boxes
    boxes = np.pad(boxes.astype(np.float32), [[0, 0], [0, pad], [0, 0]])
    padded = num_boxes + pad
    output_size = np.zeros((batch,), np.int32)
    idx = 0
    while output_size.min(initial=np.iinfo(np.int32).max) < max_output_size and (
            idx < padded // tile):
        boxes, output_size = _tile_body(boxes, iou_threshold, output_size, idx, tile)
        idx += 1
    num_valid = np.minimum(output_size, max_output_size).astype(np.int32)
    ranked = np.any(boxes > 0, axis=2).astype(np.int32) * np.arange(padded, 0, -1)[None]
    top = -np.sort(-ranked, axis=1)[:, :max_output_size]
    index = np.minimum(padded - top, num_boxes - 1).astype(np.int32)
    if not sorted_input:
        index = np.take_along_axis(order, index, 1) if num_boxes else index
    index = np.where(np.arange(max_output_size)[None] < num_valid[:, None], index, 0)
    return index.astype(np.int32), num_valid


def _host_fn(boxes, scores, **attrs):
    batch = boxes.shape[0]
    shapes = (jax.ShapeDtypeStruct((batch, attrs["max_output_size"]), np.int32),
              jax.ShapeDtypeStruct((batch,), np.int32))

    def host(b, s):
        return _padded(np.asarray(b), np.asarray(s), **attrs)
    return jax.pure_callback(keeping_errors(host), shapes, boxes, scores)


# (TF 2 runs this as a tf.function, not one op; the host callback takes the name of TF's
# padded NMS op, NonMaxSuppressionV4, in a traced graph)
_padded_op = Op("NonMaxSuppressionV4", _host_fn, differentiable=False)


def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5,
                               score_threshold=float("-inf"), pad_to_max_output_size=False,
                               name=None, sorted_input=False, canonicalized_coordinates=False,
                               tile_size=512):
    """tf.image.non_max_suppression_padded: (selected indices, number valid); boxes
    [..., n, 4] and scores [..., n], batched only with pad_to_max_output_size."""
    if not pad_to_max_output_size:   # (TF reads boxes.get_shape(): a list or array fails)
        boxes.get_shape()
    boxes, scores = to_tensor(boxes), to_tensor(scores)
    if not pad_to_max_output_size and boxes.ndim > 2:
        raise ValueError(f"'pad_to_max_output_size' (value {pad_to_max_output_size}) must be "
                         f"True for batched input")
    size = static_int(max_output_size, _API, "max_output_size")
    iou = _f32(concrete(convert_to_tensor(iou_threshold, dtypes.float32), _API,
                        "iou_threshold"))
    batch_dims = list(boxes._value.shape[:-2])
    n = boxes._value.shape[-2]
    attrs = dict(max_output_size=size, iou_threshold=iou,
                 score_threshold=float(np.asarray(score_threshold)),
                 sorted_input=bool(sorted_input), canonicalized=bool(canonicalized_coordinates),
                 tile=int(tile_size))
    if not pad_to_max_output_size or executing_eagerly():
        flat_boxes = concrete(boxes, _API, "boxes").reshape(-1, n, 4)
        flat_scores = concrete(scores, _API, "scores").reshape(-1, n)
        index, valid = _padded(flat_boxes, flat_scores, **attrs)
        if not pad_to_max_output_size:
            return EagerTensor(index[0, :valid[0]]), EagerTensor(valid[0])
        return EagerTensor(index.reshape(batch_dims + [size])), EagerTensor(
            valid.reshape(batch_dims))
    index, valid = execute(_padded_op, (reshape(boxes, [-1, n, 4]), reshape(scores, [-1, n])),
                           tuple(sorted(attrs.items())))
    return reshape(index, batch_dims + [size]), reshape(valid, batch_dims)
