"""Golden snippets for the tf.nn and array ops of H3: space_to_batch / batch_to_space,
with_space_to_batch and the atrous convolutions, dilation2d / erosion2d,
max_pool_with_argmax, the fractional pools (TF's seeded pooling sequences), the CTC label
helpers, the convolution backprops and tf.conv, batch_norm_with_global_normalization,
extract_volume_patches, parallel_stack, histogram_fixed_width_bins and the approximate
top-k ops.

Values, dtypes and shapes, eagerly and inside tf.function; gradients through
tf.GradientTape (TF's registered gradients: ties as its kernels break them); TF's errors.
"""
import textwrap

from harness import Tolerance
from snippet_registry import Snippets

SNIPPETS = Snippets()

# E prints a value's repr (each of a tuple's) or the exception; G the gradients of f; F is
# tf.function without AutoGraph (TF cannot convert the lambdas of exec'd snippets).
HELPERS = textwrap.dedent("""
def E(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__, e)
        return
    for t in (r if isinstance(r, (tuple, list)) else [r]):
        print(repr(t))
def G(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    for g in t.gradient(y, xs):
        print(None if g is None else repr(g))
def F(fn):
    return tf.function(fn, autograph=False)
""").lstrip("\n")
_s = SNIPPETS.adder(HELPERS)


# -- space_to_batch / batch_to_space ----------------------------------------------------------

