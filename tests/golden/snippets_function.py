"""Golden snippets: tf.function: the decorator (with and without arguments, on methods
of plain classes and tf.Modules), return values, traced tensors,
tf.config.run_functions_eagerly, functions calling functions, closures, dynamic shapes,
tensors leaked from another trace, iterators, seeded random ops, tf.py_function and
tf.numpy_function, run-time checks.

Every function is traced at most four times, so TF's "triggered tf.function retracing"
warning (which names an address) never fires. Errors raised from inside a traced
function are printed by type name only (TF wraps them in AutoGraph's 'in user code'
text, with file paths)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# the decorator

_s("decorator_plain", """
@tf.function
def f(x, y):
    return x * y + 1.0
r = f(tf.constant(2.0), tf.constant(3.0))
print(repr(r))
print(isinstance(r, tf.Tensor))
print(f.__name__, callable(f))
print(f.experimental_get_tracing_count())
@tf.function
def f(x):
    return x
print(f.experimental_get_tracing_count())
f(tf.constant(1))
print(f.experimental_get_tracing_count())
""")
_s("decorator_with_arguments", """
@tf.function(autograph=False)
def f(x):
    return x + 1
@tf.function()
def g(x):
    return x * 2
@tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
def h(x):
    return x - 1
print(repr(f(tf.constant(1))))
print(repr(g(tf.constant([1.5, 2.5]))))
print(repr(h(tf.constant([5, 6]))))
print(f.__name__, g.__name__, h.__name__)
""")
_s("function_call_form", """
def square(x):
    return x * x
sq = tf.function(square)
print(repr(sq(tf.constant([1.0, 2.0, 3.0]))))
print(sq.python_function is square)
print(repr(sq(tf.constant(4))))
print(sq.experimental_get_tracing_count())
""")
_s("python_number_arguments", """
@tf.function
def f(a, b):
    return a * b
print(repr(f(2, 3)))
print(repr(f(2.5, 4)))
print(repr(f(tf.constant(2.0), 3.0)))
print(repr(f(np.float32(1.5), tf.constant(2.0))))
""")
_s("keyword_and_default_arguments", """
@tf.function
def f(x, scale=2.0, shift=tf.constant(1.0)):
    print('trace', type(scale).__name__)
    return x * scale + shift
x = tf.constant([1.0, 2.0])
print(repr(f(x)))
print(repr(f(x, 2.0)))
print(repr(f(x, scale=2.0)))
print(repr(f(scale=2.0, x=x)))
print(f.experimental_get_tracing_count())
print(repr(f(x, shift=tf.constant(10.0))))
print(f.experimental_get_tracing_count())
""")
_s("method_plain_class_per_instance", """
class Scaler:
    def __init__(self, k):
        self.k = k
    @tf.function
    def apply(self, x):
        print('trace', self.k)
        return x * self.k
a, b = Scaler(2.0), Scaler(3.0)
print(repr(a.apply(tf.constant(1.0))))
print(repr(b.apply(tf.constant(1.0))))
print(repr(a.apply(tf.constant(5.0))))
print(repr(b.apply(tf.constant(5.0))))
print(a.apply.experimental_get_tracing_count(), b.apply.experimental_get_tracing_count())
""")
_s("method_module_with_variable", """
class Dense(tf.Module):
    def __init__(self, w, b):
        super().__init__()
        self.w = tf.Variable(w)
        self.b = tf.Variable(b)
    @tf.function
    def __call__(self, x):
        print('trace')
        return tf.matmul(x, self.w) + self.b
m1 = Dense([[1.0], [2.0]], [0.5])
m2 = Dense([[-1.0], [0.0]], [1.0])
x = tf.constant([[1.0, 1.0], [2.0, 3.0]])
print(repr(m1(x)))
print(repr(m2(x)))
m1.w.assign([[0.0], [1.0]])
print(repr(m1(x)))
print(m1.__call__.experimental_get_tracing_count(), m2.__call__.experimental_get_tracing_count())
print(len(m1.trainable_variables))
""")
_s("module_builds_on_first_call", """
class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None
    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(tf.ones_like(x) * 2.0)
        return self.v * x
