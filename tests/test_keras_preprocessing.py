"""The TF APIs Keras's preprocessing layers and quantizers call (issue 14):
tf.quantization.fake_quant_with_min_max_args/_vars/_vars_per_channel and their gradient
ops, tf.sparse.cross/cross_hashed (HashedCrossing), tf.sparse.bincount (CategoryEncoding
and Discretization with sparse=True) and tf.sparse.reduce_max.
tests/data/keras_preprocessing_tf.json holds TF 2.21's output of
tools/keras_preprocessing_reference.py (values, dtypes, shapes, GradientTape gradients,
values in a tf.function, error classes and messages); the same script runs here on
tfcompat."""
import json
import pathlib

import numpy as np
import pytest

import reference_scripts
import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
TF = json.loads((ROOT / "tests" / "data" / "keras_preprocessing_tf.json").read_text())


@pytest.fixture(scope="module")
def reference():
    return reference_scripts.load("keras_preprocessing_reference")


@pytest.fixture(scope="module")
def values(reference):
    return reference.cases()


def _same(got, want, path):
    reference_scripts.assert_same(got, want, path, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("name", sorted(TF["values"]))
def test_values_and_gradients_are_tfs(values, name):
    _same(values[name], TF["values"][name], name)


def test_in_tf_function_as_tf(reference):
    _same(reference.in_function(), TF["function"]["run"], "run")


def test_errors_are_tfs(reference):
    got = reference.errors()
    for name, want in TF["errors"].items():
        assert got[name] == want, name


def test_hashed_crossing_layer_in_dataset_map():
    """Keras's HashedCrossing inside tf.data's map (a traced cross_hashed + to_dense)."""
    import keras
    layer = keras.layers.HashedCrossing(num_bins=10)
    ds = tf.data.Dataset.from_tensor_slices(
        (np.array([1, 2, 3, 4]), np.array([b"a", b"b", b"c", b"d"]))).batch(2).map(
        lambda a, b: layer((a, b)))
    got = np.concatenate([np.asarray(t) for t in ds])
    eager = np.asarray(layer((np.array([1, 2, 3, 4]), np.array([b"a", b"b", b"c", b"d"]))))
    np.testing.assert_array_equal(got, eager)
    assert got.tolist() == [5, 9, 3, 0]   # TF 2.21's output
