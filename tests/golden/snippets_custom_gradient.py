"""Golden snippets: tf.custom_gradient (tf_semantics.md A.12): grad_fn results and their
errors, Variables (the variables= keyword), second order, upstream gradients; and
tf.recompute_grad, tf.grad_pass_through."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# tf.custom_gradient (A.12)

_s("custom_gradient_log1pexp", """
@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad

x = tf.constant(100.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = log1pexp(x)
print(repr(y))
print(repr(g.gradient(y, x)))
x = tf.constant([0.0, 1.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = log1pexp(x)
print(repr(y), repr(g.gradient(y, x)))
""")
_s("custom_gradient_log1pexp_naive_nan", """
def log1pexp(x):
    return tf.math.log(1 + tf.exp(x))
x = tf.constant(100.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = log1pexp(x)
print(repr(y), repr(g.gradient(y, x)))
""")
_s("custom_gradient_clip_gradients_guide", """
@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward

v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(repr(output))
print(repr(t.gradient(output, v)))
""")
_s("custom_gradient_multiple_inputs_outputs", """
@tf.custom_gradient
def f(a, b):
    def grad(ua, ub):
        print('upstreams', repr(ua), repr(ub))
        return ua * 10.0 + ub, ua + ub * 100.0
    return (a * b, a + b), grad

a = tf.constant(2.0)
b = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([a, b])
    p, s = f(a, b)
    loss1 = p
    loss2 = p * 2.0 + s * 3.0
print(repr(p), repr(s))
print(g.gradient(loss1, [a, b]))
print(g.gradient(loss2, [a, b]))
print(g.gradient(s, [a, b]))
""")
_s("custom_gradient_unused_output_upstream_zeros", """
@tf.custom_gradient
def f(x):
    def grad(u1, u2):
        print(u1, u2)
        return u1 + tf.reduce_sum(u2)
    return (x * 2.0, tf.stack([x, x])), grad

x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y1, y2 = f(x)
print(repr(g.gradient(y1, x)))
""")
_s("custom_gradient_list_output", """
@tf.custom_gradient
def f(x):
    def grad(*ups):
        print(len(ups), [repr(u) for u in ups])
        return ups[0] + 2.0 * ups[1]
    return [x, x * x], grad

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    out = f(x)
    y = out[0] * 5.0 + out[1]
print(type(out).__name__, len(out))
print(repr(g.gradient(y, x)))
""")
_s("custom_gradient_returns_none_grad", """
@tf.custom_gradient
def f(a, b):
    def grad(dy):
        return dy * 2.0, None
    return a * 2.0 + b, grad

a = tf.constant(1.0)
b = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch([a, b])
    y = f(a, b)
print(g.gradient(y, [a, b]))
with tf.GradientTape() as g:
    g.watch([a, b])
    y = f(a, b)
print(g.gradient(y, [a, b], unconnected_gradients='zero'))
""")
_s("custom_gradient_wrong_count_error", """
@tf.custom_gradient
def f(a, b):
    def grad(dy):
        return dy
    return a * b, grad

a = tf.constant(1.0)
b = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch([a, b])
    y = f(a, b)
g.gradient(y, [a, b])
""")
_errs("custom_gradient_count_errors", """
@tf.custom_gradient
def f(a):
    def grad(dy):
        return dy, dy, dy
    return a * 2.0, grad
a = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(a)
    y = f(a)
g.gradient(y, a)
""", """
@tf.custom_gradient
def f(a, b, c):
    def grad(dy):
        return [dy, dy]
    return a * b * c, grad
a = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(a)
    y = f(a, a, a)
g.gradient(y, a)
""")
_s("custom_gradient_not_returning_tuple_error", """
@tf.custom_gradient
def f(x):
    return x * 2.0
f(tf.constant(1.0))
""")
_s("custom_gradient_python_float_args", """
@tf.custom_gradient
def f(x, y):
    def grad(dy):
        print('in grad', repr(dy))
        return dy * y, dy * x
    print(type(x).__name__, repr(x))
    return x * y, grad

r = f(2.0, 3.0)
print(repr(r))
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x, 4.0)
print(repr(g.gradient(y, x)))
""")
_s("custom_gradient_nested_list_args", """
@tf.custom_gradient
def f(xs):
    a, (b, c) = xs[0], xs[1]
    def grad(dy):
        return dy * b * c, dy * a * c, dy * a * b
    return a * b * c, grad

a = tf.constant(2.0)
b = tf.constant(3.0)
c = tf.constant(4.0)
with tf.GradientTape() as g:
    g.watch([a, b, c])
    y = f([a, [b, c]])
print(repr(y))
print(g.gradient(y, [a, b, c]))
""")
_s("custom_gradient_with_variables", """
v = tf.Variable(2.0)

@tf.custom_gradient
def f(x):
    def grad(dy, variables=None):
        print('variables', [w.name for w in variables], variables[0] is v)
        return dy * v * 10.0, [dy * x * 100.0]
    return x * v, grad

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x)
print(repr(y))
print(g.gradient(y, [x, v]))
""")
_s("custom_gradient_with_variables_kwargs_form", """
w = tf.Variable([1.0, 2.0])

@tf.custom_gradient
def f(x):
    def grad(dy, **kwargs):
        vs = kwargs['variables']
        print(sorted(kwargs), len(vs))
        return tf.reduce_sum(dy * w), [dy * x]
    return x * w, grad

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x)
print(repr(y))
gx, gw = g.gradient(y, [x, w])
print(repr(gx), repr(gw))
""")
_s("custom_gradient_variables_missing_kwarg_error", """
v = tf.Variable(2.0)

@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy * v
    return x * v, grad

f(tf.constant(3.0))
""")
_s("custom_gradient_variables_wrong_count_error", """
v = tf.Variable(2.0)

@tf.custom_gradient
def f(x):
    def grad(dy, variables=None):
        return dy * v, []
    return x * v, grad

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x)
g.gradient(y, [x, v])
""")
_s("custom_gradient_variable_only_no_input_grad", """
v = tf.Variable(3.0)

