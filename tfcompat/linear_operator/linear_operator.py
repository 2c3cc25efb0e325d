"""tf.linalg.LinearOperator: the base class (shape and dimension queries, the is_* hints,
matmul/matvec/solve/solvevec, determinants, to_dense, diag_part, trace, add_to_tensor,
eigvals, cond, adjoint/inverse/cholesky as operators, the assert_* checks), with TF's
defaults through a dense matrix, and the hint-combining rules its subclasses share.

A LinearOperator is a tf.Module (its Variables are tracked). TF also makes it a
CompositeTensor (a tf.function argument of its own TypeSpec); tfcompat's is a Python
object, so a tf.function given one traces it as a constant, per object.
"""
import abc

import numpy as np

from ..framework import dtypes, tf_logging
from ..framework.constant_op import convert_to_tensor
from ..framework.deprecation import warn_deprecated
from ..framework.module import Module
from ..framework.dimension import Dimension, as_dimension, dimension_value
from ..framework.variables import Variable
from ..ops import check_ops, manip_ops, reduction_ops, unary_ops
from ..ops.decomposition_ops import eigvalsh, svd
from ..ops.linalg_solve_ops import cholesky, cholesky_solve, det, slogdet, solve
from ..ops.matrix_diag_ops import adjoint as _dense_adjoint, diag_part, eye
from ..framework.context import x64_methods

TF_MODULE = "tensorflow.python.ops.linalg."
_log = tf_logging.get_logger()


def convert_nonref_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """TF's linear_operator_util.convert_nonref_to_tensor: Variables stay Variables."""
    if isinstance(value, Variable):
        if dtype is not None and value.dtype != dtypes.as_dtype(dtype):
            raise TypeError(f"Mismatched type: {value.dtype} != {dtypes.as_dtype(dtype)}.")
        return value
    return convert_to_tensor(value, dtype=dtype, dtype_hint=dtype_hint, name=name)


def use_operator_or_provided_hint_unless_contradicting(operator, hint_attr_name,
                                                       provided_hint_value, message):
    """An operator's hint combined with a provided one (ValueError when they contradict)."""
    op_hint = getattr(operator, hint_attr_name)
    if op_hint is False and provided_hint_value:
        raise ValueError(message)
    if op_hint and provided_hint_value is False:
        raise ValueError(message)
    if op_hint or provided_hint_value:
        return True
    if op_hint is False or provided_hint_value is False:
        return False
    return None


def combined_commuting_self_adjoint_hint(a, b):
    if a.is_self_adjoint and b.is_self_adjoint:
        return True
    if (a.is_self_adjoint is True and b.is_self_adjoint is False) or (
            a.is_self_adjoint is False and b.is_self_adjoint is True):
        return False
    return None


def combined_commuting_positive_definite_hint(a, b):
    if (a.is_positive_definite is True and a.is_self_adjoint is True and
            b.is_positive_definite is True and b.is_self_adjoint is True):
        return True
    return None


def combined_non_singular_hint(a, b):
    if a.is_non_singular is False or b.is_non_singular is False:
        return False
    return a.is_non_singular and b.is_non_singular


def combined_is_square(a, b):
    """TF's property_hint_util.is_square of a @ b."""
    if a.is_square and b.is_square:
        return True
    if a.is_square is False and b.is_square is False:
        m, n = a.range_dimension, b.domain_dimension
        if m is not None and n is not None:
            return m == n
    if a.is_square != b.is_square and a.is_square is not None and b.is_square is not None:
        return False
    return None


def is_adjoint_pair(x, y):
    """Whether y is x's adjoint (as TF's linear_operator_util.is_adjoint_pair)."""
    if x is y and x.is_self_adjoint:
        return True
    from .adjoint_inversion import LinearOperatorAdjoint
    return (isinstance(y, LinearOperatorAdjoint) and y.operator is x) or (
        isinstance(x, LinearOperatorAdjoint) and x.operator is y)


