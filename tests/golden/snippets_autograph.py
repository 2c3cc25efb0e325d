"""Golden snippets for AutoGraph: Python ``if``/``while``/``for`` on tensors (both
branches traced, variables assigned in branches and loops, Python conditions that stay
Python, gradients through converted code), break/continue/return in tensor loops,
conversion of called functions, do_not_convert, AutoGraph's errors, tf.autograph."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add



_s("break_in_tensor_while", """
@tf.function
def f(x):
    n = tf.constant(0)
    while x > 1.0:
        x = x / 2.0
        n += 1
        if n >= 3:
            break
    return x, n
print(f(tf.constant(100.0)))
print(f(tf.constant(3.0)))
print(f.experimental_get_tracing_count())
""")
_s("continue_in_tensor_for_range", """
@tf.function
def f(n):
    s = tf.constant(0)
    for i in tf.range(n):
        if i % 2 == 0:
            continue
        s += i
    return s
print(f(tf.constant(10)), f(tf.constant(5)))
print(f.experimental_get_tracing_count())
""")
_s("return_in_tensor_while", """
@tf.function
def f(x):
    i = tf.constant(0)
    while i < 10:
        if x[i] > 5:
            return i
        i += 1
    return -1
x = tf.constant([1, 3, 7, 2, 9, 0, 0, 0, 0, 0])
print(f(x))
print(f(tf.zeros([10], tf.int32)))
print(f.experimental_get_tracing_count())
""")
_s("return_in_tensor_for", """
@tf.function
def first_negative(x):
    for v in x:
        if v < 0.0:
            return v
    return tf.constant(0.0)
print(first_negative(tf.constant([1.0, -2.0, -3.0])))
print(first_negative(tf.constant([1.0, 2.0, 3.0])))
""")
_s("break_in_for_over_tensor", """
@tf.function
def f(x):
    total = tf.constant(0.0)
    for v in x:
        if total > 4.0:
            break
        total += v
    return total
print(f(tf.constant([1.0, 2.0, 3.0, 4.0])))
""")
_s("nested_loops_break_continue", """
@tf.function
def f(n):
    acc = tf.constant(0)
    for i in tf.range(n):
        j = tf.constant(0)
        while j < n:
            j += 1
            if j > i:
                break
            if (i + j) % 2 == 0:
                continue
            acc += i * j
    return acc
print(f(tf.constant(4)), f(tf.constant(6)))
print(f.experimental_get_tracing_count())
""")
_s("python_loop_break_stays_python", """
@tf.function
def f(x):
    for i in range(10):
        if i == 3:
            break
        x = x + i
    print('traced', i)
    return x
print(f(tf.constant(1)))
""")
_s("early_return_if", """
@tf.function
def f(x):
    if x > 0:
        return x * 10
    x = x - 1
    return x
print(f(tf.constant(2)), f(tf.constant(-2)))
""")
_s("called_function_converted", """
def helper(x):
    if x > 0:
        return x * 10
    else:
        return x
def loop_helper(x):
    while x * x < 10000:
        x = x * 2
    return x
class Scaler:
    def __init__(self, k):
        self.k = k
    def scale(self, x):
        if x > 0:
            x = x * self.k
        return x
    def __call__(self, x):
        for _ in tf.range(2):
            x = x + self.k
        return x
@tf.function
def f(x):
    s = Scaler(3)
    return helper(x) + 1, loop_helper(x), s.scale(x), s(x), (lambda y: helper(y))(x)
print(f(tf.constant(2)))
print(f(tf.constant(-2)))
""")
_s("do_not_convert", """
@tf.autograph.experimental.do_not_convert
def helper(x):
    if x > 0:
        return x
    return -x
@tf.function
def f(x):
    return helper(x)
try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def g(x):
    return helper(3) + x
print(g(tf.constant(1)))
""")
_s("autograph_false_called_function", """
def helper(x):
    if x > 0:
        return x
    return -x
@tf.function(autograph=False)
def f(x):
    return helper(x)
