"""Golden snippets for bad inputs (issue 13): arguments where TF raises and tfcompat must
not return a value. Float shapes/multiples/perms, Variable shapes incompatible with the
initial value, a dict input_signature called with other keys, non-bool predicates of
tf.cond in a tf.function, arithmetic on bool tensors, *_like of dtypes that cannot hold
a 1 or 0. Each case eagerly and, where it applies, inside a tf.function.
"""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()
_ERR = """
def err(f):
    try:
        P(f())
    except Exception as e:
        print(type(e).__name__, e)
def err_head(f):
    # (TF's message ends with the generated function's name: [Op:__inference_f_123])
    try:
        P(f())
    except Exception as e:
        print(type(e).__name__, str(e).split(' [Op:')[0])
P = lambda t: print(repr(t))
"""


def _t(name, source):
    SNIPPETS.add(name, _ERR + textwrap.dedent(source))


_t("float_shapes", """
x = tf.constant([1., 2., 3., 4., 5., 6.])
m = tf.ones([2, 3])
err(lambda: tf.reshape(x, [2.0, 3]))
err(lambda: tf.reshape(x, tf.constant([2.0, 3.0])))
err(lambda: tf.reshape(x, [2, 3]))
err(lambda: tf.tile(x, [2.0]))
err(lambda: tf.transpose(m, [1.0, 0]))
err(lambda: tf.broadcast_to(x, [2.0, 6]))
@tf.function
def reshape(x):
    return tf.reshape(x, [2.0, 3])
err(lambda: reshape(x))
@tf.function
def tile(x):
    return tf.tile(x, [2.0])
err(lambda: tile(x))
@tf.function
def transpose(x):
    return tf.transpose(x, [1.0, 0])
err(lambda: transpose(m))
@tf.function
def broadcast_to(x):
    return tf.broadcast_to(x, [2.0, 6])
err(lambda: broadcast_to(x))
""")

_t("variable_shape", """
err(lambda: tf.Variable(1., shape=[2]))
err(lambda: tf.Variable([1., 2.], shape=(3,)))
err(lambda: tf.Variable([1., 2.], shape=tf.TensorShape([3])))
v = tf.Variable([1., 2.], shape=[None])
print(v.shape, v.numpy())
v = tf.Variable([1., 2.], shape=tf.TensorShape(None))
print(v.shape, v.numpy())
""")

_t("dict_input_signature", """
@tf.function(input_signature=[{'a': tf.TensorSpec([], tf.float32)}])
def f(d):
    return d
err(lambda: f({'b': tf.constant(1.)}))
err(lambda: f({'a': tf.constant(1.), 'b': tf.constant(2.)}))
err(lambda: f({'a': tf.constant(1.)}))
""")

_t("cond_predicate", """
@tf.function
def f(p):
    return tf.cond(p, lambda: 1., lambda: 2.)
err_head(lambda: f(tf.constant(1.)))
err_head(lambda: f(tf.constant(1)))
err(lambda: f(tf.constant(True)))
@tf.function
def g():
    return tf.cond(1.0, lambda: 1., lambda: 2.)
err_head(g)
err(lambda: tf.cond(tf.constant(1.), lambda: 1., lambda: 2.))
""")

_t("bool_arithmetic", """
b = tf.constant(True)
c = tf.constant([True, False])
err(lambda: b + b)
err(lambda: b + True)
err(lambda: b - b)
err(lambda: b * b)
err(lambda: c * c)
err(lambda: b // b)
err(lambda: b % b)
err(lambda: b ** b)
err(lambda: b / b)
err(lambda: -b)
err(lambda: tf.add(b, b))
err(lambda: tf.multiply(b, b))
err(lambda: tf.maximum(b, b))
err(lambda: tf.minimum(c, c))
err(lambda: tf.pow(b, b))
err(lambda: tf.constant('a') + tf.constant('b'))
err(lambda: tf.constant('a') - tf.constant('b'))
""")

_t("bool_arithmetic_in_function", """
b = tf.constant(True)
for op in [lambda b: b + b, lambda b: b - b, lambda b: b * b, lambda b: b // b,
           lambda b: b ** b, lambda b: -b, lambda b: tf.maximum(b, b)]:
    err(lambda: tf.function(op, autograph=False)(b))
""")

_t("like_dtypes", """
x = tf.constant([1., 2.])
for d in [tf.string, tf.resource, tf.variant]:
    err(lambda: tf.ones_like(x, dtype=d))
err(lambda: tf.zeros_like(x, dtype=tf.string))
err(lambda: tf.ones_like(x, dtype=tf.int8))
""")

_t("float_axes_and_dims", """
x = tf.constant([[1., 2.], [3., 4.]])
for f in [lambda: tf.concat([x, x], axis=0.0), lambda: tf.expand_dims(x, 0.0),
          lambda: tf.gather(x, [0], axis=0.0), lambda: tf.gather(x, [0], axis=1.0),
          lambda: tf.argmax(x, axis=0.0), lambda: tf.argmin(x, axis=0.0),
          lambda: tf.fill([2.5], 1), lambda: tf.fill(tf.constant([2.5]), 1),
          lambda: tf.reduce_sum(x, axis=[1.0]), lambda: tf.reduce_sum(x, axis=1.0),
          lambda: tf.reduce_sum(x, axis=[1, 0.0]),
          lambda: tf.reduce_sum(x, axis=tf.constant([1.0])),
          lambda: tf.reduce_mean(x, axis=[1.0]), lambda: tf.reduce_max(x, axis=[1.0]),
          lambda: tf.reduce_min(x, axis=[1.0]), lambda: tf.reduce_prod(x, axis=[1.0]),
          lambda: tf.reduce_any(x > 1, axis=[1.0]), lambda: tf.reduce_all(x > 1, axis=[1.0]),
          lambda: tf.reduce_logsumexp(x, axis=[1.0]), lambda: tf.math.reduce_std(x, axis=[1.0])]:
    err(f)
    err(tf.function(f, autograph=False))
print(tf.concat([x, x], axis=0).shape, tf.gather(x, [1], axis=1).numpy().tolist(),
      tf.reduce_sum(x, axis=[1]).numpy().tolist(), tf.fill([2], 1).numpy().tolist())
""")
