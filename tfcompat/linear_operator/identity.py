"""tf.linalg.LinearOperatorIdentity and LinearOperatorScaledIdentity: (multiples of) the
N x N identity, with an optional batch shape. `num_rows` and `batch_shape` must be known
(Python ints or constant tensors): XLA compiles static shapes."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_shape import TensorShape
from ..ops import array_ops, check_ops, indexing_ops, unary_ops
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, diag_part, set_diag
from ..ops.manip_ops import expand_dims
from ..ops.op_args import traced
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor


def _static(value, what):
    t = convert_to_tensor(value, dtype_hint=dtypes.int32, name=what)
    if not t.dtype.is_integer:
        raise TypeError("Argument %s must be integer type.  Found: %s" % (what, t))
    if traced(t):
        raise TypeError(f"tfcompat: the {what} argument of a LinearOperator must be known "
                        f"when the tf.function is traced (XLA compiles static shapes)")
    return t, np.asarray(t._value)


def static_count(value, what):
    """A 0-D non-negative integer argument (num_rows, num_columns): (tensor, numpy)."""
    t, static = _static(value, what)
    if static.ndim != 0:
        raise ValueError("Argument %s must be a 0-D Tensor.  Found: %s" % (what, static))
    if static < 0:
        raise ValueError("Argument %s must be non-negative.  Found: %s" % (what, static))
    return t, static


def batch_shape_arg(batch_shape):
    """The batch_shape argument: (tensor, numpy), or (None, None)."""
    if batch_shape is None:
        return None, None
    t, static = _static(batch_shape, "batch_shape")
    if static.ndim != 1:
        raise ValueError("Argument batch_shape must be a 1-D Tensor.  Found: %s" % static)
    if np.any(static < 0):
        raise ValueError("Argument batch_shape must be non-negative.  Found:%s" % static)
    return t, static


def broadcast_batch_shape(operator, x):
    """x broadcast against the operator's batch_shape argument (if it has one)."""
    if operator._batch_shape_arg is None:
        return x
    special = operator.batch_shape.concatenate([1, 1])
    if tuple(np.broadcast_shapes(tuple(x.shape), tuple(special))) == tuple(x.shape):
        return x
    return x + array_ops.zeros(special.as_list(), dtype=operator.dtype)


class BaseLinearOperatorIdentity(LinearOperator):
    """What LinearOperatorIdentity and LinearOperatorScaledIdentity share."""

    def _check_num_rows(self, num_rows):
        self._num_rows, self._num_rows_static = static_count(num_rows, "num_rows")

    def _min_matrix_dim(self):
        return int(self._num_rows_static)

    def _ones_diag(self):
        return array_ops.ones(self.batch_shape.as_list() + [self._min_matrix_dim()],
                              dtype=self.dtype)

    def _matrix_shape(self):
        n = int(self._num_rows_static)
        return TensorShape([n, n])


class LinearOperatorIdentity(BaseLinearOperatorIdentity):
    """tf.linalg.LinearOperatorIdentity(num_rows, batch_shape=None, dtype=None)."""

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True,
                 is_self_adjoint=True, is_positive_definite=True, is_square=True,
                 assert_proper_shapes=False, name="LinearOperatorIdentity"):
        parameters = dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self._assert_proper_shapes = assert_proper_shapes
        if not is_self_adjoint:
            raise ValueError("An identity operator is always self adjoint.")
        if not is_non_singular:
            raise ValueError("An identity operator is always non-singular.")
        if not is_positive_definite:
            raise ValueError("An identity operator is always positive-definite.")
        if not is_square:
            raise ValueError("An identity operator is always square.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)
        self._check_num_rows(num_rows)
        self._batch_shape_arg, self._batch_shape_static = batch_shape_arg(batch_shape)

    def _shape(self):
        if self._batch_shape_arg is None:
            return self._matrix_shape()
        return TensorShape(self._batch_shape_static.tolist()).concatenate(self._matrix_shape())

    def _linop_adjoint(self):
        return self

    def _linop_cholesky(self):
        return LinearOperatorIdentity(num_rows=self._num_rows, batch_shape=self.batch_shape,
                                      dtype=self.dtype)

    def _linop_inverse(self):
        return self

    def _linop_matmul(self, left_operator, right_operator):
        return right_operator

    def _linop_solve(self, left_operator, right_operator):
        return right_operator

    def _assert_non_singular(self):
        return None

    _assert_positive_definite = _assert_self_adjoint = _assert_non_singular

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = dense_adjoint(x) if adjoint_arg else x
        return broadcast_batch_shape(self, x)

    def _determinant(self):
        return array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)

    def _log_abs_determinant(self):
        return array_ops.zeros(self.batch_shape.as_list(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint_arg=adjoint_arg)

    def _trace(self):
        return self._min_matrix_dim() * array_ops.ones(self.batch_shape.as_list(),
                                                       dtype=self.dtype)

    def _diag_part(self):
        return self._ones_diag()

    def add_to_tensor(self, mat, name="add_to_tensor"):
        mat = convert_to_tensor(mat, name="mat")
        return set_diag(mat, 1 + diag_part(mat))

    def _eigvals(self):
        return self._ones_diag()

    def _cond(self):
        return array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)


