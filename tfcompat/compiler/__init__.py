"""tensorflow.compiler: TF's XLA bridge paths."""
