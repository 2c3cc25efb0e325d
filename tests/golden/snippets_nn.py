"""Golden snippets for tf.nn (issue 4): activations, softmax, losses, moments and batch
normalization, bias_add, dropout, convolutions, pooling, LRN and embedding_lookup.

Values, dtypes and shapes, TF's gradients (through tf.GradientTape) and TF's exceptions.
Deterministic: dropout is checked only through properties that hold for any random stream.
"""
from snippet_registry import ERR, P, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


_ERR = ERR + """def grad(f, *xs):
    with tf.GradientTape() as g:
        for x in xs:
            g.watch(x)
        y = f(*xs)
    P(y)
    for d in g.gradient(y, list(xs)):
        P(d)
def show(t):
    print(t.shape, t.dtype.name, t.numpy().astype('float64').tolist())
""" + P
_t = SNIPPETS.adder(_ERR + "\n")


# -- activations ------------------------------------------------------------------------------

_t("activations_values_grads", """
x = tf.constant([-3., -1., 0., 0.5, 6., 7.])
for n in ['relu', 'relu6', 'elu', 'selu', 'gelu', 'leaky_relu', 'silu', 'swish', 'softplus',
          'softsign', 'sigmoid', 'tanh']:
    print(n)
    grad(getattr(tf.nn, n), x)
grad(lambda x: tf.nn.gelu(x, approximate=True), x)
grad(lambda x: tf.nn.leaky_relu(x, alpha=0.01), x)
grad(lambda x: tf.nn.leaky_relu(x, 0.3), tf.constant([[-2., 0.], [3., -0.5]], tf.float64))
b = tf.constant(0.5)
grad(lambda x, b: tf.nn.silu(x, beta=b), x, b)
grad(lambda x: tf.nn.swish(x, 2.0), tf.constant([-1., 0., 2.], tf.float64))
""")
_t("activations_dtypes", """
print(repr(tf.nn.relu(tf.constant([-2., 0., 1.5, 7.], tf.bfloat16))))
for d in [tf.float16, tf.float64]:
    x = tf.constant([-2., 0., 1.5, 7.], d)
    for n in ['relu', 'relu6', 'elu', 'selu', 'gelu', 'leaky_relu', 'silu', 'softplus',
              'softsign']:
        if n not in ('gelu', 'silu') or d == tf.float64:  # TF rounds each op to half
            print(n, repr(getattr(tf.nn, n)(x)))
for d in [tf.int32, tf.int64, tf.uint8, tf.int8]:
    print(repr(tf.nn.relu(tf.constant([-3, 0, 4, 9], d) if d != tf.uint8 else tf.constant([0, 4, 9], d))))
    print(repr(tf.nn.relu6(tf.constant([3, 0, 4, 9], d))))
print(repr(tf.nn.leaky_relu(tf.constant([-3, 0, 4]))))
print(repr(tf.nn.relu(tf.zeros([0, 3]))), repr(tf.nn.elu(tf.zeros([2, 0]))))
print(repr(tf.nn.softplus(tf.constant([-100., 100., 30.]))))
print(repr(tf.nn.selu([[1., -1.]])))
""")
_t("activations_errors", """
for f in [tf.nn.relu, tf.nn.relu6, tf.nn.elu, tf.nn.selu, tf.nn.softplus, tf.nn.softsign,
          tf.nn.gelu, tf.nn.silu, tf.nn.leaky_relu]:
    err(lambda: f(tf.constant([1, 2])))
    err(lambda: f(tf.constant([1 + 2j])))
""")

# -- softmax ----------------------------------------------------------------------------------

_t("softmax_log_softmax", """
x = tf.constant([[1., 2., 3.], [-1., 0., 5.]])
for f in [tf.nn.softmax, tf.nn.log_softmax, tf.math.softmax]:
    grad(lambda x: f(x) * tf.constant([1., 2., 3.]), x)
    grad(lambda x: f(x, axis=0) * tf.constant([[1.], [3.]]), x)
    print(repr(f(x, axis=-2)))
    print(repr(f(tf.constant([1., 2.], tf.float64))), repr(f(tf.constant([1., 2.], tf.float16))))
    print(repr(f(tf.zeros([0, 4]))))
    print(repr(f(tf.reshape(tf.range(24.), [2, 3, 4]), axis=1)))
    err(lambda: f(tf.constant([1, 2])))
    err(lambda: f(x, axis=2))
    err(lambda: f(x, axis=-3))
print(repr(tf.nn.log_softmax(tf.constant([1000., 0., -1000.]))))
""")

# -- losses -----------------------------------------------------------------------------------

