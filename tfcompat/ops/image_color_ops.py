"""tf.image.rgb_to_hsv and tf.image.hsv_to_rgb (TF's RGBToHSV and HSVToRGB kernels);
hue, saturation and value in [0, 1]. RGBToHSV's gradient is TF's piecewise formula;
HSVToRGB has no gradient in TF (None here too)."""
import jax
import jax.numpy as jnp

from ..framework import errors
from ..framework.dispatch import Op, check_dtype, execute, to_tensor


def _rgb_to_hsv(x):
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    v = jnp.max(x, axis=-1)
    span = v - jnp.min(x, axis=-1)
    s = jnp.where(v > 0, span / jnp.where(v > 0, v, 1), 0)
    norm = 1 / (6 * span)
    h = jnp.where(r == v, norm * (g - b),
                  jnp.where(g == v, norm * (b - r) + 2 / 6, norm * (r - g) + 4 / 6))
    h = jnp.where(span > 0, h, 0)
    h = jnp.where(h < 0, h + 1, h)
    return jnp.stack([h, s, v], axis=-1).astype(x.dtype)


def _hsv_to_rgb(x):
    h, s, v = x[..., 0], x[..., 1], x[..., 2]
    dh = h * 6
    dr = jnp.clip(jnp.abs(dh - 3) - 1, 0, 1)
    dg = jnp.clip(-jnp.abs(dh - 2) + 2, 0, 1)
    db = jnp.clip(-jnp.abs(dh - 4) + 2, 0, 1)
    return jnp.stack([((d - 1) * s + 1) * v for d in (dr, dg, db)], axis=-1).astype(x.dtype)


def _reciprocal(x):   # TF's _CustomReciprocal: div_no_nan(1, x)
    return jnp.where(x == 0, 0, 1 / jnp.where(x == 0, 1, x))


def _rgb_to_hsv_bwd(res, grad):
    """TF's _RGBToHSVGrad: its piecewise partial derivatives, as written there."""
    x, out = res
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    sat, val = out[..., 1], out[..., 2]
    f = lambda c: c.astype(x.dtype)   # noqa: E731
    rb, gb, bb = f((r >= b) & (r >= g)), f((g > r) & (g >= b)), f((b > r) & (b > g))
    rs, gs, bs = f((r < b) & (r < g)), f((g <= r) & (g < b)), f((b <= r) & (b <= g))
    rp, gp, bp = f(r > 0), f(g > 0), f(b > 0)
    sv = _reciprocal(sat * sat) * _reciprocal(val * val)
    q = _reciprocal
    ds_dr = rp * (rb * (gs * g + bs * b) * q(r * r) - rs * q(gb * g + bb * b))
    ds_dg = gp * (gb * (rs * r + bs * b) * q(g * g) - gs * q(rb * r + bb * b))
    ds_db = bp * (bb * (gs * g + rs * r) * q(b * b) - bs * q(gb * g + rb * r))
    dh_dr = (-rp * rb * (g - b) * sv + gp * gb * rs * (b - g) * q((r - g) ** 2)
             - gp * gb * bs * q(g - b) + bp * bb * rs * (b - g) * q((b - r) ** 2)
             + bp * bb * gs * q(b - g)) * 60 / 360
    dh_dg = (-gp * gb * (b - r) * sv + rp * rb * gs * (r - b) * q((r - g) ** 2)
             + rp * rb * bs * q(r - b) + bp * bb * gs * (r - b) * q((b - g) ** 2)
             - bp * bb * rs * q(b - r)) * 60 / 360
    dh_db = (-bp * bb * (r - g) * sv + rp * rb * bs * (g - r) * q((r - b) ** 2)
             - rp * rb * gs * q(r - g) + gp * gb * bs * (g - r) * q((g - b) ** 2)
             + gp * gb * rs * q(g - r)) * 60 / 360
    gh, gs_, gv = grad[..., 0], grad[..., 1], grad[..., 2]
    return (jnp.stack([gv * rb + gs_ * ds_dr + gh * dh_dr, gv * gb + gs_ * ds_dg + gh * dh_dg,
                       gv * bb + gs_ * ds_db + gh * dh_db], axis=-1),)


@jax.custom_vjp
def _rgb_to_hsv_tf(x):
    return _rgb_to_hsv(x)


_rgb_to_hsv_tf.defvjp(lambda x: (_rgb_to_hsv(x), (x, _rgb_to_hsv(x))), _rgb_to_hsv_bwd)
_rgb_to_hsv_op = Op("RGBToHSV", _rgb_to_hsv_tf, jvp_fn=_rgb_to_hsv)
_hsv_to_rgb_op = Op("HSVToRGB", _hsv_to_rgb, differentiable=False)


def _convert(op, images):
    x = to_tensor(images)
    check_dtype(op, x)
    channels = x._value.shape[-1] if x.ndim else 0
    if channels != 3:
        raise errors.op_error(errors.FailedPreconditionError, op.name,
                              f"input must have 3 channels but input only has {channels} "
                              f"channels.", kernel=op.name)
    return execute(op, (x,))


def rgb_to_hsv(images, name=None):
    """tf.image.rgb_to_hsv: float images [..., 3]."""
    return _convert(_rgb_to_hsv_op, images)


def hsv_to_rgb(images, name=None):
    """tf.image.hsv_to_rgb: float images [..., 3]."""
    return _convert(_hsv_to_rgb_op, images)
