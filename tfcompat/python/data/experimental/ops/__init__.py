"""tensorflow.python.data.experimental.ops."""
