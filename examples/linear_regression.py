"""Linear regression trained with tf.Variable, GradientTape and assign_sub.

We fit y = w * x + b to noisy data made with NumPy (fixed seed, so the output
is the same on every run) by plain gradient descent on the mean squared error.
"""
import numpy as np
import tfcompat as tf

# Data: y = 3x + 2 plus a little noise.
rng = np.random.default_rng(0)
x_np = rng.uniform(-1.0, 1.0, size=(100,)).astype(np.float32)
y_np = (3.0 * x_np + 2.0 + 0.1 * rng.standard_normal(100)).astype(np.float32)
x = tf.constant(x_np)
y = tf.constant(y_np)

# Parameters, trainable by default.
w = tf.Variable(0.0, name="w")
b = tf.Variable(0.0, name="b")
learning_rate = 0.1


def predict(x):
    return w * x + b


def mse(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


for step in range(101):
    with tf.GradientTape() as tape:        # w and b are watched automatically
        loss = mse(y, predict(x))
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(learning_rate * dw)       # w <- w - lr * dL/dw
    b.assign_sub(learning_rate * db)
    if step % 10 == 0:
        print(f"step {step:3d}  loss {loss.numpy():.6f}")

print("final w:", w.numpy())
print("final b:", b.numpy())
print(repr(w))
print(repr(b))
