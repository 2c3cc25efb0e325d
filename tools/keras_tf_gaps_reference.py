"""Prints TF 2.21's answers that tests/test_keras_tf_gaps.py holds as literals; run under
the reference venv: /tmp/tfref/bin/python tools/keras_tf_gaps_reference.py"""
import glob
import os
import tempfile

import numpy as np
import tensorflow as tf

keras = tf.keras


def _model(units):
    return keras.Sequential([keras.Input(shape=(3,), batch_size=2), keras.layers.Dense(4),
                             keras.layers.Dense(units)])


def load_weights_mismatch():
    """A .keras file whose last Dense has 5 units loaded into one with 6."""
    path = os.path.join(tempfile.mkdtemp(), "m.keras")
    saved = _model(5)
    saved.save(path)
    new = _model(6)
    kept = new.layers[1].kernel.numpy()
    try:
        new.load_weights(path)
    except ValueError as e:
        print([line.split(" Target variable")[0] for line in str(e).splitlines()
               if "must match" in line])
    new.load_weights(path, skip_mismatch=True)
    print(np.array_equal(new.layers[0].kernel.numpy(), saved.layers[0].kernel.numpy()),
          np.array_equal(new.layers[1].kernel.numpy(), kept))


def tensorboard_callback():
    """The event files of fit(callbacks=[TensorBoard(d)]): (folder, records, has the model)."""
    d = tempfile.mkdtemp()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=1, verbose=0,
              callbacks=[keras.callbacks.TensorBoard(d)])
    found = []
    for path in sorted(glob.glob(os.path.join(d, "**", "events*"), recursive=True)):
        records = [r.numpy() for r in tf.data.TFRecordDataset(path)]
        found.append((os.path.relpath(path, d).split(os.sep)[0], len(records),
                      any(b"graph_keras_model" in r for r in records)))
    print(found)


if __name__ == "__main__":
    tensorboard_callback()
    load_weights_mismatch()
