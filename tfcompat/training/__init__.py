"""TF's python/training helpers that sit on variables, ops and tf.distribute."""
