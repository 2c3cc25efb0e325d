"""tf.linalg's decompositions and matrix functions: qr, lu, svd, matrix_rank, eigh,
eigvalsh, eig, eigvals, lstsq, pinv, expm, logm, sqrtm.

Decompositions follow LAPACK's conventions, as TF's Eigen kernels mostly do; where a
result is defined only up to sign or phase (the columns of svd's u and v, eig's and
eigh's eigenvectors), tfcompat's signs may differ from TF's. Gradients are TF's:
eigh's is the lower triangle TF's SelfAdjointEigV2Grad returns, lstsq(fast=False) has
none (ValueError, as TF), lu and logm none (LookupError, as TF).
"""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework.dispatch import Op, check_dtype, execute, match2, to_tensor
from ..framework.tensor import Tensor
from .math_common import raise_on_gradient, rounded, tf_gradient
from .op_args import dims, traced
from ..framework import dtypes, errors
from .shape_inference import dtype_enum
from . import cast_ops, reduction_ops
from .arithmetic_ops import _reciprocal
from .op_args import attr_error
from .linalg_solve_ops import (
    _adjoint, _cholesky_op, _fail, _matmul_error, _mm, _square, _unary,
)

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["eig", "eigvals", "matrix_square_root"]


Qr = collections.namedtuple("Qr", ["q", "r"], module="tensorflow.python.ops.gen_linalg_ops")


# -- decompositions -------------------------------------------------------------------------

_qr_op = Op("Qr", lambda x, full_matrices: tuple(
    jnp.linalg.qr(x, mode="complete" if full_matrices else "reduced")))


def _check_matrix(op, x):
    check_dtype(op, x)
    if x.ndim < 2:
        raise _fail(op.name, f"Input tensor 0 must have rank >= 2, got {x.ndim}")


def qr(input, full_matrices=False, name=None):
    """tf.linalg.qr: Qr(q, r) (Householder signs, as LAPACK)."""
    x = to_tensor(input)
    _check_matrix(_qr_op, x)
    return Qr(*execute(_qr_op, (x,), (("full_matrices", bool(full_matrices)),)))


Lu = collections.namedtuple("Lu", ["lu", "p"], module="tensorflow.python.ops.gen_linalg_ops")


def _lu(x, output_idx_type):
    lu, _, perm = _lu_factor(x)
    return lu, perm.astype(output_idx_type)


def lu(input, output_idx_type=dtypes.int32, name=None):
    """tf.linalg.lu: Lu(lu, p), L (unit diagonal, below it) and U packed in `lu`, with
    input[..., p, :] = L @ U (partial pivoting, as LAPACK's getrf)."""
    x = to_tensor(input)
    _check_matrix(_lu_op, x)
    index_dtype = dtypes.as_dtype(output_idx_type)
    if index_dtype not in (dtypes.int32, dtypes.int64):
        raise attr_error("Lu", "output_idx_type", index_dtype, name="")
    if x.shape[-1] != x.shape[-2]:
        raise _fail("Lu", "Input matrix must be square.")
    return Lu(*execute(_lu_op, (x,), (("output_idx_type", index_dtype._np),)))


def _svd(x, full_matrices, compute_uv):
    if not compute_uv:
        return jnp.linalg.svd(x, compute_uv=False)
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return s, u, _adjoint(vh)


def _diag_matrix(d):
    """TF's matrix_diag: `d` on the diagonal, +0.0 elsewhere."""
    eye = jnp.eye(d.shape[-1], dtype=bool)
    return jnp.where(eye, d[..., None, :], jnp.zeros((), d.dtype))


def _safe_reciprocal(x):   # TF's _SafeReciprocal
    return x * _reciprocal(rounded(x * x) + 1e-20)


