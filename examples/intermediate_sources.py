"""Gradients with respect to intermediate tensors.

Any tensor computed while the tape records can be a source, not only the
watched inputs.
"""
import tfcompat as tf

# y = sum(x) = 4 over a 2x2 matrix of ones; z = y^2.
# dz/dx_ij = 2y * dy/dx_ij = 2 * 4 * 1 = 8 for every element.
x = tf.ones((2, 2))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(x)
    z = tf.multiply(y, y)
dz_dx = t.gradient(z, x)
for i in [0, 1]:
    for j in [0, 1]:
        assert dz_dx[i][j].numpy() == 8.0
print(dz_dx)

# Same computation, but differentiate with respect to the intermediate y:
# dz/dy = 2y = 8.
x = tf.ones((2, 2))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(x)
    z = tf.multiply(y, y)
dz_dy = t.gradient(z, y)
assert dz_dy.numpy() == 8.0
print(dz_dy)

# Input and intermediate together, with a persistent tape.
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    h = tf.exp(x)               # intermediate
    loss = tf.reduce_sum(h * h)
grads = t.gradient(loss, [x, h])
print("d loss / d x:", grads[0])   # 2 exp(2x)
print("d loss / d h:", grads[1])   # 2h
del t
