"""tf.experimental.numpy's implementation (TF's tensorflow/python/ops/numpy_ops), on
tfcompat's ops: dtypes and promotion (np_dtypes, np_utils), array creation and
manipulation (np_array_ops, np_array_manip), NumPy-style indexing (np_indexing), math
(np_math_ops, np_math_unary), random (np_random) and enable_numpy_behavior (np_config)."""
