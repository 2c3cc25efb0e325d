"""tf.image.crop_and_resize: TF's CropAndResize CPU kernel (core/kernels/image/
crop_and_resize_op.cc) in JAX, its float32 sampling positions and lerps step by step
(each product rounded on its own, as the kernel's), and its gradients: to the image
(CropAndResizeGradImage, float images only: the kernel's scatter-adds in its order) and
to the boxes (CropAndResizeGradBoxes, always its bilinear formula, summed in its order)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.rounding import rounded
from .math_common import exact_divide
from .op_args import dims, kernel_error, static_ints, traced

_F32, _F64 = jnp.float32, jnp.float64


def _positions(lo, hi, size, crop, ratio_form):
    """in_y (or in_x) [num_boxes, crop] in float32 as the kernels compute it; the
    gradient-to-boxes kernel scales by (size - 1) / (crop - 1) first (`ratio_form`)."""
    if crop == 1:   # (0.5 * (y1 + y2) * (height - 1): double arithmetic)
        mid = (jnp.float64(0.5) * (lo + hi).astype(_F64)) * jnp.float64(size - 1)
        return mid.astype(_F32)[:, None]
    if ratio_form:
        scale = rounded((hi - lo) * (np.float32(size - 1) / np.float32(crop - 1)))
    else:
        scale = exact_divide(rounded((hi - lo) * _F32(size - 1)), _F32(crop - 1))
    steps = jnp.arange(crop, dtype=_F32)
    return rounded(lo * _F32(size - 1))[:, None] + rounded(steps * scale[:, None])


def _axis(lo, hi, size, crop, ratio_form=False):
    """Positions, validity, floor/ceil indices (clipped for gathering) and lerps."""
    pos = _positions(lo, hi, size, crop, ratio_form)
    valid = ~((pos < 0) | (pos > _F32(size - 1)))
    low, high = jnp.floor(pos), jnp.ceil(pos)
    lerp = pos - low
    clip = lambda v: jnp.clip(v, 0, size - 1).astype(jnp.int32)   # noqa: E731
    return pos, valid, clip(low), clip(high), lerp


def _round_half_away(x):
    """C's roundf."""
    t = jnp.trunc(x)
    return jnp.where(jnp.abs(x - t) >= 0.5, t + jnp.sign(x), t)


def _corners(image, box_index, ys, xs):
    """image[b_in, ys, xs, :] as float32 for each box: [num_boxes, crop_h, crop_w, depth]."""
    return image[box_index[:, None, None], ys[:, :, None], xs[:, None, :]].astype(_F32)


def _crop(image, boxes, box_index, crop_size, method, extrapolation_value):
    _, height, width, _ = image.shape
    ch, cw = crop_size
    y1, x1, y2, x2 = (boxes[:, i] for i in range(4))
    in_y, valid_y, top, bottom, y_lerp = _axis(y1, y2, height, ch)
    in_x, valid_x, left, right, x_lerp = _axis(x1, x2, width, cw)
    if method == "bilinear":
        tl, tr = _corners(image, box_index, top, left), _corners(image, box_index, top, right)
        bl = _corners(image, box_index, bottom, left)
        br = _corners(image, box_index, bottom, right)
        xl, yl = x_lerp[:, None, :, None], y_lerp[:, :, None, None]
        upper = tl + rounded((tr - tl) * xl)
        lower = bl + rounded((br - bl) * xl)
        out = upper + rounded((lower - upper) * yl)
    else:
        near = lambda p, n: jnp.clip(_round_half_away(p), 0, n - 1).astype(jnp.int32)  # noqa
        out = _corners(image, box_index, near(in_y, height), near(in_x, width))
    valid = (valid_y[:, :, None] & valid_x[:, None, :])[..., None]
    return jnp.where(valid, out, _F32(extrapolation_value))


