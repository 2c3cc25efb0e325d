"""Golden snippets: control flow inside tf.function as XLA loops: tf.TensorArray as a
tf.while_loop (and AutoGraph loop) variable, tf.scan / map_fn / foldl / foldr as one
lax.scan, tf.vectorized_map, tf.while_loop's options; values and gradients (tapes
inside the function and around it), eager and traced."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("tensor_array_while_loop_carry", """
@tf.function
def f(x, n):
    ta = tf.TensorArray(tf.float32, size=4)
    def body(i, ta):
        return i + 1, ta.write(i, x * tf.cast(i + 1, tf.float32))
    _, ta = tf.while_loop(lambda i, ta: i < n, body, [tf.constant(0), ta])
    return ta.stack(), ta.read(1), ta.size(), ta.gather([3, 0])
for n in (4, 2):
    s, r, size, g = f(tf.constant([1.0, -2.0]), tf.constant(n))
    print(s.dtype, s.shape, s.numpy().tolist(), r.numpy().tolist(), int(size), g.numpy().tolist())
print(f.experimental_get_tracing_count())
""", verbatim=True)

_s("tensor_array_element_shape_and_reads", """
@tf.function
def f(n):
    ta = tf.TensorArray(tf.int32, size=3, element_shape=[2])
    ta = ta.write(0, [7, 8])
    def body(i, ta, total):
        total = total + ta.read(i - 1)
        return i + 1, ta.write(i, ta.read(i - 1) * 2), total
    _, ta, total = tf.while_loop(lambda i, ta, t: i < n, body, [tf.constant(1), ta, tf.zeros([2], tf.int32)])
    return ta.stack(), total, ta.concat()
for n in (3, 1):
    s, t, c = f(tf.constant(n))
    print(s.dtype, s.numpy().tolist(), t.numpy().tolist(), c.shape, c.numpy().tolist())
""", verbatim=True)

_s("tensor_array_autograph_for_range", """
@tf.function
def cumulative(x):
    n = tf.shape(x)[0]
    ta = tf.TensorArray(tf.float32, size=5)
    acc = tf.constant(0.0)
    for i in tf.range(n):
        acc = acc + x[i]
        ta = ta.write(i, acc)
    return ta.stack()
print(cumulative(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])).numpy().tolist())
@tf.function
def squares(n):
    ta = tf.TensorArray(tf.int32, size=6)
    for i in tf.range(n):
        ta = ta.write(i, i * i)
    return ta.stack()
print(repr(squares(tf.constant(6))))
print(repr(squares(tf.constant(3))))
""", verbatim=True)

_s("tensor_array_scatter_unstack_in_loop", """
@tf.function
def f(m, n):
    ta = tf.TensorArray(tf.float32, size=3).unstack(m)
    out = tf.TensorArray(tf.float32, size=3)
    def body(i, out):
        return i + 1, out.write(2 - i, ta.read(i) + 1.0)
    _, out = tf.while_loop(lambda i, out: i < n, body, [tf.constant(0), out])
    sc = out.scatter(tf.constant([0]), tf.constant([[9.0, 9.0]]))
    return out.stack(), sc.stack()
a, b = f(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), tf.constant(3))
print(a.numpy().tolist(), b.numpy().tolist())
""", verbatim=True)

_s("tensor_array_dynamic_size_max_iterations", """
@tf.function
def f(x, n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    _, ta = tf.while_loop(lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, x * tf.cast(i, tf.float32))),
                          [0, ta], maximum_iterations=5)
    return ta.size(), ta.read(2)
