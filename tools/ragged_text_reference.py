"""TF 2.21's answers for tests/test_ragged_text.py (run with /tmp/tfref/bin/python)."""
import tensorflow as tf


def upto(x):
    return tf.range(x)


ds = tf.data.Dataset.range(4).map(upto).apply(tf.data.experimental.dense_to_ragged_batch(3))
print(ds.element_spec)
print([x.to_list() for x in ds])
ds = tf.data.Dataset.range(3).map(upto).apply(
    tf.data.experimental.dense_to_ragged_batch(2, drop_remainder=True,
                                               row_splits_dtype=tf.int32))
print(ds.element_spec)
print([x.to_list() for x in ds])
