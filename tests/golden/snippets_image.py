"""Golden snippets for tf.image (issue 4): resize (every supported method, antialias,
preserve_aspect_ratio, dtypes, gradients), convert_image_dtype, flips and rotations,
brightness/contrast, standardization, crops and pads, grayscale."""
from snippet_registry import Snippets
from snippets_linalg import prelude

SNIPPETS = Snippets()
_s = SNIPPETS.add
_i = SNIPPETS.adder(prelude("""
img = tf.reshape(tf.range(48.), [4, 4, 3]) * 5.
img = img % 17. + tf.reshape(tf.range(48.), [4, 4, 3]) / 7.
batch = tf.stack([img, 50. - img])
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))


_i("resize_methods", """
for m in ['bilinear', 'nearest', 'bicubic', 'area', 'lanczos3', 'lanczos5']:
    for size in [[7, 5], [3, 2], [1, 9]]:
        print(m, size)
        S(tf.image.resize(img, size, method=m))
""")
_i("resize_antialias", """
for m in ['bilinear', 'bicubic', 'lanczos3', 'nearest', 'area']:
    for size in [[2, 3], [7, 5]]:
        print(m, size)
        S(tf.image.resize(batch, size, method=m, antialias=True))
""")
_i("resize_dtypes_batch_options", """
u8 = tf.cast(img * 3, tf.uint8)
for m in ['bilinear', 'nearest', 'bicubic', 'area']:
    S(tf.image.resize(u8, [3, 5], method=m))
    S(tf.image.resize(tf.cast(img, tf.float64), [5, 3], method=m))
    S(tf.image.resize(tf.cast(img, tf.int32), [2, 2], method=m))
S(tf.image.resize(tf.cast(img, tf.float16), [3, 3]))
S(tf.image.resize(batch, [6, 2]))
S(tf.image.resize(batch, [6, 2], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR))
S(tf.image.resize(batch, [3, 3], method=tf.image.ResizeMethod.BICUBIC))
S(tf.image.resize(batch, [8, 6], preserve_aspect_ratio=True))
S(tf.image.resize(tf.ones([2, 6, 1]), [5, 5], preserve_aspect_ratio=True))
S(tf.image.resize(tf.ones([6, 2, 1]), [4, 10], preserve_aspect_ratio=True, method='nearest'))
S(tf.image.resize(tf.zeros([0, 4, 4, 3]), [2, 2]))
S(tf.image.resize(img, tf.constant([3, 2])))
print(tf.image.ResizeMethod.BILINEAR, tf.image.ResizeMethod.AREA, tf.image.ResizeMethod.LANCZOS3)
E(lambda: tf.image.resize(tf.ones([4, 4]), [2, 2]))
E(lambda: tf.image.resize(tf.ones([1, 1, 4, 4, 1]), [2, 2]))
E(lambda: tf.image.resize(img, [2, 2, 2]))
E(lambda: tf.image.resize(img, [2, 2], method='cubic'))
E(lambda: tf.image.resize(img, [0, 2]))
E(lambda: tf.image.resize(img, [2, -1], method='nearest'))
E(lambda: tf.image.resize(img, [0, 2], method='area'))
""")
_i("resize_gradients", """
for m in ['bilinear', 'nearest', 'bicubic', 'lanczos3']:
    G(lambda x: tf.image.resize(x, [3, 5], method=m) * tf.reshape(tf.range(15.), [3, 5, 1]),
      np.arange(16., dtype=np.float32).reshape(4, 4, 1))
G(lambda x: tf.image.resize(x, [2, 3], antialias=True) * tf.reshape(tf.range(6.), [2, 3, 1]),
  np.arange(16., dtype=np.float32).reshape(4, 4, 1))
G(lambda x: tf.image.resize(x, [2, 6]), np.arange(8.).reshape(1, 2, 4, 1))
""")
_i("convert_image_dtype", """
f = tf.constant([[0., 0.25, 0.5, 0.999, 1., 1.5, -0.5]])
for d in [tf.uint8, tf.int8, tf.uint16, tf.int16, tf.int32]:
    E(lambda: tf.image.convert_image_dtype(f, d))
    E(lambda: tf.image.convert_image_dtype(f, d, saturate=True))
u = tf.constant([[0, 1, 127, 128, 255]], tf.uint8)
for d in [tf.float32, tf.float64, tf.float16, tf.int8, tf.uint16, tf.int32, tf.int64, tf.uint8]:
    E(lambda: tf.image.convert_image_dtype(u, d))
E(lambda: tf.image.convert_image_dtype(tf.constant([-32768, -1, 0, 1, 32767], tf.int16), tf.uint8, saturate=True))
E(lambda: tf.image.convert_image_dtype(tf.constant([-32768, -1, 0, 1, 32767], tf.int16), tf.int8))
E(lambda: tf.image.convert_image_dtype(tf.constant([0, 2**31 - 1], tf.int32), tf.uint8))
E(lambda: tf.image.convert_image_dtype(tf.constant([0, 200], tf.uint8), tf.int8, saturate=True))
E(lambda: tf.image.convert_image_dtype(tf.constant([0.5], tf.float64), tf.float32))
E(lambda: tf.image.convert_image_dtype(tf.constant([0.5]), 'float16'))
E(lambda: tf.image.convert_image_dtype(tf.constant([True]), tf.float32))
E(lambda: tf.image.convert_image_dtype(f, tf.bool))
G(lambda x: tf.image.convert_image_dtype(x, tf.float64) * 3., np.array([0.5, 1.], np.float32))
G(lambda x: tf.image.convert_image_dtype(x, tf.float32) * 3., np.array([0.5, 1.], np.float32))
""")
_i("flips_rotations", """
x = tf.reshape(tf.range(12), [2, 3, 2])
for f in [tf.image.flip_left_right, tf.image.flip_up_down, tf.image.transpose]:
    S(f(x))
    S(f(tf.stack([x, -x])))
for k in [0, 1, 2, 3, 4, -1, 6]:
    S(tf.image.rot90(x, k))
S(tf.image.rot90(tf.stack([x, -x]), 1))
S(tf.image.rot90(tf.cast(x, tf.float32), tf.constant(3)))
for f in [tf.image.flip_left_right, tf.image.flip_up_down, tf.image.transpose, tf.image.rot90,
          tf.image.per_image_standardization]:
    E(lambda: f(tf.ones([2, 3])))
    E(lambda: f(tf.ones([2, 0, 3])))
E(lambda: tf.image.flip_left_right(tf.ones([1, 1, 2, 2, 1])))
E(lambda: tf.image.rot90(tf.ones([1, 1, 2, 2, 1])))
G(lambda v: tf.image.flip_left_right(v) * tf.reshape(tf.range(6.), [1, 3, 2]), np.ones([1, 3, 2], np.float32))
G(lambda v: tf.image.rot90(v) * tf.reshape(tf.range(6.), [3, 1, 2]), np.arange(6., dtype=np.float32).reshape(1, 3, 2))
G(lambda v: tf.image.transpose(v)[0, 0, 0], np.ones([1, 3, 2], np.float32))
""")
_i("brightness_contrast_standardize", """
u = tf.constant([[[0], [100], [250]]], tf.uint8)
for d in [0.1, -0.2, 0.5]:
    E(lambda: tf.image.adjust_brightness(u, d))
    E(lambda: tf.image.adjust_brightness(tf.image.convert_image_dtype(u, tf.float32), d))
E(lambda: tf.image.adjust_brightness(tf.constant([[[0.5]]], tf.float64), 0.25))
E(lambda: tf.image.adjust_brightness(tf.constant([[[0.5]]], tf.float16), 0.25))
S(tf.image.adjust_contrast(img, 2.))
S(tf.image.adjust_contrast(batch, 0.5))
S(tf.image.adjust_contrast(tf.cast(img, tf.uint8), 1.5))
S(tf.image.adjust_contrast(tf.cast(img, tf.float64) / 50., -1.))
S(tf.image.per_image_standardization(img))
S(tf.image.per_image_standardization(batch))
S(tf.image.per_image_standardization(tf.ones([2, 2, 1])))
S(tf.image.per_image_standardization(tf.cast(img, tf.uint8)))
S(tf.image.per_image_standardization(tf.cast(img, tf.float64)))
G(lambda x: tf.image.adjust_brightness(x, 0.5) * 2., np.ones([1, 2, 1], np.float32))
G(lambda x: tf.image.per_image_standardization(x) * tf.reshape(tf.range(4.), [2, 2, 1]),
  np.array([[[1.], [2.]], [[4.], [8.]]], np.float32))
G(lambda x: tf.image.per_image_standardization(x) * tf.reshape(tf.range(4.), [2, 2, 1]),
  np.ones([2, 2, 1], np.float32))
""")
_i("adjust_contrast_gradient_error", """
x = tf.constant([[[1.], [2.]], [[3.], [5.]]])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.image.adjust_contrast(x, 2.)
t.gradient(y, x)
""")
_i("resize_area_gradient_error", """
x = tf.ones([1, 4, 4, 1])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.image.resize(x, [3, 3], method='area')
t.gradient(y, x)
""")
_i("crop_pad", """
x = tf.reshape(tf.range(30), [5, 6, 1])
S(tf.image.crop_to_bounding_box(x, 1, 2, 3, 2))
S(tf.image.crop_to_bounding_box(tf.stack([x, -x]), 0, 0, 5, 6))
S(tf.image.pad_to_bounding_box(tf.ones([2, 2, 1]), 1, 2, 4, 5))
S(tf.image.pad_to_bounding_box(tf.ones([2, 2, 2, 1], tf.uint8), 0, 0, 2, 3))
for th, tw in [(3, 4), (7, 8), (5, 6), (2, 9), (8, 1)]:
    S(tf.image.resize_with_crop_or_pad(x, th, tw))
S(tf.image.resize_with_crop_or_pad(tf.stack([x, -x]), 4, 7))
for fr in [0.5, 1.0, 0.3, 0.99, 0.01]:
    S(tf.image.central_crop(x, fr))
S(tf.image.central_crop(tf.stack([x, -x]), 0.5))
E(lambda: tf.image.crop_to_bounding_box(x, -1, 0, 2, 2))
E(lambda: tf.image.crop_to_bounding_box(x, 0, -1, 2, 2))
E(lambda: tf.image.crop_to_bounding_box(x, 0, 0, 0, 2))
E(lambda: tf.image.crop_to_bounding_box(x, 0, 0, 2, 0))
E(lambda: tf.image.crop_to_bounding_box(x, 4, 0, 2, 2))
E(lambda: tf.image.crop_to_bounding_box(x, 0, 5, 2, 2))
E(lambda: tf.image.crop_to_bounding_box(tf.ones([2, 2]), 0, 0, 1, 1))
E(lambda: tf.image.pad_to_bounding_box(x, -1, 0, 6, 6))
E(lambda: tf.image.pad_to_bounding_box(x, 0, -1, 6, 6))
E(lambda: tf.image.pad_to_bounding_box(x, 0, 1, 5, 6))
E(lambda: tf.image.pad_to_bounding_box(x, 1, 0, 5, 6))
E(lambda: tf.image.pad_to_bounding_box(tf.ones([2, 2]), 0, 0, 3, 3))
E(lambda: tf.image.resize_with_crop_or_pad(x, 0, 2))
E(lambda: tf.image.resize_with_crop_or_pad(x, 2, 0))
E(lambda: tf.image.central_crop(x, 0.))
E(lambda: tf.image.central_crop(x, 1.5))
E(lambda: tf.image.central_crop(tf.ones([2, 2]), 0.5))
G(lambda v: tf.image.crop_to_bounding_box(v, 1, 1, 2, 2) * 3., np.ones([3, 4, 1], np.float32))
G(lambda v: tf.image.pad_to_bounding_box(v, 1, 1, 4, 4) * tf.reshape(tf.range(16.), [4, 4, 1]), np.ones([2, 2, 1], np.float32))
G(lambda v: tf.image.resize_with_crop_or_pad(v, 2, 5) * 2., np.ones([3, 3, 1], np.float32))
G(lambda v: tf.image.central_crop(v, 0.5) * 2., np.ones([4, 4, 1], np.float32))
""")
_i("grayscale", """
S(tf.image.rgb_to_grayscale(img))
S(tf.image.rgb_to_grayscale(batch))
S(tf.image.rgb_to_grayscale(tf.cast(img * 5, tf.uint8)))
S(tf.image.rgb_to_grayscale(tf.cast(img / 50, tf.float64)))
S(tf.image.grayscale_to_rgb(tf.constant([[[1.], [2.]]])))
S(tf.image.grayscale_to_rgb(tf.ones([2, 1, 1, 1], tf.uint8)))
S(tf.image.grayscale_to_rgb(tf.constant([[1], [2]])))
E(lambda: tf.image.grayscale_to_rgb(tf.ones([2, 2, 3])))
E(lambda: tf.image.grayscale_to_rgb(tf.ones([2])))
G(lambda v: tf.image.rgb_to_grayscale(v), np.ones([1, 2, 3], np.float32))
G(lambda v: tf.image.grayscale_to_rgb(v) * tf.constant([1., 2., 3.]), np.ones([1, 2, 1], np.float32))
""")


# ---------------------------------------------------------------------------
_s("resize_bilinear_is_tfs_lerp_bit_for_bit", """
import numpy as np
rng = np.random.default_rng(5)
imgs = tf.constant(rng.random((2, 9, 7, 3)).astype(np.float32))
u8 = tf.constant(rng.integers(0, 256, (1, 5, 6, 2)).astype(np.uint8))
sizes = [[2, 3], [4, 4], [13, 11], [9, 7], [1, 1], [20, 3]]
for size in sizes:
    print(size, tf.image.resize(imgs, size).numpy().tobytes().hex()[:0],
          [float(v) for v in tf.image.resize(imgs, size).numpy().reshape(-1)[::5]])
    print(size, [float(v) for v in tf.image.resize(u8, size).numpy().reshape(-1)])
@tf.function
def f(x):
    return tf.image.resize(x, [5, 4])
print(np.array_equal(f(imgs).numpy(), tf.image.resize(imgs, [5, 4]).numpy()),
      [float(v) for v in f(imgs).numpy().reshape(-1)[::7]])
with tf.GradientTape() as t:
    t.watch(imgs)
    y = tf.image.resize(imgs, [4, 5]) * tf.reshape(tf.range(60, dtype=tf.float32), [1, 4, 5, 3])
print([float(v) for v in t.gradient(y, imgs).numpy().reshape(-1)[::3]])
for shape, size in [((1, 10, 10, 1), [3, 31]), ((1, 4, 4, 2), [9, 13]), ((2, 9, 7, 3), [4, 5])]:
    x = tf.constant(rng.random(shape).astype(np.float32))
    g = tf.constant(rng.standard_normal([shape[0]] + size + [shape[3]]).astype(np.float32))
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.image.resize(x, size)
    print(shape, size, [float(v) for v in t.gradient(y, x, output_gradients=g).numpy().reshape(-1)])
x64 = tf.constant(rng.random((1, 3, 4, 1)))
with tf.GradientTape() as t:
    t.watch(x64)
    y = tf.image.resize(x64, [7, 5]) * 1.37
d = t.gradient(y, x64)
print(d.dtype, d.numpy().reshape(-1).tolist())

@tf.function
def grad_in_function(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.image.resize(x, [5, 11]) * tf.reshape(tf.range(55, dtype=tf.float32), [1, 5, 11, 1])
    return t.gradient(y, x)
print([float(v) for v in grad_in_function(imgs[:1, :, :, :1]).numpy().reshape(-1)])
""")


# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_IMAGE = "image kernels: TF's Eigen float32 resize/adjust arithmetic is ordered differently from XLA's"

TOLERANCE = {
    'brightness_contrast_standardize': Tolerance(_IMAGE, rtol=1e-05),
    'grayscale': Tolerance(_IMAGE, rtol=2e-07),
    'resize_antialias': Tolerance(_IMAGE, rtol=5e-07),
    'resize_dtypes_batch_options': Tolerance(_IMAGE, rtol=5e-07),
    'resize_gradients': Tolerance(_IMAGE, rtol=2e-06),
    'resize_methods': Tolerance(_IMAGE, rtol=1e-06),
}