s, r = f(tf.constant([1.5, 0.5]), tf.constant(3))
print(s.dtype, int(s), r.numpy().tolist())
""", verbatim=True)

_s("tensor_array_gradient_in_loop", """
@tf.function
def f(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(tf.float32, size=4)
        def body(i, ta, acc):
            acc = acc * x
            return i + 1, ta.write(i, acc), acc
        _, ta, _ = tf.while_loop(lambda i, ta, acc: i < n, body, [0, ta, tf.ones([2])],
                                 maximum_iterations=4)
        y = tf.reduce_sum(ta.stack() * tf.constant([[1.0], [2.0], [3.0], [4.0]]))
    return y, tape.gradient(y, x)
for n in (4, 2):
    y, g = f(tf.constant([2.0, 0.5]), tf.constant(n))
    print(float(y), g.numpy().tolist())
w = tf.Variable(1.5)
@tf.function
def h(x):
    ta = tf.TensorArray(tf.float32, size=3)
    def body(i, ta):
        return i + 1, ta.write(i, x * w * tf.cast(i + 1, tf.float32))
    _, ta = tf.while_loop(lambda i, ta: i < 3, body, [tf.constant(0), ta], maximum_iterations=3)
    return tf.reduce_sum(ta.stack() ** 2)
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = h(x)
gx, gw = tape.gradient(y, [x, w])
print(float(y), float(gx), float(gw))
""", verbatim=True)

_s("scan_in_function", """
@tf.function
def f(e):
    return (tf.scan(lambda a, x: a * 2.0 + x, e),
            tf.scan(lambda a, x: a * 2.0 + x, e, reverse=True),
            tf.scan(lambda a, x: a + x, e, initializer=tf.constant(100.0)),
            tf.scan(lambda a, x: a - x, e, initializer=tf.constant(0.0), reverse=True))
for r in f(tf.constant([1.0, 2.0, 3.0, 4.0])):
    print(repr(r))
@tf.function
def nested(a, b):
    return tf.scan(lambda acc, x: (acc[0] + x[0], acc[1] * x[1]), (a, b),
                   initializer=(tf.constant(0), tf.constant(1.0)))
s, p = nested(tf.constant([1, 2, 3]), tf.constant([2.0, 3.0, 0.5]))
print(repr(s), repr(p))
@tf.function
def rows(m):
    return tf.scan(lambda acc, row: {'sum': acc['sum'] + row, 'n': acc['n'] + 1}, m,
                   initializer={'sum': tf.zeros([2]), 'n': tf.constant(0)})
r = rows(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print(sorted(r), r['sum'].numpy().tolist(), r['n'].numpy().tolist())
""", verbatim=True)

_s("scan_gradient", """
@tf.function
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.scan(lambda a, e: a * e + 1.0, x))
    return y, tape.gradient(y, x)
y, g = f(tf.constant([2.0, 3.0, 0.5]))
print(repr(y), repr(g))
v = tf.Variable([1.0, -1.0])
@tf.function
def h(x):
    return tf.reduce_sum(tf.scan(lambda a, e: tf.tanh(a * v + e), x, initializer=tf.zeros([2]), reverse=True))
x = tf.constant([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = h(x)
gx, gv = tape.gradient(y, [x, v])
print(repr(y))
print(gx.numpy().round(5).tolist(), gv.numpy().round(5).tolist())
""", verbatim=True)

_s("map_fn_in_function", """
@tf.function
def f(m):
    return (tf.map_fn(lambda r: tf.reduce_sum(r * r), m),
            tf.map_fn(lambda r: tf.cast(tf.argmax(r), tf.int32), m, fn_output_signature=tf.int32),
            tf.map_fn(lambda r: (r[0], r * 2.0), m, fn_output_signature=(tf.float32, tf.float32)))
a, b, (c, d) = f(tf.constant([[1.0, 2.0], [5.0, 3.0], [0.0, 6.0]]))
print(repr(a))
print(repr(b))
print(repr(c))
print(repr(d))
@tf.function
def g(x, y):
    return tf.map_fn(lambda e: e[0] * tf.cast(e[1], tf.float32), (x, y), fn_output_signature=tf.float32)
print(repr(g(tf.constant([1.5, 2.5]), tf.constant([2, 4]))))
@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.map_fn(lambda e: tf.sin(e) * e, x))
    return tape.gradient(y, x)
print(grad(tf.constant([0.5, 1.0, 2.0])).numpy().round(5).tolist())
""", verbatim=True)

_s("folds_in_function", """
@tf.function
def f(e):
    return (tf.foldl(lambda a, x: a * 10.0 + x, e), tf.foldr(lambda a, x: a * 10.0 + x, e),
            tf.foldl(lambda a, x: a - x, e, initializer=tf.constant(100.0)),
            tf.foldr(lambda a, x: a - x, e, initializer=tf.constant(100.0)))
for r in f(tf.constant([1.0, 2.0, 3.0])):
    print(repr(r))
@tf.function
def nested(a, b):
    return tf.foldl(lambda acc, x: (acc[0] + x[0] * x[1], acc[1] + 1), (a, b),
                    initializer=(tf.constant(0.0), tf.constant(0)))
print(repr(nested(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))))
@tf.function
def grads(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        l = tf.foldl(lambda a, v: a * v + 1.0, x)
        r = tf.foldr(lambda a, v: a * v + 1.0, x)
    return l, tape.gradient(l, x), r, tape.gradient(r, x)
for t in grads(tf.constant([2.0, 3.0, 4.0])):
    print(repr(t))
""", verbatim=True)

_s("fold_assigns_variable", """
v = tf.Variable(0.0)
@tf.function
def f(e):
    def step(a, x):
        v.assign_add(x)
        return a + v
    return tf.foldl(step, e, initializer=tf.constant(0.0))
print(repr(f(tf.constant([1.0, 2.0, 3.0]))), repr(v.numpy()))
""", verbatim=True)

_s("vectorized_map", """
def fn(row):
    return tf.reduce_sum(row * row) + 1.0, row[::-1]
m = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
a, b = tf.vectorized_map(fn, m)
print(repr(a))
print(repr(b))
@tf.function
def f(m):
    return tf.vectorized_map(lambda e: tf.matmul(e[0][None], e[1])[0], (m, tf.stack([tf.eye(2)] * 3)))
print(repr(f(m)))
x = tf.constant([0.5, 1.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.vectorized_map(lambda e: e ** 3, x))
print(repr(tape.gradient(y, x)))
""", verbatim=True)

_s("while_loop_options_in_function", """
@tf.function
def f(x, n, m):
    return tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x), [tf.constant(0), tf.constant(1.0)],
                         parallel_iterations=1, back_prop=True, swap_memory=True,
                         maximum_iterations=m)
for n, m in ((5, 3), (2, 10), (4, 4)):
    i, y = f(tf.constant(2.0), tf.constant(n), tf.constant(m))
    print(repr(i), repr(y))
@tf.function
def g(x):
    return tf.while_loop(lambda y: tf.reduce_sum(y) < 100.0, lambda y: [y * x], [tf.ones([2])],
                         shape_invariants=[tf.TensorShape([2])])
print(repr(g(tf.constant([2.0, 3.0]))))
""", verbatim=True)

_s("while_loop_gradient_max_iterations_traced_cond", """
@tf.function
def f(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        _, y = tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x + 1.0),
                             [tf.constant(0), tf.constant(0.0)], maximum_iterations=6)
    return y, tape.gradient(y, x)