try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("nested_structure_loop_vars", """
@tf.function
def f(x):
    state = {'a': x, 'b': (x, tf.constant(0))}
    for i in tf.range(3):
        state = {'a': state['a'] + 1.0, 'b': (state['b'][0] * 2.0, state['b'][1] + i)}
    return state
print(f(tf.constant(1.0)))
""")
_s("print_in_loop_runs_at_trace", """
@tf.function
def f(x):
    while x < 10:
        print('tracing body')
        x = x + 3
    return x
print(f(tf.constant(1)))
print(f(tf.constant(2)))
""")
_s("error_undefined_in_else_branch", """
@tf.function
def f(x):
    if x > 0:
        y = x
    return y
try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("error_dtype_change_in_loop", """
@tf.function
def k(x):
    y = tf.constant(1)
    while x > 0:
        y = tf.constant(1.0)
        x -= 1
    return y
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("error_structure_change_in_loop", """
@tf.function
def k(x):
    y = (x, x)
    for i in tf.range(x):
        y = x
    return y
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[:6])
""")
_s("error_structure_differs_in_branches", """
@tf.function
def k(x):
    if x > 0:
        y = (x, x)
    else:
        y = x
    return y
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[:6])
""")
_s("error_dtype_differs_in_branches", """
@tf.function
def k(x):
    if x > 0:
        y = 1
    else:
        y = 2.0
    return y
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("error_return_missing_in_branch", """
@tf.function
def k(x):
    if x > 0:
        return x
    x = x + 1
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("error_non_bool_condition", """
@tf.function
def k(x):
    if x:
        x = x + 1
    return x
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[:3])
""")
_s("error_in_called_function_names_user_lines", """
def g(x):
    raise ValueError('bad value')
@tf.function
def h(x):
    return g(x) * 2
try:
    h(tf.constant(3))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("error_op_error_in_user_code", """
def check(x):
    raise tf.errors.InvalidArgumentError(None, None, 'bad argument')
@tf.function
def h(x):
    return check(x) * 2
@tf.function
def k(x):
    raise tf.errors.NotFoundError(None, None, 'no such thing')
for fn in (h, k):
    try:
        fn(tf.constant(3))
    except tf.errors.OpError as e:
        print(type(e).__name__, e.node_def, e.op, e.error_code, e)
""")
_s("error_staging_error", """
class MyError(Exception):
    def __init__(self, a, b):
        super().__init__(f'{a}-{b}')
class Plain(Exception):
    pass
def staged(exc):
    @tf.function
    def f(x):
        raise exc
    return f
for exc in [MyError(1, 2), Plain('p'), IndexError('i'), ZeroDivisionError('z'),
            FileNotFoundError(2, 'nf', 'fname'), LookupError('l'),
            tf.errors.OpError(None, None, 'op', 2)]:
    try:
        staged(exc)(tf.constant(1))
    except Exception as e:
        print(type(e).__module__, type(e).__name__, [c.__name__ for c in type(e).__mro__[1:]])
        print(e)
""")
_s("error_python_loop_tensor_break", """
@tf.function
def k(x):
    for i in range(3):
        if x > i:
            break
    return x
try:
    k(tf.constant(3))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-3])
""")
_s("undefined_before_loop_defined_in_body", """
@tf.function
def f(x):
    while x > 0:
        y = x * 2
        x -= 1
    return y
print(f(tf.constant(3)))
""")
_s("to_graph_and_to_code", """
def g(x):
    if x > 0:
        x = x * 2
    return x
h = tf.autograph.to_graph(g)
print(h(tf.constant(3)), h(5))
code = tf.autograph.to_code(g)
print(type(code).__name__, 'def ' in code)
tf.autograph.set_verbosity(0)
print([f.name for f in tf.autograph.experimental.Feature])
""")
_s("set_loop_options_accepted", """
@tf.function
def f(x):
    for i in tf.range(10):
        tf.autograph.experimental.set_loop_options(parallel_iterations=2)
        x = x + i
    return x
print(f(tf.constant(0)))
""")
_s("and_or_not_on_tensors", """
@tf.function
def f(x, y):
    if x > 0 and not y < 0:
        r = 1
    elif x < 0 or y < 0:
        r = 2
    else:
        r = 3
    return r, (x if x > y else y)
print(f(tf.constant(1), tf.constant(2)), f(tf.constant(-1), tf.constant(2)),
      f(tf.constant(0), tf.constant(0)))
""")

_s("global_assigned_in_converted_if", """
g = None
@tf.function
def foo():
    global g
    if g is None:
        g = tf.random.Generator.from_seed(1)
    return g.normal([])
print(foo())
print(foo())
""", verbatim=True)

_s("custom_gradient_called_from_function", """
@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward

@tf.function
def f(x):
    if tf.reduce_sum(x) > 0:
        return clip_gradients(x * x)
    return x
v = tf.Variable([2.0, 3.0])
with tf.GradientTape() as t:
    y = f(v)
print(y, t.gradient(y, v))
""", verbatim=True)

_s("recursive_function_by_its_global_name", """
@tf.function
def recursive_fn(n):
    if n > 0:
        print('tracing')
        return recursive_fn(n - 1)
    else:
        return 1
print(recursive_fn(5))
print(recursive_fn.experimental_get_tracing_count())
""", verbatim=True)
# ---------------------------------------------------------------------------
# AutoGraph

_s("autograph_if_tensor_both_branches", """
@tf.function
def f(x):
    if x > 0:
        y = x * 2
        msg = tf.constant(1)
    else:
        y = -x
        msg = tf.constant(-1)
    return y, msg
print(repr(f(tf.constant(3))))
print(repr(f(tf.constant(-4))))
print(f.experimental_get_tracing_count())
""")
_s("autograph_if_temporary_in_one_branch", """
@tf.function
def f(x):
    if tf.reduce_sum(x) > 0:
        tmp = x * 10.0
        y = tmp + 1.0
    else:
        y = x
    return y
print(repr(f(tf.constant([1.0, 2.0]))))
print(repr(f(tf.constant([-1.0, -2.0]))))
""")
_s("autograph_elif_and_if_without_else", """
@tf.function
def sign(x):
    if x > 0:
        s = 1
    elif x < 0:
        s = -1
    else:
        s = 0
    return s
print([int(sign(tf.constant(v))) for v in [5, -5, 0]])
print(repr(sign(tf.constant(5))))
@tf.function
def f(x):
    y = x
    if x < 0.0:
        y = -x
    return y
print(repr(f(tf.constant(-2.5))), repr(f(tf.constant(2.5))))
""")
_s("autograph_both_branches_traced", """
@tf.function
def f(x):
    if x > 0:
        print('trace then')
        r = x + 1
    else:
        print('trace else')
        r = x - 1
    return r
print(repr(f(tf.constant(1))))
print(repr(f(tf.constant(-1))))
""")
_s("autograph_while_on_tensors", """
@tf.function
def f(x):
    n = tf.constant(0)
    while x > 1.0:
        x = x / 2.0
        n += 1
    return x, n
print(repr(f(tf.constant(10.0))))
print(repr(f(tf.constant(0.5))))
""")
_s("autograph_for_tf_range", """
@tf.function
def f(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i * i
    return s
print(repr(f(tf.constant(4))))
print(repr(f(tf.constant(0))))
print(repr(f(tf.constant(10))))
print(f.experimental_get_tracing_count())
""")
_s("autograph_for_python_range_unrolled", """
@tf.function
def f(x):
    for i in range(3):
        print('unrolled', i)
        x = x * 2 + i
    return x
print(repr(f(tf.constant(1))))
print(repr(f(tf.constant(2))))
""")
_s("autograph_for_rows_of_tensor", """
@tf.function
def f(m):
    total = tf.zeros([2])
    for row in m:
        total += row * row
    return total
print(repr(f(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))))
""")
_s("autograph_nested_if_in_for", """
@tf.function
def f(x):
    pos = tf.constant(0.0)
    neg = tf.constant(0.0)
    for v in x:
        if v > 0:
            pos += v
        else:
            neg += v
    return pos, neg
print(repr(f(tf.constant([1.0, -2.0, 3.0, -4.0, 5.0]))))
""")
_s("autograph_python_bool_condition_stays_python", """
@tf.function
def f(x, double):
    if double:
        print('trace: doubling branch')
        x = x * 2
    else:
        print('trace: plain branch')
    return x
print(repr(f(tf.constant(3), True)))
print(repr(f(tf.constant(3), False)))
print(repr(f(tf.constant(5), True)))
print(f.experimental_get_tracing_count())
""")
_s("autograph_static_shape_condition_stays_python", """
@tf.function
def f(x):
    if x.shape[0] > 2:
        print('trace: long')
        return tf.reduce_sum(x)
    else:
        print('trace: short')
        return tf.reduce_prod(x)
print(repr(f(tf.constant([1.0, 2.0, 3.0]))))
print(repr(f(tf.constant([2.0, 3.0]))))
""")
_s("autograph_false_python_if", """
@tf.function(autograph=False)
def f(x, mode):
    if mode == 'square':
        return x * x
    return x + x
print(repr(f(tf.constant(3.0), 'square')))
print(repr(f(tf.constant(3.0), 'double')))
print(f.experimental_get_tracing_count())
""")
_s("autograph_false_tensor_if_error", """
@tf.function(autograph=False)
def f(x):
    if x > 0:
        return x
    return -x
try:
    f(tf.constant(1.0))
    print('no error')
except Exception as e:
    print(type(e).__name__, e)
""")
_s("autograph_variables_assigned_in_if", """
v = tf.Variable(0.0)
@tf.function
def f(x):
    if x > 0.0:
        v.assign_add(x)
    else:
        v.assign_sub(1.0)
    return v.read_value()
print(repr(f(tf.constant(2.0))))
print(repr(f(tf.constant(-2.0))))
print(repr(f(tf.constant(5.0))))
print(repr(v))
""")
_s("autograph_variables_assigned_in_for", """
v = tf.Variable(1.0)
total = tf.Variable(0.0)
@tf.function
def f(n):
    for i in tf.range(n):
        v.assign(v * 3.0)
        total.assign_add(v + tf.cast(i, tf.float32))
    return v.read_value()
print(repr(f(tf.constant(3))))
print(repr(total))
print(repr(f(tf.constant(1))))
print(repr(v))
""")
_s("autograph_while_with_variable", """
v = tf.Variable(100.0)
@tf.function
def halve_until(limit):
    steps = 0
    while v > limit:
        v.assign(v / 2.0)
        steps += 1
    return steps
print(repr(halve_until(tf.constant(10.0))))
print(repr(v))
""")
_s("autograph_called_function_converted", """
def helper(x):
    if x > 0:
        return x * 10
    else:
        return x
@tf.function
def f(x):
    return helper(x) + 1
print(repr(f(tf.constant(2))), repr(f(tf.constant(-2))))
""")
_s("autograph_gradient_through_if_and_for", """
@tf.function
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in tf.range(3):
            y = y * x
        if y > 10.0:
            y = y * 2.0
    return y, tape.gradient(y, x)
print(repr(f(tf.constant(2.0))))
print(repr(f(tf.constant(1.0))))
""")

_s("autograph_loops_over_known_tensors_are_staged", """
@tf.function
def long_sum():
    s = tf.constant(0)
    for i in tf.range(20000):
        s += i
    return s
print(long_sum())

@tf.function
def traced_once(x):
    for i in tf.range(3):
        print("tracing the body")
        x = x + tf.cast(i, tf.float32)
    j = tf.constant(0)
    while j < 4:
        print("tracing the while body")
        j += 1
    for v in tf.constant([1.0, 2.0, 4.0]):
        print("tracing the tensor loop body")
        x = x * v
    return x, j
print(traced_once(tf.constant(1.0)))
print(traced_once(tf.constant(2.0)))

@tf.function
def draws(x):
    for _ in tf.range(4):
        x = x + tf.random.uniform([], seed=3)
    return x
tf.random.set_seed(1)
print(draws(tf.constant(0.0)), draws(tf.constant(0.0)))

@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in tf.range(2, 8, 3):
            y = y * x
        for _ in tf.range(5.0, 1.0, -1.5):
            y = y + x
    return y, tape.gradient(y, x)
print(grad(tf.constant(1.5)))
""")

_s("user_code_errors_keep_no_jax_note_and_key_errors_as_tf", """
# An error raised in user code inside a tf.function: TF's re-made exception (a KeyError's
# key is its cause message) with no notes (jax's note on errors raised through its
# transformations is not TF's).
@tf.function
def f(x):
    raise ValueError("boom")

@tf.function
def g(x):
    return {"a": x}["b"]

for fn in (f, g):
    try:
        fn(tf.constant(1.0))
    except Exception as e:
        print(type(e).__name__, repr(e.args[0])[:40], getattr(e, "__notes__", None))
        print(str(e))
""")


_s("set_loop_options_not_first_fails_the_conversion", """
# TF's directives converter refuses set_loop_options after the first statement of a loop
# or outside a loop: AutoGraph warns and the function runs unconverted (its Python loop
# runs at trace time).
@tf.function
def f(x):
    for i in range(3):
        x = x + 1.0
        tf.autograph.experimental.set_loop_options(maximum_iterations=2)
    return x
@tf.function
def g(x):
    tf.autograph.experimental.set_loop_options(maximum_iterations=2)
    return x * 2.0
print(f(tf.constant(1.0)), g(tf.constant(1.0)))
""")


_s("loop_shape_invariants_let_a_variable_grow", """
# set_loop_options(shape_invariants=...) lets a loop variable change its shape, in a
# for over a tf.range and in a while loop (tfcompat runs such a function's calls
# eagerly: XLA carries no such variable); without them TF's ValueError stands.
@tf.function
def grow_for(x, n):
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(x, tf.TensorShape([None]))])
        x = tf.concat([x, [tf.cast(i, x.dtype)]], 0)
    return x
