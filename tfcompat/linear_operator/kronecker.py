"""tf.linalg.LinearOperatorKronecker: the Kronecker product A1 (x) A2 (x) ... of operators,
applied factor by factor (reshapes and each factor's matmul or solve), never formed."""
import numpy as np

from ..framework import errors
from ..framework.dimension import as_dimension
from ..framework.tensor_shape import TensorShape
from ..ops import cast_ops, manip_ops, unary_ops
from ..ops.check_ops import assert_proper_iterable
from ..ops.matrix_diag_ops import matrix_transpose
from . import linear_operator as lo
from .linear_operator import LinearOperator

_NOT_SQUARE = ("All Kronecker factors must be square for the product to be invertible. "
               "Expected hint `is_square` to be True for every operator in argument "
               "`operators`.")


class LinearOperatorKronecker(LinearOperator):
    """tf.linalg.LinearOperatorKronecker(operators)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        assert_proper_iterable(operators)
        operators = list(operators)
        if not operators:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. "
                             f"Received: {operators}.")
        self._operators = operators
        dtype = operators[0].dtype
        for operator in operators:
            if operator.dtype != dtype:
                name_type = (str((o.name, o.dtype)) for o in operators)
                raise TypeError(f"Expected every operation in argument `operators` to have "
                                f"the same dtype. Received {list(name_type)}.")
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

    operators = property(lambda self: self._operators)

    def _shape(self):
        domain = self.operators[0].domain_dimension
        range_ = self.operators[0].range_dimension
        for o in self.operators[1:]:
            domain = domain * o.domain_dimension
            range_ = range_ * o.range_dimension
        batch = tuple(self.operators[0].batch_shape.as_list())
        for o in self.operators[1:]:
            batch = np.broadcast_shapes(batch, tuple(o.batch_shape.as_list()))
        return TensorShape(list(batch)).concatenate([range_, domain])

    def _factors(self, method, **hints):
        return LinearOperatorKronecker([getattr(o, method)() for o in self.operators],
                                       is_square=True, **hints)

    def _linop_adjoint(self):
        return self._factors("adjoint", is_non_singular=self.is_non_singular,
                             is_self_adjoint=self.is_self_adjoint,
                             is_positive_definite=self.is_positive_definite)

    def _linop_cholesky(self):
        return self._factors("cholesky", is_non_singular=True, is_self_adjoint=None)

    def _linop_inverse(self):
        return self._factors("inverse", is_non_singular=self.is_non_singular,
                             is_self_adjoint=self.is_self_adjoint,
                             is_positive_definite=self.is_positive_definite)

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
