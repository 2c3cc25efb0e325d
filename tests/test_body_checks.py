"""Run-time checks in the branches and loop bodies of a tf.function
(ops/control_flow_checks.py): what a failing check leaves behind (Variables, printed
text), gradients through a branch that asserts, nested functions, SavedModels, and the
loops whose bodies have no checks. TF 2.21's answers, where these tests name values,
were taken from /tmp/tfref (tests/golden/snippets_body_checks.py records the messages)."""
import sys

import numpy as np
import pytest

import tfcompat as tf


def _positive_then_double(v):
    def row(e):
        v.assign_add(1.0)
        tf.debugging.assert_positive(e)
        return e * 2.0
    return row


def test_map_fn_stops_at_the_failing_element():
    v = tf.Variable(0.0)
    row = _positive_then_double(v)

    @tf.function
    def m(x):
        return tf.map_fn(row, x)
    out = m(tf.constant([1.0, 2.0]))
    np.testing.assert_array_equal(out.numpy(), [2.0, 4.0])
    assert out.dtype == tf.float32 and out.shape == (2,)
    v.assign(0.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(map/while/TensorArray"
                       r"V2Read/TensorListGetItem:0\) = \] \[-2\]"):
        m(tf.constant([1.0, -2.0, 3.0, -4.0]))
    assert v.numpy() == 2.0   # (TF: the elements up to the failing one ran)


def test_while_loop_stops_at_the_failing_iteration(capfd):
    v = tf.Variable(0.0)

    def body(i):
        v.assign_add(1.0)
        tf.print("i", i, output_stream=sys.stdout)
        tf.debugging.assert_less(i, 3)
        return i + 1

    @tf.function
    def g(n):
        return tf.while_loop(lambda i: i < n, body, [0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(while/Placeholder:0\) "
                       r"= \] \[3\]"):
        g(tf.constant(100))   # (the loop stops: without the check it would run 100 times)
    assert v.numpy() == 4.0
    assert capfd.readouterr().out.split() == ["i", "0", "i", "1", "i", "2", "i", "3"]
    [r] = g(tf.constant(2))
    assert int(r) == 2 and v.numpy() == 6.0


def test_check_never_failing_while_loop_without_end_stops():
    @tf.function
    def g(x):
        def body(x):
            tf.debugging.assert_positive(x, message="went negative")
            return x - 1
        return tf.while_loop(lambda x: x != 0, body, [x])
    with pytest.raises(tf.errors.InvalidArgumentError, match="went negative"):
        g(tf.constant(-1))   # (a loop that never ends, stopped by its check)
    assert int(g(tf.constant(3))[0]) == 0


def test_masked_loop_prints_only_the_iterations_it_runs(capfd):
    @tf.function
    def g(n):
        return tf.while_loop(lambda i: i < n, lambda i: (
            tf.print("j", i, output_stream=sys.stdout), i + 1)[1], [0], maximum_iterations=5)
    assert int(g(tf.constant(2))[0]) == 2
    assert capfd.readouterr().out.split() == ["j", "0", "j", "1"]


def test_masked_loop_with_checks_differentiates():
    @tf.function
    def g(x):
        with tf.GradientTape() as t:
            t.watch(x)

            def body(i, y):
                tf.debugging.assert_less(y, 100.0, message="big")
                return i + 1, y * x
            _, y = tf.while_loop(lambda i, y: i < 3, body, [0, x], maximum_iterations=5)
        return y, t.gradient(y, x)
    y, dy = g(tf.constant(2.0))
    assert (y.numpy(), dy.numpy()) == (16.0, 32.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[216\]"):
        g(tf.constant(6.0))


def _safe_log(x):
    tf.debugging.assert_positive(x, message="log of non-positive")
    return tf.math.log(x)


@pytest.mark.parametrize("staged", [False, True])
def test_gradient_through_a_cond_that_asserts(staged):
    @tf.function
    def f(x, p):
        return tf.cond(p, lambda: _safe_log(x), lambda: x * x)

    def grad(x, p):
        x = tf.constant(x, tf.float64)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_sum(f(x, tf.constant(p)))
        return y, t.gradient(y, x)
    run = tf.function(grad) if staged else grad
    y, g = run([1.0, 2.0], True)
    assert y.dtype == tf.float64 and g.shape == (2,)
    np.testing.assert_array_equal(y.numpy(), np.log(2.0))
    np.testing.assert_array_equal(g.numpy(), [1.0, 0.5])
    y, g = run([-1.0, 2.0], False)   # (the branch that asserts is not taken)
    np.testing.assert_array_equal(g.numpy(), [-2.0, 4.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="log of non-positive"):
        run([-1.0, 2.0], True)


def test_tf_function_called_in_a_loop_body():
    @tf.function
    def inner(x):
        tf.debugging.assert_less(x, 3, message="inner")
        return x + 1

    @tf.function
    def outer(n):
        return tf.while_loop(lambda i: i < n, inner, [0])
    assert int(outer(tf.constant(3))[0]) == 3
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[inner\].*\[x \(x:0\) = \] "
                       r"\[3\]"):
        outer(tf.constant(5))


def test_saved_model_keeps_checks_in_loop_bodies(tmp_path):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def f(self, n):
            def body(i):
                tf.debugging.assert_less(i, 3, message="saved")
                return i + 1
            return tf.while_loop(lambda i: i < n, body, [0])
    tf.saved_model.save(M(), str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    assert int(loaded.f(tf.constant(2))[0]) == 2
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[saved\].*\[3\]"):
        loaded.f(tf.constant(5))


def test_checks_in_a_while_loop_cond():
    v = tf.Variable(0)

    def cond(i):
        tf.debugging.assert_less(i, 10, message="cond")
        return i < 3

    def body(i):
        v.assign_add(1)
        return i + v

    @tf.function
    def g(i0, m):
        return tf.while_loop(cond, body, [i0], maximum_iterations=m)
    for i0, m, out, count in [(0, 5, 3, 2), (2, 1, 3, 1), (2, 0, 2, 0)]:
        v.assign(0)
        [r] = g(tf.constant(i0), tf.constant(m))
        assert (int(r), int(v.numpy())) == (out, count)
    v.assign(0)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(while/Placeholder:0\) "
                       r"= \] \[50\]"):   # (before the first iteration)
        g(tf.constant(50), tf.constant(5))
    assert v.numpy() == 0
    v.assign(8)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[11\]"):   # (after one)
        g(tf.constant(2), tf.constant(5))
    assert v.numpy() == 9


def test_a_branch_not_taken_never_fails_even_on_bad_data():
    @tf.function
    def f(x):
        return tf.cond(tf.reduce_all(tf.math.is_finite(x)),
                       lambda: tf.debugging.check_numerics(x, "x") * 2.0,
                       lambda: tf.zeros_like(x))
    np.testing.assert_array_equal(f(tf.constant([1.0, np.nan])).numpy(), [0.0, 0.0])
    np.testing.assert_array_equal(f(tf.constant([1.0, 2.0])).numpy(), [2.0, 4.0])


def test_masked_loop_iterations_past_the_last_check_nothing():
    x = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def g(i):
        def body(k, acc):
            return k + 1, acc + tf.gather(x, i + k)   # (i + 2 is out of range)
        return tf.while_loop(lambda k, acc: k < 2, body, [0, 0.0], maximum_iterations=3)
    k, acc = g(tf.constant(1))
    assert (int(k), float(acc)) == (2, 5.0)
