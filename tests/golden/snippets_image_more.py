"""Golden snippets for tf.image.adjust_jpeg_quality, random_jpeg_quality and
stateless_random_jpeg_quality: TF's JPEG round trip at each quality bit for bit (uint8,
float and other dtypes, gray and RGB, sizes off the 8 / 16 pixel blocks), the seeded
quality draws, eagerly and inside tf.function, TF's errors for bad arguments."""
from snippet_registry import Snippets
from snippets_linalg import prelude

SNIPPETS = Snippets()
_s = SNIPPETS.adder(prelude("""
rgb = tf.cast(tf.reshape(tf.range(13 * 19 * 3) * 37 % 251, [13, 19, 3]), tf.uint8)
gray = tf.cast(tf.reshape(tf.range(9 * 17) * 53 % 256, [9, 17, 1]), tf.uint8)
flt = tf.reshape(tf.range(6 * 7 * 3, dtype=tf.float32), [6, 7, 3]) / 130. - 0.1
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))

_s("adjust_jpeg_quality_uint8", """
for q in [0, 1, 10, 25, 50, 75, 90, 95, 100]:
    S(tf.image.adjust_jpeg_quality(rgb, q))
    S(tf.image.adjust_jpeg_quality(gray, q))
S(tf.image.adjust_jpeg_quality(rgb, tf.constant(60), dct_method="INTEGER_ACCURATE"))
S(tf.image.adjust_jpeg_quality(rgb[:1, :1], 80))
S(tf.image.adjust_jpeg_quality(tf.Variable(gray), tf.Variable(33)))
""")
_s("adjust_jpeg_quality_dtypes", """
S(tf.image.adjust_jpeg_quality(flt, 75))
S(tf.image.adjust_jpeg_quality(tf.cast(flt, tf.float64), 40))
S(tf.image.adjust_jpeg_quality(tf.cast(flt, tf.float16), 95))
S(tf.image.adjust_jpeg_quality(tf.cast(rgb, tf.int32) * 1000000, 85))
S(tf.image.adjust_jpeg_quality(tf.cast(gray, tf.uint16) * 200, 70))
G(lambda x: tf.image.adjust_jpeg_quality(x, 50), flt)
S(tf.image.adjust_jpeg_quality([[[0.01, 0.02, 0.03], [0.04, 0.05, 0.06]],
                                [[0.07, 0.08, 0.09], [0.10, 0.11, 0.12]]], 75))
""")
_s("adjust_jpeg_quality_function", """
@tf.function
def f(x, q):
    return tf.image.adjust_jpeg_quality(x, q)
S(f(rgb, 30))
S(f(rgb, tf.constant(31)))
S(f(flt, tf.constant(70)))
@tf.function
def g(x):
    return tf.image.adjust_jpeg_quality(x, 45)
S(g(gray))
out = g.get_concrete_function(tf.TensorSpec([None, None, 3], tf.uint8)).structured_outputs
print(out.shape, out.dtype)
for bad in [lambda: f(rgb, tf.constant(101)), lambda: g(tf.zeros([2, 3, 2], tf.uint8))]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, "must be" in e.message)
""")
_s("adjust_jpeg_quality_errors", """
E(lambda: tf.image.adjust_jpeg_quality(rgb, 101))
E(lambda: tf.image.adjust_jpeg_quality(rgb, -1))
E(lambda: tf.image.adjust_jpeg_quality(tf.zeros([2, 3, 2], tf.uint8), 50))
E(lambda: tf.image.adjust_jpeg_quality(tf.zeros([0, 3, 3], tf.uint8), 50))
E(lambda: tf.image.adjust_jpeg_quality(tf.zeros([2, 2, 3, 3], tf.uint8), 50))
E(lambda: tf.image.adjust_jpeg_quality(tf.zeros([3, 3], tf.uint8), 50))
E(lambda: tf.image.adjust_jpeg_quality(rgb, tf.constant([50])))
E(lambda: tf.image.adjust_jpeg_quality(rgb, 50.0))
E(lambda: tf.image.adjust_jpeg_quality(rgb, tf.constant(50, tf.int64)))
E(lambda: tf.image.adjust_jpeg_quality(rgb, 50, dct_method="BAD"))
E(lambda: tf.image.adjust_jpeg_quality(rgb, 101, dct_method="BAD"))
""")
_s("random_jpeg_quality", """
tf.random.set_seed(5)
for i in range(3):
    S(tf.image.random_jpeg_quality(rgb, 10, 90))
    S(tf.image.random_jpeg_quality(flt, 0, 100, seed=3))
tf.random.set_seed(5)
S(tf.image.random_jpeg_quality(rgb, 10, 90))
E(lambda: tf.image.random_jpeg_quality(rgb, 50, 50))
E(lambda: tf.image.random_jpeg_quality(rgb, -1, 50))
E(lambda: tf.image.random_jpeg_quality(rgb, 5, 101))
""")
_s("random_jpeg_quality_function", """
tf.random.set_seed(9)
@tf.function
def f(x):
    return tf.image.random_jpeg_quality(x, 20, 80, seed=4)
for i in range(3):
    S(f(gray))
""")
_s("stateless_random_jpeg_quality", """
for s in [(1, 2), (3, 4), (0, 0), (-7, 12)]:
    S(tf.image.stateless_random_jpeg_quality(rgb, 5, 95, s))
    S(tf.image.stateless_random_jpeg_quality(flt, 50, 51, tf.constant(s, tf.int64)))
@tf.function
def f(x, s):
    return tf.image.stateless_random_jpeg_quality(x, 0, 100, s)
S(f(gray, tf.constant([4, 5])))
E(lambda: tf.image.stateless_random_jpeg_quality(rgb, 50, 40, (1, 2)))
E(lambda: tf.image.stateless_random_jpeg_quality(rgb, 5, 101, (1, 2)))
""")

_g = SNIPPETS.adder(prelude("""
x = tf.reshape(tf.range(2 * 7 * 9 * 2, dtype=tf.float32), [2, 7, 9, 2])
eg = tf.image.extract_glimpse
OFFSETS = [[0., 0.], [0.3, -0.2], [-1., 1.], [0.11, 0.93], [2., -3.], [-0.5, 0.5],
           [0.1428, 0.2222], [0.7, 0.25], [-0.99, -0.999]]
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))

