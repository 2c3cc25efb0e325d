"""Golden snippets for shape arguments computed inside a tf.function from tf.shape of an
input with unknown dimensions (TF's constant_value_as_shape: Keras's dropout passes
tf.shape(x) as noise_shape), traced, and in a SavedModel saved from such a signature."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("shape_of_unknown_dims_as_shape_argument", """
import tempfile
m = tf.Module()
m.v = tf.Variable(2.0)

@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def f(x):
    s = tf.shape(x)
    y = tf.nn.experimental.stateless_dropout(x * m.v, 0.5, seed=[1, 2], noise_shape=s)
    z = tf.zeros(s) + tf.ones(tf.stack([s[0], 3]))
    w = tf.random.stateless_uniform(tf.shape(x)[:1], seed=[3, 4])
    print("traced", y.shape, z.shape, w.shape)
    return y + z, w

m.f = f
print(f(tf.ones([2, 3])))
print(f(tf.ones([4, 3])))
print(f.experimental_get_tracing_count())
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
r = tf.saved_model.load(d)
print(r.f(tf.ones([3, 3])))
""")

_s("shape_of_unknown_dims_reshape", """
@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def g(x):
    s = tf.shape(x)
    y = tf.reshape(x, tf.stack([s[1], s[0]]))
    z = tf.fill(s, 1.5)
    print("traced", y.shape, z.shape)
    return y, z, tf.reduce_sum(tf.zeros(tf.concat([s, [2]], 0)))

print(g(tf.reshape(tf.range(6.0), [2, 3])))
print(g(tf.ones([1, 3])))
""")
