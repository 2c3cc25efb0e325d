"""Golden snippets for run-time checks inside the branches and loop bodies of a
tf.function: tf.debugging assertions, check_numerics and the checks of
tf.debugging.enable_check_numerics in tf.cond branches (taken or not), tf.while_loop
bodies (failing at some iteration: the data of that iteration, the loop stopped there),
nested constructs, tf.map_fn / tf.scan / tf.foldl bodies, AutoGraph's if / while / for
over tf.range, and gradients through a cond whose branch asserts.

Each error prints its class and message (only the snippet's own "File" lines: the others
are the harness's), with the number of a body's function (``while_body_N``) normalized;
loops print (tf.print to stdout) and assign Variables before they fail.
"""
from snippet_registry import CAPTURE, Snippets

SNIPPETS = Snippets()

# show(f, *args): what tf.print wrote while f ran (CAPTURE), then its result or its error:
# the class and message (only the snippet's own "File" lines; the number of a body's
# function, "while_body_N", normalized; without TF's stack trace of a check-numerics op's
# creation, which lists TF's own frames).
_SHOW = CAPTURE + """import re
def show(f, *args):
    out = {}
    def go():
        try:
            out['ok'] = f(*args)
        except Exception as e:
            out['error'] = e
    print(captured(go), end='')
    if 'ok' in out:
        print('ok', out['ok'])
        return
    e = out['error']
    text = re.sub(r'(Graph name: "\\w+?_)\\d+"', r'\\1N"', str(e))
    text = re.sub(r"  Stack trace of op's creation.*?\\n\\n :", ' :', text, flags=re.S)
    print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
        not l.startswith('  File ') or '<snippet' in l)))
"""
_t = SNIPPETS.adder(_SHOW)


_t("assert_in_cond_branch_taken_or_not", """
def small(x):
    tf.debugging.assert_less(x, 5.0, message="x too big")
    return x * 2.0

@tf.function
def f(x):
    return tf.cond(x > 0, lambda: small(x), lambda: x - 1.0)
show(f, tf.constant(1.0))
show(f, tf.constant(7.0))
show(f, tf.constant(-7.0))
""")

_t("assert_in_both_branches", """
def pos(x):
    tf.debugging.assert_positive(x)
    return x + 1

def neg(x):
    tf.debugging.assert_negative(x, message="must be negative")
    return x - 1

@tf.function
def f(x, p):
    return tf.cond(p, lambda: pos(x), lambda: neg(x))
show(f, tf.constant([1, 2]), tf.constant(True))
show(f, tf.constant([1, -2]), tf.constant(True))
show(f, tf.constant([1, -2]), tf.constant(False))
show(f, tf.constant([-1, -2]), tf.constant(False))
""")

_t("assert_in_while_body_fails_at_iteration", """
v = tf.Variable(0.0)
w = tf.Variable(0.0)

def body(i):
    v.assign_add(1.0)
    tf.print("iteration", i, output_stream=sys.stdout)
    tf.debugging.assert_less(i, 3, message="too far")
    w.assign_add(1.0)
    return i + 1

@tf.function
def g(n):
    return tf.while_loop(lambda i: i < n, body, [tf.constant(0)])
show(g, tf.constant(2))
print(v.numpy(), w.numpy())
v.assign(0.0)
w.assign(0.0)
show(g, tf.constant(6))
print(v.numpy(), w.numpy())
show(g, tf.constant(0))
""")

_t("assert_data_of_first_failing_iteration", """
def body(i, x):
    tf.debugging.assert_less_equal(x, 10.0, message="x grew too much", summarize=4)
    return i + 1, x * 2.0

@tf.function
def g(x):
    return tf.while_loop(lambda i, x: i < 10, body, [0, x])
show(g, tf.constant([0.5, 1.0]))
show(g, tf.constant([0.5, 0.25]))
show(g, tf.constant([0.0, 0.0]))
""")

_t("first_check_to_fail_wins", """
def body(i):
    tf.debugging.assert_none_equal(i, 2, message="first")
    tf.debugging.assert_none_equal(i, 1, message="second")
    return i + 1

@tf.function
def g(n):
    return tf.while_loop(lambda i: i < n, body, [0])
show(g, tf.constant(1))
show(g, tf.constant(5))
""")

