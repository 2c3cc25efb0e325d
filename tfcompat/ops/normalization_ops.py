"""tf.nn's statistics (moments, weighted_moments, sufficient_statistics, normalize_moments,
tf.math.zero_fraction), tf.nn.batch_normalization and tf.nn.local_response_normalization,
composed of TF's ops as TF composes them."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors
from ..framework.composite_dispatch import dispatchable
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .array_ops import gather, shape, size, squeeze, stop_gradient, zeros_like
from .arithmetic_ops import (
    add, divide_no_nan, multiply, squared_difference, subtract, truediv,
)
from .cast_ops import cast
from .reduction_ops import count_nonzero, reduce_mean, reduce_prod, reduce_sum
from .unary_ops import reciprocal, rsqrt, square


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


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """tf.nn.sufficient_statistics: (count, sum of x - shift, sum of squared differences,
    shift) over `axes`."""
    axes = list(set(axes))
    x = convert_to_tensor(x)
    dims = x.shape
    if dims.rank is not None and all(dims[d] is not None for d in axes):
        count = 1
        for d in axes:
            count *= dims[d]
        counts = constant(count, dtype=x.dtype)
    else:   # (unknown when traced: counted when it runs)
        rank = x.ndim
        counts = reduce_prod(gather(cast(shape(x), x.dtype),
                                    [a + rank if a < 0 else a for a in axes]))
    if shift is not None:
        shift = convert_to_tensor(shift)
        m_ss, v_ss = subtract(x, shift), squared_difference(x, shift)
    else:
        m_ss, v_ss = x, square(x)
    return (counts, reduce_sum(m_ss, axes, keepdims=keepdims),
            reduce_sum(v_ss, axes, keepdims=keepdims), shift)


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """tf.nn.normalize_moments: (mean, variance) from sufficient statistics."""
    divisor = reciprocal(counts)
    shifted_mean = multiply(mean_ss, divisor)
    mean = shifted_mean if shift is None else add(shifted_mean, shift)
    return mean, subtract(multiply(variance_ss, divisor), square(shifted_mean))


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    """tf.nn.weighted_moments: the frequency-weighted mean and variance over `axes`
    (float16 computed in float32; 0 where the weights sum to 0)."""
    x = convert_to_tensor(x)
    weights = convert_to_tensor(frequency_weights)
    needs_cast = x.dtype is dtypes.float16
    if needs_cast:
        x = cast(x, dtypes.float32)
    if weights.dtype is not x.dtype:
        weights = cast(weights, x.dtype)
    weighted_input_sum = reduce_sum(weights * x, axes, keepdims=True)
    sum_of_weights = reduce_sum(weights + zeros_like(x), axes, keepdims=True)
    mean = divide_no_nan(weighted_input_sum, sum_of_weights)
    distsq = reduce_sum(weights * squared_difference(x, mean), axes, keepdims=True)
    variance = divide_no_nan(distsq, sum_of_weights)
    if not keepdims:
        mean, variance = squeeze(mean, axis=axes), squeeze(variance, axis=axes)
    if needs_cast:
        mean, variance = cast(mean, dtypes.float16), cast(variance, dtypes.float16)
    return mean, variance


def zero_fraction(value, name=None):
    """tf.math.zero_fraction (tf.nn.zero_fraction): the float32 fraction of zeros."""
    value = convert_to_tensor(value)
    count = size(value, out_type=dtypes.int64)
    num_zero = subtract(count, count_nonzero(value, dtype=dtypes.int64))
    return truediv(cast(num_zero, dtypes.float32), cast(count, dtypes.float32))


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """tf.nn.batch_normalization: (x - mean) * scale / sqrt(variance + epsilon) + offset,
    composed as TF does."""
    x = to_tensor(x)
    inv = rsqrt(to_tensor(variance) + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    return x * cast(inv, x.dtype) + cast(
        offset - mean * inv if offset is not None else -mean * inv, x.dtype)


def batch_norm_with_global_normalization(input, mean, variance, beta, gamma, variance_epsilon,
                                         scale_after_normalization, name=None):
    """tf.nn.batch_norm_with_global_normalization: batch_normalization with offset `beta`
    and, with scale_after_normalization, scale `gamma`."""
    return batch_normalization(input, mean, variance, beta,
                               gamma if scale_after_normalization else None, variance_epsilon)


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