_s("space_to_batch_values", """
x = tf.reshape(tf.range(2 * 4 * 6 * 3.), [2, 4, 6, 3])
y = tf.space_to_batch(x, [2, 3], [[1, 1], [0, 3]])
E(lambda: y)
E(lambda: tf.batch_to_space(y, [2, 3], [[1, 1], [0, 3]]))
E(lambda: tf.space_to_batch_nd(tf.reshape(tf.range(8), [1, 8]), [4], [[0, 0]]))
E(lambda: tf.nn.space_to_batch(tf.reshape(tf.range(16), [1, 4, 4]), [2, 2], [[0, 0], [0, 0]]))
E(lambda: tf.batch_to_space(tf.reshape(tf.range(8), [8, 1, 1]), 2, [[0, 1], [1, 0]]))
E(lambda: tf.space_to_batch(tf.constant([[1., 2.]], tf.float64), tf.constant([2], tf.int64),
                            tf.constant([[1, 1]], tf.int64)))
E(lambda: tf.space_to_batch(tf.constant([[[1], [2]]], tf.uint8), [1], [[0, 0]]))
""")
_s("space_to_batch_gradient_function", """
x = np.arange(2 * 4 * 6 * 3, dtype=np.float32).reshape(2, 4, 6, 3) / 10
G(lambda a: tf.space_to_batch(a, [2, 3], [[1, 1], [0, 3]]) ** 2, x)
G(lambda a: tf.batch_to_space(a, [2, 1], [[1, 0], [0, 1]]) * 3., x)
f = F(lambda a: tf.batch_to_space(tf.space_to_batch(a, [2, 2], [[0, 0], [1, 1]]),
                                             [2, 2], [[0, 0], [1, 1]]))
print(np.array_equal(f(x).numpy(), x))
E(lambda: F(lambda a: tf.space_to_batch(a, [3, 2], [[1, 1], [0, 0]]))(x))
""")
_s("space_to_batch_errors", """
x = tf.reshape(tf.range(16.), [1, 4, 4, 1])
E(lambda: tf.space_to_batch(x, [3, 2], [[0, 0], [0, 0]]))
E(lambda: tf.space_to_batch(x, [2, 2], [[0, 0], [0, -1]]))
E(lambda: tf.space_to_batch(x, [0, 2], [[0, 0], [0, 0]]))
E(lambda: tf.space_to_batch(x, [2, 2], [[0, 0]]))
E(lambda: tf.space_to_batch(x, [[2, 2]], [[0, 0]]))
E(lambda: tf.space_to_batch(x, [2, 2, 2, 2], [[0, 0]] * 4))
E(lambda: tf.space_to_batch(x, [2, 2.], [[0, 0], [0, 0]]))
E(lambda: tf.space_to_batch(x, [2, 2], [[0, 0], [0, 0.]]))
E(lambda: tf.space_to_batch(tf.constant([[True, False]]), [2], [[0, 0]]))
E(lambda: tf.batch_to_space(x, [2, 2], [[0, 0], [0, 0]]))
E(lambda: tf.batch_to_space(tf.zeros([4, 2, 2, 1]), [2, 2], [[0, 0], [0, 5]]))
E(lambda: tf.batch_to_space(tf.zeros([4, 2, 2, 1]), [2, 2], [[0, 0], [0, -1]]))
E(lambda: tf.batch_to_space(tf.zeros([4, 2, 2, 1]), [2, 0], [[0, 0], [0, 0]]))
E(lambda: tf.batch_to_space(tf.constant([[1j], [2j]]), [2], [[0, 0]]))
""")
_s("with_space_to_batch_atrous", """
img = tf.reshape(tf.range(1 * 7 * 6 * 2, dtype=tf.float32) / 10., [1, 7, 6, 2])
w = tf.reshape(tf.range(3 * 2 * 2 * 3, dtype=tf.float32) / 7. - 2., [3, 2, 2, 3])
for pad in ["SAME", "VALID"]:
    for rate in [1, 2, 3]:
        out = tf.nn.atrous_conv2d(img, w, rate, pad)
        E(lambda: out)
        E(lambda: tf.nn.with_space_to_batch(img, [rate, rate], pad,
                                            lambda i, n, p: tf.nn.conv2d(i, w, 1, p),
                                            filter_shape=[3, 2]))
        E(lambda: tf.nn.atrous_conv2d_transpose(out, w, [1, 7, 6, 2], rate, pad))
E(lambda: tf.nn.with_space_to_batch(img, [1, 1], "SAME", lambda i, n, p: (n, p, i.shape)))
E(lambda: tf.nn.with_space_to_batch(img, [2, 3], "VALID", lambda i, n, p: i * 2.))
""")
_s("with_space_to_batch_explicit_nchw", """
img = tf.reshape(tf.range(1 * 7 * 6 * 2, dtype=tf.float32) / 10., [1, 7, 6, 2])
E(lambda: tf.nn.with_space_to_batch(img, [2, 2], [[0, 0], [1, 2], [0, 1], [0, 0]],
                                    lambda i, n, p: (i * 2., print(n, p))[0]))
E(lambda: tf.nn.with_space_to_batch(tf.transpose(img, [0, 3, 1, 2]), [2, 3], "VALID",
                                    lambda i, n, p: i + 1., data_format="NCHW"))
E(lambda: tf.nn.with_space_to_batch(tf.zeros([2, 5, 3, 4]), [3], "VALID",
                                    lambda i, n, p: i[:, :1] + 1., spatial_dims=[2]))
""")
_s("atrous_gradients_function", """
img = np.arange(1 * 7 * 6 * 2, dtype=np.float32).reshape(1, 7, 6, 2) / 10.
w = np.arange(3 * 2 * 2 * 3, dtype=np.float32).reshape(3, 2, 2, 3) / 7. - 2.
G(lambda a, b: tf.nn.atrous_conv2d(a, b, 2, "SAME"), img, w)
G(lambda a, b: tf.nn.atrous_conv2d_transpose(a, b, [1, 7, 6, 2], 2, "SAME"),
  np.ones([1, 7, 6, 3], np.float32), w)
f = F(lambda a, b: tf.nn.atrous_conv2d(a, b, 3, "VALID"))
E(lambda: f(img, w))
""")
_s("with_space_to_batch_errors", """
img = tf.zeros([1, 7, 6, 2])
E(lambda: tf.nn.atrous_conv2d(img, tf.zeros([3, 2, 2, 3]), 0, "SAME"))
E(lambda: tf.nn.atrous_conv2d_transpose(img, tf.zeros([3, 2, 3, 2]), [1, 7, 6, 3], 0, "SAME"))
E(lambda: tf.nn.atrous_conv2d_transpose(img, tf.zeros([3, 2, 3, 2]), [1, 7, 6, 3], 2, "FULL"))
E(lambda: tf.nn.atrous_conv2d_transpose(img, tf.zeros([3, 2, 3, 3]), [1, 7, 6, 3], 2, "SAME"))
E(lambda: tf.nn.atrous_conv2d_transpose(img, tf.zeros([3, 2, 3, 2]), [1, 7, 6, 2], 2, "SAME"))
E(lambda: tf.nn.with_space_to_batch(img, [2, 2], "SAME", lambda i, n, p: i))
E(lambda: tf.nn.with_space_to_batch(img, [2, 0], "VALID", lambda i, n, p: i))
E(lambda: tf.nn.with_space_to_batch(img, [2, 2], "VALID", lambda i, n, p: i,
                                    spatial_dims=[2, 1]))
E(lambda: tf.nn.with_space_to_batch(img, [2, 2], "VALID", lambda i, n, p: i,
                                    spatial_dims=[3, 4]))
E(lambda: tf.nn.with_space_to_batch(img, [2, 2], "FULL", lambda i, n, p: i))
""")


# -- morphology -------------------------------------------------------------------------------