_t("sigmoid_cross_entropy", """
logits = tf.constant([1., -1., 0., 1., -1., 0., 0., 30., -30.])
labels = tf.constant([0., 0., 0., 1., 1., 1., 0.25, 0., 1.])
grad(lambda a, b: tf.nn.sigmoid_cross_entropy_with_logits(labels=b, logits=a), logits, labels)
grad(lambda a: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([[1., 0.]], tf.float64), logits=a),
     tf.constant([[0.5, -2.]], tf.float64))
print(repr(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.zeros([0]), logits=tf.zeros([0]))))
err(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([2, 4]), logits=tf.ones([2, 3])))
err(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=[1], logits=[2]))
err(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=[1, 0], logits=[2., 1.]))
err(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([2], tf.float64), logits=tf.ones([2])))
err(lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.], logits=None))
""")
_t("weighted_cross_entropy", """
labels = tf.constant([1., 0.5, 0., 1.])
logits = tf.constant([1.5, -0.1, -10., 0.])
q = tf.constant(1.5)
grad(lambda a, b, c: tf.nn.weighted_cross_entropy_with_logits(labels=b, logits=a, pos_weight=c),
     logits, labels, q)
print(repr(tf.nn.weighted_cross_entropy_with_logits(labels, logits, 0.5)))
print(repr(tf.nn.weighted_cross_entropy_with_logits(tf.constant([[1., 0.]], tf.float64),
                                                    tf.constant([[2., -3.]], tf.float64), 3.)))
err(lambda: tf.nn.weighted_cross_entropy_with_logits(tf.ones([2]), tf.ones([3]), 2.))
""")
_t("softmax_cross_entropy", """
logits = tf.constant([[1., 2., 3.], [3., 0., -1.]])
labels = tf.constant([[0., 0.5, 0.5], [1., 0., 0.]])
f = tf.nn.softmax_cross_entropy_with_logits
grad(lambda a, b: f(labels=b, logits=a), logits, labels)
# labels that do not sum to 1: TF's gradient is softmax - labels
grad(lambda a: f(labels=[[2., 1., 0.]], logits=a), tf.constant([[1., 2., 3.]]))
grad(lambda a, b: f(labels=b, logits=a, axis=0), tf.constant([[1., 2.], [3., 0.], [0., 1.]]),
     tf.constant([[0., 1.], [1., 0.], [0.5, .5]]))
x3 = tf.reshape(tf.range(12.), [2, 2, 3])
grad(lambda a: f(labels=tf.ones([2, 2, 3]) / 3, logits=a), x3)
print(repr(f(labels=tf.ones([2, 3, 2]) / 3, logits=tf.reshape(tf.range(12.), [2, 3, 2]), axis=1)))
print(repr(f(labels=[0., 1., 0.], logits=[1., 2., 3.])))
print(repr(f(labels=tf.ones([1, 3]), logits=tf.ones([2, 3]))))
print(repr(f(labels=tf.ones([2, 3], tf.float64), logits=tf.ones([2, 3]))))
print(repr(f(labels=tf.ones([0, 3]), logits=tf.ones([0, 3]))))
print(repr(f(labels=[[0., 1.]], logits=tf.constant([[1., 2.]], tf.float16))))
print(repr(f(labels=[[0., 1.]], logits=tf.constant([[1., 2.]], tf.float64))))
print(repr(f(labels=[[0., 1.]], logits=[[1000., -1000.]])))
err(lambda: f(labels=tf.ones([2, 4]), logits=tf.ones([2, 3])))
err(lambda: f(labels=[[0, 1]], logits=[[1, 2]]))
err(lambda: f(labels=1., logits=2.))
""")
_t("sparse_softmax_cross_entropy", """
f = tf.nn.sparse_softmax_cross_entropy_with_logits
logits = tf.constant([[1., 2., 3.], [3., 0., -1.]])
grad(lambda a: f(labels=[2, 0], logits=a), logits)
grad(lambda a: f(labels=tf.constant([[0, 1], [2, 0]], tf.int64), logits=a),
     tf.reshape(tf.range(12., dtype=tf.float64), [2, 2, 3]))
print(repr(f(labels=1, logits=[1., 2., 3.])))
print(repr(f(labels=[1], logits=tf.constant([[1., 2., 3.]], tf.float16))))
print(repr(f(labels=tf.zeros([0], tf.int32), logits=tf.zeros([0, 3]))))
err(lambda: f(labels=[0, 5], logits=tf.ones([2, 3])))
err(lambda: f(labels=[-1, 1], logits=tf.ones([2, 3])))
err(lambda: f(labels=[[0, 1]], logits=tf.ones([2, 3])))
err(lambda: f(labels=[0, 1, 1], logits=tf.ones([2, 3])))
err(lambda: f(labels=[0., 1.], logits=tf.ones([2, 3])))
err(lambda: f(labels=[0, 1], logits=tf.ones([2, 3], tf.int32)))
err(lambda: f(labels=0, logits=tf.ones([])))
""")
_t("l2_log_poisson_average", """
grad(tf.nn.l2_loss, tf.constant([[1., 2.], [3., -4.]]))
print(repr(tf.nn.l2_loss(tf.constant([1., 2.], tf.float64))), repr(tf.nn.l2_loss(tf.constant([1., 2.], tf.float16))))
print(repr(tf.nn.l2_loss(tf.zeros([0]))), repr(tf.nn.l2_loss(3.)))
err(lambda: tf.nn.l2_loss([1, 2]))
t = tf.constant([0., 0.5, 1., 2., 5.])
c = tf.constant([0.1, -1., 0.5, 2., 1.])
grad(lambda c, t: tf.nn.log_poisson_loss(t, c), c, t)
grad(lambda c: tf.nn.log_poisson_loss(t, c, compute_full_loss=True), c)
print(repr(tf.nn.log_poisson_loss(tf.constant([3.], tf.float64), tf.constant([0.2], tf.float64), True)))
err(lambda: tf.nn.log_poisson_loss(tf.ones([2]), tf.ones([3])))
l = tf.constant([1., 2., 3., 4.])
grad(lambda l: tf.nn.compute_average_loss(l), l)
print(repr(tf.nn.compute_average_loss(l, global_batch_size=8)))
print(repr(tf.nn.compute_average_loss(l, sample_weight=[1., 0., 2., 1.])))
print(repr(tf.nn.compute_average_loss(l, sample_weight=2.)))
print(repr(tf.nn.compute_average_loss(tf.ones([2, 3]), sample_weight=[1., 2.])))
print(repr(tf.nn.compute_average_loss(tf.ones([2, 3], tf.float64), sample_weight=[[1.], [2.]])))
print(repr(tf.nn.compute_average_loss(tf.zeros([0]))))
err(lambda: tf.nn.compute_average_loss(tf.constant(1.)))
grad(tf.nn.scale_regularization_loss, tf.constant([1., 2.5]))
print(repr(tf.nn.scale_regularization_loss(tf.constant(3., tf.float64))))
""")

