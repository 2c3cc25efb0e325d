"""tf.image ops: resizing, dtype conversion, flips and rotations, brightness and
contrast, standardization, cropping and padding, grayscale conversion.

tf.image.resize follows TF 2's kernels (half-pixel centers): bilinear, nearest and
area resample with TF's index and weight rules (as separable weight matrices);
bicubic uses TF's tabulated Keys coefficients; antialias and the lanczos3/lanczos5
kernels use TF's scale-and-translate sampling. 'gaussian' and 'mitchellcubic' are not
supported (ValueError).
"""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors
from ..framework.constant_op import device_array
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from . import array_ops, arithmetic_ops, cast_ops, manip_ops
from .conv_ops import depthwise_conv2d
from .math_common import raise_on_gradient
from .arithmetic_ops import _maximum, _rsqrt, _sqrt
from .math_common import exact_divide, rounded, tf_gradient
from .reduction_ops import _mean, _variance
from .op_args import check_alloc, kernel_error, static_error, static_int, static_ints, traced


class ResizeMethod:
    """tf.image.ResizeMethod."""
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


# -- dtype conversion ----------------------------------------------------------------------

def _saturate_cast(x, dtype):
    """TF's saturate_cast: clamp to the range both dtypes share, then cast."""
    if jnp.issubdtype(dtype, jnp.integer):
        lo = max(_min_of(x.dtype), float(jnp.iinfo(dtype).min))
        hi = min(_max_of(x.dtype), float(jnp.iinfo(dtype).max))
        hi_x = np.asarray(hi, x.dtype)
        if float(hi_x) > hi:  # the largest value of x's dtype that fits
            hi_x = np.nextafter(hi_x, np.asarray(0, x.dtype))
        x = jnp.clip(x, jnp.asarray(lo, x.dtype), jnp.asarray(hi_x))
    return x.astype(dtype)


def _min_of(dt):
    return float(jnp.finfo(dt).min if jnp.issubdtype(dt, jnp.floating) else jnp.iinfo(dt).min)


def _max_of(dt):
    return float(jnp.finfo(dt).max if jnp.issubdtype(dt, jnp.floating) else jnp.iinfo(dt).max)


