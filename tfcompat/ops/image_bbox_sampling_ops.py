"""tf.image.sample_distorted_bounding_box and stateless_sample_distorted_bounding_box:
TF's SampleDistortedBoundingBoxV2 / StatelessSampleDistortedBoundingBox CPU kernel
(core/kernels/image/sample_distorted_bounding_box_op.cc) on the host, step by step in
its float32/double arithmetic, drawing from the same Philox stream through SimplePhilox
(RandFloat, ExactUniformInt's rejection sampling). The stateful op is seeded as TF seeds
it (seed 0: a random stream) and each call skips 4 * max_attempts samples. Inside a
tf.function it runs as a host callback."""
import collections

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import config, dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.host_callback import keeping_errors
from ..framework.tensor import EagerTensor
from . import philox, random_seed
from .op_args import dims, kernel_error

_f32 = np.float32


class _SimplePhilox:
    """TF's SimplePhilox over PhiloxRandom state [counter_lo, counter_hi, key]."""

    def __init__(self, state):
        self._lo, self._hi, self._key = (int(v) for v in state)
        self._buf, self._pos, self._calls = np.zeros(0, np.uint32), 0, 0

    def rand32(self):
        if self._pos == len(self._buf):
            self._buf = philox.host_stream(self._key, self._hi, 4 * (self._lo + self._calls),
                                           256)
            self._calls += 64
            self._pos = 0
        self._pos += 1
        return int(self._buf[self._pos - 1])

    def rand_float(self):
        bits = np.uint32((127 << 23) | (self.rand32() & 0x7FFFFF))
        return bits.view(np.float32) - _f32(1)

    def uniform(self, n):
        """ExactUniformInt<uint32>(n)."""
        n &= 0xFFFFFFFF
        if n == 0:
            self.rand32()
            return 0
        if n & (n - 1) == 0:
            return self.rand32() & (n - 1)
        rem = 0xFFFFFFFF % n + 1
        rnd = self.rand32()
        while rnd < rem:
            rnd = self.rand32()
        return rnd % n


def _lrintf(x):
    return int(np.rint(_f32(x)))


def _area(r):
    return _f32((r[2] - r[0]) * (r[3] - r[1]))


def _intersect(a, b):
    lo_x, lo_y, hi_x, hi_y = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (0, 0, 0, 0) if lo_x > hi_x or lo_y > hi_y else (lo_x, lo_y, hi_x, hi_y)


def _covers(crop, min_covered, boxes):
    """SatisfiesOverlapConstraints."""
    if _area(crop) < _f32(1):
        return False
    for box in boxes:
        area = _area(box)
        if area < _f32(1):
            continue
        if _area(_intersect(crop, box)) / area >= min_covered:
            return True
    return False


def _random_crop(width, height, min_rel, max_rel, aspect, rng):
    """GenerateRandomCrop: (xmin, ymin, xmax, ymax), or None."""
    if max_rel <= 0 or aspect <= 0 or width <= 0 or height <= 0 or min_rel > max_rel:
        return None
    min_area = min_rel * _f32(width) * _f32(height)
    max_area = max_rel * _f32(width) * _f32(height)
    h = _lrintf(np.sqrt(min_area / aspect))
    max_h = _lrintf(np.sqrt(max_area / aspect))
    if _lrintf(_f32(max_h) * aspect) > width:
        eps = float(_f32(0.0000001))
        max_h = int((width + 0.5 - eps) / float(aspect))
        if _lrintf(_f32(max_h) * aspect) > width:
            max_h -= 1
    max_h = min(max_h, height)
    h = min(h, max_h)
    if h < max_h:
        h += rng.uniform(max_h - h + 1)
    w = _lrintf(_f32(h) * aspect)
    area = _f32(w * h)
    if area < min_area:
        h += 1
        w = _lrintf(_f32(h) * aspect)
        area = _f32(w * h)
    if area > max_area:
        h -= 1
        w = _lrintf(_f32(h) * aspect)
        area = _f32(w * h)
    if area < min_area or area > max_area or w > width or h > height or w <= 0 or h <= 0:
        return None
    y = rng.uniform(height - h) if h < height else 0
    x = rng.uniform(width - w) if w < width else 0
    return (x, y, x + w, y + h)