def _svd_grad(full_matrices, compute_uv):
    """TF's SvdGrad, as TF writes it (the same formula gives the same roundings and
    signs of zeros: exact zeros where JAX's rule leaves 1e-33s of either sign)."""
    def grad(g, a, out):
        dt = a.dtype
        if not compute_uv:
            u, _, vh = jnp.linalg.svd(a, full_matrices=False)
            return (_mm(u, _mm(_diag_matrix(g.astype(dt)), vh)),)
        gs, gu, gv = g
        s, u, v = out
        m, n = a.shape[-2:]
        if m > n:   # the gradient of a^H = v s u^H, transposed at the end
            m, n, u, v, gu, gv = n, m, v, u, gv, gu
        if full_matrices and abs(m - n) > 1:
            raise NotImplementedError(
                f"svd gradient is not implemented for abs(m - n) > 1 when full_matrices "
                f"is True. Received: m={m} and n={n}")
        s = s.astype(dt)
        s_mat = _diag_matrix(s)
        s2 = rounded(s * s)   # (products rounded on their own, as TF's, not in FMAs)
        eye = jnp.eye(s.shape[-1], dtype=bool)
        f = jnp.where(eye, jnp.zeros((), dt),
                      _safe_reciprocal(s2[..., None, :] - s2[..., :, None]))
        s_inv_mat = _diag_matrix(_safe_reciprocal(s))
        v1, gv1 = v[..., :, :m], gv[..., :, :m]
        f_u = rounded(f * _mm(_adjoint(u), gu))
        v_gv = _mm(_adjoint(v1), gv1)
        f_v = rounded(f * v_gv)
        term1_nouv = (_diag_matrix(gs.astype(dt)) + _mm(f_u + _adjoint(f_u), s_mat)
                      + _mm(s_mat, f_v + _adjoint(f_v)))
        ga = _mm(u, _mm(term1_nouv, _adjoint(v1)))
        if m != n:
            gv1t = _adjoint(gv1)
            term2_nous = gv1t - _mm(_mm(gv1t, v1), _adjoint(v1))
            if full_matrices:
                v2, gv2 = v[..., :, m:n], gv[..., :, m:n]
                term2_nous = term2_nous - _mm(_mm(_adjoint(v1), gv2), _adjoint(v2))
            ga = ga + _mm(_mm(u, s_inv_mat), term2_nous)
        if jnp.issubdtype(dt, jnp.complexfloating):
            l_ = jnp.eye(s.shape[-1], dtype=dt) * v_gv
            term3_nouv = _mm(s_inv_mat, _adjoint(l_) - l_)
            ga = ga + jnp.asarray(0.5, dt) * _mm(u, _mm(term3_nouv, _adjoint(v1)))
        return (_adjoint(ga) if a.shape[-2] > a.shape[-1] else ga,)
    return grad


_SVD = {(full, uv): tf_gradient(functools.partial(_svd, full_matrices=full, compute_uv=uv),
                                _svd_grad(full, uv))
        for full in (False, True) for uv in (False, True)}
_svd_op = Op("Svd", lambda x, full_matrices, compute_uv:
             _SVD[full_matrices, compute_uv](x), jvp_fn=_svd)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """tf.linalg.svd: (s, u, v) with a = u @ diag(s) @ adjoint(v), or s alone."""
    x = to_tensor(tensor)
    _check_matrix(_svd_op, x)
    out = execute(_svd_op, (x,), (("full_matrices", bool(full_matrices)),
                                  ("compute_uv", bool(compute_uv))))
    return tuple(out) if compute_uv else out


def matrix_rank(a, tol=None, validate_args=False, name=None):
    """tf.linalg.matrix_rank: the number of singular values above `tol` (default: eps *
    max(M, N) * the largest singular value)."""
    a = to_tensor(a)
    s = svd(a, compute_uv=False)
    if tol is None:
        eps = np.finfo(a.dtype.as_numpy_dtype).eps
        tol = eps * cast_ops.cast(max(a.shape[-2:]), a.dtype) * reduction_ops.reduce_max(
            s, axis=-1, keepdims=True)
    return reduction_ops.reduce_sum(cast_ops.cast(s > tol, dtypes.int32), axis=-1)


def _eigh_fwd(x):
    e, v = jnp.linalg.eigh(x, UPLO="L", symmetrize_input=False)
    e = e.astype(x.dtype)  # complex for a complex input, as TF
    return (e, v), (e, v)


def _eigh_bwd(res, g):
    # TF's SelfAdjointEigV2Grad: only the lower triangle of the input is read.
    e, v = res
    ge, gv = g
    diff = e[..., None, :] - e[..., :, None]
    f = _safe_reciprocal(diff)
    n = e.shape[-1]
    f = jnp.where(jnp.eye(n, dtype=bool), jnp.zeros((), f.dtype), f)
    vh = _adjoint(v)
    mid = (ge[..., :, None] * jnp.eye(n, dtype=ge.dtype)).astype(v.dtype)
    ga = v @ ((mid + f * (vh @ gv)) @ vh)
    ga = jnp.tril(ga + _adjoint(ga))
    scale = jnp.where(jnp.eye(n, dtype=bool), 0.5, 1.0).astype(e.dtype)
    return (ga * scale,)


