"""tf.image.adjust_hue, adjust_saturation (TF's CPU AdjustHue / AdjustSaturation
kernels, tensorflow/core/kernels/image/adjust_{hue,saturation}_op.cc, step by step in
float32: their own HSV round trips, not rgb_to_hsv's) and adjust_gamma (TF's
composition). Like TF, AdjustHue and AdjustSaturation have no gradient (LookupError)
and no float16 CPU kernel (NotFoundError)."""
import jax.numpy as jnp
from jax import lax

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.rounding import rounded
from ..framework.tensor import Tensor
from .assert_ops import Assert
from .math_common import raise_on_gradient
from .image_ops import convert_image_dtype
from .math_common import kernel_not_found
from .op_args import dims, kernel_error


def _wrap(h, period, low_inclusive):
    """The kernels' `while (h < 0) h += period; while (h >= period) h -= period;` (their
    `<= 0` for AdjustSaturation's first loop when `low_inclusive`)."""
    below = (lambda v: v <= 0) if low_inclusive else (lambda v: v < 0)
    h = lax.while_loop(lambda v: jnp.any(below(v)),
                       lambda v: jnp.where(below(v), v + period, v), h)
    return lax.while_loop(lambda v: jnp.any(v >= period),
                          lambda v: jnp.where(v >= period, v - period, v), h)


def _adjust_hue(x, delta):
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    w = jnp.where
    rg, b_r, b_g = r < g, b < r, b < g
    # rgb_to_hv_range: the six orderings of r, g, b, as the kernel's branches test them
    v_max = w(rg, w(b_r, g, w(b > g, b, g)), w(b_g, r, w(b > r, b, r)))
    v_mid = w(rg, w(b_r, r, w(b > g, g, b)), w(b_g, g, w(b > r, r, b)))
    v_min = w(rg, w(b_r, b, r), w(b_g, b, g))
    cat = w(rg, w(b_r, 1, w(b > g, 3, 2)), w(b_g, 0, w(b > r, 4, 5)))
    flat = v_max == v_min
    ratio = (v_mid - v_min) / w(flat, 1, v_max - v_min)
    even = cat % 2 == 0
    h = w(flat, 0, cat.astype(x.dtype) + w(even, ratio, 1 - ratio))
    h = _wrap(h + rounded(delta * jnp.float32(6)), jnp.float32(6), False)
    # hv_range_to_rgb (a NaN hue's int cast is INT_MIN on x86: the switch's default)
    cat = w(jnp.isnan(h), 6, h.astype(jnp.int32))
    ratio = h - cat.astype(x.dtype)
    ratio = w(cat % 2 == 0, ratio, 1 - ratio)
    v_mid = v_min + rounded(ratio * (v_max - v_min))
    out_r = w((cat == 0) | (cat >= 5), v_max, w((cat == 1) | (cat == 4), v_mid, v_min))
    out_g = w((cat == 1) | (cat == 2), v_max, w((cat == 0) | (cat == 3), v_mid, v_min))
    out_b = w((cat == 3) | (cat == 4), v_max, w((cat == 2) | (cat >= 5), v_mid, v_min))
    return jnp.stack([out_r, out_g, out_b], axis=-1)


def _cmax(a, b):
    """std::max(a, b): (a < b) ? b : a (NaN handling included)."""
    return jnp.where(a < b, b, a)


def _cmin(a, b):
    """std::min(a, b): (b < a) ? b : a."""
    return jnp.where(b < a, b, a)