_MORPH = """
x = np.array([[1., 5, 2, 5, 0], [3, 3, 1, 2, 2], [0, 4, 4, 1, 3], [2, 2, 0, 5, 1]]).reshape(1, 4, 5, 1)
x = np.concatenate([x, x[:, ::-1] * 0.5], -1)
f2 = np.array([[0., 0.], [1, 0], [0, 0], [0.5, 0.5]]).reshape(2, 2, 2)
c = tf.constant([1., 2.], tf.float64)
"""
_m = SNIPPETS.adder(HELPERS + textwrap.dedent(_MORPH).lstrip("\n"))
_m("dilation_erosion_values_gradients", """
for pad in ["SAME", "VALID"]:
    for s, r in [(1, 1), (2, 1), (1, 2)]:
        E(lambda: tf.nn.dilation2d(x, f2, [1, s, s, 1], pad, "NHWC", [1, r, r, 1]))
        E(lambda: tf.nn.erosion2d(x.astype(np.float32), f2.astype(np.float32), [1, s, s, 1],
                                  pad, "NHWC", [1, r, r, 1]))
        G(lambda a, b: tf.nn.dilation2d(a, b, [1, s, s, 1], pad, "NHWC", [1, r, r, 1]) * c,
          x, f2)
        G(lambda a, b: tf.nn.erosion2d(a, b, [1, s, s, 1], pad, "NHWC", [1, r, r, 1]) * c,
          x, f2)
f = np.array([[0., 1], [1, 0], [0.5, 0.5]]).reshape(3, 1, 2)
G(lambda a, b: tf.nn.dilation2d(a, b, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]), x, f)
E(lambda: tf.nn.dilation2d(x.astype(np.int32), f2.astype(np.int32), [1, 1, 1, 1], "SAME",
                           "NHWC", [1, 1, 1, 1]))
g = F(lambda a, b: tf.nn.dilation2d(a, b, [1, 2, 1, 1], "SAME", "NHWC", [1, 1, 2, 1]))
E(lambda: g(x, f2))
""")
_m("dilation_errors", """
E(lambda: tf.nn.dilation2d(x, f2, [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, f2, [1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, f2, [2, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, f2, [1, 1, 1, 1], "SAME", "NHWC", [1, 1]))
E(lambda: tf.nn.dilation2d(x, f2, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 2]))
E(lambda: tf.nn.dilation2d(x, f2, [1, 1, 1, 1], "FULL", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x[0], f2, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, f2[0], [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, f2[..., :1], [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, np.zeros([5, 1, 2]), [1, 1, 1, 1], "VALID", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, np.zeros([6, 1, 2]), [1, 1, 1, 1], "VALID", "NHWC", [1, 1, 1, 1]))
E(lambda: tf.nn.dilation2d(x, np.zeros([3, 1, 2]), [1, 1, 1, 1], "VALID", "NHWC", [1, 2, 1, 1]))
E(lambda: tf.nn.dilation2d(x, tf.constant(f2, tf.float32), [1, 1, 1, 1], "SAME", "NHWC",
                           [1, 1, 1, 1]))
E(lambda: tf.nn.erosion2d(x, f2, [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1]))
""")


# -- max_pool_with_argmax ---------------------------------------------------------------------

_POOL = """
x = np.array([[1., 5, 2, 5, 0], [3, 3, 1, 2, 2], [0, 4, 4, 1, 3], [2, 2, 0, 5, 1]]).reshape(1, 4, 5, 1)
x = np.concatenate([x, x[:, ::-1] * 0.5], -1)
x = np.concatenate([x, x[:, :, ::-1] + 1], 0).astype(np.float32)
"""
_p = SNIPPETS.adder(HELPERS + textwrap.dedent(_POOL).lstrip("\n"))
_p("max_pool_with_argmax_values_gradients", """
for pad in ["SAME", "VALID"]:
    for k, s in [(2, 2), (3, 1), (2, 1), ([2, 3], [1, 2])]:
        E(lambda: tf.nn.max_pool_with_argmax(x, k, s, pad))
        E(lambda: tf.nn.max_pool_with_argmax(x, k, s, pad, include_batch_in_index=True)[1])
        y = tf.nn.max_pool_with_argmax(x, k, s, pad)[0]
        w = tf.reshape(tf.range(1., 1. + tf.size(y).numpy(), dtype=tf.float32), y.shape)
        G(lambda a: tf.nn.max_pool_with_argmax(a, k, s, pad)[0] * w, x)
E(lambda: tf.nn.max_pool_with_argmax(x.astype(np.float64), 2, 2, "SAME", output_dtype=tf.int32))
E(lambda: tf.nn.max_pool_with_argmax(x.astype(np.int32), 2, 2, "SAME"))
E(lambda: tf.nn.max_pool_with_argmax(x.astype(np.float16), 2, 2, "SAME"))
E(lambda: F(lambda a: tf.nn.max_pool_with_argmax(a, 2, 1, "SAME",
                                                           include_batch_in_index=True))(x))
""")
_p("max_pool_with_argmax_errors", """
E(lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", output_dtype=tf.float32))
E(lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "FULL"))
E(lambda: tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", data_format="NCHW"))
E(lambda: tf.nn.max_pool_with_argmax(x[0], 2, 2, "SAME"))
E(lambda: tf.nn.max_pool_with_argmax(x, [1, 2, 2, 2], 2, "SAME"))
E(lambda: tf.nn.max_pool_with_argmax(x, 6, 1, "VALID"))
""")


# -- fractional pooling -----------------------------------------------------------------------

