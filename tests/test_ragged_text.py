"""tf.strings' ragged results and tf.data's ragged batching where the golden suite
(tests/golden/snippets_ragged_text.py) cannot check them: dense_to_ragged_batch (TF logs a
deprecation warning tfcompat does not), and tfcompat's documented TypeError for a split of
strings computed inside a tf.function (TF gives an unknown shape; XLA needs static ones).
Literals: TF 2.21's output of tools/ragged_text_reference.py."""
import pytest

import tfcompat as tf


def _upto(x):
    return tf.range(x)


def test_dense_to_ragged_batch():
    ds = tf.data.Dataset.range(4).map(_upto).apply(
        tf.data.experimental.dense_to_ragged_batch(3))
    assert repr(ds.element_spec) == \
        "RaggedTensorSpec(TensorShape([None, None]), tf.int64, 1, tf.int64)"
    assert [x.to_list() for x in ds] == [[[], [0], [0, 1]], [[0, 1, 2]]]
    ds = tf.data.Dataset.range(3).map(_upto).apply(tf.data.experimental.dense_to_ragged_batch(
        2, drop_remainder=True, row_splits_dtype=tf.int32))
    assert repr(ds.element_spec) == \
        "RaggedTensorSpec(TensorShape([2, None]), tf.int64, 1, tf.int32)"
    assert [x.to_list() for x in ds] == [[[], [0]]]


@pytest.mark.parametrize("api, call", [
    ("tf.strings.split", lambda x: tf.strings.split(x)),
    ("tf.strings.unicode_decode", lambda x: tf.strings.unicode_decode(x, "UTF-8")),
    ("tf.strings.unicode_split", lambda x: tf.strings.unicode_split(x, "UTF-8")),
    ("tf.strings.bytes_split", lambda x: tf.strings.bytes_split(x)),
])
def test_split_of_traced_strings(api, call):
    # (the calls run eagerly; no ConcreteFunction of a TensorSpec: golden value_shapes)
    fn = tf.function(call)
    assert fn(tf.constant(["a b", "c"])).to_list() == call(tf.constant(["a b", "c"])).to_list()
    with pytest.raises(TypeError, match=f"{api} is not supported on a tensor computed inside "
                                        "a tf.function"):
        fn.get_concrete_function(tf.TensorSpec([2], tf.string))


def test_split_of_constant_strings_in_function():
    @tf.function
    def f():
        return tf.strings.split(tf.constant([["a b", "c"]]))
    r = f()
    assert r.to_list() == [[[b"a", b"b"], [b"c"]]]
    assert r.shape.as_list() == [1, 2, None]
