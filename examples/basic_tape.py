"""First-order gradients with tf.GradientTape.

A tape records the operations run inside its `with` block on the tensors it
watches; `tape.gradient(target, source)` then returns d(target)/d(source).
Constants are not watched automatically, so we call `tape.watch(x)`.
"""
import tfcompat as tf

# y = x^2, so dy/dx = 2x = 6 at x = 3.
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)          # tf.constant is not a Variable: watch it explicitly
    y = x * x
dy_dx = g.gradient(y, x)
print(dy_dx)

# The gradient is an ordinary tensor: look at its repr, its NumPy value,
# its dtype and its shape.
print(repr(dy_dx))
print(dy_dx.numpy(), type(dy_dx.numpy()).__name__, dy_dx.dtype, dy_dx.shape)

# Works the same on vectors: the gradient has the shape of the source.
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(x * x)   # sum(x_i^2), gradient 2 * x
print(g.gradient(y, x))

# A few elementwise functions and their derivatives at x = 0.5.
x = tf.constant(0.5)
for name, fn in [("exp", tf.exp), ("log", tf.math.log), ("sin", tf.sin),
                 ("tanh", tf.tanh), ("sigmoid", tf.sigmoid), ("sqrt", tf.sqrt)]:
    with tf.GradientTape() as g:
        g.watch(x)
        y = fn(x)
    print(name, "value:", y.numpy(), "derivative:", g.gradient(y, x).numpy())
