"""tensorflow.compiler.tf2xla.python."""