def _sample(state, image_size, boxes, min_covered, *, area_range, aspect_range,
            max_attempts, use_image, op):
    """The kernel's DoCompute on NumPy values: (begin, size, bboxes)."""
    if image_size.ndim != 1:
        raise kernel_error(op, f"image_size must be 1-dimensional{dims(image_size.shape)}")
    if image_size.shape[0] != 3:
        raise kernel_error(op, f"image_size must contain 3 elements{dims(image_size.shape)}",
                           )
    height_raw, width_raw = (int(v) & 0xFFFFFFFFFFFFFFFF for v in image_size[:2])
    if height_raw >= 2 ** 31 - 1:
        raise kernel_error(op, "image height cannot be >= int32 max")
    if width_raw >= 2 ** 31 - 1:
        raise kernel_error(op, "image width cannot be >= int32 max")
    height, width = height_raw, width_raw
    if boxes.ndim != 3:
        raise kernel_error(op, f"input boxes must be 3-dimensional [batch, num_boxes, coords]: "
                           f"{dims(boxes.shape)}")
    if boxes.shape[-1] != 4:
        raise kernel_error(op, f"bounding boxes must have shape [4] or [*, 4], got "
                           f"{dims(boxes.shape)}")
    if min_covered.ndim:
        raise kernel_error(op, f"min_object_covered must be 0-D, got shape "
                           f"{dims(min_covered.shape)}")
    min_covered = _f32(min_covered)
    if not min_covered >= 0:
        raise kernel_error(op, f"Min object covered must be non-negative: "
                           f"{_float_text(min_covered)}")
    rects = []
    for box in boxes.reshape(-1, 4):
        for v in box:
            if not (v >= 0 and v <= 1):
                raise kernel_error(op, f"All bounding box coordinates must be in [0.0, 1.0]: "
                                   f"{_float_text(v)}")
        rects.append((int(box[1] * _f32(width)), int(box[0] * _f32(height)),
                      int(box[3] * _f32(width)), int(box[2] * _f32(height))))
    image_rect = (0, 0, width, height)
    if not rects:
        if not use_image:
            raise kernel_error(op, "No bounding boxes provided as input. One must enable "
                               "use_image_if_no_bounding_boxes if you wish to not provide "
                               "any bounding boxes.")
        rects.append(image_rect)
    rng = _SimplePhilox(state)
    lo_aspect, hi_aspect = _f32(aspect_range[0]), _f32(aspect_range[1])
    crop = None
    for _ in range(max_attempts):
        aspect = rng.rand_float() * (hi_aspect - lo_aspect) + lo_aspect
        crop = _random_crop(width, height, _f32(area_range[0]), _f32(area_range[1]), aspect,
                            rng)
        if crop is not None and _covers(crop, min_covered, rects):
            break
        crop = None
    x0, y0, x1, y1 = image_rect if crop is None else crop
    dtype = image_size.dtype
    begin = np.array([y0, x0, 0]).astype(dtype)
    size = np.array([y1 - y0, x1 - x0, -1]).astype(dtype)   # (T(-1): wraps for unsigned T)
    bboxes = np.array([[[_f32(y0) / _f32(height), _f32(x0) / _f32(width),
                         _f32(y1) / _f32(height), _f32(x1) / _f32(width)]]], np.float32)
    return begin, size, bboxes


def _float_text(v):
    """A float as TF's StrCat prints it (%g, or 9 digits where 6 do not round-trip)."""
    text = "%.6g" % v
    return text if _f32(text) == _f32(v) else "%.9g" % v


def _traced_fn(state, image_size, boxes, min_covered, **attrs):
    dtype = image_size.dtype
    shapes = (jax.ShapeDtypeStruct((3,), dtype), jax.ShapeDtypeStruct((3,), dtype),
              jax.ShapeDtypeStruct((1, 1, 4), np.float32))

    def host(s, i, b, m):
        return _sample(np.asarray(s), np.asarray(i), np.asarray(b), np.asarray(m), **attrs)
    return jax.pure_callback(keeping_errors(host), shapes, state, image_size, boxes,
                             min_covered)


_OPS = {name: Op(name, _traced_fn, differentiable=False, stateful=stateful)
        for name, stateful in (("SampleDistortedBoundingBoxV2", True),
                               ("StatelessSampleDistortedBoundingBox", False))}


