"""tf.image's random augmentations and their stateless_ twins: random_flip_left_right,
random_flip_up_down, random_brightness, random_contrast, random_saturation, random_hue,
random_crop, random_jpeg_quality, composed as TF's image_ops_impl.py and random_crop_ops.py compose them, so
the stateful ones draw from tf.random.uniform's seeded streams and the stateless ones
from tf.random.stateless_uniform, value for value as TF."""
from ..framework import dtypes
from ..framework.relaxed_shapes import traced_dims
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from . import array_ops, cast_ops, manip_ops, reduction_ops, unary_ops
from .arithmetic_ops import maximum, minimum
from .assert_ops import Assert
from .comparison_ops import greater_equal, less
from .image_adjust_ops import adjust_hue, adjust_saturation
from .image_codec_ops import adjust_jpeg_quality
from .image_ops import _at_least_3d, _rank_3_or_4, adjust_brightness, adjust_contrast
from .indexing_ops import slice as slice_, where
from .random_ops import uniform
from .stateless_random_ops import stateless_uniform


def _stateful(seed):
    return lambda shape, minval, maxval, dtype=dtypes.float32: uniform(
        shape, minval, maxval, dtype=dtype, seed=seed)


def _stateless(seed):
    return lambda shape, minval, maxval, dtype=dtypes.float32: stateless_uniform(
        shape, seed, minval, maxval, dtype=dtype)


def _random_flip(image, axis, draw):
    """TF's _random_flip: a 3-D image flips when its draw is below .5; each image of a
    4-D batch by its rounded draw, as flips * flipped + (1 - flips) * image."""
    image = to_tensor(image)
    _at_least_3d(image)
    _rank_3_or_4(image)
    if image.ndim == 3:
        return where(less(draw([], 0, 1.0), 0.5), array_ops.reverse(image, [axis]), image)
    batch = traced_dims(image)[0]   # (an unknown batch size: TF's flips' too)
    flips = unary_ops.round(manip_ops.reshape(draw([batch], 0, 1.0), [batch, 1, 1, 1]))
    flips = cast_ops.cast(flips, image.dtype)
    return flips * array_ops.reverse(image, [axis + 1]) + (1 - flips) * image


def random_flip_left_right(image, seed=None):
    """tf.image.random_flip_left_right."""
    return _random_flip(image, 1, _stateful(seed))


def random_flip_up_down(image, seed=None):
    """tf.image.random_flip_up_down."""
    return _random_flip(image, 0, _stateful(seed))


def stateless_random_flip_left_right(image, seed):
    """tf.image.stateless_random_flip_left_right."""
    return _random_flip(image, 1, _stateless(seed))


def stateless_random_flip_up_down(image, seed):
    """tf.image.stateless_random_flip_up_down."""
    return _random_flip(image, 0, _stateless(seed))


def _delta(max_delta, draw):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    return draw([], -max_delta, max_delta)


def _factor(lower, upper, draw):
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")
    return draw([], lower, upper)


def _hue_delta(max_delta, draw):
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    return _delta(max_delta, draw)


def random_brightness(image, max_delta, seed=None):
    """tf.image.random_brightness."""
    return adjust_brightness(image, _delta(max_delta, _stateful(seed)))


def stateless_random_brightness(image, max_delta, seed):
    """tf.image.stateless_random_brightness."""
    return adjust_brightness(image, _delta(max_delta, _stateless(seed)))


def random_contrast(image, lower, upper, seed=None):
    """tf.image.random_contrast."""
    return adjust_contrast(image, _factor(lower, upper, _stateful(seed)))


def stateless_random_contrast(image, lower, upper, seed):
    """tf.image.stateless_random_contrast."""
    return adjust_contrast(image, _factor(lower, upper, _stateless(seed)))


def random_saturation(image, lower, upper, seed=None):
    """tf.image.random_saturation."""
    return adjust_saturation(image, _factor(lower, upper, _stateful(seed)))


def stateless_random_saturation(image, lower, upper, seed=None):
    """tf.image.stateless_random_saturation."""
    return adjust_saturation(image, _factor(lower, upper, _stateless(seed)))


def random_hue(image, max_delta, seed=None):
    """tf.image.random_hue."""
    return adjust_hue(image, _hue_delta(max_delta, _stateful(seed)))


def stateless_random_hue(image, max_delta, seed):
    """tf.image.stateless_random_hue."""
    return adjust_hue(image, _hue_delta(max_delta, _stateless(seed)))


def _jpeg_quality(image, lower, upper, draw):
    if lower < 0 or upper < 0 or lower > 100 or upper > 100:
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if lower >= upper:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")
    return adjust_jpeg_quality(image, draw([], lower, upper, dtypes.int32))


def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """tf.image.random_jpeg_quality."""
    return _jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, _stateful(seed))


def stateless_random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed):
    """tf.image.stateless_random_jpeg_quality."""
    return _jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, _stateless(seed))


def _random_crop(value, size, draw):
    """TF's random_crop: offsets drawn as int32 in [0, int32 max), modulo the room left."""
    value = to_tensor(value)
    size = convert_to_tensor(size, dtypes.int32)
    shape = array_ops.shape(value)
    Assert(reduction_ops.reduce_all(greater_equal(shape, size)),
           ["Need value.shape >= size, got ", shape, size], summarize=1000)
    # (where the Assert holds, limit >= 1 and size <= shape; the maximum and minimum keep
    # a tf.function's trace from failing on static shapes before the Assert fails when
    # the function runs, as in TF)
    limit = maximum(shape - size + 1, 1)
    offset = draw(array_ops.shape(shape), 0, dtypes.int32.max, dtypes.int32) % limit
    return slice_(value, offset, minimum(size, shape))


def random_crop(value, size, seed=None, name=None):
    """tf.image.random_crop / tf.random_crop."""
    return _random_crop(value, size, _stateful(seed))


def stateless_random_crop(value, size, seed, name=None):
    """tf.image.stateless_random_crop."""
    return _random_crop(value, size, _stateless(seed))
