"""tf.image.draw_bounding_boxes: TF's DrawBoundingBoxes / DrawBoundingBoxesV2 CPU kernel
(core/kernels/image/draw_bounding_box_op.cc) in JAX: each box's one-pixel outline, at
rows and columns truncated from coordinate * (size - 1) in float32, painted in box
order (later boxes over earlier ones) with colors cycling through `colors` (or TF's
default table). Boxes inverted or wholly outside the image are skipped (TF also logs a
warning from C++; tfcompat does not). Like TF, DrawBoundingBoxes has no gradient (None)
and DrawBoundingBoxesV2 none registered (LookupError)."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .math_common import raise_on_gradient
from .op_args import dims, kernel_error

_DEFAULT_COLORS = np.array([[1, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1],
                            [0.5, 0, 0.5, 1], [0.5, 0.5, 0, 1], [0.5, 0, 0, 1],
                            [0, 0, 0.5, 1], [0, 1, 1, 1], [1, 0, 1, 1]], np.float32)


def _truncated(v):
    """static_cast<int64_t> of a float32 (x86: NaN and out-of-range give INT64_MIN)."""
    limit = np.float32(2.0 ** 63)
    ok = (v > -limit) & (v < limit)
    return jnp.where(ok, jnp.where(ok, v, 0).astype(jnp.int64), np.iinfo(np.int64).min)


def _draw(images, boxes, colors):
    _, height, width, depth = images.shape
    rows = jnp.arange(height)[:, None]
    cols = jnp.arange(width)[None, :]
    scale = jnp.asarray([height - 1, width - 1, height - 1, width - 1], jnp.float32)
    edges = _truncated(boxes.astype(jnp.float32) * scale)   # [batch, boxes, 4]
    palette = colors[:, :depth].astype(images.dtype)

    def paint(canvas, k):
        r0, c0, r1, c1 = (edges[:, k, i][:, None, None] for i in range(4))
        drawn = ~((r0 > r1) | (c0 > c1) | (r0 >= height) | (r1 < 0) | (c0 >= width) | (c1 < 0))
        r0c, r1c = jnp.maximum(r0, 0), jnp.minimum(r1, height - 1)
        c0c, c1c = jnp.maximum(c0, 0), jnp.minimum(c1, width - 1)
        in_cols = (cols >= c0c) & (cols <= c1c)
        in_rows = (rows >= r0c) & (rows <= r1c)
        line = (((r0 >= 0) & (rows == r0) & in_cols) | ((r1 < height) & (rows == r1) & in_cols)
                | ((c0 >= 0) & (cols == c0) & in_rows) | ((c1 < width) & (cols == c1) & in_rows))
        mask = (drawn & line)[..., None]
        color = palette[k % palette.shape[0]]
        return jnp.where(mask, color, canvas), None

    out, _ = lax.scan(paint, images, jnp.arange(boxes.shape[1]))
    return out


_draw_op = Op("DrawBoundingBoxes", lambda images, boxes: _draw(
    images, boxes, jnp.asarray(np.where(np.arange(4) == 0, 1, _DEFAULT_COLORS)
                               if images.shape[-1] == 1 else _DEFAULT_COLORS)),
    differentiable=False)
_draw_v2_op = Op("DrawBoundingBoxesV2", raise_on_gradient(
    _draw, LookupError("gradient registry has no entry for: DrawBoundingBoxesV2")))


def draw_bounding_boxes(images, boxes, colors, name=None):
    """tf.image.draw_bounding_boxes: images [batch, h, w, 1 | 3 | 4] (float32 or half),
    boxes [batch, n, 4] as (y_min, x_min, y_max, x_max) in [0, 1]; colors [k, >= depth]
    or None for TF's default table."""
    # (TF's message names no op when a Python list reaches the op itself)
    node_name = None if isinstance(colors, (list, tuple)) else ""
    images = to_tensor(images)
    boxes = convert_to_tensor(boxes, dtypes.float32)
    op = _draw_op if colors is None else _draw_v2_op
    check_dtype(op, images, node_name)
    args = (images, boxes)
    if colors is not None:
        colors = convert_to_tensor(colors, dtypes.float32)
        args += (colors,)
    shape, b_shape = images._value.shape, boxes._value.shape
    if len(shape) != 4:
        raise kernel_error(op.name, "The rank of the images should be 4", node_name)
    if len(b_shape) != 3:
        raise kernel_error(op.name, "The rank of the boxes tensor should be 3", node_name)
    if shape[0] != b_shape[0]:
        raise kernel_error(op.name, "The batch sizes should be the same", node_name)
    if shape[3] not in (1, 3, 4):
        raise kernel_error(op.name, "Channel depth should be either 1 (GRY), 3 (RGB), or 4 "
                           "(RGBA)", node_name)
    if b_shape[2] != 4:
        raise kernel_error(op.name, f"The size of the third dimension of the box must be 4. "
                           f"Received: {b_shape[2]}", node_name)
    if colors is not None:
        c_shape = colors._value.shape
        if len(c_shape) != 2:
            raise kernel_error(op.name, f"colors must be a 2-D matrix{dims(c_shape)}", node_name)
        if c_shape[1] < shape[3]:
            raise kernel_error(op.name, f"colors must have equal or more channels than the "
                               f"image provided: {dims(c_shape)}", node_name)
        if not np.prod(c_shape):
            return execute(_draw_op, (images, boxes))
    return execute(op, args)