def _attr_checks(op, aspect_ratio_range, area_range, max_attempts):
    """The kernel constructor's checks of its attributes."""
    if len(aspect_ratio_range) != 2:
        raise kernel_error(op, "Aspect ratio range field must specify 2 dimensions")
    if not (aspect_ratio_range[0] > 0 and aspect_ratio_range[1] > 0):
        raise kernel_error(op, f"Aspect ratio range must be non-negative: ["
                           f"{_float_text(aspect_ratio_range[0])}, "
                           f"{_float_text(aspect_ratio_range[1])}]")
    if len(area_range) != 2:
        raise kernel_error(op, "Area range field must specify 2 dimensions")
    if not (area_range[0] > 0 and area_range[1] > 0):
        raise kernel_error(op, f"Area range must be non-negative: [{_float_text(area_range[0])}"
                           f", {_float_text(area_range[1])}]")
    if not (area_range[0] <= 1 and area_range[1] <= 1):
        raise kernel_error(op, f"Area range must be less then or equal to 1.0: ["
                           f"{_float_text(area_range[0])}, {_float_text(area_range[1])}]")
    if max_attempts <= 0:
        raise kernel_error(op, f"Max attempts must be non-negative: {max_attempts}")


def _inputs(op_name, image_size, bounding_boxes, min_object_covered, aspect_ratio_range,
            area_range, max_attempts, use_image_if_no_bounding_boxes):
    """The op's inputs (image_size, boxes, min_object_covered) and attributes, checked."""
    image_size = to_tensor(image_size)
    if not image_size.dtype.is_integer:
        raise TypeError(f"Value passed to parameter 'image_size' has DataType "
                        f"{image_size.dtype.name} not in list of allowed values: uint8, int8, "
                        f"int16, int32, int64")
    boxes = convert_to_tensor(bounding_boxes, dtypes.float32)
    covered = convert_to_tensor(min_object_covered, dtypes.float32)
    aspect = [float(_f32(v)) for v in (aspect_ratio_range or [0.75, 1.33])]
    area = [float(_f32(v)) for v in (area_range or [0.05, 1.0])]
    attempts = 100 if max_attempts is None else int(max_attempts)
    _attr_checks(op_name, aspect, area, attempts)
    attrs = (("area_range", tuple(area)), ("aspect_range", tuple(aspect)),
             ("max_attempts", attempts), ("use_image", bool(use_image_if_no_bounding_boxes)),
             ("op", op_name))
    return (image_size, boxes, covered), attrs


# TF's output namedtuples (gen_image_ops), by op name.
_OUTPUTS = {name: collections.namedtuple(name, ["begin", "size", "bboxes"],
                                         module="tensorflow.python.ops.gen_image_ops")
            for name in _OPS}


def _run(op_name, state, inputs, attrs):
    if executing_eagerly():
        out = _sample(np.asarray(state._value), *(np.asarray(t._value) for t in inputs),
                      **dict(attrs))
        return _OUTPUTS[op_name](*(EagerTensor(jnp.asarray(v)) for v in out))
    return _OUTPUTS[op_name](*execute(_OPS[op_name], (state,) + inputs, attrs))


def sample_distorted_bounding_box(image_size, bounding_boxes, seed=0, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """tf.image.sample_distorted_bounding_box (v2): (begin, size, bboxes)."""
    if seed:
        seed1, seed2 = random_seed.get_seed(seed)
    elif config.is_op_determinism_enabled():
        raise ValueError(
            f"tf.image.sample_distorted_bounding_box requires a non-zero seed to be passed in "
            f"when determinism is enabled, but got seed={seed}. Please pass in a non-zero "
            f"seed, e.g. by passing \"seed=1\".")
    else:
        seed1, seed2 = 0, 0
    op = "SampleDistortedBoundingBoxV2"
    inputs, attrs = _inputs(op, image_size, bounding_boxes, min_object_covered,
                            aspect_ratio_range, area_range, max_attempts,
                            use_image_if_no_bounding_boxes)
    # (TF keeps one kernel, so one stream, per dtype and attributes; a call reserves
    # 4 * max_attempts samples)
    state = random_seed.reserve((op, inputs[0].dtype, attrs), seed1, seed2,
                                dict(attrs)["max_attempts"])
    return _run(op, EagerTensor(jnp.asarray(state)), inputs, attrs)


def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed,
                                            min_object_covered=0.1, aspect_ratio_range=None,
                                            area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    """tf.image.stateless_sample_distorted_bounding_box: (begin, size, bboxes)."""
    op = "StatelessSampleDistortedBoundingBox"
    seed = to_tensor(seed)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Value passed to parameter 'seed' has DataType {seed.dtype.name} not "
                        f"in list of allowed values: int32, int64")
    if seed.ndim != 1 or seed._value.shape[0] != 2:
        raise kernel_error(op, f"seed must have shape [2], not {dims(seed._value.shape)}")
    inputs, attrs = _inputs(op, image_size, bounding_boxes, min_object_covered,
                            aspect_ratio_range, area_range, max_attempts,
                            use_image_if_no_bounding_boxes)
    return _run(op, EagerTensor(philox.scramble(seed._value)), inputs, attrs)

