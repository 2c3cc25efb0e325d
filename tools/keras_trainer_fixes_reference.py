"""Prints the reference values of tests/test_keras_trainer_fixes.py: run it under real TF
2.21 + keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_trainer_fixes_reference.py``) and
under tfcompat (``python -m tfcompat tools/keras_trainer_fixes_reference.py``); the tests
hold TF's output as literals.

Cases from keras's trainer_test.py: model.fit with a LossScaleOptimizer (mixed_float16,
auto_scale_loss), whose tf.cond branches return None inside the train function."""
import numpy as np
import tensorflow as tf

keras = tf.keras


class DeepModel(keras.Model):
    def __init__(self, stack):
        super().__init__(dtype="mixed_float16")
        self.stack = stack

    def call(self, x):
        for layer in self.stack:
            x = layer(x)
        return x


def loss_scaling():
    """A 15-deep sigmoid stack in mixed_float16 fit one step with SGD(1e9): without loss
    scaling the first kernel's gradient underflows (stays 1); with it, it updates. Returns
    [first kernel, last kernel, dynamic_scale, step_counter] per auto_scale_loss."""
    out = []
    for auto in (False, True):
        layers = [keras.layers.Dense(1, use_bias=False, kernel_initializer="ones",
                                     activation="sigmoid", dtype="mixed_float16")
                  for _ in range(15)]
        model = DeepModel(layers)
        model.compile(keras.optimizers.SGD(learning_rate=1e9), "mse",
                      auto_scale_loss=auto)
        model.fit(np.ones((1, 1)), np.ones((1, 1)), batch_size=1, verbose=0)
        opt = model.optimizer
        scale = [float(opt.dynamic_scale.numpy()), int(opt.step_counter.numpy())] \
            if auto else []
        out.append([layers[0].kernel.numpy().tolist(), layers[14].kernel.numpy().tolist(),
                    type(opt).__name__] + scale)
    return out


def main():
    return {"loss_scaling": loss_scaling()}


if __name__ == "__main__":
    print(main())