for n in (10, 3, 0):
    y, g = f(tf.constant(2.0), tf.constant(n))
    print(repr(y), repr(g))
""", verbatim=True)

_s("while_loop_traced_bound_without_maximum_iterations", """
@tf.function
def f(x, n):
    _, y = tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x + 1.0),
                         [tf.constant(0), tf.constant(0.0)])
    return y
print(repr(f(tf.constant(2.0), tf.constant(4))))
x = tf.constant(2.0)
with tf.GradientTape() as tape:   # eagerly: the loop runs in Python
    tape.watch(x)
    _, y = tf.while_loop(lambda i, y: i < 4, lambda i, y: (i + 1, y * x + 1.0),
                         [tf.constant(0), tf.constant(0.0)])
print(repr(y), repr(tape.gradient(y, x)))
""", verbatim=True)

_s("while_loop_gradient_without_maximum_iterations", """
@tf.function
def f(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        _, y = tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x + 1.0),
                             [tf.constant(0), tf.constant(0.0)])
    return y, tape.gradient(y, x)
try:
    y, g = f(tf.constant(2.0), tf.constant(4))
    print(repr(y), repr(g))
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("map_fn_signature_mismatch", """
def double(e):
    return e * 2
x = tf.constant([1.0, 2.0])
try:
    print(tf.map_fn(double, x, fn_output_signature=tf.int32))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(tf.map_fn(double, x, dtype=tf.int32))
except Exception as e:
    print(type(e).__name__, e)
print(repr(tf.map_fn(double, x, dtype=tf.float32)))
""", verbatim=True)

