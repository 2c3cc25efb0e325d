"""Golden snippets: Variables as tf.function state: created on the first call only (and
TF's errors otherwise), assigned and read inside, passed as arguments and keyed by
their spec, returned, lifted out of the trace by tf.init_scope, created by nested
functions and by failed first traces."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# Variables as state

_s("variable_assign_ops_inside", """
v = tf.Variable([1.0, 2.0])
w = tf.Variable(10)
@tf.function
def f(x):
    a = v.read_value()
    v.assign(x)
    v.assign_add([1.0, 1.0])
    v.assign_sub([0.5, 0.5])
    w.assign_add(5)
    return a, v.read_value(), w.read_value()
for r in f(tf.constant([3.0, 4.0])):
    print(repr(r))
print(repr(v))
print(repr(w))
""")
_s("variable_counter_accumulates", """
counter = tf.Variable(0)
@tf.function
def inc():
    counter.assign_add(1)
    return counter.read_value()
print([int(inc()) for _ in range(4)])
print(counter.numpy(), inc.experimental_get_tracing_count())
v = tf.Variable(2.0)
@tf.function
def f(x):
    return v * x
print(repr(f(tf.constant(3.0))))
v.assign(5.0)
print(repr(f(tf.constant(3.0))))
print(f.experimental_get_tracing_count())
""")
_s("variable_read_order_inside", """
v = tf.Variable(1.0)
@tf.function
def f():
    before = v + 0.0
    v.assign(v * 3.0)
    after = v + 0.0
    v.assign_add(after)
    return before, after, v.read_value()
print(repr(f()))
print(repr(f()))
v = tf.Variable(1.0)
@tf.function
def f():
    a = v.assign_add(2.0)
    b = v.assign(a * 10.0)
    return a + 0.0, b + 0.0
print(repr(f()))
print(v.numpy())
""")
_s("variable_created_on_first_call_only", """
class Counter:
    def __init__(self):
        self.v = None
    @tf.function
    def __call__(self, x):
        print('tracing')
        if self.v is None:
            self.v = tf.Variable(0.0)
        self.v.assign_add(x)
        return self.v.read_value()
c = Counter()
print(repr(c(tf.constant(1.0))))
print(repr(c(tf.constant(2.0))))
print(repr(c.v))
""")
_s("variable_created_every_call_error", """
@tf.function
def f(x):
    v = tf.Variable(1.0)
    return v + x
try:
    f(tf.constant(1.0))
    print('no error')
except Exception as e:
    print(type(e).__name__, e)
""")
_s("variable_created_on_later_trace_error", """
state = []
@tf.function
def f(x):
    if len(state) < 1 or x.shape.rank == 1:
        state.append(tf.Variable(tf.zeros_like(x)))
    return state[-1] + x
print(repr(f(tf.constant(1.0))))
try:
    f(tf.constant([1.0, 2.0]))
    print('no error')
except Exception as e:
    print(type(e).__name__, e)
""")
_s("variable_no_tracer_after_python_error", """
v = tf.Variable(1.0)
@tf.function
def f(x, fail):
    v.assign_add(x)
    if fail:
        raise ValueError('boom')
    return v.read_value()
try:
    f(tf.constant(1.0), True)
except Exception as e:
    print(type(e).__name__, e)
print(repr(v))
print(repr(v + 1.0))
print(repr(f(tf.constant(2.0), False)))
print(repr(v))
""")
_s("variable_no_tracer_after_runtime_error", """
import re
v = tf.Variable(1.0)
@tf.function
def f(x):
    tf.debugging.assert_positive(x)
    v.assign_add(x)
    return v.read_value()
print(repr(f(tf.constant(1.0))))
try:
    f(tf.constant(-1.0))
    print('no error')
except Exception as e:
    # TF's "defined at" traceback starts with the frames of whatever runs the snippet (the
    # recorder, pytest): only the snippet's own are kept. __inference_f_N: TF numbers
    # traced functions process-wide.
    text = re.sub(r'(__inference_\\w+_)\\d+', r'\\1N', str(e))
    print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
        not l.startswith('  File ') or '<snippet' in l)))
print(repr(v))
print(repr(f(tf.constant(3.0))))
""")
_s("variable_as_argument_assigned", """
@tf.function
def bump(var, amount):
    var.assign_add(amount)
    return var.read_value()
