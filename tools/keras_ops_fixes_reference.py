"""Prints the reference values of tests/test_keras_ops_fixes.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/keras_ops_fixes_reference.py``) and under tfcompat
(``python -m tfcompat tools/keras_ops_fixes_reference.py``); the tests hold TF's output as
literals. What Keras's ops tests (cases/ops) need: tf.linalg.band_part with counts
computed inside a tf.function (keras.ops.tril/triu with a tensor k), and
tf.convert_to_tensor of a list holding eager Tensors (TF's autopacking: the first
Tensor's dtype; bfloat16 and float16 Tensors keep theirs), tf.test.is_gpu_available."""
import pprint

import tensorflow as tf


def value(t):
    return t.numpy().tolist(), t.dtype.name


def error(fn):
    try:
        fn()
    except Exception as e:   # noqa: BLE001 (the class and text are the reference)
        return type(e).__name__, [line for line in str(e).splitlines() if line.strip()][0]
    return None


def band(x, lower, upper):
    return tf.linalg.band_part(x, lower, upper)


def cases():
    x = tf.reshape(tf.range(12.), (3, 4))
    traced = tf.function(band)
    jitted = tf.function(band, jit_compile=True)
    h16 = tf.constant(5., tf.float16)
    b16 = tf.constant(1.5, tf.bfloat16)
    i32 = tf.constant(3)
    w = tf.Variable(tf.ones([3, 3]))

    @tf.function
    def band_grad(k):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.linalg.band_part(w * 2., 0, k) * tf.range(9.)[:3])
        return tape.gradient(y, w)

    return {
        "band_tensor_upper": value(tf.linalg.band_part(x, -1, tf.constant(0))),
        "band_traced": value(traced(x, tf.constant(0), tf.constant(1))),
        "band_traced_negative": value(traced(x, tf.constant(-1), tf.constant(-5))),
        "band_traced_int64": value(traced(x, tf.constant(1, tf.int64),
                                          tf.constant(0, tf.int64))),
        "band_jit": value(jitted(tf.ones([2, 3, 3]), tf.constant(1), tf.constant(0))),
        "band_traced_too_wide": error(lambda: traced(x, tf.constant(0), tf.constant(7)))[0],
        "band_grad": value(band_grad(tf.constant(1))),
        "pack_f16": value(tf.convert_to_tensor([h16, h16])),
        "pack_f16_python": value(tf.convert_to_tensor([1., h16])),
        "pack_f16_nested": value(tf.convert_to_tensor([[h16], [2.]])),
        "pack_bf16": value(tf.convert_to_tensor((b16, b16), dtype=tf.bfloat16)),
        "pack_bf16_as_f32": value(tf.convert_to_tensor([b16, b16], tf.float32)),
        "pack_i32_as_i64": value(tf.convert_to_tensor([i32, 2], tf.int64)),
        "pack_i32_float": error(lambda: tf.convert_to_tensor([i32, 2.5])),
        "test_gpu_matches_config": (
            tf.test.is_gpu_available() == bool(tf.config.list_physical_devices("GPU")),
            tf.test.gpu_device_name() in ("", "/device:GPU:0")),
    }


if __name__ == "__main__":
    print(pprint.pformat(cases(), width=92))
