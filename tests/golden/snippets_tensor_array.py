"""Golden snippets: tf.TensorArray, and traced loop counters as indices in
tf.function; an RNN with a TensorArray, dropout and training."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


_s("tensor_array_eager", """
ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, 1.0).write(1, 2.0).write(2, 3.0)
print(ta.stack(), ta.read(1), ta.size())
ta2 = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
for i in range(4):
    ta2 = ta2.write(i, [float(i), float(i) * 2])
print(ta2.stack(), ta2.concat(), ta2.gather([3, 1]))
u = tf.TensorArray(tf.int32, size=2).unstack(tf.constant([[1, 2], [3, 4]]))
print(u.read(1), u.dtype)
try:
    tf.TensorArray(tf.float32, size=1).write(2, 1.0)
except Exception as e:
    print(type(e).__name__, repr(str(e)))
""", verbatim=True)

_s("tensor_array_rnn_in_function", """
def rnn_step(inp, state):
    return inp + state

@tf.function
def dynamic_rnn(rnn_step, input_data, initial_state):
    input_data = tf.transpose(input_data, [1, 0, 2])
    max_seq_len = input_data.shape[0]
    states = tf.TensorArray(tf.float32, size=max_seq_len)
    state = initial_state
    for i in tf.range(max_seq_len):
        state = rnn_step(input_data[i], state)
        states = states.write(i, state)
    return tf.transpose(states.stack(), [1, 0, 2])

print(dynamic_rnn(rnn_step, tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
                  tf.zeros([2, 4])))
""", verbatim=True)

_s("tensor_array_gradient", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    t = tf.TensorArray(tf.float32, size=2).write(0, x * 2).write(1, x * x)
    y = tf.reduce_sum(t.stack())
print(g.gradient(y, x))
""", verbatim=True)

_s("traced_loop_counter_as_index", """
@tf.function
def total(x, n):
    acc = tf.zeros([2])
    for i in tf.range(n):
        acc += x[i]
    return acc

m = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
print(total(m, tf.constant(3)), total(m, tf.constant(2)))
""", verbatim=True)

_s("traced_indices_checked_when_the_function_runs", r"""
import re
@tf.function
def f(i):
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(0, 1.0)
    return ta.read(i)
print(f(tf.constant(0)))
for fn, i in ((f, 5),):
    try:
        print(fn(tf.constant(i)))
    except Exception as e:
        print(type(e).__name__, re.search(r"Trying to \w+ element \d+ in a list with \d+ elements", str(e)).group(0))
@tf.function
def g(i):
    ta = tf.TensorArray(tf.float32, size=3)
    ta = ta.write(i, 1.0)
    return ta.stack()
print(g(tf.constant(1)))
try:
    print(g(tf.constant(5)))
except Exception as e:
    print(type(e).__name__, re.search(r"Trying to \w+ element \d+ in a list with \d+ elements", str(e)).group(0))
x = tf.Variable([1.0, 2.0, 3.0])
@tf.function
def h(n):
    with tf.GradientTape() as t:
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, x[i] * x[i])
        y = tf.reduce_sum(ta.stack())
    return t.gradient(y, x)
print(h(tf.constant(3)))
""", verbatim=True)

# ---------------------------------------------------------------------------
# integration