# -- moments, batch_normalization, bias_add, dropout ---------------------------------------------

_t("moments_batch_norm", """
x = tf.constant([[1., 2., 4.], [3., 5., -1.]])
grad(lambda x: tf.nn.moments(x, axes=[0])[1], x)
grad(lambda x: tf.nn.moments(x, axes=[0, 1])[0], x)
print(tf.nn.moments(x, axes=[1], keepdims=True))
print(tf.nn.moments(x, axes=[-1]))
print(tf.nn.moments(tf.constant([[1, 2], [3, 5]]), axes=[0]))
print(tf.nn.moments(tf.constant([[1, 2], [3, 5]], tf.float16), axes=[0, 1], keepdims=True))
print(tf.nn.moments(tf.reshape(tf.range(24., dtype=tf.float64), [2, 3, 4]), axes=[0, 2]))
mean, var = tf.nn.moments(x, axes=[0])
off, sc = tf.constant([0.1, 0.2, 0.3]), tf.constant([1., 2., 0.5])
grad(lambda x, m, v, o, s: tf.nn.batch_normalization(x, m, v, o, s, 1e-3), x, mean, var, off, sc)
print(repr(tf.nn.batch_normalization(x, mean, var, None, None, 0.001)))
print(repr(tf.nn.batch_normalization(tf.cast(x, tf.float64), tf.cast(mean, tf.float64),
                                     tf.cast(var, tf.float64), 0., 1., 1e-5)))
""")
_t("bias_add", """
x = tf.reshape(tf.range(12.), [2, 3, 2])
grad(lambda x, b: tf.nn.bias_add(x, b), x, tf.constant([1., -1.]))
grad(lambda x, b: tf.nn.bias_add(x, b, data_format='NCHW'), x, tf.constant([1., -1., 2.]))
print(repr(tf.nn.bias_add(tf.ones([2, 3], tf.int32), [1, 2, 3])))
print(repr(tf.nn.bias_add(tf.ones([2, 3]), [1., 2., 3.], data_format='NCHW')))
print(repr(tf.nn.bias_add(tf.ones([1, 2, 2, 2, 2]), [1., 2.], data_format='NCDHW')))
print(repr(tf.nn.bias_add(tf.ones([0, 2]), [1., 2.])))
err(lambda: tf.nn.bias_add(tf.ones([3]), [1., 2., 3.]))
err(lambda: tf.nn.bias_add(tf.ones([2, 3]), [[1., 2., 3.]]))
err(lambda: tf.nn.bias_add(tf.ones([1, 2, 3, 3]), [1., 2.]))
err(lambda: tf.nn.bias_add(tf.ones([1, 2, 3, 3]), [1., 2., 3.], data_format='NCHW'))
err(lambda: tf.nn.bias_add(tf.ones([2, 3]), tf.ones([3], tf.float64)))
err(lambda: tf.nn.bias_add(tf.ones([2, 3]), [1., 2., 3.], data_format='NHCW'))
""")
_t("dropout_properties", """
x = tf.reshape(tf.range(1., 401.), [20, 20])
print(repr(tf.nn.dropout(tf.constant([1., 2.]), 0.)))
for rate in [0.2, 0.5, 0.9]:
    y = tf.nn.dropout(x, rate, seed=3).numpy()
    kept = y != 0
    print(y.shape, y.dtype, np.allclose(y[kept], x.numpy()[kept] / (1 - rate)),
          0 < kept.sum() < 400)
y = tf.nn.dropout(x, 0.5, noise_shape=[20, 1]).numpy()
print(all(len(set(r != 0)) == 1 for r in y))
y = tf.nn.dropout(x, tf.constant(0.5), noise_shape=[None, 1]).numpy()
print(all(len(set(r != 0)) == 1 for r in y))
y = tf.nn.dropout(tf.ones([3, 4], tf.float64), 0.25)
print(y.dtype, y.shape, set(np.unique(y.numpy())) <= {0., 4. / 3})
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.nn.dropout(x, 0.5)
d = g.gradient(y, x).numpy()
print(np.array_equal(d != 0, y.numpy() != 0), set(np.unique(d)) <= {0., 2.})
err(lambda: tf.nn.dropout(tf.ones([3]), 1.0))
err(lambda: tf.nn.dropout(tf.ones([3]), -0.1))
err(lambda: tf.nn.dropout(tf.ones([3], tf.int32), 0.5))
err(lambda: tf.nn.dropout(tf.ones([3, 4]), 0.5, noise_shape=[3, 5]))
""")

