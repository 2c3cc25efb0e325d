"""The steady-state call path of tf.function (issue 14: a Keras fit/evaluate/predict step):
what a repeated call does besides running its program, and what a Keras-style RNN loop
compiles to. The values these calls give are TF's (tests/golden/snippets_steady_calls.py);
these tests check the work done: no jax.device_get per call on the host, no per-call
flattening of an Optional result, and a TensorArray filled by `unstack` inside a trace
read in a loop as one buffer (not restacked from its rows at every iteration, with one
gradient carry per row)."""
import jax
import numpy as np
import pytest

import tfcompat as tf
from tfcompat.data import optional_ops


def test_deferred_checks_read_host_arrays_in_place(monkeypatch):
    params = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function
    def pick(i):
        return tf.gather(params, i) * 2.0

    assert pick.get_concrete_function(tf.TensorSpec([2], tf.int32))._deferred

    def no_device_get(x):
        raise AssertionError("jax.device_get called on a host-only machine")
    monkeypatch.setattr(jax, "device_get", no_device_get)
    for _ in range(3):
        np.testing.assert_array_equal(pick(tf.constant([2, 0])).numpy(),
                                      [[10.0, 12.0], [2.0, 4.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = 3 is not in "
                       r"\[0, 3\)"):
        pick(tf.constant([2, 3]))



def test_deferred_check_with_a_device_test_runs_on_the_host_only_when_it_fails(monkeypatch):
    """A label check of sparse_softmax_cross_entropy_with_logits (Keras's loss) is
    deferred with its device-side test: a call whose labels are in range reads one flag
    and runs no NumPy check; one out of range raises TF's error."""
    from tfcompat.ops import loss_ops
    ran = []
    label_error = loss_ops._label_error
    monkeypatch.setattr(loss_ops, "_label_error",
                        lambda *a: ran.append(1) or label_error(*a))

    @tf.function
    def loss(labels, logits):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)

    logits = tf.constant([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]])
    for _ in range(3):
        np.testing.assert_allclose(loss(tf.constant([2, 0]), logits).numpy(),
                                   [0.40760595, 1.0986123], rtol=1e-6)
    assert ran == []
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Received a label value of 3 "
                       r"which is outside the valid range of \[0, 3\)\.  Label values: 2 3"):
        loss(tf.constant([2, 3]), logits)
    assert ran == [1]

def test_optional_result_is_packed_without_flattening_it_again(monkeypatch):
    @tf.function
    def f(x):
        return tf.experimental.Optional.from_value({"a": x * 2.0, "b": (x + 1.0,)})

    f(tf.constant([1.0, 2.0]))   # (traced)
    calls = []
    carry = optional_ops._OptionalImpl._carry
    monkeypatch.setattr(optional_ops._OptionalImpl, "_carry",
                        lambda self: calls.append(1) or carry(self))
    for k in range(3):
        value = f(tf.constant([1.0, 2.0]) + k).get_value()
        np.testing.assert_array_equal(value["a"].numpy(), [2.0 + 2 * k, 4.0 + 2 * k])
        np.testing.assert_array_equal(value["b"][0].numpy(), [2.0 + k, 3.0 + k])
    assert calls == []


def _scans(jaxpr, found):
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "scan":
            found.append(eqn)
        for p in eqn.params.values():
            for q in p if isinstance(p, (tuple, list)) else (p,):
                if hasattr(q, "jaxpr") and hasattr(q, "consts"):
                    _scans(q.jaxpr, found)
                elif type(q).__name__ == "Jaxpr":
                    _scans(q, found)
    return found


def _primitives(jaxpr, found):
    for eqn in jaxpr.eqns:
        found.add(eqn.primitive.name)
        for p in eqn.params.values():
            for q in p if isinstance(p, (tuple, list)) else (p,):
                if hasattr(q, "jaxpr") and hasattr(q, "consts"):
                    _primitives(q.jaxpr, found)
                elif type(q).__name__ == "Jaxpr":
                    _primitives(q, found)
    return found


def test_unstacked_tensor_array_is_one_buffer_in_a_loop():
    steps = 12
    w = tf.Variable(np.linspace(-0.5, 0.7, 12, dtype=np.float32).reshape(3, 4))

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            xt = tf.transpose(x, [1, 0, 2])
            inputs = tf.TensorArray(tf.float32, size=steps).unstack(xt)

            def body(t, h):
                return t + 1, tf.tanh(tf.matmul(inputs.read(t), w) + h)

            _, h = tf.while_loop(lambda t, h: t < steps, body,
                                 (tf.constant(0), tf.zeros([2, 4])), maximum_iterations=steps)
            loss = tf.reduce_sum(h * h)
        return loss, tape.gradient(loss, w)

    x = tf.constant(np.linspace(-1.0, 1.0, 2 * steps * 3, dtype=np.float32)
                    .reshape(2, steps, 3))
    loss, grad = step(x)
    # (the same computation unrolled eagerly)
    with tf.GradientTape() as tape:
        h = tf.zeros([2, 4])
        for t in range(steps):
            h = tf.tanh(tf.matmul(x[:, t], w) + h)
        eager_loss = tf.reduce_sum(h * h)
    np.testing.assert_allclose(loss.numpy(), eager_loss.numpy(), rtol=1e-5)
    np.testing.assert_allclose(grad.numpy(), tape.gradient(eager_loss, w).numpy(), rtol=1e-4,
                               atol=1e-6)
    jaxpr = step.get_concrete_function(x)._run_jaxpr
    scans = _scans(jaxpr, [])
    assert scans
    for eqn in scans:   # (not one carry or constant per row of the array)
        assert eqn.params["num_carry"] < steps and eqn.params["num_consts"] < 2 * steps
        body = _primitives(eqn.params["jaxpr"].jaxpr, set())
        assert not {"concatenate", "stack"} & body, body
