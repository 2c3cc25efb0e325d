"""Golden snippets: tf.print, eagerly and inside tf.function: order of calls, scalar
and array formats, summarize, nests, sep and end, Variables and loops.

tf.print writes to file descriptor 1 under TF: each snippet defines ``captured(fn,
*args)`` first (``snippet_registry.CAPTURE``) and prints what it returns."""
from snippet_registry import CAPTURE, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# A snippet that uses tf.print: the ``captured`` helper is defined first.
_p = SNIPPETS.adder(CAPTURE.strip("\n") + "\n")

# ---------------------------------------------------------------------------
# tf.print

_p("tf_print_every_call_in_order", """
@tf.function
def f(x):
    print('trace')
    tf.print('first', x, output_stream=sys.stdout)
    y = x * 2
    tf.print('second', y, output_stream=sys.stdout)
    return y
for i in range(3):
    out = captured(f, tf.constant(i))
    print(out, end='')
print(f.experimental_get_tracing_count())
""")
_p("tf_print_scalar_formats", """
def show():
    tf.print(tf.constant(1.5), tf.constant(2.0), tf.constant(0.1), output_stream=sys.stdout)
    tf.print(tf.constant(1e-7), tf.constant(123456789.0), tf.constant(-3.25), output_stream=sys.stdout)
    tf.print(tf.constant(7), tf.constant(-2, tf.int64), tf.constant(True), tf.constant(False), output_stream=sys.stdout)
    tf.print(1, 2.5, True, 'text', output_stream=sys.stdout)
    tf.print(tf.constant(1.0, tf.float64) / 3.0, tf.constant(2.5, tf.float16), output_stream=sys.stdout)
print(captured(show), end='')
print(captured(tf.function(show)), end='')
""")
_p("tf_print_arrays", """
def show():
    tf.print(tf.constant([1.0, 2.5, -3.0]), output_stream=sys.stdout)
    tf.print(tf.constant([[1, 2], [3, 4]]), output_stream=sys.stdout)
    tf.print(tf.constant([True, False]), output_stream=sys.stdout)
    tf.print(tf.zeros([2, 2, 2]), output_stream=sys.stdout)
    tf.print(tf.constant([], tf.float32), output_stream=sys.stdout)
print(captured(show), end='')
print(captured(tf.function(show)), end='')
""")
_p("tf_print_long_vectors_summarize", """
def show():
    x = tf.range(10)
    tf.print(x, output_stream=sys.stdout)
    tf.print(x, summarize=2, output_stream=sys.stdout)
    tf.print(x, summarize=-1, output_stream=sys.stdout)
    tf.print(tf.reshape(tf.range(36), [6, 6]), output_stream=sys.stdout)
    tf.print(tf.range(7, dtype=tf.float32) / 2, output_stream=sys.stdout)
print(captured(show), end='')
print(captured(tf.function(show)), end='')
""")
_p("tf_print_nests_sep_end", """
def show():
    tf.print([tf.constant(1), tf.constant(2)], output_stream=sys.stdout)
    tf.print({'a': tf.constant(1.5), 'b': [1, 2]}, output_stream=sys.stdout)
    tf.print((tf.constant(1), 'x'), output_stream=sys.stdout)
    tf.print('a', tf.constant(1), 'b', sep=', ', output_stream=sys.stdout)
    tf.print('no newline', end='|', output_stream=sys.stdout)
    tf.print('done', output_stream=sys.stdout)
print(captured(show), end='')
print(captured(tf.function(show)), end='')
""")
_p("tf_print_with_variables_and_loop", """
v = tf.Variable(1.0)
@tf.function
def f(n):
    for i in tf.range(n):
        v.assign(v * 2.0)
        tf.print('step', i, v, output_stream=sys.stdout)
    return v.read_value()
print(captured(f, tf.constant(3)), end='')
print(v.numpy())
""")
_p("tf_print_in_loops_with_known_bounds_each_call", """
@tf.function
def f():
    n = 0
    for i in tf.range(2):
        tf.print("for", i, output_stream=sys.stdout)
        n += 1
    j = tf.constant(0)
    while j < 2:
        tf.print("while", j, output_stream=sys.stdout)
        j += 1
    return n, j
for _ in range(2):
    print(captured(f), end='')
""")
_p("tf_print_once_under_a_gradient_tape", """
w = tf.Variable(2.0)
@tf.function
def inner(x):
    tf.print("inner", x, output_stream=sys.stdout)
    return x * w
@tf.function
def step(x):
    with tf.GradientTape() as t:
        y = inner(x)
        tf.print("in tape", y, output_stream=sys.stdout)
    return t.gradient(y * y, w)
print(captured(step, tf.constant(3.0)), end='')
def eager(x):
    with tf.GradientTape() as t:
        y = inner(x)
    return t.gradient(y, w)
print(captured(eager, tf.constant(3.0)), end='')
""")
_p("tf_print_once_when_a_partial_batch_reruns_eagerly", """
# (a partial last batch within one call: tfcompat's call reruns eagerly)
bound = sys.stdout
@tf.function
def loop(iterator):
    total = tf.constant(0, tf.int64)
    for _ in tf.range(3):
        x = iterator.get_next()
        tf.print("x", x, output_stream=sys.stdout)
        tf.print("bound", tf.shape(x), output_stream=bound)
        total += tf.reduce_sum(x)
    tf.print("total", total, output_stream=sys.stdout)
    return total
print(captured(loop, iter(tf.data.Dataset.range(10).batch(4))), end='')
@tf.function
def loop_optional(iterator):
    n = tf.constant(0)
    for _ in tf.range(5):
        optional = iterator.get_next_as_optional()
        if not optional.has_value():
            break
        n += 1
        tf.print("o", optional.get_value(), output_stream=sys.stdout)
    return n
it = iter(tf.data.Dataset.range(10).batch(4))
print(captured(loop_optional, it), end='')
print(captured(loop_optional, it), end='')
@tf.function
def loop_for(iterator):
    total = tf.constant(0, tf.int64)
    for x in iterator:
        tf.print("for", x, output_stream=sys.stdout)
        total += tf.reduce_sum(x)
    return total
for n in (4, 5):
    it = iter(tf.data.Dataset.range(10).batch(n))
    out = []
    print(captured(lambda: out.append(loop_for(it).numpy())), end='')
    print(out)
""")
_p("tf_print_in_vectorized_map_prints_the_first_example_once", """
c = tf.constant(10)
def f(x):
    tf.print("x", x, x * 3, c, output_stream=sys.stdout)
    return x * 2
@tf.function
def g(x):
    return tf.vectorized_map(f, x)
out = []
for fn, x in [(tf.vectorized_map, [9, 4, 5]), (tf.vectorized_map, [[9, 4], [5, 6]]),
              (lambda f, x: g(x), [7, 8]), (lambda f, x: g(x), [7, 8])]:
    print(captured(lambda: out.append(fn(f, tf.constant(x)).numpy())), end='')
    print(out[-1])
""")
_p("tf_print_in_a_saved_function_prints_when_loaded", """
class Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        tf.print("f got", x, {"k": x * 2}, [self.v], output_stream=sys.stdout)
        y = x * 2 + self.v
        tf.print("y", y, sep="|", end="!\\n", output_stream=sys.stdout, summarize=1)
        return y
    @tf.function(input_signature=[tf.TensorSpec([3], tf.int32)])
    def g(self, x):
        tf.print("g", x, output_stream=sys.stdout)
        return tf.gather(x, [0])
directory = tempfile.mkdtemp()
tf.saved_model.save(Module(), directory)
loaded = tf.saved_model.load(directory)
@tf.function
def outer(x):
    return loaded.f(x) + 1
out = []
for fn, x in [(loaded.f, [1., 2.]), (loaded.f, [3., 4., 5.]), (loaded.g, [3, 4, 5]),
              (outer, [7.])]:
    print(captured(lambda: out.append(fn(tf.constant(x)).numpy())), end='')
    print(out[-1])
""")

_s("print_to_a_file", """
# output_stream "file://PATH": each print appends its line to the file, eagerly and in a
# tf.function; another string is TF's ValueError.
import os, tempfile
path = os.path.join(tempfile.mkdtemp(), 'log.txt')
tf.print('first', tf.constant([1, 2]), output_stream='file://' + path)
@tf.function
def f(x):
    tf.print('in f', x, {'k': x * 2}, output_stream='file://' + path, sep='|')
    return x
f(tf.constant(3))
f(tf.constant(4))
print(open(path).read())
try:
    tf.print('x', output_stream='stdout')
except ValueError as e:
    print(e)
""")
