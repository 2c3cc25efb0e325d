"""tf.linalg."""
from .ops.decomposition_ops import (
    eig, eigh, eigvals, eigvalsh, expm, logm, lstsq, lu, matrix_rank, pinv, qr, sqrtm, svd,
)
from .ops.eigh_tridiagonal_ops import eigh_tridiagonal
from .ops.linalg_solve_ops import (
    cholesky, cholesky_solve, det, inv, logdet, slogdet, solve, triangular_solve,
)
from .ops.lu_ops import lu_matrix_inverse, lu_reconstruct, lu_solve
from .ops.matrix_diag_ops import (
    adjoint, band_part, diag, diag_part, eye, matrix_transpose, set_diag, tensor_diag,
    tensor_diag_part, trace,
)
from .ops.norm_ops import global_norm, l2_normalize, norm, normalize
from .ops.product_ops import cross, einsum, matmul, matvec, tensordot
from .ops.tridiagonal_ops import banded_triangular_solve, tridiagonal_matmul, tridiagonal_solve
from .linear_operator.adjoint_inversion import LinearOperatorAdjoint, LinearOperatorInversion
from .linear_operator.block_diag import LinearOperatorBlockDiag
from .linear_operator.composition import LinearOperatorComposition
from .linear_operator.diag import LinearOperatorDiag
from .linear_operator.full_matrix import LinearOperatorFullMatrix, LinearOperatorLowerTriangular
from .linear_operator.householder_permutation import (
    LinearOperatorHouseholder, LinearOperatorPermutation,
)
from .linear_operator.identity import LinearOperatorIdentity, LinearOperatorScaledIdentity
from .linear_operator.kronecker import LinearOperatorKronecker
from .linear_operator.linear_operator import LinearOperator
from .linear_operator.low_rank_update import LinearOperatorLowRankUpdate
from .linear_operator.toeplitz import LinearOperatorToeplitz
from .linear_operator.tridiag import LinearOperatorTridiag
from .linear_operator.zeros import LinearOperatorZeros
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
