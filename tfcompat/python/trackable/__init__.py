"""tensorflow.python.trackable."""
