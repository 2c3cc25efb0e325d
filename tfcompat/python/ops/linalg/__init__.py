"""tensorflow.python.ops.linalg."""
