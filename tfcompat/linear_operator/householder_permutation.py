"""tf.linalg.LinearOperatorHouseholder (the reflection I - 2 v v^H / |v|^2) and
LinearOperatorPermutation (the matrix whose row i is e_perm[i]): the two orthogonal,
matrix-free operators. A permutation must be known (a constant), as TF checks it."""
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..ops import array_ops, cast_ops, indexing_ops, manip_ops
from ..ops.comparison_ops import equal
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, diag_part, set_diag
from ..ops.norm_ops import l2_normalize
from ..ops.op_args import traced
from ..ops.product_ops import matmul
from ..ops.sort_ops import argsort
from ..ops.unary_ops import conj
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor


class LinearOperatorHouseholder(LinearOperator):
    """tf.linalg.LinearOperatorHouseholder(reflection_axis)."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorHouseholder"):
        parameters = dict(reflection_axis=reflection_axis, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._reflection_axis = convert_nonref_to_tensor(reflection_axis,
                                                         name="reflection_axis")
        if self._reflection_axis.shape.ndims < 1:
            raise ValueError("Argument reflection_axis must have at least 1 dimension.  "
                             "Found: %s" % self._reflection_axis)
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_positive_definite is True:
            raise ValueError("A Householder operator is always non-positive definite.")
        if is_square is False:
            raise ValueError("A Householder operator is always square.")
        super().__init__(dtype=self._reflection_axis.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=True, is_positive_definite=False, is_square=True,
                         parameters=parameters, name=name)

    reflection_axis = property(lambda self: self._reflection_axis)

    def _shape(self):
        d = self._reflection_axis.shape
        return d.concatenate(d[-1:])

    def _assert_non_singular(self):
        return None

    def _assert_positive_definite(self):
        raise errors.InvalidArgumentError(
            None, None, "Householder operators are always non-positive definite.")

    def _assert_self_adjoint(self):
        return None

    def _linop_adjoint(self):
        return self

    def _linop_inverse(self):
        return self

    def _unit_axis(self):
        return l2_normalize(convert_to_tensor(self.reflection_axis), axis=-1)[..., None]

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = dense_adjoint(x) if adjoint_arg else x
        mat = self._unit_axis()
        return x - 2 * mat * matmul(mat, x, adjoint_a=True)

    def _trace(self):
        n = self.shape.as_list()[-1]
        return convert_to_tensor(n - 2, dtype=self.dtype) * array_ops.ones(
            self.batch_shape.as_list(), dtype=self.dtype)

    def _determinant(self):
        return -array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self):
        return array_ops.zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint, adjoint_arg)

    def _to_dense(self):
        mat = self._unit_axis()
        matrix = -2 * matmul(mat, mat, adjoint_b=True)
        return set_diag(matrix, 1. + diag_part(matrix))

    def _diag_part(self):
        v = l2_normalize(convert_to_tensor(self.reflection_axis), axis=-1)
        return 1. - 2 * v * conj(v)

    def _eigvals(self):
        shape = self.reflection_axis.shape.as_list()
        return manip_ops.concat([-array_ops.ones(shape[:-1] + [1], dtype=self.dtype),
                                 array_ops.ones(shape[:-1] + [shape[-1] - 1],
                                                dtype=self.dtype)], axis=-1)

    def _cond(self):
        return array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)


class LinearOperatorPermutation(LinearOperator):
    """tf.linalg.LinearOperatorPermutation(perm, dtype=tf.float32)."""

    def __init__(self, perm, dtype=dtypes.float32, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorPermutation"):
        parameters = dict(perm=perm, dtype=dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._perm = convert_nonref_to_tensor(perm, name="perm")
        self._check_perm(self._perm)
        if is_non_singular is False:
            raise ValueError(f"A Permutation operator is always non-singular. Expected "
                             f"argument `is_non_singular` to be True. Received: "
                             f"{is_non_singular}.")
        if is_square is False:
            raise ValueError(f"A Permutation operator is always square. Expected argument "
                             f"`is_square` to be True. Received: {is_square}.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True,
                         parameters=parameters, name=name)

    def _check_perm(self, perm):
        if perm.shape.ndims < 1:
            raise ValueError(f"Argument `perm` must have at least 1 dimension. "
                             f"Received: {perm}.")
        if not perm.dtype.is_integer:
            raise TypeError(f"Argument `perm` must be integer dtype. Received: {perm}.")
        if not traced(perm):
            static = np.asarray(perm._value)
            if np.any(np.sort(static, axis=-1) != np.arange(0, static.shape[-1])):
                raise ValueError(f"Argument `perm` must be a vector of unique integers from "
                                 f"0 to {static.shape[-1] - 1}.")

    perm = property(lambda self: self._perm)

    def _shape(self):
        p = self._perm.shape
        return p.concatenate(p[-1:])

    def _assert_non_singular(self):
        return None

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        perm = convert_to_tensor(self.perm)
        if adjoint and not self.is_self_adjoint:
            perm = argsort(perm, axis=-1)
        x = dense_adjoint(x) if adjoint_arg else x
        shape = list(np.broadcast_shapes(tuple(x.shape[:-1]), tuple(perm.shape)))
        k = x.shape[-1]
        x = manip_ops.broadcast_to(x, shape + [k])
        perm = manip_ops.broadcast_to(perm, shape)
        m = shape[-1]
        y = indexing_ops.gather(manip_ops.reshape(x, [-1, m, k]),
                                manip_ops.reshape(perm, [-1, m]), axis=-2, batch_dims=1)
        return manip_ops.reshape(y, shape + [k])

    def _log_abs_determinant(self):
        return array_ops.zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _to_dense(self):
        perm = convert_to_tensor(self.perm)
        n = perm.shape[-1]
        return cast_ops.cast(equal(array_ops.range(0, n), perm[..., None]), self.dtype)

    def _diag_part(self):
        perm = convert_to_tensor(self.perm)
        n = perm.shape[-1]
        return cast_ops.cast(equal(array_ops.range(0, n), perm), self.dtype)

    def _cond(self):
        return array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)


LinearOperatorHouseholder.__module__ = lo.TF_MODULE + "linear_operator_householder"
LinearOperatorPermutation.__module__ = lo.TF_MODULE + "linear_operator_permutation"