_s("tensor_array_autograph_while_and_if", """
@tf.function
def f(n):
    ta = tf.TensorArray(tf.float32, size=5)
    i = tf.constant(0)
    while i < n:
        ta = ta.write(i, tf.cast(i, tf.float32) * 2.0)
        i += 1
    return ta.stack()
print(repr(f(tf.constant(3))))
@tf.function
def g(x):
    ta = tf.TensorArray(tf.float32, size=3)
    for i in tf.range(tf.shape(x)[0]):
        if x[i] > 0:
            ta = ta.write(i, x[i])
        else:
            ta = ta.write(i, -x[i] * 10.0)
    return ta.stack()
print(repr(g(tf.constant([1.0, -2.0, 3.0]))))
@tf.function
def h(x, n):
    ta = tf.TensorArray(tf.float32, size=4, element_shape=[])
    for i in tf.range(n):
        if x[i] > 0:
            ta = ta.write(i, x[i])
    return ta.stack()
print(repr(h(tf.constant([1.0, -2.0, 3.0, 4.0]), tf.constant(3))))
""", verbatim=True)

_s("tensor_array_nested_loops", """
@tf.function
def nested(n, m):
    outer = tf.TensorArray(tf.int32, size=3)
    for i in tf.range(n):
        inner = tf.TensorArray(tf.int32, size=2)
        for j in tf.range(m):
            inner = inner.write(j, i * 10 + j)
        outer = outer.write(i, inner.stack())
    return outer.stack()
print(repr(nested(tf.constant(3), tf.constant(2))))
print(repr(nested(tf.constant(2), tf.constant(1))))
""", verbatim=True)

_s("while_loop_unbounded_forward_and_shape_polymorphic", """
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
def f(x, n):
    _, y = tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x + 1.0),
                         [tf.constant(0), tf.zeros_like(x)])
    return y
print(repr(f(tf.constant([2.0, 1.0]), tf.constant(3))))
print(repr(f(tf.constant([2.0, 1.0, 0.5]), tf.constant(2))))
x = tf.constant([2.0, 1.0])
with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0])) as acc:
    y = f(x, tf.constant(3))
print(repr(acc.jvp(y)))
""", verbatim=True)

_s("loop_gradients_from_one_forward_run", """
# A loop with maximum_iterations under a tape in a tf.function runs forward once (its
# gradient backpropagates through that run): nested loops, a tf.cond, tf.scan, second
# order by nested tapes, a persistent tape's two gradients, complex values.
W = tf.Variable([[0.5, -0.2], [0.1, 0.3]])
x = tf.constant([[1.0, 2.0]])
def inner(h):
    _, h = tf.while_loop(lambda i, h: i < 3, lambda i, h: (i + 1, tf.tanh(tf.matmul(h, W))),
                         (0, h), maximum_iterations=3)
    return h
@tf.function
def f(x):
    with tf.GradientTape() as t:
        _, h = tf.while_loop(lambda i, h: i < 2, lambda i, h: (i + 1, inner(h) * 1.5), (0, x),
                             maximum_iterations=2)
        h2 = tf.cond(tf.reduce_sum(x) > 0, lambda: inner(h), lambda: h)
        s = tf.scan(lambda a, e: tf.tanh(tf.matmul(a, W)) + e, tf.ones([4, 1, 2]),
                    initializer=h2)
        loss = tf.reduce_sum(s ** 2)
    return loss, t.gradient(loss, W)
@tf.function
def second_order(x):
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            loss = tf.reduce_sum(inner(x) ** 2)
        gw = t1.gradient(loss, W)
        s = tf.reduce_sum(gw ** 2)
    return gw, t2.gradient(s, W)
@tf.function
def persistent(x):
    with tf.GradientTape(persistent=True) as t:
        h = inner(x)
        loss = tf.reduce_sum(h ** 2)
        total = tf.reduce_sum(h)
    return t.gradient(loss, W), t.gradient(total, W), t.gradient(loss, x)
@tf.function
def complex_loop(z):
    with tf.GradientTape() as t:
        t.watch(z)
        _, h = tf.while_loop(lambda i, h: i < 3, lambda i, h: (i + 1, h * z + 1j), (0, z),
                             maximum_iterations=3)
        loss = tf.math.real(h * tf.math.conj(h))
    return t.gradient(loss, z)
for r in f(x) + second_order(x) + persistent(x):
    print(repr(r))
print(repr(complex_loop(tf.constant(0.5 + 0.25j))))
""", verbatim=True)


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why.

from harness import Tolerance  # noqa: E402

TOLERANCE = {
    "loop_gradients_from_one_forward_run": Tolerance(
        "float32 tanh and matmul in a loop's gradients: Eigen's tanh and summation order "
        "are not XLA's (second order and a persistent tape's second gradient differ in the "
        "last place)", rtol=2e-6),
}