_eigh = jax.custom_vjp(lambda x: _eigh_fwd(x)[0])
_eigh.defvjp(_eigh_fwd, _eigh_bwd)
_eigh_op = Op("SelfAdjointEigV2", _eigh)


def eigh(tensor, name=None):
    """tf.linalg.eigh: (e, v), eigenvalues ascending; only the lower triangle is read."""
    return tuple(_unary(_eigh_op, tensor))


def eigvalsh(tensor, name=None):
    """tf.linalg.eigvalsh."""
    return eigh(tensor)[0]


_EIG_INPUTS = frozenset(np.dtype(t) for t in (np.float32, np.float64, np.complex64,
                                                np.complex128))
_eig_op = Op("Eig", lambda x: tuple(jnp.linalg.eig(x)))
_eigvals_op = Op("Eig", jnp.linalg.eigvals)


def _eig_input(tensor):
    x = to_tensor(tensor)
    if x._value.dtype not in _EIG_INPUTS:
        raise TypeError(f"tf.linalg.eig does not support matrices of type {x.dtype}")
    _square(_eig_op, x)
    return x


def eig(tensor, name=None):
    """tf.linalg.eig: complex eigenvalues and unit eigenvectors, in LAPACK's order (TF's
    Eigen solver may order them differently)."""
    return tuple(execute(_eig_op, (_eig_input(tensor),)))


def eigvals(tensor, name=None):
    """tf.linalg.eigvals."""
    return execute(_eigvals_op, (_eig_input(tensor),))


# -- least squares, pseudo-inverse, exponential -------------------------------------------

_min_norm_lstsq = raise_on_gradient(lambda a, b: jnp.linalg.lstsq(a, b)[0],
                                    ValueError("Gradient not defined for fast=False"))


def _lstsq(a, b, l2, fast):
    if not fast:
        return _min_norm_lstsq(a, b)
    m, n = a.shape[-2:]
    gram = _adjoint(a) @ a if m >= n else a @ _adjoint(a)
    if not (isinstance(l2, float) and l2 == 0.0):   # a float attribute, or an operand
        gram = gram + jnp.asarray(l2, a.dtype) * jnp.eye(gram.shape[-1], dtype=a.dtype)
    chol = jnp.linalg.cholesky(gram)

    def chol_solve(r):
        y = lax.linalg.triangular_solve(chol, r, left_side=True, lower=True)
        return lax.linalg.triangular_solve(chol, y, left_side=True, lower=True,
                                           transpose_a=True, conjugate_a=True)
    return chol_solve(_adjoint(a) @ b) if m >= n else _adjoint(a) @ chol_solve(b)


_lstsq_op = Op("MatrixSolveLs", _lstsq)
# l2_regularizer computed inside a tf.function: an operand (no gradient for it, as TF).
_lstsq_traced_op = Op("MatrixSolveLs", _lstsq, dependencies=lambda arrays, attrs: ((0, 1),))


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """tf.linalg.lstsq. fast=True solves the (regularized) normal equations through
    Cholesky, as TF; fast=False gives the minimum-norm solution and ignores
    l2_regularizer, as TF's CPU kernel, and has no gradient."""
    a, b = match2(matrix, rhs, "MatrixSolveLs")
    check_dtype(_cholesky_op, a)
    sa, sb = a._value.shape, b._value.shape
    if sa[-2] != sb[-2]:
        if sa[-2] >= sa[-1]:
            raise _matmul_error(sa, sb, a.dtype)
        raise _fail("MatrixTriangularSolve",
                    f"In[0] mismatch In[1] shape: {sa[-2]} vs. {sb[-2]}: "
                    f"[{sa[-2]},{sa[-2]}] {dims(sb)} 1 0")
    if traced(l2_regularizer):
        l2 = cast_ops.cast(l2_regularizer, a.dtype)
        return execute(_lstsq_traced_op, (a, b, l2), (("fast", bool(fast)),))
    if isinstance(l2_regularizer, Tensor):
        l2_regularizer = np.asarray(l2_regularizer._value).item()
    return execute(_lstsq_op, (a, b), (("l2", float(l2_regularizer)), ("fast", bool(fast))))


def _pinv(a, rcond):
    return jnp.linalg.pinv(a, rtol=rcond)