def is_aat_form(operators):
    operators = list(operators)
    if not operators:
        raise ValueError("AAT form is undefined for empty operators")
    if len(operators) % 2:
        return False
    return all(is_adjoint_pair(operators[i], operators[-1 - i])
               for i in range(len(operators) // 2))


def _warn_dense(what):
    _log.warning(f"Using (possibly slow) default implementation of {what}."
                       "  Requires conversion to a dense matrix and O(N^3) operations.")


def _dimension_at(shape, index):
    return Dimension(None) if shape.rank is None else as_dimension(shape[index])


def matrix_solve_with_broadcast(matrix, rhs, adjoint=False):
    """solve() with the batch dimensions of `matrix` and `rhs` broadcast."""
    rhs = convert_to_tensor(rhs, dtype=matrix.dtype, name="rhs")
    batch = list(np.broadcast_shapes(tuple(matrix.shape[:-2]), tuple(rhs.shape[:-2])))
    matrix = manip_ops.broadcast_to(matrix, batch + list(matrix.shape[-2:]))
    rhs = manip_ops.broadcast_to(rhs, batch + list(rhs.shape[-2:]))
    return solve(matrix, rhs, adjoint=adjoint)


@x64_methods
class LinearOperator(Module, metaclass=abc.ABCMeta):
    """tf.linalg.LinearOperator: a (batch of) M x N linear operator(s)."""

    def __init__(self, dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        if is_positive_definite:
            if is_non_singular is False:
                raise ValueError("A positive definite matrix is always non-singular.")
            is_non_singular = True
        if is_non_singular:
            if is_square is False:
                raise ValueError("A non-singular matrix is always square.")
            is_square = True
        if is_self_adjoint:
            if is_square is False:
                raise ValueError("A self-adjoint matrix is always square.")
            is_square = True
        self._is_square_set_or_implied_by_hints = is_square
        self._graph_parents = [] if graph_parents is None else list(graph_parents)
        self._dtype = dtypes.as_dtype(dtype).base_dtype if dtype else dtype
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        # (untracked, as TF's _no_dependency: the arguments as given, not wrapped)
        object.__setattr__(self, "_parameters", dict(parameters or {}))
        self._name = name or type(self).__name__

    # -- properties -----------------------------------------------------------------------

    parameters = property(lambda self: dict(self._parameters))
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)
    is_non_singular = property(lambda self: self._is_non_singular)
    is_self_adjoint = property(lambda self: self._is_self_adjoint)
    is_positive_definite = property(lambda self: self._is_positive_definite)

    @property
    def graph_parents(self):
        warn_deprecated("LinearOperator.graph_parents",
                        "tensorflow.python.ops.linalg.linear_operator",
                        "Do not call `graph_parents`.")
        return self._graph_parents

    @property
    def is_square(self):
        auto = self.domain_dimension == self.range_dimension
        if self._is_square_set_or_implied_by_hints is False and auto:
            raise ValueError("User set is_square hint to False, but the operator was square.")
        if self._is_square_set_or_implied_by_hints is None:
            return auto
        return self._is_square_set_or_implied_by_hints

    @abc.abstractmethod
    def _shape(self):
        raise NotImplementedError("_shape is not implemented.")

    @property
    def shape(self):
        return self._shape()

    def shape_tensor(self, name="shape_tensor"):
        return convert_to_tensor(self.shape.as_list(), dtype=dtypes.int32)

    @property
    def batch_shape(self):
        return self.shape[:-2]

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return convert_to_tensor(self.batch_shape.as_list(), dtype=dtypes.int32)

    @property
    def tensor_rank(self):
        return self.shape.ndims

    def tensor_rank_tensor(self, name="tensor_rank_tensor"):
        return convert_to_tensor(self.tensor_rank)

    @property
    def domain_dimension(self):
        return _dimension_at(self.shape, -1)

    def domain_dimension_tensor(self, name="domain_dimension_tensor"):
        return convert_to_tensor(dimension_value(self.domain_dimension))

    @property
    def range_dimension(self):
        return as_dimension(self.shape[-2]) if self.shape.dims else Dimension(None)

    def range_dimension_tensor(self, name="range_dimension_tensor"):
        return convert_to_tensor(dimension_value(self.range_dimension))

    # -- checks ---------------------------------------------------------------------------

    def _max_condition_number_to_be_non_singular(self):
        eps = np.finfo(self.dtype.as_numpy_dtype).eps
        dims = max(100., dimension_value(self.range_dimension),
                   dimension_value(self.domain_dimension))
        return 1. / convert_to_tensor(dims * eps, dtype=self.dtype)

    def _assert_non_singular(self):
        _log.warning("Using (possibly slow) default implementation of "
                           "assert_non_singular.  Requires conversion to a dense matrix and "
                           "O(N^3) operations.")
        if self._can_use_cholesky():
            return self.assert_positive_definite()
        values = svd(self.to_dense(), compute_uv=False)
        cond = reduction_ops.reduce_max(values, axis=-1) / reduction_ops.reduce_min(
            values, axis=-1)
        return check_ops.assert_less(cond, self._max_condition_number_to_be_non_singular(),
                                     message="Singular matrix up to precision epsilon.")

    def assert_non_singular(self, name="assert_non_singular"):
        return self._assert_non_singular()

    def _assert_positive_definite(self):
        _log.warning("Using (possibly slow) default implementation of "
                           "assert_positive_definite.  Requires conversion to a dense matrix "
                           "and O(N^3) operations.")
        if self.is_self_adjoint:
            return check_ops.assert_positive(diag_part(cholesky(self.to_dense())),
                                             message="Matrix was not positive definite.")
        raise NotImplementedError("assert_positive_definite is not implemented.")

    def assert_positive_definite(self, name="assert_positive_definite"):
        return self._assert_positive_definite()

    def _assert_self_adjoint(self):
        dense = self.to_dense()
        _log.warning("Using (possibly slow) default implementation of "
                           "assert_self_adjoint.  Requires conversion to a dense matrix.")
        return check_ops.assert_equal(dense, _dense_adjoint(dense),
                                      message="Matrix was not equal to its adjoint.")

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        return self._assert_self_adjoint()

    def _check_input_dtype(self, arg):
        if arg.dtype.base_dtype != self.dtype:
            raise TypeError("Expected argument to have dtype %s.  Found: %s in tensor %s"
                            % (self.dtype, arg.dtype, arg))

    # -- products and solves --------------------------------------------------------------

    @abc.abstractmethod
    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        raise NotImplementedError("_matmul is not implemented.")

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """self @ x (adjoint: self^H; adjoint_arg: x^H); a LinearOperator x gives one."""
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            if (right.range_dimension is not None and left.domain_dimension is not None and
                    right.range_dimension != left.domain_dimension):
                raise ValueError("Operators are incompatible. Expected `x` to have dimension "
                                 f"{left.domain_dimension} but got {right.range_dimension}.")
            return self._linop_matmul(left, right)
        x = convert_to_tensor(x, name="x")
        self._check_input_dtype(x)
        _dimension_at(self.shape, -2 if adjoint else -1).assert_is_compatible_with(
            x.shape[-1 if adjoint_arg else -2])
        return self._matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_matmul(self, left_operator, right_operator):
        if hasattr(right_operator, "_ones_diag") and not hasattr(right_operator, "multiplier"):
            return left_operator
        if hasattr(right_operator, "_zeros_diag"):
            if not right_operator.is_square or not left_operator.is_square:
                raise ValueError("Matmul with non-square `LinearOperator`s or non-square "
                                 "`LinearOperatorZeros` not supported at this time.")
            return right_operator
        from .composition import LinearOperatorComposition
        return LinearOperatorComposition([left_operator, right_operator],
                                         **_composed_hints(left_operator, right_operator))

    def __matmul__(self, other):
        return self.matmul(other)

    def _matvec(self, x, adjoint=False):
        y = self.matmul(manip_ops.expand_dims(x, axis=-1), adjoint=adjoint)
        return manip_ops.squeeze(y, axis=-1)

    def matvec(self, x, adjoint=False, name="matvec"):
        x = convert_to_tensor(x, name="x")
        self._check_input_dtype(x)
        _dimension_at(self.shape, -2 if adjoint else -1).assert_is_compatible_with(
            x.shape[-1])
        return self._matvec(x, adjoint=adjoint)

    def _determinant(self):
        _warn_dense("determinant")
        if self._can_use_cholesky():
            return unary_ops.exp(self.log_abs_determinant())
        return det(self.to_dense())

    def determinant(self, name="det"):
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is "
                                      "expected to not be square.")
        return self._determinant()

    def _log_abs_determinant(self):
        _warn_dense("determinant")
        if self._can_use_cholesky():
            d = diag_part(cholesky(self.to_dense()))
            return 2 * reduction_ops.reduce_sum(unary_ops.log(d), axis=[-1])
        return slogdet(self.to_dense())[1]

    def log_abs_determinant(self, name="log_abs_det"):
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is "
                                      "expected to not be square.")
        return self._log_abs_determinant()

    def _dense_solve(self, rhs, adjoint=False, adjoint_arg=False):
        if self.is_square is False:
            raise NotImplementedError("Solve is not yet implemented for non-square operators.")
        rhs = _dense_adjoint(rhs) if adjoint_arg else rhs
        if self._can_use_cholesky():
            return cholesky_solve(cholesky(self.to_dense()), rhs)
        return matrix_solve_with_broadcast(self.to_dense(), rhs, adjoint=adjoint)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        _warn_dense("solve")
        return self._dense_solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """X with self @ X = rhs (adjoint: self^H; adjoint_arg: rhs^H)."""
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to be singular.")
        if self.is_square is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to not be square.")
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            if (right.range_dimension is not None and left.domain_dimension is not None and
                    right.range_dimension != left.domain_dimension):
                raise ValueError("Operators are incompatible. Expected `rhs` to have "
                                 f"dimension {left.domain_dimension} but got "
                                 f"{right.range_dimension}.")
            return self._linop_solve(left, right)
        rhs = convert_to_tensor(rhs, name="rhs")
        self._check_input_dtype(rhs)
        _dimension_at(self.shape, -1 if adjoint else -2).assert_is_compatible_with(
            rhs.shape[-1 if adjoint_arg else -2])
        return self._solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_solve(self, left_operator, right_operator):
        if hasattr(right_operator, "_ones_diag") and not hasattr(right_operator, "multiplier"):
            return left_operator.inverse()
        from .adjoint_inversion import LinearOperatorInversion
        from .composition import LinearOperatorComposition
        return LinearOperatorComposition(
            [LinearOperatorInversion(left_operator), right_operator],
            **_composed_hints(left_operator, right_operator))

    def _solvevec(self, rhs, adjoint=False):
        x = self.solve(manip_ops.expand_dims(rhs, axis=-1), adjoint=adjoint)
        return manip_ops.squeeze(x, axis=-1)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        rhs = convert_to_tensor(rhs, name="rhs")
        self._check_input_dtype(rhs)
        _dimension_at(self.shape, -1 if adjoint else -2).assert_is_compatible_with(
            rhs.shape[-1])
        return self._solvevec(rhs, adjoint=adjoint)

    # -- derived operators ----------------------------------------------------------------

    def adjoint(self, name="adjoint"):
        if self.is_self_adjoint is True:
            return self
        return self._linop_adjoint()

    H = property(adjoint, None)

    def _linop_adjoint(self):
        from .adjoint_inversion import LinearOperatorAdjoint
        return LinearOperatorAdjoint(
            self, is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
            is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def inverse(self, name="inverse"):
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square "
                             "matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular "
                             "matrix.")
        return self._linop_inverse()

    def _linop_inverse(self):
        from .adjoint_inversion import LinearOperatorInversion
        return LinearOperatorInversion(
            self, is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
            is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def cholesky(self, name="cholesky"):
        if not self._can_use_cholesky():
            raise ValueError("Cannot take the Cholesky decomposition: Not a positive definite "
                             "self adjoint matrix.")
        return self._linop_cholesky()

    def _linop_cholesky(self):
        from .full_matrix import LinearOperatorLowerTriangular
        return LinearOperatorLowerTriangular(cholesky(self.to_dense()), is_non_singular=True,
                                             is_self_adjoint=False, is_square=True)

    # -- dense views ----------------------------------------------------------------------

    def _to_dense(self):
        n = dimension_value(self.domain_dimension)
        return self.matmul(eye(n, batch_shape=self.batch_shape.as_list(), dtype=self.dtype))

    def to_dense(self, name="to_dense"):
        return self._to_dense()

    def _diag_part(self):
        return diag_part(self.to_dense())

    def diag_part(self, name="diag_part"):
        return self._diag_part()

    def _trace(self):
        return reduction_ops.reduce_sum(self.diag_part(), axis=-1)

    def trace(self, name="trace"):
        return self._trace()

    def _add_to_tensor(self, x):
        return self.to_dense() + x

    def add_to_tensor(self, x, name="add_to_tensor"):
        x = convert_to_tensor(x, name="x")
        self._check_input_dtype(x)
        return self._add_to_tensor(x)

    def _eigvals(self):
        return eigvalsh(self.to_dense())

    def eigvals(self, name="eigvals"):
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        return self._eigvals()

    def _cond(self):
        if not self.is_self_adjoint:
            values = svd(self.to_dense(), compute_uv=False)
        else:
            values = unary_ops.abs(self._eigvals())
        return reduction_ops.reduce_max(values, axis=-1) / reduction_ops.reduce_min(
            values, axis=-1)

    def cond(self, name="cond"):
        return self._cond()

    def _can_use_cholesky(self):
        return self.is_self_adjoint and self.is_positive_definite

    def __tf_tensor__(self, dtype=None, name=None):
        """TF dispatches tf.linalg.matmul, solve, det, adjoint ... to a LinearOperator's
        methods; tfcompat does not (those ops take Tensors): a clear error instead of a
        failed conversion."""
        raise TypeError(f"tfcompat: a {type(self).__name__} is not a Tensor; TF's dispatch "
                        f"of tf ops (tf.linalg.matmul, solve, det, adjoint ...) to "
                        f"LinearOperator methods is not supported: call its methods "
                        f"(matmul, solve, determinant, adjoint, to_dense ...)")

    def __getitem__(self, slices):
        raise NotImplementedError(f"tfcompat: slicing a {type(self).__name__} (TF's batch "
                                  f"slicing of LinearOperators) is not supported")


def _composed_hints(left, right):
    """The hints of left @ right (or left^-1 @ right) as TF's base _linop_matmul sets."""
    is_square = combined_is_square(left, right)
    hints = dict(is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=is_square)
    if is_square:
        hints["is_non_singular"] = combined_non_singular_hint(left, right)
    elif is_square is False:
        hints.update(is_non_singular=False, is_self_adjoint=False, is_positive_definite=False)
    return hints


LinearOperator.__module__ = TF_MODULE + "linear_operator"
