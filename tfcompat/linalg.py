"""tf.linalg."""
from .ops.linalg_ops import (
    adjoint, band_part, cholesky, cholesky_solve, cross, det, diag, diag_part, eig, eigh,
    eigvals, eigvalsh, einsum, expm, eye, global_norm, inv, l2_normalize, logdet, logm, lstsq,
    matrix_transpose, matvec, norm, pinv, qr, set_diag, slogdet, solve, svd, tensor_diag,
    tensordot, trace, triangular_solve,
)
from .ops.math_ops import matmul