_FRAC = """
tf.random.set_seed(None)   # (the op seeds alone: no global seed from an earlier snippet)
rng = np.random.RandomState(0)
x = rng.randint(0, 6, size=(2, 10, 13, 2)).astype(np.float32)
w = tf.reshape(tf.range(1., 1 + 2 * 6 * 7 * 2), [2, 6, 7, 2])
"""
_f = SNIPPETS.adder(HELPERS + textwrap.dedent(_FRAC).lstrip("\n"))
for _pr in (True, False):
    for _ov in (False, True):
        _f(f"fractional_pools_{'pseudo' if _pr else 'random'}_"
           f"{'overlapping' if _ov else 'disjoint'}", f"""
for ratio in [[1, 1.5, 1.7, 1], [1, 2.0, 1.44, 1], [1, 3.3, 2.5, 1]]:
    for seed in [7, 123]:
        E(lambda: tf.nn.fractional_max_pool(x, ratio, {_pr}, {_ov}, seed=seed))
        E(lambda: tf.nn.fractional_avg_pool(x, ratio, {_pr}, {_ov}, seed=seed))
G(lambda a: tf.nn.fractional_max_pool(a, [1, 1.5, 1.7, 1], {_pr}, {_ov}, seed=5)[0] * w, x)
G(lambda a: tf.nn.fractional_avg_pool(a, [1, 1.5, 1.7, 1], {_pr}, {_ov}, seed=5)[0] * w, x)
""")
_f("fractional_pools_dtypes_function", """
E(lambda: tf.nn.fractional_max_pool(x, 1.4, True, seed=3))
E(lambda: tf.nn.fractional_avg_pool(x.astype(np.float64), [1, 1.4, 1.3, 1], True, seed=3))
E(lambda: tf.nn.fractional_avg_pool(x.astype(np.int32), [1, 1.4, 1.3, 1], True, True, seed=3))
E(lambda: tf.nn.fractional_max_pool(x.astype(np.int64), [1, 1.4, 1.3, 1], True, True, seed=3))
G(lambda a: tf.nn.fractional_avg_pool(a, [1, 1.5, 1.7, 1], True, True, seed=5)[0],
  x.astype(np.float64))
r = tf.nn.fractional_max_pool(x, 1.5)
print(r[0].shape, r[1].shape, r[2].shape, type(r).__name__)
f = F(lambda a: tf.nn.fractional_max_pool(a, [1, 1.5, 1.7, 1], True, True, seed=9))
E(lambda: f(x))
E(lambda: f(x))
g = F(lambda a: tf.nn.fractional_avg_pool(a, [1, 1.5, 1.7, 1]))
print([t.shape for t in g(x)])
""")
_f("fractional_pools_global_seed", """
tf.random.set_seed(3)
E(lambda: tf.nn.fractional_max_pool(x, [1, 1.5, 1.7, 1], True, False, seed=7)[1:])
E(lambda: tf.nn.fractional_avg_pool(x, [1, 1.5, 1.7, 1], False, False, seed=7)[1:])
tf.random.set_seed(None)
""")
_f("fractional_pools_errors", """
E(lambda: tf.nn.fractional_max_pool(x, [1, 11, 1.5, 1], seed=1))
E(lambda: tf.nn.fractional_max_pool(x, [1.5, 1.5, 1.5, 1], seed=1))
E(lambda: tf.nn.fractional_max_pool(x, 0.5, seed=1))
E(lambda: tf.nn.fractional_max_pool(x, "a", seed=1))
E(lambda: tf.nn.fractional_max_pool(x[0], 1.5, seed=1))
E(lambda: tf.nn.fractional_max_pool(x.astype(np.float16), 1.5, seed=1))
E(lambda: tf.nn.fractional_avg_pool(x, 1.5, seed=1))
E(lambda: tf.nn.fractional_avg_pool(x, [1, 1.5, 1], seed=1))
E(lambda: tf.nn.fractional_avg_pool(x, [1, 1.5, 1.5, 2], seed=1))
E(lambda: tf.nn.fractional_avg_pool(x, [1, 1.5, 1.5, 0.5], seed=1))
""")


# -- CTC label helpers ------------------------------------------------------------------------

_s("collapse_repeated", """
lab = [[1, 1, 2, 2, 3, 0], [4, 4, 4, 5, 5, 5], [7, 0, 0, 7, 7, 1]]
E(lambda: tf.nn.collapse_repeated(lab, [6, 4, 3]))
E(lambda: tf.nn.collapse_repeated(tf.constant(lab, tf.int64), tf.constant([6, 4, 0], tf.int64)))
E(lambda: tf.nn.collapse_repeated(tf.constant(lab, tf.float32), [2, 2, 2]))
E(lambda: tf.nn.collapse_repeated(lab, [6, 6, 6]))
E(lambda: tf.nn.collapse_repeated(tf.zeros([0, 3], tf.int32), tf.zeros([0], tf.int32)))
E(lambda: tf.nn.collapse_repeated(lab, [6, 6]))
""")
_s("collapse_repeated_in_function", """
lab = tf.constant([[1, 1, 2, 2, 3, 0], [4, 4, 4, 5, 5, 5], [7, 0, 0, 7, 7, 1]])
E(lambda: F(lambda l: tf.nn.collapse_repeated(l, [6, 4, 3]))(lab))
""")
_s("ctc_unique_labels", """
lab = [[1, 1, 2, 2, 3, 0], [4, 4, 4, 5, 5, 5], [7, 0, 0, 7, 7, 1]]
E(lambda: tf.nn.ctc_unique_labels(lab))
E(lambda: tf.nn.ctc_unique_labels(tf.constant(lab, tf.int64)))
E(lambda: tf.nn.ctc_unique_labels(tf.constant([[3, 1, 3, 2, 1]])))
E(lambda: tf.nn.ctc_unique_labels(tf.constant([[0.5, 1, 0.5]])))
E(lambda: tf.nn.ctc_unique_labels(tf.constant([1, 2])))
E(lambda: F(tf.nn.ctc_unique_labels)(tf.constant(lab)))
""")


