"""TF's answers for tests/test_data_direct_calls.py: run with /tmp/tfref/bin/python."""
import numpy as np
import tensorflow as tf

X = np.arange(40, dtype=np.float32).reshape(10, 4) / 8.0
Y = np.arange(10, dtype=np.int64)

ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).map(lambda a, b: (a * 2.0 - 1.0, b + 1))
out = list(ds.as_numpy_iterator())
print("values_as_tf:", [o[1].tolist() for o in out], out[2][0][:, 0].tolist())

v = tf.Variable(0, dtype=tf.int64)
ds = tf.data.Dataset.range(4).map(lambda i: v.assign_add(i))
print("variable_update:", [int(x) for x in ds], int(v.numpy()))

it = iter(tf.data.Dataset.range(5).map(lambda i: tf.gather([1, 2, 3], i)))
print("gather:", [int(next(it)) for _ in range(3)])
try:
    next(it)
except tf.errors.InvalidArgumentError as e:
    print("gather error:", type(e).__name__, "indices = 3 is not in [0, 3)" in str(e))


def f(i):
    with tf.control_dependencies([tf.debugging.assert_less(i, tf.constant(2, tf.int64))]):
        return i * 10


it = iter(tf.data.Dataset.range(4).map(f))
print("assert:", [int(next(it)) for _ in range(2)])
try:
    next(it)
except tf.errors.InvalidArgumentError as e:
    print("assert error:", type(e).__name__, "Condition x < y did not hold" in str(e))


@tf.function
def g(x, i):
    return tf.gather(x, i) * 2.0


x = tf.constant([1.0, 2.0, 3.0])
print("function:", float(g(x, tf.constant(1))))
try:
    g(x, tf.constant(5))
except tf.errors.InvalidArgumentError as e:
    print("function error:", type(e).__name__, "indices = 5 is not in [0, 3)" in str(e))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = g(x, tf.constant(2))
print("function gradient:", tf.convert_to_tensor(tape.gradient(y, x)).numpy().tolist())
