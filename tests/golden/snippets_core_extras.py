"""Golden snippets for small names real TF2 programs use: tf.version, tf.group, tf.no_op,
tf.tuple, tf.unravel_index, tf.is_symbolic_tensor, tf.config.get/set_visible_devices and
tf.nn's statistics (sufficient_statistics, normalize_moments, weighted_moments,
zero_fraction, crelu)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("version_constants", """
print(tf.version.VERSION, tf.version.GIT_VERSION, tf.version.COMPILER_VERSION)
print(tf.version.GRAPH_DEF_VERSION, tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER,
      tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER)
print(tf.__version__, tf.__git_version__, tf.__compiler_version__, tf.__cxx11_abi_flag__,
      tf.__monolithic_build__)
print(sorted(n for n in dir(tf.version) if not n.startswith("_")), "version" in dir(tf))
""")

_s("group_no_op_tuple_eager", """
a, b = tf.constant(1), tf.constant([2.0, 3.0])
print(tf.no_op(), tf.group(a, b), tf.group(), tf.group(1, "x"), tf.group([a, [b]], name="g"))
pair = (a, b)
t = tf.tuple(pair)
print(t is pair, tf.tuple([a, None, b]), tf.tuple([1, 2]))
print(tf.tuple([a], control_inputs=[b]))
""")

_s("group_no_op_tuple_in_function", """
v = tf.Variable(1.0)

@tf.function
def f(x):
    g = tf.group(x, x * 2, v)
    t = tf.tuple([x, x + 1.0, None])
    print("traced", type(t).__name__, len(t), t[2], [u.dtype.name for u in t[:2]])
    n = tf.no_op()
    for bad in (lambda: tf.group(1), lambda: tf.group(x, None), lambda: tf.group(x, bogus=1),
                lambda: tf.tuple([None]), lambda: tf.tuple([x], control_inputs=[3])):
        try:
            bad()
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
    return t[0] + t[1]

print(f(tf.constant(2.0)))

@tf.function
def g(x):
    return tf.group(x)

print(g(tf.constant(1.0)))
""")

_s("unravel_index_values", """
cases = [([5, 7], [3, 4]), (5, [3, 4]), (3, [3, 4]), (-13, [3, 4]), ([-1], [3, 4]),
         ([1621], [6, 7, 8, 9]), (1621, [6, 7, 8, 9]), ([22, 41, 37], [7, 6]), (0, []),
         (tf.constant([1, 11], tf.int64), tf.constant([3, 4], tf.int64)),
         ([1, 2], tf.constant([3, 4], tf.int64)), (tf.constant([1], tf.int64), [3, 4]),
         (np.array([7, 0], np.int32), np.array([2, 2, 2], np.int32))]
for idx, dims in cases:
    r = tf.unravel_index(idx, dims)
    print(r.dtype.name, r.shape, r.numpy().tolist())
""")

_s("unravel_index_errors", """
cases = [([[1, 2], [3, 4]], [2, 3]), ([12], [3, 4]), ([1], [0, 4]), ([1.], [3, 4]),
         ([1], [3, -4]), ([1], 12), ([1], [[3, 4]]), ([], [3, 4]), ([], [0, 4]), ([[]], [3, 4]),
         ([1], [100000, 100000]), ([1], [65536, 65536]), ([1], []),
         (tf.constant([1], tf.int64), tf.constant([2**32, 2**32], tf.int64)),
         (tf.zeros([0], tf.int64), tf.constant([3], tf.int64)),
         (tf.constant([12]), tf.constant([3, 4])), (tf.constant([12]), [3, 4]),
         ([12], tf.constant([3, 4])), (tf.constant([1]), tf.constant([3, 4], tf.int64))]
for idx, dims in cases:
    try:
        r = tf.unravel_index(idx, dims)
        print("value", r.dtype.name, r.numpy().tolist())
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, repr(e.message))
""")

_s("unravel_index_in_function", """
@tf.function
def f(i, d):
    return tf.unravel_index(i, d)