_pinv_op = Op("Pinv", _pinv)
# rcond computed inside a tf.function: an operand (it only selects singular values).
_pinv_traced_op = Op("Pinv", _pinv, dependencies=lambda arrays, attrs: ((0,),))


def pinv(a, rcond=None, validate_args=False, name=None):
    """tf.linalg.pinv: singular values below rcond * max(s) are dropped (rcond defaults
    to 10 * max(rows, cols) * eps, as TF)."""
    a = to_tensor(a)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {a.dtype.name}).")
    if a.ndim < 2:
        raise ValueError(f"Input `a` must have at least 2 dimensions (saw: {a.ndim}).")
    if rcond is None:
        rcond = 10.0 * max(a._value.shape[-2:]) * np.finfo(a.dtype._np).eps
    elif traced(rcond):
        return execute(_pinv_traced_op, (a, cast_ops.cast(rcond, a.dtype.real_dtype)))
    elif isinstance(rcond, Tensor):
        rcond = np.asarray(rcond._value).item()
    return execute(_pinv_op, (a,), (("rcond", float(rcond)),))


_expm_op = Op("MatrixExponential", jax.scipy.linalg.expm)


def expm(input, name=None):
    """tf.linalg.expm (Pade approximation with scaling and squaring, as TF)."""
    x = to_tensor(input)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise ValueError(f"tf.linalg.expm does not support matrices of type {x.dtype}")
    if x.ndim < 2 or x._value.shape[-1] != x._value.shape[-2]:
        s = dims((1,) + x._value.shape[-2:])
        raise _fail("BatchMatMulV2", f"Matrix size-incompatible: In[0]: {s}, In[1]: {s} 0 0")
    return execute(_expm_op, (x,))


_LOGM_MAX_ROOTS = 64
# Gauss-Legendre nodes and weights on [0, 1]: log(I + X) = sum_j w_j X (I + t_j X)^-1 is
# the [m/m] Pade approximant of the logarithm.
_LOGM_T, _LOGM_W = np.polynomial.legendre.leggauss(10)
_LOGM_T, _LOGM_W = (_LOGM_T + 1) / 2, _LOGM_W / 2


def _logm_one(a):
    eye_n = jnp.eye(a.shape[-1], dtype=a.dtype)

    def far(state):
        x, s = state
        return (jnp.max(jnp.abs(x - eye_n)) > 0.25) & (s < _LOGM_MAX_ROOTS)

    def root(state):
        x, s = state
        return jax.scipy.linalg.sqrtm(x).astype(a.dtype), s + 1

    x, s = lax.while_loop(far, root, (a, 0))
    y = x - eye_n
    log = sum(jnp.asarray(w, a.dtype) * jnp.linalg.solve(eye_n + jnp.asarray(t, a.dtype) * y, y)
              for t, w in zip(_LOGM_T, _LOGM_W))
    log = log * jnp.asarray(2.0, a.real.dtype) ** s
    ok = jnp.max(jnp.abs(y)) <= 0.25
    return jnp.where(ok, log, jnp.full_like(log, complex(np.nan, np.nan)))


_lu_factor = raise_on_gradient(lax.linalg.lu,
                               LookupError("gradient registry has no entry for: Lu"))
_lu_op = Op("Lu", _lu)


def _logm(a):
    if not a.size:
        return a
    flat = a.reshape((-1,) + a.shape[-2:]).astype(jnp.complex128)  # rounding as TF's
    return jax.vmap(_logm_one)(flat).reshape(a.shape).astype(a.dtype)


_logm_op = Op("MatrixLogarithm", raise_on_gradient(
    _logm, LookupError("gradient registry has no entry for: MatrixLogarithm")))


def logm(input, name=None):
    """tf.linalg.logm: the principal matrix logarithm of complex (batches of) matrices
    (inverse scaling and squaring: square roots, then a Pade approximant; TF uses
    Eigen's Schur-based algorithm, so values agree to rounding). A singular matrix gives
    NaNs, as TF; there is no gradient (LookupError, as TF). It runs on the CPU, as TF's
    only kernel does (JAX's Schur decomposition is CPU-only)."""
    with jax.default_device(jax.devices("cpu")[0]):
        return _unary(_logm_op, input)


