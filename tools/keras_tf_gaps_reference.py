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


def shard_for_process(dataset, process_id):
    """Keras's ModelParallel.distribute_dataset in a (mocked) run of 2 processes and 4
    model replicas: what process `process_id` reads (compute_batch_size, rebatch, shard)."""
    from unittest import mock

    dl = keras.distribution
    mesh = dl.DeviceMesh((4, 2), ["data", "model"], [f"cpu:{i}" for i in range(8)])
    dist = dl.ModelParallel(layout_map=dl.LayoutMap(mesh), batch_dim_name="data")
    cls = type(dist)
    with (mock.patch.object(cls, "num_model_replicas", new_callable=mock.PropertyMock,
                            return_value=4),
          mock.patch.object(cls, "num_processes", new_callable=mock.PropertyMock,
                            return_value=2),
          mock.patch.object(dist, "_is_multi_process", True),
          mock.patch.object(dist, "_process_id", process_id)):
        return [a.tolist() for a in dist.distribute_dataset(dataset).as_numpy_iterator()]


def distribute_dataset():
    """What each process reads of range(20).batch(8)."""
    print([shard_for_process(tf.data.Dataset.range(20).batch(8), i) for i in range(2)])


if __name__ == "__main__":
    tensorboard_callback()
    load_weights_mismatch()
    distribute_dataset()
