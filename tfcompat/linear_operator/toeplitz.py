"""tf.linalg.LinearOperatorToeplitz: a square Toeplitz matrix held as its first column and
row; matmul as TF does it, by embedding in a 2N x 2N circulant applied with FFTs (solves
and determinants through the dense matrix, as TF)."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..ops import array_ops, cast_ops, check_ops, indexing_ops, manip_ops, unary_ops
from ..ops.fft_ops import fft, ifft
from ..ops.manip_ops import broadcast_static_shape
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, matrix_transpose
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor


def to_complex(x):
    """TF's linear_operator_circulant._to_complex: complex128 for 64-bit inputs."""
    dtype = dtypes.complex64
    if x.dtype in (dtypes.float64, dtypes.complex128):
        dtype = dtypes.complex128
    return cast_ops.cast(x, dtype)


def circulant_matmul(spectrum, x, adjoint, dtype):
    """LinearOperatorCirculant(spectrum).matmul(x) for a 1-D spectrum [..., N] and x
    [..., N, R]: ifft(spectrum * fft(x's columns)), cast to `dtype`."""
    spectrum = to_complex(spectrum)
    if adjoint:
        spectrum = unary_ops.conj(spectrum)
    x_vb = matrix_transpose(cast_ops.cast(x, spectrum.dtype))
    y = ifft(manip_ops.expand_dims(spectrum, -2) * fft(x_vb))
    return cast_ops.cast(matrix_transpose(y), dtype)


class LinearOperatorToeplitz(LinearOperator):
    """tf.linalg.LinearOperatorToeplitz(col, row): first column `col`, first row `row`
    (TF ignores row[..., 0]; the diagonal is col[..., 0])."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorToeplitz"):
        parameters = dict(col=col, row=row, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._row = convert_nonref_to_tensor(row, name="row")
        self._col = convert_nonref_to_tensor(col, name="col")
        self._check_row_col(self._row, self._col)
        if is_square is False:
            raise ValueError("Only square Toeplitz operators currently supported.")
        super().__init__(dtype=self._row.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True,
                         parameters=parameters, name=name)

    col = property(lambda self: self._col)
    row = property(lambda self: self._row)

    @staticmethod
    def _check_row_col(row, col):
        for name, tensor in (("row", row), ("col", col)):
            if tensor.shape.ndims is not None and tensor.shape.ndims < 1:
                raise ValueError(f"Argument {name} must have at least 1 dimension.  "
                                 f"Found: {tensor}")
        if (row.shape[-1] is not None and col.shape[-1] is not None and
                row.shape[-1] != col.shape[-1]):
            raise ValueError("Expected square matrix, got row and col with mismatched "
                             "dimensions.")

    def _shape(self):
        v_shape = broadcast_static_shape(self.row.shape, self.col.shape)
        return v_shape.concatenate(v_shape[-1:])

    def _assert_self_adjoint(self):
        return check_ops.assert_equal(self.row, self.col, message=(
            "row and col are not the same, and so this operator is not self-adjoint."))

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = dense_adjoint(x) if adjoint_arg else x
        expanded_x = manip_ops.concat([x, array_ops.zeros_like(x)], axis=-2)
        col = convert_to_tensor(self.col)
        row = convert_to_tensor(self.row)
        circulant_col = manip_ops.concat(
            [col, array_ops.zeros_like(col[..., 0:1]),
             manip_ops.reverse(row[..., 1:], axis=[-1])], axis=-1)
        result = circulant_matmul(fft(to_complex(circulant_col)), expanded_x, adjoint,
                                  row.dtype)
        n = self.shape[-1]
        return cast_ops.cast(result[..., :n, :], self.dtype)

    def _trace(self):
        return cast_ops.cast(self.shape[-1], dtype=self.dtype) * self.col[..., 0]

    def _diag_part(self):
        return self.col[..., 0:1] * array_ops.ones([self.shape[-1]], self.dtype)

    def _to_dense(self):
        row = convert_to_tensor(self.row)
        col = convert_to_tensor(self.col)
        total_shape = broadcast_static_shape(row.shape, col.shape).as_list()
        n = row.shape[-1]
        row = manip_ops.broadcast_to(row, total_shape)
        col = manip_ops.broadcast_to(col, total_shape)
        elements = manip_ops.concat([manip_ops.reverse(col, axis=[-1]), row[..., 1:]],
                                    axis=-1)
        indices = [[(j + n - 1 - i) % (2 * n - 1) for j in range(n)] for i in range(n)]
        return indexing_ops.gather(elements, convert_to_tensor(indices), axis=-1)


LinearOperatorToeplitz.__module__ = lo.TF_MODULE + "linear_operator_toeplitz"
