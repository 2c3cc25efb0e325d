"""tf.Tensor next to JAX code in one program, as TF's EagerTensor behaves there."""
import jax
import jax.numpy as jnp
import numpy as np

import tfcompat as tf


def test_a_tensor_is_a_pytree_leaf():
    # Keras's JaxLayer maps its seeds with jax.tree_util.tree_map(lambda x: jnp.array(...)):
    # the function's result must come back as it is, not rewrapped into a tf.Tensor.
    t = tf.constant([7, 9], tf.int64)
    assert jax.tree_util.tree_leaves(t) == [t]
    out = jax.tree_util.tree_map(lambda x: jnp.array(tf.bitcast(x, tf.uint32)[0]), {"rng": t})
    assert type(out["rng"]) is type(jnp.zeros(1))
    np.testing.assert_array_equal(np.asarray(out["rng"]), np.array([7, 0], np.uint32))
    key = jax.random.normal(out["rng"], (2,))
    assert key.shape == (2,)


def test_jax_keeps_its_default_32_bit_mode_beside_tfcompat():
    # tfcompat turns JAX's 64-bit types on only inside its own calls: jax.numpy code
    # beside it (Keras's tests compute their expected dtypes with it) sees JAX's default.
    big = tf.constant(2**40 + 1, tf.int64) * 3
    x = tf.Variable([0.1, 0.2], dtype=tf.float64)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(x * x)
    grad = tape.gradient(y, x)
    assert not jax.config.jax_enable_x64
    assert jnp.ones(2).dtype == jnp.float32 and jnp.arange(3).dtype == jnp.int32
    assert big.dtype == tf.int64 and int(big) == 3 * (2**40 + 1)
    assert big._value.dtype == np.int64 and grad._value.dtype == np.float64
    np.testing.assert_array_equal(grad.numpy(), np.array([0.1, 0.2]) * 2)


def test_64_bit_values_through_functions_data_and_threads():
    # Every entry into tfcompat (tf.function, tf.data, a Python thread, a host callback)
    # computes in 64 bits, as TF does.
    import threading

    @tf.function
    def f(v):
        return v * 2**33 + tf.cast(tf.size(v), tf.int64)
    v = tf.constant([1, 2], tf.int64)
    np.testing.assert_array_equal(f(v).numpy(), [2**33 + 2, 2**34 + 2])
    ds = tf.data.Dataset.range(3).map(lambda i: i * 2**40).batch(2).prefetch(1)
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 2**40], [2**41]]
    py = tf.py_function(lambda a: a * 2**31, [v], tf.int64)
    np.testing.assert_array_equal(py.numpy(), [2**31, 2**32])
    out = []
    thread = threading.Thread(target=lambda: out.append(
        tf.constant(1.0, tf.float64) / 3.0))
    thread.start()
    thread.join(60)
    assert out[0].dtype == tf.float64 and out[0].numpy() == 1.0 / 3.0
    assert not jax.config.jax_enable_x64 and jnp.ones(1).dtype == jnp.float32
