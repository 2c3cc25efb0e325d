"""tf.device places ops on a device JAX has, and falls back (soft placement) otherwise."""
import jax

import tfcompat as tf


def test_device_cpu_places_results_on_cpu():
    with tf.device("cpu"):
        t = tf.constant([1.0, 2.0]) * 2.0
    assert t._value.devices() == {jax.devices("cpu")[0]}
    assert t.numpy().tolist() == [2.0, 4.0]


def test_unknown_device_falls_back_to_default():
    with tf.device("/job:localhost/replica:0/task:0/device:GPU:7"):
        t = tf.constant(3.0) + 1.0
    assert float(t) == 4.0
