"""Golden snippets for the rest of issue 4's op surface: Variable.scatter_{update,add,sub,
mul,div,min,max} with tf.IndexedSlices, tf.image.resize_with_pad, and tf.config's virtual
CPU devices, placement and threading settings.

The tf.config snippets change process-wide settings that TF fixes once its context starts,
so each runs its program in a fresh interpreter of the module under test (``tf.__name__``).
"""
import textwrap

from snippet_registry import FRESH, Snippets

HELPERS = """
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
"""

SNIPPETS = Snippets(prelude=textwrap.dedent(HELPERS).lstrip("\n"))
_s = SNIPPETS.add


# -- Variable.scatter_* ------------------------------------------------------------------

_s("variable_scatter_values", """
for kind in ["update", "add", "sub", "mul", "div", "min", "max"]:
    v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
    r = getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.constant([[2., 3.], [-1., 0.5]]), tf.constant([2, 0])))
    print(kind, type(r).__name__, r.name, r.shape, r.dtype)
    print(repr(r))
    print(repr(v))
    v = tf.Variable([10, 20, 30])
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.constant([3, 4, 5]), tf.constant([1, 1, 0]))))
    v = tf.Variable([10, -20, 30], dtype=tf.int64)
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.constant(7, tf.int64), tf.constant(1))))
    v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]], dtype=tf.float64)
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.constant([[[2., 3.]], [[4., 5.]]], tf.float64), tf.constant([[0], [2]], tf.int64))))
    v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.constant(2.), tf.constant([0, 2]))))
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices(tf.zeros([0, 2]), tf.zeros([0], tf.int32))))
    E(lambda: getattr(v, "scatter_" + kind)(tf.IndexedSlices([[1., 3.]], [1])))
""")
_s("variable_scatter_mul_div_min_max_dtypes", """
v = tf.Variable([1 + 1j, 2j])
E(lambda: v.scatter_mul(tf.IndexedSlices(tf.constant([1j]), tf.constant([1]))))
E(lambda: v.scatter_div(tf.IndexedSlices(tf.constant([1j, 2.]), tf.constant([1, 0]))))
v = tf.Variable([-7, 7, 9], dtype=tf.int32)
E(lambda: v.scatter_div(tf.IndexedSlices(tf.constant([2, 2, -4]), tf.constant([0, 1, 2]))))
v = tf.Variable([200, 3], dtype=tf.uint8)
E(lambda: v.scatter_mul(tf.IndexedSlices(tf.constant([2], tf.uint8), tf.constant([0]))))
E(lambda: v.scatter_max(tf.IndexedSlices(tf.constant([250, 1], tf.uint8), tf.constant([0, 1]))))
v = tf.Variable([1.5, -2.5], dtype=tf.float16)
E(lambda: v.scatter_min(tf.IndexedSlices(tf.constant([1., -3.], tf.float16), tf.constant([0, 1]))))
v = tf.Variable([1., np.nan, 3.])
E(lambda: v.scatter_max(tf.IndexedSlices(tf.constant([5., 0.]), tf.constant([2, 0]))))
""")
_s("variable_scatter_errors", """
for kind in ["update", "add", "sub", "mul", "div", "min", "max"]:
    v = tf.Variable([10, 20, 30])
    f = getattr(v, "scatter_" + kind)
    E(lambda: f(tf.IndexedSlices(tf.constant([3, 4]), tf.constant([1, 3]))))
    E(lambda: f(tf.IndexedSlices(tf.constant([3]), tf.constant([-1]))))
    E(lambda: f(tf.IndexedSlices(tf.constant([3., 4.]), tf.constant([1, 2]))))
    E(lambda: f(tf.IndexedSlices(tf.constant([3, 4, 5]), tf.constant([1, 2]))))
    E(lambda: f(tf.constant([1])))
    E(lambda: f(tf.IndexedSlices(tf.constant([3, 4]), tf.constant([1., 2.]))))
    w = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
    g = getattr(w, "scatter_" + kind)
    E(lambda: g(tf.IndexedSlices(tf.constant([2., 3.]), tf.constant([0]))))
    E(lambda: g(tf.IndexedSlices(tf.constant([[[2., 3.]], [[1., 1.]]]), tf.constant([[0], [4]]))))
    print(repr(v), repr(w))
for kind in ["add", "mul", "max"]:
    b = tf.Variable([True, False])
    E(lambda: getattr(b, "scatter_" + kind)(tf.IndexedSlices(tf.constant([True]), tf.constant([1]))))
E(lambda: tf.Variable([True, False]).scatter_update(tf.IndexedSlices(tf.constant([True]), tf.constant([1]))))
E(lambda: tf.Variable([10, 20]).scatter_div(tf.IndexedSlices(tf.constant([0]), tf.constant([1]))))
E(lambda: tf.Variable([10., 20.]).scatter_div(tf.IndexedSlices(tf.constant([1., 0.]), tf.constant([0, 1]))))
c = tf.Variable([1 + 1j, 2j])
try:
    c.scatter_max(tf.IndexedSlices(tf.constant([1j]), tf.constant([1])))
except Exception as e:
    import re   # TF lists the NodeDef's attrs in its map's order, which varies by run: sorted
    print(type(e).__name__, re.sub(r"with these attrs: \\[(.*?)\\]", lambda m: "with these attrs: ["
                                   + ", ".join(sorted(m.group(1).split(", "))) + "]", str(e)))
print(repr(c))
""")
_s("variable_scatter_in_function_and_tape", """
v = tf.Variable([10., 20., 30.])
@tf.function
def f(rows, values):
    v.scatter_mul(tf.IndexedSlices(values, rows))
    v.scatter_div(tf.IndexedSlices(values * 4., rows))
    v.scatter_min(tf.IndexedSlices(tf.constant([5.]), tf.constant([2])))
    return v.scatter_max(tf.IndexedSlices(tf.constant([15.]), tf.constant([0])))
print(f(tf.constant([1, 0]), tf.constant([2., 3.])))
print(repr(v))
print(f(tf.constant([2]), tf.constant([-1.])))
print(repr(v))
w = tf.Variable([1., 2.])
with tf.GradientTape() as t:
    w.scatter_mul(tf.IndexedSlices(tf.constant([3.]), tf.constant([0])))
    y = tf.reduce_sum(w * w)
print(t.gradient(y, w))
w = tf.Variable([1., 2.])
u = tf.constant([4.])
with tf.GradientTape() as t:
    t.watch(u)
    w.scatter_max(tf.IndexedSlices(u, tf.constant([1])))
    y = tf.reduce_sum(w * w)
print(t.gradient(y, [w, u]))
""")

