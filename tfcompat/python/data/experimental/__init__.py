"""tensorflow.python.data.experimental."""
