"""tfcompat's own behaviour of tf.train.Example and tf.io.parse_*example where it differs
from TF on purpose (TF's answers are in tests/golden/snippets_example.py): map order,
and the features whose shapes depend on values inside a tf.function."""
import pytest

import tfcompat as tf


def _example(**features):
    return tf.train.Example(features=tf.train.Features(feature={
        k: tf.train.Feature(int64_list=tf.train.Int64List(value=v))
        for k, v in features.items()}))


def test_map_serializes_in_insertion_order_or_sorted_when_deterministic():
    # TF's upb map order is random per process; here it is the insertion order. TF's
    # SerializeToString(deterministic=True) of this Example (sorted keys):
    a_first = bytes.fromhex("0a180a0a0a016112051a030a01020a0a0a016212051a030a0101")
    b_first = bytes.fromhex("0a180a0a0a016212051a030a01010a0a0a016112051a030a0102")
    ex = _example(b=[1], a=[2])
    assert ex.SerializeToString() == b_first
    assert ex.SerializeToString(deterministic=True) == a_first
    assert list(ex.features.feature) == ["b", "a"]
    assert tf.train.Example.FromString(a_first) == ex


@pytest.mark.parametrize("spec", [
    {"a": tf.io.VarLenFeature(tf.int64)},
    {"a": tf.io.RaggedFeature(tf.int64)},
    {"a": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)},
])
def test_value_shaped_features_in_a_function_name_the_api(spec):
    # (its calls run eagerly: golden value_shapes:parsing_in_function)
    @tf.function
    def parse(s):
        return tf.io.parse_single_example(s, spec)

    with pytest.raises(TypeError, match="tf.io.parse_single_example is not supported on a "
                                        "tensor computed inside a tf.function"):
        parse.get_concrete_function(tf.TensorSpec([], tf.string))


def test_fixed_len_features_parse_in_a_function():
    @tf.function
    def parse(s):
        return tf.io.parse_example(s, {"a": tf.io.FixedLenFeature([2], tf.int64)})["a"]

    s = [_example(a=[1, 2]).SerializeToString(), _example(a=[3, 4]).SerializeToString()]
    assert parse(tf.constant(s)).numpy().tolist() == [[1, 2], [3, 4]]


def test_sequence_example_in_a_function_names_the_api():
    @tf.function
    def parse(s):
        return tf.io.parse_single_sequence_example(
            s, sequence_features={"a": tf.io.VarLenFeature(tf.int64)})

    with pytest.raises(TypeError, match="tf.io.parse_single_sequence_example is not supported"):
        parse.get_concrete_function(tf.TensorSpec([], tf.string))


def test_ragged_feature_partitions_are_not_supported():
    f = tf.io.RaggedFeature(tf.int64, partitions=[tf.io.RaggedFeature.RowLengths("l")])
    with pytest.raises(NotImplementedError, match="RaggedFeature with `partitions`"):
        tf.io.parse_example([_example(a=[1]).SerializeToString()], {"a": f})


def _records(tmp_path, counts):
    path = str(tmp_path / "x.tfrecord")
    with tf.io.TFRecordWriter(path) as w:
        for n in counts:
            w.write(_example(a=list(range(n)), b=[n]).SerializeToString())
    return path


_VARLEN = {"a": tf.io.VarLenFeature(tf.int64), "b": tf.io.FixedLenFeature([], tf.int64)}


def test_sparse_tensor_elements(tmp_path):
    # TF 2.21's answers (its element_spec and each element's indices, values, dense_shape
    # and b for this map).
    ds = tf.data.TFRecordDataset(_records(tmp_path, [1, 2]))
    ds = ds.map(lambda r: tf.io.parse_single_example(r, _VARLEN))
    assert ds.element_spec == {"a": tf.SparseTensorSpec([None], tf.int64),
                               "b": tf.TensorSpec([], tf.int64)}
    assert [(e["a"].indices.numpy().tolist(), e["a"].values.numpy().tolist(),
             e["a"].dense_shape.numpy().tolist(), int(e["b"])) for e in ds] == [
        ([[0]], [0], [1], 1), ([[0], [1]], [0, 1], [2], 2)]


def test_varlen_parse_in_map_spec_and_values_and_no_leaked_probe(tmp_path):
    from tfcompat.ops.spec_probes import probe_size
    ds = tf.data.TFRecordDataset(_records(tmp_path, [0, 3, 1])).map(
        lambda r: tf.sparse.to_dense(tf.io.parse_single_example(r, _VARLEN)["a"]),
        num_parallel_calls=2)
    assert probe_size() is None
    assert ds.element_spec == tf.TensorSpec([None], tf.int64)
    assert [e.numpy().tolist() for e in ds] == [[], [0, 1, 2], [0]]


def test_batch_size_known_through_a_value_stays_known(tmp_path):
    # Deliberate difference: TF gives TensorSpec(shape=(None, None)) for the to_dense
    # of a batch(2, drop_remainder=True)'s VarLenFeature (its static shape inference
    # loses the batch size through dense_shape's value); here the probe keeps it.
    ds = tf.data.TFRecordDataset(_records(tmp_path, [0, 3])).batch(2, drop_remainder=True)
    ds = ds.map(lambda b: tf.sparse.to_dense(tf.io.parse_example(b, _VARLEN)["a"]))
    assert ds.element_spec == tf.TensorSpec([2, None], tf.int64)
    assert [e.numpy().tolist() for e in ds] == [[[0, 0, 0], [0, 1, 2]]]
