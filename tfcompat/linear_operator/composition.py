"""tf.linalg.LinearOperatorComposition: the product A1 @ A2 @ ... @ An of operators,
applied one after the other."""

from ..ops import unary_ops
from ..ops.manip_ops import expand_dims
from ..ops.linalg_solve_ops import cholesky
from . import linear_operator as lo
from .linear_operator import LinearOperator
from .operator_list import broadcast_batch_shape, checked_operators


def _must_be_self_adjoint(operators):
    if len(operators) == 1 and operators[0].is_self_adjoint:
        return True
    return lo.is_aat_form(operators)


class LinearOperatorComposition(LinearOperator):
    """tf.linalg.LinearOperatorComposition(operators)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._operators = operators = checked_operators(operators)
        dtype = operators[0].dtype
        if all(operator.is_non_singular for operator in operators):
            if is_non_singular is False:
                raise ValueError("The composition of non-singular operators is always "
                                 "non-singular.")
            is_non_singular = True
        if _must_be_self_adjoint(operators):
            if is_self_adjoint is False:
                raise ValueError("The composition was determined to be self-adjoint but user "
                                 "provided incorrect `False` hint.")
            is_self_adjoint = True
        if lo.is_aat_form(operators):
            if is_square is False:
                raise ValueError("The composition was determined have the form A @ A.H, "
                                 "hence it must be square. The user provided an incorrect "
                                 "`False` hint.")
            is_square = True
            if is_non_singular:
                if is_positive_definite is False:
                    raise ValueError(
                        "The composition was determined to be non-singular and have the "
                        "form A @ A.H, hence it must be positive-definite. The user provided "
                        "an incorrect `False` hint.")
                is_positive_definite = True
        if name is None:
            name = "_o_".join(operator.name for operator in operators)
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)

    operators = property(lambda self: self._operators)

    def _shape(self):
        domain = self.operators[0].domain_dimension
        for operator in self.operators[1:]:
            domain.assert_is_compatible_with(operator.range_dimension)
            domain = operator.domain_dimension
        return broadcast_batch_shape(self.operators).concatenate(
            [self.operators[0].range_dimension, self.operators[-1].domain_dimension])

    def _linop_cholesky(self):
        from .full_matrix import LinearOperatorLowerTriangular
        ops_ = self.operators
        if not (len(ops_) == 2 and lo.is_aat_form(ops_) and
                isinstance(ops_[0], LinearOperatorLowerTriangular)):
            return LinearOperatorLowerTriangular(cholesky(self.to_dense()),
                                                 is_non_singular=True, is_self_adjoint=False,
                                                 is_square=True)
        left = ops_[0]
        if left.is_positive_definite:
            return left
        diag_sign = expand_dims(unary_ops.sign(left.diag_part()), axis=-2)
        return LinearOperatorLowerTriangular(
            tril=left.tril / diag_sign, is_non_singular=left.is_non_singular,
            is_self_adjoint=left.is_self_adjoint,
            is_positive_definite=True if left.is_positive_definite else None, is_square=True)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        order = self.operators if adjoint else list(reversed(self.operators))
        result = order[0].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            result = operator.matmul(result, adjoint=adjoint)
        return result

    def _determinant(self):
        result = self.operators[0].determinant()
        for operator in self.operators[1:]:
            result *= operator.determinant()
        return result

    def _log_abs_determinant(self):
        result = self.operators[0].log_abs_determinant()
        for operator in self.operators[1:]:
            result += operator.log_abs_determinant()
        return result

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        order = list(reversed(self.operators)) if adjoint else self.operators
        solution = order[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            solution = operator.solve(solution, adjoint=adjoint)
        return solution

    def _assert_non_singular(self):
        if all(operator.is_square for operator in self.operators):
            for operator in self.operators:
                operator.assert_non_singular()
            return None
        return super()._assert_non_singular()


LinearOperatorComposition.__module__ = lo.TF_MODULE + "linear_operator_composition"
