"""tensorflow.python.compiler."""
