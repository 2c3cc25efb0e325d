"""tf.linalg.LinearOperatorKronecker: the Kronecker product A1 (x) A2 (x) ... of operators,
applied factor by factor (reshapes and each factor's matmul or solve), never formed."""

from ..framework import errors
from ..framework.dimension import as_dimension
from ..ops import cast_ops, manip_ops, unary_ops
from ..ops.matrix_diag_ops import matrix_transpose
from . import linear_operator as lo
from .linear_operator import LinearOperator
from .operator_list import OperatorWise, broadcast_batch_shape, checked_operators

_NOT_SQUARE = ("All Kronecker factors must be square for the product to be invertible. "
               "Expected hint `is_square` to be True for every operator in argument "
               "`operators`.")


class LinearOperatorKronecker(OperatorWise, LinearOperator):
    """tf.linalg.LinearOperatorKronecker(operators)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._operators = operators = checked_operators(
            operators,
            empty=lambda found: f"Argument `operators` must be a list of >=1 operators. "
                                f"Received: {found}.",
            mixed=lambda names: f"Expected every operation in argument `operators` to have "
                                f"the same dtype. Received {names}.")
        dtype = operators[0].dtype
        hints = {"is_non_singular": is_non_singular, "is_self_adjoint": is_self_adjoint,
                 "is_positive_definite": is_positive_definite}
        for hint, what in (("is_non_singular", "non-singular"),
                           ("is_self_adjoint", "self-adjoint"),
                           ("is_positive_definite", "positive-definite")):
            if all(getattr(o, hint) for o in operators):
                if hints[hint] is False:
                    raise ValueError(
                        f"The Kronecker product of {what} operators is always {what}. "
                        f"Expected argument `{hint}` to be True. Received: False.")
                hints[hint] = True
        if name is None:
            name = "_x_".join(o.name for o in operators)
        super().__init__(dtype=dtype, is_square=is_square, parameters=parameters, name=name,
                         **hints)

    def _shape(self):
        domain = self.operators[0].domain_dimension
        range_ = self.operators[0].range_dimension
        for o in self.operators[1:]:
            domain = domain * o.domain_dimension
            range_ = range_ * o.range_dimension
        return broadcast_batch_shape(self.operators).concatenate([range_, domain])

    def _solve_matmul_internal(self, x, fn, adjoint=False, adjoint_arg=False):
        """TF's order: x^T (or conj(x)) reshaped against each factor from the last, the
        factor applied to its adjoint argument."""
        output = x
        if adjoint_arg:
            if self.dtype.is_complex:
                output = unary_ops.conj(output)
        else:
            output = matrix_transpose(output)
        for o in reversed(self.operators):
            dim = int(as_dimension(o.range_dimension if adjoint else o.domain_dimension))
            shape = output.shape.as_list()
            output = manip_ops.reshape(output, shape[:-2] + [shape[-2] * shape[-1] // dim, dim])
            if self.dtype.is_complex:
                output = unary_ops.conj(output)
            output = fn(o, output, adjoint=adjoint, adjoint_arg=True)
        col_dim = x.shape[-2] if adjoint_arg else x.shape[-1]
        row_dim = int(as_dimension(self.domain_dimension if adjoint else self.range_dimension))
        return manip_ops.reshape(output, output.shape.as_list()[:-2] + [row_dim, col_dim])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self._solve_matmul_internal(
            x, lambda o, x, adjoint, adjoint_arg: o.matmul(x, adjoint=adjoint,
                                                           adjoint_arg=adjoint_arg),
            adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._solve_matmul_internal(
            rhs, lambda o, x, adjoint, adjoint_arg: o.solve(x, adjoint=adjoint,
                                                            adjoint_arg=adjoint_arg),
            adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _power(self, operator):
        total = int(as_dimension(self.domain_dimension))
        return cast_ops.cast(total / int(as_dimension(operator.domain_dimension)),
                             operator.dtype)

    def _determinant(self):
        det = 1.
        for o in self.operators:
            det = det * o.determinant() ** self._power(o)
        return det

    def _log_abs_determinant(self):
        log_abs_det = 0.
        for o in self.operators:
            log_abs_det += o.log_abs_determinant() * self._power(o)
        return log_abs_det

    def _trace(self):
        trace = 1.
        for o in self.operators:
            trace = trace * o.trace()
        return trace

    def _outer(self, values):
        product = values[0]
        for v in values[1:]:
            product = product[..., :, None] * v[..., None, :]
            product = manip_ops.reshape(product, product.shape.as_list()[:-2] + [-1])
        return product

    def _diag_part(self):
        return self._outer([o.diag_part() for o in self.operators])

    def _to_dense(self):
        product = self.operators[0].to_dense()
        for o in self.operators[1:]:
            product = product[..., :, None, :, None] * o.to_dense()[..., None, :, None, :]
            s = product.shape.as_list()
            product = manip_ops.reshape(product, s[:-4] + [s[-4] * s[-3], s[-2] * s[-1]])
        return product

    def _eigvals(self):
        return self._outer([o.eigvals() for o in self.operators])

    def _assert_non_singular(self):
        if all(o.is_square for o in self.operators):
            for o in self.operators:
                o.assert_non_singular()
            return None
        raise errors.InvalidArgumentError(None, None, _NOT_SQUARE)

    def _assert_self_adjoint(self):
        if all(o.is_square for o in self.operators):
            for o in self.operators:
                o.assert_self_adjoint()
            return None
        raise errors.InvalidArgumentError(None, None, _NOT_SQUARE)


LinearOperatorKronecker.__module__ = lo.TF_MODULE + "linear_operator_kronecker"
