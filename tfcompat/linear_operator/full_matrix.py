"""tf.linalg.LinearOperatorFullMatrix and LinearOperatorLowerTriangular: operators held
as a dense (batch of) matrix, or the lower triangle of one."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..ops import reduction_ops, unary_ops
from ..ops.linalg_solve_ops import triangular_solve
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, band_part, diag_part
from ..ops.product_ops import matmul
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor

_ALLOWED = [dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
            dtypes.complex128]


class LinearOperatorFullMatrix(LinearOperator):
    """tf.linalg.LinearOperatorFullMatrix(matrix): `matrix` [..., M, N] as the operator."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorFullMatrix"):
        parameters = dict(matrix=matrix, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._matrix = convert_nonref_to_tensor(matrix, name="matrix")
        dense = convert_to_tensor(self._matrix, name="matrix")
        if dense.dtype not in _ALLOWED:
            raise TypeError(f"Argument `matrix` must have dtype in {_ALLOWED}. "
                            f"Received: {dense.dtype}.")
        if dense.shape.ndims is not None and dense.shape.ndims < 2:
            raise ValueError(f"Argument `matrix` must have at least 2 dimensions. "
                             f"Received: {dense}.")
        super().__init__(dtype=self._matrix.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)

    matrix = property(lambda self: self._matrix)

    def _shape(self):
        return self._matrix.shape

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return matmul(self._matrix, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._dense_solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _to_dense(self):
        return convert_to_tensor(self._matrix)


class LinearOperatorLowerTriangular(LinearOperator):
    """tf.linalg.LinearOperatorLowerTriangular(tril): the lower triangle of `tril` (the
    rest of it is ignored)."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        parameters = dict(tril=tril, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        self._tril = convert_nonref_to_tensor(tril, name="tril")
        if self._tril.shape.ndims is not None and self._tril.shape.ndims < 2:
            raise ValueError("Argument tril must have at least 2 dimensions.  Found: %s"
                             % self._tril)
        super().__init__(dtype=self._tril.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True,
                         parameters=parameters, name=name)

    tril = property(lambda self: self._tril)

    def _get_tril(self):
        return band_part(self._tril, -1, 0)

    def _get_diag(self):
        return diag_part(self._tril)

    def _shape(self):
        return self._tril.shape

    def _assert_non_singular(self):
        from .diag import assert_no_entries_with_modulus_zero
        return assert_no_entries_with_modulus_zero(
            self._get_diag(), message="Singular operator:  Diagonal contained zero values.")

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return matmul(self._get_tril(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _linop_matmul(self, left_operator, right_operator):
        if hasattr(right_operator, "_check_diag"):
            return LinearOperatorLowerTriangular(
                tril=left_operator.to_dense() * right_operator.diag,
                is_non_singular=lo.combined_non_singular_hint(right_operator, left_operator),
                is_self_adjoint=lo.combined_commuting_self_adjoint_hint(right_operator,
                                                                        left_operator),
                is_positive_definite=None, is_square=True)
        return super()._linop_matmul(left_operator, right_operator)

    def _determinant(self):
        return reduction_ops.reduce_prod(self._get_diag(), axis=[-1])

    def _log_abs_determinant(self):
        return reduction_ops.reduce_sum(unary_ops.log(unary_ops.abs(self._get_diag())),
                                        axis=[-1])

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = dense_adjoint(rhs) if adjoint_arg else rhs
        return triangular_solve(self._get_tril(), rhs, lower=True, adjoint=adjoint)

    def _to_dense(self):
        return self._get_tril()

    def _eigvals(self):
        return self._get_diag()


LinearOperatorFullMatrix.__module__ = lo.TF_MODULE + "linear_operator_full_matrix"
LinearOperatorLowerTriangular.__module__ = lo.TF_MODULE + "linear_operator_lower_triangular"
