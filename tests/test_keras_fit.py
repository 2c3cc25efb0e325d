"""Keras's own training loop (model.fit / evaluate / predict / train_on_batch, inside its
tf.function, with steps_per_execution, tf.data and generator inputs) on tfcompat (issue
14), and the tf.function semantics it needs: a tf.experimental.Optional returned from a
tf.function and carried through tf.while_loop, a gradient through a tensor a nested
tf.function captures, a Variable created under tf.init_scope during a trace.

The literals are TF 2.21's output of tools/keras_fit_reference.py (run under /tmp/tfref)."""
import importlib.util
import pathlib

import numpy as np
import pytest

import tfcompat as tf

REF_HISTORY = {"loss": [0.5187007188796997, 0.25819116830825806],
               "mae": [0.5549006462097168, 0.47508853673934937],
               "val_loss": [0.2097190022468567, 0.20935219526290894],
               "val_mae": [0.4284294843673706, 0.4236031770706177]}
REF_EVALUATE = [0.23445816338062286, 0.4567428529262543]
REF_PREDICT = [0.5978729724884033, 0.7358157634735107, 0.3925672769546509,
               0.5914766788482666]
REF_TRAIN_ON_BATCH = 0.2595953345298767
REF_FIT_DATASET = [0.4569043517112732, 0.24478892982006073]
REF_FIT_GENERATOR = [0.4569043517112732, 0.24478892982006073]
REF_OPTIONAL = (True, 6.0)
REF_CAPTURED_GRADIENT = 36.0
REF_INIT_SCOPE = (3.0, 3.0)


@pytest.fixture(scope="module")
def ref():
    assert tf.keras.Model is not None  # loads Keras on tfcompat
    path = pathlib.Path(__file__).resolve().parent.parent / "tools" / "keras_fit_reference.py"
    spec = importlib.util.spec_from_file_location("keras_fit_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check_history(history):
    assert sorted(history) == sorted(REF_HISTORY)
    for key, values in REF_HISTORY.items():
        np.testing.assert_allclose(history[key], values, rtol=1e-5)


@pytest.fixture(scope="module")
def fitted(ref):
    return ref.fit()


def test_fit_history_is_tfs(fitted):
    _check_history(fitted[1])


def test_evaluate_predict_train_on_batch_are_tfs(ref, fitted):
    model = fitted[0]
    x, y = ref.data()
    np.testing.assert_allclose(model.evaluate(x, y, verbose=0), REF_EVALUATE, rtol=1e-5)
    np.testing.assert_allclose(model.predict(x[:4], verbose=0)[:, 0], REF_PREDICT, rtol=1e-5)
    # (after evaluate and predict, as the reference runs them)
    loss = model.train_on_batch(x[:8], y[:8])[0]
    np.testing.assert_allclose(loss, REF_TRAIN_ON_BATCH, rtol=1e-5)
    # The weights stayed concrete (no traced values left behind).
    assert all(isinstance(v.numpy(), np.ndarray) for v in model.weights)


def test_fit_steps_per_execution(ref):
    # Keras's multi-step loop: a while_loop carrying Optionals inside its tf.function.
    _check_history(ref.fit(steps_per_execution=3)[1])


def test_fit_from_dataset_and_generator(ref):
    from_dataset, from_generator = ref.fit_dataset()
    np.testing.assert_allclose(from_dataset, REF_FIT_DATASET, rtol=1e-5)
    np.testing.assert_allclose(from_generator, REF_FIT_GENERATOR, rtol=1e-5)


def test_optional_returned_from_function_and_carried_by_while_loop(ref):
    assert ref.optional_function() == REF_OPTIONAL


def test_optional_output_rebuilt():
    @tf.function
    def f(x):
        return {"a": tf.experimental.Optional.from_value((x, x * 2.0)), "b": x + 1.0}
    out = f(tf.constant(3.0))
    assert isinstance(out["a"], tf.experimental.Optional)
    assert bool(out["a"].has_value())
    assert [float(t) for t in out["a"].get_value()] == [3.0, 6.0]
    assert float(out["b"]) == 4.0


def test_gradient_through_tensor_captured_by_nested_function(ref):
    assert ref.captured_gradient() == REF_CAPTURED_GRADIENT
    x = tf.Variable(9.0)   # eagerly too
    with tf.GradientTape() as tape:
        y = x * x
        z = tf.function(lambda: y * 2.0)()
    assert float(tape.gradient(z, x)) == REF_CAPTURED_GRADIENT


def test_init_scope_variable_assigned_in_trace(ref):
    assert ref.init_scope_variable() == REF_INIT_SCOPE
