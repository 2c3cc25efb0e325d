"""Keras ops on tf.RaggedTensor under real TF 2.21 (run with /tmp/tfref/bin/python): the
literals of tests/test_keras_ragged.py."""
import keras
import tensorflow as tf
from keras import ops


def main():
    x = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    print("shape", ops.shape(x))
    print("dense", ops.convert_to_tensor(x, ragged=False).numpy().tolist())
    print("numpy", ops.convert_to_numpy(x).tolist())
    print("ragged", isinstance(ops.convert_to_tensor(x, ragged=True), tf.RaggedTensor))
    x2 = tf.RaggedTensor.from_row_lengths(tf.zeros([15, 2]), [4, 5, 6])
    print("shape2", ops.shape(x2))
    print("is_tensor", ops.is_tensor(x))
    print("keras", keras.__version__)


if __name__ == "__main__":
    main()
