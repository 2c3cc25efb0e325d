"""Golden snippets: tf.function's retracing rules (shown through
``experimental_get_tracing_count`` and Python side effects that run at trace time only):
shapes, dtypes, Python values, structures, NumPy arguments, Variables;
reduce_retracing; the retracing warning; custom TraceTypes (__tf_tracing_type__)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# retracing rules

_s("retrace_shapes_and_dtypes", """
@tf.function
def f(x):
    print('tracing', x.shape, x.dtype.name)
    return x + x
f(tf.constant(1.0))
f(tf.constant(2.0))
f(tf.constant([1.0, 2.0]))
f(tf.constant([3.0, 4.0]))
f(tf.constant(1))
print(f.experimental_get_tracing_count())
print(repr(f(tf.constant([5, 6]))))
print(f.experimental_get_tracing_count())
""")
_s("retrace_python_scalars_by_value", """
@tf.function
def f(n):
    print('tracing', n)
    return tf.constant(1.0) * n
print(repr(f(1)))
print(repr(f(1)))
print(repr(f(2)))
print(repr(f(2)))
print(f.experimental_get_tracing_count())
@tf.function
def f(n):
    print('tracing', repr(n))
    return tf.constant(2.0) * n
f(1)
f(1.0)
f(1.5)
print(f.experimental_get_tracing_count())
""")
_s("retrace_python_bool", """
@tf.function
def f(x, training):
    print('tracing', training)
    if training:
        return x * 2.0
    return x
print(repr(f(tf.constant(3.0), True)))
print(repr(f(tf.constant(3.0), False)))
print(repr(f(tf.constant(4.0), True)))
print(f.experimental_get_tracing_count())
""")
_s("retrace_tensor_vs_python_value", """
@tf.function
def f(x):
    print('tracing', type(x).__name__ in ('int',))
    return x + 1
print(repr(f(1)))
print(repr(f(tf.constant(1))))
print(repr(f(tf.constant(5))))
print(repr(f(1)))
print(f.experimental_get_tracing_count())
""")
_s("retrace_nested_structures", """
@tf.function
def f(xs):
    print('tracing', type(xs).__name__, len(xs))
    return tf.add_n(list(xs))
a, b, c = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
print(repr(f([a, b])))
print(repr(f([b, c])))
print(repr(f((a, b))))
print(repr(f([a, b, c])))
print(f.experimental_get_tracing_count())
""")
_s("retrace_dict_arguments", """
@tf.function
def f(d):
    print('tracing', sorted(d))
    return d['x'] * d['y']
print(repr(f({'x': tf.constant(2.0), 'y': tf.constant(3.0)})))
print(repr(f({'y': tf.constant(5.0), 'x': tf.constant(4.0)})))
print(repr(f({'x': tf.constant(2.0), 'y': 3.0})))
print(f.experimental_get_tracing_count())
""")
_s("retrace_python_list_of_numbers", """
@tf.function
def f(x, ks):
    print('tracing', ks)
    return x * sum(ks)
x = tf.constant(1.0)
print(repr(f(x, [1, 2])))
print(repr(f(x, [1, 2])))
print(repr(f(x, [2, 1])))
print(f.experimental_get_tracing_count())
""")
_s("retrace_numpy_arguments", """
@tf.function
def f(x):
    print('tracing', x.shape, x.dtype.name)
    return x * 2
print(repr(f(np.array([1.0, 2.0], np.float32))))
print(repr(f(np.array([3.0, 4.0], np.float32))))
print(repr(f(np.array([3.0, 4.0]))))
print(f.experimental_get_tracing_count())
""")
_s("retrace_variables_same_spec", """
v1 = tf.Variable(1.0)
v2 = tf.Variable(2.0)
v3 = tf.Variable([1.0, 2.0])
@tf.function
def f(v):
    print('tracing')
    return v * 10.0
print(repr(f(v1)))
print(repr(f(v2)))
print(repr(f(v3)))
print(f.experimental_get_tracing_count())
""")
_s("side_effects_at_trace_only", """
log = []
@tf.function
def f(x):
    log.append('traced')
    print('python print')
    return x * 2
for i in range(3):
    print(repr(f(tf.constant(i))))
print(log)
print(f.experimental_get_tracing_count())
""")


# ---------------------------------------------------------------------------
# reduce_retracing, the retracing warning, custom trace types

_s("reduce_retracing_relaxes_shapes", """
@tf.function(reduce_retracing=True)
def g(x, k):
    print('Tracing with', x, k)
    return x * k
print(g(tf.constant([1, 2, 3]), 2))
print(g(tf.constant([1, 2, 3, 4, 5]), 2))
print(g(tf.constant([1, 2, 3, 4, 5, 6, 7]), 2))
print(g(tf.constant([1, 2]), 3))
print(g.experimental_get_tracing_count())
""", verbatim=True)

_s("reduce_retracing_rank_change", """
@tf.function(reduce_retracing=True)
def g(x):
    print('Tracing with', x)
    return x * 2
