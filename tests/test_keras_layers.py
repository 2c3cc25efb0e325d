"""TF behaviour Keras's layers rely on (issue 14), with TF 2.21's values: the literals are
the output of tools/keras_layers_reference.py under /tmp/tfref (see that script)."""
import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework import dtypes

CAST_IN = [300., -300., 1e10, -1e10, float("nan"), float("inf"), 127.9, -128.9, 255.5]
REF_CASTS = {
    "int8": [44, -44, 0, 0, 0, 0, 127, -128, -1],
    "uint8": [44, 212, 0, 0, 0, 0, 127, 128, 255],
    "int16": [300, -300, 0, 0, 0, 0, 127, -128, 255],
    "uint16": [300, 65236, 0, 0, 0, 0, 127, 65408, 255],
}
REF_FLOAT8 = [("float8_e5m2", 24, 57344.0), ("float8_e4m3fn", 25, 448.0),
              ("float8_e4m3fnuz", 26, 240.0), ("float8_e4m3b11fnuz", 27, 30.0),
              ("float8_e5m2fnuz", 28, 57344.0)]
REF_DENSE = [[0.30397000908851624, -0.25898200273513794, -0.450859010219574],
             [0.18656499683856964, 0.5013759732246399, 0.04190199822187424],
             [0.06915900111198425, 1.2617340087890625, 0.5346630215644836]]
REF_DENSE_INT8 = [[0.3032749891281128, -0.2563289999961853, -0.450859010219574],
                  [0.18792399764060974, 0.5015130043029785, 0.04028100147843361],
                  [0.0733020007610321, 1.2590240240097046, 0.5307440161705017]]
REF_EMBEDDING = [[[0.042847998440265656, 0.0379210002720356],
                  [-0.03197700157761574, 0.005413999781012535],
                  [0.010304000228643417, 0.01464799977838993]]]


@pytest.mark.parametrize("name", sorted(REF_CASTS))
def test_float_to_narrow_int_cast(name):
    x = tf.constant(CAST_IN)
    d = tf.as_dtype(name)
    assert tf.cast(x, d).numpy().tolist() == REF_CASTS[name]
    assert tf.function(lambda x: tf.cast(x, d))(x).numpy().tolist() == REF_CASTS[name]


def test_matmul_output_type():
    a = tf.constant([[100, -100, 50]], tf.int8)
    b = tf.constant([[100], [-100], [127]], tf.int8)
    for fn in (tf.matmul, tf.function(lambda a, b, **kw: tf.matmul(a, b, **kw))):
        out = fn(a, b, output_type=tf.int32)
        assert out.dtype == tf.int32 and out.numpy().tolist() == [[26350]]
    out = tf.matmul(tf.reshape(a, (1, 1, 3)), tf.constant([[[200], [100], [255]]], tf.uint8),
                    output_type=tf.int32)
    assert out.numpy().tolist() == [[[22750]]]
    with pytest.raises(tf.errors.NotFoundError, match=r"BatchMatMulV3\[Ta=DT_FLOAT, "
                       r"Tb=DT_FLOAT, Tout=DT_DOUBLE, adj_x=false"):
        tf.matmul(tf.ones((1, 2)), tf.ones((2, 1)), output_type=tf.float64)


@pytest.mark.parametrize("name,enum,top", REF_FLOAT8)
def test_float8_dtypes(name, enum, top):
    d = tf.as_dtype(name)
    assert d is getattr(dtypes, name) and d.as_datatype_enum == enum
    assert d.is_floating and not d.is_numeric and d.size == 1
    assert (float(d.min), float(d.max)) == (-top, top)
    assert tf.as_dtype(np.dtype(name)) is d


def test_float8_cast_and_is_numeric():
    x = tf.cast(tf.constant([1.5, 300., 1000., -0.3]), "float8_e4m3fn")
    assert x.dtype.name == "float8_e4m3fn"
    assert np.array_equal(tf.cast(x, tf.float32).numpy(), [1.5, 288.0, np.nan, -0.3125],
                          equal_nan=True)
    assert [tf.as_dtype(n).is_numeric for n in ("float32", "bfloat16", "int8", "complex64",
                                                "bool", "string")] == [True] * 4 + [False] * 2


def test_tensor_attributes_and_autopacking():
    t = tf.constant([1., 2.])
    t._keras_mask = tf.constant([True, False])
    assert t._keras_mask.numpy().tolist() == [True, False]
    with pytest.raises(AttributeError):
        t._not_set   # noqa: B018 - attribute access under test
    f = tf.function(lambda a: tf.convert_to_tensor([[a[0], 3.], [a[1], a[0] * 2]]))
    assert f(t).numpy().tolist() == [[1.0, 3.0], [2.0, 2.0]]


def test_dense_int8_quantized_and_masked_embedding():
    keras = tf.keras
    keras.utils.set_random_seed(7)
    x = np.arange(12, dtype="float32").reshape(3, 4) / 7 - 0.5
    dense = keras.layers.Dense(3)
    np.testing.assert_allclose(dense(x).numpy(), REF_DENSE, rtol=1e-6, atol=1e-6)
    dense.quantize("int8")
    np.testing.assert_allclose(dense(x).numpy(), REF_DENSE_INT8, rtol=1e-6, atol=1e-6)
    emb = keras.layers.Embedding(5, 2, mask_zero=True)
    out = emb(np.array([[0, 1, 4]]))
    np.testing.assert_allclose(out.numpy(), REF_EMBEDDING, rtol=1e-6, atol=1e-6)
    assert out._keras_mask.numpy().tolist() == [[False, True, True]]