_t("assert_in_while_with_maximum_iterations", """
def body(i, acc):
    tf.print("step", i, output_stream=sys.stdout)
    tf.debugging.assert_less(acc, 20, message="acc")
    return i + 1, acc + i * i

@tf.function
def g(m):
    return tf.while_loop(lambda i, acc: i < m, body, [0, 0], maximum_iterations=8)
show(g, tf.constant(3))
show(g, tf.constant(100))
""")

_t("assert_in_while_loop_cond", """
v = tf.Variable(0)

def cond(i):
    tf.debugging.assert_less(i, 10, message="cond")
    return i < 3

def body(i):
    v.assign_add(1)
    return i + v

@tf.function
def g(i0):
    return tf.while_loop(cond, body, [i0])

@tf.function
def gm(i0, m):
    return tf.while_loop(cond, body, [i0], maximum_iterations=m)
for f, args in [(g, [0]), (g, [50]), (g, [9]), (gm, [2, 1]), (gm, [9, 1]), (gm, [2, 0])]:
    v.assign(0)
    show(f, *[tf.constant(a) for a in args])
    print(v.numpy())
""")

_t("nested_cond_in_while", """
def even(i):
    tf.debugging.assert_none_equal(i, 4)
    return i + 1

def body(i):
    return tf.cond(i % 2 == 0, lambda: even(i), lambda: i + 1)

@tf.function
def g(n):
    return tf.while_loop(lambda i: i < n, body, [tf.constant(0)])
show(g, tf.constant(4))
show(g, tf.constant(7))
""")

_t("nested_while_in_while", """
def inner(j, k):
    tf.debugging.assert_less(j * k, 6, message="product")
    return j + 1, k

def outer(k):
    tf.while_loop(lambda j, k: j < 3, inner, [0, k])
    return k + 1

@tf.function
def g(n):
    return tf.while_loop(lambda k: k < n, outer, [0])
show(g, tf.constant(3))
show(g, tf.constant(5))
""")

_t("assert_in_map_fn", """
def row(e):
    tf.debugging.assert_positive(e, message="negative entry")
    return e * 2.0

@tf.function
def m(x):
    return tf.map_fn(row, x)
show(m, tf.constant([[1.0, 2.0], [3.0, 4.0]]))
show(m, tf.constant([[1.0, 2.0], [3.0, -4.0], [5.0, -6.0]]))
""")

_t("assert_in_scan_and_foldl", """
def step(a, e):
    tf.debugging.assert_less(a, 4.0)
    return a + e

@tf.function
def sc(x):
    return tf.scan(step, x, initializer=0.0)

@tf.function
def fl(x):
    return tf.foldl(step, x, initializer=0.0)
show(sc, tf.constant([1.0, 1.0, 1.0]))
show(sc, tf.constant([1.0, 2.0, 3.0, 4.0]))
show(fl, tf.constant([1.0, 1.0]))
show(fl, tf.constant([3.0, 2.0, 1.0]))
""")

_t("autograph_for_over_range", """
v = tf.Variable(0.0)
w = tf.Variable(0.0)

@tf.function
def g(n):
    for i in tf.range(n):
        tf.debugging.assert_less(i, 3, message="too far")
        v.assign_add(1.0)
    w.assign(5.0)
    return n
show(g, tf.constant(3))
print(v.numpy(), w.numpy())
v.assign(0.0)
w.assign(0.0)
show(g, tf.constant(6))
print(v.numpy(), w.numpy())
""")

_t("autograph_if_and_while", """
@tf.function
def f(x):
    if x > 0:
        tf.debugging.assert_less(x, 10, message="if branch")
        y = x + 1
    else:
        y = x - 1
    while y < 20:
        tf.debugging.assert_none_equal(y, 13, message="while body")
        y = y + 3
    return y
show(f, tf.constant(1))
show(f, tf.constant(11))
show(f, tf.constant(-5))
show(f, tf.constant(4))
""")

_t("tf_assert_and_assert_all_finite_in_body", """
def body(i, x):
    tf.Assert(i < 2, [i, x], name="myassert")
    return i + 1, x * 2.0

@tf.function
def a(x):
    return tf.while_loop(lambda i, x: i < 4, body, [0, x])

def finite(i, x):
    return i + 1, tf.debugging.assert_all_finite(tf.math.log(x - 3.0), "not finite")

@tf.function
def b(x):
    return tf.while_loop(lambda i, x: i < 2, finite, [0, x])
show(a, tf.constant([1.0, 2.0]))
show(b, tf.constant([5.0, 8.0]))
show(b, tf.constant([5.0, 2.0]))
""")