a = tf.Variable(1.0)
b = tf.Variable(100.0)
print(repr(bump(a, tf.constant(1.0))))
print(repr(bump(b, tf.constant(1.0))))
print(a.numpy(), b.numpy())
""")


# ---------------------------------------------------------------------------
# more Variables in functions

_s("returned_variable_is_value_after_assign", """
class Model(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.counter = 0

    @tf.function
    def __call__(self):
        if self.counter == 0:
            self.counter += 1
            self.v.assign_add(1)
        return self.v

m = Model()
for n in range(3):
    print(m().numpy())
""", verbatim=True)

_s("assign_result_of_variable_created_in_first_call", """
class Count(tf.Module):
    def __init__(self):
        self.count = None

    @tf.function
    def __call__(self):
        if self.count is None:
            self.count = tf.Variable(0)
        return self.count.assign_add(1)

c = Count()
print(repr(c()), repr(c()), repr(c.count))
""", verbatim=True)

_s("variable_arguments_keyed_by_spec", """
n = 0
@tf.function
def f(a, b):
    global n
    n += 1
    a.assign_add(1)
    return a.read_value() + b.read_value()
v1, v2, v3 = tf.Variable(1), tf.Variable(2), tf.Variable(3, trainable=False)
print(f(v1, v2), n)
print(f(v2, v1), n)
print(f(v1, v1), n)
print(f(v3, v2), n)
print(f(v2, v2), n)
print(v1.numpy(), v2.numpy(), v3.numpy())
w = tf.Variable([1.0, 2.0])
@tf.function
def g(x):
    return tf.reduce_sum(x * x)
with tf.GradientTape() as t:
    y = g(w)
print(t.gradient(y, w), g.experimental_get_tracing_count())
u = tf.Variable([3.0, 4.0])
with tf.GradientTape() as t:
    y = g(u)
print(y, t.gradient(y, [u, w]), g.experimental_get_tracing_count())
""", verbatim=True)

_s("init_scope_lifts_out_of_the_trace", """
class Model(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.counter = 0

    @tf.function
    def __call__(self):
        if self.counter == 0:
            with tf.init_scope():
                self.counter += 1
                self.v.assign_add(1)
                print("eager inside:", tf.executing_eagerly(), self.v.numpy())
        return self.v

m = Model()
for n in range(3):
    print(m().numpy())
w = tf.Variable(5.0)
@tf.function
def g(x):
    with tf.init_scope():
        c = tf.constant(2.0) * 3
        print(tf.executing_eagerly(), c)
    print(tf.executing_eagerly())
    return x * c + w
print(g(tf.constant(1.0)), g(tf.constant(2.0)))
with tf.init_scope():
    print(tf.executing_eagerly())
""", verbatim=True)

_s("variables_of_a_failed_first_trace_and_none_dims", """
class N(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(tf.ones([3]))
        return x * self.w
n = N()
print(n(tf.ones([2, 3])), n(tf.ones([1, 3])), n.w)
""", verbatim=True)

_s("nested_function_creating_variables", """
class Dense(tf.Module):
    def __init__(self):
        self.w = None

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    def __call__(self, x):
        if self.w is None:
            self.w = tf.Variable(tf.ones([4, 1]), name="w")
        return tf.matmul(x, self.w)

model = Dense()
opt = tf.keras.optimizers.Adam(0.1)

@tf.function
def step(x):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(model(x))
    g = t.gradient(y, model.w)
    opt.apply_gradients([(g, model.w)])
    return y
print(step(tf.ones([2, 4])))
print(step(tf.ones([2, 4])), model.w.numpy().ravel(), int(opt.iterations))
print(step.experimental_get_tracing_count(), model.__call__.experimental_get_tracing_count())
v = None
@tf.function
def f(x):
    global v
    if v is None:
        v = tf.Variable(1.0)
    return x * v
f(tf.constant(2.0))
f(tf.constant(3.0))
print(f.experimental_get_tracing_count())
""", verbatim=True)

# ---------------------------------------------------------------------------
# TF's Function._call: which calls may create variables

_s("variable_created_on_a_later_call", """
# The first trace created none: a later trace may, runs, and the call raises.
vs = []
@tf.function
def f(x, create):
    print('trace', create)
    if create and not vs:
        vs.append(tf.Variable(10.0))
    return x + (vs[0] if vs else 0.)
for args in [(1., False), (1., True), (1., True), (3., False)]:
    try:
        print(repr(f(*args)))
    except ValueError as e:
        print(type(e).__name__, e)
print(len(vs), repr(vs[0]), f.experimental_get_tracing_count())
@tf.function
def g(x, create):
    if create:
        return x + tf.Variable(1.0)
    return x
print(repr(g(tf.constant(1.0), False)))
for _ in range(2):
    try:
        g(tf.constant(1.0), True)
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[-2:])
try:
    g.get_concrete_function(tf.constant(2.0), True)
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-2:])
""")
_s("variables_after_a_failed_first_trace", """
# A first trace that raised: a later trace creating variables runs and raises; TF's
# function then has no trace without variable creation, and its calls return None.
vs = []
@tf.function
def f(x, fail):
    print('trace', fail)
    if fail:
        raise ValueError('boom')
    if not vs:
        vs.append(tf.Variable(1.0))
    return vs[0] + x