_s("integration_rnn_tensor_array_dropout_training", """
tf.random.set_seed(3)
x = tf.constant(np.random.RandomState(1).randn(8, 5, 3).astype(np.float32))
cell_w = tf.Variable(tf.random.normal([3, 4], seed=2))
rec_w = tf.Variable(tf.random.normal([4, 4], seed=3) * 0.1)

@tf.function
def rnn(x):
    x_t = tf.transpose(x, [1, 0, 2])
    state = tf.zeros([tf.shape(x)[0], 4])
    states = tf.TensorArray(tf.float32, size=x_t.shape[0])
    for i in tf.range(x_t.shape[0]):
        state = tf.tanh(tf.matmul(x_t[i], cell_w) + tf.matmul(state, rec_w))
        states = states.write(i, state)
    return tf.transpose(states.stack(), [1, 0, 2])

@tf.function
def train(x):
    with tf.GradientTape() as t:
        out = rnn(x)
        h = tf.nn.dropout(out, 0.2, seed=5)
        loss = tf.reduce_mean(tf.square(h)) + tf.add_n([tf.nn.l2_loss(v) for v in [cell_w, rec_w]]) * 1e-3
    g = t.gradient(loss, [cell_w, rec_w])
    for v, gi in zip([cell_w, rec_w], g):
        v.assign_sub(0.5 * gi)
    return loss
for i in range(3):
    print(round(float(train(x)), 5))
s = tf.scan(lambda a, e: a + e, tf.range(5.0))
print(s)
@tf.function
def m(x):
    return tf.map_fn(lambda r: tf.reduce_sum(r * r), x), tf.foldl(lambda a, e: a * e, tf.constant([1.0, 2.0, 3.0]))
print(m(tf.reshape(tf.range(6.0), [3, 2])))
@tf.function
def cnt(x):
    n = tf.constant(0)
    for v in x:
        if v > 2:
            break
        n += 1
    return n
print(cnt(tf.constant([1, 2, 3, 4])))
""", verbatim=True)

_s("grown_array_reads_past_its_count", """
@tf.function
def f(n, k):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    _, ta = tf.while_loop(lambda i, ta: i < n,
                          lambda i, ta: (i + 1, ta.write(i, tf.cast(i, tf.float32) + 1.0)),
                          (0, ta), maximum_iterations=5)
    return ta.read(k), ta.size()
for n, k in ((0, 0), (2, 1), (2, 2), (3, -1), (5, 4)):
    try:
        print(f(tf.constant(n), tf.constant(k)))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
""", verbatim=True)

_s("eager_reads_outside_the_array", """
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
show(lambda: tf.TensorArray(tf.float32, size=3).read(1))
show(lambda: tf.TensorArray(tf.float32, size=3, element_shape=[2]).read(1))
show(lambda: tf.TensorArray(tf.float32, size=3, element_shape=[None, 2]).read(1))
show(lambda: tf.TensorArray(tf.float32, size=3, dynamic_size=True).read(5))
show(lambda: tf.TensorArray(tf.float32, size=3).read(-1))
show(lambda: tf.TensorArray(tf.float32, size=0, dynamic_size=True).read(0))
show(lambda: tf.TensorArray(tf.float32, size=2).write(0, [1., 2.]).read(1))
show(lambda: tf.TensorArray(tf.float32, size=2).write(0, [1., 2.]).stack())
ta = tf.TensorArray(tf.float32, size=2, clear_after_read=True).write(0, 3.0)
show(lambda: ta.read(0))
show(lambda: ta.read(0))
""", verbatim=True)

_s("dynamic_size_array_grown_in_a_range_loop", """
# A tf.TensorArray(dynamic_size=True) written in a `for i in tf.range(n)` loop and then
# stacked, concatenated or gathered: its size is known when the call runs (XLA: the
# calls run eagerly).
@tf.function
def g(x, n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        ta = ta.write(i, x * tf.cast(i, tf.float32))
    return ta.stack(), ta.size()
@tf.function
def h(x):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(3):
        ta = ta.write(i, x * tf.cast(i, tf.float32))
    return ta.stack()
@tf.function
def k(x, n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        ta = ta.write(i, x * tf.cast(i, tf.float32))
    tf.print('inside', ta.size())
    return ta.concat(), ta.gather([0, 1]), ta.read(1)
x = tf.constant([1., 2.])
print(g(x, tf.constant(4)), g(x, tf.constant(2)), h(x), h(x * 2))
print(k(x, tf.constant(3)))
with tf.GradientTape() as t:
    t.watch(x)
    y = g(x, tf.constant(3))[0]
print(t.gradient(y, x), g.experimental_get_tracing_count())
""", verbatim=True)
