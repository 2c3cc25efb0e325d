"""Golden snippets for tf.compat.v1 as TF2 programs use it: the v1 names that are TF2's own
functions (top level and in submodules), the eager-mode switches, set_random_seed and
tf.compat.v1.logging. The TF1-only names tfcompat refuses (Session, get_variable ...) are
pinned by tests/test_compat_v1.py."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("aliases_are_tf2_functions", """
v1 = tf.compat.v1
print(v1.log(tf.constant([1.0, 4.0])), v1.math.log(tf.constant(2.0, tf.float64)))
print(v1.matmul([[1, 2]], [[3], [4]]), v1.nn.relu([-1.0, 2.0]), v1.zeros([2], tf.int64))
print(v1.cast(tf.constant([1.7, -2.5]), tf.int32), v1.math.maximum([1.0, 5.0], 2.0))
print(v1.log is tf.math.log, v1.GradientTape is tf.GradientTape, v1.function is tf.function)
print(type(v1.gfile.GFile).__name__, v1.io.gfile.exists('/no/such/file'))
print(v1.dtypes.as_dtype('int8'), v1.float32, v1.TensorShape([None, 2]))

@tf.function
def f(x):
    return v1.square(x) + v1.math.sin(x)

print(f(tf.constant([0.5, 1.5])))
""")

_s("aliases_seeded_random", """
v1 = tf.compat.v1
v1.set_random_seed(7)
a = v1.random_normal([3], seed=2)
b = v1.random.uniform([2])
tf.random.set_seed(7)
print(a, b)
print(tf.reduce_all(tf.random.normal([3], seed=2) == a).numpy(),
      tf.reduce_all(tf.random.uniform([2]) == b).numpy())
""")

_s("eager_switches", """
v1 = tf.compat.v1
print(v1.enable_eager_execution(), v1.executing_eagerly(), v1.enable_v2_behavior())

@tf.function
def g():
    return v1.executing_eagerly()

print(g())
""")

_s("logging", """
v1 = tf.compat.v1
print(v1.logging.DEBUG, v1.logging.INFO, v1.logging.WARN, v1.logging.ERROR, v1.logging.FATAL)
old = v1.logging.get_verbosity()
v1.logging.set_verbosity(v1.logging.ERROR)
print(v1.logging.get_verbosity(), tf.get_logger().level)
v1.logging.set_verbosity(v1.logging.WARN)
v1.logging.warning('careful %d', 3)
v1.logging.info('not shown')
for i in range(5):
    v1.logging.log_first_n(v1.logging.WARN, 'first %d', 2, i)
for i in range(5):
    v1.logging.log_every_n(v1.logging.WARN, 'every %d', 2, i)
v1.logging.set_verbosity(old)
""")
