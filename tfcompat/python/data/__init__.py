"""tensorflow.python.data."""
