"""Keras's TF backend on tf.RaggedTensor (issue 17): keras.ops.shape, convert_to_tensor and
convert_to_numpy of ragged tensors. Literals: TF 2.21's output of
tools/ragged_keras_reference.py."""
import pytest

import tfcompat as tf

REF_DENSE = [[3, 1, 4, 1], [0, 0, 0, 0], [5, 9, 2, 0], [6, 0, 0, 0], [0, 0, 0, 0]]


@pytest.fixture(scope="module")
def ops():
    assert tf.keras.Model is not None  # loads Keras on tfcompat
    from keras import ops
    return ops


def test_keras_ops_on_ragged(ops):
    x = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    assert ops.shape(x) == (5, None)
    assert ops.convert_to_tensor(x, ragged=False).numpy().tolist() == REF_DENSE
    assert ops.convert_to_numpy(x).tolist() == REF_DENSE
    assert isinstance(ops.convert_to_tensor(x, ragged=True), tf.RaggedTensor)
    assert ops.is_tensor(x)
    x2 = tf.RaggedTensor.from_row_lengths(tf.zeros([15, 2]), [4, 5, 6])
    assert ops.shape(x2) == (3, None, 2)