def _triangular_sqrt(t):
    """Eigen's matrix_sqrt_triangular of upper triangular `t` [M, M]: the square roots
    of the diagonal, then each column upward, r[i, j] = (t[i, j] - r[i, i+1:j] .
    r[i+1:j, j]) / (r[i, i] + r[j, j]); a negative real eigenvalue gives NaN."""
    n = t.shape[-1]
    idx = jnp.arange(n)
    r = jnp.diag(jnp.sqrt(jnp.diagonal(t)))

    def column(j, r):
        def entry(step, r):
            i = j - 1 - step
            inside = (idx > i) & (idx < j)
            dot = jnp.sum(jnp.where(inside, r[i, :] * r[:, j], 0))
            return r.at[i, j].set((t[i, j] - dot) / (r[i, i] + r[j, j]))
        return lax.fori_loop(0, j, entry, r)

    return lax.fori_loop(1, n, column, r)


def _schur_sqrt(x):
    """U sqrt(T) U^H of one matrix from its Schur form T = U^H x U."""
    t, u = lax.linalg.schur(x)
    return _mm(_mm(u, _triangular_sqrt(t)), _adjoint(u))


def _sqrtm_one(x):
    """TF's MatrixSquareRoot (Eigen's MatrixSquareRoot) of one matrix. A real matrix
    with a real Schur form sqrt'ed in real arithmetic (NaNs for a negative eigenvalue,
    as Eigen's); one with complex eigenvalue pairs (2x2 blocks) through its complex
    Schur form, the real part kept, NaNs where it also has a negative real eigenvalue."""
    if jnp.iscomplexobj(x):
        return _schur_sqrt(x)
    t, u = lax.linalg.schur(x)
    sub = jnp.diagonal(t, offset=-1)
    blocks = jnp.any(sub != 0)
    real = _mm(_mm(u, _triangular_sqrt(t)), u.T)
    complex_dtype = jnp.result_type(x.dtype, jnp.complex64)
    via_complex = jnp.real(_schur_sqrt(x.astype(complex_dtype))).astype(x.dtype)
    in_block = jnp.concatenate([sub != 0, jnp.zeros((1,), bool)]) | jnp.concatenate(
        [jnp.zeros((1,), bool), sub != 0])
    negative = jnp.any((jnp.diagonal(t) < 0) & ~in_block)
    via_complex = jnp.where(negative, jnp.full_like(via_complex, np.nan), via_complex)
    return jnp.where(blocks, via_complex, real)


def _sqrtm(x):
    if not x.size:
        return x
    flat = x.reshape((-1,) + x.shape[-2:])
    return jax.vmap(_sqrtm_one)(flat).reshape(x.shape)


def _sqrtm_grad(g, a, r):
    """TF's _MatrixSquareRootGrad: vec(dA) = (I (x) R^T + R (x) I) vec(dR), solved."""
    m = r.shape[-1]
    eye_m = jnp.broadcast_to(jnp.eye(m, dtype=r.dtype), r.shape)

    def kron(b1, b2):
        return (b1[..., :, None, :, None] * b2[..., None, :, None, :]).reshape(
            r.shape[:-2] + (m * m, m * m))
    ksum = kron(eye_m, jnp.swapaxes(r, -1, -2)) + kron(r, eye_m)
    vec_da = jnp.swapaxes(g, -1, -2).reshape(r.shape[:-2] + (m * m, 1))
    return (jnp.swapaxes(jnp.linalg.solve(ksum, vec_da).reshape(r.shape), -1, -2),)


_sqrtm_op = Op("MatrixSquareRoot", tf_gradient(_sqrtm, _sqrtm_grad), jvp_fn=_sqrtm)


def matrix_square_root(input, name=None):
    """tf.linalg.sqrtm, tf.matrix_square_root: the principal square root through a Schur
    decomposition, as TF's Eigen kernel; LAPACK's Schur form is not Eigen's, so values
    agree with TF's to rounding. It runs on the CPU (JAX's Schur decomposition is
    CPU-only), as TF's only kernel does."""
    x = to_tensor(input)
    if x.dtype in (dtypes.float16, dtypes.bfloat16):
        raise errors.NotFoundError(
            None, None, "Could not find device for node: {{node MatrixSquareRoot}} = "
            f"MatrixSquareRoot[T={dtype_enum(x.dtype)}]\nAll kernels registered "
            "for op MatrixSquareRoot:\n  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU'; "
            "T in [DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in "
            "[DT_FLOAT]\n [Op:MatrixSquareRoot] name: ")
    with jax.default_device(jax.devices("cpu")[0]):
        return _unary(_sqrtm_op, x)


sqrtm = matrix_square_root
