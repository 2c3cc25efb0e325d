"""Golden snippets for tf.image's colour adjustments and conversions (adjust_hue,
adjust_saturation, adjust_gamma, rgb_to_yiq/yiq_to_rgb, rgb_to_yuv/yuv_to_rgb) and
metrics (total_variation, psnr, image_gradients): values for every hue sector and
edge colour, dtypes, 3-D and 4-D images, inside tf.function, gradients, TF's errors."""
from snippet_registry import Snippets
from snippets_linalg import prelude

SNIPPETS = Snippets()
_c = SNIPPETS.adder(prelude("""
rng = np.random.RandomState(0)
px = rng.uniform(-0.2, 1.2, size=(6, 7, 3)).astype(np.float32)
edge = np.array([[0., 0., 0.], [1., 1., 1.], [.5, .5, .2], [.2, .5, .5], [.5, .2, .5],
                 [.5, .5, .5], [1., 0., 0.], [0., 1., 0.], [0., 0., 1.], [.3, .6, .6],
                 [.6, .3, .3], [.3, .3, .6], [.6, .6, .3], [.3, .6, .3], [.6, .3, .6],
                 [np.inf, 0., 1.], [np.nan, .5, .5], [.5, np.nan, .2], [.1, .3, np.nan],
                 [-1., -2., -3.]], np.float32)
img = tf.constant(np.concatenate([px, edge[None, :7], edge[None, 7:14]]))
batch = tf.stack([img, img[::-1] * 0.5])
u8 = tf.cast(tf.clip_by_value(img, 0., 1.) * 255., tf.uint8)
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))


_c("adjust_hue_values", """
for d in [-1.0, -0.7, -0.2, 0.0, 0.13, 0.5, 0.9, 1.0]:
    S(tf.image.adjust_hue(img, d))
S(tf.image.adjust_hue(tf.constant(edge[None]), 0.3))
S(tf.image.adjust_hue(batch, tf.constant(0.25)))
""")
_c("adjust_hue_dtypes", """
S(tf.image.adjust_hue(u8, 0.3))
S(tf.image.adjust_hue(tf.cast(u8, tf.int32), -0.4))
S(tf.image.adjust_hue(tf.cast(img, tf.float64), 0.2))
S(tf.image.adjust_hue(tf.zeros([0, 2, 3]), 0.2))
E(lambda: tf.image.adjust_hue(tf.cast(img, tf.float16), 0.2))
E(lambda: tf.image.adjust_hue(tf.zeros([3, 4]), 0.1))
E(lambda: tf.image.adjust_hue(tf.zeros([3, 4, 2]), 0.1))
E(lambda: tf.image.adjust_hue(img, 1.1))
E(lambda: tf.image.adjust_hue(img, -1.5))
E(lambda: tf.image.adjust_hue(img, [0.1, 0.2]))
""")
_c("adjust_saturation_values", """
for f in [0.0, 0.3, 1.0, 1.7, 5.0, -1.0]:
    S(tf.image.adjust_saturation(img, f))
S(tf.image.adjust_saturation(tf.constant(edge[None]), 0.6))
S(tf.image.adjust_saturation(batch, tf.constant(2.5)))
S(tf.image.adjust_saturation(u8, 0.5))
S(tf.image.adjust_saturation(tf.cast(img, tf.float64), 1.5))
E(lambda: tf.image.adjust_saturation(tf.cast(img, tf.float16), 0.2))
E(lambda: tf.image.adjust_saturation(tf.zeros([3, 4]), 0.1))
E(lambda: tf.image.adjust_saturation(tf.zeros([3, 4, 1]), 0.1))
""")
_c("adjust_in_function_and_gradients", """
@tf.function
def f(x, d):
    return tf.image.adjust_hue(x, d), tf.image.adjust_saturation(x, d * 4.), tf.image.adjust_hue(x, 3.)
for d in [0.2, -0.6]:
    for t in f(img, tf.constant(d)):
        S(t)
E(lambda: G(lambda x: tf.image.adjust_hue(x, 0.2), img))
E(lambda: G(lambda x: tf.image.adjust_saturation(x, 0.2), img))
""")
_c("adjust_gamma", """
x = tf.clip_by_value(img, 0., 1.)
S(tf.image.adjust_gamma(x, 2.0))
S(tf.image.adjust_gamma(x, 1, 2))
S(tf.image.adjust_gamma(u8, 2.0, 1.5))
S(tf.image.adjust_gamma(tf.cast(x, tf.float64), 0.5, 0.5))
S(tf.image.adjust_gamma(tf.cast(x, tf.float16), 3.0))
S(tf.image.adjust_gamma(x, 0))
E(lambda: tf.image.adjust_gamma(x, -1.))
E(lambda: tf.image.adjust_gamma(x, tf.constant(-1.)))
G(lambda v: tf.image.adjust_gamma(v, 2.0, 1.5), x)
@tf.function
def f(v):
    return tf.image.adjust_gamma(v, 3.0, 0.25)
S(f(x))
""")
_c("adjust_gamma_pow", """
x = tf.clip_by_value(img, 0., 1.)
S(tf.image.adjust_gamma(x, 0.2))
S(tf.image.adjust_gamma(batch, 2.2, 1.3))
G(lambda v: tf.image.adjust_gamma(v, 0.5), x + 0.5)
""")
_c("yiq_yuv", """
for f in [tf.image.rgb_to_yiq, tf.image.yiq_to_rgb, tf.image.rgb_to_yuv, tf.image.yuv_to_rgb]:
    S(f(img))
    S(f(tf.cast(batch, tf.float64)))
    S(f(tf.constant([0.2, 0.4, 0.6])))
    S(tf.function(f)(batch))
    G(lambda v: f(v) * tf.constant([1., 2., 3.]), img)
S(tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(img)))
E(lambda: tf.image.rgb_to_yiq(tf.constant([[1, 2, 3]])))
E(lambda: tf.image.rgb_to_yiq(tf.zeros([2, 4])))
E(lambda: tf.image.rgb_to_yuv(u8))
""")
_c("total_variation", """
S(tf.image.total_variation(img))
S(tf.image.total_variation(batch))
S(tf.image.total_variation(tf.cast(u8, tf.int32)))
S(tf.image.total_variation(tf.cast(batch, tf.float64)))
S(tf.function(tf.image.total_variation)(batch))
G(lambda v: tf.image.total_variation(v), tf.clip_by_value(img, 0., 1.))
E(lambda: tf.image.total_variation(tf.zeros([2, 3])))
E(lambda: tf.image.total_variation(u8))
""")
_c("psnr", """
b = tf.clip_by_value(batch, 0., 1.)
S(tf.image.psnr(b, b[::-1], 1.0))
S(tf.image.psnr(b[0], b[1], 2.0))
S(tf.image.psnr(b, b, 1.0))
S(tf.image.psnr(tf.cast(b * 255, tf.uint8), tf.cast(b[::-1] * 255, tf.uint8), 255))
S(tf.image.psnr(tf.cast(b, tf.float64), tf.cast(b[::-1], tf.float64), 1.0))
@tf.function
def f(x, y):
    return tf.image.psnr(x, y, 1.0)
S(f(b, b * 0.5))
G(lambda x, y: tf.image.psnr(x, y, 1.0), b, b * 0.5)
E(lambda: tf.image.psnr(tf.zeros([2, 3, 3]), tf.zeros([2, 4, 3]), 1.0))
""")
_c("image_gradients", """
x = tf.reshape(tf.range(2 * 4 * 5 * 2, dtype=tf.float32) * 1.37 % 7., [2, 4, 5, 2])
for t in tf.image.image_gradients(x):
    S(t)
for t in tf.image.image_gradients(tf.cast(x, tf.int32)):
    S(t)
for t in tf.function(tf.image.image_gradients)(batch):
    S(t)
G(lambda v: tf.image.image_gradients(v)[0] * tf.range(5.)[:, None], x)
E(lambda: tf.image.image_gradients(img))
""")

_c("yiq_yuv_forward_mode", """
def fw(x, t, f):
    with tf.autodiff.ForwardAccumulator(x, t) as acc:
        y = f(x)
    S(acc.jvp(y))
x = tf.clip_by_value(img, 0., 1.)
fw(x, tf.ones_like(x) * 0.3, tf.image.rgb_to_yiq)
fw(x, x, tf.image.yuv_to_rgb)
fw(tf.cast(x, tf.float64), tf.cast(x, tf.float64), tf.image.rgb_to_yuv)
""")

# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why.

from harness import Tolerance

_LOG_POW = ("tf.math.log / tf.pow float32: XLA's log and pow differ from the glibc/Eigen "
            "ones TF calls by an ulp")

TOLERANCE = {
    'adjust_gamma': Tolerance(_LOG_POW, rtol=1e-06),
    'adjust_gamma_pow': Tolerance(_LOG_POW, rtol=1e-06),
    'psnr': Tolerance(_LOG_POW, rtol=1e-06),
}