# -- convolutions -----------------------------------------------------------------------------

_t("conv2d", """
P = show
x = tf.reshape(tf.range(2 * 5 * 5 * 3, dtype=tf.float32), [2, 5, 5, 3]) / 50.
w = tf.reshape(tf.range(3 * 3 * 3 * 2, dtype=tf.float32), [3, 3, 3, 2]) / 30. - 0.5
grad(lambda x, w: tf.nn.conv2d(x, w, 1, 'SAME'), x, w)
grad(lambda x, w: tf.nn.conv2d(x, w, [2, 1], 'VALID'), x, w)
grad(lambda x, w: tf.nn.conv2d(x, w, 2, [[0, 0], [1, 2], [0, 1], [0, 0]]), x, w)
grad(lambda x, w: tf.nn.conv2d(x, w, 1, 'SAME', dilations=[1, 2]), x, w)
P(tf.nn.conv2d(x, w, [1, 2, 2, 1], 'SAME', dilations=2))
xc = tf.transpose(x, [0, 3, 1, 2])
P(tf.nn.conv2d(xc, w, 2, 'SAME', data_format='NCHW'))
print(tf.nn.conv2d(xc, w, 1, [[0, 0], [0, 0], [1, 1], [2, 0]], data_format='NCHW').shape)
P(tf.nn.conv2d(tf.reshape(tf.range(150) % 7, [2, 5, 5, 3]), tf.ones([3, 3, 3, 2], tf.int32), 1, 'VALID'))
P(tf.nn.conv2d(tf.cast(x, tf.float64), tf.cast(w, tf.float64), 1, 'VALID'))
P(tf.nn.conv2d(x[..., :2], tf.ones([3, 3, 1, 4]), 1, 'VALID'))
err(lambda: tf.nn.conv2d(x, tf.ones([3, 3, 4, 2]), 1, 'SAME'))
err(lambda: tf.nn.conv2d(x, tf.ones([7, 3, 3, 2]), 1, 'VALID'))
err(lambda: tf.nn.conv2d(x, tf.ones([3, 3, 3, 2], tf.float64), 1, 'VALID'))
err(lambda: tf.nn.conv2d(x, w, [2, 1, 1, 1], 'VALID'))
err(lambda: tf.nn.conv2d(x, w, [1, 2, 1], 'VALID'))
try:
    tf.nn.conv2d(x, w, 1, 'FOO')
except Exception as e:
    print(type(e).__name__, e)
""")
_t("conv1d_conv3d", """
P = show
x = tf.reshape(tf.range(2 * 7 * 2, dtype=tf.float32), [2, 7, 2]) / 10.
w = tf.reshape(tf.range(3 * 2 * 3, dtype=tf.float32), [3, 2, 3]) / 10. - 0.8
grad(lambda x, w: tf.nn.conv1d(x, w, 1, 'SAME'), x, w)
grad(lambda x, w: tf.nn.conv1d(x, w, 2, 'VALID', dilations=2), x, w)
P(tf.nn.conv1d(tf.transpose(x, [0, 2, 1]), w, 1, 'SAME', data_format='NCW'))
err(lambda: tf.nn.conv1d(tf.ones([1, 5, 2]), tf.ones([2, 3, 1]), 1, 'VALID'))
err(lambda: tf.nn.conv1d(tf.ones([1, 5, 2]), tf.ones([7, 2, 1]), 1, 'VALID'))
x = tf.reshape(tf.range(1 * 4 * 4 * 4 * 2, dtype=tf.float32), [1, 4, 4, 4, 2]) / 100.
w = tf.reshape(tf.range(2 * 2 * 2 * 2 * 3, dtype=tf.float32), [2, 2, 2, 2, 3]) / 50. - 0.4
grad(lambda x, w: tf.nn.conv3d(x, w, [1, 1, 1, 1, 1], 'SAME'), x, w)
grad(lambda x, w: tf.nn.conv3d(x, w, [1, 2, 2, 2, 1], 'VALID', dilations=[1, 1, 2, 1, 1]), x, w)
P(tf.nn.conv3d(tf.transpose(x, [0, 4, 1, 2, 3]), w, [1, 1, 2, 1, 1], 'SAME',
                data_format='NCDHW'))
err(lambda: tf.nn.conv3d(tf.ones([1, 5, 5, 5, 2]), tf.ones([2, 2, 2, 3, 1]), [1] * 5, 'VALID'))
err(lambda: tf.nn.conv3d(tf.ones([1, 5, 5, 5, 2], tf.int32), tf.ones([2, 2, 2, 2, 1], tf.int32), [1] * 5, 'VALID'))
""")
_t("conv2d_transpose", """
P = show
x = tf.reshape(tf.range(1 * 3 * 3 * 2, dtype=tf.float32), [1, 3, 3, 2]) / 10.
w = tf.reshape(tf.range(3 * 3 * 4 * 2, dtype=tf.float32), [3, 3, 4, 2]) / 50. - 0.3
grad(lambda x, w: tf.nn.conv2d_transpose(x, w, [1, 6, 6, 4], 2, 'SAME'), x, w)
grad(lambda x, w: tf.nn.conv2d_transpose(x, w, [1, 7, 7, 4], 2, 'VALID'), x, w)
P(tf.nn.conv2d_transpose(x, w, tf.constant([1, 5, 5, 4]), [1, 2, 2, 1], 'SAME'))
P(tf.nn.conv2d_transpose(tf.transpose(x, [0, 3, 1, 2]), w, [1, 4, 6, 6], 2,
                         data_format='NCHW'))
err(lambda: tf.nn.conv2d_transpose(x, w, [1, 6, 6, 5], 2, 'SAME'))
""")
_t("conv_transpose_gradients", """
# Small integers: every sum is exact in float32, so the values compare exactly.
def ints(shape, mod):
    return tf.cast(tf.reshape(tf.range(tf.reduce_prod(shape)) % mod - mod // 2, shape),
                   tf.float32)
def weighted(y):
    return tf.reduce_sum(y * ints(tf.shape(y), 3))
def grads(f, x, w):
    with tf.GradientTape() as g:
        g.watch([x, w])
        loss = weighted(f(x, w))
    return g.gradient(loss, [x, w])
def check(f, x, w):
    traced = tf.function(lambda x, w: grads(f, x, w), autograph=False)
    for d in [f(x, w)] + grads(f, x, w) + traced(x, w):
        show(d)
    with tf.autodiff.ForwardAccumulator([x, w], [ints(x.shape, 2), ints(w.shape, 5)]) as acc:
        y = f(x, w)
    show(acc.jvp(y))
    with tf.GradientTape() as outer:   # the filter gradient of the input gradient
        outer.watch(w)
        dx = grads(f, x, w)[0]
        second = weighted(dx * dx)
    show(outer.gradient(second, w))
x2, w2 = ints([2, 3, 3, 2], 5), ints([3, 3, 4, 2], 7)
check(lambda x, w: tf.nn.conv2d_transpose(x, w, [2, 6, 6, 4], 2, 'SAME'), x2, w2)
check(lambda x, w: tf.nn.conv2d_transpose(x, w, [2, 7, 7, 4], 2, 'VALID'), x2, w2)
check(lambda x, w: tf.nn.conv2d_transpose(x, w, [2, 7, 7, 4], 1, 'VALID', dilations=2),
      x2, w2)
check(lambda x, w: tf.nn.conv1d_transpose(x, w, [2, 12, 3], 3, 'SAME'),
      ints([2, 4, 2], 5), ints([4, 3, 2], 7))
check(lambda x, w: tf.nn.conv3d_transpose(x, w, [1, 4, 4, 6, 3], [1, 2, 2, 3, 1], 'SAME'),
      ints([1, 2, 2, 2, 2], 5), ints([2, 3, 2, 3, 2], 7))
""")
_t("conv_transpose_errors", """
# oneDNN's float32 kernels take dilations and fail on any size mismatch (AbortedError);
# the float64 (Eigen) kernels have no dilations and name their size check.
x, w = tf.ones([2, 3, 3, 2]), tf.ones([3, 3, 4, 2])
x3, w3 = tf.ones([1, 3, 3, 3, 2]), tf.ones([3, 3, 3, 4, 2])
for dt in (tf.float32, tf.float64):
    a, b, a3, b3 = (tf.cast(t, dt) for t in (x, w, x3, w3))
    for out, s, pad, d in (([2, 7, 7, 4], 1, 'VALID', 2), ([2, 5, 5, 4], 1, 'VALID', 2),
                           ([2, 4, 4, 4], 1, 'SAME', 2), ([2, 9, 9, 4], 1, 'VALID', 1),
                           ([2, 9, 9, 4], 2, 'VALID', 1)):
        err(lambda: show(tf.nn.conv2d_transpose(a, b, out, s, pad, dilations=d)))
    err(lambda: show(tf.nn.conv1d_transpose(a[:, 0], b[0], [2, 5, 4], 1, 'VALID', dilations=2)))
    err(lambda: show(tf.nn.conv1d_transpose(a[:, 0], b[0], [2, 9, 4], 1, 'VALID')))
    err(lambda: show(tf.nn.conv3d_transpose(a3, b3, [1, 7, 7, 7, 4], 1, 'VALID', dilations=2)))
    err(lambda: show(tf.nn.conv3d_transpose(a3, b3, [1, 9, 9, 9, 4], 1, 'VALID')))
""")
_t("depthwise_separable", """
P = show
x = tf.reshape(tf.range(2 * 5 * 5 * 3, dtype=tf.float32), [2, 5, 5, 3]) / 50.
w = tf.reshape(tf.range(2 * 2 * 3 * 2, dtype=tf.float32), [2, 2, 3, 2]) / 10. - 0.5
grad(lambda x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME'), x, w)
grad(lambda x, w: tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'VALID'), x, w)
P(tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'VALID', dilations=[2, 2]))
P(tf.nn.depthwise_conv2d(tf.transpose(x, [0, 3, 1, 2]), w, [1, 1, 1, 1], 'VALID',
                         data_format='NCHW'))
err(lambda: tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 4, 2]), [1, 1, 1, 1], 'SAME'))
err(lambda: tf.nn.depthwise_conv2d(tf.cast(x, tf.int32), tf.ones([2, 2, 3, 2], tf.int32), [1, 1, 1, 1], 'SAME'))
p = tf.reshape(tf.range(6 * 4, dtype=tf.float32), [1, 1, 6, 4]) / 20. - 0.5
grad(lambda x, w, p: tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], 'SAME'), x, w, p)
P(tf.nn.separable_conv2d(x, w, p, [1, 2, 2, 1], 'VALID'))
err(lambda: tf.nn.separable_conv2d(x, w, tf.ones([1, 1, 5, 4]), [1, 1, 1, 1], 'SAME'))
""")

