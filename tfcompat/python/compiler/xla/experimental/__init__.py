"""tensorflow.python.compiler.xla.experimental."""
