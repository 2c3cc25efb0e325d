"""Prints the reference values of tests/test_keras_models.py: run it under real TF 2.21 +
keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_reference.py``) and under tfcompat
(``python -m tfcompat tools/keras_reference.py``); the tests hold TF's output as literals.

A 4-8-3 MLP built with a fixed seed: its initial weights, its outputs, and a custom
GradientTape training loop (3 SGD steps, eagerly and under tf.function) over
model.trainable_variables."""
import numpy as np
import tensorflow as tf

keras = tf.keras


def build():
    keras.utils.set_random_seed(1234)
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                             keras.layers.Dense(3)])


def data():
    rs = np.random.RandomState(0)
    return rs.randn(6, 4).astype("float32"), (np.arange(6) % 3).astype("int32")


def train(use_function):
    model = build()
    x, y = data()
    opt = keras.optimizers.SGD(0.1)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step():
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss
    if use_function:
        step = tf.function(step)
    losses = [float(step()) for _ in range(3)]
    return losses, model


def main():
    np.set_printoptions(precision=7, suppress=False)
    model = build()
    x, _ = data()
    w = model.get_weights()
    print("kernel0_row0", [float(v) for v in w[0][0]])
    print("kernel1_col0", [float(v) for v in w[2][:, 0]])
    print("outputs_row0", [float(v) for v in model(x)[0].numpy()])
    for use_function in (False, True):
        losses, trained = train(use_function)
        print("losses", use_function, losses)
        print("bias0", use_function, [float(v) for v in trained.get_weights()[1]])


if __name__ == "__main__":
    main()
