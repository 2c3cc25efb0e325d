"""TF's CSR sparse-matrix ops (tensorflow.python.ops.linalg.sparse.sparse_csr_matrix_ops):
SparseTensorToCSRSparseMatrix, CSRSparseMatrixToSparseTensor, DenseToCSRSparseMatrix,
CSRSparseMatrixToDense, CSRSparseMatrixComponents, SparseMatrixNNZ,
SparseMatrixSparseMatMul, SparseMatrixTranspose and SparseMatrixMatMul, on rank-2
matrices or rank-3 batches of them. (SparseMatrixAdd, SparseMatrixSoftmax, SparseMatrixMul
and SparseMatrixZeros have no CPU kernel in TF: not provided.)

A CSR matrix's structure (batch pointers, row pointers, column indices) is computed on the
host from concrete indices, as tf.sparse's ops do; its values stay a Tensor, moved with
recorded ops (gather, multiply, unsorted_segment_sum), so they may be traced inside
tf.function and have gradients. Deliberate difference: TF's CSRSparseMatrix is a scalar
variant Tensor; here it is a CSRSparseMatrix Python value (it cannot be fed to other ops)."""
import collections

import numpy as np

from ..framework import dtypes, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import Tensor
from .arithmetic_ops import multiply
from .indexing_ops import gather, gather_nd
from .matrix_diag_ops import matrix_transpose
from .op_args import attr_error, concrete, kernel_error
from .product_ops import matmul
from .segment_ops import unsorted_segment_sum
from .sparse_ops import _int64, to_dense
from .unary_ops import conj

_SparseTensorParts = collections.namedtuple(
    "CSRSparseMatrixToSparseTensor", ["indices", "values", "dense_shape"])
_Components = collections.namedtuple("CSRSparseMatrixComponents",
                                     ["row_ptrs", "col_inds", "values"])


class CSRSparseMatrix:
    """The value of TF's CSRSparseMatrix variant: `dense_shape` ([rows, cols] or
    [batch, rows, cols]), `batch_pointers` (the offset of each batch's entries),
    `row_ptrs` (batch * (rows + 1) offsets), `col_inds` and `values` in storage order."""

    __slots__ = ("dense_shape", "batch_pointers", "row_ptrs", "col_inds", "values")

    def __init__(self, dense_shape, batch_pointers, row_ptrs, col_inds, values):
        self.dense_shape = np.asarray(dense_shape, np.int64)
        self.batch_pointers = np.asarray(batch_pointers, np.int32)
        self.row_ptrs = np.asarray(row_ptrs, np.int32)
        self.col_inds = np.asarray(col_inds, np.int32)
        self.values = values

    dtype = property(lambda self: self.values.dtype)

    def _coo(self):
        """(batch, row, col) of every stored entry, in storage order."""
        batches, rows, cols = self._dims()
        ptrs = self.row_ptrs.reshape(batches, rows + 1).astype(np.int64)
        counts = np.diff(ptrs, axis=1).reshape(-1)
        cell = np.repeat(np.arange(batches * rows), counts)
        return cell // max(rows, 1), cell % max(rows, 1), self.col_inds.astype(np.int64)

    def _dims(self):
        shape = self.dense_shape.tolist()
        return (1, *shape) if len(shape) == 2 else tuple(shape)

    def __repr__(self):
        return (f"<CSRSparseMatrix dense_shape={self.dense_shape.tolist()} "
                f"nnz={self.col_inds.size} dtype={self.values.dtype.name}>")


def _error(op, text, name=""):
    return kernel_error(op, text, name=name)


def _check_type(op, values, name):
    """TF's attr error for a value dtype the op's OpDef does not allow."""
    if values.dtype._tf_name not in op_def.spec(op).allowed("T"):
        raise attr_error(op, "T", values.dtype, name)


def _matrix(x, api):
    if not isinstance(x, CSRSparseMatrix):
        raise TypeError(f"{api} expects a CSRSparseMatrix (from "
                        f"sparse_tensor_to_csr_sparse_matrix); got {x!r}")
    return x


def _expect_type(op, matrix, type, what="Expected a CSRSparseMatrix of type {want} but "
                                       "saw type: {have}"):
    want = dtypes.as_dtype(type)._tf_name if type is not None else None
    have = matrix.dtype._tf_name
    if want is not None and want != have:
        raise _error(op, what.format(want=want, have=have))


def _suffix(*args):
    """The name for kernel_error: TF's eager fast path (every input a Tensor) appends
    " name: ", its slow path (some converted) does not."""
    return "" if all(isinstance(a, Tensor) for a in args) else None


