"""tf.linalg.LinearOperatorZeros: the M x N zero operator, with an optional batch shape.
`num_rows`, `num_columns` and `batch_shape` must be known (static shapes)."""
from ..framework import dtypes, errors
from ..framework.tensor_shape import TensorShape
from ..ops import array_ops
from . import linear_operator as lo
from .identity import batch_shape_arg, broadcast_batch_shape, static_count
from .linear_operator import LinearOperator


class LinearOperatorZeros(LinearOperator):
    """tf.linalg.LinearOperatorZeros(num_rows, num_columns=None, batch_shape=None,
    dtype=None)."""

    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None,
                 is_non_singular=False, is_self_adjoint=True, is_positive_definite=False,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorZeros"):
        parameters = dict(num_rows=num_rows, num_columns=num_columns, batch_shape=batch_shape,
                          dtype=dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self._assert_proper_shapes = assert_proper_shapes
        if not is_self_adjoint and is_square:
            raise ValueError("A zero operator is always self adjoint.")
        if is_non_singular:
            raise ValueError("A zero operator is always singular.")
        if is_positive_definite:
            raise ValueError("A zero operator is always not positive-definite.")
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)
        self._num_rows, self._num_rows_static = static_count(num_rows, "num_rows")
        self._num_columns, self._num_columns_static = static_count(
            num_rows if num_columns is None else num_columns, "num_columns")
        if is_square and self._num_rows_static != self._num_columns_static:
            raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                             f"num_rows({self._num_rows_static}) != "
                             f"num_columns({self._num_columns_static})")
        self._batch_shape_arg, self._batch_shape_static = batch_shape_arg(batch_shape)

    def _shape(self):
        matrix = TensorShape([int(self._num_rows_static), int(self._num_columns_static)])
        if self._batch_shape_arg is None:
            return matrix
        return TensorShape(self._batch_shape_static.tolist()).concatenate(matrix)

    def _assert_non_singular(self):
        raise errors.InvalidArgumentError(None, None,
                                          "Zero operators are always non-invertible.")

    def _assert_positive_definite(self):
        raise errors.InvalidArgumentError(None, None,
                                          "Zero operators are always non-positive definite.")

    def _assert_self_adjoint(self):
        return None

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        shape = x.shape.as_list()
        if self.is_square:
            out = shape[:-2] + (shape[-2:][::-1] if adjoint_arg else shape[-2:])
        else:
            n = self._num_columns_static if adjoint else self._num_rows_static
            out = shape[:-2] + [int(n), shape[-2] if adjoint_arg else shape[-1]]
        return broadcast_batch_shape(self, array_ops.zeros(out, dtype=x.dtype))

    def _linop_matmul(self, left_operator, right_operator):
        if not left_operator.is_square or not right_operator.is_square:
            raise ValueError("Matmul with non-square `LinearOperator`s or non-square "
                             "`LinearOperatorZeros` not supported at this time.")
        return left_operator

    def _determinant(self):
        return array_ops.zeros(self.batch_shape.as_list(), dtype=self.dtype)

    _trace = _determinant

    def _diag_part(self):
        return self._zeros_diag()

    def add_to_tensor(self, mat, name="add_to_tensor"):
        return broadcast_batch_shape(self, mat)

    def _min_matrix_dim(self):
        return min(int(self._num_rows_static), int(self._num_columns_static))

    def _zeros_diag(self):
        return array_ops.zeros(self.batch_shape.as_list() + [self._min_matrix_dim()],
                               dtype=self.dtype)

    def _eigvals(self):
        return self._zeros_diag()


LinearOperatorZeros.__module__ = lo.TF_MODULE + "linear_operator_zeros"
