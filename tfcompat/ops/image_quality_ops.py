"""tf.image.ssim: the structural similarity of two image batches, as TF computes it
(_ssim_per_channel: a softmax-normalised Gaussian window applied by a VALID depthwise
convolution, luminance times contrast-structure, averaged over height, width and
channels)."""
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from .cast_ops import cast
from .conv_ops import depthwise_conv2d
from .image_ops import convert_image_dtype
from .manip_ops import reshape, tile
from .nn_ops import softmax
from .reduction_ops import reduce_mean


def _gaussian(size, sigma):
    """TF's _fspecial_gauss: a [size, size, 1, 1] window summing to 1."""
    coords = np.arange(size, dtype=np.float32) - np.float32(size - 1) / 2
    g = convert_to_tensor(coords * coords) * (-0.5 / (sigma * sigma))
    g = reshape(g, [1, -1]) + reshape(g, [-1, 1])
    return reshape(softmax(reshape(g, [1, -1])), [size, size, 1, 1])


def _check_shapes(img1, img2):
    """TF's _verify_compatible_image_shapes (static shapes)."""
    s1, s2 = img1.shape, img2.shape
    if s1.rank is not None and s1.rank < 3 or s2.rank is not None and s2.rank < 3:
        raise ValueError(f"Shape {s1 if s1.rank < 3 else s2} must have rank at least 3")
    if not s1[-3:].is_compatible_with(s2[-3:]):
        raise ValueError(f"Shapes {s1[-3:]} and {s2[-3:]} are incompatible")


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
         return_index_map=False):
    """tf.image.ssim: images [..., h, w, c] (h and w at least `filter_size`); the mean
    SSIM of each image, or with `return_index_map` the local map averaged over channels."""
    img1, img2 = to_tensor(img1), to_tensor(img2)
    _check_shapes(img1, img2)
    max_val = convert_image_dtype(cast(max_val, img1.dtype), dtypes.float32)
    img1 = convert_image_dtype(img1, dtypes.float32)
    img2 = convert_image_dtype(img2, dtypes.float32)
    shape = list(img1._value.shape)
    for s in (shape, list(img2._value.shape)):
        if min(s[-3:-1]) < filter_size:
            raise errors.InvalidArgumentError(
                None, None, f"assertion failed: [{s}] [{filter_size}]")
    sigma = convert_to_tensor(filter_sigma, dtypes.float32)
    kernel = tile(_gaussian(filter_size, sigma), [1, 1, shape[-1], 1])

    def reducer(x):
        dims = list(x._value.shape)
        y = depthwise_conv2d(reshape(x, [-1] + dims[-3:]), kernel, [1, 1, 1, 1], "VALID")
        return reshape(y, dims[:-3] + list(y._value.shape[1:]))

    c1 = (k1 * max_val) ** 2
    c2 = (k2 * max_val) ** 2
    mean0, mean1 = reducer(img1), reducer(img2)
    num0 = mean0 * mean1 * 2.0
    den0 = mean0 * mean0 + mean1 * mean1
    luminance = (num0 + c1) / (den0 + c1)
    num1 = reducer(img1 * img2) * 2.0
    den1 = reducer(img1 * img1 + img2 * img2)
    cs = (num1 - num0 + c2) / (den1 - den0 + c2)
    value = luminance * cs
    if not return_index_map:
        value = reduce_mean(value, [-3, -2])
    return reduce_mean(value, [-1])
