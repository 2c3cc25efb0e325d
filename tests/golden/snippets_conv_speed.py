"""Golden snippets for the float32 convolutions of a CNN's training step (issue 16), which
run as XLA:CPU's Eigen kernels (framework/xla_flags.py: not YNNPACK's): first layers of one
or three input channels, strided, dilated, channels first, 1-D and 3-D, through Keras;
values and TF's gradients, eagerly and inside tf.function; the sign of a zero result (TF's
kernels accumulate from +0.0); float64.
"""
from snippet_registry import P, Snippets

SNIPPETS = Snippets()

_PRE = P + """rng = np.random.default_rng(16)
def arr(*shape):
    return tf.constant(rng.standard_normal(shape).astype('float32'))
def grads(f, x, w):
    with tf.GradientTape() as g:
        g.watch([x, w])
        y = f(x, w)
        c = tf.cast(tf.reshape(tf.range(tf.size(y)) % 7 - 3, tf.shape(y)), tf.float32) / 4
        loss = tf.reduce_sum(y * c)
    dx, dw = g.gradient(loss, [x, w])
    return y, dx, dw
def fgrads(f, x, w):
    return tf.function(lambda x, w: grads(f, x, w), autograph=False)(x, w)
def show(*ts):
    for t in ts:
        v = t.numpy()
        print(t.shape, t.dtype.name, v.ravel()[:12], np.float32(np.abs(v.astype('float64')).sum()))
"""
_t = SNIPPETS.adder(_PRE + "\n")

_t("first_layer_one_channel", """
x, w = arr(4, 9, 9, 1), arr(3, 3, 1, 8)
for padding in ['VALID', 'SAME', [[0, 0], [2, 1], [0, 3], [0, 0]]]:
    f = lambda x, w: tf.nn.conv2d(x, w, 1, padding)
    show(*grads(f, x, w))
    show(*fgrads(f, x, w))
""")

_t("first_layer_three_channels", """
x, w = arr(2, 10, 11, 3), arr(3, 3, 3, 5)
for strides, dilations in [(1, 1), (2, 1), ([1, 2], 1), (1, 2)]:
    f = lambda x, w: tf.nn.conv2d(x, w, strides, 'SAME', dilations=dilations)
    show(*grads(f, x, w))
    show(*fgrads(f, x, w))
""")

_t("first_layer_nchw_5x5", """
x, w = arr(2, 1, 12, 12), arr(5, 5, 1, 6)
f = lambda x, w: tf.nn.conv2d(x, w, 1, 'VALID')
show(*grads(f, tf.transpose(x, [0, 2, 3, 1]), w))
show(*fgrads(f, tf.transpose(x, [0, 2, 3, 1]), w))
show(tf.nn.conv2d(x, w, 2, 'SAME', data_format='NCHW'))
""")

_t("first_layer_conv1d_conv3d", """
show(*grads(lambda x, w: tf.nn.conv1d(x, w, 2, 'SAME'), arr(3, 17, 2), arr(5, 2, 4)))
show(*grads(lambda x, w: tf.nn.conv3d(x, w, [1, 1, 2, 1, 1], 'VALID'), arr(2, 5, 6, 4, 1),
            arr(3, 3, 3, 1, 2)))
""")

_t("first_layer_keras_conv2d", """
layer = tf.keras.layers.Conv2D(4, 3, activation='relu', kernel_initializer='ones',
                               bias_initializer='zeros')
x = arr(2, 6, 6, 1)
with tf.GradientTape() as g:
    y = layer(x)
    loss = tf.reduce_sum(y * y)
show(y, *g.gradient(loss, layer.trainable_variables))
""")

_t("zero_results_sign", """
x = -tf.zeros([1, 4, 4, 1])
w = tf.reshape(tf.tile(tf.constant([1.0, -1.0]), [9]), [3, 3, 1, 2])
for y in [tf.nn.conv2d(x, w, 1, 'VALID'), tf.function(lambda x: tf.nn.conv2d(x, w, 1, 'SAME'), autograph=False)(x),
          tf.nn.conv2d(tf.constant([[[[1.0], [-1.0]]]]), tf.ones([1, 2, 1, 1]), 1, 'VALID')]:
    print(y.shape, np.signbit(y.numpy()).any(), y.numpy().ravel().tolist())
""")

_t("float64_values", """
x, w = tf.cast(arr(2, 7, 7, 1), tf.float64), tf.cast(arr(3, 3, 1, 3), tf.float64)
y = tf.nn.conv2d(x, w, 1, 'SAME')
print(y.dtype.name, y.numpy().ravel()[:6].tolist())
f = tf.function(lambda x, w: tf.nn.conv2d(x, w, 1, 'SAME'), autograph=False)
print(f(x, w).numpy().ravel()[:6].tolist())
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why.

from harness import Tolerance  # noqa: E402

_CONV = "float32 convolution: oneDNN's summation order depends on the CPU, XLA's is its own"
_F64 = "float64 convolution: Eigen's and oneDNN's summation orders"

TOLERANCE = {
    "first_layer_one_channel": Tolerance(_CONV, rtol=2e-6, atol=5e-6),
    "first_layer_three_channels": Tolerance(_CONV, rtol=2e-6, atol=5e-6),
    "first_layer_nchw_5x5": Tolerance(_CONV, rtol=2e-6, atol=5e-6),
    "first_layer_conv1d_conv3d": Tolerance(_CONV, rtol=2e-6, atol=5e-6),
    "first_layer_keras_conv2d": Tolerance(_CONV, rtol=2e-6, atol=5e-6),
}
