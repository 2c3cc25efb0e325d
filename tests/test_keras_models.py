"""tf.keras is Keras 3.15.1 on its TensorFlow backend, running on tfcompat (issue 14).

The literals are TF 2.21's output of tools/keras_reference.py (run under /tmp/tfref, see
that script): initial weights come out bit for bit (tfcompat's Philox streams are TF's),
losses and trained weights to float32 rounding."""
import numpy as np
import pytest

import tfcompat as tf

REF_KERNEL0_ROW0 = [0.14243966341018677, 0.49944430589675903, 0.05100226402282715,
                    -0.5060561895370483, 0.07184100151062012, 0.5606676936149597,
                    0.5311954617500305, 0.6505914330482483]
REF_KERNEL1_COL0 = [0.6230912804603577, 0.6620225310325623, 0.31124407052993774,
                    0.08818525075912476, 0.26984554529190063, 0.7272897362709045,
                    0.3539913296699524, 0.4006522297859192]
REF_OUTPUTS_ROW0 = [4.325033187866211, -3.2600209712982178, -0.9743841290473938]
REF_LOSSES = [1.4000085592269897, 1.2132176160812378, 1.0792744159698486]
REF_BIAS0 = [-0.012030480429530144, -0.037894584238529205, 0.001236050738953054,
             0.0014152018120512366, 0.013344183564186096, -0.08558358252048492,
             -0.03067249432206154, -0.10215042531490326]


@pytest.fixture(scope="module")
def keras():
    assert tf.keras.Model is not None  # the first access loads Keras (TF's KerasLazyLoader)
    return tf.keras


def _reference():
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "tools" / "keras_reference.py"
    spec = importlib.util.spec_from_file_location("keras_reference", path)
    tf.register_as_tensorflow()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tf_keras_is_keras(keras):
    import keras as real
    assert tf.keras.Model is real.Model
    assert tf.keras.__name__ == "keras._tf_keras.keras"
    assert real.backend.backend() == "tensorflow"
    assert tf.optimizers.Adam is real.optimizers.Adam
    assert tf.losses.mse is tf.keras.losses.mse is real.losses.mean_squared_error
    assert tf.metrics.mse is tf.keras.metrics.mse
    assert tf.initializers.GlorotUniform is real.initializers.GlorotUniform
    import sys
    assert sys.modules["tfcompat.keras"] is tf.keras
    import tensorflow
    assert tensorflow is tf


def test_initial_weights_are_tfs(keras):
    ref = _reference()
    model = ref.build()
    w = model.get_weights()
    assert [float(v) for v in w[0][0]] == REF_KERNEL0_ROW0
    assert [float(v) for v in w[2][:, 0]] == REF_KERNEL1_COL0
    x, _ = ref.data()
    np.testing.assert_allclose(model(x)[0].numpy(), REF_OUTPUTS_ROW0, rtol=1e-6)


@pytest.mark.parametrize("use_function", [False, True], ids=["eager", "tf_function"])
def test_gradient_tape_loop_over_trainable_variables(keras, use_function):
    ref = _reference()
    losses, model = ref.train(use_function)
    np.testing.assert_allclose(losses, REF_LOSSES, rtol=2e-6)
    np.testing.assert_allclose(model.get_weights()[1], REF_BIAS0, rtol=1e-5, atol=1e-7)
    # The Keras variables stayed concrete (no traced values left behind).
    assert all(isinstance(v.numpy(), np.ndarray) for v in model.trainable_variables)


def test_keras_variable_acts_as_resource_variable(keras):
    v = keras.Variable(np.array([1.0, 2.0], np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * v)
    (g,) = tape.gradient(y, [v])
    np.testing.assert_array_equal(g.numpy(), [2.0, 4.0])


def test_functional_and_subclassed_models_call(keras):
    keras.utils.set_random_seed(7)
    inputs = keras.Input((3,))
    outputs = keras.layers.Dense(2)(keras.layers.Dense(4, activation="tanh")(inputs))
    functional = keras.Model(inputs, outputs)

    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x) * 2.0

    sub = Sub()
    x = np.ones((5, 3), np.float32)
    assert functional(x).shape == (5, 2)
    assert sub(x).shape == (5, 2)
    assert len(sub.trainable_variables) == 2