@tf.function
def grow_while(x):
    i = tf.constant(0)
    while i < 3:
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(x, tf.TensorShape([None]))])
        x = tf.concat([x, [tf.cast(i, x.dtype)]], 0)
        i += 1
    return x
@tf.function
def fixed(x, n):
    for i in tf.range(n):
        x = tf.concat([x, [tf.cast(i, x.dtype)]], 0)
    return x
print(grow_for(tf.constant([9.0]), tf.constant(3)), grow_for(tf.constant([1.0]), tf.constant(0)))
print(grow_while(tf.constant([9.0])), grow_while(tf.constant([5.0])))
print(grow_for.experimental_get_tracing_count(), grow_while.experimental_get_tracing_count())
try:
    fixed(tf.constant([9.0]), tf.constant(3))
except ValueError as e:
    print([line.strip() for line in str(e).splitlines() if "has shape" in line])
""")

_s("lambdas_found_by_their_lines_as_tfs_parser", """
import importlib, sys, tempfile, textwrap
source = textwrap.dedent('''
    import tensorflow as tf
    ft = tf.constant(1.5)
    cases = [
        ("first", lambda: tf.math.squared_difference(2, ft)),
        ("second", lambda: tf.math.maximum(2.5, tf.constant(7))),
    ]
    def run():
        for name, f in cases:
            try:
                print(name, tf.function(f)())
            except TypeError as e:
                print(name, [l for l in str(e).splitlines() if l.strip()][-2:])
        v = 2.5
        try: print(tf.function(lambda: tf.math.floordiv(x=tf.constant(7), y=v))())
        except TypeError as e: print([l for l in str(e).splitlines() if l.strip()][-2:])
        g = lambda a: (
            tf.function(lambda b: b * 2)(a))
        print(tf.function(g)(tf.constant(3)))
        h = lambda: tf.function(lambda: tf.constant(1))()
        print(tf.function(h)())
''')
folder = tempfile.mkdtemp()
with open(folder + "/lambdas_in_lines.py", "w") as f:
    f.write(source)
sys.path.insert(0, folder)
importlib.import_module("lambdas_in_lines").run()
""")