print(f(tf.constant([5, 7]), tf.constant([3, 4])))
print(f(tf.constant(9, tf.int64), tf.constant([2, 5], tf.int64)))
for i, d in ((tf.constant([12]), tf.constant([3, 4])), (tf.constant([1]), tf.constant([0, 4]))):
    try:
        print(f(i, d))
    except tf.errors.InvalidArgumentError as e:   # (the message's kernel text)
        print(type(e).__name__, "index is out of bound as with dims" in e.message,
              "cannot contain a dim of zero, but dims contains zero at index 1" in e.message)

@tf.function
def g():
    return tf.unravel_index([5, 7], [3, 4])

print(g())
""")

_s("is_symbolic_tensor", """
c = tf.constant(3.0)
v = tf.Variable(1.0)
print(tf.is_symbolic_tensor(c), tf.is_symbolic_tensor(1), tf.is_symbolic_tensor(v),
      tf.is_symbolic_tensor(np.ones(2)))

@tf.function
def f(x):
    print("traced", tf.is_symbolic_tensor(x), tf.is_symbolic_tensor(x * 2),
          tf.is_symbolic_tensor(tf.constant(1)), tf.is_symbolic_tensor(c),
          tf.is_symbolic_tensor(v), tf.is_symbolic_tensor(v.read_value()),
          tf.is_symbolic_tensor(tf.shape(x)))
    return x

f(tf.constant([1.0, 2.0]))
print(tf.is_symbolic_tensor(f.get_concrete_function(tf.constant([1.0, 2.0])).outputs[0]))
""")

_s("visible_devices", """
cpus = tf.config.list_physical_devices("CPU")
print(tf.config.get_visible_devices(), tf.config.get_visible_devices("GPU"),
      tf.config.get_visible_devices("CPU"), tf.config.get_visible_devices("TPU"))
print(tf.config.set_visible_devices([], "GPU"), tf.config.set_visible_devices(cpus, "CPU"),
      tf.config.set_visible_devices(cpus), tf.config.set_visible_devices(cpus[0]))
print(tf.config.experimental.get_visible_devices())
for bad in (lambda: tf.config.set_visible_devices(cpus, "GPU"),
            lambda: tf.config.set_visible_devices(
                [tf.config.PhysicalDevice("/physical_device:GPU:7", "GPU")])):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)
x = tf.constant(1.0) + 1
print(tf.config.set_visible_devices(cpus), tf.config.get_visible_devices())
""")

_s("sufficient_statistics_and_normalize_moments", """
x = tf.constant(np.linspace(-2.0, 3.0, 24).reshape(2, 3, 4), tf.float32)
for axes, shift, keepdims in (([0], None, False), ([0, 2], None, True), ([-1], 0.5, False),
                              ([1, 1], tf.constant(0.25), False)):
    c, m, v, s = tf.nn.sufficient_statistics(x, axes, shift=shift, keepdims=keepdims)
    print(c.dtype.name, c.numpy(), m.shape, m.numpy().tolist(), v.numpy().tolist(),
          None if s is None else s.numpy())
    mean, var = tf.nn.normalize_moments(c, m, v, s)
    print(mean.numpy().tolist(), var.numpy().tolist())
x64 = tf.constant(np.arange(12.0).reshape(3, 4) / 7.0)
c, m, v, _ = tf.nn.sufficient_statistics(x64, [0, 1])
print(c.dtype.name, c.numpy(), m.numpy(), v.numpy(), tf.nn.normalize_moments(c, m, v, None))

@tf.function
def f(x):
    c, m, v, _ = tf.nn.sufficient_statistics(x, [0])
    return tf.nn.normalize_moments(c, m, v, None)