_g("extract_glimpse_zero_noise", """
for off in OFFSETS:
    o = tf.constant([off, off[::-1]])
    for c, n in [(True, True), (True, False), (False, True), (False, False)]:
        S(eg(x, [3, 4], o, centered=c, normalized=n, noise='zero'))
        S(eg(x, [2, 5], o * 5, centered=c, normalized=n, noise='zero'))
S(eg(x, [20, 2], [[0., 0.], [0., 0.]], noise='zero'))
S(eg(x, [9, 12], [[0.1, -0.3], [0., 0.]], noise='zero'))
S(eg(x, [0, 2], [[0., 0.], [0., 0.]], noise='zero'))
S(eg(x, [2, 2], [[np.nan, 0.], [0., np.inf]], noise='zero'))
S(eg(x, [2, 2], [[1e10, 0.], [0., -1e10]], noise='zero'))
S(eg(tf.zeros([2, 0, 3, 1]), [2, 2], [[0., 0.], [0., 0.]], noise='zero'))
S(eg(tf.zeros([0, 3, 3, 1]), [2, 2], tf.zeros([0, 2]), noise='zero'))
S(eg(x[:, :3, :3], tf.constant([3, 3]), tf.Variable([[0., 0.], [0.1, 0.1]]), noise='zero'))
""")
_g("extract_glimpse_noise", """
# the noise is random in TF: the window's part inside the image is exact, the rest in range
for noise in ['uniform', 'gaussian', '']:
    r = eg(x, [6, 6], tf.constant([[0.5, 0.5], [0., 0.]]), noise=noise).numpy()
    print(r.shape, r.dtype, r[0, :5].tolist(), r[1].tolist())
    lo = x.numpy()[0].min(axis=(0, 1) if noise != 'uniform' else None)
    hi = x.numpy()[0].max(axis=(0, 1) if noise != 'uniform' else None)
    print(bool(np.all(r[0, 5] >= lo)), bool(np.all(r[0, 5] <= hi)))
print(eg(x, [6, 6], tf.constant([[0.5, 0.5], [0., 0.]])).numpy()[1].tolist())
""")
_g("extract_glimpse_function", """
@tf.function
def f(a, o):
    return eg(a, [3, 2], o, noise='zero')
S(f(x, tf.constant([[0.2, 0.1], [-0.4, 0.6]])))
S(f(x, tf.constant([[-0.9, 0.7], [0.4, -0.6]])))
@tf.function
def g(a, o):
    return eg(a, [3, 2], o, centered=False, normalized=False)[:, :1, :1]
S(g(x, tf.constant([[0., 1.], [2., 3.]])))
""")
_g("extract_glimpse_errors", """
with tf.GradientTape() as t:
    t.watch(x)
    y = eg(x, [2, 2], [[0., 0.], [0., 0.]])
E(lambda: t.gradient(y, x))
E(lambda: eg(tf.cast(x, tf.int32), [2, 2], [[0., 0.], [0., 0.]]).shape)
E(lambda: eg(x, [2, 2], [[0., 0.]]))
E(lambda: eg(x, [2, 2], [[0., 0., 0.], [0., 0., 0.]]))
E(lambda: eg(x, [2, 2, 2], [[0., 0.], [0., 0.]]))
E(lambda: eg(x, [2, 2], [[0., 0.], [0., 0.]], noise='bad'))
E(lambda: eg(x[0], [2, 2], [[0., 0.], [0., 0.]]))
E(lambda: eg(x, [-1, 2], [[0., 0.], [0., 0.]], noise='zero'))
E(lambda: eg(x, [2., 2.], [[0., 0.], [0., 0.]], noise='zero'))
E(lambda: eg(x, [2, 2], [0., 0.]))
E(lambda: eg(x[0], [2, 2], [0., 0.], noise='bad'))
E(lambda: eg(x, tf.constant([2, 2], tf.int64), [[0., 0.], [0., 0.]]).shape)
""")