class LinearOperatorScaledIdentity(BaseLinearOperatorIdentity):
    """tf.linalg.LinearOperatorScaledIdentity(num_rows, multiplier): multiplier * I, its
    batch shape the multiplier's."""

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorScaledIdentity"):
        parameters = dict(num_rows=num_rows, multiplier=multiplier,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          assert_proper_shapes=assert_proper_shapes, name=name)
        self._assert_proper_shapes = assert_proper_shapes
        self._multiplier = convert_nonref_to_tensor(multiplier, name="multiplier")
        if not self._multiplier.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real diagonal operator is always self adjoint.")
            is_self_adjoint = True
        if not is_square:
            raise ValueError("A ScaledIdentity operator is always square.")
        super().__init__(dtype=self._multiplier.dtype.base_dtype,
                         is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)
        self._check_num_rows(num_rows)
        n = int(self._num_rows_static)
        self._num_rows_cast_to_dtype = convert_to_tensor(n, dtype=self.dtype)
        self._num_rows_cast_to_real_dtype = convert_to_tensor(n, dtype=self.dtype.real_dtype)

    multiplier = property(lambda self: self._multiplier)

    def _shape(self):
        return self.multiplier.shape.concatenate(self._matrix_shape())

    def _assert_non_singular(self):
        return check_ops.assert_positive(unary_ops.abs(self.multiplier),
                                         message="LinearOperator was singular")

    def _assert_positive_definite(self):
        return check_ops.assert_positive(unary_ops.real(self.multiplier),
                                         message="LinearOperator was not positive definite.")

    def _assert_self_adjoint(self):
        imag = unary_ops.imag(self.multiplier)
        return check_ops.assert_equal(array_ops.zeros_like(imag), imag,
                                      message="LinearOperator was not self-adjoint")

    def _make_multiplier_matrix(self, conjugate=False):
        m = expand_dims(expand_dims(self.multiplier, -1), -1)
        return unary_ops.conj(m) if conjugate else m

    def _scaled(self, multiplier, **hints):
        return LinearOperatorScaledIdentity(num_rows=self._num_rows, multiplier=multiplier,
                                            is_square=True, **hints)

    def _linop_adjoint(self):
        m = self.multiplier
        return self._scaled(unary_ops.conj(m) if m.dtype.is_complex else m,
                            is_non_singular=self.is_non_singular,
                            is_self_adjoint=self.is_self_adjoint,
                            is_positive_definite=self.is_positive_definite)

    def _linop_cholesky(self):
        return self._scaled(unary_ops.sqrt(self.multiplier), is_non_singular=True,
                            is_self_adjoint=True, is_positive_definite=True)

    def _linop_inverse(self):
        return self._scaled(1. / self.multiplier, is_non_singular=self.is_non_singular,
                            is_self_adjoint=True,
                            is_positive_definite=self.is_positive_definite)

    def _combine(self, left, right, scaled, diagonal, fallback):
        """left @ right (or left^-1 @ right): a ScaledIdentity with multiplier
        scaled(left's, right's), a Diag with diagonal(left's multiplier, right's diag)."""
        from .diag import LinearOperatorDiag
        hints = dict(
            is_non_singular=lo.combined_non_singular_hint(left, right),
            is_self_adjoint=lo.combined_commuting_self_adjoint_hint(left, right),
            is_positive_definite=lo.combined_commuting_positive_definite_hint(left, right))
        if isinstance(right, LinearOperatorScaledIdentity):
            return LinearOperatorScaledIdentity(
                num_rows=left.domain_dimension_tensor(),
                multiplier=scaled(left.multiplier, right.multiplier), is_square=True,
                **hints)
        if isinstance(right, LinearOperatorDiag):
            return LinearOperatorDiag(diag=diagonal(left.multiplier, right.diag),
                                      is_square=True, **hints)
        return fallback(left, right)

    def _linop_matmul(self, left_operator, right_operator):
        return self._combine(left_operator, right_operator, lambda a, b: a * b,
                             lambda m, d: d * m, super()._linop_matmul)

    def _linop_solve(self, left_operator, right_operator):
        return self._combine(left_operator, right_operator, lambda a, b: b / a,
                             lambda m, d: d / m, super()._linop_solve)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = dense_adjoint(x) if adjoint_arg else x
        return x * self._make_multiplier_matrix(conjugate=adjoint)

    def _determinant(self):
        return self.multiplier ** self._num_rows_cast_to_dtype

    def _log_abs_determinant(self):
        return self._num_rows_cast_to_real_dtype * unary_ops.log(unary_ops.abs(self.multiplier))

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = dense_adjoint(rhs) if adjoint_arg else rhs
        return rhs / self._make_multiplier_matrix(conjugate=adjoint)

    def _trace(self):
        ones = array_ops.ones(self.batch_shape.as_list(), dtype=self.dtype)
        return self.multiplier * self._min_matrix_dim() * ones

    def _diag_part(self):
        return self._ones_diag() * self.multiplier[..., None]

    def add_to_tensor(self, mat, name="add_to_tensor"):
        m = expand_dims(self.multiplier, -1)
        mat = convert_to_tensor(mat, name="mat")
        return set_diag(mat, m + diag_part(mat))

    def _eigvals(self):
        return self._ones_diag() * self.multiplier[..., None]

    def _cond(self):
        return indexing_ops.where(self._multiplier == 0.,
                                  convert_to_tensor(np.nan, dtype=self.dtype),
                                  convert_to_tensor(1., dtype=self.dtype))


LinearOperatorIdentity.__module__ = lo.TF_MODULE + "linear_operator_identity"
LinearOperatorScaledIdentity.__module__ = lo.TF_MODULE + "linear_operator_identity"
BaseLinearOperatorIdentity.__module__ = lo.TF_MODULE + "linear_operator_identity"
