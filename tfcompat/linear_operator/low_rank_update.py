"""tf.linalg.LinearOperatorLowRankUpdate: L + U D V^H, a base operator L plus a rank-K
update; solves and determinants through the Woodbury identity and the matrix determinant
lemma on the K x K capacitance D^-1 + V^H L^-1 U (Cholesky when TF uses it)."""
from ..framework import tf_logging
from ..framework.constant_op import convert_to_tensor
from ..framework.dimension import as_dimension
from ..ops import cast_ops, reduction_ops, unary_ops
from ..ops.linalg_solve_ops import cholesky, cholesky_solve, det
from ..ops.manip_ops import broadcast_static_shape, expand_dims
from ..ops.matrix_diag_ops import diag_part
from ..ops.product_ops import matmul
from . import linear_operator as lo
from .diag import LinearOperatorDiag
from .identity import LinearOperatorIdentity
from .linear_operator import LinearOperator, convert_nonref_to_tensor


class LinearOperatorLowRankUpdate(LinearOperator):
    """tf.linalg.LinearOperatorLowRankUpdate(base_operator, u, diag_update=None, v=None)."""

    def __init__(self, base_operator, u, diag_update=None, v=None,
                 is_diag_update_positive=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowRankUpdate"):
        parameters = dict(base_operator=base_operator, u=u, diag_update=diag_update, v=v,
                          is_diag_update_positive=is_diag_update_positive,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        dtype = base_operator.dtype
        if diag_update is not None and is_diag_update_positive and dtype.is_complex:
            tf_logging.get_logger().warning(
                "Note: setting is_diag_update_positive with a complex dtype means that "
                "diagonal is real and positive.")
        if diag_update is None:
            if is_diag_update_positive is False:
                raise ValueError("Default diagonal is the identity, which is positive.  "
                                 "However, user set 'is_diag_update_positive' to False.")
            is_diag_update_positive = True
        self._use_cholesky = (base_operator.is_positive_definite and
                              base_operator.is_self_adjoint and is_diag_update_positive and
                              v is None)
        if base_operator.is_self_adjoint and v is None and not dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A = L + UDU^H, with L self-adjoint and D real diagonal.  "
                                 "Since UDU^H is self-adjoint, this must be a self-adjoint "
                                 "operator.")
            is_self_adjoint = True
        if self._use_cholesky:
            if (is_positive_definite is False or is_self_adjoint is False or
                    is_non_singular is False):
                raise ValueError("Arguments imply this is self-adjoint positive-definite "
                                 "operator.")
            is_positive_definite = True
            is_self_adjoint = True
        self._u = convert_nonref_to_tensor(u, name="u")
        self._v = self._u if v is None else convert_nonref_to_tensor(v, name="v")
        self._diag_update = (None if diag_update is None else
                             convert_nonref_to_tensor(diag_update, name="diag_update"))
        self._base_operator = base_operator
        super().__init__(dtype=base_operator.dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)
        if self._diag_update is not None:
            self._diag_operator = LinearOperatorDiag(
                self._diag_update, is_positive_definite=is_diag_update_positive)
        else:
            self._diag_operator = LinearOperatorIdentity(num_rows=self._u.shape[-1],
                                                         dtype=self.dtype)
        self._is_diag_update_positive = is_diag_update_positive
        self._check_shapes()

    u = property(lambda self: self._u)
    v = property(lambda self: self._v)
    is_diag_update_positive = property(lambda self: self._is_diag_update_positive)
    diag_update = property(lambda self: self._diag_update)
    diag_operator = property(lambda self: self._diag_operator)
    base_operator = property(lambda self: self._base_operator)

    def _check_shapes(self):
        uv_shape = broadcast_static_shape(self.u.shape, self.v.shape)
        batch_shape = broadcast_static_shape(self.base_operator.batch_shape, uv_shape[:-2])
        as_dimension(self.base_operator.domain_dimension).assert_is_compatible_with(
            uv_shape[-2])
        if self._diag_update is not None:
            as_dimension(uv_shape[-1]).assert_is_compatible_with(
                self._diag_update.shape[-1])
            broadcast_static_shape(batch_shape, self._diag_update.shape[:-1])

    def _assert_self_adjoint(self):
        if self.u is self.v and self.diag_update is None:
            return self.base_operator.assert_self_adjoint()
        return super()._assert_self_adjoint()

    def _shape(self):
        batch_shape = broadcast_static_shape(self.base_operator.batch_shape,
                                             self.diag_operator.batch_shape)
        batch_shape = broadcast_static_shape(batch_shape, self.u.shape[:-2])
        batch_shape = broadcast_static_shape(batch_shape, self.v.shape[:-2])
        return batch_shape.concatenate(self.base_operator.shape[-2:])

    def _get_uv_as_tensors(self):
        u = convert_to_tensor(self.u)
        return u, (u if self.v is self.u else convert_to_tensor(self.v))

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        u, v = self._get_uv_as_tensors()
        leading_term = self.base_operator.matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        if adjoint:
            u, v = v, u
        vh_x = matmul(v, x, adjoint_a=True, adjoint_b=adjoint_arg)
        d_vh_x = self.diag_operator.matmul(vh_x, adjoint=adjoint)
        return leading_term + matmul(u, d_vh_x)

    def _determinant(self):
        if self.is_positive_definite:
            return unary_ops.exp(self.log_abs_determinant())
        u, v = self._get_uv_as_tensors()
        det_c = det(self._make_capacitance(u=u, v=v))
        return det_c * self.diag_operator.determinant() * self.base_operator.determinant()

    def _diag_part(self):
        u, v = self._get_uv_as_tensors()
        product = u * unary_ops.conj(v)
        if self.diag_update is not None:
            product *= expand_dims(self.diag_update, axis=-2)
        return reduction_ops.reduce_sum(product, axis=-1) + self.base_operator.diag_part()

    def _log_abs_determinant(self):
        u, v = self._get_uv_as_tensors()
        log_abs_det_d = self.diag_operator.log_abs_determinant()
        log_abs_det_l = self.base_operator.log_abs_determinant()
        if self._use_cholesky:
            chol_cap_diag = diag_part(cholesky(self._make_capacitance(u=u, v=v)))
            log_abs_det_c = 2 * reduction_ops.reduce_sum(unary_ops.log(chol_cap_diag),
                                                         axis=[-1])
        else:
            det_c = det(self._make_capacitance(u=u, v=v))
            log_abs_det_c = unary_ops.log(unary_ops.abs(det_c))
            if self.dtype.is_complex:
                log_abs_det_c = cast_ops.cast(log_abs_det_c, dtype=self.dtype)
        return log_abs_det_c + log_abs_det_d + log_abs_det_l

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        """TF's Woodbury solve (for adjoint: U and V swapped, the capacitance solved
        adjoint)."""
        if self.base_operator.is_non_singular is False:
            raise ValueError("Solve not implemented unless this is a perturbation of a "
                             "non-singular LinearOperator.")
        base = self.base_operator
        u, v = self._get_uv_as_tensors()
        capacitance = self._make_capacitance(u=u, v=v)
        if adjoint:
            u, v = v, u
        linv_rhs = base.solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        vh_linv_rhs = matmul(v, linv_rhs, adjoint_a=True)
        if self._use_cholesky:
            capinv_vh_linv_rhs = cholesky_solve(cholesky(capacitance), vh_linv_rhs)
        else:
            capinv_vh_linv_rhs = lo.matrix_solve_with_broadcast(capacitance, vh_linv_rhs,
                                                                adjoint=adjoint)
        u_capinv_vh_linv_rhs = matmul(u, capinv_vh_linv_rhs)
        return linv_rhs - base.solve(u_capinv_vh_linv_rhs, adjoint=adjoint)

    def _make_capacitance(self, u, v):
        linv_u = self.base_operator.solve(u)
        vh_linv_u = matmul(v, linv_u, adjoint_a=True)
        return self._diag_operator.inverse().add_to_tensor(vh_linv_u)


LinearOperatorLowRankUpdate.__module__ = lo.TF_MODULE + "linear_operator_low_rank_update"