_m = SNIPPETS.adder(prelude("""
rng = np.random.RandomState(0)
a = rng.rand(2, 181, 173, 3).astype(np.float32)
b = np.clip(a + rng.randn(*a.shape).astype(np.float32) * 0.1, 0, 1)
def P(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))

_m("ssim_multiscale", """
P(tf.image.ssim_multiscale(a, b, 1.0))
P(tf.image.ssim_multiscale(a[0], b[0], 1.0, power_factors=(0.3, 0.7), filter_size=7))
P(tf.image.ssim_multiscale((a * 255).astype(np.uint8), (b * 255).astype(np.uint8), 255))
P(tf.image.ssim_multiscale(a[None, :, :40, :50], b[:, :40, :50], 1.0, filter_size=3,
                           filter_sigma=0.8, k1=0.02, k2=0.05))
P(tf.image.ssim_multiscale(a[:1, :48, :48], a[:1, :48, :48], 1.0, filter_size=3))
P(tf.image.ssim(a[:, :30, :31], b[:, :30, :31], 1.0))
""")
_m("ssim_multiscale_function_gradient", """
@tf.function
def f(x, y):
    return tf.image.ssim_multiscale(x, y, 1.0, filter_size=5)
P(f(a[:, :90, :85], b[:, :90, :85]))
x = tf.constant(a[:1, :64, :64])
y = tf.constant(b[:1, :64, :64])
with tf.GradientTape() as t:
    t.watch(x)
    s = tf.image.ssim_multiscale(x, y, 1.0, filter_size=3)
P(s)
P(t.gradient(s, x)[0, :4, :4])
""")
_m("ssim_multiscale_errors", """
E(lambda: tf.image.ssim_multiscale(a[:, :100, :100], b[:, :100, :100], 1.0))
E(lambda: tf.image.ssim(a[:, :7, :12], b[:, :7, :12], 1.0))
E(lambda: tf.image.ssim_multiscale(a, b[:, :180], 1.0))
E(lambda: tf.image.ssim_multiscale(a[0, 0], b[0, 0], 1.0))
""")

from harness import Tolerance  # noqa: E402

_SSIM = ("MS-SSIM: TF's float32 depthwise convolutions (oneDNN) sum each window in another "
         "order than XLA's, and cs = (num1 - num0 + c2) / (den1 - den0 + c2) cancels")

TOLERANCE = {
    'ssim_multiscale': Tolerance(_SSIM, rtol=2e-5),
    'ssim_multiscale_function_gradient': Tolerance(_SSIM, rtol=5e-4, atol=2e-8),
}