@tf.custom_gradient
def f(x):
    def grad(dy, variables=None):
        return None, [dy * 7.0]
    return x * v * v, grad

x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x)
print(g.gradient(y, [x, v]))
""")
_s("custom_gradient_variable_as_positional_arg", """
v = tf.Variable(2.0)

@tf.custom_gradient
def f(a, x):
    print(type(a).__name__)
    def grad(dy):
        return dy * x * 10.0, dy * a
    return a * x, grad

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = f(v, x)
print(repr(y))
print(g.gradient(y, [v, x]))
""")
_s("custom_gradient_kwargs_not_differentiated", """
@tf.custom_gradient
def f(x, scale=None):
    def grad(dy):
        return dy * scale
    return x * scale, grad

x = tf.constant(2.0)
s = tf.constant(5.0)
with tf.GradientTape() as g:
    g.watch([x, s])
    y = f(x, scale=s)
print(repr(y))
print(g.gradient(y, [x, s]))
""")
_s("custom_gradient_second_order_differentiable_grad", """
@tf.custom_gradient
def cube(x):
    def grad(dy):
        return dy * 3.0 * x * x
    return x * x * x, grad

x = tf.constant(2.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = cube(x)
    dy = t1.gradient(y, x)
d2y = t2.gradient(dy, x)
print(repr(y), repr(dy), repr(d2y))
""")
_s("custom_gradient_second_order_nonstandard_grad", """
@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy * tf.sin(x)
    return x * 1.0, grad

x = tf.constant(0.5)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = f(x)
    dy = t1.gradient(y, x)
print(repr(dy), repr(t2.gradient(dy, x)))
""")
_s("custom_gradient_nested_second_order_override", """
@tf.custom_gradient
def f(x):
    y = x * x * x
    def first(dy):
        @tf.custom_gradient
        def first_custom(xx):
            def second(ddy):
                print('second called', repr(ddy))
                return ddy * 100.0
            return 3.0 * xx * xx, second
        return dy * first_custom(x)
    return y, first

x = tf.constant(2.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = f(x)
    dy = t1.gradient(y, x)
print(repr(y), repr(dy))
print(repr(t2.gradient(dy, x)))
""")
_s("custom_gradient_grad_fn_uses_tf_ops", """
@tf.custom_gradient
def safe_norm(x):
    n = tf.norm(x)
    def grad(dy):
        return dy * tf.math.divide_no_nan(x, n)
    return n, grad

x = tf.constant([3.0, 4.0])
z = tf.constant([0.0, 0.0])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, z])
    y1 = safe_norm(x)
    y2 = safe_norm(z)
    y3 = tf.norm(z)