def _from_coo(op, indices, values, shape, name=""):
    """The CSRSparseMatrix of entries `indices` ([nnz, 2 or 3], host) holding `values`:
    the row pointers count the entries of each row; column indices and values keep the
    given order (as TF's kernel, which expects row-major ordered indices)."""
    shape = np.asarray(shape, np.int64)
    if indices.ndim != 2 or indices.shape[1] not in (2, 3):
        rank = indices.shape[1] if indices.ndim == 2 else indices.ndim
        raise _error(op, f"SparseTensor must have rank 2 or 3; but indices has rank: {rank}",
                     name=name)
    bad = np.flatnonzero(((indices < 0) | (indices >= shape[-indices.shape[1]:])).any(1))
    if bad.size:
        raise _error(op, f"Sparse index tuple indices[{bad[0]}, :] = "
                         f"[{', '.join(str(v) for v in indices[bad[0]].tolist())}] is out of "
                         f"bounds", name=name)
    batches, rows = (1, int(shape[0])) if shape.size == 2 else (int(shape[0]), int(shape[1]))
    batch = indices[:, 0] if shape.size == 3 else np.zeros(len(indices), np.int64)
    cell = batch * rows + indices[:, -2]
    counts = np.bincount(cell, minlength=batches * rows).reshape(batches, rows)
    row_ptrs = np.concatenate([np.zeros((batches, 1), np.int64), np.cumsum(counts, 1)], 1)
    batch_pointers = np.concatenate([[0], np.cumsum(counts.sum(1))])
    return CSRSparseMatrix(shape, batch_pointers, row_ptrs.reshape(-1), indices[:, -1],
                           values)


def sparse_tensor_to_csr_sparse_matrix(indices, values, dense_shape, name=None):
    """SparseTensorToCSRSparseMatrix: the CSR form of a rank-2 or rank-3 SparseTensor's
    components (indices expected in row-major order, as TF's kernel does)."""
    op, api = "SparseTensorToCSRSparseMatrix", "sparse_tensor_to_csr_sparse_matrix"
    suffix = _suffix(indices, values, dense_shape)
    values = convert_to_tensor(values)
    _check_type(op, values, suffix)
    idx = concrete(convert_to_tensor(indices, "int64"), api, "indices").astype(np.int64)
    shape = concrete(convert_to_tensor(dense_shape, "int64"), api, "dense_shape")
    return _from_coo(op, idx, values, shape, suffix)


def dense_to_csr_sparse_matrix(dense_input, indices, name=None):
    """DenseToCSRSparseMatrix: the CSR matrix of `dense_input`'s entries at `indices`."""
    op = "DenseToCSRSparseMatrix"
    suffix = _suffix(dense_input, indices)
    dense = convert_to_tensor(dense_input)
    _check_type(op, dense, suffix)
    idx = concrete(convert_to_tensor(indices, "int64"), "dense_to_csr_sparse_matrix",
                   "indices").astype(np.int64)
    shape = dense.shape.as_list()
    for i, row in enumerate(idx.tolist() if idx.ndim == 2 else []):
        if any(not 0 <= v < d for v, d in zip(row, shape)):   # (the GatherNd inside)
            raise _error(op, f"indices[{i}] = [{', '.join(str(v) for v in row)}] does not "
                             f"index into param shape [{','.join(str(d) for d in shape)}], "
                             f"node name: {op}", name=suffix)
    return _from_coo(op, idx, gather_nd(dense, idx), np.asarray(shape), suffix)


def _sparse_parts(matrix):
    batch, row, col = matrix._coo()
    parts = [row, col] if matrix.dense_shape.size == 2 else [batch, row, col]
    return _int64(np.stack(parts, 1).reshape(-1, len(parts))), _int64(matrix.dense_shape)


def csr_sparse_matrix_to_sparse_tensor(sparse_matrix, type, name=None):
    """CSRSparseMatrixToSparseTensor: the named tuple (indices, values, dense_shape) of
    the matrix's stored entries, in storage order."""
    op = "CSRSparseMatrixToSparseTensor"
    matrix = _matrix(sparse_matrix, "csr_sparse_matrix_to_sparse_tensor")
    _expect_type(op, matrix, type)
    indices, dense_shape = _sparse_parts(matrix)
    return _SparseTensorParts(indices, matrix.values, dense_shape)