def _adjust_saturation(x, scale):
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    w = jnp.where
    # rgb_to_hsv (its 2.0 / 6.0 and 4.0 / 6.0 are doubles: the sums round from double)
    v = _cmax(r, _cmax(g, b))
    span = v - _cmin(r, _cmin(g, b))
    s = w(v > 0, span / w(v > 0, v, 1), 0)
    norm = jnp.float32(1) / (jnp.float32(6) * span)
    third = lambda t, k: (t.astype(jnp.float64) + k / 6.0).astype(x.dtype)   # noqa: E731
    h = w(r == v, rounded(norm * (g - b)), w(g == v, third(norm * (b - r), 2.0),
                                    third(norm * (r - g), 4.0)))
    h = w(span <= 0, 0, h)
    h = w(h < 0, h + 1, h)
    s = _cmin(jnp.float32(1), _cmax(jnp.float32(0), s * scale))
    # hsv_to_rgb
    c = rounded(s * v)   # (each product rounded, as the kernel's; no FMA)
    m = v - c
    dh = rounded(h * 6)
    cat = w(jnp.isnan(dh), -1, dh.astype(jnp.int32))
    fmodu = _wrap(dh, jnp.float32(2), True)
    xx = rounded(c * (1 - jnp.abs(fmodu - 1)))
    zero = jnp.zeros_like(c)
    pick = lambda *vals: jnp.select([cat == k for k in range(6)], vals, zero)  # noqa: E731
    return jnp.stack([pick(c, xx, zero, zero, xx, c) + m, pick(xx, c, c, xx, zero, zero) + m,
                      pick(zero, zero, xx, c, c, xx) + m], axis=-1)


_adjust_hue_op = Op("AdjustHue", raise_on_gradient(
    _adjust_hue, LookupError("gradient registry has no entry for: AdjustHue")))
_adjust_saturation_op = Op("AdjustSaturation", raise_on_gradient(
    _adjust_saturation, LookupError("gradient registry has no entry for: AdjustSaturation")))


def _float_image(image):
    return image if image.dtype in (dtypes.float16, dtypes.float32) else convert_image_dtype(
        image, dtypes.float32)


def _run(op, image, factor, factor_name):
    """The AdjustHue / AdjustSaturation kernel on float `image` with its checks."""
    if image.dtype != dtypes.float32:
        raise kernel_not_found(op.name, image.dtype, ("float", "half"), ("float",))
    factor = convert_to_tensor(factor, dtypes.float32)
    shape = image._value.shape
    if len(shape) < 3:
        raise kernel_error(op.name, f"input must be at least 3-D, got shape{dims(shape)}", "")
    if factor.ndim:
        raise kernel_error(op.name, f"{factor_name} must be scalar: "
                           f"{dims(factor._value.shape)}", "")
    if shape[-1] != 3:
        raise kernel_error(op.name, f"input must have 3 channels but instead has {shape[-1]} "
                           f"channels.", "")
    return execute(op, (image, factor))


def adjust_hue(image, delta, name=None):
    """tf.image.adjust_hue: rotate the hue by `delta` (in [-1, 1]; checked eagerly)."""
    if executing_eagerly() and (delta < -1 or delta > 1):
        raise ValueError("delta must be in the interval [-1, 1]")
    image = to_tensor(image)
    out = _run(_adjust_hue_op, _float_image(image), delta, "delta")
    return convert_image_dtype(out, image.dtype)


def adjust_saturation(image, saturation_factor, name=None):
    """tf.image.adjust_saturation: scale the HSV saturation, clipped to [0, 1]."""
    image = to_tensor(image)
    out = _run(_adjust_saturation_op, _float_image(image), saturation_factor, "scale")
    return convert_image_dtype(out, image.dtype)


def adjust_gamma(image, gamma=1, gain=1):
    """tf.image.adjust_gamma: gain * image ** gamma in float, converted back saturating."""
    image = to_tensor(image)
    flt = _float_image(image)
    message = "Gamma should be a non-negative real number."
    if isinstance(gamma, Tensor):   # (TF's _assert: an Assert op on a Tensor)
        Assert(gamma >= 0, [message])
    elif gamma < 0:
        raise ValueError(message)
    return convert_image_dtype(gain * flt ** gamma, image.dtype, saturate=True)