# -- tf.image.resize_with_pad ----------------------------------------------------------------

_s("image_resize_with_pad", """
img = np.arange(2 * 3 * 5 * 2, dtype=np.float32).reshape(2, 3, 5, 2)
def P(f):
    try:
        t = f()
        print(t.shape, t.dtype, np.round(t.numpy(), 4))
    except Exception as e:
        print(type(e).__name__, e)
P(lambda: tf.image.resize_with_pad(img, 4, 4))
P(lambda: tf.image.resize_with_pad(img[0], 6, 3, method="nearest"))
P(lambda: tf.image.resize_with_pad(img[0], 3, 5))
P(lambda: tf.image.resize_with_pad(img[0], 9, 10))
P(lambda: tf.image.resize_with_pad(tf.constant(img[0].astype(np.uint8)), 5, 7))
P(lambda: tf.image.resize_with_pad(tf.constant(img[0].astype(np.uint8)), 5, 7, method="nearest"))
P(lambda: tf.image.resize_with_pad(img, 7, 3, method="bicubic", antialias=True))
P(lambda: tf.image.resize_with_pad(img[:, :, :, :1], 2, 8, method=tf.image.ResizeMethod.AREA))
P(lambda: tf.image.resize_with_pad(img, 0, 3))
P(lambda: tf.image.resize_with_pad(img, 3, -1))
P(lambda: tf.image.resize_with_pad(img[0, 0], 3, 3))
P(lambda: tf.image.resize_with_pad(tf.zeros([1, 0, 2, 1]), 3, 3))
@tf.function
def f(x):
    return tf.image.resize_with_pad(x, 4, 6)
P(lambda: f(img))
x = tf.constant(img[0])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.image.resize_with_pad(x, 4, 4) * tf.reshape(tf.range(32.), [4, 4, 2])
print(np.round(t.gradient(y, x).numpy(), 5))
""")

