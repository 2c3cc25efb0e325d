"""tf.function traces that read the values of small integer and boolean arguments where an
op needs a constant (tf.range(n), tf.zeros([n]), tf.split sizes): one trace per value,
where TF's one trace takes them at run time (golden: ops_in_function:values_of_arguments
holds what matches TF; these are tfcompat's own limits of it)."""
import logging

import numpy as np
import pytest

import tfcompat as tf


def test_a_trace_is_keyed_by_the_values_it_read_only():
    @tf.function
    def f(x, n):
        return tf.zeros([n]) + tf.cast(tf.reduce_sum(x), tf.float32)

    for x, n in (([1, 2], 2), ([5, 6], 2), ([1, 2], 3), ([7, 7], 3)):
        out = f(tf.constant(x), tf.constant(n))
        np.testing.assert_array_equal(out.numpy(), np.full([n], sum(x), np.float32))
    # (x is computed with, never read: one program per value of n)
    assert len(f._concrete_functions()) == 2
    assert f.experimental_get_tracing_count() == 1


def test_a_concrete_function_refuses_other_values():
    f = tf.function(lambda n: tf.range(n))
    concrete = f.get_concrete_function(tf.constant(3))
    np.testing.assert_array_equal(concrete(tf.constant(3)).numpy(), [0, 1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="traced for the value 3 of "
                                                             "input #0"):
        concrete(tf.constant(4))
    with pytest.raises(tf.errors.InvalidArgumentError, match="traced for the value 3"):
        concrete.inference_fn(tf.constant(5))


def test_values_unknown_when_traced_run_eagerly():
    # (the calls run eagerly, with TF's values; a ConcreteFunction of specs cannot be made)
    computed = tf.function(lambda x: tf.range(tf.cast(tf.reduce_sum(x), tf.int32)))
    assert computed(tf.ones([3])).numpy().tolist() == [0, 1, 2]
    with pytest.raises(TypeError, match="tf.range is not supported on a tensor computed "
                                        "inside a tf.function"):
        computed.get_concrete_function(tf.TensorSpec([3]))
    spec = tf.function(lambda n: tf.zeros([n]))
    with pytest.raises(TypeError, match="the shape argument of tf.zeros must be known"):
        spec.get_concrete_function(tf.TensorSpec([], tf.int32))
    big = tf.function(lambda m: tf.boolean_mask(tf.range(5000), m))   # (too large to be read)
    assert big(tf.ones([5000], tf.bool)).shape == [5000]


def test_save_leaves_out_traces_for_values(tmp_path, caplog):
    module = tf.Module()
    module.f = tf.function(lambda n: tf.ones([n]))
    module.g = tf.function(lambda x: x * 2)
    module.f(tf.constant(3))
    module.g(tf.constant(3))
    with caplog.at_level(logging.WARNING):
        tf.saved_model.save(module, str(tmp_path))
    assert "a trace of the tf.function '<lambda>' is not saved: it was traced for the " \
        "values of its arguments" in caplog.text
    loaded = tf.saved_model.load(str(tmp_path))
    assert int(loaded.g(tf.constant(3))) == 6
    with pytest.raises(ValueError, match="Found zero restored functions"):
        loaded.f(tf.constant(3))


def test_gradients_through_a_trace_for_values():
    @tf.function
    def f(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.tile(x, [n]) ** 2)
        return tape.gradient(y, x)

    np.testing.assert_array_equal(f(tf.constant([1., 2.]), tf.constant(3)).numpy(), [6., 12.])
    np.testing.assert_array_equal(f(tf.constant([1., 2.]), tf.constant(1)).numpy(), [2., 4.])