def _grad_image(image, boxes, box_index, grads, method):
    """CropAndResizeGradImage: each crop pixel's share scattered into the image, in the
    kernel's order (box, row, column, then its four corners)."""
    batch, height, width, depth = image.shape
    n, ch, cw, _ = grads.shape
    y1, x1, y2, x2 = (boxes[:, i] for i in range(4))
    in_y, valid_y, top, bottom, y_lerp = _axis(y1, y2, height, ch)
    in_x, valid_x, left, right, x_lerp = _axis(x1, x2, width, cw)
    valid = (valid_y[:, :, None] & valid_x[:, None, :])[..., None]
    t = image.dtype
    shape = (n, ch, cw)
    bi = jnp.broadcast_to(box_index[:, None, None], shape)
    if method == "bilinear":
        yl, xl = y_lerp[:, :, None, None], x_lerp[:, None, :, None]
        d_top, d_bottom = rounded((1 - yl) * grads), rounded(yl * grads)
        values = [rounded((1 - xl) * d_top), rounded(xl * d_top),
                  rounded((1 - xl) * d_bottom), rounded(xl * d_bottom)]
        rows = [top, top, bottom, bottom]
        cols = [left, right, left, right]
    else:
        near = lambda p, k: jnp.clip(_round_half_away(p), 0, k - 1).astype(jnp.int32)  # noqa
        values, rows, cols = [grads], [near(in_y, height)], [near(in_x, width)]
    index = jnp.stack([jnp.stack([bi, jnp.broadcast_to(r[:, :, None], shape),
                                  jnp.broadcast_to(c[:, None, :], shape)], -1)
                       for r, c in zip(rows, cols)], axis=3)   # [n, ch, cw, corners, 3]
    updates = jnp.stack([jnp.where(valid, v, 0).astype(t) for v in values], axis=3)
    out = jnp.zeros((batch, height, width, depth), t)
    numbers = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0, 1, 2),
                                          scatter_dims_to_operand_dims=(0, 1, 2))
    return lax.scatter_add(out, index.reshape(-1, 3), updates.reshape(-1, depth), numbers,
                           indices_are_sorted=False, unique_indices=False)


def _grad_boxes(image, boxes, box_index, grads):
    """CropAndResizeGradBoxes (bilinear), each box's four sums taken in the kernel's order
    (row, column, channel)."""
    _, height, width, _ = image.shape
    n, ch, cw, depth = grads.shape
    y1, x1, y2, x2 = (boxes[:, i] for i in range(4))
    _, valid_y, top, bottom, y_lerp = _axis(y1, y2, height, ch, True)
    _, valid_x, left, right, x_lerp = _axis(x1, x2, width, cw, True)
    tl, tr = _corners(image, box_index, top, left), _corners(image, box_index, top, right)
    bl, br = _corners(image, box_index, bottom, left), _corners(image, box_index, bottom, right)
    yl, xl = y_lerp[:, :, None, None], x_lerp[:, None, :, None]
    grad_y = (rounded((1 - xl) * (bl - tl)) + rounded(xl * (br - tr))) * grads
    grad_x = (rounded((1 - yl) * (tr - tl)) + rounded(yl * (br - bl))) * grads

    def weights(g, size, crop, axis):
        """The two coordinates' terms: g * (size - 1 - i * ratio) and g * (i * ratio), or
        g * 0.5 * (size - 1) twice in double for a crop of 1."""
        if crop == 1:
            w = g.astype(_F64) * 0.5 * float(size - 1)
            return w, w
        step = rounded(jnp.arange(crop, dtype=_F32)
                       * (np.float32(size - 1) / np.float32(crop - 1)))
        step = step.reshape((1, crop, 1, 1) if axis == 1 else (1, 1, crop, 1))
        return g * (_F32(size - 1) - step), g * step

    valid = (valid_y[:, :, None] & valid_x[:, None, :])[..., None]
    terms = [*weights(grad_y, height, ch, 1), *weights(grad_x, width, cw, 2)]
    terms = [jnp.where(valid, v, jnp.zeros((), v.dtype)).reshape(n, -1) for v in terms]
    order = (0, 2, 1, 3)   # (y1, x1, y2, x2)

    def step(acc, column):
        out = [(a.astype(c.dtype) + c).astype(_F32) for a, c in zip(acc, column)]
        return tuple(out), None
    sums, _ = lax.scan(step, tuple(jnp.zeros((n,), _F32) for _ in range(4)),
                       tuple(t.T for t in terms))
    return jnp.stack([sums[i] for i in order], axis=1)


