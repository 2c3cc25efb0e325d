"""tf.linalg.LinearOperatorBlockDiag: the direct sum diag(A1, A2, ...) of operators, applied
block by block (the argument split along its rows, the results concatenated), never formed.

As TF, matmul/matvec/solve/solvevec also take a list of per-block arguments (one per
operator) and then return a list. TF's solve splits a non-blockwise rhs by the blocks'
domain dimensions (not their range dimensions); tfcompat does the same.
"""
import numpy as np

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..ops import manip_ops
from . import linear_operator as lo
from .linear_operator import LinearOperator
from .operator_list import OperatorWise, broadcast_batch_shape, checked_operators


def arg_is_blockwise(block_dimensions, arg, arg_split_dim):
    """TF's linear_operator_util.arg_is_blockwise: whether `arg` is a list of blocks."""
    if not (isinstance(arg, (tuple, list)) and len(arg) == len(block_dimensions)):
        return False
    if not any(nest.is_nested(x) for x in arg):
        return True
    arg_dims = [convert_to_tensor(x).shape[arg_split_dim] for x in arg]
    self_dims = [dim.value for dim in block_dimensions]
    if all(d is None for d in self_dims):
        if len(arg_dims) == 1:
            return False
        if any(d != arg_dims[0] for d in arg_dims):
            return True
        raise ValueError("Parsing of the input structure is ambiguous. Please input a "
                         "blockwise iterable of `Tensor`s or a single `Tensor`.")
    if all(s == a or s is None for s, a in zip(self_dims, arg_dims)):
        return True
    self_dim = sum(d for d in self_dims if d is not None)
    if all(a == arg_dims[0] for a in arg_dims) and arg_dims[0] >= self_dim:
        return False
    raise ValueError("Input dimension does not match operator dimension.")


def broadcast_matrix_batch_dims(batch_matrices):
    """TF's linear_operator_util.broadcast_matrix_batch_dims (static shapes)."""
    batch_matrices = list(batch_matrices)
    batch = np.broadcast_shapes(*(tuple(m.shape[:-2]) for m in batch_matrices))
    return [m if tuple(m.shape[:-2]) == batch else
            manip_ops.broadcast_to(m, list(batch) + list(m.shape[-2:]))
            for m in batch_matrices]


def _check_operators_agree(r, left, message):
    if (r.range_dimension is not None and left.domain_dimension is not None and
            r.range_dimension != left.domain_dimension):
        raise ValueError(message)


