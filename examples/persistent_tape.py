"""Persistent tapes: several gradient() calls on one recording.

A plain tape frees its resources after the first gradient() call; with
persistent=True it can be asked as many times as needed (delete it after).
"""
import tfcompat as tf

# z = y^2 = x^4: dz/dx = 4x^3 = 108, dy/dx = 2x = 6 at x = 3.
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    z = y * y
dz_dx = g.gradient(z, x)
dy_dx = g.gradient(y, x)
del g  # drop the reference to the tape
print(dz_dx)
print(dy_dx)
print(repr(dz_dx))


def gradient_test():
    print("one variable")
    x = tf.constant(value=3.0)
    with tf.GradientTape(persistent=True, watch_accessed_variables=True) as tape:
        tape.watch(x)
        y1 = 2 * x              # a Python int takes the tensor's dtype
        y2 = x * x + 2
        y3 = x * x + 2 * x
    # Keyword arguments work too: target= and sources=.
    dy1_dx = tape.gradient(target=y1, sources=x)
    dy2_dx = tape.gradient(target=y2, sources=x)
    dy3_dx = tape.gradient(target=y3, sources=x)
    print("dy1_dx:", dy1_dx)
    print("dy2_dx:", dy2_dx)
    print("dy3_dx:", dy3_dx)

    print("two variables")
    x = tf.constant(value=3.0)
    y = tf.constant(value=2.0)
    with tf.GradientTape(persistent=True, watch_accessed_variables=True) as tape:
        tape.watch([x, y])      # watch accepts a list
        z1 = x * x * y + x * y
    dz1_dx = tape.gradient(target=z1, sources=x)       # 2xy + y = 14
    dz1_dy = tape.gradient(target=z1, sources=y)       # x^2 + x = 12
    dz1_d = tape.gradient(target=z1, sources=[x, y])   # both at once, as a list
    print("dz1_dx:", dz1_dx)
    print("dz1_dy:", dz1_dy)
    print("dz1_d:", dz1_d)
    print("type of dz1_d:", type(dz1_d))


gradient_test()

# A non-persistent tape can only be used once.
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x))
try:
    tape.gradient(y, x)
except RuntimeError:
    print("second call on a non-persistent tape: RuntimeError")
