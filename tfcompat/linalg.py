"""tf.linalg."""
from .ops.decomposition_ops import (
    eig, eigh, eigvals, eigvalsh, expm, logm, lstsq, lu, matrix_rank, pinv, qr, svd,
)
from .ops.linalg_solve_ops import (
    cholesky, cholesky_solve, det, inv, logdet, slogdet, solve, triangular_solve,
)
from .ops.matrix_diag_ops import (
    adjoint, band_part, diag, diag_part, eye, matrix_transpose, set_diag, tensor_diag,
    trace,
)
from .ops.norm_ops import global_norm, l2_normalize, norm
from .ops.product_ops import cross, einsum, matmul, matvec, tensordot
