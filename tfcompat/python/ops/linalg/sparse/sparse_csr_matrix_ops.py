"""tensorflow.python.ops.linalg.sparse.sparse_csr_matrix_ops: CSR sparse matrices (the
generated ops Keras's TensorFlow backend calls for sparse x sparse matmul)."""
from .....ops.csr_sparse_matrix_ops import (  # noqa: F401
    CSRSparseMatrix, csr_sparse_matrix_components, csr_sparse_matrix_to_dense,
    csr_sparse_matrix_to_sparse_tensor, dense_to_csr_sparse_matrix,
    sparse_matrix_mat_mul, sparse_matrix_nnz, sparse_matrix_sparse_mat_mul,
    sparse_matrix_transpose, sparse_tensor_to_csr_sparse_matrix,
)
from .....framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["sparse_tensor_to_csr_sparse_matrix", "sparse_matrix_sparse_mat_mul",
           "csr_sparse_matrix_to_sparse_tensor", "dense_to_csr_sparse_matrix",
           "csr_sparse_matrix_to_dense", "csr_sparse_matrix_components", "sparse_matrix_nnz",
           "sparse_matrix_transpose", "sparse_matrix_mat_mul"]

_scope_namespace(globals())
