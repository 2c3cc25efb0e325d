"""Python control flow is recorded as it runs.

The tape only sees the operations that actually execute, so loops and `if`s
written in plain Python are differentiated along the path taken.
"""
import tfcompat as tf


def f(x, y):
    output = 1.0
    for i in range(y):
        if i > 1 and i < 5:          # multiply by x for i = 2, 3, 4 only
            output = tf.multiply(output, x)
    return output


def grad(x, y):
    with tf.GradientTape() as t:
        t.watch(x)
        out = f(x, y)
    return t.gradient(out, x)


x = tf.convert_to_tensor(2.0)
# y = 6 or 5: out = x^3, d/dx = 3x^2 = 12.  y = 4: out = x^2, d/dx = 2x = 4.
assert grad(x, 6).numpy() == 12.0
assert grad(x, 5).numpy() == 12.0
assert grad(x, 4).numpy() == 4.0
print(grad(x, 6), grad(x, 5), grad(x, 4))

# A branch on a tensor's value: __bool__ on a scalar tensor works eagerly.
def piecewise(x):
    if x > 0.0:
        return x * x        # derivative 2x
    return -3.0 * x         # derivative -3

for v in [2.0, -1.0]:
    x = tf.constant(v)
    with tf.GradientTape() as t:
        t.watch(x)
        y = piecewise(x)
    print("x =", v, "y =", y.numpy(), "dy/dx =", t.gradient(y, x).numpy())
