"""Prints the reference values of tests/test_keras_fit.py: run it under real TF 2.21 +
keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_fit_reference.py``) and under tfcompat
(``python -m tfcompat tools/keras_fit_reference.py``); the tests hold TF's output as literals.

A 4-8-1 MLP with a fixed seed trained by model.fit (2 epochs, batch 16, a validation
split), then evaluate and predict; a gradient through a tensor a nested tf.function
captures; a Variable created under tf.init_scope in a trace and assigned there."""
import numpy as np
import tensorflow as tf

keras = tf.keras


def data():
    rs = np.random.RandomState(0)
    x = rs.rand(40, 4).astype("float32")
    return x, (x.sum(1, keepdims=True) > 2).astype("float32")


def fit(steps_per_execution=1):
    keras.utils.set_random_seed(7)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"],
                  steps_per_execution=steps_per_execution)
    x, y = data()
    history = model.fit(x, y, epochs=2, batch_size=16, validation_split=0.2, verbose=0,
                        shuffle=False)
    return model, history.history


def fit_dataset():
    """fit from a batched tf.data.Dataset (partial last batch) and from a generator."""
    x, y = data()
    out = []
    for source in ("dataset", "generator"):
        keras.utils.set_random_seed(7)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                                  keras.layers.Dense(1)])
        model.compile(keras.optimizers.SGD(0.1), "mse")
        if source == "dataset":
            history = model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(16), epochs=2,
                                verbose=0)
        else:
            def gen():
                while True:
                    for i in range(0, 40, 16):
                        yield x[i:i + 16], y[i:i + 16]
            history = model.fit(gen(), steps_per_epoch=3, epochs=2, verbose=0)
        out.append([float(v) for v in history.history["loss"]])
    return out


def optional_function():
    """A tf.experimental.Optional returned from tf.function and carried by while_loop."""
    @tf.function
    def f(n):
        def body(i, opt):
            return i + 1, tf.experimental.Optional.from_value(tf.cast(i, tf.float32) * 2.0)
        _, opt = tf.while_loop(lambda i, opt: i < n, body,
                               [tf.constant(0), tf.experimental.Optional.empty(tf.TensorSpec([], tf.float32))])
        return opt
    opt = f(tf.constant(4))
    return bool(opt.has_value()), float(opt.get_value())


def captured_gradient():
    x = tf.Variable(9.0)

    @tf.function
    def outer():
        with tf.GradientTape() as tape:
            y = x * x

            @tf.function
            def inner():
                return y * 2.0
            z = inner()
        return tape.gradient(z, x)
    return float(outer())


def init_scope_variable():
    class Counter(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            if self.v is None:
                with tf.init_scope():
                    self.v = tf.Variable(1.0)
            self.v.assign_add(x)
            return self.v.read_value()
    c = Counter()
    out = float(c(tf.constant(2.0)))
    return out, float(c.v.numpy())


def main():
    model, history = fit()
    x, _ = data()
    print("REF_HISTORY =", {k: [float(v) for v in vs] for k, vs in sorted(history.items())})
    print("REF_EVALUATE =", [float(v) for v in model.evaluate(*data(), verbose=0)])
    print("REF_PREDICT =", [float(v) for v in model.predict(x[:4], verbose=0)[:, 0]])
    print("REF_TRAIN_ON_BATCH =", float(model.train_on_batch(x[:8], data()[1][:8])[0]))
    print("REF_HISTORY_SPE3 =", {k: [float(v) for v in vs]
                                 for k, vs in sorted(fit(3)[1].items())})
    print("REF_FIT_DATASET, REF_FIT_GENERATOR =", fit_dataset())
    print("REF_OPTIONAL =", optional_function())
    print("REF_CAPTURED_GRADIENT =", captured_gradient())
    print("REF_INIT_SCOPE =", init_scope_variable())


if __name__ == "__main__":
    main()