m = Lazy()
print(repr(m(tf.constant([1.0, 2.0]))))
print(repr(m(tf.constant([3.0, 4.0]))))
print(repr(m.v))
m.v.assign([10.0, 20.0])
print(repr(m(tf.constant([1.0, 1.0]))))
print(len(m.variables))
""")

# ---------------------------------------------------------------------------
# return values

_s("return_nested_structures", """
@tf.function
def f(x):
    return {'sum': x + 1.0, 'pair': (x * 2.0, [x - 1.0, x * x])}
r = f(tf.constant(3.0))
print(sorted(r))
print(repr(r['sum']))
print(type(r['pair']).__name__, type(r['pair'][1]).__name__)
print(repr(r['pair'][0]), repr(r['pair'][1][0]), repr(r['pair'][1][1]))
""")
_s("return_python_values_become_tensors", """
@tf.function
def f(x):
    return 1, 2.5, True, [3, 4], np.array([1.0, 2.0])
for r in f(tf.constant(0.0)):
    print(repr(r))
""")
_s("return_none_entries", """
@tf.function
def f(x):
    return x + 1, None, {'a': None, 'b': x}
r = f(tf.constant(1))
print(repr(r))
@tf.function
def g(x):
    x + 1
print(g(tf.constant(1)))
@tf.function
def h(x):
    return None
print(h(tf.constant(1)))
""")
_s("return_lists_tuples_arguments", """
@tf.function
def f(x, y):
    return y, x
a, b = f(tf.constant([1, 2]), tf.constant(3.5))
print(repr(a), repr(b))
@tf.function
def f(x):
    return [x]
@tf.function
def g(x):
    return (x,)
print(repr(f(tf.constant(1.0))))
print(repr(g(tf.constant(1.0))))
""")

# ---------------------------------------------------------------------------
# traced tensors

_s("print_traced_arguments", """
@tf.function
def f(x, y):
    print(x)
    print(y)
    z = x + tf.cast(y, tf.float32)
    print(z.shape, z.dtype, isinstance(z, tf.Tensor))
    return z
print(repr(f(tf.constant(1.0), tf.constant([1, 2, 3]))))
""")
_s("traced_tensor_properties", """
@tf.function
def f(x):
    print(x.shape, x.shape.rank, x.dtype, x.shape[0], len(x.shape))
    print(tf.executing_eagerly())
    y = tf.reduce_sum(x, axis=1)
    print(y.shape, y.dtype)
    return y
print(repr(f(tf.ones([2, 3]))))
@tf.function
def f(x):
    try:
        x.numpy()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)
    return x
f(tf.constant(1.0))
""")

# ---------------------------------------------------------------------------
# run_functions_eagerly

_s("run_functions_eagerly_toggle", """
@tf.function
def f(x):
    print('executing eagerly:', tf.executing_eagerly())
    print('x =', x.numpy() if tf.executing_eagerly() else 'symbolic')
    return x + 1
try:
    tf.config.run_functions_eagerly(True)
    print(tf.config.functions_run_eagerly())
    print(repr(f(tf.constant(1))))
    print(repr(f(tf.constant(2))))
finally:
    tf.config.run_functions_eagerly(False)
print(tf.config.functions_run_eagerly())
print(repr(f(tf.constant(3))))
print(repr(f(tf.constant(4))))
""")
_s("run_functions_eagerly_variables", """
v = tf.Variable(0.0)
@tf.function
def step(x):
    v.assign_add(x)
    return v.read_value()
try:
    tf.config.run_functions_eagerly(True)
    print(repr(step(tf.constant(1.0))))
finally:
    tf.config.run_functions_eagerly(False)
print(repr(step(tf.constant(2.0))))
print(v.numpy())
""")

# ---------------------------------------------------------------------------
# functions calling functions

_s("function_calls_function", """
@tf.function
def inner(x):
    print('trace inner')
    return x * 2
@tf.function
def outer(x):
    print('trace outer')
    return inner(x) + inner(x + 1)
print(repr(outer(tf.constant(1))))
print(repr(outer(tf.constant(2))))
print(repr(inner(tf.constant(3))))
""")
_s("function_closures", """
scale = 2.0
@tf.function
def f(x):
    return x * scale
print(repr(f(tf.constant(1.0))))
scale = 10.0
print(repr(f(tf.constant(1.0))))
print(repr(f(tf.constant([1.0]))))
c = tf.constant([1.0, 2.0])
@tf.function
def f(x):
    return x + c
