"""Golden snippets: gradients inside tf.function (issue 15): GradientTape through
tf.custom_gradient (with variables=, keyword arguments), IndexedSlices of a gathered
Variable; tf.gradients and tf.hessians in graph mode (grad_ys, stop_gradients,
unconnected_gradients, aggregation_method, second order, control flow) and their eager
errors; the trace-time dtype TypeErrors of TF's op-def library; TensorArray reads that
clear (clear_after_read)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# GradientTape and tf.custom_gradient inside tf.function

_s("tape_custom_gradient_in_function", """
@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad

@tf.function
def f(x):
    with tf.GradientTape() as g:
        g.watch(x)
        y = log1pexp(x)
    return y, g.gradient(y, x)
for v in (100.0, 0.0, 1.0):
    y, dy = f(tf.constant(v))
    print(repr(y), repr(dy))
""")
_s("tape_custom_gradient_clip_in_function", """
@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward

v = tf.Variable(2.0)
@tf.function
def f():
    with tf.GradientTape() as t:
        output = clip_gradients(v * v)
    return output, t.gradient(output, v)
print(f())
""")
_s("tape_custom_gradient_variables_in_function", """
v = tf.Variable([1.0, 2.0], name="v")
w = tf.Variable(3.0, name="w")
@tf.custom_gradient
def scaled(x):
    y = x * v * w
    def grad(dy, variables=None):
        print("variables", [var.name for var in variables])
        return dy * v * w, [tf.reduce_sum(dy * x * w) * tf.ones_like(v),
                            tf.reduce_sum(dy * x * v)]
    return y, grad

@tf.function
def f(x):
    with tf.GradientTape() as g:
        g.watch(x)
        y = scaled(x)
    return g.gradient(y, [x, v, w])
for r in f(tf.constant(2.0)):
    print(repr(r))
""")
_s("tape_custom_gradient_variables_missing_in_function_error", """
v = tf.Variable(2.0)
@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy
    return x * v, grad
@tf.function
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    return t.gradient(y, x)
g(tf.constant(1.0))
""")
_s("custom_gradient_kwargs_in_function_error", """
@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy * 2.0
    return x * 2.0, grad
print(repr(f(x=tf.constant(1.0))))
@tf.function
def g(x):
    return f(x=x)
g(tf.constant(1.0))
""")
_s("tape_gather_variable_in_function", """
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
@tf.function
def f(ids):
    with tf.GradientTape() as g:
        y = tf.reduce_sum(tf.gather(emb, ids) * 2.0)
    grad = g.gradient(y, emb)
    print(type(grad).__name__)
    return grad
r = f(tf.constant([0, 2, 0]))
print(type(r).__name__)
print(repr(r.indices))
print(repr(r.values))
print(repr(r.dense_shape))
print(repr(tf.convert_to_tensor(r)))
""")
_s("tape_gather_variable_in_function_values", """
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
@tf.function
def f(ids):
    with tf.GradientTape() as g:
        y = tf.reduce_sum(tf.gather(emb, ids) * 2.0)
    return tf.convert_to_tensor(g.gradient(y, emb))
print(repr(f(tf.constant([0, 2, 0]))))
""")
_s("tape_embedding_lookup_in_function", """
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
@tf.function
def f():
    with tf.GradientTape() as g:
        y = tf.reduce_sum(tf.nn.embedding_lookup(emb, [1, 1]))
    return g.gradient(y, emb)
r = f()
print(type(r).__name__, repr(r.indices), repr(r.values))
""")

# ---------------------------------------------------------------------------
# tf.gradients and tf.hessians

_errs("gradients_eager_errors",
      "tf.gradients(tf.constant(1.0), tf.constant(1.0))",
      "tf.hessians(tf.constant(1.0), tf.constant(1.0))")
_s("gradients_in_function", """
v = tf.Variable([1.0, 2.0])
@tf.function
def f(x):
    y = x * x + tf.sin(x)
    return tf.gradients(y, x)