# -- tf.config: virtual devices and settings (each in a fresh interpreter) -----------------------

_s("config_virtual_cpus_tutorial", '''
fresh("""
physical_devices = tf.config.list_physical_devices("CPU")
print(physical_devices)
tf.config.experimental.set_virtual_device_configuration(
    physical_devices[0], [
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration()
    ])
print(tf.config.get_logical_device_configuration(physical_devices[0]))
print(tf.config.list_logical_devices())
print(tf.config.list_logical_devices("CPU"), tf.config.experimental.list_logical_devices("CPU"))
with tf.device("CPU:1"):
    y = tf.constant([2., 3.]) + 1
print(y)
with tf.device("/device:CPU:2"):
    z = tf.random.Generator.from_seed(1).normal([2])
print(z, y * z)
try:
    tf.config.set_logical_device_configuration(physical_devices[0], [tf.config.LogicalDeviceConfiguration()])
except RuntimeError as e:
    print(type(e).__name__, e)
print(tf.config.set_logical_device_configuration(physical_devices[0], [tf.config.LogicalDeviceConfiguration()] * 3))
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("config_logical_device_configuration", '''
fresh("""
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
pd = tf.config.list_physical_devices("CPU")
print(pd, tf.config.experimental.list_physical_devices("CPU"))
print(tf.config.experimental.VirtualDeviceConfiguration is tf.config.LogicalDeviceConfiguration)
c = tf.config.LogicalDeviceConfiguration()
print(repr(c), c.memory_limit, c.experimental_priority, c.experimental_device_ordinal)
print(repr(tf.config.LogicalDeviceConfiguration(memory_limit=10)), c == tf.config.LogicalDeviceConfiguration())
print(tf.config.get_logical_device_configuration(pd[0]))
E(lambda: tf.config.set_logical_device_configuration(pd[0], [tf.config.LogicalDeviceConfiguration(memory_limit=5)]))
E(lambda: tf.config.set_logical_device_configuration(pd[0], [tf.config.LogicalDeviceConfiguration(experimental_priority=1)]))
E(lambda: tf.config.set_logical_device_configuration(pd[0], [tf.config.LogicalDeviceConfiguration(experimental_device_ordinal=1)]))
E(lambda: tf.config.set_logical_device_configuration("CPU:0", [c]))
E(lambda: tf.config.set_logical_device_configuration(tf.config.PhysicalDevice("/physical_device:CPU:7", "CPU"), [c]))
E(lambda: tf.config.set_logical_device_configuration(pd[0], [c, c]))
print(tf.config.get_logical_device_configuration(pd[0]))
E(lambda: tf.config.set_logical_device_configuration(pd[0], [c, c, c, c]))
E(lambda: tf.config.get_logical_device_configuration("CPU:0"))
x = tf.constant(1.) + 1
print(x)
E(lambda: tf.config.set_logical_device_configuration(pd[0], [c, c]))
print(tf.config.get_logical_device_configuration(pd[0]))
print(tf.config.list_logical_devices("CPU"))
with tf.device("CPU:3"):
    print(tf.constant(2.) * x)
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("config_initialized_by_an_op", '''
fresh("""
x = tf.constant([1., 2.]) * 2
pd = tf.config.list_physical_devices("CPU")
try:
    tf.config.set_logical_device_configuration(pd[0], [tf.config.LogicalDeviceConfiguration()] * 2)
except RuntimeError as e:
    print(type(e).__name__, e)
print(tf.config.get_logical_device_configuration(pd[0]), tf.config.list_logical_devices("CPU"))
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("config_settings", '''
fresh("""
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
pd = tf.config.list_physical_devices("CPU")
print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(False)
print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(True)
print(tf.config.get_soft_device_placement())
print(tf.config.threading.get_inter_op_parallelism_threads(), tf.config.threading.get_intra_op_parallelism_threads())
E(lambda: tf.config.threading.set_inter_op_parallelism_threads(2))
E(lambda: tf.config.threading.set_intra_op_parallelism_threads(3))
print(tf.config.threading.get_inter_op_parallelism_threads(), tf.config.threading.get_intra_op_parallelism_threads())
E(lambda: tf.config.experimental.get_memory_growth(pd[0]))
E(lambda: tf.config.experimental.set_memory_growth(pd[0], True))
print(tf.constant(1) + 1)
E(lambda: tf.config.threading.set_inter_op_parallelism_threads(4))
E(lambda: tf.config.threading.set_intra_op_parallelism_threads(4))
E(lambda: tf.config.threading.set_intra_op_parallelism_threads(3))
print(tf.config.threading.get_inter_op_parallelism_threads(), tf.config.threading.get_intra_op_parallelism_threads())
tf.config.experimental.set_virtual_device_configuration
print(tf.config.list_logical_devices("CPU"))
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("async_scope", '''
import os
it = iter(tf.data.Dataset.range(3))
v = tf.Variable(0, dtype=tf.int64)
@tf.function
def step():
    v.assign_add(next(it))
try:
    with tf.experimental.async_scope():
        print(os.environ.get("TF_ENABLE_EAGER_CLIENT_STREAMING_ENQUEUE"))
        for _ in range(5):
            step()
except tf.errors.OutOfRangeError as e:
    print(type(e).__name__)
    print(tf.experimental.async_clear_error())
print(v.numpy(), os.environ.get("TF_ENABLE_EAGER_CLIENT_STREAMING_ENQUEUE"))
with tf.experimental.async_scope():
    x = tf.reduce_sum(tf.range(100.))
print(x)
''')
_s("config_synchronous_execution", '''
fresh("""
print(tf.config.experimental.get_synchronous_execution())
tf.config.experimental.set_synchronous_execution(False)
print(tf.config.experimental.get_synchronous_execution())
print(tf.reduce_sum(tf.range(10)) + 1)
tf.config.experimental.set_synchronous_execution(None)
print(tf.config.experimental.get_synchronous_execution())
tf.config.experimental.set_synchronous_execution(False)
tf.config.experimental.set_synchronous_execution(True)
print(tf.config.experimental.get_synchronous_execution(), tf.constant([1.5]) * 2)
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("config_tensor_float_32", '''
fresh("""
c = tf.config.experimental
print(c.tensor_float_32_execution_enabled())
x = tf.reshape(tf.range(2 * 5 * 5 * 3, dtype=tf.float32) % 7., [2, 5, 5, 3])
w = tf.reshape(tf.range(3 * 3 * 3 * 4, dtype=tf.float32) % 11. - 4., [3, 3, 3, 4])
@tf.function
def f(x, w):
    return tf.nn.conv2d(x, w, 1, "SAME"), tf.matmul(tf.reshape(x, [2, -1]), tf.reshape(x, [-1, 2]))
on = f(x, w)
for v in [False, None, 0, 1, 2.5, "x", [True]]:
    try:
        print(repr(c.enable_tensor_float_32_execution(v)), c.tensor_float_32_execution_enabled())
    except Exception as e:
        print(type(e).__name__, e)
c.enable_tensor_float_32_execution(False)
off, eager = f(x + 0., w), tf.nn.conv2d(x, w, 1, "SAME")
print([bool(tf.reduce_all(a == b)) for a, b in zip(on, off)], bool(tf.reduce_all(eager == on[0])))
print(float(tf.reduce_sum(off[0])), off[1].numpy().tolist())
""")
''', textwrap.dedent(HELPERS + FRESH).lstrip("\n"))
_s("variable_scatter_nd_in_function", """
v = tf.Variable([1., 2., 3.])
@tf.function
def f(i):
    v.scatter_nd_update(tf.reshape(i, [-1, 1]), [9.])
    v.scatter_nd_add(tf.reshape(i, [-1, 1]), [0.5])
    v.scatter_update(tf.IndexedSlices(tf.constant([7.]), i + 1))
    return (tf.tensor_scatter_nd_add(v, tf.reshape(i, [-1, 1]), [1.]),
            tf.scatter_nd(tf.reshape(i, [-1, 1]), [5.], [3]))
print(f(tf.constant([1])))
print(repr(v))
print(f(tf.constant([0])))
print(repr(v))
""")

_s("range_size_and_values_in_the_output_dtype", """
# TF's Range kernel: size ceil(|limit - start| / delta) and values start + T(i) * delta,
# both in the output dtype (in float64, 0.1..1.1 step 0.1 would have 11 elements).
for args in [(0.1, 1.1, 0.1), (0.1, 100.1, 0.1), (1.0, 0.0, -0.3)]:
    r = tf.range(*args)
    print(r.shape, r.dtype, r.numpy()[-3:].tolist())
r = tf.range(0.1, 1.1, 0.1, dtype=tf.float64)
print(r.shape, r.numpy()[-2:].tolist())
print(tf.range(tf.constant(0.1), 1.1, 0.1).shape, tf.range(3, 11, 4, dtype=tf.int64))
""")

_s("bad_indices_policy_of_gather_nd_and_scatters", """
def run(name, f):
    try:
        print(name, repr(f()))
    except Exception as e:
        print(name, type(e).__name__, repr(str(e)))

params = tf.constant([[1.0, 2.0], [3.0, 4.0]])
for policy in ["", "DEFAULT", "ERROR", "IGNORE", None, b"IGNORE"]:
    run(f"gather_nd {policy!r}", lambda: tf.gather_nd(params, [[0, 1], [5, 0]], bad_indices_policy=policy))
    run(f"gather_nd inside {policy!r}", lambda: tf.gather_nd(params, [[0, 1], [1, 0]], bad_indices_policy=policy))
    run(f"scatter_nd {policy!r}", lambda: tf.scatter_nd([[0], [7], [-1], [0]], [1.0, 2.0, 3.0, 4.0], [3], bad_indices_policy=policy))
    for kind in ["add", "sub", "min", "max"]:
        op = getattr(tf, f"tensor_scatter_nd_{kind}")
        run(f"tensor_scatter_nd_{kind} {policy!r}", lambda: op(tf.ones([3, 2]), [[0], [7], [-1], [2]], [[1.0, 5.0], [2.0, 2.0], [3.0, 3.0], [-4.0, 4.0]], bad_indices_policy=policy))
run("gather_nd rows", lambda: tf.gather_nd(params, [[0], [5], [-1]], bad_indices_policy="IGNORE"))
run("gather_nd batch_dims", lambda: tf.gather_nd(params, [[1], [5]], batch_dims=1, bad_indices_policy="IGNORE"))
run("gather_nd strings", lambda: tf.gather_nd(tf.constant(["a", "b"]), [[1], [5]], bad_indices_policy="IGNORE"))
run("gather_nd int64", lambda: tf.gather_nd(tf.constant([7, 8], tf.int64), tf.constant([[1], [-3]], tf.int64), bad_indices_policy="IGNORE"))
run("gather_nd empty params", lambda: tf.gather_nd(tf.zeros([0, 2]), [[0], [1]], bad_indices_policy="IGNORE"))
run("scatter_nd 2-d", lambda: tf.scatter_nd([[0, 0], [0, 7], [1, 1]], [1.0, 2.0, 3.0], [2, 2], bad_indices_policy="IGNORE"))
run("gather_nd bogus", lambda: tf.gather_nd(params, [[0, 1]], bad_indices_policy="bogus"))
run("scatter_nd bogus", lambda: tf.scatter_nd([[0]], [1.0], [3], bad_indices_policy="bogus"))
run("tensor_scatter_nd_add bogus", lambda: tf.tensor_scatter_nd_add(tf.zeros([3]), [[0]], [1.0], bad_indices_policy="ignore"))
run("not a string", lambda: tf.tensor_scatter_nd_sub(tf.zeros([3]), [[0]], [1.0], bad_indices_policy=3))
run("batch_dims depth", lambda: tf.gather_nd(params, [[[0, 1]], [[1, 0]]], batch_dims=1))

@tf.function
def f(i):
    return (tf.gather_nd(params, i, bad_indices_policy="IGNORE"),
            tf.tensor_scatter_nd_max(tf.zeros([3]), i[:, :1], [1.0, 2.0], bad_indices_policy="IGNORE"),
            tf.scatter_nd(i[:, :1], [1.0, 2.0], [3], bad_indices_policy="IGNORE"))
print(f(tf.constant([[0, 1], [5, 0]])))
print(f(tf.constant([[2, 1], [-1, 0]])))
x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t:
    y = tf.gather_nd(x, [[0, 1], [5, 0], [0, 1]], bad_indices_policy="IGNORE")
print(t.gradient(y, x))
u = tf.constant([1.0, 5.0, 3.0])
with tf.GradientTape() as t:
    t.watch(u)
    y = tf.tensor_scatter_nd_max(tf.ones([3]), [[0], [1], [1]], u, bad_indices_policy="IGNORE")
print(t.gradient(y, u))
""")

_s("tensor_scatter_update_gradient_with_duplicate_indices", """
# TF's TensorScatterUpdate gradient: every update gets the gradient at its index, also one
# a later duplicate overwrote; the tensor none where an update went. Eagerly, in a
# tf.function, and complex.
x = tf.constant([[1., 2.], [3., 4.], [5., 6.], [7., 8.]])
u = tf.constant([[10., 20.], [30., 40.], [50., 60.]])
w = tf.reshape(tf.range(1., 9.), [4, 2])
def grads(x, u, i, **kw):
    with tf.GradientTape() as t:
        t.watch([x, u])
        y = tf.tensor_scatter_nd_update(x, i, u, **kw)
        s = tf.reduce_sum(y * tf.cast(w, y.dtype))
    return y, t.gradient(s, [x, u])
for i in ([[0], [2], [0]], [[1], [1], [1]], [[3], [0], [2]]):
    print(grads(x, u, tf.constant(i)))
    print(tf.function(grads)(x, u, tf.constant(i)))
print(grads(tf.complex(x, -x), tf.complex(u, u), tf.constant([[2], [2], [1]])))
print(grads(tf.zeros([2, 3]), tf.constant([1., 2., 3.]), tf.constant([[0, 1], [1, 2], [0, 1]])))
""")

_s("concat_checks_in_tfs_order", """
f32 = tf.constant([1.0, 2.0])
m23 = tf.ones([2, 3])
def one(): return tf.concat([m23], 5)
def one_bad_axis(): return tf.concat([m23], [0, 0])
def vector_and_scalar(): return tf.concat([f32, 1.0], 0)
def scalar_and_vector(): return tf.concat([1.0, f32], 0)
def scalars(): return tf.concat([tf.constant(1.0), tf.constant(2.0)], 0)
def scalars_axis_1(): return tf.concat([tf.constant(1.0), tf.constant(2.0)], 1)
def ranks(): return tf.concat([f32, m23], 0)
def sizes(): return tf.concat([m23, tf.ones([2, 2])], 0)
def axis_vector(): return tf.concat([m23, m23, m23], [0, 0])
def axis_range(): return tf.concat([m23, m23], -3)
for f in [one, one_bad_axis, vector_and_scalar, scalar_and_vector, scalars, scalars_axis_1, ranks,
          sizes, axis_vector, axis_range]:
    for mode, g in (("eager", f), ("function", tf.function(f, autograph=False))):
        try:
            print(f.__name__, mode, g().shape)
        except Exception as e:
            print(f.__name__, mode, type(e).__name__, str(e).splitlines()[0])
""")
