"""Golden snippets for AutoGraph (issue 5): break/continue/return in tensor loops,
conversion of called functions, do_not_convert, AutoGraph's errors, tf.autograph."""
import textwrap
from collections import OrderedDict

SNIPPETS = OrderedDict()


def _s(name, source):
    assert name not in SNIPPETS, f"duplicate snippet name {name}"
    SNIPPETS[name] = textwrap.dedent(source).strip("\n") + "\n"


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

SNIPPETS["global_assigned_in_converted_if"] = """
g = None
@tf.function
def foo():
    global g
    if g is None:
        g = tf.random.Generator.from_seed(1)
    return g.normal([])
print(foo())
print(foo())
"""

SNIPPETS["custom_gradient_called_from_function"] = """
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
"""

SNIPPETS["recursive_function_by_its_global_name"] = """
@tf.function
def recursive_fn(n):
    if n > 0:
        print('tracing')
        return recursive_fn(n - 1)
    else:
        return 1
print(recursive_fn(5))
print(recursive_fn.experimental_get_tracing_count())
"""
