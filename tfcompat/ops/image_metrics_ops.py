"""tf.image.total_variation, psnr and image_gradients, composed as TF's
image_ops_impl.py composes them."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from . import array_ops, manip_ops
from .arithmetic_ops import squared_difference
from .cast_ops import cast
from .image_ops import convert_image_dtype
from .image_quality_ops import _check_shapes
from .reduction_ops import reduce_mean, reduce_sum
from .unary_ops import abs as abs_, log


def total_variation(images, name=None):
    """tf.image.total_variation: the sum of absolute neighbour differences, per image
    of a 4-D batch, or a scalar for one 3-D image."""
    images = to_tensor(images)
    if images.ndim == 3:
        dif1 = images[1:, :, :] - images[:-1, :, :]
        dif2 = images[:, 1:, :] - images[:, :-1, :]
        axis = None
    elif images.ndim == 4:
        dif1 = images[:, 1:, :, :] - images[:, :-1, :, :]
        dif2 = images[:, :, 1:, :] - images[:, :, :-1, :]
        axis = [1, 2, 3]
    else:
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    return reduce_sum(abs_(dif1), axis=axis) + reduce_sum(abs_(dif2), axis=axis)


def psnr(a, b, max_val, name=None):
    """tf.image.psnr: float32 peak signal-to-noise ratio of each image pair."""
    a, b = to_tensor(a), to_tensor(b)
    max_val = convert_image_dtype(cast(max_val, a.dtype), dtypes.float32)
    a = convert_image_dtype(a, dtypes.float32)
    b = convert_image_dtype(b, dtypes.float32)
    mse = reduce_mean(squared_difference(a, b), [-3, -2, -1])
    value = (20 * log(max_val) / log(convert_to_tensor(10.0))
             - np.float32(10 / np.log(10)) * log(mse))
    _check_shapes(a, b)
    return manip_ops.identity(value)


def image_gradients(image):
    """tf.image.image_gradients: (dy, dx) of a 4-D batch, forward differences with a
    zero last row / column."""
    image = to_tensor(image)
    if image.ndim != 4:
        raise ValueError(f"image_gradients expects a 4D tensor [batch_size, h, w, d], not "
                         f"{image.shape}.")
    batch, height, width, depth = image._value.shape
    dy = image[:, 1:, :, :] - image[:, :-1, :, :]
    dx = image[:, :, 1:, :] - image[:, :, :-1, :]
    dy = manip_ops.concat([dy, array_ops.zeros([batch, 1, width, depth], image.dtype)], 1)
    dx = manip_ops.concat([dx, array_ops.zeros([batch, height, 1, depth], image.dtype)], 2)
    return dy, dx
