"""tf.linalg.LinearOperatorAdjoint and LinearOperatorInversion: an operator's adjoint and
inverse, computed through the operator's own methods (A^H x = A.matmul(x, adjoint=True),
A^-1 x = A.solve(x))."""
from ..ops import unary_ops
from ..ops.matrix_diag_ops import adjoint as dense_adjoint
from . import linear_operator as lo
from .linear_operator import LinearOperator

_combine = lo.use_operator_or_provided_hint_unless_contradicting


def _hints(operator, relation, **provided):
    return {
        hint: _combine(operator, hint, provided[hint],
                       f"An operator is {what} if and only if its {relation} is {what}.")
        for hint, what in (("is_square", "square"), ("is_non_singular", "non-singular"),
                           ("is_self_adjoint", "self-adjoint"),
                           ("is_positive_definite", "positive-definite"))}


class _OperatorOf(LinearOperator):
    """What the adjoint and the inverse of `operator` share: the hints TF derives from the
    operator's, and its assertions (each holds for the operator iff for them)."""

    _relation = _suffix = None

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        parameters = dict(operator=operator, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._operator = operator
        hints = _hints(operator, self._relation, is_square=is_square,
                       is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                       is_positive_definite=is_positive_definite)
        super().__init__(dtype=operator.dtype, parameters=parameters,
                         name=operator.name + self._suffix if name is None else name, **hints)

    operator = property(lambda self: self._operator)

    def _assert_non_singular(self):
        return self.operator.assert_non_singular()

    def _assert_positive_definite(self):
        return self.operator.assert_positive_definite()

    def _assert_self_adjoint(self):
        return self.operator.assert_self_adjoint()

    def _cond(self):
        return self.operator.cond()


class LinearOperatorAdjoint(_OperatorOf):
    """tf.linalg.LinearOperatorAdjoint(operator): operator^H."""

    _relation, _suffix = "adjoint", "_adjoint"

    def _linop_adjoint(self):
        return self.operator

    def _shape(self):
        shape = self.operator.shape
        return shape[:-2].concatenate([shape[-1], shape[-2]])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self.operator.matmul(x, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _matvec(self, x, adjoint=False):
        return self.operator.matvec(x, adjoint=not adjoint)

    def _determinant(self):
        if self.is_self_adjoint:
            return self.operator.determinant()
        return unary_ops.conj(self.operator.determinant())

    def _log_abs_determinant(self):
        return self.operator.log_abs_determinant()

    def _trace(self):
        if self.is_self_adjoint:
            return self.operator.trace()
        return unary_ops.conj(self.operator.trace())

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self.operator.solve(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _solvevec(self, rhs, adjoint=False):
        return self.operator.solvevec(rhs, adjoint=not adjoint)

    def _to_dense(self):
        if self.is_self_adjoint:
            return self.operator.to_dense()
        return dense_adjoint(self.operator.to_dense())

    def _eigvals(self):
        eigvals = self.operator.eigvals()
        return eigvals if self.operator.is_self_adjoint else unary_ops.conj(eigvals)

class LinearOperatorInversion(_OperatorOf):
    """tf.linalg.LinearOperatorInversion(operator): operator^-1 (a square, non-singular
    operator)."""

    _relation, _suffix = "inverse", "_inv"

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError(
                "Argument `is_non_singular` or argument `operator` must have supplied hint "
                "`is_non_singular` equal to `True` or `None`. Found "
                f"`operator.is_non_singular`: {operator.is_non_singular}, "
                f"`is_non_singular`: {is_non_singular}.")
        if operator.is_square is False or is_square is False:
            raise ValueError(
                "Argument `is_square` or argument `operator` must have supplied hint "
                f"`is_square` equal to `True` or `None`. Found `operator.is_square`: "
                f"{operator.is_square}, `is_square`: {is_square}.")
        super().__init__(operator, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)

    def _linop_inverse(self):
        return self.operator

    def _linop_solve(self, left_operator, right_operator):
        return left_operator.operator.matmul(right_operator)

    def _shape(self):
        return self.operator.shape

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self.operator.solve(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        return 1. / self.operator.determinant()

    def _log_abs_determinant(self):
        return -1. * self.operator.log_abs_determinant()

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self.operator.matmul(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _eigvals(self):
        return 1. / self.operator.eigvals()

LinearOperatorAdjoint.__module__ = lo.TF_MODULE + "linear_operator_adjoint"
LinearOperatorInversion.__module__ = lo.TF_MODULE + "linear_operator_inversion"
