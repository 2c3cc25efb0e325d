"""TF's ImageProjectiveTransformV3 (tf.raw_ops; what Keras's affine and perspective
transforms run): each output pixel (x, y) samples the input at
((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1, its coordinates
mapped inside by `fill_mode` (REFLECT, WRAP, NEAREST; CONSTANT reads `fill_value` outside),
by NEAREST or BILINEAR interpolation, in float32 as TF's kernel computes it. The gradient
flows to `images` only, and is TF's: the output gradient moved back by the inverse
transforms."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .op_args import static_ints

_FILL_MODES = ("REFLECT", "WRAP", "CONSTANT", "NEAREST")
_INTERPOLATIONS = ("NEAREST", "BILINEAR")


def _truncate(v):
    """C++'s static_cast<int64>: toward zero."""
    return jnp.trunc(v)


def _round(v):
    return jnp.sign(v) * jnp.floor(jnp.abs(v) + 0.5)


def _map(c, n, mode):
    """TF's MapCoordinate: `c` (float32) inside [0, n - 1] by the fill mode."""
    n = np.float32(n)
    if mode == "CONSTANT":
        return c
    if mode == "NEAREST":
        return jnp.clip(c, 0, n - 1)
    if n <= 1:
        return jnp.zeros_like(c)
    if mode == "REFLECT":
        sz2 = 2 * n
        low = jnp.where(c < sz2, sz2 * _truncate(-c / sz2) + c, c)
        low = jnp.where(low < -n, low + sz2, -low - 1)
        high = c - sz2 * _truncate(c / sz2)
        high = jnp.where(high >= n, sz2 - high - 1, high)
    else:   # WRAP
        sz = n - 1
        low = c + n * (_truncate(-c / sz) + 1)
        high = c - n * _truncate(c / sz)
    c = jnp.where(c < 0, low, jnp.where(c > n - 1, high, c))
    return jnp.clip(c, 0, n - 1)


def _projective(images, transforms, fill, out_h, out_w, interpolation, fill_mode):
    batch, h, w, _ = images.shape
    t = jnp.broadcast_to(transforms.astype(jnp.float32), (batch, 8))[:, :, None, None]
    y, x = jnp.meshgrid(jnp.arange(out_h, dtype=jnp.float32),
                        jnp.arange(out_w, dtype=jnp.float32), indexing="ij")
    k = t[:, 6] * x + t[:, 7] * y + 1
    in_x = _map((t[:, 0] * x + t[:, 1] * y + t[:, 2]) / k, w, fill_mode)
    in_y = _map((t[:, 3] * x + t[:, 4] * y + t[:, 5]) / k, h, fill_mode)
    fill = fill.astype(images.dtype).astype(jnp.float32)   # (TF reads it as T)
    b = jnp.arange(batch)[:, None, None]

    def read(yy, xx):   # [batch, out_h, out_w, channels]; fill_value outside the image
        inside = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
        yi = jnp.clip(yy, 0, h - 1).astype(jnp.int32)
        xi = jnp.clip(xx, 0, w - 1).astype(jnp.int32)
        return jnp.where(inside[..., None], images[b, yi, xi].astype(jnp.float32), fill)

    if interpolation == "NEAREST":   # (std::round: halves away from zero)
        value = read(_round(in_y), _round(in_x))
    else:
        y0, x0 = jnp.floor(in_y), jnp.floor(in_x)
        y1, x1 = y0 + 1, x0 + 1
        top = (x1 - in_x)[..., None] * read(y0, x0) + (in_x - x0)[..., None] * read(y0, x1)
        bottom = (x1 - in_x)[..., None] * read(y1, x0) + (in_x - x0)[..., None] * read(y1, x1)
        value = (y1 - in_y)[..., None] * top + (in_y - y0)[..., None] * bottom
    value = jnp.where((k == 0)[..., None], fill, value)
    return value.astype(images.dtype)


@functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4, 5, 6))
def _projective_tf(images, transforms, fill, out_h, out_w, interpolation, fill_mode):
    return _projective(images, transforms, fill, out_h, out_w, interpolation, fill_mode)


def _projective_fwd(images, transforms, fill, out_h, out_w, interpolation, fill_mode):
    out = _projective(images, transforms, fill, out_h, out_w, interpolation, fill_mode)
    return out, (images.shape, transforms, fill)


def _projective_bwd(out_h, out_w, interpolation, fill_mode, res, g):
    """TF's gradient: the output gradient moved back by the inverse transforms (zero
    fill), which is not the exact adjoint of the sampling."""
    shape, transforms, fill = res
    m = jnp.concatenate([transforms.astype(jnp.float32),
                         jnp.ones((transforms.shape[0], 1), jnp.float32)], 1).reshape(-1, 3, 3)
    inverse = jnp.linalg.inv(m).reshape(-1, 9)
    inverse = (inverse / inverse[:, 8:9])[:, :8]
    grad = _projective(g, inverse, jnp.zeros((), jnp.float32), shape[1], shape[2],
                       interpolation, fill_mode)
    return grad, jnp.zeros_like(transforms), jnp.zeros_like(fill)


_projective_tf.defvjp(_projective_fwd, _projective_bwd)


def _projective_op_fn(images, transforms, fill, out_h, out_w, interpolation, fill_mode):
    return _projective_tf(images, transforms, fill, out_h, out_w, interpolation, fill_mode)


_projective_op = Op("ImageProjectiveTransformV3", _projective_op_fn, jvp_fn=_projective,
                    dependencies=lambda arrays, attrs: ((0,),))


def _enum_attr(name, value, allowed):
    if value not in allowed:
        raise errors.InvalidArgumentError(
            None, None, f"{name} must be one of {', '.join(allowed)}; got {value!r}")
    return value


def ImageProjectiveTransformV3(*, images, transforms, output_shape, fill_value, interpolation,
                               fill_mode="CONSTANT", name=None):
    """tf.raw_ops.ImageProjectiveTransformV3: images [batch, h, w, channels]; transforms
    [batch or 1, 8] float32; output_shape [new_h, new_w]."""
    x = to_tensor(images)
    check_dtype(_projective_op, x)
    t = convert_to_tensor(transforms, dtypes.float32)
    fill = convert_to_tensor(fill_value, dtypes.float32)
    interpolation = _enum_attr("interpolation", interpolation, _INTERPOLATIONS)
    fill_mode = _enum_attr("fill_mode", fill_mode, _FILL_MODES)
    out = static_ints(output_shape, "tf.raw_ops.ImageProjectiveTransformV3", "output_shape")

    def fail(text):
        return errors.op_error(errors.InvalidArgumentError, _projective_op.name, text,
                               kernel=_projective_op.name)
    if x.ndim != 4:
        raise fail("Input images must have rank 4")
    ts = t._value.shape
    if len(ts) != 2 or ts[0] not in (1, x._value.shape[0]) or ts[1] != 8:
        raise fail("Input transform should be num_images x 8 or 1 x 8")
    if len(out) != 2:
        raise fail("output shape must be 1-dimensional")
    if out[0] <= 0 or out[1] <= 0:
        raise fail("output dimensions must be positive")
    return execute(_projective_op, (x, t, fill),
                   (("out_h", out[0]), ("out_w", out[1]), ("interpolation", interpolation),
                    ("fill_mode", fill_mode)))
