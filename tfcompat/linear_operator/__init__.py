"""tf.linalg.LinearOperator and its family, built on tfcompat's public ops as TF's
(tensorflow/python/ops/linalg/linear_operator*.py) are on TF's: one class family per
module. Each class reports TF's module path, so its repr is TF's."""
