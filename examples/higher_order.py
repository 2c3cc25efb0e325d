"""Higher-order gradients with nested tapes.

A gradient() call made while an outer tape is recording is itself recorded by
the outer tape, so the outer tape can differentiate the inner gradient.
"""
import tfcompat as tf

# y = x^2: dy/dx = 2x = 6 and d2y/dx2 = 2 at x = 3.
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    with tf.GradientTape() as gg:
        gg.watch(x)
        y = x * x
    dy_dx = gg.gradient(y, x)      # computed inside g: recorded on g
d2y_dx2 = g.gradient(dy_dx, x)
print(dy_dx, d2y_dx2)

# Variables are watched automatically, at every order.
# y = x^3: dy/dx = 3x^2 = 3 and d2y/dx2 = 6x = 6 at x = 1.
x = tf.Variable(1.0)
with tf.GradientTape() as t:
    with tf.GradientTape() as t2:
        y = x * x * x
    dy_dx = t2.gradient(y, x)
d2y_dx2 = t.gradient(dy_dx, x)
assert dy_dx.numpy() == 3.0
assert d2y_dx2.numpy() == 6.0
print(dy_dx)
print(d2y_dx2)
print(repr(x))

# Third order: three nested tapes. y = x^4 at x = 2:
# y' = 4x^3 = 32, y'' = 12x^2 = 48, y''' = 24x = 48.
x = tf.constant(2.0)
with tf.GradientTape() as t3:
    t3.watch(x)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x * x * x * x
        d1 = t1.gradient(y, x)
    d2 = t2.gradient(d1, x)
d3 = t3.gradient(d2, x)
print("x^4 derivatives at 2:", d1.numpy(), d2.numpy(), d3.numpy())
