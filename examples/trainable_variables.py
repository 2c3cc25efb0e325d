"""In a model the tape watches trainable variables by itself.

Reading a trainable tf.Variable inside a tape watches it; variables made with
trainable=False are never watched. watch_accessed_variables=False turns the
automatic watching off, leaving only what tape.watch() was given.
"""
import numpy as np
import tfcompat as tf

W = tf.Variable(np.arange(6, dtype=np.float32).reshape(3, 2) / 10.0, name="W")
b = tf.Variable(np.zeros(2, np.float32), name="b")
frozen = tf.Variable(np.ones(2, np.float32), trainable=False, name="frozen")
images = tf.constant(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3))
labels = tf.constant(np.array([[1, 0], [0, 1], [1, 0], [0, 1]], np.float32))


def model(inputs):
    return tf.matmul(inputs, W) + b + frozen


def loss_object(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))   # mean squared error


trainable_variables = [W, b]
with tf.GradientTape() as tape:
    predictions = model(images)
    loss = loss_object(labels, predictions)
gradients = tape.gradient(loss, trainable_variables)
print(loss)
for g in gradients:
    print(g)
# Only W and b were watched; `frozen` was read but is not trainable.
print([v.name for v in tape.watched_variables()])

# With automatic watching off, only b (watched by hand) gets a gradient.
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(b)
    loss = loss_object(labels, model(images))
print(tape.gradient(loss, [W, b]))

# One step of gradient descent on W and b.
with tf.GradientTape() as tape:
    loss = loss_object(labels, model(images))
for v, g in zip(trainable_variables, tape.gradient(loss, trainable_variables)):
    v.assign_sub(0.1 * g)
print("loss after one step:", loss_object(labels, model(images)).numpy())
print(repr(b))
