"""What the LinearOperators made of a list of operators share (Composition, BlockDiag,
Kronecker): TF's checks of the list, their broadcast batch shape, and (BlockDiag, Kronecker)
the adjoint, Cholesky factor and inverse taken operator by operator."""
import numpy as np

from ..framework.tensor_shape import TensorShape
from ..ops.check_ops import assert_proper_iterable


def _empty(operators):
    return f"Expected a non-empty list of operators. Found: {operators}"


def _mixed(names):
    return "Expected all operators to have the same dtype.  Found " + "   ".join(names)


def checked_operators(operators, empty=_empty, mixed=_mixed):
    """`operators` as a list, checked as TF checks it: a proper iterable, not empty
    (ValueError `empty(operators)`), of one dtype (TypeError `mixed(names)`, names the
    operators' ``str((name, dtype))``)."""
    assert_proper_iterable(operators)
    operators = list(operators)
    if not operators:
        raise ValueError(empty(operators))
    if any(o.dtype != operators[0].dtype for o in operators):
        raise TypeError(mixed([str((o.name, o.dtype)) for o in operators]))
    return operators


def broadcast_batch_shape(operators):
    """The operators' batch shapes broadcast together, with the error of TF's
    common_shapes.broadcast_shape."""
    batch = tuple(operators[0].batch_shape.as_list())
    for operator in operators[1:]:
        try:
            batch = np.broadcast_shapes(batch, tuple(operator.batch_shape.as_list()))
        except ValueError:
            raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are "
                             f"compatible if for each dimension pair they are either "
                             f"equal or one of them is 1. Received: "
                             f"{TensorShape(list(batch))} and "
                             f"{operator.batch_shape}.") from None
    return TensorShape(list(batch))


class OperatorWise:
    """The adjoint, Cholesky factor and inverse of an operator made of `operators` that
    combines theirs the same way (TF's LinearOperatorBlockDiag, LinearOperatorKronecker)."""

    operators = property(lambda self: self._operators)

    def _each(self, method, **hints):
        return type(self)([getattr(o, method)() for o in self.operators], is_square=True,
                          **hints)

    def _linop_adjoint(self):
        return self._each("adjoint", is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint,
                          is_positive_definite=self.is_positive_definite)

    def _linop_cholesky(self):
        return self._each("cholesky", is_non_singular=True, is_self_adjoint=None)

    def _linop_inverse(self):
        return self._each("inverse", is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint,
                          is_positive_definite=self.is_positive_definite)