# -- convolutions -----------------------------------------------------------------------------

_CONV = """
x = tf.reshape(tf.range(2 * 5 * 6 * 4, dtype=tf.float32) / 50. - 2, [2, 5, 6, 4])
w = tf.reshape(tf.range(3 * 2 * 4 * 3, dtype=tf.float32) / 30. - 1, [3, 2, 4, 3])
wd = tf.reshape(tf.range(3 * 2 * 4 * 2, dtype=tf.float32) / 30. - 1, [3, 2, 4, 2])
"""
_c = SNIPPETS.adder(HELPERS + textwrap.dedent(_CONV).lstrip("\n"))
_c("conv_values", """
E(lambda: tf.conv(x, w, [1, 1, 1, 1], "VALID"))
E(lambda: tf.conv(x, w, [1, 2, 1, 1], "SAME"))
E(lambda: tf.conv(x, w, [1, 1, 1, 1], "EXPLICIT", explicit_paddings=[0, 0, 1, 1, 2, 0, 0, 0]))
E(lambda: tf.conv(x, w, [1, 1, 1, 1], "VALID", dilations=[1, 2, 1, 1]))
E(lambda: tf.conv(tf.reshape(x, [1, 2, 5, 6, 4]), w, [1, 1, 1, 1], "VALID", batch_dims=2))
E(lambda: tf.conv(tf.cast(x, tf.float64), tf.cast(w, tf.float64), [1, 1, 1, 1], "VALID"))
E(lambda: tf.conv(tf.cast(x * 3, tf.int32), tf.cast(w * 3, tf.int32), [1, 1, 1, 1], "VALID"))
E(lambda: F(lambda a, b: tf.conv(a, b, [1, 1, 2, 1], "SAME"))(x, w))
E(lambda: G(lambda a, b: tf.conv(a, b, [1, 1, 1, 1], "VALID"), x, w))
""")
_c("conv_errors", """
E(lambda: tf.conv(tf.transpose(x, [0, 3, 1, 2]), w, [1, 1, 1, 1], "VALID",
                  data_format="CHANNELS_FIRST"))
E(lambda: tf.conv(x, w[:, :, :2], [1, 1, 1, 1], "VALID", groups=2))
E(lambda: tf.conv(x[:, :, :, 0], w[:, 0], [1, 1, 1], "VALID"))
E(lambda: tf.conv(x, w, [1, 1, 1], "VALID"))
E(lambda: tf.conv(x, w, [1, 1, 1, 1], "FULL"))
E(lambda: tf.conv2d_backprop_filter_v2(x, w, tf.ones([2, 3, 5, 3]), [1, 1, 1, 1], "VALID"))
E(lambda: tf.conv2d_backprop_input_v2(x, w, tf.ones([2, 3, 5, 3]), [1, 1, 1, 1], "VALID"))
E(lambda: tf.conv2d_backprop_filter_v2(x, w, tf.ones([2, 5, 5, 3]), [1, 1, 1, 1], "EXPLICIT",
                                       explicit_paddings=[0, 0, 1, 1, 0, 0, 0, 0]))
E(lambda: tf.conv2d_backprop_input_v2(tf.cast(x, tf.float64), tf.cast(w, tf.float64),
                                      tf.ones([2, 3, 3, 3], tf.float64), [1, 1, 2, 1], "VALID"))
""")
_c("depthwise_backprop_values", """
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 4, 2], tf.ones([2, 3, 5, 8]),
                                                 [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], wd, tf.ones([2, 3, 5, 8]),
                                                [1, 1, 1, 1], "VALID"))
dy = tf.reshape(tf.range(2 * 5 * 6 * 8.), [2, 5, 6, 8]) / 100.
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], wd, dy, [1, 1, 1, 1], "SAME"))
dy2 = tf.reshape(tf.range(2 * 3 * 3 * 8.), [2, 3, 3, 8]) / 100.
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 4, 2], dy2, [1, 2, 2, 1], "SAME"))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(tf.transpose(x, [0, 3, 1, 2]), [3, 2, 4, 2],
                                                 tf.ones([2, 8, 3, 5]), [1, 1, 1, 1], "VALID",
                                                 data_format="NCHW"))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 4, 5, 6], wd, tf.ones([2, 8, 3, 5]),
                                                [1, 1, 1, 1], "VALID", data_format="NCHW"))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], tf.cast(wd, tf.float64),
                                                tf.ones([2, 3, 5, 8], tf.float64),
                                                [1, 1, 1, 1], "VALID", dilations=[1, 2, 2, 1]))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 4, 2], tf.ones([2, 3, 5, 8]),
                                                 [1, 1, 1, 1], "VALID", dilations=[1, 2, 2, 1]))
f = F(lambda a, d: tf.nn.depthwise_conv2d_backprop_filter(a, [3, 2, 4, 2], d,
                                                                    [1, 1, 1, 1], "VALID"))
E(lambda: f(x, tf.ones([2, 3, 5, 8])))
G(lambda a, b: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], a, b, [1, 1, 1, 1], "VALID"),
  wd, tf.ones([2, 3, 5, 8]))
""")
_c("depthwise_backprop_errors", """
x64 = tf.cast(x, tf.float64)
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], tf.cast(wd, tf.float64),
                                                tf.ones([2, 1, 4, 8], tf.float64),
                                                [1, 1, 1, 1], "VALID", dilations=[1, 2, 2, 1]))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], tf.cast(wd, tf.float64),
                                                tf.ones([2, 3, 4, 8], tf.float64),
                                                [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x64, [3, 2, 4, 2],
                                                 tf.ones([2, 3, 4, 8], tf.float64),
                                                 [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 4, 2], tf.ones([2, 3, 5, 7]),
                                                 [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], wd, tf.ones([2, 3, 4, 8]),
                                                [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(tf.cast(x, tf.int32), [3, 2, 4, 2],
                                                 tf.ones([2, 3, 5, 8], tf.int32),
                                                 [1, 1, 1, 1], "VALID"))
E(lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [3, 2, 4, 2], tf.ones([2, 3, 5, 8]),
                                                 [1, 1, 1, 1], "EXPLICIT"))
E(lambda: tf.nn.depthwise_conv2d_backprop_input([2, 5, 6, 4], wd, tf.ones([2, 3, 5, 8], tf.float64),
                                                [1, 1, 1, 1], "VALID"))
""")
_s("batch_norm_with_global_normalization", """
m = tf.constant([0.5, -1.]); v = tf.constant([4., 0.25])
beta = tf.constant([0.1, 0.2]); gamma = tf.constant([2., 3.])
x = tf.reshape(tf.range(6.), [3, 2])
E(lambda: tf.nn.batch_norm_with_global_normalization(x, m, v, beta, gamma, 0.001, True))
E(lambda: tf.nn.batch_norm_with_global_normalization(x, m, v, beta, gamma, 0.001, False))
E(lambda: tf.nn.batch_norm_with_global_normalization(tf.cast(x, tf.float64), tf.cast(m, tf.float64),
                                                     tf.cast(v, tf.float64), tf.cast(beta, tf.float64),
                                                     tf.cast(gamma, tf.float64), 0.5, True))
with tf.GradientTape() as t:
    t.watch([x, m, v, beta, gamma])
    y = tf.nn.batch_norm_with_global_normalization(x, m, v, beta, gamma, 0.001, True)
    y = tf.reduce_sum(y * tf.constant([1., 3.]))
for g in t.gradient(y, [x, m, v, beta, gamma]):
    print(repr(g))
f = F(lambda a: tf.nn.batch_norm_with_global_normalization(a, m, v, beta, gamma,
                                                                      0.01, False))
E(lambda: f(x))
""")


