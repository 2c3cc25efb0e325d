"""Golden snippets: the steady-state call path of tf.function (issue 14's fit, evaluate and
predict steps): repeated calls of a trace whose op checks run after its program (a
sparse cross entropy's labels, a gather's indices), whose result is an Optional (Keras's
train function), that reads a tf.data iterator's elements (Keras's steps), and a
Keras-style RNN loop reading a TensorArray filled by `unstack` (its values, gradients and
range errors)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_RNN = """
def rnn(x, w, ta_size=None):
    # (keras/src/backend/tensorflow/rnn.py's loop: a TensorArray filled by unstack, read
    # at the loop counter, a one-element output array written at index 0)
    xt = tf.transpose(x, [1, 0, 2])
    n = xt.shape[0]
    inputs = tf.TensorArray(tf.float32, size=ta_size or n).unstack(xt)
    out = tf.TensorArray(tf.float32, size=1, element_shape=[x.shape[0], w.shape[1]])

    def body(t, h, out):
        h = tf.tanh(tf.matmul(inputs.read(t), w) + h)
        return t + 1, h, out.write(0, h)

    _, h, out = tf.while_loop(lambda t, *_: t < n, body,
                              (tf.constant(0), tf.zeros([x.shape[0], w.shape[1]]), out),
                              maximum_iterations=n)
    return h, out.stack()
"""

_s("unstacked_tensor_array_read_in_a_loop", _RNN + """
x = tf.constant(np.linspace(-1.0, 1.0, 2 * 5 * 3, dtype=np.float32).reshape(2, 5, 3))
w = tf.Variable(np.linspace(-0.5, 0.7, 12, dtype=np.float32).reshape(3, 4))

def loss_and_grads(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        h, stacked = rnn(x, w)
        loss = tf.reduce_sum(h * h) + tf.reduce_sum(stacked)
    gx, gw = tape.gradient(loss, [x, w])
    return h, stacked, loss, gx, gw

eager = loss_and_grads(x)
traced = tf.function(loss_and_grads)
for _ in range(3):   # (repeated calls: the fast path)
    out = traced(x)
for e, t in zip(eager, out):
    print(t.dtype, t.shape)
    print(np.round(t.numpy(), 4))
    print(np.allclose(e.numpy(), t.numpy(), rtol=1e-5, atol=1e-6))
""")

_s("unstacked_tensor_array_in_function", """
x = tf.reshape(tf.range(12.0), [3, 4])

@tf.function
def f():
    ta = tf.TensorArray(tf.float32, size=3).unstack(x)
    return (ta.read(1), ta.stack(), ta.size(), ta.gather([2, 0]), ta.concat(),
            ta.write(1, tf.ones([4])).stack(), ta.unstack(x * 2).stack())

for t in f():
    print(t)

@tf.function
def shape():
    ta = tf.TensorArray(tf.float32, size=3).unstack(x)
    return str(ta.element_shape)
print(shape())
""")

_s("unstacked_tensor_array_read_out_of_range", r"""
import re
x = tf.reshape(tf.range(12.0), [3, 4])

@tf.function
def read(i):
    return tf.TensorArray(tf.float32, size=3).unstack(x).read(i)

print(read(tf.constant(2)))
for i in (5, 3, -1):
    try:
        print(read(tf.constant(i)))
    except Exception as e:
        print(type(e).__name__,
              re.search(r"Trying to \w+ element -?\d+ in a list with \d+ elements", str(e)).group(0))
print(read(tf.constant(0)), read.experimental_get_tracing_count())
""")

_s("deferred_label_check_in_repeated_calls", r"""
import re
v = tf.Variable([1.0, 2.0, 3.0])

@tf.function
def step(logits, labels):
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits))
    v.assign_add(loss * tf.ones(3))
    return {"loss": loss, "v": v.read_value()}

logits = tf.constant([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
for labels in ([0, 2], [1, 1], [2, 0], [3, 0], [1, -1], [0, 1]):
    try:
        out = step(logits, tf.constant(labels))
        print(labels, out["loss"].numpy(), out["v"].numpy())
    except tf.errors.InvalidArgumentError as e:
        print(labels, type(e).__name__,
              re.search(r"Received a label value of -?\d+ which is outside the valid range of "
                        r"\[0, \d+\)", str(e)).group(0))
    print(v.numpy())
print(step.experimental_get_tracing_count())
""")

_s("deferred_gather_check_in_repeated_calls", r"""
import re
params = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

@tf.function
def pick(i):
    return tf.gather(params, i) * 2.0

for i in ([0, 2], [1, 1], [2, 3], [2, 0]):
    try:
        print(pick(tf.constant(i)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, re.search(r"indices\[\d+\] = \d+ is not in \[0, \d+\)",
                                          str(e)).group(0))
""")

_s("optional_result_in_repeated_calls", """
@tf.function
def f(x):
    return (tf.experimental.Optional.from_value({"a": x * 2.0, "b": (x + 1.0, tf.size(x))}),
            x - 1.0, None)

for k in range(3):
    opt, y, none = f(tf.constant([1.0, 2.0]) + k)
    print(opt.has_value().numpy(), opt.element_spec)
    value = opt.get_value()
    print(value["a"], value["b"][0], value["b"][1], y, none)
""")

_s("iterator_steps_until_the_end", """
ds = tf.data.Dataset.from_tensor_slices(
    (np.arange(12, dtype=np.float32).reshape(6, 2), np.arange(6, dtype=np.int32))).batch(2)
total = tf.Variable(0.0)

@tf.function
def step(iterator):
    x, y = iterator.get_next()
    total.assign_add(tf.reduce_sum(x) + tf.cast(tf.reduce_sum(y), tf.float32))
    return tf.experimental.Optional.from_value({"sum": tf.reduce_sum(x), "n": tf.shape(x)[0]})

it = iter(ds)
while True:
    try:
        out = step(it)
    except tf.errors.OutOfRangeError as e:
        print(type(e).__name__, str(e).splitlines()[0])
        break
    value = out.get_value()
    print(value["sum"].numpy(), value["n"].numpy(), total.numpy())
print(total.numpy(), step.experimental_get_tracing_count())
""")
