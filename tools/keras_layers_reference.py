"""Prints the reference values of tests/test_keras_layers.py: run it under real TF 2.21 +
keras 3.15.1 (``/tmp/tfref/bin/python tools/keras_layers_reference.py``) and under
tfcompat (``python -m tfcompat tools/keras_layers_reference.py``); the tests hold TF's
output as literals.

Float-to-narrow-int casts, matmul with output_type, the float8 dtypes, Python
attributes on tensors, the autopacking of lists of traced tensors, and Keras layers
(int8-quantized Dense, a masked Embedding) built with a fixed seed."""
import numpy as np
import tensorflow as tf
from tensorflow.python.framework import dtypes

keras = tf.keras
CAST_IN = [300., -300., 1e10, -1e10, float("nan"), float("inf"), 127.9, -128.9, 255.5]


def casts():
    x = tf.constant(CAST_IN)
    for d in (tf.int8, tf.uint8, tf.int16, tf.uint16):
        print("cast", d.name, tf.cast(x, d).numpy().tolist(),
              tf.function(lambda x, d=d: tf.cast(x, d))(x).numpy().tolist())


def matmuls():
    a = tf.constant([[100, -100, 50]], tf.int8)
    b = tf.constant([[100], [-100], [127]], tf.int8)
    print("matmul int8", tf.matmul(a, b, output_type=tf.int32).numpy().tolist(),
          tf.function(lambda a, b: tf.matmul(a, b, output_type=tf.int32))(a, b).numpy().tolist())
    print("matmul int8 uint8 batch", tf.matmul(
        tf.reshape(a, (1, 1, 3)), tf.constant([[[200], [100], [255]]], tf.uint8),
        output_type=tf.int32, transpose_a=False).numpy().tolist())
    try:
        tf.matmul(tf.ones((1, 2)), tf.ones((2, 1)), output_type=tf.float64)
    except Exception as e:   # noqa: BLE001 - printing TF's error
        print("matmul float64", type(e).__name__, str(e).splitlines()[0])


def float8():
    for n in ("float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz",
              "float8_e5m2fnuz"):
        d = tf.as_dtype(n)
        print("float8", n, d.as_datatype_enum, d.is_floating, d.is_numeric, d.size,
              float(d.min), float(d.max), d is getattr(dtypes, n))
    x = tf.cast(tf.constant([1.5, 300., 1000., -0.3]), "float8_e4m3fn")
    print("float8 cast", x.dtype.name, tf.cast(x, tf.float32).numpy().tolist())
    print("is_numeric", [tf.as_dtype(n).is_numeric for n in
                         ("float32", "bfloat16", "int8", "complex64", "bool", "string")])


def attributes_and_packing():
    t = tf.constant([1., 2.])
    t._keras_mask = tf.constant([True, False])
    print("mask", t._keras_mask.numpy().tolist())
    f = tf.function(lambda a: tf.convert_to_tensor([[a[0], 3.], [a[1], a[0] * 2]]))
    print("autopack", f(t).numpy().tolist())


def layers():
    keras.utils.set_random_seed(7)
    x = np.arange(12, dtype="float32").reshape(3, 4) / 7 - 0.5
    dense = keras.layers.Dense(3)
    y = dense(x)
    dense.quantize("int8")
    print("dense", np.round(y.numpy(), 6).tolist(), np.round(dense(x).numpy(), 6).tolist())
    emb = keras.layers.Embedding(5, 2, mask_zero=True)
    out = emb(np.array([[0, 1, 4]]))
    print("embedding", np.round(out.numpy(), 6).tolist(), out._keras_mask.numpy().tolist())


def main():
    casts()
    matmuls()
    float8()
    attributes_and_packing()
    layers()


if __name__ == "__main__":
    main()
