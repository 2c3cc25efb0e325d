"""tensorflow.python.compiler.xla."""
