"""tensorflow.python.ops.linalg.sparse.sparse_csr_matrix_ops: CSR sparse matrices.

tfcompat has no CSR sparse-matrix ops yet (sparse tensors are a later issue): each function
raises NotImplementedError naming itself. Importing the module works, as Keras imports it."""

__all__ = ["sparse_tensor_to_csr_sparse_matrix", "sparse_matrix_sparse_mat_mul",
           "csr_sparse_matrix_to_sparse_tensor", "dense_to_csr_sparse_matrix",
           "csr_sparse_matrix_to_dense"]


def _unsupported(name):
    def op(*args, **kwargs):
        raise NotImplementedError(
            f"tensorflow.python.ops.linalg.sparse.sparse_csr_matrix_ops.{name} is not supported "
            "by tfcompat (CSR sparse matrices)")
    op.__name__ = name
    return op


sparse_tensor_to_csr_sparse_matrix = _unsupported("sparse_tensor_to_csr_sparse_matrix")
sparse_matrix_sparse_mat_mul = _unsupported("sparse_matrix_sparse_mat_mul")
csr_sparse_matrix_to_sparse_tensor = _unsupported("csr_sparse_matrix_to_sparse_tensor")
dense_to_csr_sparse_matrix = _unsupported("dense_to_csr_sparse_matrix")
csr_sparse_matrix_to_dense = _unsupported("csr_sparse_matrix_to_dense")
