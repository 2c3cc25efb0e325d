"""tf.linalg.LinearOperatorDiag: a (batch of) diagonal matrices, held as its diagonal."""
from ..framework.constant_op import convert_to_tensor
from ..ops import check_ops, cast_ops, reduction_ops, unary_ops
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, diag, diag_part, set_diag
from ..ops.manip_ops import expand_dims
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor


def assert_no_entries_with_modulus_zero(x, message=None):
    """TF's linear_operator_util check: no entry of `x` has modulus zero."""
    x = convert_to_tensor(x, name="x")
    dtype = x.dtype.base_dtype
    should_be_nonzero = unary_ops.abs(x)
    zero = convert_to_tensor(0, dtype=dtype.real_dtype)
    return check_ops.assert_less(zero, should_be_nonzero, message=message)


class LinearOperatorDiag(LinearOperator):
    """tf.linalg.LinearOperatorDiag(diag): the square operator diag(`diag`) [..., N]."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorDiag"):
        parameters = dict(diag=diag, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._diag = convert_nonref_to_tensor(diag, name="diag")
        self._check_diag(self._diag)
        if not self._diag.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        super().__init__(dtype=self._diag.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True,
                         parameters=parameters, name=name)

    def _check_diag(self, diag):
        if diag.shape.ndims is not None and diag.shape.ndims < 1:
            raise ValueError("Argument diag must have at least 1 dimension.  Found: %s" % diag)

    diag = property(lambda self: self._diag)

    def _shape(self):
        d = self._diag.shape
        return d.concatenate(d[-1:])

    def _hints(self, left, right):
        return dict(
            is_non_singular=lo.combined_non_singular_hint(left, right),
            is_self_adjoint=lo.combined_commuting_self_adjoint_hint(left, right),
            is_positive_definite=lo.combined_commuting_positive_definite_hint(left, right))

    def _linop_inverse(self):
        return LinearOperatorDiag(1. / self.diag, is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite,
                                  is_square=True)

    def _linop_matmul(self, left_operator, right_operator):
        from .full_matrix import LinearOperatorLowerTriangular
        hints = self._hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(left_operator.diag * right_operator.diag,
                                      is_square=True, **hints)
        if hasattr(right_operator, "_ones_diag") and hasattr(right_operator, "multiplier"):
            return LinearOperatorDiag(left_operator.diag * right_operator.multiplier,
                                      is_square=True, **hints)
        if isinstance(right_operator, LinearOperatorLowerTriangular):
            hints["is_positive_definite"] = None
            return LinearOperatorLowerTriangular(
                tril=left_operator.diag[..., None] * right_operator.to_dense(),
                is_square=True, **hints)
        return super()._linop_matmul(left_operator, right_operator)

    def _linop_solve(self, left_operator, right_operator):
        from .full_matrix import LinearOperatorLowerTriangular
        hints = self._hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(right_operator.diag / left_operator.diag,
                                      is_square=True, **hints)
        if hasattr(right_operator, "_ones_diag") and hasattr(right_operator, "multiplier"):
            return LinearOperatorDiag(right_operator.multiplier / left_operator.diag,
                                      is_square=True, **hints)
        if isinstance(right_operator, LinearOperatorLowerTriangular):
            hints["is_positive_definite"] = None
            return LinearOperatorLowerTriangular(
                tril=right_operator.to_dense() / left_operator.diag[..., None],
                is_square=True, **hints)
        return super()._linop_solve(left_operator, right_operator)

    def _assert_non_singular(self):
        return assert_no_entries_with_modulus_zero(
            self._diag, message="Singular operator:  Diagonal contained zero values.")

    def _assert_positive_definite(self):
        if self.dtype.is_complex:
            message = ("Diagonal operator had diagonal entries with non-positive real part, "
                       "thus was not positive definite.")
        else:
            message = ("Real diagonal operator had non-positive diagonal entries, thus was "
                       "not positive definite.")
        return check_ops.assert_positive(unary_ops.real(self._diag), message=message)

    def _assert_self_adjoint(self):
        if not self.dtype.is_complex:
            return None
        return check_ops.assert_equal(
            convert_to_tensor(0, dtype=self.dtype.real_dtype), unary_ops.imag(self._diag),
            message="This diagonal operator contained non-zero imaginary values.   Thus it "
                    "was not self-adjoint.")

    def _linop_adjoint(self):
        d = unary_ops.conj(self.diag) if self.diag.dtype.is_complex else self.diag
        return LinearOperatorDiag(d, is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite,
                                  is_square=True)

    def _linop_cholesky(self):
        return LinearOperatorDiag(unary_ops.sqrt(self.diag), is_non_singular=True,
                                  is_self_adjoint=True, is_positive_definite=True,
                                  is_square=True)

    def _diag_term(self, adjoint):
        return unary_ops.conj(self._diag) if adjoint else self._diag

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = dense_adjoint(x) if adjoint_arg else x
        return expand_dims(self._diag_term(adjoint), -1) * x

    def _matvec(self, x, adjoint=False):
        return self._diag_term(adjoint) * x

    def _determinant(self):
        return reduction_ops.reduce_prod(self._diag, axis=[-1])

    def _log_abs_determinant(self):
        log_det = reduction_ops.reduce_sum(unary_ops.log(unary_ops.abs(self._diag)), axis=[-1])
        return cast_ops.cast(log_det, self.dtype) if self.dtype.is_complex else log_det

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = dense_adjoint(rhs) if adjoint_arg else rhs
        return rhs * expand_dims(1. / self._diag_term(adjoint), -1)

    def _to_dense(self):
        return diag(self._diag)

    def _diag_part(self):
        return convert_to_tensor(self.diag)

    def _add_to_tensor(self, x):
        return set_diag(x, self._diag + diag_part(x))

    def _eigvals(self):
        return convert_to_tensor(self.diag)

    def _cond(self):
        a = unary_ops.abs(self.diag)
        return reduction_ops.reduce_max(a, axis=-1) / reduction_ops.reduce_min(a, axis=-1)


LinearOperatorDiag.__module__ = lo.TF_MODULE + "linear_operator_diag"
