"""Prints the reference values of tests/test_keras_saving.py: run it under real TF 2.21 +
keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_saving_reference.py``) and under tfcompat
(``python -m tfcompat tools/keras_saving_reference.py``); the tests hold TF's output as
literals.

A Sequential 3-4-BatchNorm-2 model and an Adam optimizer after one GradientTape step, saved
with tf.train.Checkpoint(model=, optimizer=): the checkpoint's keys and shapes
(tf.train.list_variables); the keys of a functional and of a subclassed model (whose plain
list of layers TF does not track); and the error of restoring a corrupted data file.

``--write DIR`` also writes TF's checkpoint of the trained model and optimizer to
DIR/tf_ckpt (tests/data/keras_tf_checkpoint holds it: tfcompat restores TF's files)."""
import os
import sys
import tempfile

import numpy as np
import tensorflow as tf

keras = tf.keras


def build():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                             keras.layers.BatchNormalization(), keras.layers.Dense(2)])


def train_step(model, opt):
    x = np.arange(12, dtype="float32").reshape(4, 3) / 10
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(x, training=True) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = keras.layers.Dense(2)
        self.bs = [keras.layers.Dense(1)]

    def call(self, x):
        return self.bs[0](self.a(x))


def main():
    d = tempfile.mkdtemp()
    model, opt = build(), keras.optimizers.Adam(0.01)
    train_step(model, opt)
    path = tf.train.Checkpoint(model=model, optimizer=opt).save(os.path.join(d, "ck"))
    print("sequential_adam", [(n, s) for n, s in tf.train.list_variables(path)])
    inp = keras.Input((3,))
    functional = keras.Model(inp, keras.layers.Dense(2)(inp))
    path = tf.train.Checkpoint(model=functional).write(os.path.join(d, "f"))
    print("functional", [(n, s) for n, s in tf.train.list_variables(path)])
    sub = Sub()
    sub(np.zeros((1, 3), "float32"))
    path = tf.train.Checkpoint(model=sub).write(os.path.join(d, "s"))
    print("subclassed", [(n, s) for n, s in tf.train.list_variables(path)])
    if "--write" in sys.argv:
        out = sys.argv[sys.argv.index("--write") + 1]
        tf.train.Checkpoint(model=model, optimizer=opt).write(os.path.join(out, "tf_ckpt"))
    print("trained_kernel0_row0", [float(v) for v in model.layers[0].kernel.numpy()[0]])
    print("trained_moving_mean", [float(v) for v in model.layers[1].moving_mean.numpy()])
    print("adam_m0_row0", [float(v) for v in opt.variables[2].numpy()[0]])
    data = path + ".data-00000-of-00001"
    with open(data, "r+b") as f:
        f.seek(0)
        f.write(b"\xff" * 8)
    try:
        tf.train.Checkpoint(model=sub).read(path)
        print("corrupt", "no error")
    except Exception as e:  # noqa: BLE001 - the class is what is printed
        print("corrupt", type(e).__name__, str(e)[:200])


if __name__ == "__main__":
    main()
