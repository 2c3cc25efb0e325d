"""Golden snippets: the control flow ops eagerly and inside tf.function, with
gradients: tf.cond, tf.case, tf.switch_case, tf.while_loop (structures,
maximum_iterations, shape_invariants), tf.scan, tf.map_fn, tf.foldl and tf.foldr.
(Their XLA-loop specifics inside tf.function: snippets_control_flow.py.)"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# control flow ops: cond, case, switch_case

_s("cond_eager", """
x = tf.constant(3.0)
print(repr(tf.cond(x > 2.0, lambda: x * 2.0, lambda: x - 1.0)))
print(repr(tf.cond(x > 5.0, lambda: x * 2.0, lambda: x - 1.0)))
print(repr(tf.cond(tf.constant(True), lambda: (x, x + 1), lambda: (x - 1, x))))
print(repr(tf.cond(False, lambda: {'a': 1}, lambda: {'a': 2})))
""")
_s("cond_in_function", """
@tf.function
def f(x):
    def big():
        print('trace big')
        return x * 2.0, tf.constant(1)
    def small():
        print('trace small')
        return x - 1.0, tf.constant(0)
    return tf.cond(x > 2.0, big, small)
print(repr(f(tf.constant(3.0))))
print(repr(f(tf.constant(1.0))))
print(f.experimental_get_tracing_count())
""")
_s("cond_python_bool_pred_in_function", """
@tf.function
def f(x):
    def a():
        print('trace a')
        return x + 1
    def b():
        print('trace b')
        return x - 1
    return tf.cond(True, a, b)
try:
    f(tf.constant(1))
    print('no error')
except Exception as e:
    print(type(e).__name__, e)
print(repr(tf.cond(True, lambda: tf.constant(1), lambda: tf.constant(2))))
""")
_s("cond_gradients", """
def f(x):
    return tf.cond(x > 0.0, lambda: x * x, lambda: x * 3.0)
for v in [2.0, -1.0]:
    x = tf.constant(v)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    print(repr(y), repr(tape.gradient(y, x)))
@tf.function
def g(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return y, tape.gradient(y, x)
print(repr(g(tf.constant(2.0))))
print(repr(g(tf.constant(-1.0))))
v = tf.Variable(2.0)
@tf.function
def g(x):
    with tf.GradientTape() as tape:
        y = tf.cond(x > 0.0, lambda: v * x, lambda: v * v)
    return tape.gradient(y, v)
print(repr(g(tf.constant(5.0))))
print(repr(g(tf.constant(-5.0))))
""")
_s("case_eager_and_function", """
def pick(x):
    return tf.case([(x < 0, lambda: tf.constant(-1)),
                    (x < 10, lambda: tf.constant(1))],
                   default=lambda: tf.constant(100))
for v in [-5, 5, 50]:
    print(repr(pick(tf.constant(v))))
fpick = tf.function(pick)
for v in [-5, 5, 50]:
    print(repr(fpick(tf.constant(v))))
print(fpick.experimental_get_tracing_count())
""")
_s("case_exclusive_and_gradient", """
def f(x):
    return tf.case([(x > 0.0, lambda: x * x), (x < 0.0, lambda: -x * 4.0)],
                   default=lambda: tf.constant(7.0), exclusive=True)
for v in [3.0, -2.0, 0.0]:
    x = tf.constant(v)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    print(repr(y), repr(tape.gradient(y, x)))
print(repr(tf.function(f)(tf.constant(-2.0))))
""")
_s("switch_case_eager_and_function", """
branches = [lambda: tf.constant(10.0), lambda: tf.constant(20.0), lambda: tf.constant(30.0)]
for i in [0, 1, 2, 7, -1]:
    print(i, repr(tf.switch_case(tf.constant(i), branches)))
@tf.function
def f(i):
    return tf.switch_case(i, branches, default=lambda: tf.constant(-1.0))
for i in [0, 2, 7]:
    print(i, repr(f(tf.constant(i))))
""")
_s("switch_case_dict_and_gradient", """
x = tf.constant(3.0)
branches = {0: lambda: x * x, 1: lambda: x * 5.0, 2: lambda: tf.sin(x)}
for i in [0, 1, 2]:
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.switch_case(tf.constant(i), branches)
    print(i, repr(y), repr(tape.gradient(y, x)))
""")

# ---------------------------------------------------------------------------
# while_loop

_s("while_loop_eager", """
i, acc = tf.while_loop(lambda i, acc: i < 5, lambda i, acc: (i + 1, acc + i),
                       [tf.constant(0), tf.constant(0)])
print(repr(i), repr(acc))
r = tf.while_loop(lambda x: x < 100.0, lambda x: [x * 3.0], [tf.constant(1.0)])
print(repr(r))
r = tf.while_loop(lambda x: x < 100.0, lambda x: (x * 3.0,), (tf.constant(1.0),))
print(repr(r))
r = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 2), (0, tf.constant(1)))
print(repr(r))
""")
_s("while_loop_structures", """
def cond(i, s):
    return i < 4
