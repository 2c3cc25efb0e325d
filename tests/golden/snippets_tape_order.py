"""Golden snippets: the order in which tf.GradientTape backpropagates and sums the
gradients of a tensor used by several ops (TF's eager tape: a FIFO queue of ops, each
tensor's gradients summed by one AddN in the order they arrive; a Variable's reads
summed in the order they complete), eagerly and inside tf.function, in float32 where
different orders round differently. Values are printed in full (tolist). Inside
tf.function TF's graph optimizations (oneDNN's AddN of 3 or more terms) may sum in
another order than its eager tape: only sums of 2 terms are covered there."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_DATA = """
rng = np.random.default_rng(7)
def vals(n=24):
    return (rng.standard_normal(n) * 10.0 ** rng.integers(-4, 4, n)).astype(np.float32)
x0 = tf.constant(vals())
a = [tf.constant(vals()) for _ in range(12)]
def show(g):
    print(g.dtype, g.shape, g.numpy().tolist())
"""

_s("fan_out_same_depth", _DATA + """
def f(x, k):
    t = x * a[0]
    for i in range(1, k):
        t = t + x * a[i]
    return tf.reduce_sum(t)
for k in (2, 3, 5, 10):
    for _ in range(2):   # (a tape's structure seen again)
        with tf.GradientTape() as g:
            g.watch(x0)
            y = f(x0, k)
        show(g.gradient(y, x0))
""")

_s("fan_out_nested_depths", _DATA + """
def f(x, k):
    t = x
    for i in range(k):
        t = t * a[i] + x
    return tf.reduce_sum(t)
for k in (2, 3, 5, 10):
    with tf.GradientTape() as g:
        g.watch(x0)
        y = f(x0, k)
    show(g.gradient(y, x0))
""")

_s("fan_out_mixed_depths", _DATA + """
def f(x, k):
    ys = [x * a[i] for i in range(k)]
    t = ys[0]
    for i, y in enumerate(ys[1:], 1):
        t = t + y * y if i % 2 else t * 1.5 + y
    return tf.reduce_sum(t * x)
for k in (2, 3, 5):
    with tf.GradientTape() as g:
        g.watch(x0)
        y = f(x0, k)
    show(g.gradient(y, x0))
""")

_s("same_tensor_twice_in_one_op", _DATA + """
with tf.GradientTape() as g:
    g.watch(x0)
    y = tf.reduce_sum(x0 * x0 + x0 * a[0] + a[1] * x0)
show(g.gradient(y, x0))
""")

_s("variable_read_by_several_ops", _DATA + """
v = tf.Variable(vals())
for k in (2, 3, 5):
    with tf.GradientTape() as g:
        t = v * a[0]
        for i in range(1, k):
            t = t * a[i] + v
        y = tf.reduce_sum(t * v)
    show(g.gradient(y, v))
""")

_s("in_function_fan_out", _DATA + """
v = tf.Variable(vals())
@tf.function
def grads(x):
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.reduce_sum(x * a[0] + x * a[1]) + tf.reduce_sum(v * a[2] + v * v)
    return g.gradient(y, [x, v])
for _ in range(2):
    for t in grads(x0):
        show(t)
""")

_s("several_targets", _DATA + """
for k in (3, 5):
    with tf.GradientTape(persistent=True) as g:
        g.watch(x0)
        ys = [x0 * a[i] for i in range(k)]
    show(g.gradient(ys, x0))
    show(g.gradient(ys[::-1], x0))
    show(g.gradient({'a': ys[0], 'b': ys[1:]}, x0))
""")

_s("nested_tape_fan_out", _DATA + """
with tf.GradientTape() as outer:
    outer.watch(x0)
    with tf.GradientTape() as inner:
        inner.watch(x0)
        y = tf.reduce_sum(x0 * x0 * a[0] + x0 * a[1] + a[2] * x0 * x0)
    g1 = inner.gradient(y, x0)
    z = tf.reduce_sum(g1 * a[3] + g1 * x0)
show(g1)
show(outer.gradient(z, x0))
""")
