"""tf.sparse.sampled_addmm: the product of two dense matrices sampled at a sparsity
pattern, composed of gathers and a reduction as TF's math_ops composes it (so it traces
and differentiates as they do)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor_util import get_static_value
from .arithmetic_ops import multiply
from .array_ops import shape as shape_of
from .assert_ops import Assert
from .comparison_ops import equal
from .indexing_ops import gather_nd
from .manip_ops import concat, stack
from .matrix_diag_ops import matrix_transpose
from .reduction_ops import reduce_all, reduce_sum


def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0,
                  output_type=dtypes.float32):
    """tf.sparse.sampled_addmm: (indices, alpha * (mat1 @ mat2) at indices + beta * values,
    dense_shape), batched over the leading dimensions of rank > 2 operands."""
    indices = convert_to_tensor(indices)
    values = convert_to_tensor(values, dtype=output_type)
    dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int32)
    mat1 = convert_to_tensor(mat1, dtype=output_type)
    mat2 = convert_to_tensor(mat2, dtype=output_type)
    output_shape = stack([get_static_value(shape_of(mat1))[-2],
                          get_static_value(shape_of(mat2))[-1]])
    condition = reduce_all(equal(dense_shape, output_shape))
    if executing_eagerly():
        if not condition:
            raise ValueError(f"Dense shape: {dense_shape} does not match "
                             f"output shape: {output_shape}")
    else:
        static = get_static_value(dense_shape)
        if static is not None and not np.all(np.equal(static, get_static_value(output_shape))):
            raise ValueError(f"Dense shape: {dense_shape} does not match "
                             f"output shape: {output_shape}")
        Assert(condition, ["Dense shape: ", dense_shape, " does not match output shape: ",
                           output_shape])
    row_indices = indices[..., :-1]
    col_indices = concat([indices[..., :-2], indices[..., -1:]], axis=-1)
    batch_dims = mat1.shape.rank - 2
    rows = gather_nd(mat1, row_indices, batch_dims=batch_dims)
    cols = gather_nd(matrix_transpose(mat2), col_indices, batch_dims=batch_dims)
    dot = reduce_sum(multiply(rows, cols), axis=-1)
    return indices, dot * alpha + values * beta, dense_shape
