"""tf.sparse: the SparseTensor class (tfcompat/framework/sparse_tensor.py) and its ops.
sparse_dense_matmul (jax.experimental.sparse's BCOO product) loads on first access."""
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..framework.sparse_tensor import SparseTensor
from ..framework.sparse_tensor_spec import SparseTensorSpec
from ..ops.sparse_ops import (
    add, concat, expand_dims, from_dense, map_values, maximum, minimum, reduce_max, reduce_sum,
    reorder,
    reshape, retain, to_dense, transpose,
)
from ..ops.sparse_feature_ops import bincount, cross, cross_hashed
from ..ops.sparse_sampled_ops import sampled_addmm
from ..ops.sparse_segment_ops import mask, segment_mean, segment_sqrt_n, segment_sum, softmax
from ..ops.sparse_slice_ops import (
    eye, fill_empty_rows, reset_shape, slice, split, to_indicator,
)

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..ops.sparse_matmul_ops": ("sparse_dense_matmul",),
})