print(repr(f(tf.constant(1.0))))
""")
_s("function_mixed_ops", """
@tf.function
def f(x, y):
    z = tf.matmul(x, y)
    z = tf.nn.relu(z - 5.0)
    return tf.reduce_mean(z, axis=0), tf.reduce_max(z, axis=1), tf.shape(z)
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
for r in f(x, tf.transpose(x)):
    print(repr(r))
""")
_s("function_dynamic_shape_ops", """
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def f(x):
    n = tf.shape(x)[0]
    return tf.reshape(x, [n * 2]), n
print(repr(f(tf.constant([[1.0, 2.0]]))))
print(repr(f(tf.constant([[1.0, 2.0], [3.0, 4.0]]))))
""")
_s("function_dynamic_shape_ops_static_shape", """
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def f(x):
    n = tf.shape(x)[0]
    print('static', x.shape)
    return tf.reshape(x, [n * 2]), n
f(tf.constant([[1.0, 2.0]]))
f(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
""")

_s("leaked_tensor_from_another_trace", """
import re
leaked = []

@tf.function
def leaky(a):
    leaked.append(a + 1)
    return a + 2

print(repr(leaky(tf.constant(1))))
try:
    leaked[0].numpy()
except AttributeError as e:
    print(e)

@tf.function
def uses_leaked(b):
    return b + leaked[0]

try:
    uses_leaked(tf.constant(2))
    print('no error')
except Exception as e:
    # Kept: the message without the traceback of where the tensor was made (TF's own
    # frames, in its install's files) and FuncGraph's id (an object address).
    lines = str(e).splitlines()
    print(type(e).__name__, '\\n'.join(lines[:lines.index('') + 2]))
    print(re.sub(r'id=\\d+', 'id=N', lines[-1]))
""", verbatim=True)

_s("leaked_tensor_used_eagerly", """
import re
leaked = []

@tf.function
def leaky(x):
    y = x * 2
    leaked.append(y)          # also returned: still named by the op that made it
    leaked.append(tf.reduce_sum(y + 1))
    return y

print(leaky(tf.constant([1.0, 2.0])))
for t in leaked:
    print(t, repr(t))
    for use in (lambda: t + 1, lambda: tf.reduce_max(t), lambda: tf.stack([t, t])):
        try:
            use()
            print('no error')
        except Exception as e:
            lines = str(e).splitlines()
            print(type(e).__name__, '\\n'.join(lines[:lines.index('') + 2]))
            print(re.sub(r'id=\\d+', 'id=N', lines[-1]))
""", verbatim=True)

_s("leaked_constant_used_eagerly", """
leaked = []

@tf.function
def leaky(x):
    leaked.append(tf.constant(3.0))
    return x + 1

leaky(tf.constant(1.0))
c = leaked[0]
print(c, repr(c))
try:
    print(c.numpy())
except AttributeError as e:
    print('AttributeError', e)
try:
    print(c + 1)
except TypeError as e:
    print('TypeError', str(e).splitlines()[0])
""")

_s("iterator_out_of_range_in_function", """
import re
it = iter(tf.data.Dataset.from_tensor_slices([1, 2]))
@tf.function
def f(it):
    return next(it)
print(f(it), f(it))
try:
    f(it)
except Exception as e:
    # TF's "defined at" traceback starts with the frames of whatever runs the snippet (the
    # recorder, pytest): only the snippet's own are kept. __inference_f_N: TF numbers
    # traced functions process-wide.
    text = re.sub(r'(__inference_\\w+_)\\d+', r'\\1N', str(e))
    print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
        not l.startswith('  File ') or '<snippet' in l)))
""", verbatim=True)

_s("seeded_random_op_advances_each_call", """
tf.random.set_seed(1)
@tf.function
def f():
    return tf.random.uniform([2], seed=3), tf.random.normal([2], seed=4)
for _ in range(3):
    print(f())
print(tf.random.uniform([2], seed=3))
@tf.function
def g(n):
    return tf.random.uniform([n], seed=7, maxval=10, dtype=tf.int32)
print(g(2), g(2), g(3))
""", verbatim=True)

_s("py_function_and_numpy_function", """
def f(x, y):
    print("run", x.shape)
    return x * 2, tf.cast(y, tf.float64)
