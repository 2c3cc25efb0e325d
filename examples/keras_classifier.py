"""A tf.keras Sequential classifier: fit (with its progress bar), evaluate, predict,
save to a .keras file and load it back.

The data are three Gaussian blobs in 4 dimensions made with NumPy (fixed seed), and
tf.keras.utils.set_random_seed fixes the initial weights, so the output is the same on
every run.
"""
import os
import tempfile

import numpy as np
import tfcompat as tf

tf.keras.utils.set_random_seed(42)

# Data: 3 classes, 4 features, 480 training and 96 test examples.
rng = np.random.default_rng(0)
centers = rng.normal(0.0, 2.0, size=(3, 4)).astype(np.float32)


def make_data(n):
    labels = rng.integers(0, 3, size=n)
    features = centers[labels] + rng.normal(0.0, 1.0, size=(n, 4)).astype(np.float32)
    return features.astype(np.float32), labels.astype(np.int32)


x_train, y_train = make_data(480)
x_test, y_test = make_data(96)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(3),
])
model.compile(optimizer=tf.keras.optimizers.Adam(0.01),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])

history = model.fit(x_train, y_train, batch_size=32, epochs=5, shuffle=False)
print("losses:", [round(v, 4) for v in history.history["loss"]])

loss, accuracy = model.evaluate(x_test, y_test, batch_size=32)
print(f"test loss {loss:.4f}  test accuracy {accuracy:.4f}")

logits = model.predict(x_test[:5])
probabilities = tf.nn.softmax(logits).numpy()
print("predicted classes:", np.argmax(probabilities, axis=1), "true:", y_test[:5])
print("probabilities of the first example:", np.round(probabilities[0], 4))

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "classifier.keras")
    model.save(path)
    restored = tf.keras.models.load_model(path)
    same = np.allclose(restored.predict(x_test, verbose=0), model.predict(x_test, verbose=0))
    print("restored:", type(restored).__name__, "with", len(restored.layers), "layers")
    print("restored model predicts the same:", same)