def body(i, s):
    return i + 1, {'p': s['p'] * 2.0, 'q': (s['q'][0] + i, s['q'][1] - 1.0)}
init = (tf.constant(0), {'p': tf.constant([1.0, 2.0]), 'q': (tf.constant(0), tf.constant(0.5))})
r = tf.while_loop(cond, body, init)
print(type(r).__name__, len(r), sorted(r[1]))
print(repr(r[0]), repr(r[1]['p']), repr(r[1]['q']))
@tf.function
def f():
    return tf.while_loop(cond, body, init)
r = f()
print(type(r).__name__, len(r), sorted(r[1]))
print(repr(r[0]), repr(r[1]['p']), repr(r[1]['q']))
r = tf.while_loop(lambda d: d['n'] < 3, lambda d: [{'n': d['n'] + 1, 'x': d['x'] * 3}],
                  [{'n': 0, 'x': tf.constant(1)}])
print(repr(r))
""")
_s("while_loop_maximum_iterations", """
r = tf.while_loop(lambda x: x < 1000, lambda x: [x * 2], [tf.constant(1)], maximum_iterations=4)
print(repr(r))
r = tf.while_loop(lambda x: x < 10, lambda x: [x * 2], [tf.constant(1)], maximum_iterations=100)
print(repr(r))
r = tf.while_loop(lambda i, x: True, lambda i, x: (i + 1, x + 1.0), (0, tf.constant(0.0)),
                  maximum_iterations=tf.constant(3))
print(repr(r))
@tf.function
def f(n):
    return tf.while_loop(lambda x: x < 1000, lambda x: [x * 2], [tf.constant(1)], maximum_iterations=n)
print(repr(f(tf.constant(5))), repr(f(tf.constant(20))))
""")
_s("while_loop_in_function", """
@tf.function
def collatz_steps(n):
    def body(n, k):
        n = tf.where(n % 2 == 0, n // 2, 3 * n + 1)
        return n, k + 1
    return tf.while_loop(lambda n, k: n > 1, body, [n, tf.constant(0)])[1]
print(repr(collatz_steps(tf.constant(6))))
print(repr(collatz_steps(tf.constant(27))))
print(collatz_steps.experimental_get_tracing_count())
""")
_s("while_loop_shape_invariants_in_function", """
@tf.function
def grow(n):
    x = tf.constant([1])
    i = tf.constant(0)
    def body(i, x):
        return i + 1, tf.concat([x, x[-1:] * 2], 0)
    _, x = tf.while_loop(lambda i, x: i < n, body, [i, x],
                         shape_invariants=[i.shape, tf.TensorShape([None])])
    return x
print(repr(grow(tf.constant(4))))
""")
_s("while_loop_gradient_eager", """
x = tf.constant(1.5)
with tf.GradientTape() as tape:
    tape.watch(x)
    _, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), [0, tf.constant(1.0)])
print(repr(y), repr(tape.gradient(y, x)))
v = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = tf.while_loop(lambda y: y < 50.0, lambda y: [y * v], [tf.constant(1.0)])[0]
print(repr(y), repr(tape.gradient(y, v)))
""")
_s("while_loop_gradient_max_iterations_in_function", """
@tf.function
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        _, y = tf.while_loop(lambda i, y: i < 10, lambda i, y: (i + 1, y * x + 1.0),
                             [tf.constant(0), tf.constant(0.0)], maximum_iterations=4)
    return y, tape.gradient(y, x)
