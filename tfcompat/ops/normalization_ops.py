"""tf.nn.moments, tf.nn.batch_normalization and tf.nn.local_response_normalization."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import errors
from ..framework.composite_dispatch import dispatchable
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .array_ops import squeeze, stop_gradient
from .arithmetic_ops import squared_difference
from .cast_ops import cast
from .reduction_ops import reduce_mean
from .unary_ops import rsqrt


@dispatchable("x")
def moments(x, axes, shift=None, keepdims=False, name=None):
    """tf.nn.moments: (mean, variance) over `axes`, as TF composes them (float16 is
    computed in float32; integer inputs use integer means)."""
    return composed_moments(to_tensor(x), axes, keepdims)


def composed_moments(x, axes, keepdims):
    """TF's composition of tf.nn.moments, on a Tensor or a composite (a RaggedTensor)."""
    y = cast(x, "float32") if x.dtype.name == "float16" else x
    mean = reduce_mean(y, axes, keepdims=True)
    variance = reduce_mean(squared_difference(y, stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        mean, variance = squeeze(mean, axes), squeeze(variance, axes)
    if x.dtype.name == "float16":
        return cast(mean, "float16"), cast(variance, "float16")
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """tf.nn.batch_normalization: (x - mean) * scale / sqrt(variance + epsilon) + offset,
    composed as TF does."""
    x = to_tensor(x)
    inv = rsqrt(to_tensor(variance) + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    return x * cast(inv, x.dtype) + cast(
        offset - mean * inv if offset is not None else -mean * inv, x.dtype)


def _lrn(x, depth_radius, bias, alpha, beta):
    r = depth_radius
    sqr_sum = lax.reduce_window(jnp.square(x), np.zeros((), x.dtype), lax.add,
                                (1, 1, 1, 2 * r + 1), (1, 1, 1, 1),
                                ((0, 0), (0, 0), (0, 0), (r, r)))
    return x / (bias + alpha * sqr_sum) ** beta


_lrn_op = Op("LRN", _lrn)


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5,
                                 name=None):
    """tf.nn.local_response_normalization (tf.nn.lrn) over the last dimension of a 4-D
    input."""
    x = to_tensor(input)
    try:
        check_dtype(_lrn_op, x)
    except errors.InvalidArgumentError as e:  # TF's LRN message has no `name:` suffix
        raise errors.InvalidArgumentError(None, None, str(e)[:-len(" name: ")]) from None
    if x.ndim != 4:
        raise errors.InvalidArgumentError(
            None, None, "{{function_node __wrapped__LRN_device_/job:localhost/replica:0/task:0/"
                        "device:CPU:0}} in must be 4-dimensional [Op:LRN]")
    return execute(_lrn_op, (x,), (("depth_radius", int(depth_radius)), ("bias", float(bias)),
                                   ("alpha", float(alpha)), ("beta", float(beta))))


lrn = local_response_normalization
