"""tf.image.rgb_to_yiq, yiq_to_rgb, rgb_to_yuv, yuv_to_rgb: TF's tensordot of the last
axis with its 3x3 kernels (image_ops_impl.py), in the images' dtype. For float32 and
float64 the 3-term sums are computed as TF's CPU MatMul computes them for an inner
dimension of 3 (XLA's dot orders them otherwise): float32 as a chain of fused
multiply-adds, float64 added in order with each product rounded. Other dtypes go
through tf.tensordot."""
import jax
import jax.numpy as jnp

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.rounding import rounded
from .product_ops import tensordot

_RGB_TO_YIQ = [[0.299, 0.59590059, 0.2115], [0.587, -0.27455667, -0.52273617],
               [0.114, -0.32134392, 0.31119955]]
_YIQ_TO_RGB = [[1, 1, 1], [0.95598634, -0.27201283, -1.10674021],
               [0.6208248, -0.64720424, 1.70423049]]
_RGB_TO_YUV = [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512],
               [0.114, 0.43601035, -0.10001026]]
_YUV_TO_RGB = [[1, 1, 1], [0, -0.394642334, 2.03206185], [1.13988303, -0.58062185, 0]]


def _fma32(a, b, c):
    """float32 a * b + c rounded once: the exact product in float64, its sum with c
    rounded to odd (TwoSum's error decides the last bit), then rounded to float32."""
    p = a.astype(jnp.float64) * b.astype(jnp.float64)
    c = c.astype(jnp.float64)
    s = p + c
    back = s - p
    err = (p - (s - back)) + (c - back)
    even = (jax.lax.bitcast_convert_type(s, jnp.uint64) & 1) == 0
    toward = jnp.where(err > 0, jnp.inf, -jnp.inf)
    return jnp.where((err != 0) & even, jnp.nextafter(s, toward), s).astype(jnp.float32)


def _dot3(x, kernel):
    """x[..., :3] @ kernel as TF's MatMul sums 3 terms."""
    if x.dtype == jnp.float32:
        acc = x[..., 0, None] * kernel[0]
        for i in (1, 2):
            acc = _fma32(x[..., i, None], kernel[i], acc)
        return acc
    terms = [rounded(x[..., i, None] * kernel[i]) for i in range(3)]
    return (terms[0] + terms[1]) + terms[2]


@jax.custom_vjp
def _mix(x, kernel):
    return _dot3(x, kernel)


def _mix_bwd(res, g):
    x, kernel = res   # (the images' cotangent is MatMul's gradient: g @ kernel^T)
    return _dot3(g, kernel.T), jnp.einsum("...i,...j->ij", x, g)


_mix.defvjp(lambda x, kernel: (_dot3(x, kernel), (x, kernel)), _mix_bwd)
_mix_forward = jax.custom_jvp(_dot3)


@_mix_forward.defjvp
def _mix_forward_jvp(primals, tangents):
    """Forward mode: the same 3-term sums of the tangents (the map is linear)."""
    (x, kernel), (dx, dk) = primals, tangents
    return _dot3(x, kernel), _dot3(dx, kernel) + _dot3(x, dk)


_mix_op = Op("MatMul", _mix, jvp_fn=_mix_forward)


def _convert(images, kernel):
    images = to_tensor(images)
    kernel = convert_to_tensor(kernel, dtype=images.dtype)
    if images.dtype in (dtypes.float32, dtypes.float64) and images.ndim and (
            images._value.shape[-1] == 3):
        return execute(_mix_op, (images, kernel))
    return tensordot(images, kernel, axes=[[images.ndim - 1], [0]])


def rgb_to_yiq(images):
    """tf.image.rgb_to_yiq."""
    return _convert(images, _RGB_TO_YIQ)


def yiq_to_rgb(images):
    """tf.image.yiq_to_rgb."""
    return _convert(images, _YIQ_TO_RGB)


def rgb_to_yuv(images):
    """tf.image.rgb_to_yuv."""
    return _convert(images, _RGB_TO_YUV)


def yuv_to_rgb(images):
    """tf.image.yuv_to_rgb."""
    return _convert(images, _YUV_TO_RGB)
