"""Keras's layers on tf.lookup tables (issue 17): StringLookup, IntegerLookup,
TextVectorization (split=None) and Hashing, eagerly, in a tf.function and in tf.data's
map. tests/data/keras_lookup_tf.json holds TF 2.21's output of
tools/keras_lookup_reference.py; the same script runs here on tfcompat. Also what the
golden suite (tests/golden/snippets_lookup.py) cannot show: tfcompat's own limits."""
import json
import pathlib

import numpy as np
import pytest

import reference_scripts
import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
TF = json.loads((ROOT / "tests" / "data" / "keras_lookup_tf.json").read_text())


@pytest.fixture(scope="module")
def reference():
    return reference_scripts.load("keras_lookup_reference")


def _same(got, want, path):
    reference_scripts.assert_same(got, want, path, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("part", ["string_layers", "integer_layers", "text_and_hashing",
                                  "in_function", "errors"])
def test_layers_as_tf(reference, part):
    key = {"string_layers": "string", "integer_layers": "integer",
           "text_and_hashing": "text", "in_function": "function", "errors": "errors"}[part]
    got = json.loads(json.dumps(getattr(reference, part)()))
    for name, want in TF[key].items():
        _same(got[name], want, f"{key}.{name}")


def test_export_inside_function_is_refused():
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    table.insert(["a"], tf.constant([1], tf.int64))

    @tf.function
    def export():
        return table.export()
    with pytest.raises(TypeError, match="LookupTableExportV2"):
        export()


def test_inserts_in_a_function_run_each_call_in_order():
    table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, 0)

    @tf.function
    def bump(keys):
        table.insert(keys, table.lookup(keys) + 1)
        return table.lookup(keys)
    for n in range(1, 4):
        np.testing.assert_array_equal(bump(tf.constant([5, 6], tf.int64)).numpy(), [n, n])
    assert int(table.size()) == 2


def test_assert_in_function_fails_with_tfs_graph_error():
    @tf.function
    def positive(x):
        check = tf.Assert(tf.reduce_all(x > 0), ["bad", x])
        with tf.control_dependencies([check]):
            return tf.identity(x)
    np.testing.assert_array_equal(positive(tf.constant([1, 2])).numpy(), [1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"assertion failed: \[bad\] \[1 -1\]"):
        positive(tf.constant([1, -1]))


def test_static_numeric_table_vectorizes():
    """A static numeric table's lookup is JAX (a binary search), so tf.vectorized_map
    takes it (TF's output)."""
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([1, 2, 3], tf.int64), tf.constant([10.0, 20.0, 30.0])), -1.0)

    def one(x):
        return table.lookup(x)
    got = tf.vectorized_map(one, tf.constant([[1, 2], [3, 9]], tf.int64))
    np.testing.assert_array_equal(got.numpy(), [[10.0, 20.0], [30.0, -1.0]])


def test_tables_restore_tfs_checkpoint(reference):
    """tests/data/lookup_tf_checkpoint holds TF's checkpoint of two filled tables
    (tools/keras_lookup_reference.py --checkpoint): restored here as TF restores it."""
    words, dense = reference.tables()
    prefix = str(ROOT / "tests" / "data" / "lookup_tf_checkpoint" / "tables")
    tf.train.Checkpoint(words=words, dense=dense).read(prefix).assert_consumed()
    got = words.lookup(tf.constant(["fire", "water", "earth", "air"]))
    assert got.numpy().tolist() == [3, 1, 2, -1]   # TF 2.21's outputs
    got = dense.lookup(tf.constant([7, 11, 2, 3], tf.int64))
    assert got.numpy().tolist() == [[1.0, 2.0], [0.0, 0.0], [5.0, 6.0], [0.0, 0.0]]
    assert int(dense.size()) == 2
    assert dense.export()[0].numpy().ravel().tolist() == [-2, -1, 2, 7]


def test_tables_written_here_hold_tfs_layout(reference, tmp_path):
    """The same tables filled here and saved: the checkpoint holds TF's tensors."""
    prefix = reference.write_checkpoint(str(tmp_path / "tables"))
    mine = tf.train.load_checkpoint(prefix)
    theirs = tf.train.load_checkpoint(str(ROOT / "tests" / "data" / "lookup_tf_checkpoint" /
                                          "tables"))
    names = sorted(tf.train.list_variables(prefix))
    assert names == sorted(tf.train.list_variables(
        str(ROOT / "tests" / "data" / "lookup_tf_checkpoint" / "tables")))
    for name, _ in names:
        if name == "_CHECKPOINTABLE_OBJECT_GRAPH":
            continue
        a, b = mine.get_tensor(name), theirs.get_tensor(name)
        if name.startswith("words/"):   # (a hash table's order is its own)
            a, b = sorted(a.tolist()), sorted(b.tolist())
        np.testing.assert_array_equal(a, b, err_msg=name)


def test_unique_of_strings():
    """tf.unique_with_counts of tf.string (Keras's adapt counts tokens with it): eagerly as
    TF's; inside a tf.function its output shape depends on the values: the calls run
    eagerly, and a ConcreteFunction of a TensorSpec cannot be made (TypeError)."""
    y, idx, count = tf.unique_with_counts(tf.constant(["b", "a", "b"]), out_idx=tf.int64)
    assert y.numpy().tolist() == [b"b", b"a"]
    assert idx.numpy().tolist() == [0, 1, 0] and count.numpy().tolist() == [2, 1]

    @tf.function
    def unique(x):
        return tf.unique(tf.strings.lower(x))
    y, idx = unique(tf.constant(["A", "a", "B"]))
    assert y.numpy().tolist() == [b"a", b"b"] and idx.numpy().tolist() == [0, 0, 1]
    with pytest.raises(TypeError, match="tf.unique is not supported on a tensor computed"):
        unique.get_concrete_function(tf.TensorSpec([None], tf.string))
