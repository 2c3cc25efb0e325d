"""tf.image.extract_glimpse (ExtractGlimpseV2): windows of a float32 [batch, height,
width, depth] image at per-image offsets, as TF's kernel (core/kernels/image/
attention_ops.cc, Eigen's eigen_attention.h) takes them: the offsets [y, x] un-normalized
and un-centered in float32, truncated toward zero to a top-left pixel; what falls outside
the image is noise. 'zero' noise is exact; 'uniform' (min + U * (max - min) of the image)
and 'gaussian' (each channel's mean + N * stddev, clipped to its range) come from an
unseeded Philox stream, as TF's draw from a non-deterministic generator."""
import math

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from ..framework.tensor import EagerTensor
from ..framework.variables import Variable
from . import random_distributions as D, random_seed
from .op_args import dims, kernel_error, static_ints
from .philox import RESERVED_PER_OUTPUT

_F32 = jnp.float32
_NOISES = ("uniform", "gaussian", "zero", "")


def _corner(offset, extent, window, normalized, centered):
    """The kernel's float32 arithmetic for one axis, then its (Index) truncation (NaN
    and far values: a corner from which the window misses the image)."""
    x = offset
    if normalized:
        x = x * _F32(extent)
        if centered:
            x = x / _F32(2)
            x = x + _F32(extent / 2)
            x = x - _F32(window / 2)
    elif centered:
        x = x + _F32(extent / 2)
    x = jnp.where(jnp.isnan(x), _F32(-2.0 ** 40), x)
    return jnp.trunc(jnp.clip(x, _F32(-2.0 ** 40), _F32(2.0 ** 40))).astype(jnp.int64)


def _noise(image, state, shape, noise):
    if noise == "zero":
        return jnp.zeros(shape, _F32)
    if noise == "uniform":
        lo = image.min(axis=(1, 2, 3), keepdims=True)
        span = image.max(axis=(1, 2, 3), keepdims=True) - lo
        return lo + D.fill(D.uniform, state, shape, np.float32, np.float32) * span
    mean = image.mean(axis=(1, 2), keepdims=True)
    sigma = jnp.sqrt(jnp.square(image - mean).mean(axis=(1, 2), keepdims=True))
    rnd = D.fill(D.normal, state, shape, np.float32, np.float32)
    return jnp.clip(mean + rnd * sigma, image.min(axis=(1, 2), keepdims=True),
                    image.max(axis=(1, 2), keepdims=True))


def _glimpse(image, offsets, state, size, centered, normalized, noise):
    batch, height, width, depth = image.shape
    gh, gw = size
    shape = (batch, gh, gw, depth)
    if not math.prod(shape) or not height * width:
        return jnp.zeros(shape, _F32)   # (an empty image: the caller allows only 'zero')
    top = _corner(offsets[:, 0], height, gh, normalized, centered)
    left = _corner(offsets[:, 1], width, gw, normalized, centered)
    rows = top[:, None] + jnp.arange(gh)
    cols = left[:, None] + jnp.arange(gw)
    inside = (((rows >= 0) & (rows < height))[:, :, None]
              & ((cols >= 0) & (cols < width))[:, None, :])
    picked = image[jnp.arange(batch)[:, None, None], jnp.clip(rows, 0, height - 1)[:, :, None],
                   jnp.clip(cols, 0, width - 1)[:, None, :]]
    return jnp.where(inside[..., None], picked, _noise(image, state, shape, noise))


def _no_gradient(*args):
    raise LookupError("gradient registry has no entry for: ExtractGlimpseV2")


_glimpse_fn = jax.custom_vjp(_glimpse, nondiff_argnums=(3, 4, 5, 6))
_glimpse_fn.defvjp(lambda *args: (_glimpse(*args), None), _no_gradient)
_glimpse_op = Op("ExtractGlimpseV2", _glimpse_fn, allowed=None, stateful=True)


def extract_glimpse(input, size, offsets, centered=True, normalized=True,  # noqa: A002
                    noise="uniform", name=None):
    """tf.image.extract_glimpse (v2): [batch, size[0], size[1], depth] float32 glimpses;
    `size` must be known when a tf.function is traced."""
    op = "ExtractGlimpseV2"
    if noise not in _NOISES:
        raise kernel_error(op, f"The noise could only be uniform, gaussian, or zero, got"
                               f"{noise}")
    noise = noise or "gaussian"   # ('': TF's uniform_noise attribute, False in v2)
    read = lambda v: v._read() if isinstance(v, Variable) else v   # noqa: E731
    image = convert_to_tensor(read(input), dtypes.float32)
    size_t = convert_to_tensor(read(size), dtypes.int32)
    offsets = convert_to_tensor(read(offsets), dtypes.float32)
    shape = image._value.shape
    if len(shape) != 4:
        raise kernel_error(op, f"input must be 4-dimensional (batch_size, height, width, "
                               f"depth){dims(shape)}")
    if size_t._value.ndim != 1 or size_t._value.shape[0] != 2:
        raise kernel_error(op, f"input must be a vector of size 2 (height, width)"
                               f"{dims(size_t._value.shape)}")
    o_shape = offsets._value.shape
    if len(o_shape) != 2:
        raise kernel_error(op, f"input must be a matrix{dims(o_shape)}")
    if o_shape[0] != shape[0]:
        raise kernel_error(op, f"first dimension should be batch{dims(o_shape)}")
    if o_shape[1] != 2:
        raise kernel_error(op, f"second dimension should be of size 2 (y,x){dims(o_shape)}")
    gh, gw = static_ints(size_t, "tf.image.extract_glimpse", "size")
    for d in (gh, gw):
        if d < 0:
            raise kernel_error(op, f"Expected a non-negative size, got {d}")
    if not shape[1] * shape[2] and noise != "zero" and gh * gw * math.prod(shape[::3]):
        raise NotImplementedError(f"tfcompat: tf.image.extract_glimpse of an image without "
                                  f"pixels is supported with noise='zero' only, not {noise!r}")
    state = np.zeros(3, np.uint64) if noise == "zero" else random_seed.reserve(
        (op,), 0, 0, math.prod((shape[0], gh, gw, shape[3])) * RESERVED_PER_OUTPUT)
    return execute(_glimpse_op, (image, offsets, EagerTensor(jnp.asarray(state))), (
        ("size", (gh, gw)), ("centered", bool(centered)), ("normalized", bool(normalized)),
        ("noise", noise)))