# -- pooling ----------------------------------------------------------------------------------

_t("max_pool", """
P = show
x = tf.constant([[1., 3., 3., 0.], [2., 3., 1., 1.], [0., 0., 5., 5.], [4., 1., 5., 2.]])
x4 = tf.reshape(x, [1, 4, 4, 1])
grad(lambda x: tf.nn.max_pool2d(x, 2, 2, 'VALID'), x4)
grad(lambda x: tf.nn.max_pool2d(x, 3, 1, 'SAME'), x4)
grad(lambda x: tf.nn.max_pool2d(x, [2, 3], [1, 2], 'SAME'), x4)
grad(lambda x: tf.nn.max_pool(x, 2, 1, 'VALID'), tf.reshape(x, [2, 8, 1]))
grad(lambda x: tf.nn.max_pool1d(x, 3, 2, 'SAME'), tf.reshape(x, [1, 16, 1]))
grad(lambda x: tf.nn.max_pool3d(x, 2, 2, 'VALID'), tf.reshape(x, [1, 2, 2, 4, 1]))
P(tf.nn.max_pool(tf.reshape(x, [1, 2, 2, 4, 1]), [1, 2, 2], 1, 'SAME'))
P(tf.nn.max_pool2d(x4, [1, 2, 2, 1], [1, 2, 2, 1], [[0, 0], [1, 1], [1, 1], [0, 0]]))
P(tf.nn.max_pool2d(tf.reshape(tf.range(32.), [1, 2, 4, 4]), 2, 2, 'VALID', data_format='NCHW'))
P(tf.nn.max_pool2d(tf.constant([[[[1], [-5]], [[7], [2]]]], tf.int32), 2, 1, 'SAME'))
P(tf.nn.max_pool2d(tf.cast(x4, tf.float64), 2, 2, 'VALID'))
P(tf.nn.max_pool2d(tf.zeros([0, 4, 4, 1]), 2, 2, 'VALID'))
err(lambda: tf.nn.max_pool2d(tf.ones([2, 3, 4]), 2, 2, 'VALID'))
err(lambda: tf.nn.max_pool3d(tf.ones([1, 4, 4, 4, 1], tf.int32), 2, 2, 'VALID'))
err(lambda: tf.nn.max_pool(tf.ones([1, 4, 4, 4, 1, 1]), 2, 2, 'VALID'))
err(lambda: tf.nn.max_pool2d(tf.ones([1, 4, 4, 1]), [2, 2, 2], 2, 'VALID'))
""")
_t("max_pool_tiling_windows", """
P = show
# windows that tile the input (strides == ksize): SAME padding before the first row,
# zeros and negatives tying with the padding, a cropped VALID edge, float64,
# 1-D and 3-D, inside tf.function
z = tf.constant([[0., -1., 0., 0., -2., 0., 0.], [0., 0., 0., -3., 0., 0., -1.],
                 [-1., -1., -1., -1., -1., -1., -1.], [2., 2., 0., 2., 2., 2., 0.],
                 [0., 0., 0., 0., 0., 0., 0.], [-5., 1., 1., -5., 1., 1., 9.],
                 [3., 3., 3., 3., 3., 3., 3.]])
z4 = tf.reshape(z, [1, 7, 7, 1])
grad(lambda x: tf.nn.max_pool2d(x, 3, 3, 'SAME'), z4)
grad(lambda x: tf.nn.max_pool2d(x, 3, 3, 'VALID'), z4)
grad(lambda x: tf.nn.max_pool2d(x, 2, 2, 'SAME'), z4)
grad(lambda x: tf.nn.max_pool2d(x, [2, 3], [2, 3], 'SAME'), tf.cast(z4, tf.float64))
P(tf.nn.max_pool2d(tf.reshape(z[:6, :6], [1, 1, 6, 6]), 2, 2, 'VALID', data_format='NCHW'))
grad(lambda x: tf.nn.max_pool1d(x, 3, 3, 'SAME'), tf.reshape(z[:2], [1, 14, 1]))
grad(lambda x: tf.nn.max_pool3d(x, 2, 2, 'SAME'), tf.reshape(z[:6, :6], [1, 3, 3, 4, 1]))
@tf.function
def f(x):
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.nn.max_pool2d(x, 3, 3, 'SAME')
    return y, g.gradient(y, x)
for t in f(z4):
    P(t)
""")
_t("max_pool_nan_and_inf", """
P = show
# TF's max pooling never picks a NaN and starts from the lowest finite value
inf, nan = float('inf'), float('nan')
v = [-inf, -inf, -inf, -inf, nan, -inf, nan, nan, 1., nan, 3., 2., nan, 0., -inf, -1.]
for dt in [tf.float32, tf.float64, tf.float16, tf.bfloat16]:
    x = tf.constant(v, dt)
    P(tf.nn.max_pool2d(tf.reshape(x, [1, 4, 4, 1]), 2, 2, 'VALID'))
    P(tf.nn.max_pool2d(tf.reshape(x, [1, 4, 4, 1]), 3, 1, 'SAME'))
P(tf.nn.max_pool1d(tf.reshape(tf.constant(v), [1, 16, 1]), 2, 2, 'VALID'))
P(tf.nn.max_pool3d(tf.reshape(tf.constant(v), [1, 2, 2, 4, 1]), 2, 2, 'VALID'))
@tf.function
def pool(x):
    return tf.nn.max_pool2d(x, 2, 2, 'VALID')
P(pool(tf.reshape(tf.constant(v), [1, 4, 4, 1])))
w = tf.reshape(tf.constant([1., 5., -inf, 2., 3., -inf, 0., 4., 7.]), [1, 3, 3, 1])
grad(lambda x: tf.nn.max_pool2d(x, 2, 1, 'VALID'), w)
grad(lambda x: tf.nn.max_pool2d(x, 3, 3, 'SAME'), w)
""")
_t("avg_pool", """
P = show
x = tf.reshape(tf.range(16.), [1, 4, 4, 1])
grad(lambda x: tf.nn.avg_pool2d(x, 2, 2, 'VALID'), x)
grad(lambda x: tf.nn.avg_pool2d(x, 3, 2, 'SAME'), x)
grad(lambda x: tf.nn.avg_pool(x, 3, 1, 'SAME'), tf.reshape(x, [2, 8, 1]))
grad(lambda x: tf.nn.avg_pool1d(x, 2, 1, 'VALID'), tf.reshape(x, [1, 16, 1]))
grad(lambda x: tf.nn.avg_pool3d(x, 2, 1, 'SAME'), tf.reshape(x, [1, 2, 2, 4, 1]))
P(tf.nn.avg_pool2d(tf.reshape(tf.range(32.), [1, 2, 4, 4]), 2, 2, 'VALID', data_format='NCHW'))
P(tf.nn.avg_pool(tf.cast(x, tf.float64), [2, 1], [1, 2], 'SAME'))
P(tf.nn.avg_pool2d(tf.cast(x, tf.float16), 2, 2, 'VALID'))
err(lambda: tf.nn.avg_pool2d(tf.ones([1, 4, 4, 1], tf.int32), 2, 2, 'VALID'))
""")

