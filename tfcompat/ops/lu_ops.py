"""tf.linalg's helpers on an LU factorization (tf.linalg.lu's `lu` and `p`):
lu_reconstruct, lu_solve, lu_matrix_inverse.

As TF's (linalg_impl.py), they are built on other ops (band_part, set_diag, matmul,
gathers, triangular_solve), so their values, gradients and errors are those ops'; the
static shape checks raise TF's ValueErrors, and `validate_args` adds nothing where the
shapes are known (tfcompat's always are).
"""
import functools

import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from . import array_ops, indexing_ops, manip_ops
from .arithmetic_ops import invert_permutation
from .functional_ops import map_fn
from .linalg_solve_ops import triangular_solve
from .matrix_diag_ops import band_part, eye, set_diag
from .product_ops import matmul


def _tensor_inputs(fn):
    """`fn`, its ops' kernel errors ending in `` name: ``: TF's ops get Tensors here, so
    its eager fast path falls back to the op wrapper, whose errors end so."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except errors.InvalidArgumentError as e:
            if not e.message.endswith("]"):
                raise
            raise errors.InvalidArgumentError(None, None, e.message + " name: ") from None
    return wrapper


def _convert(lower_upper, perm):
    lower_upper = convert_to_tensor(lower_upper, dtype_hint=dtypes.float32, name="lower_upper")
    return lower_upper, convert_to_tensor(perm, dtype_hint=dtypes.int32, name="perm")


def _reconstruct_checks(lower_upper, perm):
    """TF's lu_reconstruct_assertions (on static shapes)."""
    rank = lower_upper.shape.rank
    if rank < 2:
        raise ValueError("Input `lower_upper` must have at least 2 dimensions.")
    if rank != perm.shape.rank + 1:
        raise ValueError("`rank(lower_upper)` must equal `rank(perm) + 1`")
    if lower_upper.shape[-2] != lower_upper.shape[-1]:
        raise ValueError("`lower_upper` must be square.")


def _unit_lower(lower_upper):
    shape = lower_upper.shape.as_list()
    return set_diag(band_part(lower_upper, num_lower=-1, num_upper=0),
                    array_ops.ones(shape[:-1], dtype=lower_upper.dtype))


@_tensor_inputs
def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    """tf.linalg.lu_reconstruct: P^-1 @ L @ U, the matrix tf.linalg.lu factored."""
    lower_upper, perm = _convert(lower_upper, perm)
    _reconstruct_checks(lower_upper, perm)
    shape = lower_upper.shape.as_list()
    x = matmul(_unit_lower(lower_upper), band_part(lower_upper, num_lower=0, num_upper=-1))
    if len(shape) != 2:
        d = shape[-1]
        batch_size = 1
        for n in shape[:-2]:
            batch_size *= n
        x = manip_ops.reshape(x, [batch_size, d, d])
        perm = map_fn(invert_permutation, manip_ops.reshape(perm, [batch_size, d]))
        batch_indices = manip_ops.broadcast_to(
            array_ops.range(batch_size)[:, None], [batch_size, d])
        x = indexing_ops.gather_nd(x, manip_ops.stack([batch_indices, perm], axis=-1))
        return manip_ops.reshape(x, shape)
    return indexing_ops.gather(x, invert_permutation(perm))


@_tensor_inputs
def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    """tf.linalg.lu_solve: X with A @ X = rhs, A given by tf.linalg.lu's factors."""
    lower_upper, perm = _convert(lower_upper, perm)
    rhs = convert_to_tensor(rhs, dtype_hint=lower_upper.dtype, name="rhs")
    _reconstruct_checks(lower_upper, perm)
    if rhs.shape.rank < 2:
        raise ValueError("Input `rhs` must have at least 2 dimensions.")
    if lower_upper.shape[-1] != rhs.shape[-2]:
        raise ValueError("`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.")
    if rhs.shape.rank == 2 and perm.shape.rank == 1:
        permuted_rhs = indexing_ops.gather(rhs, perm, axis=-2)
    else:
        rhs_shape = rhs.shape.as_list()
        batch = list(np.broadcast_shapes(tuple(rhs_shape[:-2]), tuple(perm.shape[:-1])))
        d, m = rhs_shape[-2:]
        batch_size = 1
        for n in batch:
            batch_size *= n
        broadcast_rhs = manip_ops.reshape(manip_ops.broadcast_to(rhs, batch + [d, m]),
                                          [-1, d, m])
        broadcast_perm = manip_ops.reshape(manip_ops.broadcast_to(perm, batch + [d]), [-1, d])
        batch_indices = manip_ops.broadcast_to(
            array_ops.range(batch_size)[:, None], [batch_size, d])
        permuted_rhs = indexing_ops.gather_nd(
            broadcast_rhs, manip_ops.stack([batch_indices, broadcast_perm], axis=-1))
        permuted_rhs = manip_ops.reshape(permuted_rhs, batch + [d, m])
    return triangular_solve(lower_upper, triangular_solve(_unit_lower(lower_upper),
                                                          permuted_rhs), lower=False)


@_tensor_inputs
def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    """tf.linalg.lu_matrix_inverse: the inverse of the matrix tf.linalg.lu factored."""
    lower_upper, perm = _convert(lower_upper, perm)
    _reconstruct_checks(lower_upper, perm)
    shape = lower_upper.shape.as_list()
    return lu_solve.__wrapped__(lower_upper, perm, rhs=eye(shape[-1], batch_shape=shape[:-2],
                                               dtype=lower_upper.dtype))