print(repr(f(tf.constant(2.0))))
print(repr(f(tf.constant(0.5))))
""")
_s("while_loop_outer_tape_function", """
w = tf.Variable(1.1)
@tf.function
def f(x):
    return tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * w + x),
                         [tf.constant(0), tf.constant(1.0)], maximum_iterations=3)[1]
x = tf.constant(0.5)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(x)
print(repr(y))
print(repr(tape.gradient(y, [x, w])))
""")

# ---------------------------------------------------------------------------
# scan, map_fn, foldl, foldr

_s("scan_eager_and_function", """
elems = tf.constant([1.0, 2.0, 3.0, 4.0])
print(repr(tf.scan(lambda a, x: a + x, elems)))
print(repr(tf.scan(lambda a, x: a * x, elems, initializer=tf.constant(10.0))))
@tf.function
def f(e):
    return tf.scan(lambda a, x: a + x * x, e)
print(repr(f(elems)))
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.scan(lambda a, e: a * e, x))
print(repr(y), repr(tape.gradient(y, x)))
""")
_s("scan_nested", """
elems = (tf.constant([1, 2, 3]), tf.constant([10, 20, 30]))
r = tf.scan(lambda a, x: (a[0] + x[0], a[1] + x[1] * a[0]), elems,
            initializer=(tf.constant(0), tf.constant(0)))
print(repr(r))
@tf.function
def f(e):
    return tf.scan(lambda a, x: {'s': a['s'] + x}, e, initializer={'s': tf.constant(0.5)})
print(repr(f(tf.constant([1.0, 2.0]))))
""")
_s("map_fn_eager_and_function", """
def total(row):
    return tf.reduce_sum(row)
def double(row):
    return row * 2.0
def imax(row):
    return tf.cast(tf.reduce_max(row), tf.int32)
def diff(row):
    return row[0] - row[1]
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(repr(tf.map_fn(total, x)))
print(repr(tf.map_fn(double, x)))
print(repr(tf.map_fn(imax, x, fn_output_signature=tf.int32)))
@tf.function
def f(t):
    return tf.map_fn(diff, t)
print(repr(f(x)))
""")
_s("map_fn_nested_and_gradient", """
a = tf.constant([1, 2, 3])
b = tf.constant([10.0, 20.0, 30.0])
def both(e):
    return e[0] * 2, e[1] / 2.0
def mixed(e):
    return e[0] + tf.cast(e[1], tf.int32)
print(repr(tf.map_fn(both, (a, b))))
print(repr(tf.map_fn(mixed, (a, b), fn_output_signature=tf.int32)))
@tf.function
def g(a, b):
    return tf.map_fn(both, (a, b))
print(repr(g(a, b)))
def cube(e):
    return e * e * e
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.map_fn(cube, x))
print(repr(y), repr(tape.gradient(y, x)))
""")
_s("foldl_foldr", """
e = tf.constant([1, 2, 3])
print(repr(tf.foldl(lambda a, x: a * 10 + x, e)))
print(repr(tf.foldr(lambda a, x: a * 10 + x, e)))
print(repr(tf.foldl(lambda a, x: a * 10 + x, e, initializer=tf.constant(7))))
print(repr(tf.foldr(lambda a, x: a * 10 + x, e, initializer=tf.constant(7))))
@tf.function
def f(e):
    return tf.foldl(lambda a, x: a - x, e), tf.foldr(lambda a, x: a - x, e)
print(repr(f(tf.constant([1.0, 2.0, 4.0]))))
""")
_s("foldl_foldr_nested_and_gradient", """
e = (tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))
print(repr(tf.foldl(lambda a, x: a + x[0] * x[1], e, initializer=tf.constant(0.0))))
x = tf.constant([2.0, 3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    l = tf.foldl(lambda a, v: a * v + 1.0, x)
    r = tf.foldr(lambda a, v: a * v + 1.0, x)
print(repr(l), repr(tape.gradient(l, x)))
print(repr(r), repr(tape.gradient(r, x)))
""")