# -- lrn, embedding_lookup ------------------------------------------------------------------------

_t("local_response_normalization", """
P = show
x = tf.reshape(tf.range(2 * 2 * 1 * 6, dtype=tf.float32), [2, 2, 1, 6]) / 10. - 1.
grad(tf.nn.local_response_normalization, x)
grad(lambda x: tf.nn.lrn(x, depth_radius=1, bias=2., alpha=0.5, beta=0.75), x)
P(tf.nn.local_response_normalization(tf.cast(x, tf.float16), 2))
err(lambda: tf.nn.local_response_normalization(tf.ones([2, 3, 4])))
err(lambda: tf.nn.local_response_normalization(tf.ones([1, 1, 2, 4], tf.int32)))
err(lambda: tf.nn.local_response_normalization(tf.ones([1, 1, 2, 4], tf.float64)))
""")

_s("dropout_seeded_tf_stream_eager_and_function", """
tf.random.set_seed(0)
x = tf.ones([3, 5])
print(tf.nn.dropout(x, rate=0.5, seed=1))
print(tf.nn.dropout(x, rate=0.5, seed=1))
@tf.function
def f(x):
    return tf.nn.dropout(x, rate=0.5, seed=1)
print(f(x)); print(f(x))
print(tf.nn.dropout(x, rate=2/3, noise_shape=[1, 5], seed=1))
print(tf.nn.dropout(x, rate=0.0), tf.random.uniform([2]))
""", verbatim=True)


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass on the x86 CPUs the suite has run on, measured
# against TF 2.21's records; every other snippet of the suite compares exactly.

