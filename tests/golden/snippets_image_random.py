"""Golden snippets for tf.image's random augmentations (random_flip_left_right/up_down,
random_brightness/contrast/saturation/hue, random_crop) and their stateless_ twins:
TF's draws value for value (global seed, op seeds, repeated calls, inside tf.function),
3-D and 4-D images, uint8 and float inputs, TF's errors for bad arguments."""
from snippet_registry import Snippets
from snippets_linalg import prelude

SNIPPETS = Snippets()
_r = SNIPPETS.adder(prelude("""
img = tf.reshape(tf.range(2 * 3 * 4 * 3, dtype=tf.float32), [2, 3, 4, 3]) / 72.
img = img * 0.7 + tf.reverse(img, [1]) * 0.3
u8 = tf.cast(tf.reshape(tf.range(2 * 3 * 4 * 3) * 37 % 256, [2, 3, 4, 3]), tf.uint8)
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))


_r("random_flips", """
tf.random.set_seed(7)
for i in range(3):
    S(tf.image.random_flip_left_right(img[0], seed=1))
    S(tf.image.random_flip_up_down(u8[1]))
    S(tf.image.random_flip_left_right(u8))
    S(tf.image.random_flip_up_down(img, seed=5))
tf.random.set_seed(7)
S(tf.image.random_flip_left_right(img[0], seed=1))
x = tf.reshape(tf.range(8 * 2, dtype=tf.int32), [8, 1, 2, 1])
S(tf.image.random_flip_left_right(x, seed=3))
E(lambda: tf.image.random_flip_left_right(tf.zeros([3, 4])))
E(lambda: tf.image.random_flip_up_down(tf.zeros([1, 2, 3, 4, 3])))
E(lambda: tf.image.random_flip_up_down(tf.zeros([0, 2, 3])))
""")
_r("stateless_flips", """
for s in [(1, 2), (2, 3), (0, 0), (-5, 17)]:
    S(tf.image.stateless_random_flip_left_right(img[1], s))
    S(tf.image.stateless_random_flip_up_down(u8, s))
    S(tf.image.stateless_random_flip_left_right(u8, tf.constant(s, tf.int64)))
E(lambda: tf.image.stateless_random_flip_up_down(tf.zeros([3, 4]), (1, 2)))
""")
_r("random_adjustments", """
tf.random.set_seed(11)
for i in range(2):
    S(tf.image.random_brightness(img, 0.3))
    S(tf.image.random_brightness(u8[0], 0.2, seed=4))
    S(tf.image.random_saturation(img, 0.2, 1.8))
    S(tf.image.random_saturation(u8, 0.5, 1.5, seed=2))
    S(tf.image.random_hue(img[0], 0.4, seed=3))
    S(tf.image.random_hue(u8, 0.1))
    S(tf.image.random_contrast(u8, 0.2, 1.8, seed=4))
""")
_r("random_contrast_float", """
tf.random.set_seed(11)
for i in range(2):
    S(tf.image.random_contrast(img, 0.2, 1.8, seed=4))
for s in [(1, 2), (3, 4)]:
    S(tf.image.stateless_random_contrast(img, 0.2, 0.5, s))
""")
_r("stateless_adjustments", """
for s in [(1, 2), (7, -3)]:
    S(tf.image.stateless_random_brightness(img, 0.2, s))
    S(tf.image.stateless_random_brightness(u8, 0.5, s))
    S(tf.image.stateless_random_contrast(u8, 0.2, 0.5, s))
    S(tf.image.stateless_random_saturation(img[0], 0.2, 0.5, s))
    S(tf.image.stateless_random_saturation(u8, 1.2, 3.5, s))
    S(tf.image.stateless_random_hue(img, 0.2, s))
    S(tf.image.stateless_random_hue(u8[1], 0.5, s))
""")
_r("random_adjustment_errors", """
E(lambda: tf.image.random_brightness(img, -0.1))
E(lambda: tf.image.stateless_random_brightness(img, -0.1, (1, 2)))
E(lambda: tf.image.random_contrast(img, 0.5, 0.5))
E(lambda: tf.image.random_contrast(img, -0.5, 0.5))
E(lambda: tf.image.stateless_random_contrast(img, 0.9, 0.5, (1, 2)))
E(lambda: tf.image.random_saturation(img, 1.5, 0.5))
E(lambda: tf.image.stateless_random_saturation(img, -1., 0.5, (1, 2)))
E(lambda: tf.image.random_hue(img, 0.6))
E(lambda: tf.image.random_hue(img, -0.1))
E(lambda: tf.image.stateless_random_hue(img, 0.51, (1, 2)))
E(lambda: tf.image.random_hue(tf.zeros([2, 2, 4]), 0.1))
E(lambda: tf.image.random_saturation(tf.zeros([2, 2]), 0.1, 0.2))
""")
_r("random_crop", """
tf.random.set_seed(3)
for i in range(3):
    S(tf.image.random_crop(u8, [1, 2, 2, 3], seed=2))
    S(tf.image.random_crop(img[0], [2, 3, 1]))
for s in [(1, 2), (9, 9)]:
    S(tf.image.stateless_random_crop(img, [2, 2, 3, 2], s))
    S(tf.image.stateless_random_crop(tf.reshape(tf.range(20), [4, 5]), [2, 2], s))
S(tf.image.random_crop(tf.constant([[1., 2.], [3., 4.]]), [2, 2]))
E(lambda: tf.image.random_crop(tf.zeros([3, 4]), [4, 4]))
E(lambda: tf.image.stateless_random_crop(tf.zeros([3, 4]), [1, 5], (1, 2)))
""")
_r("random_in_function", """
tf.random.set_seed(5)
@tf.function
def f(x, y):
    return (tf.image.random_flip_left_right(x), tf.image.random_flip_up_down(x[0], seed=2),
            tf.image.random_brightness(y, 0.2), tf.image.random_hue(x, 0.3, seed=1),
            tf.image.random_saturation(y, 0.3, 0.9), tf.image.random_crop(x, [2, 2, 2, 3]),
            tf.image.stateless_random_hue(x, 0.3, [1, 2]),
            tf.image.stateless_random_crop(y, [1, 3, 2, 2], [4, 5]))
for i in range(3):
    for t in f(img, u8):
        S(t)
@tf.function
def g(x, s):
    return tf.image.stateless_random_flip_left_right(x, s), tf.image.stateless_random_brightness(x, 0.3, s)
for s in [(1, 2), (2, 1)]:
    for t in g(u8, tf.constant(s)):
        S(t)
""")
_r("random_crop_in_function_error", """
@tf.function
def f(x):
    return tf.image.random_crop(x, [4, 4], seed=1)
try:
    f(tf.zeros([3, 4]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, [l for l in e.message.splitlines() if 'assertion' in l])
""")
_r("random_adjust_gradients", """
tf.random.set_seed(1)
G(lambda x: tf.image.random_brightness(x, 0.3, seed=2) * tf.range(3.), img)
G(lambda x: tf.image.random_flip_left_right(x, seed=2) * tf.range(4.)[:, None], img)
G(lambda x: tf.image.stateless_random_crop(x, [1, 2, 2, 2], (1, 2)) * 3., img)
E(lambda: G(lambda x: tf.image.random_hue(x, 0.3), img))
E(lambda: G(lambda x: tf.image.stateless_random_saturation(x, 0.3, 0.9, (1, 2)), img))
""")

_r("sample_distorted_bounding_box", """
tf.random.set_seed(3)
bb = tf.constant([[[0.1, 0.2, 0.5, 0.9], [0.3, 0.3, 0.4, 0.35]]])
def P(out):
    for t in out:
        S(t)
for i in range(3):
    P(tf.image.sample_distorted_bounding_box([480, 640, 3], bb, seed=5, min_object_covered=0.3))
    P(tf.image.sample_distorted_bounding_box(tf.constant([37, 23, 1], tf.int64), bb, seed=2,
                                             area_range=[0.1, 0.9],
                                             aspect_ratio_range=[0.5, 2.0], max_attempts=7))
    P(tf.image.sample_distorted_bounding_box(tf.constant([5, 4, 3], tf.uint8), bb[:, :1], seed=1,
                                             min_object_covered=1.0, max_attempts=3))
for s in [(1, 2), (3, 4), (-1, 9)]:
    P(tf.image.stateless_sample_distorted_bounding_box([100, 200, 3], bb, s,
                                                       min_object_covered=0.5))
    P(tf.image.stateless_sample_distorted_bounding_box(
        [10, 7, 3], tf.zeros([1, 0, 4]), tf.constant(s, tf.int64),
        use_image_if_no_bounding_boxes=True, area_range=(0.3, 1.0)))
    P(tf.image.stateless_sample_distorted_bounding_box([1000, 3, 1], bb, s, min_object_covered=0.,
                                                       aspect_ratio_range=[2.5, 3.]))
""")
_r("sample_distorted_bounding_box_in_function", """
tf.random.set_seed(4)   # (its own global seed: not one an earlier snippet set)
bb = tf.constant([[[0.1, 0.2, 0.5, 0.9]]])
@tf.function
def f(x):
    b, s, box = tf.image.sample_distorted_bounding_box(tf.shape(x), bb, seed=9)
    c = tf.image.stateless_sample_distorted_bounding_box(tf.shape(x), bb, [5, 6])
    return b, s, box, c
x = tf.reshape(tf.range(20 * 30 * 2), [20, 30, 2])
for i in range(3):
    b, s, box, c = f(x)
    S(b), S(s), S(box)
    print([t.numpy().tolist() for t in c])
    print(tf.slice(x, b, s).shape)
""")
_r("sample_distorted_bounding_box_errors", """
bb = tf.constant([[[0.1, 0.2, 0.5, 0.9]]])
sd = tf.image.stateless_sample_distorted_bounding_box
E(lambda: sd([10, 10, 3], [[[0.1, 0.2, 1.5, 0.9]]], (1, 2)))
E(lambda: sd([10, 10, 3], [[[0.1, -0.2, 0.5, 0.9]]], (1, 2)))
E(lambda: sd([10, 10, 3], tf.zeros([1, 0, 4]), (1, 2)))
E(lambda: sd([10, 10, 3], bb, (1, 2), area_range=[0., 1.]))
E(lambda: sd([10, 10, 3], bb, (1, 2), area_range=[0.5, 1.5]))
E(lambda: sd([10, 10, 3], bb, (1, 2), area_range=[0.5]))
E(lambda: sd([10, 10, 3], bb, (1, 2), aspect_ratio_range=[-1., 1.]))
E(lambda: sd([10, 10, 3], bb, (1, 2), max_attempts=0))
E(lambda: sd([10, 10, 3], bb, (1, 2), min_object_covered=-0.5))
E(lambda: sd([10, 10], bb, (1, 2)))
E(lambda: sd([[10, 10, 3]], bb, (1, 2)))
E(lambda: sd([10, 10, 3], bb[0], (1, 2)))
E(lambda: sd([10, 10, 3], tf.zeros([1, 2, 3]), (1, 2)))
E(lambda: sd([10, 10, 3], bb, (1, 2, 3)))
E(lambda: sd([10, 10, 3], bb, (1, 2), min_object_covered=[0.1]))
E(lambda: tf.image.sample_distorted_bounding_box([10, 10, 3], bb, seed=1, max_attempts=-1))
""")

# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why.

from harness import Tolerance

TOLERANCE = {
    'random_contrast_float': Tolerance(
        "tf.image.adjust_contrast (image_ops): TF's AdjustContrastv2 CPU kernel sums each "
        "channel by halving folds and scales by 1.0f / pixels; XLA's mean differs by an "
        "ulp", rtol=1e-06),
}
