"""tf.sparse: the SparseTensor class (tfcompat/framework/sparse_tensor.py) and the ops of
tfcompat/ops/sparse_ops.py. The other ops are not supported by tfcompat yet (a later
issue); their names exist, as Keras refers to them at import time, and each raises
NotImplementedError naming itself."""
from ..framework.sparse_tensor import SparseTensor
from ..framework.unsupported import unsupported_class, unsupported_function
from ..ops.sparse_ops import (
    add, concat, expand_dims, from_dense, map_values, maximum, minimum, reduce_max, reduce_sum,
    reorder,
    reshape, retain, to_dense, transpose,
)
from ..ops.sparse_feature_ops import bincount, cross, cross_hashed

_WHY = "sparse tensors"
SparseTensorSpec = unsupported_class("tf.SparseTensorSpec", _WHY)
eye = unsupported_function("tf.sparse.eye", _WHY)
fill_empty_rows = unsupported_function("tf.sparse.fill_empty_rows", _WHY)
reduce_any = unsupported_function("tf.sparse.reduce_any", _WHY)
reset_shape = unsupported_function("tf.sparse.reset_shape", _WHY)
segment_mean = unsupported_function("tf.sparse.segment_mean", _WHY)
segment_sum = unsupported_function("tf.sparse.segment_sum", _WHY)
slice = unsupported_function("tf.sparse.slice", _WHY)
softmax = unsupported_function("tf.sparse.softmax", _WHY)
sparse_dense_matmul = unsupported_function("tf.sparse.sparse_dense_matmul", _WHY)
split = unsupported_function("tf.sparse.split", _WHY)
to_indicator = unsupported_function("tf.sparse.to_indicator", _WHY)
mask = unsupported_function("tf.sparse.mask", _WHY)