print(tf.py_function(f, [tf.constant([1.0, 2.0]), 3], [tf.float32, tf.float64]))
print(tf.py_function(lambda: None, [], []))
print(tf.py_function(lambda x: x + 1, [tf.constant(1)], tf.int32))
@tf.function
def g(x):
    a, b = tf.py_function(f, [x, 3], [tf.float32, tf.float64])
    print(a.dtype, b.dtype)
    return a + 1, b
print(g(tf.constant([1.0, 2.0])))
print(g(tf.constant([1.0, 2.0])))
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.py_function(lambda v: v * v, [x], tf.float32)
print(t.gradient(y, x))
@tf.function
def h(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.py_function(lambda v: v * v, [x], tf.float32)
    return t.gradient(y, x)
print(h(x))
print(tf.numpy_function(lambda a: a * 2, [np.array([1, 2])], tf.int64))
@tf.function
def k(x):
    return tf.numpy_function(lambda a: (a * 2).astype(np.float32), [x], tf.float32)
print(k(x))
try:
    tf.py_function(lambda x: x, [tf.constant(1)], tf.float32)
except Exception as e:
    print(type(e).__name__, str(e).split(' ValueError: ')[1].split(chr(10))[0].split(' [Op:')[0])
@tf.py_function(Tout=tf.float32)
def py_plus(x, y):
  return x + y
print(py_plus(tf.constant(1.0), tf.constant(2.0)))
""", verbatim=True)

_s("gather_indices_checked_when_the_function_runs", """
import re
@tf.function
def f(x, i): return tf.gather(x, i)
print(f(tf.constant([1.,2.]), tf.constant([1])))
try: print(f(tf.constant([1.,2.]), tf.constant([5])))
except Exception as e: print(type(e).__name__, re.search(r'indices\\[\\d+\\] = \\d+ is not in \\[0, \\d+\\)', str(e)).group(0))
@tf.function
def unused_return_graph(x):
  tf.gather(x, [1]) # unused
  return x
print(unused_return_graph(tf.constant([0.0])))
@tf.function
def used(x):
  return tf.gather(x, [1])
try: print(used(tf.constant([0.0])))
except Exception as e: print(type(e).__name__, re.search(r'indices\\[\\d+\\] = \\d+ is not in \\[0, \\d+\\)', str(e)).group(0))
x = tf.Variable([1.0, 2.0, 3.0])
@tf.function
def g(i):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(x, i) ** 2)
    return t.gradient(y, x)
print(tf.convert_to_tensor(g(tf.constant([2, 0]))))
with tf.GradientTape() as t:
    y = f(x, tf.constant([2, 2]))
print(tf.convert_to_tensor(t.gradient(y, x)))
with tf.GradientTape() as t:
    try: f(x, tf.constant([7]))
    except Exception as e: print(type(e).__name__, re.search(r'indices\\[\\d+\\] = \\d+ is not in \\[0, \\d+\\)', str(e)).group(0))
""", verbatim=True)

_s("numpy_and_py_function_without_outputs", """
calls = []
def f(x):
    calls.append(x.tolist())
@tf.function
def g(x):
    a = tf.numpy_function(f, [x], [])
    b = tf.py_function(lambda x: calls.append(('py', x.numpy().tolist())), [x], [])
    print(type(a).__name__, a.type, type(b).__name__, b.type)
    return x + 1
print(g(tf.constant([5, 6])), g(tf.constant([7, 8])))
print(calls)
print(tf.numpy_function(f, [tf.constant([1])], []), tf.py_function(lambda: None, [], []),
      tf.numpy_function(f, [tf.constant([1])], ()))
print(calls)
""")

_s("compiler_ir", """
# tf.function(jit_compile=True).experimental_get_compiler_ir: the program at each of
# XLA's stages, without running it (the IR's text is jax's, so only its form is shown),
# and its errors
@tf.function(jit_compile=True)
def f(x, y):
    return x * 2.0 + y
x = tf.constant([1.0, 2.0])
g = f.experimental_get_compiler_ir(x, tf.constant(3.0))
for stage in ["hlo", "stablehlo", "optimized_hlo", "optimized_hlo_dot", "hlo_serialized",
              "optimized_hlo_serialized", "optimized_hlo_proto_serialized",
              "stablehlo_serialized"]:
    ir = g(stage=stage)
    print(stage, type(ir).__name__, len(ir) > 100)