def csr_sparse_matrix_to_dense(sparse_input, type, name=None):
    """CSRSparseMatrixToDense: the dense matrix (zeros where no entry is stored)."""
    matrix = _matrix(sparse_input, "csr_sparse_matrix_to_dense")
    _expect_type("CSRSparseMatrixToDense", matrix, type,
                 "Asked for a CSRSparseMatrix of type {want} but saw dtype: {have}")
    indices, dense_shape = _sparse_parts(matrix)
    return to_dense(SparseTensor(indices, matrix.values, dense_shape), validate_indices=False)


def csr_sparse_matrix_components(csr_sparse_matrix, index, type, name=None):
    """CSRSparseMatrixComponents: (row_ptrs, col_inds, values) of batch `index`."""
    op = "CSRSparseMatrixComponents"
    matrix = _matrix(csr_sparse_matrix, "csr_sparse_matrix_components")
    _expect_type(op, matrix, type)
    batches, rows, _ = matrix._dims()
    i = int(concrete(convert_to_tensor(index), "csr_sparse_matrix_components", "index"))
    if not 0 <= i < batches:
        raise _error(op, f"index ({i}) not in [0, {batches})")
    lo, hi = int(matrix.batch_pointers[i]), int(matrix.batch_pointers[i + 1])
    row_ptrs = matrix.row_ptrs[i * (rows + 1):(i + 1) * (rows + 1)]
    return _Components(convert_to_tensor(row_ptrs), convert_to_tensor(matrix.col_inds[lo:hi]),
                       gather(matrix.values, _int64(np.arange(lo, hi))))


def sparse_matrix_nnz(sparse_matrix, name=None):
    """SparseMatrixNNZ: the number of stored entries (one per batch member)."""
    matrix = _matrix(sparse_matrix, "sparse_matrix_nnz")
    nnz = np.diff(matrix.batch_pointers).astype(np.int32)
    return convert_to_tensor(nnz if matrix.dense_shape.size == 3 else nnz[0])


def _operand(matrix, transpose, adjoint):
    """(batch, row, col, position) of `matrix`'s entries, rows/cols swapped when it is
    transposed, and its values (conjugated when adjoint)."""
    batch, row, col = matrix._coo()
    pos = np.arange(col.size)
    values = conj(matrix.values) if adjoint else matrix.values
    if transpose or adjoint:
        row, col = col, row
    return batch, row, col, pos, values


def sparse_matrix_sparse_mat_mul(a, b, type, transpose_a=False, transpose_b=False,
                                 adjoint_a=False, adjoint_b=False, name=None):
    """SparseMatrixSparseMatMul: the CSR product of two CSR matrices (batched when
    rank 3). As TF's CPU kernel, every (row, col) reached by a product of stored entries
    is stored, even when the sum is zero; columns ascend within each row."""
    op = "SparseMatrixSparseMatMul"
    a = _matrix(a, "sparse_matrix_sparse_mat_mul")
    b = _matrix(b, "sparse_matrix_sparse_mat_mul")
    dtype_error = "dtype of {which} is not equal to 'type': {have} vs. {want}"
    _expect_type(op, a, type, dtype_error.replace("{which}", "a"))
    _expect_type(op, b, type, dtype_error.replace("{which}", "b"))
    for x, t, adj in (("a", transpose_a, adjoint_a), ("b", transpose_b, adjoint_b)):
        if t and adj:
            raise _error(op, f"Only one of adjoint_{x} and transpose_{x} may be true.")
    if a.dense_shape.size != b.dense_shape.size:
        raise _error(op, f"Ranks of A and B must match: {a.dense_shape.size} vs. "
                         f"{b.dense_shape.size}")
    ab, am, ak = a._dims()
    bb, bk, bn = b._dims()
    if transpose_a or adjoint_a:
        am, ak = ak, am
    if transpose_b or adjoint_b:
        bk, bn = bn, bk
    if ab != bb:
        raise _error(op, f"Batch sizes of A and B are not compatible.  Batch sizes are: "
                         f"{ab} vs. {bb}")
    if ak != bk:
        def dims(m):
            return ",".join(str(d) for d in m.dense_shape.tolist())
        raise _error(op, f"Inner product dimensions of A and B do not agree.  Shapes are: "
                         f"[{dims(a)}] vs. [{dims(b)}]")
    a_batch, a_row, a_col, a_pos, a_values = _operand(a, transpose_a, adjoint_a)
    b_batch, b_row, b_col, b_pos, b_values = _operand(b, transpose_b, adjoint_b)
    # b's entries grouped by (batch, row): each a entry (i, k) meets b's row k.
    b_order = np.lexsort((b_pos, b_row, b_batch))
    b_key = b_batch[b_order] * bk + b_row[b_order]
    a_key = a_batch * ak + a_col
    starts = np.searchsorted(b_key, a_key, "left")
    counts = np.searchsorted(b_key, a_key, "right") - starts
    ia = np.repeat(np.arange(a_key.size), counts)
    offsets = np.arange(ia.size) - np.repeat(np.cumsum(counts) - counts, counts)
    ib = b_order[np.repeat(starts, counts) + offsets]
    out = np.stack([a_batch[ia], a_row[ia], b_col[ib]], 1).reshape(-1, 3)
    cells, segment = np.unique(out, axis=0, return_inverse=True)
    products = multiply(gather(a_values, _int64(a_pos[ia])),
                        gather(b_values, _int64(b_pos[ib])))
    values = unsorted_segment_sum(products, _int64(segment.reshape(-1)), len(cells))
    shape = [am, bn] if a.dense_shape.size == 2 else [ab, am, bn]
    indices = cells[:, 1:] if len(shape) == 2 else cells
    return _from_coo(op, indices, values, shape)


