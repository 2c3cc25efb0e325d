"""A traced tf.while_loop with maximum_iterations whose condition reads only a counter
(Keras's RNN loop) runs as a scan of exactly the iterations the condition allows
(ops/loop_trip_count.py), not a masked one: the same values, gradients and Variable
updates. Expected values are TF 2.21's (tensorflow-cpu 2.21.0, the same code)."""
import numpy as np
import pytest

import tfcompat as tf
from tfcompat.ops import control_flow_ops


@pytest.fixture
def trip_counts(monkeypatch):
    """The trip counts the loops traced in a test were given (None: masked)."""
    seen = []
    real = control_flow_ops.static_trip_count

    def spy(*args):
        seen.append(real(*args))
        return seen[-1]
    monkeypatch.setattr(control_flow_ops, "static_trip_count", spy)
    return seen


def _loop(start, stop, limit, by_value=False):
    v = tf.Variable(0.0)

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)

            def body(i, acc, ta):
                v.assign_add(1.0)
                return i + 1, acc * x + tf.cast(i, tf.float32), ta.write(i, acc)

            def cond(i, acc, ta):
                return acc < 20.0 if by_value else i < stop
            i, acc, ta = tf.while_loop(
                cond, body, (tf.constant(start), tf.constant(1.0),
                             tf.TensorArray(tf.float32, size=0, dynamic_size=True)),
                maximum_iterations=limit)
        return i, acc, tape.gradient(acc, x), ta.read(0)
    i, acc, g, first = f(tf.constant(1.5))
    return int(i), float(acc), float(g), float(v.numpy()), float(first)


@pytest.mark.parametrize("start, stop, limit, by_value, trips, expected", [
    (0, 3, 5, False, 3, (3, 6.875, 7.75, 3.0, 1.0)),        # the condition stops it
    (0, 10, 5, False, 5, (5, 23.96875, 41.0625, 5.0, 1.0)),  # maximum_iterations does
    (0, 5, 5, False, 5, (5, 23.96875, 41.0625, 5.0, 1.0)),
    (0, 3, 5, True, None, (5, 23.96875, 41.0625, 5.0, 1.0)),   # a computed condition:
    (0, 3, 12, True, None, (5, 23.96875, 41.0625, 5.0, 1.0)),  # masked
])
def test_counted_loops_run_their_iterations(trip_counts, start, stop, limit, by_value,
                                            trips, expected):
    assert _loop(start, stop, limit, by_value) == expected
    assert trip_counts == [trips]


def test_a_loop_the_condition_never_enters(trip_counts):
    @tf.function
    def f(x):
        return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x),
                             (tf.constant(4), tf.constant(2.0)), maximum_iterations=5)
    i, a = f(tf.constant(3.0))
    assert (int(i), float(a)) == (4, 2.0)
    assert trip_counts == [0]


def test_a_counter_from_an_argument_stays_masked(trip_counts):
    @tf.function
    def f(n):
        return tf.while_loop(lambda i: i < n, lambda i: i + 1, [tf.constant(0)],
                             maximum_iterations=10)
    assert int(f(tf.constant(4))[0]) == 4
    assert trip_counts == [None]


def test_the_unmasked_scan_computes_what_the_masked_one_does(trip_counts):
    """An RNN-like loop (TensorArray reads, whose bounds checks make the masked scan a
    conditional per iteration) and its gradients, bit for bit."""
    rng = np.random.default_rng(0)
    xs = tf.constant(rng.standard_normal((7, 4, 3)).astype(np.float32))
    w = tf.Variable(rng.standard_normal((3, 5)).astype(np.float32))
    u = tf.Variable(rng.standard_normal((5, 5)).astype(np.float32) * 0.3)

    def run():
        @tf.function
        def f(xs):
            with tf.GradientTape() as tape:
                inputs = tf.TensorArray(tf.float32, size=7).unstack(xs)

                def body(t, h):
                    return t + 1, tf.tanh(tf.matmul(inputs.read(t), w) + tf.matmul(h, u))
                _, h = tf.while_loop(lambda t, h: t < 7, body,
                                     (tf.constant(0), tf.zeros((4, 5))),
                                     maximum_iterations=7)
                loss = tf.reduce_sum(h * h)
            return [h] + tape.gradient(loss, [w, u])
        return [t.numpy() for t in f(xs)]
    fast = run()
    from tfcompat.ops import loop_trip_count
    saved, loop_trip_count._MAX_EVALS = loop_trip_count._MAX_EVALS, 0
    try:
        masked = run()
    finally:
        loop_trip_count._MAX_EVALS = saved
    assert trip_counts == [7, None]
    for a, b in zip(fast, masked):
        np.testing.assert_array_equal(a, b)
