"""tensorflow.compiler.xla."""
