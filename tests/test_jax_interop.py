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