from harness import Tolerance

_CONV = "float32 convolution: oneDNN's summation order depends on the CPU, XLA's is its own"
_CANCEL = (" (an output near zero, a sum of terms up to 30 that cancel, is off by ulps of "
           "those terms: the atol)")
_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'activations_values_grads': Tolerance(_KERN, rtol=2e-07),
    'conv1d_conv3d': Tolerance(_CONV + _CANCEL, rtol=2e-07, atol=1e-06),
    'conv2d': Tolerance(_CONV + _CANCEL + '; ' + _F64, rtol=2e-07, atol=1e-06,
                        float64_ulps=1),
    'conv2d_transpose': Tolerance(_CONV, rtol=2e-06),
    'conv3d_grouped_under_jit_compile': Tolerance(_CONV, rtol=2e-07),
    'depthwise_separable': Tolerance(_CONV + _CANCEL, rtol=5e-07, atol=1e-06),
    'local_response_normalization': Tolerance(_KERN, rtol=1e-05),
    'moments_batch_norm': Tolerance(_SUM, rtol=5e-07),
    'sigmoid_cross_entropy': Tolerance(_KERN, rtol=2e-07),
    'softmax_cross_entropy': Tolerance(_KERN, rtol=1e-06),
}

_s("conv3d_grouped_under_jit_compile", """
# TF's CPU Conv3D kernel has no groups; XLA's (tf.function(jit_compile=True)) has.
x = tf.reshape(tf.range(64, dtype=tf.float32) / 10, (1, 2, 2, 4, 4))
w = tf.reshape(tf.range(32, dtype=tf.float32) / 10, (2, 2, 1, 2, 4))
def conv(x, w):
    return tf.nn.conv3d(x, w, [1] * 5, "VALID")
y = tf.function(conv, jit_compile=True)(x, w)
print(y.shape, y.dtype, y.numpy().ravel().tolist())
""")


_s("sigmoid_cross_entropy_float32_is_tfs_composition", """
# TF's sigmoid/weighted cross entropy are compositions of its ops: max(x, 0) - x * z +
# log1p(exp(-|x|)) with its Exp and Log1p kernels, float32 to the bit.
rs = np.random.RandomState(0)
x = tf.constant(np.concatenate([rs.uniform(-5, 5, 300), rs.uniform(0.01, 50, 300),
                                [0.0, -0.0, 90.0, -90.0]]), tf.float32)
z = tf.sigmoid(x)
s = tf.nn.sigmoid_cross_entropy_with_logits(z, x)
w = tf.nn.weighted_cross_entropy_with_logits(z, x, 2.5)
print(s.numpy()[::50].tolist(), float(tf.reduce_sum(s)))
print(w.numpy()[::50].tolist(), float(tf.reduce_sum(w)))
print(float(tf.keras.losses.BinaryCrossentropy(from_logits=True)(z, x)))
f = tf.function(lambda a, b: tf.nn.sigmoid_cross_entropy_with_logits(a, b), autograph=False)
print(bool(tf.reduce_all(f(z, x) == s)))
""")
