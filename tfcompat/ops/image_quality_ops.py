"""tf.image.ssim and ssim_multiscale: the structural similarity of two image batches, as
TF computes it (_ssim_per_channel: a softmax-normalised Gaussian window applied by a
VALID depthwise convolution, luminance times contrast-structure, averaged over height,
width and channels; MS-SSIM over 2x2-average-pooled scales)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from .array_ops import shape as shape_
from .assert_ops import Assert
from .cast_ops import cast
from .comparison_ops import greater_equal
from .conv_ops import depthwise_conv2d
from .image_ops import convert_image_dtype
from .arithmetic_ops import pow
from .manip_ops import pad, reshape, stack, tile
from .nn_ops import relu, softmax
from .pooling_ops import avg_pool
from .reduction_ops import reduce_all, reduce_mean, reduce_prod


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


def _ssim_per_channel(img1, img2, max_val, filter_size, filter_sigma, k1, k2,
                      return_index_map=False):
    """TF's _ssim_per_channel on float32 images: (SSIM, contrast-structure) per channel,
    averaged over height and width (SSIM's local map with `return_index_map`)."""
    shape = list(img1._value.shape)
    size = convert_to_tensor(filter_size, dtypes.int32)
    for img in (img1, img2):
        dims = shape_(img)
        Assert(reduce_all(greater_equal(dims[-3:-1], size)), [dims, size], summarize=8)
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
    if return_index_map:
        return value, cs
    return reduce_mean(value, [-3, -2]), reduce_mean(cs, [-3, -2])


def _as_float32(img1, img2, max_val):
    """TF's shape checks, then both images and `max_val` as float32 (convert_image_dtype)."""
    img1, img2 = to_tensor(img1), to_tensor(img2)
    _check_shapes(img1, img2)
    max_val = convert_image_dtype(cast(max_val, img1.dtype), dtypes.float32)
    return (convert_image_dtype(img1, dtypes.float32), convert_image_dtype(img2, dtypes.float32),
            max_val)


def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03,
         return_index_map=False):
    """tf.image.ssim: images [..., h, w, c] (h and w at least `filter_size`); the mean
    SSIM of each image, or with `return_index_map` the local map averaged over channels."""
    img1, img2, max_val = _as_float32(img1, img2, max_val)
    value, _ = _ssim_per_channel(img1, img2, max_val, filter_size, filter_sigma, k1, k2,
                                 return_index_map)
    return reduce_mean(value, [-1])


_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _downscale(img):
    """TF's MS-SSIM step: odd height / width padded SYMMETRIC by one, then 2x2 average
    pooling (on the leading dimensions flattened)."""
    dims = list(img._value.shape)
    flat = reshape(img, [-1] + dims[-3:])
    extra = [dims[-3] % 2, dims[-2] % 2]
    if any(extra):
        flat = pad(flat, [[0, 0], [0, extra[0]], [0, extra[1]], [0, 0]], mode="SYMMETRIC")
    pooled = avg_pool(flat, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
    return reshape(pooled, dims[:-3] + list(pooled._value.shape[1:]))


def ssim_multiscale(img1, img2, max_val, power_factors=_MSSSIM_WEIGHTS, filter_size=11,
                    filter_sigma=1.5, k1=0.01, k2=0.03):
    """tf.image.ssim_multiscale: MS-SSIM of images [..., h, w, c], one scale per power
    factor (each halving height and width), as TF's Python composes it."""
    imgs = _as_float32(img1, img2, max_val)
    max_val, imgs = imgs[2], list(imgs[:2])
    mcs = []
    for k in range(len(power_factors)):
        if k > 0:
            imgs = [_downscale(x) for x in imgs]
        value, cs = _ssim_per_channel(*imgs, max_val, filter_size, filter_sigma, k1, k2)
        mcs.append(relu(cs))
    mcs.pop()
    mcs_and_ssim = stack(mcs + [relu(value)], axis=-1)
    return reduce_mean(reduce_prod(pow(mcs_and_ssim, power_factors), [-1]), [-1])