hlo = g()
print(hlo.startswith('HloModule'), 'multiply(' in hlo, ' add(' in hlo)
print('is_scheduled=true' in g('optimized_hlo'), g('optimized_hlo_dot').startswith('digraph G {'))
print(g(platform_name='CPU').startswith('HloModule'), f.experimental_get_tracing_count())
print(f.experimental_get_compiler_ir(tf.TensorSpec([2]), tf.TensorSpec([]))().startswith(
    'HloModule'), f.experimental_get_tracing_count())
v = tf.Variable([1.0, 2.0])
@tf.function(jit_compile=True)
def h(x):
    v.assign_add(x)
    return v * 2.0
print(h.experimental_get_compiler_ir(x)('optimized_hlo').startswith('HloModule'), v.numpy())
calls = [lambda: tf.function(lambda x: x).experimental_get_compiler_ir(x),
         lambda: f.experimental_get_compiler_ir(tf.TensorSpec([2]), x),
         lambda: f.experimental_get_compiler_ir(tf.TensorSpec([None]), tf.TensorSpec([])),
         lambda: g('bogus'),
         lambda: g(device_name='/device:CPU:0', platform_name='CPU'),
         lambda: g(platform_name='cpu'),
         lambda: g('optimized_hlo', platform_name='XPU')]
for call in calls:
    try:
        call()
    except ValueError as e:
        print(type(e).__name__, e)
it = iter(tf.data.Dataset.range(3))
@tf.function(jit_compile=True)
def r(it):
    return next(it)
try:
    r.experimental_get_compiler_ir(it)()
except ValueError as e:
    print(type(e).__name__, str(e).split(' on XLA_')[0])
""")

_s("jit_compile_method", """
# A method's tf.function keeps jit_compile: TF's CPU Conv3D kernel has no groups; XLA's has.
class M(tf.Module):
    @tf.function(jit_compile=True)
    def conv(self, x, w):
        return tf.nn.conv3d(x, w, [1] * 5, "VALID")
x = tf.reshape(tf.range(64, dtype=tf.float32) / 10, (1, 2, 2, 4, 4))
w = tf.reshape(tf.range(32, dtype=tf.float32) / 10, (2, 2, 1, 2, 4))
m = M()
print(m.conv(x, w).shape, m.conv.experimental_get_compiler_ir(x, w)().startswith('HloModule'))
""")

_s("jit_compile_numerics", """
# Under jit_compile=True TF computes with XLA, which fuses a product and its sum into one
# FMA (here 913 of these 4,099 elements differ from rounding the product first)
rng = np.random.default_rng(0)
x, y, w = ((1 + rng.integers(1, 4096, 4099) * 2.0 ** -12).astype(np.float32)
           for _ in range(3))
z = -np.ones(4099, np.float32)
@tf.function(jit_compile=True)
def f(x, y, w, z):
    with tf.GradientTape() as t:
        t.watch(x)
        out = (x * y + x * z) * w
    return x * y + z, t.gradient(out, x), tf.exp(x * 0.01)
plus, g, e = (t.numpy() for t in f(x, y, w, z))
print('products fused into sums:', int(np.sum(plus != x * y + z)))
print('in the gradient:', int(np.sum(g != w * y + w * z)))
print('exp:', e[:4].tobytes().hex())
""")

_s("py_function_errors_as_tf_ops", """
# An exception of a py_function's (or, inside a graph, a numpy_function's) function is
# the op's error: ValueError and TypeError InvalidArgumentError, StopIteration
# OutOfRangeError, NotImplementedError UnimplementedError, MemoryError
# ResourceExhaustedError, others UnknownError; inside a dataset function an OutOfRangeError
# is an InvalidArgumentError (it does not end the dataset).
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
def raising(exc):
    def fn(x):
        if int(x) >= 2:
            raise exc('m')
        return x
    return fn
for exc in (ValueError, TypeError, StopIteration, NotImplementedError, MemoryError,
            IndexError, KeyError, tf.errors.NotFoundError):
    fn = raising(exc) if exc is not tf.errors.NotFoundError else \\
        (lambda x: (_ for _ in ()).throw(tf.errors.NotFoundError(None, None, 'nf')))
    show(lambda: tf.py_function(fn, [tf.constant(3, tf.int64)], tf.int64))
    show(lambda: tf.numpy_function(fn, [tf.constant(3, tf.int64)], tf.int64))