# -- patches, parallel_stack, histogram bins, approx top-k ------------------------------------

_s("extract_volume_patches", """
v = np.arange(2 * 3 * 4 * 5 * 2, dtype=np.float32).reshape(2, 3, 4, 5, 2)
for pad in ["SAME", "VALID"]:
    for k, s in [([1, 2, 2, 2, 1], [1, 1, 1, 1, 1]), ([1, 2, 3, 2, 1], [1, 2, 1, 3, 1]),
                 ([1, 1, 1, 1, 1], [1, 2, 2, 2, 1]), ([1, 3, 4, 5, 1], [1, 1, 1, 1, 1])]:
        r = tf.extract_volume_patches(v, k, s, pad)
        print(r.shape, r.dtype.name, r.numpy().ravel()[:24].tolist(), float(r.numpy().sum()))
G(lambda a: tf.extract_volume_patches(a, [1, 2, 2, 2, 1], [1, 1, 2, 1, 1], "SAME") * 1.5, v)
E(lambda: tf.extract_volume_patches(v.astype(np.int32)[:1, :2, :2, :3], [1, 2, 2, 2, 1],
                                    [1, 1, 1, 1, 1], "VALID"))
E(lambda: F(lambda a: tf.extract_volume_patches(a, [1, 2, 2, 2, 1], [1, 1, 1, 1, 1],
                                                          "SAME"))(v[:1, :2, :2, :2, :1]))
""")
_s("extract_volume_patches_errors", """
v = np.zeros([2, 3, 4, 5, 2], np.float32)
E(lambda: tf.extract_volume_patches(v.astype(np.bool_), [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 2, 2, 2, 1, 1], [1, 1, 1, 1, 1], "VALID").shape)
E(lambda: tf.extract_volume_patches(v, [2, 2, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 2, 2, 2, 1], [1, 1, 1, 1, 2], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 0, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v[0], [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], "FULL"))
E(lambda: tf.extract_volume_patches(v, [1, 5, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
E(lambda: tf.extract_volume_patches(v, [1, 4, 2, 2, 1], [1, 1, 1, 1, 1], "VALID"))
""")
_s("patches_long_attr_lists", """
# Eagerly the kernels read the first 4 (5) entries of longer attr lists; in a tf.function
# shape inference rejects them.
x = np.arange(2 * 4 * 4 * 1, dtype=np.float32).reshape(2, 4, 4, 1)
v = np.arange(2 * 4 * 4 * 4 * 1, dtype=np.float32).reshape(2, 4, 4, 4, 1)
for k, s, r in [([1, 2, 2, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]),
                ([1, 2, 2, 1], [1, 2, 1, 1, 7], [1, 1, 1, 1]),
                ([1, 2, 2, 1, 5], [1, 1, 1, 1, 3], [1, 1, 1, 1, 9]),
                ([1, 2, 2, 1], [1, 1, 1, 1], [1, 2, 2, 1, 0])]:
    E(lambda: tf.image.extract_patches(x, k, s, r, "VALID"))
    E(lambda: F(lambda a: tf.image.extract_patches(a, k, s, r, "SAME"))(x))
for k, s in [([1, 2, 2, 2, 1, 1], [1, 1, 1, 1, 1]), ([1, 2, 2, 2, 1], [1, 1, 2, 1, 1, 1])]:
    E(lambda: tf.extract_volume_patches(v, k, s, "VALID").shape)
    E(lambda: F(lambda a: tf.extract_volume_patches(a, k, s, "VALID"))(v))
E(lambda: tf.image.extract_patches(x, [2, 2, 2, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], "VALID"))
""")
_s("parallel_stack", """
E(lambda: tf.parallel_stack([1, 2]))
@F
def ps(a, b):
    return tf.parallel_stack([a, b, a + b])
E(lambda: ps(tf.constant([1., 2.]), tf.constant([3., 4.])))
E(lambda: ps(tf.constant([1, 2]), tf.constant([3, 4])))
E(lambda: F(lambda: tf.parallel_stack([[1, 2], [3, 4.5]]))())
E(lambda: F(lambda: tf.parallel_stack([tf.constant([1, 2]), tf.constant([3, 4, 5])]))())
E(lambda: F(lambda: tf.parallel_stack([tf.constant([1, 2]), tf.constant([3., 4.])]))())
E(lambda: F(lambda: tf.parallel_stack([tf.constant(['a']), tf.constant(['b'])]))())
""")
_s("histogram_fixed_width_bins", """
E(lambda: tf.histogram_fixed_width_bins([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5))
E(lambda: tf.histogram_fixed_width_bins(tf.constant([[-1.0, 0.0, 1.5], [2.0, 4.99, 15]], tf.float64),
                                        tf.constant([0.0, 5.0], tf.float64), nbins=3))
E(lambda: tf.histogram_fixed_width_bins(tf.constant([[-1.0, 0.0, 1.5], [2.0, 4.99, 15]], tf.float64),
                                        [0.0, 5.0], nbins=3))
E(lambda: tf.histogram_fixed_width_bins(tf.constant([1, 5, 7, 9]), [0, 10], nbins=4))
E(lambda: tf.histogram_fixed_width_bins([0.1, 0.7, 0.3], [0.0, 1.0], nbins=10))
E(lambda: tf.histogram_fixed_width_bins([0.1, 0.7, 0.3], [0.0, 1.0], nbins=10, dtype=tf.int64))
E(lambda: tf.histogram_fixed_width_bins([0.1, 0.7, 0.3], [0.0, 1.0], nbins=0))
E(lambda: tf.histogram_fixed_width_bins([0.1, 0.7, 0.3], [1.0, 1.0], nbins=3))
E(lambda: tf.histogram_fixed_width_bins([0.1, 0.7, 0.3], [0.0, 1.0], nbins=2.5))
E(lambda: F(lambda v: tf.histogram_fixed_width_bins(v, [0.0, 1.0], nbins=4))(
    tf.constant([0.1, 0.7, 0.3, 0.99])))
""")
_s("approx_top_k", """
x = tf.constant([[3., 1., 4., 1., 5., 9., 2., 6.], [5., 3., 5., 8., 9., 7., 9., 3.]])
E(lambda: tf.approx_top_k(x, 3))
E(lambda: tf.math.approx_max_k(x, 2))
E(lambda: tf.nn.approx_max_k(x, 2, recall_target=0.5, aggregate_to_topk=False))
E(lambda: tf.math.approx_max_k(tf.constant([2., np.nan, 7., -np.inf]), 2))
E(lambda: tf.math.approx_max_k(tf.constant([2., -0., 0., 1.]), 3))
E(lambda: tf.math.approx_max_k(tf.constant([2., 3.], tf.float16), 1))
E(lambda: tf.math.approx_max_k(tf.constant([2., 3.], tf.bfloat16), 1))
E(lambda: tf.math.approx_max_k(x, 0))
E(lambda: F(lambda a: tf.math.approx_max_k(a, 3))(x))
print(type(tf.approx_top_k(x, 1)).__name__)
with tf.GradientTape() as t:
    t.watch(x)
    v, i = tf.math.approx_max_k(x, 3)
    y = tf.reduce_sum(v * tf.constant([1., 2., 3.]))
print(repr(t.gradient(y, x)))
""")
_s("approx_top_k_errors", """
x = tf.constant([[3., 1., 4., 1., 5., 9., 2., 6.], [5., 3., 5., 8., 9., 7., 9., 3.]])
E(lambda: tf.approx_top_k(x, 3, is_max_k=False))
E(lambda: tf.math.approx_min_k(x, 2))
E(lambda: tf.nn.approx_min_k(x, 2, reduction_dimension=0))
E(lambda: tf.nn.approx_max_k(x, 1, reduction_dimension=0))
E(lambda: tf.math.approx_max_k(x, 2, reduction_dimension=1))
E(lambda: tf.math.approx_max_k(tf.constant([2, 7, 7, 1, 7], tf.int32), 2))
E(lambda: tf.math.approx_max_k(tf.constant([2., 3.], tf.float64), 1))
E(lambda: tf.math.approx_max_k(x, 9))
E(lambda: tf.math.approx_max_k(x, -1))
E(lambda: tf.math.approx_max_k(tf.constant(3.), 1))
E(lambda: tf.math.approx_max_k(tf.constant([True, False]), 1))
""")

