"""gradient() arguments: output_gradients, unconnected_gradients, nested sources."""
import tfcompat as tf

x = tf.constant([1.0, 2.0])
y = tf.constant(5.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    z = x * x                         # z does not depend on y
    s = tf.reduce_sum(x)

# output_gradients weights each target element (a vector-Jacobian product):
# [10, 100] * dz/dx = [10 * 2, 100 * 4].
print(tape.gradient(z, x, output_gradients=tf.constant([10.0, 100.0])))

# y is watched but not connected to z: the default answer is None ...
print(tape.gradient(z, y))
# ... or zeros of the source's shape when asked for.
print(tape.gradient(z, y, unconnected_gradients=tf.UnconnectedGradients.ZERO))
# The string form works too, and sources can be a list ...
print(tape.gradient(z, [x, y], unconnected_gradients="zero"))
# ... or a dict: the result has the same structure.
print(tape.gradient(z, {"a": x, "b": y}))
print(tf.UnconnectedGradients.NONE, tf.UnconnectedGradients.ZERO)

# Several targets are summed: d(sum(z) + s)/dx = 2x + 1.
print(tape.gradient([z, s], x))
del tape
