"""Prints the reference values of tests/test_keras_saved_model.py: run it under real TF 2.21
+ keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_saved_model_reference.py``) and under
tfcompat (``python -m tfcompat tools/keras_saved_model_reference.py``); the tests hold TF's
output as literals.

Keras models through tf.saved_model (issue 14): a Sequential without an Input built by
`fit` (its build shapes, inputs and serving signature have TF's None batch size, as
fit's traced train step sees the dataset's element_spec); models of tuple, list and dict
inputs and a two-input functional model, whose serving signatures take one keyword per
tensor (inputs, inputs_1); and keras.layers.TFSMLayer on the default signature (its
weights are the variables the signature reads). Signature dicts are printed sorted."""
import os
import tempfile

import numpy as np
import tensorflow as tf

keras = tf.keras


def _save_load(model):
    path = os.path.join(tempfile.mkdtemp(), "m")
    tf.saved_model.save(model, path)
    return path, tf.saved_model.load(path)


def _signature_text(sig):
    args, kwargs = sig.structured_input_signature
    return repr((args, sorted(kwargs.items()))), repr(sorted(sig.structured_outputs.items()))


def sequential_fit():
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile(loss="mse", optimizer="adam")
    x = np.random.rand(100, 3)
    y = np.random.rand(100, 1)
    model.fit(x, y, verbose=0, epochs=2)
    _, restored = _save_load(model)
    sig = restored.signatures["serving_default"]
    out = sig(tf.convert_to_tensor(x, dtype=tf.float32))["output_0"]
    close = np.allclose(model(x).numpy(), out.numpy(), rtol=1e-5, atol=1e-6)
    return [repr(model._build_shapes_dict), repr([tuple(t.shape) for t in model.inputs]),
            *_signature_text(sig), repr(tuple(out.shape)), close]


class TupleModel(keras.Model):
    def call(self, inputs):
        x, y = inputs
        return x + keras.ops.mean(y, axis=1)


class DictModel(keras.Model):
    def call(self, inputs):
        return inputs["x"] + keras.ops.mean(inputs["y"], axis=1)


def structured_inputs():
    x = tf.constant([1.0])
    y = tf.constant([[1.0, 0.0, 2.0]])
    out = []
    for kind, model, inputs in [("tuple", TupleModel(), (x, y)), ("list", TupleModel(), [x, y]),
                                ("dict", DictModel(), {"x": x, "y": y})]:
        model(inputs)
        _, restored = _save_load(model)
        sig = restored.signatures["serving_default"]
        result = sig(inputs=x, inputs_1=y)
        try:
            sig(x, y)
            positional = "ok"
        except TypeError as e:
            positional = type(e).__name__
        out.append([kind, *_signature_text(sig),
                    sorted((k, v.numpy().tolist()) for k, v in result.items()), positional])
    return out


def multi_input_functional():
    keras.utils.set_random_seed(4)
    a, b = keras.Input(shape=(3,)), keras.Input(shape=(5,))
    shared = keras.layers.Dense(1, activation="relu")
    model = keras.Model([a, b], [shared(keras.layers.Dense(1)(a)),
                                 shared(keras.layers.Dense(1)(b))])
    xa = np.linspace(0, 1, 6, dtype="float32").reshape(2, 3)
    xb = np.linspace(-1, 1, 10, dtype="float32").reshape(2, 5)
    expected = model([xa, xb])
    _, restored = _save_load(model)
    sig = restored.signatures["serving_default"]
    got = sig(inputs=tf.constant(xa), inputs_1=tf.constant(xb))
    close = all(np.allclose(e.numpy(), got[f"output_{i}"].numpy(), rtol=1e-5, atol=1e-6)
                for i, e in enumerate(expected))
    return [*_signature_text(sig), close]


def tfsm_layer():
    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"),
                              keras.layers.BatchNormalization(), keras.layers.Dense(2)])
    x = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
    expected = model(x)
    path, _ = _save_load(model)
    layer = keras.layers.TFSMLayer(path, call_endpoint="serving_default")
    got = layer(x)
    close = np.allclose(expected.numpy(), got["output_0"].numpy(), rtol=1e-5, atol=1e-6)
    return [sorted(got), len(layer.weights), len(layer.trainable_weights),
            len(layer.non_trainable_weights), close]


def main():
    print("sequential_fit", sequential_fit())
    print("structured_inputs", structured_inputs())
    print("multi_input_functional", multi_input_functional())
    print("tfsm_layer", tfsm_layer())


if __name__ == "__main__":
    main()
