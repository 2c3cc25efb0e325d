"""Golden snippets: tf.nn.sparse_softmax_cross_entropy_with_logits to the last bit (TF's
fused kernel: log(sum(exp(d))) - d[label] with d = logits - max, Eigen's exp and sum,
backprop exp(d) / sum - onehot), where small losses decide a training run's course
(guide_core_mlp_core), eagerly and inside tf.function, with gradients."""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()

# V prints a tensor's values at full precision, its dtype and shape; XG the loss (mean of
# the per-example losses) and its gradient for the logits, eagerly then in a tf.function.
_s = SNIPPETS.adder(textwrap.dedent("""
def V(t):
    print(np.asarray(t.numpy(), np.float64).ravel().tolist(), t.dtype.name, t.shape)
def XG(logits, labels):
    def f(l, y):
        with tf.GradientTape() as t:
            t.watch(l)
            ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=l)
            loss = tf.reduce_mean(ce)
        return ce, loss, t.gradient(loss, l)
    for fn in (f, tf.function(f)):
        for t in fn(tf.constant(logits), tf.constant(labels)):
            V(t)
""").lstrip("\n"))


_s("sparse_xent_small_losses", """
# Margins from 0 to 25: losses from about log(10) down to 0, where the kernel's
# log(sum) - d[label] keeps digits that logsumexp - logit loses.
rng = np.random.RandomState(0)
logits = (rng.randn(32, 10) * 3).astype(np.float32)
labels = logits.argmax(1)
logits[np.arange(32), labels] += np.linspace(0, 25, 32).astype(np.float32)
XG(logits, labels)
XG(logits + np.float32(40), labels.astype(np.int32))
""")

_s("sparse_xent_class_counts", """
# Rows of 3, 8, 17 and 24 classes: Eigen's packets of 8 and the scalar tail.
rng = np.random.RandomState(1)
for classes in (3, 8, 17, 24):
    logits = (rng.randn(5, classes) * 4).astype(np.float32)
    XG(logits, rng.randint(0, classes, 5))
""")

_s("sparse_xent_ranks_dtypes", """
rng = np.random.RandomState(2)
logits = (rng.randn(2, 3, 10) * 5).astype(np.float32)
labels = rng.randint(0, 10, (2, 3)).astype(np.int64)
XG(logits, labels)
XG(logits.astype(np.float64), labels)
XG(logits.astype(np.float16), labels)
""")

_s("sparse_xent_extremes", """
logits = np.array([[0., -200., -1000., 5., 3.], [88., 100., -104., -103.9, -87.],
                   [-np.inf, 0., 1., 2., 3.], [30., 30., 30., 30., 30.]], np.float32)
XG(logits, np.array([3, 1, 4, 2]))
""")

_s("sparse_xent_descent", """
# Gradient steps on the logits themselves: the losses shrink towards 0 (as in a
# training run that fits its data), every step's rounding carried into the next.
rng = np.random.RandomState(3)
v = tf.Variable((rng.randn(16, 10) * 2).astype(np.float32))
y = tf.constant(rng.randint(0, 10, 16))
@tf.function
def step():
    with tf.GradientTape() as t:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, v))
    v.assign_sub(50. * t.gradient(loss, v))
    return loss
for i in range(40):
    loss = step()
    if i % 8 == 7:
        V(loss)
V(v)
""")
