"""tf.sparse.sparse_dense_matmul: a SparseTensor times a dense matrix (or a dense matrix
times a SparseTensor), one registered op (SparseTensorDenseMatMul) whose kernel is a
jax.experimental.sparse BCOO product; its VJP gives TF's gradients to the values and to
the dense side (none to the indices or the shape)."""
import jax.numpy as jnp
import numpy as np
from jax.experimental import sparse as jsparse

from ..framework import errors
from ..framework.dispatch import Op, execute, match, to_tensor
from ..framework.sparse_tensor import SparseTensor
from .array_ops import transpose
from .op_args import concrete, deferred, kernel_error


def _matmul(indices, values, a_shape, b, adjoint_a, adjoint_b, shape):
    if adjoint_a:
        indices, values, shape = indices[:, ::-1], jnp.conj(values), shape[::-1]
    if adjoint_b:
        b = jnp.conj(b).T
    a = jsparse.BCOO((values, indices), shape=shape, indices_sorted=False,
                     unique_indices=False)
    return jsparse.bcoo_dot_general(a, b, dimension_numbers=(([1], [0]), ([], [])))


_matmul_op = Op("SparseTensorDenseMatMul", _matmul)


# (the T of SparseTensorDenseMatMul's CPU kernels, in the order TF lists them)
_KERNEL_TYPES = ("bfloat16", "complex128", "complex64", "int32", "double", "float", "half")


def _no_kernel(dtype, adjoint_a, adjoint_b):
    """TF's NotFoundError for a T its op-def allows but no CPU kernel takes (int64 ...)."""
    def flag(b):
        return "true" if b else "false"
    kernels = "".join(f"  device='CPU'; T in [DT_{t.upper()}]; Tindices in [DT_{i}]\n"
                      for t in _KERNEL_TYPES for i in ("INT32", "INT64"))
    return errors.NotFoundError(
        None, None, f"Could not find device for node: {{{{node SparseTensorDenseMatMul}}}} = "
                    f"SparseTensorDenseMatMul[T=DT_{dtype._tf_name.upper()}, Tindices=DT_INT64, "
                    f"adjoint_a={flag(adjoint_a)}, adjoint_b={flag(adjoint_b)}]\nAll kernels "
                    f"registered for op SparseTensorDenseMatMul:\n{kernels} "
                    f"[Op:SparseTensorDenseMatMul] name: ")


def _error(text):
    return kernel_error("SparseTensorDenseMatMul", text, name="")


def _check(indices, shape, b_shape, adjoint_a, adjoint_b):
    """The kernel's checks of the shapes (and, when known, of the indices)."""
    if len(b_shape) != 2:
        raise _error("Tensor 'b' is not a matrix")
    if len(shape) != 2:
        raise _error("Tensor 'a_shape' must have 2 elements")
    inner_left = shape[0] if adjoint_a else shape[1]
    inner_right = b_shape[1] if adjoint_b else b_shape[0]
    if inner_left != inner_right:
        raise _error(f"Cannot multiply A and B because inner dimension does not match: "
                     f"{inner_left} vs. {inner_right}.  Did you forget a transpose?  "
                     f"Dimensions of A: [{shape[0]}, {shape[1]}).  Dimensions of B: "
                     f"[{b_shape[0]},{b_shape[1]}]")
    if indices is None:
        return
    lhs, rhs = (1, 0) if adjoint_a else (0, 1)
    out_rows = shape[1] if adjoint_a else shape[0]
    for i, row in enumerate(indices.tolist()):
        if not 0 <= row[rhs] < inner_left:
            raise _error(f"k ({row[rhs]}) from index[{i},{rhs}] out of bounds "
                         f"(>={inner_left})")
        if not 0 <= row[lhs] < out_rows:
            raise _error(f"m ({row[lhs]}) from index[{i},{lhs}] out of bounds "
                         f"(>={out_rows})")


def _static_shape(sp, api):
    if sp.shape.rank is not None and sp.shape.is_fully_defined():
        return tuple(int(d) for d in sp.shape)
    return tuple(int(d) for d in concrete(sp.dense_shape, api, "dense_shape"))


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """tf.sparse.sparse_dense_matmul: SparseTensor x dense matrix, or dense matrix x
    SparseTensor (TF's transposed product of the sparse side's adjoint), each side
    optionally adjoint (conjugate-transposed)."""
    api = "tf.sparse.sparse_dense_matmul"
    if isinstance(b, SparseTensor) and not isinstance(sp_a, SparseTensor):
        return transpose(sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_b,
                                             adjoint_b=not adjoint_a))
    if not isinstance(sp_a, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor. Received: {sp_a!r}")
    shape = _static_shape(sp_a, api)
    values, dense = match([sp_a.values, b], _matmul_op, index_offset=2)   # (b: input #3)
    if values.dtype._tf_name not in _KERNEL_TYPES:
        raise _no_kernel(values.dtype, adjoint_a, adjoint_b)
    indices = to_tensor(sp_a.indices)
    _check(None if deferred(indices) else np.asarray(indices._value), shape,
           tuple(dense.shape.as_list()) if dense.shape.rank is not None else (),
           adjoint_a, adjoint_b)
    return execute(_matmul_op, (indices, values, to_tensor(sp_a.dense_shape), dense),
                   (("adjoint_a", bool(adjoint_a)), ("adjoint_b", bool(adjoint_b)),
                    ("shape", shape)))
