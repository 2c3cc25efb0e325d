"""tf.linalg.LinearOperatorTridiag: a (batch of) square tridiagonal matrices, held in one
of tf.linalg.tridiagonal_solve's formats ('compact' [..., 3, N], 'sequence' [super, main,
sub], 'matrix' [..., N, N]); matmul and solve are tridiagonal_matmul and
tridiagonal_solve."""
import numpy as np

from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_shape import TensorShape
from ..ops import check_ops, manip_ops, unary_ops
from ..ops.matrix_diag_ops import adjoint as dense_adjoint, diag, diag_part
from ..ops.tridiagonal_ops import tridiagonal_matmul, tridiagonal_solve
from . import linear_operator as lo
from .linear_operator import LinearOperator, convert_nonref_to_tensor

_FORMATS = ("compact", "matrix", "sequence")


def _broadcast(*shapes):
    return list(np.broadcast_shapes(*(tuple(s) for s in shapes)))


class LinearOperatorTridiag(LinearOperator):
    """tf.linalg.LinearOperatorTridiag(diagonals, diagonals_format='compact')."""

    def __init__(self, diagonals, diagonals_format="compact", is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorTridiag"):
        parameters = dict(diagonals=diagonals, diagonals_format=diagonals_format,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        if diagonals_format not in _FORMATS:
            raise ValueError("Argument `diagonals_format` must be one of compact, matrix, or "
                             f"sequence. Received : {diagonals_format}.")
        if diagonals_format == "sequence":
            self._diagonals = [convert_nonref_to_tensor(d, name=f"diag_{i}")
                               for i, d in enumerate(diagonals)]
            dtype = self._diagonals[0].dtype
        else:
            self._diagonals = convert_nonref_to_tensor(diagonals, name="diagonals")
            dtype = self._diagonals.dtype
        self._diagonals_format = diagonals_format
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)

    diagonals = property(lambda self: self._diagonals)
    diagonals_format = property(lambda self: self._diagonals_format)

    def _shape(self):
        if self.diagonals_format == "matrix":
            return self.diagonals.shape
        if self.diagonals_format == "compact":
            d_shape = self.diagonals.shape[:-2].concatenate(self.diagonals.shape[-1:])
        else:
            batch = _broadcast(*(d.shape[:-1] for d in self.diagonals))
            d_shape = TensorShape(batch + [self.diagonals[1].shape[-1]])
        return d_shape.concatenate(d_shape[-1:])

    def _assert_self_adjoint(self):
        diag_message = ("This tridiagonal operator contained non-zero imaginary values on "
                        "the diagonal.")
        off_diag_message = ("This tridiagonal operator has non-conjugate subdiagonal and "
                            "superdiagonal.")
        if self.diagonals_format == "matrix":
            return check_ops.assert_equal(self.diagonals, dense_adjoint(self.diagonals),
                                          message="Matrix was not equal to its adjoint.")
        if self.diagonals_format == "compact":
            d = convert_to_tensor(self.diagonals)
            sup, main, sub = d[..., 0, :], d[..., 1, :], d[..., 2, :]
        else:
            sup, main, sub = self.diagonals
        if main.dtype.is_complex:
            check_ops.assert_equal(convert_to_tensor(0, dtype=main.dtype.real_dtype),
                                   unary_ops.imag(main), message=diag_message)
        sub = manip_ops.roll(sub, shift=-1, axis=-1)
        check_ops.assert_equal(unary_ops.conj(sub[..., :-1]), sup[..., :-1],
                               message=off_diag_message)
        return None

    def _construct_adjoint_diagonals(self, diagonals):
        if self.diagonals_format == "sequence":
            diagonals = [unary_ops.conj(d) for d in reversed(diagonals)]
            diagonals[0] = manip_ops.roll(diagonals[0], shift=-1, axis=-1)
            diagonals[2] = manip_ops.roll(diagonals[2], shift=1, axis=-1)
            return diagonals
        if self.diagonals_format == "matrix":
            return dense_adjoint(diagonals)
        sup, main, sub = manip_ops.unstack(unary_ops.conj(diagonals), num=3, axis=-2)
        return manip_ops.stack([manip_ops.roll(sub, shift=-1, axis=-1), main,
                                manip_ops.roll(sup, shift=1, axis=-1)], axis=-2)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        diagonals = self.diagonals
        if adjoint:
            diagonals = self._construct_adjoint_diagonals(diagonals)
        x = dense_adjoint(x) if adjoint_arg else x
        return tridiagonal_matmul(diagonals, x, diagonals_format=self.diagonals_format)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        diagonals = self.diagonals
        if adjoint:
            diagonals = self._construct_adjoint_diagonals(diagonals)
        shape = self.shape.as_list()
        k = shape[-1]
        batch = _broadcast(shape[:-2], rhs.shape[:-2])
        rhs = manip_ops.broadcast_to(rhs, batch + rhs.shape.as_list()[-2:])
        if self.diagonals_format == "matrix":
            diagonals = manip_ops.broadcast_to(diagonals, batch + [k, k])
        elif self.diagonals_format == "compact":
            diagonals = manip_ops.broadcast_to(diagonals, batch + [3, k])
        else:
            diagonals = [manip_ops.broadcast_to(d, batch + [k]) for d in diagonals]
        return tridiagonal_solve(diagonals, rhs, diagonals_format=self.diagonals_format,
                                 transpose_rhs=adjoint_arg, conjugate_rhs=adjoint_arg)

    def _diag_part(self):
        if self.diagonals_format == "matrix":
            return diag_part(self.diagonals)
        if self.diagonals_format == "sequence":
            return manip_ops.broadcast_to(self.diagonals[1], self.shape.as_list()[:-1])
        return self.diagonals[..., 1, :]

    def _to_dense(self):
        if self.diagonals_format == "matrix":
            return convert_to_tensor(self.diagonals)
        diagonals = self.diagonals
        if self.diagonals_format == "sequence":
            diagonals = manip_ops.stack([convert_to_tensor(d) for d in diagonals], axis=-2)
        return diag(diagonals, k=(-1, 1), num_rows=-1, num_cols=-1, align="LEFT_RIGHT",
                    padding_value=0.)


LinearOperatorTridiag.__module__ = lo.TF_MODULE + "linear_operator_tridiag"