def _convert(x, dtype, saturate):
    """TF's convert_image_dtype arithmetic: integers span [0, MAX], floats [0, 1)."""
    src_int, dst_int = jnp.issubdtype(x.dtype, jnp.integer), jnp.issubdtype(dtype, jnp.integer)
    if x.dtype == dtype:
        return x
    if src_int and dst_int:
        scale_in, scale_out = int(jnp.iinfo(x.dtype).max), int(jnp.iinfo(dtype).max)
        if scale_in > scale_out:
            scaled = jnp.floor_divide(x, jnp.asarray((scale_in + 1) // (scale_out + 1),
                                                     x.dtype))
            return _saturate_cast(scaled, dtype) if saturate else scaled.astype(dtype)
        cast = _saturate_cast(x, dtype) if saturate else x.astype(dtype)
        return cast * jnp.asarray((scale_out + 1) // (scale_in + 1), dtype)
    if not src_int and not dst_int:
        return x.astype(dtype)
    if src_int:
        return x.astype(dtype) * jnp.asarray(1.0 / int(jnp.iinfo(x.dtype).max), dtype)
    scaled = x * jnp.asarray(int(jnp.iinfo(dtype).max) + 0.5, x.dtype)
    return _saturate_cast(scaled, dtype) if saturate else _float_to_int(scaled, dtype)


def _float_to_int(x, dtype):
    """TF's (x86) float-to-integer cast of out-of-range values, where XLA saturates:
    narrow integers wrap around, 32/64-bit signed ones become their minimum."""
    info = jnp.iinfo(dtype)
    if info.bits < 32:
        return x.astype(jnp.int32).astype(dtype)
    if info.min == 0:
        return x.astype(jnp.int64).astype(dtype)
    inside = (x >= jnp.asarray(info.min, x.dtype)) & (x < jnp.asarray(-float(info.min), x.dtype))
    return jnp.where(inside, x.astype(dtype), jnp.asarray(info.min, dtype))


_convert_op = Op("ConvertImageDtype", _convert)


def convert_image_dtype(image, dtype, saturate=False, name=None):
    """tf.image.convert_image_dtype."""
    image = to_tensor(image)
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating and not dtype.is_integer:
        raise AttributeError("dtype must be either floating point or integer")
    if not image.dtype.is_floating and not image.dtype.is_integer:
        raise AttributeError("image dtype must be either floating point or integer")
    if dtype is image.dtype:
        return array_ops.identity(image)
    return execute(_convert_op, (image,), (("dtype", dtype._np), ("saturate", bool(saturate))))


# -- shape checks ------------------------------------------------------------------------------

def _shape_text(shape):
    return str(tuple(shape)) if len(shape) != 1 else f"({shape[0]},)"


def _at_least_3d(image):
    shape = image._value.shape
    if len(shape) < 3:
        raise ValueError(f"'image' (shape {_shape_text(shape)}) must be at least "
                         f"three-dimensional.")
    if any(d == 0 for d in shape[-3:]):
        raise ValueError(f"inner 3 dims of 'image.shape' must be > 0: {_shape_text(shape)}")


def _rank_3_or_4(image, text="'image' (shape {}) must have either 3 or 4 dimensions."):
    if image.ndim not in (3, 4):
        raise ValueError(text.format(_shape_text(image._value.shape)))


# -- flips, rotations -------------------------------------------------------------------------

def _flip(image, axis):
    image = to_tensor(image)
    _at_least_3d(image)
    _rank_3_or_4(image, "'image' (shape {})must have either 3 or 4 dimensions.")
    return array_ops.reverse(image, [axis + image.ndim - 3])


def flip_left_right(image):
    """tf.image.flip_left_right."""
    return _flip(image, 1)


def flip_up_down(image):
    """tf.image.flip_up_down."""
    return _flip(image, 0)


def transpose(image, name=None):
    """tf.image.transpose: swap height and width."""
    image = to_tensor(image)
    _at_least_3d(image)
    _rank_3_or_4(image)
    return array_ops.transpose(image, [1, 0, 2] if image.ndim == 3 else [0, 2, 1, 3])


def rot90(image, k=1, name=None):
    """tf.image.rot90: k quarter turns counter-clockwise."""
    image = to_tensor(image)
    _at_least_3d(image)
    _rank_3_or_4(image)
    k = static_int(k, "tf.image.rot90", "k") % 4
    if k == 0:
        return image
    h = image.ndim - 3
    if k == 2:
        return array_ops.reverse(image, [h, h + 1])
    if k == 1:
        return transpose(array_ops.reverse(image, [h + 1]))
    return array_ops.reverse(transpose(image), [h + 1])


# -- brightness, contrast, standardization ------------------------------------------------------

def _float_image(image):
    """TF's working dtype for brightness/contrast: float16/float32 stay, others float32."""
    if image.dtype in (dtypes.float16, dtypes.float32):
        return image
    return convert_image_dtype(image, dtypes.float32)


def adjust_brightness(image, delta):
    """tf.image.adjust_brightness: image + delta in float, converted back saturating."""
    image = to_tensor(image)
    flt = _float_image(image)
    adjusted = arithmetic_ops.add(flt, cast_ops.cast(delta, flt.dtype))
    return convert_image_dtype(adjusted, image.dtype, saturate=True)


def _adjust_contrast(x, factor):
    mean = _mean(x, (-3, -2), True)
    return rounded((x - mean) * factor.astype(x.dtype)) + mean


_adjust_contrast_op = Op("AdjustContrastv2", raise_on_gradient(
    _adjust_contrast, LookupError("gradient registry has no entry for: AdjustContrastv2")))


def adjust_contrast(images, contrast_factor):
    """tf.image.adjust_contrast: (x - mean) * factor + mean per channel; like TF, it has
    no registered gradient (LookupError)."""
    images = to_tensor(images)
    flt = _float_image(images)
    factor = cast_ops.cast(contrast_factor, dtypes.float32)
    adjusted = execute(_adjust_contrast_op, (flt, factor))
    return convert_image_dtype(adjusted, images.dtype, saturate=True)


def _standardize(x):
    # TF's composition: reduce_mean, reduce_std, maximum, rsqrt and divide.
    x = x.astype(jnp.float32)
    n = x.shape[-1] * x.shape[-2] * x.shape[-3]
    axes = (-1, -2, -3)
    std = _sqrt(_variance(x, axes, True))
    adjusted = _maximum(std, _rsqrt(jnp.asarray(n, jnp.float32)))
    return exact_divide(x - _mean(x, axes, True), adjusted)


_standardize_op = Op("PerImageStandardization", _standardize)


def per_image_standardization(image):
    """tf.image.per_image_standardization: (x - mean) / max(std, 1/sqrt(N)), float32."""
    image = to_tensor(image)
    _at_least_3d(image)
    return execute(_standardize_op, (image,))


# -- crops and pads -----------------------------------------------------------------------------

def _batched(image):
    image = to_tensor(image)
    _rank_3_or_4(image)
    return (image, False) if image.ndim == 4 else (array_ops.expand_dims(image, 0), True)


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """tf.image.crop_to_bounding_box."""
    image, single = _batched(image)
    _at_least_3d(image)
    oh, ow, th, tw = (static_int(v, "tf.image.crop_to_bounding_box", "offset/target")
                      for v in (offset_height, offset_width, target_height, target_width))
    _, height, width, _ = image._value.shape
    for ok, text in ((ow >= 0, "offset_width must be >= 0."),
                     (oh >= 0, "offset_height must be >= 0."),
                     (tw > 0, "target_width must be > 0."),
                     (th > 0, "target_height must be > 0."),
                     (width >= tw + ow, "width must be >= target + offset."),
                     (height >= th + oh, "height must be >= target + offset.")):
        if not ok:
            raise ValueError(text)
    out = array_ops.slice(image, [0, oh, ow, 0], [-1, th, tw, -1])
    return array_ops.squeeze(out, [0]) if single else out


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """tf.image.pad_to_bounding_box: zero padding."""
    image, single = _batched(image)
    oh, ow, th, tw = (static_int(v, "tf.image.pad_to_bounding_box", "offset/target")
                      for v in (offset_height, offset_width, target_height, target_width))
    _, height, width, _ = image._value.shape
    _at_least_3d(image)
    for ok, text in ((oh >= 0, "offset_height must be >= 0"),
                     (ow >= 0, "offset_width must be >= 0"),
                     (tw - ow - width >= 0, "width must be <= target - offset"),
                     (th - oh - height >= 0, "height must be <= target - offset")):
        if not ok:
            raise ValueError(text)
    out = array_ops.pad(image, [[0, 0], [oh, th - oh - height], [ow, tw - ow - width], [0, 0]])
    return array_ops.squeeze(out, [0]) if single else out


def _target_size(image, target_height, target_width, api):
    """The (height, width) target of the resize_with_* ops, with TF's checks."""
    _at_least_3d(image)
    th, tw = (static_int(v, api, "target size") for v in (target_height, target_width))
    if tw <= 0:
        raise ValueError("target_width must be > 0.")
    if th <= 0:
        raise ValueError("target_height must be > 0.")
    return th, tw


def resize_with_crop_or_pad(image, target_height, target_width):
    """tf.image.resize_with_crop_or_pad: centred crop and/or zero pad."""
    image, single = _batched(image)
    th, tw = _target_size(image, target_height, target_width, "tf.image.resize_with_crop_or_pad")
    _, height, width, _ = image._value.shape
    cropped = crop_to_bounding_box(image, max((height - th) // 2, 0), max((width - tw) // 2, 0),
                                   min(th, height), min(tw, width))
    out = pad_to_bounding_box(cropped, max((th - height) // 2, 0), max((tw - width) // 2, 0),
                              th, tw)
    return array_ops.squeeze(out, [0]) if single else out


def central_crop(image, central_fraction):
    """tf.image.central_crop."""
    image = to_tensor(image)
    if isinstance(central_fraction, Tensor):
        if traced(central_fraction):
            raise static_error("tf.image.central_crop", "central_fraction")
        central_fraction = float(np.asarray(central_fraction._value))
    if central_fraction <= 0.0 or central_fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return image
    _at_least_3d(image)
    if image.ndim not in (3, 4):
        raise ValueError(f"`image` should either be a Tensor with rank = 3 or rank = 4. Had "
                         f"rank = {image.ndim}.")
    h, w = image._value.shape[-3:-1]
    top = int((float(h) - float(h) * central_fraction) / 2)
    left = int((float(w) - float(w) * central_fraction) / 2)
    if image.ndim == 3:
        return array_ops.slice(image, [top, left, 0], [h - 2 * top, w - 2 * left, -1])
    return array_ops.slice(image, [0, top, left, 0], [-1, h - 2 * top, w - 2 * left, -1])


# -- grayscale -----------------------------------------------------------------------------------

def _to_grayscale(x):
    flt = _convert(x, jnp.float32, False)
    gray = jnp.tensordot(flt, jnp.asarray([0.2989, 0.5870, 0.1140], jnp.float32), [[-1], [0]],
                         precision=lax.Precision.HIGHEST)
    return _convert(gray[..., None], x.dtype, False)


_grayscale_op = Op("RgbToGrayscale", _to_grayscale)


def rgb_to_grayscale(images, name=None):
    """tf.image.rgb_to_grayscale: 0.2989 R + 0.5870 G + 0.1140 B, in float32. Other than
    3 channels fail as TF's tensordot's float32 MatMul (eagerly; in a tf.function with
    the kernel's text, not its graph's shape-inference ValueError)."""
    images = to_tensor(images)
    shape = images._value.shape
    if shape and shape[-1] != 3:
        raise errors.op_error(errors.InvalidArgumentError, "MatMul",
                              f"Matrix size-incompatible: In[0]: [{math.prod(shape[:-1])},"
                              f"{shape[-1]}], In[1]: [3,1]", kernel="__MklMatMul")
    return execute(_grayscale_op, (images,))


def grayscale_to_rgb(images, name=None):
    """tf.image.grayscale_to_rgb: repeat the single channel three times."""
    images = to_tensor(images)
    shape = images._value.shape
    if len(shape) < 2:
        raise ValueError(f"A grayscale image (shape {_shape_text(shape)}) must be at least "
                         f"two-dimensional.")
    if shape[-1] != 1:
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    return array_ops.tile(images, [1] * (len(shape) - 1) + [3])


# -- resize --------------------------------------------------------------------------------------

def _bilinear_axis(n_in, n_out):
    """TF's compute_interpolation_weights with half-pixel centers, in float32: each
    output position's lower and upper input index and its lerp."""
    scale = np.float32(n_in) / np.float32(n_out)
    src = (np.arange(n_out, dtype=np.float32) + np.float32(0.5)) * scale - np.float32(0.5)
    lo_f = np.floor(src)
    return (np.maximum(lo_f, 0).astype(np.int32), np.minimum(np.ceil(src), n_in - 1).astype(
        np.int32), src - lo_f)


def _bilinear_weights(n_in, n_out):
    lo, hi, lerp = _bilinear_axis(n_in, n_out)
    w = np.zeros((n_out, n_in), np.float32)
    rows = np.arange(n_out)
    np.add.at(w, (rows, lo), 1 - lerp)
    np.add.at(w, (rows, hi), lerp)
    return w


def _keys_table(a=-0.5, size=1024):
    x = np.arange(size + 1, dtype=np.float64) / size
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    x1 = x + 1
    far = ((a * x1 - 5 * a) * x1 + 8 * a) * x1 - 4 * a
    return near.astype(np.float32), far.astype(np.float32)


def _bicubic_weights(n_in, n_out):
    near, far = _keys_table()
    scale = np.float32(n_in) / np.float32(n_out)
    w = np.zeros((n_out, n_in), np.float32)
    for o in range(n_out):
        src = (np.float32(o) + np.float32(0.5)) * scale - np.float32(0.5)
        base = int(np.floor(src))
        offset = int(np.rint((src - np.float32(base)) * np.float32(1024)))
        taps = ((base - 1, far[offset]), (base, near[offset]),
                (base + 1, near[1024 - offset]), (base + 2, far[1024 - offset]))
        taps = [(i, wt) for i, wt in taps if 0 <= i < n_in]
        total = np.float32(sum(wt for _, wt in taps))
        for i, wt in taps:
            w[o, i] += wt / total if abs(total) >= 1000 * np.finfo(np.float32).tiny else wt
    return w


def _area_weights(n_in, n_out):
    scale = np.float32(n_in) / np.float32(n_out)
    w = np.zeros((n_out, n_in), np.float32)
    for o in range(n_out):
        start, end = np.float32(o) * scale, np.float32(o + 1) * scale
        for i in range(int(np.floor(start)), int(np.ceil(end))):
            if i < start:
                part = scale if i + 1 > end else i + 1 - start
            else:
                part = end - i if i + 1 > end else 1.0
            w[o, min(max(i, 0), n_in - 1)] += part
    return w / scale


_WEIGHTS = {"bilinear": _bilinear_weights, "bicubic": _bicubic_weights, "area": _area_weights}
_RESIZE_OPS = {"bilinear": "ResizeBilinear", "bicubic": "ResizeBicubic", "area": "ResizeArea"}


@functools.lru_cache(maxsize=256)
def _weights(method, n_in, n_out):
    # (placed on the device, not jnp.asarray: made in a trace that would be a tracer,
    # which the cache would leak)
    return EagerTensor(device_array(_WEIGHTS[method](n_in, n_out)))


def _resample(x, wh, ww):
    hi = lax.Precision.HIGHEST
    x = jnp.einsum("hH,nHWc->nhWc", wh, x.astype(jnp.float32), precision=hi)
    return jnp.einsum("wW,nhWc->nhwc", ww, x, precision=hi)


def _bilinear(x, wh, ww):
    """TF's ResizeBilinear CPU kernel: between the rows, then the columns found by
    _bilinear_axis, ``a + (b - a) * lerp`` in float32, each product rounded (TF's
    compute_lerp). `wh` and `ww` are the same weights as matrices (forward mode's
    derivative: _resample)."""
    lo_h, hi_h, lerp_h = _bilinear_axis(x.shape[1], wh.shape[0])
    lo_w, hi_w, lerp_w = _bilinear_axis(x.shape[2], ww.shape[0])
    x = x.astype(jnp.float32)

    def across(rows):
        left, right = rows[:, :, lo_w], rows[:, :, hi_w]
        return left + rounded((right - left) * lerp_w[:, None])
    top, bottom = across(x[:, lo_h]), across(x[:, hi_h])
    return top + rounded((bottom - top) * lerp_h[:, None, None])


@functools.lru_cache(maxsize=64)
def _bilinear_spread(shape_in, shape_out):
    """For TF's ResizeBilinearGrad, which adds each output pixel's gradient times its four
    weights into the input pixels in the order of its loops (output row, column, then
    top-left, top-right, bottom-left, bottom-right): per input pixel (flattened), its
    contributions in that order, padded to one length: output rows and columns, row and
    column weights, and which are real."""
    (lo_h, hi_h, lerp_h), (lo_w, hi_w, lerp_w) = (
        _bilinear_axis(i, o) for i, o in zip(shape_in, shape_out))
    y, x, k = (a.reshape(-1) for a in np.meshgrid(
        np.arange(shape_out[0]), np.arange(shape_out[1]), np.arange(4), indexing="ij"))
    top, left = k < 2, k % 2 == 0
    rows = np.where(top, lo_h[y], hi_h[y])
    cols = np.where(left, lo_w[x], hi_w[x])
    wy = np.where(top, np.float32(1) - lerp_h[y], lerp_h[y])
    wx = np.where(left, np.float32(1) - lerp_w[x], lerp_w[x])
    target = rows * shape_in[1] + cols
    order = np.argsort(target, kind="stable")
    counts = np.bincount(target, minlength=shape_in[0] * shape_in[1])
    slot = np.arange(order.size) - np.repeat(np.cumsum(counts) - counts, counts)
    out = [np.zeros((counts.size, max(int(counts.max()), 1)), a.dtype)
           for a in (y, x, wy, wx, top)]
    for table, values in zip(out, (y, x, wy, wx, np.ones_like(top))):
        table[target[order], slot] = values[order]
    return tuple(out)


def _bilinear_grad(g, x, wh, ww, out):
    """TF's ResizeBilinearGrad: each contribution ``grad * y_weight * x_weight`` rounded
    in float32, added into its input pixel in TF's order, starting from +0.0."""
    ys, xs, wy, wx, real = _bilinear_spread(x.shape[1:3], g.shape[1:3])
    # (batch, pixels, contributions, channels); each product rounded: XLA would otherwise
    # multiply by the two constant weights' product
    parts = rounded(rounded(g[:, ys, xs] * wy[..., None]) * wx[..., None])
    parts = jnp.where(real[..., None], parts, 0).astype(x.dtype)
    total = jnp.zeros(parts.shape[:2] + parts.shape[3:], x.dtype)
    for i in range(parts.shape[2]):
        total = total + parts[:, :, i]
    return total.reshape(x.shape), jnp.zeros_like(wh), jnp.zeros_like(ww)


# TF registers no gradient for ResizeArea.
_RESAMPLE = {
    "bilinear": Op("ResizeBilinear", tf_gradient(_bilinear, _bilinear_grad), jvp_fn=_resample),
    "bicubic": Op("ResizeBicubic", _resample),
    "area": Op("ResizeArea", raise_on_gradient(_resample, LookupError(
        "gradient registry has no entry for: ResizeArea"))),
}


def _nearest(x, size):
    def index(n_in, n_out):
        scale = np.float32(n_in) / np.float32(n_out)
        src = np.floor((np.arange(n_out, dtype=np.float32) + np.float32(0.5)) * scale)
        return np.clip(src.astype(np.int64), 0, n_in - 1)
    x = jnp.take(x, jnp.asarray(index(x.shape[1], size[0])), axis=1)
    return jnp.take(x, jnp.asarray(index(x.shape[2], size[1])), axis=2)


_nearest_op = Op("ResizeNearestNeighbor", _nearest)
_SCALE_AND_TRANSLATE = {"bilinear": "linear", "bicubic": "cubic", "lanczos3": "lanczos3",
                        "lanczos5": "lanczos5"}


def _scale_and_translate(x, size, kernel, antialias):
    n, h, w, c = x.shape
    scale = jnp.asarray([size[0] / h, size[1] / w], jnp.float32)
    return jax.image.scale_and_translate(
        x.astype(jnp.float32), (n, size[0], size[1], c), (1, 2), scale,
        jnp.zeros(2, jnp.float32), kernel, antialias=antialias,
        precision=lax.Precision.HIGHEST)


_scale_and_translate_op = Op("ScaleAndTranslate", _scale_and_translate)


def resize(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False,
           antialias=False, name=None):
    """tf.image.resize (TF 2): float32 results, except 'nearest' which keeps the dtype."""
    images = to_tensor(images)
    if images.ndim not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    try:
        size = static_ints(size, "tf.image.resize", "size")
    except (TypeError, ValueError):
        raise ValueError("'size' must be a 1-D int32 Tensor") from None
    if len(size) != 2:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    single = images.ndim == 3
    if single:
        images = array_ops.expand_dims(images, 0)
    _, height, width, _ = images._value.shape
    if preserve_aspect_ratio:
        factor = min(np.float32(size[0]) / np.float32(height),
                     np.float32(size[1]) / np.float32(width))
        size = (int(np.round(factor * np.float32(height))),
                int(np.round(factor * np.float32(width))))
    if method in ("gaussian", "mitchellcubic"):
        raise ValueError(f"tfcompat does not support the resize method {method!r}")
    if method not in _RESIZE_OPS and method not in ("nearest", "lanczos3", "lanczos5"):
        raise ValueError(f"Resize method is not implemented: {method}")
    scaled = method in ("lanczos3", "lanczos5") or (antialias and method in ("bilinear",
                                                                           "bicubic"))
    op_name = "ScaleAndTranslate" if scaled else _RESIZE_OPS.get(method, "ResizeNearestNeighbor")
    if min(size) <= 0:
        raise kernel_error(op_name, "output dimensions must be positive", "")
    n, _, _, channels = images._value.shape
    check_alloc((n, size[0], size[1], channels),
                images.dtype if method == "nearest" else dtypes.float32, op_name, "")
    if scaled:
        out = execute(_scale_and_translate_op, (images,),
                      (("size", size), ("kernel", _SCALE_AND_TRANSLATE[method]),
                       ("antialias", bool(antialias))))
    elif method == "nearest":
        out = execute(_nearest_op, (images,), (("size", size),))
    else:
        out = execute(_RESAMPLE[method], (images, _weights(method, height, size[0]),
                                          _weights(method, width, size[1])))
    return array_ops.squeeze(out, [0]) if single else out


def resize_with_pad(image, target_height, target_width, method=ResizeMethod.BILINEAR,
                    antialias=False):
    """tf.image.resize_with_pad: resize keeping the aspect ratio to fit the target, then
    zero-pad to it (TF's float32 arithmetic for the sizes and offsets)."""
    image, single = _batched(image)
    th, tw = _target_size(image, target_height, target_width, "tf.image.resize_with_pad")
    _, height, width, _ = image._value.shape
    f_h, f_w, f_th, f_tw = (np.float32(v) for v in (height, width, th, tw))
    ratio = max(f_w / f_tw, f_h / f_th)
    new_h, new_w = f_h / ratio, f_w / ratio
    pad_h = max(0, int(np.floor((f_th - new_h) / np.float32(2))))
    pad_w = max(0, int(np.floor((f_tw - new_w) / np.float32(2))))
    resized = resize(image, [int(np.floor(new_h)), int(np.floor(new_w))], method,
                     antialias=antialias)
    out = pad_to_bounding_box(resized, pad_h, pad_w, th, tw)
    return array_ops.squeeze(out, [0]) if single else out


# -- edges ---------------------------------------------------------------------------------------

_SOBEL = np.transpose(np.asarray([[[-1, -2, -1], [0, 0, 0], [1, 2, 1]],
                                  [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]]), (1, 2, 0))[:, :, None]


def sobel_edges(image):
    """tf.image.sobel_edges: [batch, h, w, d] -> [batch, h, w, d, 2], the vertical and
    horizontal Sobel responses of each channel (reflect-padded), as TF's depthwise
    convolution computes them."""
    image = to_tensor(image)
    shape = image._value.shape
    kernels = array_ops.tile(EagerTensor(jnp.asarray(_SOBEL, image.dtype._np)),
                             [1, 1, shape[-1] if shape else 1, 1])
    padded = manip_ops.pad(image, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    out = depthwise_conv2d(padded, kernels, [1, 1, 1, 1], "VALID")
    return manip_ops.reshape(out, list(shape) + [2])