print(f(tf.constant([1.0, 2.0])))
@tf.function
def g(x):
    y = tf.reduce_sum(x * v)
    return tf.gradients(y, [x, v])
print(g(tf.constant([3.0, 4.0])))
""")
_s("gradients_grad_ys", """
@tf.function
def f(x):
    y = x * 3.0
    return tf.gradients(y, x, grad_ys=tf.constant([2.0, 5.0]))
print(f(tf.constant([1.0, 2.0])))
@tf.function
def g(x):
    y1 = x * 2.0
    y2 = x * x
    return tf.gradients([y1, y2], x, grad_ys=[None, tf.constant(10.0)])
print(g(tf.constant(3.0)))
""")
_s("gradients_stop_gradients", """
@tf.function
def f(x):
    a = x * 2.0
    b = a * a
    return tf.gradients(a + b, [a, b, x], stop_gradients=[a, b])
print(f(tf.constant(1.0)))
@tf.function
def g(x):
    y = tf.stop_gradient(x) * x
    return tf.gradients(y, x)
print(g(tf.constant(3.0)))
""")
_s("gradients_unconnected", """
@tf.function
def f(x, z):
    y = x * 2.0
    return (tf.gradients(y, [x, z]),
            tf.gradients(y, [x, z], unconnected_gradients='zero'),
            tf.gradients(y, [x, z], unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(f(tf.constant(1.0), tf.constant([1.0, 2.0])))
@tf.function
def g(x):
    return tf.gradients(tf.cast(x, tf.int32) * 2, x)
print(g(tf.constant(3.0)))
@tf.function
def h(x):
    return tf.gradients(x * 2, x)
print(h(tf.constant(3)))
""")
_s("gradients_second_order_and_options", """
@tf.function
def f(x):
    y = x * x * x
    g = tf.gradients(y, x)[0]
    return (g, tf.gradients(g, x),
            tf.gradients([y, g], x, aggregation_method=tf.AggregationMethod.EXPERIMENTAL_TREE,
                         gate_gradients=True, name="grads"))
print(f(tf.constant(3.0)))
print(tf.AggregationMethod.ADD_N, tf.AggregationMethod.DEFAULT,
      tf.AggregationMethod.EXPERIMENTAL_TREE, tf.AggregationMethod.EXPERIMENTAL_ACCUMULATE_N)
""")
_s("gradients_control_flow_custom_gradient_gather", """
@tf.custom_gradient
def half_grad(x):
    def grad(dy):
        return dy * 0.5
    return x * 1.0, grad
v = tf.Variable([1.0, 2.0, 3.0])
@tf.function
def f(x):
    c = tf.cond(x > 0, lambda: x * x, lambda: x)
    h = half_grad(x) * x
    gv = tf.gradients(tf.gather(v, [2, 2]) * x, v)[0]
    return tf.gradients(c, x), tf.gradients(h, x), type(gv).__name__, gv.indices, gv.values
print(f(tf.constant(3.0)))
""")
_s("gradients_bad_arguments_errors", """
@tf.function
def f(x, **kw):
    return tf.gradients(x * 2.0, x, **kw)
for kw in ({"aggregation_method": 7}, {"unconnected_gradients": "bad"},
           {"grad_ys": tf.constant(1.0, tf.float64)}):
    try:
        print(f(tf.constant(3.0), **kw))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
""")
_s("hessians_in_function", """
@tf.function
def f(x):
    return tf.hessians(x * x * x, x)
print(f(tf.constant([1.0, 2.0])))
@tf.function
def g(x):
    return tf.hessians(tf.reduce_sum(x * x * x), x)
print(g(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
@tf.function
def h(x, y):
    return tf.hessians(tf.reduce_sum(x * x * y), [x, y])
print(h(tf.constant([1.0, 2.0]), tf.constant(3.0)))
""")

# ---------------------------------------------------------------------------
# dtype mismatches: eagerly the kernel's InvalidArgumentError, traced TF's TypeErrors

_errs("dtype_mismatch_eager_errors",
      "tf.constant(1.0) + tf.constant(2.0, tf.float64)",
      "tf.matmul(tf.ones([1, 1]), tf.ones([1, 1], tf.float64))",
      "tf.concat([tf.ones([1]), tf.ones([1], tf.float64)], 0)",
      "tf.stack([tf.constant(1.0), tf.constant(1.0, tf.float64)])")
_s("dtype_mismatch_in_function_errors", """
def add(a, b):
    return a + b
def matmul(a, b):
    return tf.matmul(tf.reshape(a, [1, 1]), tf.reshape(b, [1, 1]))
def where(a, b):
    return tf.where(True, a, b)
def concat(a, b):
    return tf.concat([tf.reshape(a, [1]), tf.reshape(b, [1])], 0)
def stack(a, b):
    return tf.stack([a, b, a])
def add_n(a, b):
    return tf.add_n([a, b])
def less(a, b):
    return a < b
for fn in (add, matmul, where, concat, stack, add_n, less):
    try:
        tf.function(fn)(tf.constant(1.0), tf.constant(2.0, tf.float64))
    except Exception as e:
        print(fn.__name__, type(e).__name__, str(e).splitlines()[-1])
try:
    tf.function(add)(tf.constant(1), tf.constant(2.0))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
""")

# ---------------------------------------------------------------------------
# TensorArray reads clear their element eagerly (clear_after_read)

_s("tensor_array_read_clears", """
ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, 1.0).write(1, 2.0).write(2, 3.0)
print(repr(ta.read(1)))
try:
    ta.read(1)
except Exception as e:
    print(type(e).__name__, e)
print(repr(ta.stack()))
print(repr(ta.read(1)))
ta = ta.write(1, 5.0)
print(repr(ta.read(1)), repr(ta.stack()))
""")
_s("tensor_array_read_keep", """
ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)
ta = ta.write(0, 1.0).write(1, 2.0).write(2, 3.0)
print(repr(ta.read(1)), repr(ta.read(1)), repr(ta.stack()))
ta = tf.TensorArray(tf.float32, size=2, element_shape=[2])
ta = ta.write(0, [1.0, 2.0]).write(1, [3.0, 4.0])
print(repr(ta.read(0)))
print(repr(ta.stack()), repr(ta.gather([0, 1])), repr(ta.concat()))
""")
_s("tensor_array_read_gradient", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    ta = tf.TensorArray(tf.float32, size=2).write(0, x * x).write(1, x)
    r = ta.read(0)
    s = ta.stack()
print(repr(r), repr(s), repr(g.gradient(s, x)))
""")
_s("tensor_array_read_in_function", """
@tf.function
def f():
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(0, 1.0).write(1, 2.0).write(2, 3.0)
    a = ta.read(1)
    b = ta.read(1)
    return a, b, ta.stack()
print(f())
""")
_s("gradients_through_nested_functions", """
v = tf.Variable(3.0)
@tf.function
def inner(x):
    return x * x * v
@tf.function
def outer(x):
    y = inner(x)
    return tf.gradients(y, [x, v])
print([g.numpy() for g in outer(tf.constant(2.0))])
c = tf.constant(5.0)
@tf.function
def inner2(x):
    return x * c
@tf.function
def outer2(x):
    z = x * 2.0
    return tf.gradients(inner2(z), x)
print([g.numpy() for g in outer2(tf.constant(2.0))])
""")
_s("custom_gradient_variable_arguments_in_function", """
s = tf.Variable(2.0)
@tf.custom_gradient
def scaled(x, scale):
    def grad(upstream, variables=None):
        print("variables:", variables)
        return upstream * scale, upstream * 10.0
    return x * scale, grad
@tf.function
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scaled(x, s)
    return tape.gradient(y, [x, s])
print([g.numpy() for g in f(tf.constant(3.0))])
with tf.GradientTape() as tape:
    x = tf.constant(3.0)
    tape.watch(x)
    y = scaled(x, tf.convert_to_tensor(s))
print([g.numpy() for g in tape.gradient(y, [x, s]) if g is not None])
""")