print(repr(y1), repr(g.gradient(y1, x)))
print(repr(y2), repr(g.gradient(y2, z)))
print(repr(g.gradient(y3, z)))
""")
_s("custom_gradient_nonscalar_and_output_gradients", """
@tf.custom_gradient
def f(x):
    def grad(dy):
        print('dy', repr(dy))
        return dy * 2.0
    return x * 2.0, grad

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = f(x)
print(repr(g.gradient(y, x, output_gradients=tf.constant([1.0, 10.0, 100.0]))))
""")
_s("custom_gradient_result_types", """
@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy
    return tf.identity(x), grad

r = f(tf.constant([1, 2]))
print(repr(r))
r = f(tf.constant(1.5, tf.float64))
print(repr(r))
""")
_s("custom_gradient_grad_called_with_persistent_twice", """
calls = []

@tf.custom_gradient
def f(x):
    def grad(dy):
        calls.append(1)
        return dy * 4.0
    return x * 2.0, grad

x = tf.constant(1.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = f(x)
print(repr(g.gradient(y, x)), repr(g.gradient(y, x)), len(calls))
""")
_s("custom_gradient_not_recorded_without_tape", """
calls = []

@tf.custom_gradient
def f(x):
    def grad(dy):
        calls.append(1)
        return dy
    return x + 1.0, grad

print(repr(f(tf.constant(1.0))), len(calls))
""")

# ---------------------------------------------------------------------------
# recompute_grad / grad_pass_through

_s("recompute_grad_same_gradients", """
def block(x):
    return tf.tanh(x) * x + tf.sin(x * 2.0)
rblock = tf.recompute_grad(block)
x = tf.constant([0.5, -1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y1 = block(x)
    y2 = rblock(x)
print(repr(y1))
print(repr(y2))
print(repr(g.gradient(y1, x)))
print(repr(g.gradient(y2, x)))
""")
_s("recompute_grad_with_variable", """
w = tf.Variable([[1.0, -1.0], [0.5, 2.0]])
def layer(x):
    return tf.nn.relu(tf.matmul(x, w))
rlayer = tf.recompute_grad(layer)
x = tf.constant([[1.0, 2.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(rlayer(x) ** 2)
gx, gw = g.gradient(y, [x, w])
print(repr(y))
print(repr(gx))
print(repr(gw))
""")
_s("grad_pass_through_assign", """
x = tf.Variable(1.0, name='x')
z = tf.Variable(3.0, name='z')
with tf.GradientTape() as tape:
    y = tf.grad_pass_through(x.assign)(z ** 2)
print(repr(x.numpy()))
print(repr(tape.gradient(y, z)))
""")
_s("grad_pass_through_plain_function", """
x = tf.constant([0.4, 1.6, -2.5])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    r = tf.grad_pass_through(tf.round)(x * 3.0)
    r2 = tf.round(x * 3.0)
print(repr(r))
print(repr(g.gradient(r, x)))
print(g.gradient(r2, x))
""")