print([t.numpy().tolist() for t in f(x)])
xv = tf.Variable(x)
with tf.GradientTape() as tape:
    c, m, v, _ = tf.nn.sufficient_statistics(xv, [0, 2])
    mean, var = tf.nn.normalize_moments(c, m, v, None)
    loss = tf.reduce_sum(mean * var)
print(tape.gradient(loss, xv).numpy().tolist())
""")

_s("weighted_moments", """
x = tf.constant(np.linspace(-1.0, 2.0, 12).reshape(3, 4), tf.float32)
w = tf.constant([[1.0, 2.0, 0.0, 1.0]])
for axes, keepdims in (([1], False), ([0], True), ([0, 1], False)):
    mean, var = tf.nn.weighted_moments(x, axes, w, keepdims=keepdims)
    print(mean.shape, mean.numpy().tolist(), var.numpy().tolist())
print(tf.nn.weighted_moments(x, [1], tf.zeros([3, 1])))
print(tf.nn.weighted_moments(tf.cast(x, tf.float16), [0], tf.constant([[1], [2], [3]])))
print(tf.nn.weighted_moments(tf.cast(x, tf.float64), [1], w))
xv = tf.Variable(x)
wv = tf.Variable(w)
with tf.GradientTape() as tape:
    mean, var = tf.nn.weighted_moments(xv, [1], wv)
    loss = tf.reduce_sum(mean) + tf.reduce_sum(var)
gx, gw = tape.gradient(loss, [xv, wv])
print(gx.numpy().tolist(), gw.numpy().tolist())
print(tf.function(lambda x, w: tf.nn.weighted_moments(x, [1], w), autograph=False)(x, w))
""")

_s("zero_fraction_and_crelu", """
for v in (tf.constant([[1.0, 0.0, 3.0], [0.0, 0.0, 2.0]]), tf.constant([0, 1, 2, 0, 0, 0, 7]),
          tf.zeros([5, 7]), tf.constant([True, False, False]), tf.constant([np.nan, 0.0, -0.0])):
    z = tf.nn.zero_fraction(v)
    print(z.dtype.name, z.shape, z.numpy(), tf.math.zero_fraction(v).numpy())
x = tf.constant(np.arange(77) % 3 == 0, tf.float32)
print(tf.nn.zero_fraction(x).numpy().item(),
      tf.function(tf.nn.zero_fraction, autograph=False)(x).numpy().item())
f = tf.constant([[1.0, -2.0, 0.0], [-0.5, 3.0, -1.0]])
print(tf.nn.crelu(f), tf.nn.crelu(f, axis=0))
print(tf.function(lambda t: tf.nn.crelu(t, axis=1), autograph=False)(f))
fv = tf.Variable(f)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.nn.crelu(fv) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
print(tape.gradient(loss, fv))
""")

from harness import Tolerance  # noqa: E402

_SUM = ("float32 summation order: TF's Eigen reductions over several axes (and the sums "
        "of their gradients) order their additions by the CPU's vector width, XLA by its own")
TOLERANCE = {
    "weighted_moments": Tolerance(_SUM, rtol=1e-07),
}

_s("register_tensor_conversion_function", """
import re
class Meters:
    def __init__(self, v):
        self.v = v
def to_tensor(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.v, dtype=dtype or tf.float32, name=name)
tf.register_tensor_conversion_function(Meters, to_tensor)
m = Meters([1.0, 2.0])
print(tf.convert_to_tensor(m), tf.convert_to_tensor(m, dtype=tf.float64))
print(tf.add(m, 1.0), tf.reduce_sum(m), tf.convert_to_tensor(m, dtype_hint=tf.float64).dtype)
@tf.function
def double(x):
    return tf.convert_to_tensor(x) * 2.0
print(double(m))
class Feet(Meters):
    pass
print(tf.square(Feet([3.0])))
def show(call):
    try:
        print(call())
    except (TypeError, ValueError, RuntimeError) as e:
        print(type(e).__name__, re.sub(' at 0x[0-9a-f]+', '', str(e)))