for args in [(1., True), (1., False), (2., False), (1., False)]:
    try:
        print(repr(f(*args)))
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[-1])
print(repr(vs[0]), f.experimental_get_tracing_count())
ws = []
@tf.function
def g(x, fail):
    print('trace g', fail)
    if not ws:
        ws.append(tf.Variable(1.0))
    if fail:
        raise ValueError('boom')
    return ws[0] + x
for args in [(tf.constant(1.), True), (tf.constant(1.), False), (tf.constant(2.), False)]:
    try:
        print(repr(g(*args)))
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[-1])
try:
    g.get_concrete_function(tf.constant(1.), False)
except TypeError as e:
    print(type(e).__name__, e)
print(g.experimental_get_tracing_count())
""")
_s("variable_initial_value_from_arguments", """
# A variable made once from the first call's arguments (TF initializes it in that call's
# graph); one made on every trace is TF's singleton error.
class M(tf.Module):
    def __init__(self):
        self.v = None
        self.w = tf.Variable([1., 1.])
    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(tf.zeros_like(x) + x + self.w * 3.)
        self.v.assign_add(x)
        return self.v.read_value()
m = M()
print(repr(m(tf.constant([1., 2.]))))
print(repr(m(tf.constant([5., 5.]))))
print(repr(m.v), repr(m.w), m.__call__.experimental_get_tracing_count())
@tf.function
def g(x):
    v = tf.Variable(x)
    return v + 1
for _ in range(2):
    try:
        g(tf.constant(1.0))
    except ValueError as e:
        print(type(e).__name__, str(e).splitlines()[-2:])
""")

_s("first_call_run_eagerly_creates_the_rest_of_its_variables", """
class Lazy(tf.Module):
    def __init__(self):
        self.a = None
        self.b = None

    @tf.function
    def __call__(self, x):
        if self.a is None:
            self.a = tf.Variable(2.0, name="a")
        y = tf.unique(x).y * self.a   # (an output shape that depends on values)
        if self.b is None:
            self.b = tf.Variable(tf.reduce_sum(y), name="b")
        self.b.assign_add(1.0)
        return y * self.b

class Outer(tf.Module):
    def __init__(self):
        self.inner = Lazy()

    @tf.function
    def __call__(self, x):
        return self.inner(x) + 1.0

m = Lazy()
print(m(tf.constant([1.0, 1.0, 2.0])).numpy(), m(tf.constant([3.0, 3.0, 2.0, 2.0])).numpy(),
      m.b.numpy(), [v.name for v in m.variables])
o = Outer()
print(o(tf.constant([1.0, 1.0, 2.0])).numpy(), o(tf.constant([5.0])).numpy(), o.inner.b.numpy())

class SameName(tf.Module):
    def __init__(self):
        self.a = None
        self.b = None

    @tf.function
    def __call__(self, x):
        if self.a is None:
            self.a = tf.Variable(tf.ones([2]), name="w")
        y = tf.unique(x).y
        if self.b is None:
            self.b = tf.Variable(tf.ones([3]), name="w")   # (its name again, another shape)
        return tf.reduce_sum(y) + tf.reduce_sum(self.a) + tf.reduce_sum(self.b)

s = SameName()
print(s(tf.constant([1.0, 1.0, 2.0])).numpy(), [v.name for v in s.variables])

@tf.function
def each_call(x):
    v = tf.Variable(1.0)
    return tf.unique(x).y + v

try:
    print(each_call(tf.constant([1.0, 1.0])))
except ValueError as e:
    print("ValueError", str(e).splitlines()[-1])
""")
