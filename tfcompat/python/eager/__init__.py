"""tensorflow.python.eager."""