_t("check_numerics_in_loop_body", """
def body(i, y):
    return i + 1, tf.debugging.check_numerics(tf.math.log(y), "bad log")

@tf.function
def g(x):
    return tf.while_loop(lambda i, y: i < 3, body, [0, x])
show(g, tf.constant([20.0, 30.0]))
show(g, tf.constant([2.0, 0.5]))

def branch(x):
    return tf.debugging.check_numerics(x / (x - 1.0), "division")

@tf.function
def c(x):
    return tf.cond(tf.reduce_sum(x) > 0, lambda: branch(x), lambda: x)
show(c, tf.constant([2.0, 3.0]))
show(c, tf.constant([1.0, 3.0]))
show(c, tf.constant([-1.0, 1.0]))
""")

_t("enable_check_numerics_nan_in_loop_body", """
def log_body(i, y):
    return i + 1, tf.math.log(y) - 1.0

@tf.function
def logs(x):
    return tf.while_loop(lambda i, y: i < 3, log_body, [0, x])

def roots(x):
    return tf.math.sqrt(x * 2.0 - 10.0)

@tf.function
def branches(x):
    return tf.cond(x[0] > 0, lambda: roots(x), lambda: x)
tf.debugging.enable_check_numerics()
try:
    show(logs, tf.constant([1.0, 1.0]))
    show(logs, tf.constant([20.0, 0.5]))
    show(branches, tf.constant([8.0, 6.0]))
    show(branches, tf.constant([8.0, 1.0]))
    show(branches, tf.constant([-4.0, -1.0]))
finally:
    tf.debugging.disable_check_numerics()
""")

_t("gradient_through_cond_with_assert", """
def safe_log(x):
    tf.debugging.assert_positive(x, message="log of non-positive")
    return tf.math.log(x)

@tf.function
def f(x, p):
    return tf.cond(p, lambda: safe_log(x), lambda: x * x)

def grad(x, p):
    x = tf.constant(x)
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(f(x, tf.constant(p)))
    return y, t.gradient(y, x)
show(grad, [1.0, 2.0], True)
show(grad, [-1.0, 2.0], False)
try:   # (TF names the function it runs while a tape records __forward_f_N)
    grad([-1.0, 2.0], True)
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[-2], str(e).splitlines()[-1].split(" [Op:")[0])

@tf.function
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(f(x, tf.constant(True)))
    return t.gradient(y, x)
show(g, tf.constant([4.0, 0.5]))
show(g, tf.constant([4.0, -0.5]))
""")

_t("vectorized_map_checks", """
def fn(e):
    tf.debugging.assert_positive(e, message="negative")
    return e * 2.0

def logs(e):
    return tf.debugging.check_numerics(tf.math.log(e), "log of a row")

@tf.function
def vm(x):
    return tf.vectorized_map(fn, x)

@tf.function
def vl(x):
    return tf.vectorized_map(logs, x)
show(vm, tf.constant([[1.0, 2.0], [3.0, -4.0]]))
show(vl, tf.constant([[1.0, 2.0], [3.0, 4.0]]))
show(vl, tf.constant([[1.0, 2.0], [3.0, -4.0]]))
""")

_t("assert_in_switch_case_branch", """
def second(x):
    tf.debugging.assert_greater(x, 0.0, message="second branch")
    return x * 10.0

@tf.function
def sw(i, x):
    return tf.switch_case(i, [lambda: x + 1.0, lambda: second(x), lambda: x - 1.0])
show(sw, tf.constant(0), tf.constant(-1.0))
show(sw, tf.constant(1), tf.constant(2.0))
show(sw, tf.constant(1), tf.constant(-2.0))
show(sw, tf.constant(7), tf.constant(-2.0))
""")

_t("loop_stops_at_failure_later_effects", """
v = tf.Variable(0.0)
w = tf.Variable(0.0)

def body(i):
    v.assign_add(1.0)
    tf.debugging.assert_less(i, 2, message="stop")
    tf.print("after the check", i, output_stream=sys.stdout)
    return i + 1

@tf.function
def g(n):
    r = tf.while_loop(lambda i: i < n, body, [0])
    v.assign_add(100.0)
    w.assign_add(100.0)
    return r
show(g, tf.constant(5))
print(v.numpy(), w.numpy())
""")