for base in [int, (int, str), float, 'x']:
    show(lambda: tf.register_tensor_conversion_function(base, to_tensor))
show(lambda: tf.register_tensor_conversion_function(Meters, 3))
def as_list(value, dtype=None, name=None, as_ref=False):
    return [1, 2]
def as_int(value, dtype=None, name=None, as_ref=False):
    return tf.constant(1)
def declines(value, dtype=None, name=None, as_ref=False):
    return NotImplemented
def as_variable(value, dtype=None, name=None, as_ref=False):
    return tf.Variable(7)
class A: pass
class B: pass
class C: pass
class D: pass
tf.register_tensor_conversion_function(A, as_list)
tf.register_tensor_conversion_function(B, as_int)
tf.register_tensor_conversion_function(C, declines)
tf.register_tensor_conversion_function(D, declines)
tf.register_tensor_conversion_function(D, as_int, priority=150)
tf.register_tensor_conversion_function(C, as_int, priority=250)
show(lambda: tf.convert_to_tensor(A()))
show(lambda: tf.convert_to_tensor(B(), dtype=tf.float32, name='b'))
show(lambda: tf.convert_to_tensor(B(), dtype_hint=tf.float32))
show(lambda: tf.convert_to_tensor(C()))
show(lambda: tf.convert_to_tensor(D()))
tf.register_tensor_conversion_function(D, as_variable, priority=120)
show(lambda: tf.convert_to_tensor(D()))
""")

_s("dlpack", """
import re
import numpy as np
D = tf.experimental.dlpack
def show(call):
    try:
        print(re.sub(' at 0x[0-9a-f]+', '', repr(call())))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
for v in [tf.constant([[True, False]]), tf.constant(3, tf.int64), tf.constant(2**40, tf.uint64),
          tf.constant([-3], tf.int8), tf.constant([1 + 2j], tf.complex128),
          tf.constant([1.5], tf.bfloat16), tf.constant([1.5], tf.float16), tf.zeros([0, 3]),
          tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64)]:
    show(lambda: D.from_dlpack(D.to_dlpack(v)))
x = tf.constant([1.0, 2.0])
c = D.to_dlpack(x)
show(lambda: c)
show(lambda: D.from_dlpack(c))
show(lambda: c)
show(lambda: D.from_dlpack(c))
print(D.from_dlpack(np.arange(4.0).__dlpack__()), np.from_dlpack(tf.reshape(tf.range(6), [2, 3])))
show(lambda: D.from_dlpack(np.arange(6, dtype=np.int64).reshape(3, 2).__dlpack__()))
show(lambda: D.from_dlpack(np.arange(6).reshape(3, 2)[:1].__dlpack__()))
show(lambda: D.from_dlpack(np.arange(6).reshape(2, 3)[:, :1].__dlpack__()))
show(lambda: D.from_dlpack(np.arange(6).reshape(2, 3).T.__dlpack__()))
show(lambda: D.from_dlpack(np.arange(3)[::2].__dlpack__()))
show(lambda: D.from_dlpack(np.float32(2.5).__dlpack__()))
show(lambda: D.from_dlpack(3))
show(lambda: D.to_dlpack(tf.Variable([1.0])))
show(lambda: D.to_dlpack(np.ones(2)))
show(lambda: tf.constant([1, 2]).__dlpack_device__())
show(lambda: type(tf.constant([1, 2]).__dlpack__()).__name__)
for kw in [dict(stream=1), dict(copy=True), dict(copy=False), dict(dl_device=(1, 0)),
           dict(max_version=(1, 0))]:
    show(lambda: type(tf.constant([1.0]).__dlpack__(**kw)).__name__)
show(lambda: hasattr(tf.Variable([1.0]), "__dlpack__"))
show(lambda: sorted(n for n in dir(D) if not n.startswith("_")))
""")