for api in (tf.py_function, tf.numpy_function):
    @tf.function
    def f(x):
        return api(raising(ValueError), [x], tf.int64)
    print(f(tf.constant(1, tf.int64)))
    try:   # (TF's 'Graph execution error' names the node and the function)
        f(tf.constant(3, tf.int64))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0], 'node EagerPyFunc' in str(e) or
              'node PyFunc' in str(e), str(e).splitlines()[-1].startswith('\t [['))
    @tf.function
    def g(x):
        return api(raising(StopIteration), [x], tf.int64)
    print(g(tf.constant(1, tf.int64)))
    try:
        g(tf.constant(3, tf.int64))
    except Exception as e:
        print(type(e).__name__)
    for exc in (ValueError, StopIteration):
        def mapped(x, exc=exc):
            return api(raising(exc), [x], tf.int64)
        ds = tf.data.Dataset.range(4).map(mapped)
        it = iter(ds)
        print(next(it).numpy(), next(it).numpy())
        try:   # (TF numbers its MapDatasets process-wide: the class, and the OutOfRange text)
            next(it)
        except Exception as e:
            print(type(e).__name__, 'Function invocation produced OutOfRangeError' in str(e))
""")


_s("function_run_eagerly_prints_as_its_trace", """
# A tf.function that XLA cannot compile as one program (tf.boolean_mask's output shape
# depends on values) runs eagerly; its first call prints what TF's trace prints, once.
@tf.function
def f(x):
    print("start")
    kept = tf.boolean_mask(x, x > 1.5)
    print("after boolean_mask")
    return tf.reduce_sum(kept)
print(f(tf.constant([1., 1., 2.])).numpy())
print(f(tf.constant([3., 3., 3.])).numpy())
print(f(tf.constant([4., 5.])).numpy())
""")
_s("function_wraps_its_python_function", """
# tf.function takes its function's name, doc, signature and attributes (those it does not
# have itself: a callable object's `_lock` or `name` stay the Function's), as TF's
# tf_decorator.make_decorator.
import inspect
def f(x, y=2):
    "doc of f"
    return x
f.custom = 5
g = tf.function(f)
print(g.__name__, g.__doc__, g.__wrapped__ is f, inspect.signature(g), g.custom, g.name)
class Layerish:
    def __init__(self):
        self._lock = False
        self.name = "layerish"
    def __call__(self, x):
        return x + 1
h = tf.function(Layerish())
print(h(tf.constant(1)), h.name, tf.function(lambda x: x).name)
class M(tf.Module):
    @tf.function
    def m(self, x):
        "method doc"
        return x
print(M().m.__name__, M().m.__doc__, inspect.signature(M().m), M().m.name)
""")

_s("py_function_and_numpy_function_results_by_tout", r"""
import numpy as np
a = tf.constant(5, tf.int64)
@tf.autograph.experimental.do_not_convert
def two():
    return [a, a + 1]
@tf.autograph.experimental.do_not_convert
def numbers():
    return [1, 2, 3]
@tf.autograph.experimental.do_not_convert
def one():
    return [a]
@tf.autograph.experimental.do_not_convert
def np_two():
    return [np.int64(1), np.int64(2)]
@tf.autograph.experimental.do_not_convert
def np_float64():
    return np.array([1.5, 2.5])
@tf.autograph.experimental.do_not_convert
def np_nested():
    return {"a": np.int32(1), "b": (np.float64(2.0), None)}
print(tf.py_function(two, [], tf.int64))
print(tf.py_function(numbers, [], tf.int64))
print(tf.py_function(two, [], [tf.int64]))
print(tf.numpy_function(np_two, [], tf.int64))
print(tf.numpy_function(np_two, [], [tf.int64]))
print(tf.numpy_function(np_float64, [], tf.float32))
print(tf.numpy_function(np_nested, [], tf.float32))
try:
    tf.py_function(one, [], [tf.int64, tf.int64])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).split("}} ")[1])
@tf.function
def in_function():
    return tf.py_function(two, [], tf.int64), tf.py_function(numbers, [], [tf.int64])
print(in_function())
""")