def _crop_and_resize_fwd(image, boxes, box_index, crop_size, method, extrapolation_value):
    out = _crop(image, boxes, box_index, crop_size, method, extrapolation_value)
    return out, (image, boxes, box_index)


def _crop_and_resize_bwd(crop_size, method, extrapolation_value, res, g):
    image, boxes, box_index = res
    d_image = (_grad_image(image, boxes, box_index, g, method)
               if jnp.issubdtype(image.dtype, jnp.floating) else None)
    return d_image, _grad_boxes(image, boxes, box_index, g), None


_crop_and_resize = jax.custom_vjp(_crop, nondiff_argnums=(3, 4, 5))
_crop_and_resize.defvjp(_crop_and_resize_fwd, _crop_and_resize_bwd)
_crop_forward = jax.custom_jvp(_crop, nondiff_argnums=(3, 4, 5))


@_crop_forward.defjvp
def _crop_forward_jvp(crop_size, method, extrapolation_value, primals, tangents):
    """TF's forward mode differentiates the gradient ops, and CropAndResizeGradBoxes has
    no gradient: it raises TF's LookupError."""
    raise LookupError("gradient registry has no entry for: CropAndResizeGradBoxes")


_crop_op = Op("CropAndResize", _crop_and_resize, jvp_fn=_crop_forward)


def _check(image, boxes, box_index, crop_size, name):
    """The kernel's shape checks (and, on known values, its value checks)."""
    op = "CropAndResize"
    shape = image._value.shape
    if len(shape) != 4:
        raise kernel_error(op, f"input image must be 4-D{dims(shape)}", name)
    if shape[1] <= 0 or shape[2] <= 0:
        raise kernel_error(op, "image dimensions must be positive", name)
    b_shape, i_shape = boxes._value.shape, box_index._value.shape
    if len(b_shape) != 2:
        raise kernel_error(op, f"boxes must be 2-D, got: {dims(b_shape)}", name)
    if len(i_shape) != 1:
        raise kernel_error(op, f"box_indices must be rank 1 but is shape {dims(i_shape)}", name)
    if np.prod(b_shape) or np.prod(i_shape):
        if b_shape[1] != 4:
            raise kernel_error(op, "boxes must have 4 columns", name)
        if i_shape[0] != b_shape[0]:
            raise kernel_error(op, "box_index has incompatible shape", name)
    if len(crop_size) != 2:
        raise kernel_error(op, f"crop_size must have two elements[{len(crop_size)}]", name)
    if crop_size[0] <= 0 or crop_size[1] <= 0:
        raise kernel_error(op, "crop dimensions must be positive", name)
    if not traced(box_index):
        index = np.asarray(box_index._value)
        if np.any((index < 0) | (index >= shape[0])):
            raise kernel_error(op, "box_index has values outside [0, batch_size)", name,
                               cls=errors.OutOfRangeError)
    if not traced(boxes) and not np.all(np.isfinite(np.asarray(boxes._value))):
        raise kernel_error(op, "Boxes contains at least one element that is not finite", name)


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0, name=None):
    """tf.image.crop_and_resize: float32 crops [num_boxes, crop_h, crop_w, depth] of a 4-D
    image batch, sampled bilinearly or at the nearest pixel."""
    image = to_tensor(image)
    boxes = convert_to_tensor(boxes, dtypes.float32)
    box_indices = convert_to_tensor(box_indices, dtypes.int32)
    size = tuple(static_ints(crop_size, "tf.image.crop_and_resize", "crop_size"))
    if method not in ("bilinear", "nearest"):
        raise op_def.attr_value_error("CropAndResize", "method", method)
    _check(image, boxes, box_indices, size, None)
    return execute(_crop_op, (image, boxes, box_indices),
                   (("crop_size", size), ("method", method),
                    ("extrapolation_value", float(np.float32(extrapolation_value)))))