class LinearOperatorBlockDiag(OperatorWise, LinearOperator):
    """tf.linalg.LinearOperatorBlockDiag(operators)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          name=name)
        self._operators = operators = checked_operators(operators)
        dtype = operators[0].dtype
        if all(o.is_non_singular for o in operators):
            if is_non_singular is False:
                raise ValueError("The direct sum of non-singular operators is always "
                                 "non-singular.")
            is_non_singular = True
        if all(o.is_self_adjoint for o in operators):
            if is_self_adjoint is False:
                raise ValueError("The direct sum of self-adjoint operators is always "
                                 "self-adjoint.")
            is_self_adjoint = True
        if all(o.is_positive_definite for o in operators):
            if is_positive_definite is False:
                raise ValueError("The direct sum of positive definite operators is always "
                                 "positive definite.")
            is_positive_definite = True
        if name is None:
            name = "_ds_".join(o.name for o in operators)
        super().__init__(dtype=dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square,
                         parameters=parameters, name=name)

    def _block_range_dimensions(self):
        return [o.range_dimension for o in self.operators]

    def _block_domain_dimensions(self):
        return [o.domain_dimension for o in self.operators]

    def _shape(self):
        domain = sum(self._block_domain_dimensions())
        range_ = sum(self._block_range_dimensions())
        return broadcast_batch_shape(self.operators).concatenate([range_, domain])

    def _blockwise_linop(self, method, left, right):
        return LinearOperatorBlockDiag(
            [getattr(o1, method)(o2) for o1, o2 in zip(left.operators, right.operators)],
            is_non_singular=lo.combined_non_singular_hint(left, right),
            is_self_adjoint=None, is_positive_definite=None, is_square=True)

    def _linop_matmul(self, left_operator, right_operator):
        if isinstance(right_operator, LinearOperatorBlockDiag):
            return self._blockwise_linop("matmul", left_operator, right_operator)
        return super()._linop_matmul(left_operator, right_operator)

    def _linop_solve(self, left_operator, right_operator):
        if isinstance(right_operator, LinearOperatorBlockDiag):
            return self._blockwise_linop("solve", left_operator, right_operator)
        return super()._linop_solve(left_operator, right_operator)

    def _check_linop_arg(self, left, right, what, differ):
        _check_operators_agree(right, left, f"Operators are incompatible. Expected `x` to "
                               f"have dimension {left.domain_dimension} but got "
                               f"{right.range_dimension}.")
        if isinstance(what, LinearOperatorBlockDiag):
            if len(left.operators) != len(right.operators):
                raise ValueError(differ)
            for o1, o2 in zip(left.operators, right.operators):
                _check_operators_agree(o2, o1, f"Blocks are incompatible. Expected `x` to "
                                       f"have dimension {o1.domain_dimension} but got "
                                       f"{o2.range_dimension}.")

    def _convert_blocks(self, blocks, block_dimensions, arg_dim):
        for i, block in enumerate(blocks):
            if not isinstance(block, LinearOperator):
                block = convert_to_tensor(block)
                self._check_input_dtype(block)
                block_dimensions[i].assert_is_compatible_with(block.shape[arg_dim])
                blocks[i] = block

    def _convert_whole(self, x, op_dimension, arg_dim, name):
        x = convert_to_tensor(x, name=name)
        self._check_input_dtype(x)
        op_dimension.assert_is_compatible_with(x.shape[arg_dim])
        return x

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """self @ x; x may be a list of per-block arguments (then a list is returned)."""
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            self._check_linop_arg(left, right, x, "Can not efficiently multiply two "
                                  "`LinearOperatorBlockDiag`s together when number of "
                                  "blocks differ.")
            return self._linop_matmul(left, right)
        arg_dim = -1 if adjoint_arg else -2
        block_dimensions = (self._block_range_dimensions() if adjoint
                            else self._block_domain_dimensions())
        if arg_is_blockwise(block_dimensions, x, arg_dim):
            self._convert_blocks(x, block_dimensions, arg_dim)
        else:
            x = self._convert_whole(
                x, self.range_dimension if adjoint else self.domain_dimension, arg_dim, "x")
        return self._matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _apply(self, method, x, block_dimensions, adjoint, adjoint_arg):
        """Each block's `method` on its part of x; a list for a blockwise x."""
        arg_dim = -1 if adjoint_arg else -2
        blockwise = arg_is_blockwise(block_dimensions, x, arg_dim)
        parts = x if blockwise else manip_ops.split(
            x, [d.value for d in block_dimensions], axis=arg_dim)
        results = [getattr(o, method)(part, adjoint=adjoint, adjoint_arg=adjoint_arg)
                   for o, part in zip(self.operators, parts)]
        if blockwise:
            return results
        return manip_ops.concat(broadcast_matrix_batch_dims(results), axis=-2)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        dims = (self._block_range_dimensions() if adjoint
                else self._block_domain_dimensions())
        return self._apply("matmul", x, dims, adjoint, adjoint_arg)

    def _vec(self, method, x, block_dimensions, adjoint):
        if arg_is_blockwise(block_dimensions, x, -1):
            self._convert_blocks(x, block_dimensions, -1)
            y = getattr(self, method)([b[..., None] for b in x], adjoint=adjoint)
            return [manip_ops.squeeze(b, axis=-1) for b in y]
        x = self._convert_whole(x, self.range_dimension if (method == "matmul") == adjoint
                                else self.domain_dimension, -1,
                                "x" if method == "matmul" else "rhs")
        return manip_ops.squeeze(getattr(self, method)(x[..., None], adjoint=adjoint),
                                 axis=-1)

    def matvec(self, x, adjoint=False, name="matvec"):
        dims = (self._block_range_dimensions() if adjoint
                else self._block_domain_dimensions())
        return self._vec("matmul", x, dims, adjoint)

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """X with self @ X = rhs; rhs may be a list of per-block right-hand sides."""
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to be singular.")
        if self.is_square is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to not be square.")
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            self._check_linop_arg(left, right, right, "Can not efficiently solve "
                                  "`LinearOperatorBlockDiag` when number of blocks differ.")
            return self._linop_solve(left, right)
        arg_dim = -1 if adjoint_arg else -2
        block_dimensions = (self._block_domain_dimensions() if adjoint
                            else self._block_range_dimensions())
        if arg_is_blockwise(block_dimensions, rhs, arg_dim):
            self._convert_blocks(rhs, block_dimensions, arg_dim)
        else:
            rhs = self._convert_whole(
                rhs, self.domain_dimension if adjoint else self.range_dimension, arg_dim,
                "rhs")
            block_dimensions = self._block_domain_dimensions()
        return self._apply("solve", rhs, block_dimensions, adjoint, adjoint_arg)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        dims = (self._block_domain_dimensions() if adjoint
                else self._block_range_dimensions())
        return self._vec("solve", rhs, dims, adjoint)

    def _determinant(self):
        result = self.operators[0].determinant()
        for o in self.operators[1:]:
            result *= o.determinant()
        return result

    def _log_abs_determinant(self):
        result = self.operators[0].log_abs_determinant()
        for o in self.operators[1:]:
            result += o.log_abs_determinant()
        return result

    def _concat_square_blocks(self, method, what):
        if not all(o.is_square for o in self.operators):
            raise NotImplementedError(f"`{what}` not implemented for an operator whose "
                                      f"blocks are not square.")
        parts = [getattr(o, method)()[..., None] for o in self.operators]
        return manip_ops.squeeze(manip_ops.concat(broadcast_matrix_batch_dims(parts),
                                                  axis=-2), axis=-1)

    def _diag_part(self):
        return self._concat_square_blocks("diag_part", "diag_part")

    def _eigvals(self):
        return self._concat_square_blocks("eigvals", "eigvals")

    def _trace(self):
        if not all(o.is_square for o in self.operators):
            raise NotImplementedError("`trace` not implemented for an operator whose blocks "
                                      "are not square.")
        result = self.operators[0].trace()
        for o in self.operators[1:]:
            result += o.trace()
        return result

    def _to_dense(self):
        blocks = broadcast_matrix_batch_dims([o.to_dense() for o in self.operators])
        total = sum(b.shape[-1] for b in blocks)
        rows, before = [], 0
        for b in blocks:
            after = total - before - b.shape[-1]
            rows.append(manip_ops.pad(b, [[0, 0]] * (b.shape.rank - 1) + [[before, after]]))
            before += b.shape[-1]
        return manip_ops.concat(rows, axis=-2)

    def _assert_non_singular(self):
        for o in self.operators:
            o.assert_non_singular()

    def _assert_self_adjoint(self):
        for o in self.operators:
            o.assert_self_adjoint()

    def _assert_positive_definite(self):
        for o in self.operators:
            o.assert_positive_definite()


LinearOperatorBlockDiag.__module__ = lo.TF_MODULE + "linear_operator_block_diag"