_s("raw_ops", """
tf.random.set_seed(None)
rng = np.random.RandomState(0)
x = rng.randint(0, 6, size=(1, 7, 8, 1)).astype(np.float32)
raw = tf.raw_ops
E(lambda: raw.FractionalMaxPool(value=x, pooling_ratio=[1, 1.5, 1.5, 1], pseudo_random=True,
                                deterministic=True, seed=5, seed2=9))
E(lambda: raw.FractionalAvgPool(value=x, pooling_ratio=[1, 1.5, 1.5, 1], seed=5, seed2=9))
E(lambda: raw.FractionalAvgPool(value=x, pooling_ratio=[1, 1.5, 1.5, 1], deterministic=True,
                                seed=5, seed2=9))
E(lambda: raw.FractionalAvgPool(value=x, pooling_ratio=[1, 1.5, 1.5, 1],
                                deterministic=True)[0].shape)
E(lambda: raw.SpaceToBatchND(input=x, block_shape=[7, 2], paddings=[[0, 0], [0, 0]]).shape)
E(lambda: raw.BatchToSpaceND(input=tf.zeros([4, 1, 1, 1]), block_shape=[2, 2],
                             crops=[[0, 0], [0, 1]]).shape)
E(lambda: raw.Dilation2D(input=x, filter=np.zeros([2, 2, 1], np.float32), strides=[1, 1, 1, 1],
                         rates=[1, 1, 1, 1], padding="VALID").shape)
E(lambda: raw.MaxPoolWithArgmax(input=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                padding="VALID"))
E(lambda: raw.MaxPoolWithArgmax(input=x, ksize=[2, 2], strides=[1, 2, 2, 1], padding="VALID"))
E(lambda: raw.ExtractVolumePatches(input=np.zeros([1, 2, 2, 2, 1], np.float32),
                                   ksizes=[1, 2, 2, 2, 1], strides=[1, 1, 1, 1, 1],
                                   padding="VALID").shape)
E(lambda: raw.ApproxTopK(input=x[0, 0, :, 0], k=2))
E(lambda: raw.Conv(input=x, filter=np.ones([2, 2, 1, 1], np.float32), strides=[1, 1, 1, 1],
                   padding="VALID").shape)
E(lambda: raw.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[1, 7, 8, 1], filter=np.ones([2, 2, 1, 1], np.float32),
    out_backprop=np.ones([1, 6, 7, 1], np.float32), strides=[1, 1, 1, 1], padding="VALID").shape)
E(lambda: raw.DepthwiseConv2dNativeBackpropFilter(
    input=x, filter_sizes=[2, 2, 1, 1], out_backprop=np.ones([1, 6, 7, 1], np.float32),
    strides=[1, 1, 1, 1], padding="VALID").shape)
E(lambda: raw.Conv2DBackpropInputV2(input=x, filter=np.ones([2, 2, 1, 1], np.float32),
                                    out_backprop=np.ones([1, 6, 7, 1], np.float32),
                                    strides=[1, 1, 1, 1], padding="VALID"))
""")


_XLA = ("float32 convolutions: XLA's and oneDNN's kernels sum the products in different "
        "orders")
TOLERANCE = {
    "with_space_to_batch_atrous": Tolerance(_XLA, rtol=1e-5, atol=1e-5),
    "atrous_gradients_function": Tolerance(_XLA, rtol=1e-5, atol=1e-5),
    "conv_values": Tolerance(_XLA, rtol=1e-5, atol=1e-6),
    "depthwise_backprop_values": Tolerance(_XLA, rtol=1e-5, atol=1e-6),
    "batch_norm_with_global_normalization": Tolerance(
        "float32 rsqrt: XLA's and Eigen's differ in the last bit", rtol=1e-6),
}