def sparse_matrix_transpose(input, type, conjugate=False, name=None):
    """SparseMatrixTranspose: the CSR matrix of each batch member's transpose (conjugated
    when `conjugate`), its entries in row-major order."""
    op = "SparseMatrixTranspose"
    matrix = _matrix(input, "sparse_matrix_transpose")
    _expect_type(op, matrix, type, "dtype of input is not equal to 'type': {have} vs. {want}")
    batch, row, col = matrix._coo()
    order = np.lexsort((row, col, batch))
    values = gather(matrix.values, _int64(order))
    shape = matrix.dense_shape.copy()
    shape[-2:] = shape[-2:][::-1]
    cells = np.stack([batch, col, row], 1)[order]
    return _from_coo(op, cells if shape.size == 3 else cells[:, 1:],
                     conj(values) if conjugate else values, shape)


def sparse_matrix_mat_mul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False,
                          adjoint_b=False, transpose_output=False, conjugate_output=False,
                          name=None):
    """SparseMatrixMatMul: the dense product opA(a) @ opB(b) of a CSR matrix and a dense
    one (batched when rank 3), then transposed and/or conjugated as asked; computed as
    the dense product (its gradients reach b and a's values)."""
    op, mkl = "SparseMatrixMatMul", "__MklNativeSparseMatrixMatMul"
    a = _matrix(a, "sparse_matrix_mat_mul")
    suffix = _suffix(b)
    b = convert_to_tensor(b)
    if a.dtype != b.dtype:
        raise _error(op, f"Input types don't match.  a.dtype == {a.dtype._tf_name} vs. "
                         f"b.dtype == {b.dtype._tf_name}", suffix)
    for x, t, adj in (("a", transpose_a, adjoint_a), ("b", transpose_b, adjoint_b)):
        if t and adj:
            raise _error(op, f"Only one of adjoint_{x} and transpose_{x} may be true.",
                         suffix)
    shape_a, shape_b = a.dense_shape.tolist(), b.shape.as_list()
    if len(shape_a) != len(shape_b):
        raise kernel_error(op, f"Ranks of a and b must match, saw: {len(shape_a)} vs. "
                               f"{len(shape_b)}.", suffix, kernel=mkl)
    if len(shape_a) == 3 and shape_a[0] != shape_b[0]:
        raise kernel_error(op, f"Batch sizes of a and b must match, saw: {shape_a[0]} vs. "
                               f"{shape_b[0]}.", suffix, kernel=mkl)
    k_a = shape_a[-2] if transpose_a or adjoint_a else shape_a[-1]
    k_b = shape_b[-1] if transpose_b or adjoint_b else shape_b[-2]
    if k_a != k_b:
        raise kernel_error(op, f"Inner product dimensions of A and B do not agree. Shapes "
                               f"are: [{','.join(map(str, shape_a))}] vs. "
                               f"[{','.join(map(str, shape_b))}]", suffix, kernel=mkl)
    dense = csr_sparse_matrix_to_dense(a, a.dtype)
    out = matmul(dense, b, transpose_a=transpose_a, transpose_b=transpose_b,
                 adjoint_a=adjoint_a, adjoint_b=adjoint_b)
    if transpose_output:
        out = matrix_transpose(out)
    return conj(out) if conjugate_output else out
