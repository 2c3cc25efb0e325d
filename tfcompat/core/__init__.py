"""TF's ``tensorflow.core`` protocol message modules that TF-ecosystem code imports, under
the same names (for ``register_as_tensorflow()``)."""
