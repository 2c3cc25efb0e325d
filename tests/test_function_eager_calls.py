"""A tf.function XLA cannot compile as one program (a loop over a dataset whose element
shapes vary: TF's graph loops over unknown shapes) runs its calls eagerly (golden:
data_in_function:loops_over_varying_shapes holds what matches TF; these are tfcompat's own
sides of it)."""
import logging

import numpy as np
import pytest

import tfcompat as tf


def _batches():
    return tf.data.Dataset.from_tensor_slices(
        (np.arange(10, dtype=np.float32), np.arange(10, dtype=np.float32) * 2)).batch(4)


def test_an_epoch_loop_runs_eagerly_and_its_step_compiles(caplog):
    w = tf.Variable(0.5)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((w * x - y) ** 2)
        w.assign_sub(0.01 * tape.gradient(loss, w))
        return loss

    @tf.function
    def epoch(ds):
        total = tf.constant(0.)
        for x, y in ds:
            total += step(x, y)
        return total

    expected_w, expected_total = 0.5, 0.
    for x, y in _batches().as_numpy_iterator():   # (the same steps, in numpy)
        expected_total += np.float32(np.mean((expected_w * x - y) ** 2))
        expected_w -= 0.01 * np.mean(2 * (expected_w * x - y) * x)
    batches = _batches()
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        total = epoch(batches)
    np.testing.assert_allclose(total.numpy(), expected_total, rtol=1e-5)
    np.testing.assert_allclose(w.numpy(), expected_w, rtol=1e-5)
    assert "the calls of the tf.function 'epoch' run eagerly" in caplog.text
    assert isinstance(total, tf.Tensor) and total.dtype == tf.float32
    # the step compiles once per batch shape (full batches, the last one)
    assert len(step._concrete_functions()) == 2
    assert epoch.experimental_get_tracing_count() == 1
    for x, y in _batches().as_numpy_iterator():   # (a second epoch)
        expected_w -= 0.01 * np.mean(2 * (expected_w * x - y) * x)
    epoch(batches)
    assert epoch.experimental_get_tracing_count() == 1
    np.testing.assert_allclose(w.numpy(), expected_w, rtol=1e-5)


def test_its_concrete_function_is_refused():
    @tf.function
    def count(ds):
        n = 0
        for _ in ds:
            n += 1
        return n

    assert int(count(_batches())) == 3
    with pytest.raises(TypeError, match="cannot trace the tf.function 'count' as one XLA "
                                        "program: tfcompat needs static element shapes"):
        count.get_concrete_function(_batches())


def test_a_function_with_static_batches_still_compiles():
    @tf.function
    def total(ds):
        s = tf.constant(0.)
        for x, _ in ds:
            s += tf.reduce_sum(x)
        return s

    ds = tf.data.Dataset.from_tensor_slices(
        (np.arange(8, dtype=np.float32), np.zeros(8, np.float32))).batch(4, drop_remainder=True)
    assert float(total(ds)) == 28.
    assert len(total._concrete_functions()) == 1


def _masked_sum(x, t):
    return tf.cond(t > 0, lambda: tf.reduce_sum(tf.boolean_mask(x, x > 1.)),
                   lambda: tf.reduce_sum(x))


def test_a_cond_branch_of_value_dependent_shape_is_left_out_of_the_program(caplog):
    # (golden value_shapes:cond_branch_of_value_dependent_shape holds TF's values)
    calls = []

    @tf.function
    def f(x, t):
        calls.append(1)   # (Python: runs when traced, and again in each eager rerun)
        if t > 1:   # (an AutoGraph if: the same)
            y = tf.size(tf.unique(tf.cast(x, tf.int32))[0])
        else:
            y = tf.size(x)
        return _masked_sum(x, t), y

    x = tf.constant([1., 2., 2.])
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        got = [[v.numpy().item() for v in f(x, tf.constant(t))] for t in (0, 1, 2, 0)]
    assert got == [[5., 3], [4., 3], [4., 2], [5., 3]]
    assert "run eagerly" not in caplog.text
    assert f.experimental_get_tracing_count() == 1
    assert len(calls) == 3   # (the trace, and the calls with t 1 and 2 rerun eagerly)
    c = f.get_concrete_function(tf.TensorSpec([3]), tf.TensorSpec([], tf.int32))
    assert [v.numpy().item() for v in c(x, tf.constant(2))] == [4., 2]


def test_a_function_that_prints_runs_its_calls_eagerly_instead(caplog):
    @tf.function
    def f(x, t):
        tf.print("t", t)
        return _masked_sum(x, t)

    with caplog.at_level(logging.INFO, logger="tensorflow"):
        assert f(tf.constant([1., 2., 3.]), tf.constant(0)).numpy() == 6.
    assert "the calls of the tf.function 'f' run eagerly" in caplog.text
    with pytest.raises(TypeError, match="prints or calls Python"):
        f.get_concrete_function(tf.TensorSpec([3]), tf.TensorSpec([], tf.int32))


def test_a_function_with_a_cond_branch_left_out_is_not_saved(tmp_path):
    module = tf.Module()
    module.f = tf.function(_masked_sum, input_signature=[tf.TensorSpec([3]),
                                                         tf.TensorSpec([], tf.int32)])
    assert module.f(tf.constant([1., 2., 3.]), tf.constant(1)).numpy() == 5.
    with pytest.raises(ValueError, match="a tf.cond in it has a branch that XLA cannot"):
        tf.saved_model.save(module, str(tmp_path))