print(g(tf.constant([1, 2, 3])))
print(g(tf.constant([[1, 2]])))
print(g(tf.constant([[1, 2, 3]])))
print(g.experimental_get_tracing_count())
""", verbatim=True)

_s("retracing_warning", """
@tf.function
def f(x):
    return x + 1
for i in range(12):
    f(tf.zeros([i]))
print(f.experimental_get_tracing_count())
for i in range(3):
    f(tf.zeros([1]))
def make():
    @tf.function
    def same(x):
        return x * 2
    return same
for _ in range(6):
    make()(1.0)
""", verbatim=True)

_s("custom_trace_type_protocol", """
@tf.function
def get_mixed_flavor(fruit_a, fruit_b):
  return fruit_a.flavor + fruit_b.flavor

class Fruit:
  flavor = tf.constant([0, 0])

class Apple(Fruit):
  flavor = tf.constant([1, 2])

class Mango(Fruit):
  flavor = tf.constant([3, 4])

# As described in the above rules, a generic TraceType for `Apple` and `Mango`
# is generated (and a corresponding ConcreteFunction is traced) but it fails to
# match the second function call since the first pair of Apple() and Mango()
# have gone out out of scope by then and deleted.
get_mixed_flavor(Apple(), Mango()) # Traces a new concrete function
get_mixed_flavor(Apple(), Mango()) # Traces a new concrete function again

# However, each subclass of the `Fruit` class has a fixed flavor, and you
# can reuse an existing traced concrete function if it was the same
# subclass. Avoiding such unnecessary tracing of concrete functions
# can have significant performance benefits.

class FruitTraceType(tf.types.experimental.TraceType):
  def __init__(self, fruit):
    self.fruit_type = type(fruit)
    self.fruit_value = fruit

  def is_subtype_of(self, other):
      # True if self subtypes `other` and `other`'s type matches FruitTraceType.
      return (type(other) is FruitTraceType and
              self.fruit_type is other.fruit_type)

  def most_specific_common_supertype(self, others):
      # `self` is the specific common supertype if all input types match it.
      return self if all(self == other for other in others) else None

  def placeholder_value(self, placeholder_context=None):
      # Use the fruit itself instead of the type for correct tracing.
      return self.fruit_value

  def __eq__(self, other):
    return type(other) is FruitTraceType and self.fruit_type == other.fruit_type

  def __hash__(self):
    return hash(self.fruit_type)

class FruitWithTraceType:

  def __tf_tracing_type__(self, context):
    return FruitTraceType(self)

class AppleWithTraceType(FruitWithTraceType):
  flavor = tf.constant([1, 2])

class MangoWithTraceType(FruitWithTraceType):
  flavor = tf.constant([3, 4])

# Now if you try calling it again:
get_mixed_flavor(AppleWithTraceType(), MangoWithTraceType()) # Traces a new concrete function
get_mixed_flavor(AppleWithTraceType(), MangoWithTraceType()) # Re-uses the traced concrete function
print(get_mixed_flavor(AppleWithTraceType(), MangoWithTraceType()), get_mixed_flavor.experimental_get_tracing_count())
print(isinstance(get_mixed_flavor, tf.types.experimental.GenericFunction), isinstance(get_mixed_flavor, tf.types.experimental.Callable), isinstance(1.0, tf.types.experimental.TensorLike), isinstance(AppleWithTraceType(), tf.types.experimental.SupportsTracingProtocol))
""", verbatim=True)
_s("static_shapes_of_a_signature_traced_per_shape", """
# Functions of unknown dimensions that XLA compiles per shape (a size read as a value):
# inside, their arguments and ops show the signature's static shapes, as TF's one trace.
@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def f(x):
    n = tf.range(tf.shape(x)[0])
    y = tf.matmul(x, tf.ones([3, 2]))
    print('f', x.shape, y.shape, n.shape, tf.reduce_sum(x, 0).shape, tf.concat([x, x], 1).shape)
    return y, n
print(f(tf.ones([2, 3]))[1], f(tf.ones([4, 3]))[1], f.experimental_get_tracing_count())
@tf.function(reduce_retracing=True)
def g(x, w):
    k = tf.range(tf.shape(x)[1])
    print('g', x.shape, tf.matmul(x, w).shape, k.shape, x.shape[1] is None)
    return tf.matmul(x, w), k
print(g(tf.ones([2, 3]), tf.ones([3, 1]))[1])
print(g(tf.ones([2, 4]), tf.ones([4, 1]))[1])
print(g(tf.ones([5, 2]), tf.ones([2, 1]))[0].shape, g.experimental_get_tracing_count())
""")
_s("reduce_retracing_after_a_failed_trace", """
# A trace that raised is not in TF's cache: later calls do not relax against it.
@tf.function(reduce_retracing=True)
def h(x):
    if x.shape[-1] == 5:
        raise ValueError('five')
    print('h', x.shape)
    return x
try:
    h(tf.ones([2, 5]))
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-1])
for shape in ([2, 4], [3, 4], [4, 4], [2, 5]):
    try:
        print(h(tf.ones(shape)).shape)
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[-1])
print(h.experimental_get_tracing_count())
""")
