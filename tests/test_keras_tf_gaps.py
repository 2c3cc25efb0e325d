"""Keras 3.15.1 behaviour that rests on TF internals tfcompat got wrong (issue #14):
the TensorBoard callback's model graph (written with tf.compat.v1.SummaryMetadata), and
``load_weights(skip_mismatch=...)`` of a .keras file whose layer shapes differ. Keras's
saving walks a layer's attributes, skipping ``_self_unconditional_dependency_names``;
tfcompat kept a layer's Trackable dependencies under another attribute name, so Keras
visited each layer again through it and reported a different error.

The literals are TF 2.21's output of tools/keras_tf_gaps_reference.py (run under
/tmp/tfref)."""
import glob
import os
import pathlib
import sys

import numpy as np

import tfcompat as tf

TF_MISMATCH = ["The shape of the target variable and the shape of the target value in "
               "`variable.assign(value)` must match. variable.shape=(4, 6), Received: "
               "value.shape=(4, 5)."]


# the event files of fit(callbacks=[TensorBoard(d)]): (folder, records, has the model)
TF_TENSORBOARD = [("train", 4, True)]

# what each of 2 (mocked) processes reads of range(20).batch(8) through Keras's
# ModelParallel.distribute_dataset (compute_batch_size, Dataset.rebatch, shard)
TF_PROCESS_SHARDS = [[[0, 1, 2, 3], [8, 9, 10, 11], [16, 17, 18, 19]],
                     [[4, 5, 6, 7], [12, 13, 14, 15]]]


def test_tensorboard_callback_writes_model(tmp_path):
    keras = tf.keras
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=1, verbose=0,
              callbacks=[keras.callbacks.TensorBoard(str(tmp_path))])
    found = []
    for path in sorted(glob.glob(os.path.join(tmp_path, "**", "events*"), recursive=True)):
        records = [r.numpy() for r in tf.data.TFRecordDataset(path)]
        found.append((os.path.relpath(path, tmp_path).split(os.sep)[0], len(records),
                      any(b"graph_keras_model" in r for r in records)))
    assert found == TF_TENSORBOARD


def _model(units):
    keras = tf.keras
    return keras.Sequential([keras.Input(shape=(3,), batch_size=2), keras.layers.Dense(4),
                             keras.layers.Dense(units)])


def test_load_weights_shape_mismatch(tmp_path):
    path = os.path.join(tmp_path, "m.keras")
    saved = _model(5)
    saved.save(path)
    new = _model(6)
    kept = new.layers[1].kernel.numpy()
    try:
        new.load_weights(path)
        lines = None
    except ValueError as e:
        lines = [line.split(" Target variable")[0] for line in str(e).splitlines()
                 if "must match" in line]
    assert lines == TF_MISMATCH
    new.load_weights(path, skip_mismatch=True)
    assert np.array_equal(new.layers[0].kernel.numpy(), saved.layers[0].kernel.numpy())
    assert np.array_equal(new.layers[1].kernel.numpy(), kept)


def test_distribute_dataset_shards_per_process():
    # the reference script's own function, its `import tensorflow` given tfcompat
    tf.register_as_tensorflow()
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
    import keras_tf_gaps_reference as reference
    got = [reference.shard_for_process(tf.data.Dataset.range(20).batch(8), i)
           for i in range(2)]
    assert got == TF_PROCESS_SHARDS
