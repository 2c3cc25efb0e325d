"""TF's internal module paths that TF-ecosystem code imports (``tensorflow.python.*``), under
the same names, for ``register_as_tensorflow()``. Each module holds only the names such code
uses; a name it does not have is an AttributeError naming it."""
