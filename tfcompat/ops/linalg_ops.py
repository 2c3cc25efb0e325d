"""tf.linalg ops (and tf.eye, tf.norm, tf.einsum, tf.tensordot) as pure JAX functions.

Decompositions follow LAPACK's conventions, as TF's Eigen kernels mostly do; where a
result is defined only up to sign or phase (the columns of svd's u and v, eig's and
eigh's eigenvectors), tfcompat's signs may differ from TF's. Gradients are TF's:
eigh's is the lower triangle TF's SelfAdjointEigV2Grad returns, lstsq(fast=False) has
none (ValueError, as TF), logm none (LookupError, as TF). The diagonal ops take TF's bands
of diagonals (k=(lower, upper)) and alignments.
"""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, host_callback
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import (Op, check_dtype, execute, match, match2, mismatch_error,
                                 to_tensor)
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from . import array_ops, loss_ops, math_ops
from .math_common import plus_zero, reduction_axes, rounded, tf_gradient
from .math_ops import (
    _abs_real, _complex_quotient_scalar, _maximum, _pow, _rsqrt, _sqrt, matmul,
)
from .shape_inference import dtype_enum, trace_checked
from .op_args import (
    check_alloc, deferred, dims, kernel_error, static_error, static_int, static_ints, traced,
)

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["eig", "eigvals", "einsum", "eye", "norm", "tensordot"]

# The dtypes of TF's matrix kernels, in the orders their op defs list them.
_DFH = ("double", "float", "half", "complex64", "complex128")
_HFD = ("half", "float", "double", "complex64", "complex128")
_SUMMARY = {
    "MatrixInverse": "input:T -> output:T; attr=adjoint:bool,default=false",
    "MatrixDeterminant": "input:T -> output:T",
    "LogMatrixDeterminant": "input:T -> sign:T, log_abs_determinant:T",
    "Cholesky": "input:T -> output:T",
    "Qr": "input:T -> q:T, r:T; attr=full_matrices:bool,default=false",
    "Svd": "input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; "
           "attr=full_matrices:bool,default=false",
    "SelfAdjointEigV2": "input:T -> e:T, v:T; attr=compute_v:bool,default=true",
    "MatrixSolve": "matrix:T, rhs:T -> output:T; attr=adjoint:bool,default=false",
    "MatrixTriangularSolve": "matrix:T, rhs:T -> output:T; attr=lower:bool,default=true; "
                             "attr=adjoint:bool,default=false",
    "MatrixLogarithm": "input:T -> output:T",
}

LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant",
                                              ["sign", "log_abs_determinant"])
Qr = collections.namedtuple("Qr", ["q", "r"])


def _matrix_op(name, fn, allowed=_DFH, jvp_fn=None):
    summary = f"name={name}; signature={_SUMMARY[name]}; attr=T:type,allowed=[{{enums}}]"
    return Op(name, fn, allowed=allowed, summary=summary, jvp_fn=jvp_fn)


def _fail(op_name, text, **kwargs):
    """A kernel failure of `op_name`, its message ending in ``name: `` as TF's."""
    return kernel_error(op_name, text, "", **kwargs)


def _square(op, x, attrs=()):
    """Check `x` is a (batch of) square matrices of a dtype `op` accepts, as TF's
    LinearAlgebraOp does (inside a tf.function, as its shape function: `attrs` are the
    op's `adjoint`)."""
    check_dtype(op, x)
    shape = x._value.shape
    node_attrs = (("T", dtype_enum(x)),) + tuple(a for a in attrs if a[0] == "adjoint")
    if len(shape) < 2:
        raise trace_checked(_fail(op.name, f"Input tensor 0 must have rank >= 2, got "
                                           f"{len(shape)}"),
                            f"Shape must be at least rank 2 but is rank {len(shape)}", op.name,
                            (x,), node_attrs)
    if shape[-1] != shape[-2]:
        raise trace_checked(_fail(op.name, "Input matrix must be square."),
                            "Dimensions must be equal, but are {} and {}".format(
                                *shape[-2:][::-1 if op.name == "MatrixDeterminant" else 1]),
                            op.name, (x,), node_attrs)


def _unary(op, x, attrs=()):
    x = to_tensor(x)
    _square(op, x, attrs)
    return execute(op, (x,), attrs)


_all_finite = jax.jit(lambda x: jnp.all(jnp.isfinite(x)))


@jax.jit
def _has_zero_pivot(a):
    lu, _, _ = lax.linalg.lu(a)
    return jnp.any(jnp.diagonal(lu, axis1=-2, axis2=-1) == 0)


_INVERTIBLE = {"MatrixInverse": "Input is not invertible.",
               "MatrixSolve": "Input matrix is not invertible."}


def _check_invertible(op_name, matrix, result):
    """TF's LU kernels fail on an exactly zero pivot (JAX returns inf/nan). Eagerly the
    check is made here; inside a tf.function the op made it (its `checked` attribute)."""
    if not traced(matrix, result) and matrix.size and not bool(
            _all_finite(result._value)) and bool(_has_zero_pivot(matrix)):
        raise _fail(op_name, _INVERTIBLE[op_name])
    return result


def _invertible(name, fn):
    """fn(a, ...) of LU-based op `name`; with the `checked` attribute (inside a
    tf.function) a singular `a` raises TF's error when the function runs."""
    def run(a, *args, checked=False, **attrs):
        out = fn(a, *args, **attrs)
        if checked and a.size:
            singular = lax.stop_gradient(~jnp.all(jnp.isfinite(out)) & _has_zero_pivot(a))
            out = host_callback.checked(
                out, lambda bad: _fail(name, _INVERTIBLE[name]) if bad else None, singular)
        return out
    return run


def _checked_attr(*tensors):
    return (("checked", True),) if deferred(*tensors) else ()


def _matmul_error(in0, in1, dtype):
    """TF's MatMul shape error (oneDNN's kernel name for float32)."""
    kernel = "__MklMatMul" if dtype in (dtypes.float32, dtypes.bfloat16) else "MatMul"
    return _fail("MatMul", f"Matrix size-incompatible: In[0]: {dims(in0)}, "
                           f"In[1]: {dims(in1)}", kernel=kernel)


def _adjoint(a):
    return jnp.conj(jnp.swapaxes(a, -1, -2))


# -- inverse, determinants ------------------------------------------------------------------

def _cmul(a, b):
    """(real, imag) of the complex product a * b of (real, imag) pairs, each product
    rounded on its own (as Eigen's scalar code; XLA would fuse them into FMAs)."""
    return (rounded(a[0] * b[0]) - rounded(a[1] * b[1]),
            rounded(a[0] * b[1]) + rounded(a[1] * b[0]))


def _csub(a, b):
    return a[0] - b[0], a[1] - b[1]


def _cdiv(a, b):
    # The divisor broadcast behind a barrier: XLA would make a division by a broadcast
    # value a product with its reciprocal (rounded twice).
    shape = jnp.broadcast_shapes(a[0].shape, b[0].shape)
    a = [jnp.broadcast_to(v, shape) for v in a]
    b = lax.optimization_barrier([jnp.broadcast_to(v, shape) for v in b])
    return _complex_quotient_scalar(a[0], a[1], b[0], b[1])


_EIGEN_UNBLOCKED = 16   # Eigen's PartialPivLU factors matrices up to this size unblocked


def _complex_inv_eigen(x):
    """TF's complex MatrixInverse as Eigen computes it, step by step: PartialPivLU (rows
    swapped to the largest |pivot|, the column below it divided by it with Smith's
    complex division, the trailing block updated by a - l * u), then the permuted
    identity solved with the unit-lower factor (rows x[j] -= x[k] * l[j, k], k
    ascending) and the upper one (x[j] -= x[k] * u[j, k] for k > j ascending, then
    x[j] *= 1 / u[j, j]). LAPACK's order differs in rounding and in the signs of zero
    parts (a real matrix's inverse as complex128 shows them)."""
    n = x.shape[-1]
    rows = jnp.arange(n)
    row_of = lambda m, i: lax.dynamic_index_in_dim(m, i, axis=-2, keepdims=False)  # noqa: E731
    col_of = lambda m, i: lax.dynamic_index_in_dim(m, i, axis=-1, keepdims=False)  # noqa: E731

    def factor(k, state):
        re, im, perm = state
        mag = jnp.where(rows >= k, jnp.abs(lax.complex(col_of(re, k), col_of(im, k))), -1)
        p = jnp.argmax(mag, axis=-1)
        nonzero = jnp.max(mag, axis=-1) != 0
        is_k, is_p = rows == k, rows == p[..., None]

        def swap(m):
            row_k = row_of(m, k)[..., None, :]
            row_p = jnp.take_along_axis(m, p[..., None, None], axis=-2)
            return jnp.where(is_k[:, None], row_p, jnp.where(is_p[..., None], row_k, m))
        re, im = swap(re), swap(im)
        perm = jnp.where(is_k, jnp.take_along_axis(perm, p[..., None], axis=-1),
                         jnp.where(is_p, col_of(perm, k)[..., None], perm))
        pivot = (col_of(row_of(re, k), k)[..., None], col_of(row_of(im, k), k)[..., None])
        col = (col_of(re, k), col_of(im, k))
        below = (rows > k) & nonzero[..., None]
        col = tuple(jnp.where(below, q, c) for q, c in zip(_cdiv(col, pivot), col))
        prod = _cmul((col[0][..., None], col[1][..., None]),
                     (row_of(re, k)[..., None, :], row_of(im, k)[..., None, :]))
        trailing = (rows[:, None] > k) & (rows > k)
        re, im = (jnp.where(trailing, m - d, jnp.where(is_k, c[..., None], m))
                  for m, d, c in zip((re, im), prod, col))
        return re, im, perm

    re, im, perm = lax.fori_loop(0, n, factor, (jnp.real(x), jnp.imag(x),
                                                jnp.broadcast_to(rows, x.shape[:-1])))
    xr = (perm[..., None] == rows).astype(re.dtype)
    xi = jnp.zeros_like(xr)

    def lower(k, xs):
        xk = (row_of(xs[0], k)[..., None, :], row_of(xs[1], k)[..., None, :])
        prod = _cmul(xk, (col_of(re, k)[..., None], col_of(im, k)[..., None]))
        return tuple(jnp.where(rows[:, None] > k, m - d, m) for m, d in zip(xs, prod))

    def upper(i, xs):
        j = n - 1 - i

        def subtract(k, acc):
            u_jk = (col_of(row_of(re, j), k)[..., None], col_of(row_of(im, j), k)[..., None])
            return _csub(acc, _cmul((row_of(xs[0], k), row_of(xs[1], k)), u_jk))
        acc = lax.fori_loop(j + 1, n, subtract, (row_of(xs[0], j), row_of(xs[1], j)))
        u_jj = (col_of(row_of(re, j), j)[..., None], col_of(row_of(im, j), j)[..., None])
        recip = _cdiv((jnp.ones_like(u_jj[0]), jnp.zeros_like(u_jj[0])), u_jj)
        acc = _cmul(acc, recip)
        return tuple(jnp.where((rows == j)[:, None], a[..., None, :], m)
                     for m, a in zip(xs, acc))

    xs = lax.fori_loop(0, n, upper, lax.fori_loop(0, n, lower, (xr, xi)))
    return lax.complex(*xs)


def _inv(x, adjoint):
    x = _adjoint(x) if adjoint else x
    if jnp.issubdtype(x.dtype, jnp.complexfloating) and 0 < x.shape[-1] <= _EIGEN_UNBLOCKED:
        return _complex_inv_eigen(x)
    return jnp.linalg.inv(x)


def _mm(a, b):
    """a @ b inside TF's gradient formulas. In float64 over a short contraction, as TF's
    Eigen kernel sums it: the products rounded on their own and added in order from +0.0
    (XLA fuses them into FMAs, whose roundings can turn a residue of 1e-17 to the other
    sign); otherwise XLA's dot, with +0.0 where a dot of one term is zero (XLA makes it a
    product, -0.0 at times)."""
    k = a.shape[-1]
    if a.dtype == np.float64 and 0 < k <= _EIGEN_UNBLOCKED:
        out = plus_zero(a[..., :, :1] * b[..., :1, :])   # +0.0 + p (XLA would drop the add)
        for t in range(1, k):
            out = out + rounded(a[..., :, t:t + 1] * b[..., t:t + 1, :])
        return out
    out = jnp.matmul(a, b)
    return plus_zero(out) if k == 1 else out


def _inv_grad(adjoint):
    """TF's MatrixInverseGrad: -(ainv^H @ (g @ ainv^H)), or with `adjoint`
    -(ainv @ (g^H @ ainv))."""
    def grad(g, x, ainv):
        if adjoint:
            return (-_mm(ainv, _mm(_adjoint(g), ainv)),)
        return (-_mm(_adjoint(ainv), _mm(g, _adjoint(ainv))),)
    return grad


_INV = {adjoint: tf_gradient(functools.partial(_inv, adjoint=adjoint), _inv_grad(adjoint))
        for adjoint in (False, True)}


def _inv_tf(x, adjoint):
    return _INV[adjoint](x)


# TF's gradients (written in TF's convention, see math_common.tf_gradient): det's is
# (g * det) * inv(a^H) (for complex inputs not conj(det), as TF), slogdet's g * inv(a^H)
# with its log|det| complex-typed.
_det = tf_gradient(jnp.linalg.det,
                   lambda g, a, det: ((g * det)[..., None, None] * _inv(a, True),))


def _slogdet_value(a):
    sign, log_abs = jnp.linalg.slogdet(a)
    return sign, log_abs.astype(a.dtype)


_slogdet = tf_gradient(_slogdet_value,
                       lambda g, a, out: (g[1][..., None, None] * _inv(a, True),))
_inv_op = _matrix_op("MatrixInverse", _invertible("MatrixInverse", _inv_tf),
                     jvp_fn=_invertible("MatrixInverse", _inv))
_det_op = _matrix_op("MatrixDeterminant", _det, allowed=_HFD, jvp_fn=jnp.linalg.det)
_slogdet_op = _matrix_op("LogMatrixDeterminant", _slogdet, allowed=_HFD,
                         jvp_fn=_slogdet_value)


def inv(input, adjoint=False, name=None):
    """tf.linalg.inv: a singular matrix raises InvalidArgumentError, as TF."""
    x = to_tensor(input)
    out = _unary(_inv_op, x, (("adjoint", bool(adjoint)),) + _checked_attr(x))
    return _check_invertible("MatrixInverse", x._value, out)


def det(input, name=None):
    """tf.linalg.det."""
    return _unary(_det_op, input)


def slogdet(input, name=None):
    """tf.linalg.slogdet: (sign, log|det|); the gradient flows through log|det| only."""
    return LogMatrixDeterminant(*_unary(_slogdet_op, input))


# -- Cholesky, triangular and general solves -----------------------------------------------

_cholesky_op = _matrix_op("Cholesky", jnp.linalg.cholesky)


def cholesky(input, name=None):
    """tf.linalg.cholesky (lower triangular). A matrix that is not positive definite
    gives NaNs, where TF returns unspecified values."""
    return _unary(_cholesky_op, input)


_logdet_op = Op("Logdet", lambda chol: 2.0 * jnp.sum(
    jnp.log(jnp.real(jnp.diagonal(chol, axis1=-2, axis2=-1))), axis=-1).astype(chol.dtype))


def logdet(matrix, name=None):
    """tf.linalg.logdet of a Hermitian positive definite matrix (through Cholesky)."""
    return execute(_logdet_op, (cholesky(matrix),))


def _solve(a, b, adjoint):
    return jnp.linalg.solve(_adjoint(a) if adjoint else a, b)


_solve_op = _matrix_op("MatrixSolve", _invertible("MatrixSolve", _solve))


def solve(matrix, rhs, adjoint=False, name=None):
    """tf.linalg.solve (no batch broadcasting, as TF's MatrixSolve)."""
    a, b = match2(matrix, rhs, "MatrixSolve")
    check_dtype(_solve_op, a)
    sa, sb = a._value.shape, b._value.shape
    if len(sa) != len(sb):
        raise _fail("MatrixSolve", "All input tensors must have the same rank.")
    if len(sa) < 2:
        raise _fail("MatrixSolve", f"Input tensor 0 must have rank >= 2, got {len(sa)}")
    if sa[-1] != sa[-2]:
        raise _fail("MatrixSolve", "First input (lhs) must be a square matrix.")
    if sa[:-2] != sb[:-2]:
        raise _fail("MatrixSolve", "All input tensors must have the same outer dimensions.")
    if sa[-2] != sb[-2]:
        raise _fail("MatrixSolve", "Input matrix and rhs are incompatible.")
    out = execute(_solve_op, (a, b), (("adjoint", bool(adjoint)),) + _checked_attr(a, b))
    return _check_invertible("MatrixSolve", a._value, out)


def _triangular_solve(a, b, lower, adjoint):
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = jnp.broadcast_to(a, batch + a.shape[-2:])
    b = jnp.broadcast_to(b, batch + b.shape[-2:])
    return lax.linalg.triangular_solve(a, b, left_side=True, lower=lower,
                                       transpose_a=adjoint, conjugate_a=adjoint)


_triangular_solve_op = _matrix_op("MatrixTriangularSolve", _triangular_solve,
                                  allowed=("bfloat16",) + _DFH)


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    """tf.linalg.triangular_solve (batch dimensions broadcast; only the `lower` or upper
    triangle of `matrix` is read; a zero diagonal gives inf, as TF)."""
    a, b = match2(matrix, rhs, "MatrixTriangularSolve")
    check_dtype(_triangular_solve_op, a)
    sa, sb = a._value.shape, b._value.shape
    for i, shape in enumerate((sa, sb)):
        if len(shape) < 2:
            raise _fail("MatrixTriangularSolve", f"In[{i}] ndims must be >= 2: {len(shape)}")
    if sa[-1] != sa[-2]:
        raise _fail("MatrixTriangularSolve", f"In[0] matrices in the last dimensions must "
                                             f"be square ({sa[-1]} =/= {sa[-2]})")
    if sa[-1] != sb[-2]:
        raise _fail("MatrixTriangularSolve",
                    f"In[0] mismatch In[1] shape: {sa[-1]} vs. {sb[-2]}: "
                    f"{dims(sa)} {dims(sb)} {int(lower)} {int(adjoint)}")
    return execute(_triangular_solve_op, (a, b),
                   (("lower", bool(lower)), ("adjoint", bool(adjoint))))


def cholesky_solve(chol, rhs, name=None):
    """tf.linalg.cholesky_solve: two triangular solves, as TF."""
    y = triangular_solve(chol, rhs, lower=True, adjoint=False)
    return triangular_solve(chol, y, lower=True, adjoint=True)


# -- decompositions -------------------------------------------------------------------------

_qr_op = _matrix_op("Qr", lambda x, full_matrices: tuple(
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


def _svd(x, full_matrices, compute_uv):
    if not compute_uv:
        return jnp.linalg.svd(x, compute_uv=False)
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return s, u, _adjoint(vh)


def _diag_matrix(d):
    """TF's matrix_diag: `d` on the diagonal, +0.0 elsewhere."""
    eye = jnp.eye(d.shape[-1], dtype=bool)
    return jnp.where(eye, d[..., None, :], jnp.zeros((), d.dtype))


def _safe_reciprocal(x):
    return x * (1 / (rounded(x * x) + 1e-20))


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
_svd_op = _matrix_op("Svd", lambda x, full_matrices, compute_uv:
                     _SVD[full_matrices, compute_uv](x), jvp_fn=_svd)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """tf.linalg.svd: (s, u, v) with a = u @ diag(s) @ adjoint(v), or s alone."""
    x = to_tensor(tensor)
    _check_matrix(_svd_op, x)
    out = execute(_svd_op, (x,), (("full_matrices", bool(full_matrices)),
                                  ("compute_uv", bool(compute_uv))))
    return tuple(out) if compute_uv else out


def _eigh_fwd(x):
    e, v = jnp.linalg.eigh(x, UPLO="L", symmetrize_input=False)
    e = e.astype(x.dtype)  # complex for a complex input, as TF
    return (e, v), (e, v)


def _eigh_bwd(res, g):
    # TF's SelfAdjointEigV2Grad: only the lower triangle of the input is read.
    e, v = res
    ge, gv = g
    diff = e[..., None, :] - e[..., :, None]
    f = diff / (diff * diff + 1e-20)
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
_eigh_op = _matrix_op("SelfAdjointEigV2", _eigh)


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

def raise_on_gradient(fn, exc):
    """`fn` whose gradient raises `exc`: for ops TF registers no gradient for (its
    LookupError) or refuses one. The tape raises it when gradient() reaches the op."""
    def bwd(res, g):
        raise exc

    f = jax.custom_vjp(fn)
    f.defvjp(lambda *args: (fn(*args), None), bwd)
    return f


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
        l2 = math_ops.cast(l2_regularizer, a.dtype)
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
        return execute(_pinv_traced_op, (a, math_ops.cast(rcond, a.dtype.real_dtype)))
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


def _logm(a):
    if not a.size:
        return a
    flat = a.reshape((-1,) + a.shape[-2:]).astype(jnp.complex128)  # rounding as TF's
    return jax.vmap(_logm_one)(flat).reshape(a.shape).astype(a.dtype)


_logm_op = _matrix_op("MatrixLogarithm", raise_on_gradient(
    _logm, LookupError("gradient registry has no entry for: MatrixLogarithm")),
    allowed=("complex64", "complex128"))


def logm(input, name=None):
    """tf.linalg.logm: the principal matrix logarithm of complex (batches of) matrices
    (inverse scaling and squaring: square roots, then a Pade approximant; TF uses
    Eigen's Schur-based algorithm, so values agree to rounding). A singular matrix gives
    NaNs, as TF; there is no gradient (LookupError, as TF). It runs on the CPU, as TF's
    only kernel does (JAX's Schur decomposition is CPU-only)."""
    with jax.default_device(jax.devices("cpu")[0]):
        return _unary(_logm_op, input)


# -- matrix-vector products and structure ----------------------------------------------------

def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    """tf.linalg.matvec: a @ b[..., None], squeezed."""
    a, b = match2(a, b, "MatMul", "_MklMatMul")
    out = matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a,
                 adjoint_a=adjoint_a)
    return array_ops.squeeze(out, -1)


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """tf.linalg.matrix_transpose: swaps the last two dimensions (conjugating if asked)."""
    x = to_tensor(a)
    if x.ndim < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received "
                         f"`a` = {x.numpy()} with shape: {x._value.shape}")
    perm = tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2)
    return array_ops.transpose(x, perm, conjugate=conjugate)


def adjoint(matrix, name=None):
    """tf.linalg.adjoint: conjugate transpose of the last two dimensions."""
    return matrix_transpose(matrix, conjugate=True)


# -- diagonals: tf.linalg.diag / diag_part / set_diag (TF's MatrixDiagV3 family) ----------
# A band k = (lower, upper) of diagonals d = col - row is stored in a [..., upper-lower+1,
# max_len] tensor, row upper - d holding diagonal d; a diagonal shorter than max_len is
# left- or right-aligned in its row as `align` says (superdiagonals, then subdiagonals).
# A single k (lower == upper) drops the num_diags dimension.

_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")
_DIAG_SIGNATURES = {
    "MatrixDiagV3": "diagonal:T, k:int32, num_rows:int32, num_cols:int32, padding_value:T "
                    "-> output:T",
    "MatrixDiagPartV3": "input:T, k:int32, padding_value:T -> diagonal:T",
    "MatrixSetDiagV3": "input:T, diagonal:T, k:int32 -> output:T",
}


def _diag_args(op_name, k, align, name):
    """(lower, upper, suffix) of TF's `k` (an int or a pair), after TF's checks; `suffix`
    is the name TF's kernel errors end with (none when k is a pair, as TF)."""
    if align not in _ALIGNS:
        allowed = ", ".join(f'"{a}"' for a in _ALIGNS)
        raise errors.InvalidArgumentError(
            None, None,
            f'Value for attr \'align\' of "{align}" is not in the list of allowed values: '
            f"{allowed}\n\t; NodeDef: {{{{node {op_name}}}}}; Op<name={op_name}; signature="
            f"{_DIAG_SIGNATURES[op_name]}; attr=T:type; attr=align:string,default="
            f'"RIGHT_LEFT",allowed=[{allowed}]> [Op:{op_name}] name: {name}')
    scalar = not isinstance(k, (tuple, list)) and not (isinstance(k, Tensor) and k.ndim)
    ks = ([static_int(k, f"tf.linalg ({op_name})", "k")] if scalar
          else list(static_ints(k, f"tf.linalg ({op_name})", "k")))
    suffix = name if scalar else None
    if not 1 <= len(ks) <= 2:
        raise kernel_error(op_name, f"diag_index must have only one or two elements, received "
                                    f"{len(ks)} elements.", suffix)
    lower, upper = ks[0], ks[-1]
    if lower > upper:
        raise kernel_error(op_name, f"lower_diag_index must not be larger than "
                                    f"upper_diag_index: {lower} > {upper}", suffix)
    return lower, upper, suffix


def _check_bounds(op_name, lower, upper, rows, cols, suffix):
    if not (-rows < lower < cols or lower == 0):
        # MatrixDiagPartOp's message has a period after the index; MatrixSetDiagOp's has not.
        dot = "." if op_name == "MatrixDiagPartV3" else ""
        raise kernel_error(op_name, f"lower_diag_index is out of bound: {lower}{dot} It must be "
                                    f"between {-rows} and {cols}", suffix)
    if not (-rows < upper < cols or upper == 0):
        raise kernel_error(op_name, f"upper_diag_index is out of bound: {upper} It must be "
                                    f"between {-rows} and {cols}", suffix)


def _padding(op_name, index, value, dtype, name):
    """TF's conversion of padding_value to the op's dtype T (input #index)."""
    if isinstance(value, Tensor) and value.dtype is not dtype:
        raise mismatch_error(op_name, index, dtype, value.dtype, op_suffix=name)
    if dtype is dtypes.bool and isinstance(value, (int, float)):
        value = bool(value)  # TF's fast path takes a number for a bool padding
    return convert_to_tensor(value, dtype=dtype)


def _diag_len(d, rows, cols):
    return min(rows + min(d, 0), cols - max(d, 0))


def _offset(d, max_len, rows, cols, align):
    """Where diagonal d starts in its row of the packed tensor (TF's content offset)."""
    left = (d >= 0 and align.startswith("LEFT")) or (d <= 0 and align.endswith("LEFT"))
    return 0 if left else max_len - _diag_len(d, rows, cols)


def _packed_positions(lower, upper, max_len, rows, cols, align):
    """For each (row, col) of a rows x cols matrix: the flat position in the packed
    [num_diags * max_len] diagonals holding it, and whether it is in the band."""
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    d = c - r
    offsets = np.array([_offset(int(x), max_len, rows, cols, align)
                        for x in range(lower, upper + 1)] or [0])
    in_band = (d >= lower) & (d <= upper)
    which = np.clip(upper - d, 0, upper - lower)
    pos = np.minimum(r, c) + offsets[np.clip(d - lower, 0, upper - lower)]
    valid = in_band & (pos < max_len)
    return np.where(valid, which * max_len + np.clip(pos, 0, max(max_len - 1, 0)), 0), valid


def _scatter_diagonals(diags, other, lower, upper, rows, cols, align):
    """`other` (broadcast to [..., rows, cols]) with the band's diagonals set from the
    packed `diags` [..., num_diags, max_len]."""
    max_len = diags.shape[-1]
    flat, valid = _packed_positions(lower, upper, max_len, rows, cols, align)
    if not diags.size:
        return jnp.broadcast_to(other, diags.shape[:-2] + (rows, cols))
    packed = diags.reshape(diags.shape[:-2] + (-1,))
    vals = jnp.take(packed, jnp.asarray(flat.reshape(-1)), axis=-1)
    vals = vals.reshape(diags.shape[:-2] + (rows, cols))
    return jnp.where(valid, vals, other)


def _pack(diags, lower, upper):
    return diags if lower < upper else diags[..., None, :]


def _unpack(diags, lower, upper):
    return diags if lower < upper else diags[..., 0, :]


def _matrix_diag(d, pad, lower, upper, rows, cols, align):
    pad = lax.stop_gradient(pad)  # TF: no gradient for padding_value
    return _scatter_diagonals(_pack(d, lower, upper), pad, lower, upper, rows, cols, align)


def _matrix_diag_part(x, pad, lower, upper, align):
    rows, cols = x.shape[-2:]
    max_len = min(rows + min(upper, 0), cols - max(lower, 0))
    diagonals = range(upper, lower - 1, -1)  # row i of the packed result: diagonal upper - i
    d = np.array(diagonals)[:, None]
    p = np.arange(max_len)[None, :] - np.array(
        [_offset(k, max_len, rows, cols, align) for k in diagonals])[:, None]
    lengths = np.array([_diag_len(k, rows, cols) for k in diagonals])[:, None]
    valid = (p >= 0) & (p < lengths)
    m = p - np.minimum(d, 0)
    n = p + np.maximum(d, 0)
    flat = np.where(valid, m * cols + n, 0)
    if not x.size or not max_len:
        out = jnp.broadcast_to(lax.stop_gradient(pad), x.shape[:-2] + valid.shape)
    else:
        vals = jnp.take(x.reshape(x.shape[:-2] + (-1,)), jnp.asarray(flat.reshape(-1)), axis=-1)
        out = jnp.where(valid, vals.reshape(x.shape[:-2] + valid.shape), lax.stop_gradient(pad))
    return _unpack(out, lower, upper)


def _set_diag(x, d, lower, upper, align):
    rows, cols = x.shape[-2:]
    return _scatter_diagonals(_pack(d, lower, upper), x, lower, upper, rows, cols, align)


_matrix_diag_op = Op("MatrixDiagV3", _matrix_diag)
_diag_part_op = Op("MatrixDiagPartV3", _matrix_diag_part)
_set_diag_op = Op("MatrixSetDiagV3", _set_diag)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    """tf.linalg.diag: a batch of matrices with the diagonals `k` (an offset, or a band
    (lower, upper) of them, stored as `align` says) set from `diagonal`, the rest
    `padding_value`."""
    d = to_tensor(diagonal)
    if d.ndim < 1:
        raise kernel_error("MatrixDiagV3", f"diagonal must be at least 1-dim, received shape: "
                                           f"{dims(d._value.shape)}", name)
    lower, upper, suffix = _diag_args("MatrixDiagV3", k, align, name)
    shape = d._value.shape
    if lower < upper and (d.ndim < 2 or shape[-2] != upper - lower + 1):
        raise kernel_error("MatrixDiagV3", "The number of diagonals provided in the input does "
                                           "not match the lower_diag_index and upper_diag_index "
                                           "range.", suffix)
    n = shape[-1]
    rows, cols = (static_int(v, "tf.linalg.diag", "num_rows/num_cols")
                  for v in (num_rows, num_cols))
    min_rows, min_cols = n - min(upper, 0), n + max(lower, 0)
    for got, least, what in ((rows, min_rows, "rows"), (cols, min_cols, "columns")):
        if got != -1 and got < least:
            raise kernel_error("MatrixDiagV3", f"The number of {what} is too small.", suffix)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows != min_rows and cols != min_cols:
        raise kernel_error("MatrixDiagV3", "The number of rows or columns is not consistent "
                                           "with the specified d_lower, d_upper, and diagonal.",
                           suffix)
    pad = _padding("MatrixDiagV3", 4, padding_value, d.dtype, name)
    batch = shape[:-1] if lower == upper else shape[:-2]
    check_alloc(batch + (rows, cols), d.dtype, "MatrixDiagV3", suffix)
    return execute(_matrix_diag_op, (d, pad), (("lower", lower), ("upper", upper),
                                               ("rows", rows), ("cols", cols),
                                               ("align", align)))


def _at_least_matrix(op_name, x, suffix):
    if x.ndim < 2:
        raise kernel_error(op_name, f"input must be at least 2-dim, received shape: "
                                    f"{dims(x._value.shape)}", suffix)


def diag_part(input, name="diag_part", k=0, padding_value=0,
              align="RIGHT_LEFT"):
    """tf.linalg.diag_part: the diagonal `k` of each innermost matrix, or the band
    (lower, upper) of them packed as `align` says, short ones padded with
    `padding_value`."""
    x = to_tensor(input)
    _at_least_matrix("MatrixDiagPartV3", x, name)
    lower, upper, suffix = _diag_args("MatrixDiagPartV3", k, align, name)
    rows, cols = x._value.shape[-2:]
    _check_bounds("MatrixDiagPartV3", lower, upper, rows, cols, suffix)
    pad = _padding("MatrixDiagPartV3", 2, padding_value, x.dtype, name)
    return execute(_diag_part_op, (x, pad), (("lower", lower), ("upper", upper),
                                             ("align", align)))


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    """tf.linalg.set_diag: `input` with its diagonal `k` (or band of diagonals, packed as
    `align` says) replaced by `diagonal`."""
    x, d = match((input, diagonal), "MatrixSetDiagV3", op_suffix=name)
    shape, dshape = x._value.shape, d._value.shape
    _at_least_matrix("MatrixSetDiagV3", x, name)
    lower, upper, suffix = _diag_args("MatrixSetDiagV3", k, align, name)
    rows, cols = shape[-2:]
    _check_bounds("MatrixSetDiagV3", lower, upper, rows, cols, suffix)
    num_diags = upper - lower + 1
    if lower < upper and (len(dshape) < 2 or dshape[-2] != num_diags):
        raise kernel_error("MatrixSetDiagV3", "The number of diagonals provided in `diag` is not "
                                              "consistent with `lower_diag_index` and "
                                              "`upper_diag_index`", suffix)
    length = max(0, min(rows + min(upper, 0), cols - max(lower, 0)))
    want = shape[:-2] + ((num_diags,) if lower < upper else ()) + (length,)
    if dshape != want:
        raise kernel_error(
            "MatrixSetDiagV3",
            "Either first dimensions of diagonal don't match input.shape[:-2], or "
            "diagonal.shape[:-1] is not equal to the longests diagonal in range "
            f"[lower_diag_index:upper_diag_index].\nInput shape: {dims(shape)}\nDiagonal "
            f"shape: {dims(dshape)}\nExpected diagonal shape: {dims(want)}", suffix)
    return execute(_set_diag_op, (x, d), (("lower", lower), ("upper", upper),
                                          ("align", align)))


def tensor_diag(diagonal, name=None):
    """tf.linalg.tensor_diag: output[i..., i...] = diagonal[i...]."""
    d = to_tensor(diagonal)
    return execute(_tensor_diag_op, (d,))


_tensor_diag_op = Op("Diag", lambda d: jnp.diag(d.reshape(-1)).reshape(d.shape + d.shape))


def _band_part(x, lower, upper):
    rows, cols = x.shape[-2:]
    r = jnp.arange(rows)[:, None]
    c = jnp.arange(cols)[None, :]
    keep = jnp.ones((rows, cols), bool)
    if lower >= 0:
        keep = keep & (r - c <= lower)
    if upper >= 0:
        keep = keep & (c - r <= upper)
    return jnp.where(keep, x, jnp.zeros((), x.dtype))


_band_part_op = Op("MatrixBandPart", _band_part)


def band_part(input, num_lower, num_upper, name=None):
    """tf.linalg.band_part (negative counts keep the whole triangle)."""
    x = to_tensor(input)
    _at_least_matrix("MatrixBandPart", x, "")
    for v in (num_lower, num_upper):
        if isinstance(v, float):   # (converted with dtype int64)
            raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype int64")
    lower, upper = (static_int(v, "tf.linalg.band_part", "num_lower/num_upper")
                    for v in (num_lower, num_upper))
    rows, cols = x._value.shape[-2:]
    if lower > rows:
        raise _fail("MatrixBandPart", f"num_lower must be negative or less or equal to "
                                      f"number of rows ({rows}) got: {lower}")
    if upper > cols:
        raise _fail("MatrixBandPart", f"num_upper must be negative or less or equal to "
                                      f"number of columns ({cols}) got: {upper}")
    return execute(_band_part_op, (x,), (("lower", lower), ("upper", upper)))


def trace(x, name=None):
    """tf.linalg.trace: the sum of the main diagonal of each innermost matrix."""
    return math_ops.reduce_sum(diag_part(x), axis=-1)


_cross_op = Op("Cross", jnp.cross)


def cross(a, b, name=None):
    """tf.linalg.cross of 3-element vectors (innermost dimension)."""
    a, b = match2(a, b, "Cross")
    if a._value.shape[-1:] != (3,) or b._value.shape[-1:] != (3,):
        raise _fail("Cross", "Cross-products are only defined for 3-element vectors.",
                    cls=errors.FailedPreconditionError)
    return execute(_cross_op, (a, b))


# -- norms -------------------------------------------------------------------------------------

def _norm(x, ord, axis, matrix, keepdims):
    if matrix and ord == 2:
        moved = jnp.moveaxis(x, axis, (-2, -1))
        s = jnp.linalg.svd(moved, compute_uv=False)
        result = jnp.max(s, axis=-1)
        result = jnp.expand_dims(result, (-2, -1))
        result = jnp.moveaxis(result, (-2, -1), axis)
    elif ord in ("euclidean", "fro") or ord == 2:
        result = _sqrt(jnp.sum(x * jnp.conj(x), axis, keepdims=True))
    else:
        a = jnp.abs(x) if jnp.issubdtype(x.dtype, jnp.complexfloating) else _abs_real(x)
        if ord == 1 and matrix:
            result = jnp.max(jnp.sum(a, axis[0], keepdims=True), axis[1], keepdims=True)
        elif ord == np.inf and matrix:
            result = jnp.max(jnp.sum(a, axis[1], keepdims=True), axis[0], keepdims=True)
        elif ord == 1:
            result = jnp.sum(a, axis, keepdims=True)
        elif ord == np.inf:
            result = jnp.max(a, axis, keepdims=True)
        else:
            result = _pow(jnp.sum(_pow(a, jnp.asarray(ord, a.dtype)), axis, keepdims=True),
                          jnp.asarray(1.0 / ord, a.dtype))
    return result if keepdims else jnp.squeeze(result, axis)


_norm_op = Op("Norm", _norm)
_MATRIX_ORDS = ("euclidean", "fro", 1, 2, np.inf)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    """tf.norm / tf.linalg.norm: vector p-norms (p > 0, inf) and matrix norms
    ('fro', 'euclidean', 1, 2, inf) over one axis, two axes or all of them."""
    x = to_tensor(tensor)
    bad_axis = "'axis' must be None, an integer, or a tuple of 2 unique integers, got {}"
    is_matrix = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix:
        axis = tuple(axis)
        if not all(isinstance(a, int) for a in axis) or axis[0] == axis[1]:
            raise ValueError(bad_axis.format(axis))
        if ord not in _MATRIX_ORDS:
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', "
                             f"1, 2, inf], got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError(bad_axis.format(axis))
        if ord not in ("euclidean", 1, 2, np.inf) and (isinstance(ord, str) or ord <= 0):
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        check_dtype(math_ops.sqrt.op, x)
    axes = tuple(range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, int) else axis)
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise kernel_error("Sum", f"Invalid reduction dimension ({a} for input with "
                                      f"{x.ndim} dimension(s)")
    axes = tuple(a % x.ndim for a in axes)
    ord = ord if isinstance(ord, str) else float(ord)
    return execute(_norm_op, (x,), (("ord", ord), ("axis", axes), ("matrix", is_matrix),
                                    ("keepdims", bool(keepdims))))


def _global_norm(*ts):
    total = sum(jnp.sum(t * t) / 2 for t in ts)
    return _sqrt(total * 2)


_global_norm_op = Op("GlobalNorm", _global_norm)


def global_norm(t_list, name=None):
    """tf.linalg.global_norm: sqrt(sum of squares of every tensor); None entries are
    skipped, as TF."""
    ts = [to_tensor(t) for t in t_list if t is not None]
    if not ts:
        return EagerTensor(jnp.zeros((), jnp.float32))
    for t in ts:
        check_dtype(loss_ops._l2_loss_op, t)  # TF sums l2_loss of each tensor
    ts = match(ts, "Pack", op_suffix="stack")
    return execute(_global_norm_op, tuple(ts))


def _l2_normalize(x, axis, epsilon):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        re, im = jnp.real(x), jnp.imag(x)
        inv_norm = _rsqrt(_maximum(jnp.sum(re * re + im * im, axis, keepdims=True),
                                   jnp.asarray(epsilon, re.dtype)))
        return lax.complex(re * inv_norm, im * inv_norm)
    inv_norm = _rsqrt(_maximum(jnp.sum(x * x, axis, keepdims=True),
                               jnp.asarray(epsilon, x.dtype)))
    return x * inv_norm


_l2_normalize_op = Op("L2Normalize", _l2_normalize)


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """tf.math.l2_normalize / tf.nn.l2_normalize / tf.linalg.l2_normalize:
    x / sqrt(max(sum(x**2, axis), epsilon))."""
    x = to_tensor(x)
    check_dtype(math_ops.square.op, x)   # TF squares x before it converts epsilon
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Cannot convert {epsilon!r} to EagerTensor of dtype {x.dtype.name}")
    axis = dim if axis is None else axis
    axes = tuple(range(x.ndim)) if axis is None else reduction_axes(
        axis, x.ndim, "Sum", "tf.math.l2_normalize")
    if traced(epsilon):
        raise static_error("tf.math.l2_normalize", "epsilon")
    return execute(_l2_normalize_op, (x,), (("axis", axes), ("epsilon", float(epsilon))))


# -- creation, contractions -------------------------------------------------------------------

def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    """tf.eye."""
    dtype = dtypes.as_dtype(dtype)
    given = (num_rows, num_rows if num_columns is None else num_columns)
    if not any(isinstance(v, (Tensor, Variable)) for v in given) and not all(
            isinstance(v, (int, np.integer)) for v in given):
        raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer "
                        f"values. Received: num_rows={given[0]}, num_columns={given[1]}")
    if isinstance(num_rows, (bool, np.bool_)) and num_columns is None:
        raise TypeError(f"Cannot convert [{np.bool_(num_rows)!r}] to EagerTensor of dtype "
                        f"int32")
    if dtype is dtypes.string:
        raise TypeError("Cannot convert 1 to EagerTensor of dtype string")
    rows = static_int(num_rows, "tf.eye", "num_rows")
    cols = rows if num_columns is None else static_int(num_columns, "tf.eye", "num_columns")
    for dim in (rows, cols):
        if dim < 0:
            raise _fail("Fill", f"Dimension {dim} must be >= 0")
    if isinstance(batch_shape, (list, tuple)) and any(isinstance(d, float) for d in batch_shape):
        raise TypeError(f"Cannot convert {list(batch_shape) + [np.int64(min(rows, cols))]} to "
                        f"EagerTensor of dtype int32")
    batch = () if batch_shape is None else static_ints(batch_shape, "tf.eye", "batch_shape")
    # TF's ops: ones(batch + [min(rows, cols)]), then matrix_diag (square) or zeros(batch +
    # [rows, cols]) with matrix_set_diag.
    check_alloc(batch + (min(rows, cols),), dtype, "Fill")
    if num_columns is None:
        check_alloc(batch + (rows, cols), dtype, "MatrixDiagV3", "diag")
    else:
        check_alloc(batch + (rows, cols), dtype, "Fill")
    out = jnp.eye(rows, cols, dtype=dtype._np)
    return EagerTensor(jnp.broadcast_to(out, batch + (rows, cols)))


def _einsum_error(op, arrays, attrs, exc):
    return _fail("Einsum", str(exc), kernel=f"__MklEinsum_N_{len(arrays)}")


_einsum_op = Op("Einsum", lambda *xs, equation: jnp.einsum(equation, *xs,
                                                          preferred_element_type=xs[0].dtype),
                error=_einsum_error)


def einsum(equation, *inputs, **kwargs):
    """tf.einsum (with `...` broadcasting)."""
    inputs = match(list(inputs), "Einsum", "_MklEinsum")
    n_operands = equation.split("->")[0].count(",") + 1
    if n_operands != len(inputs):
        raise ValueError(f'Got {len(inputs)} inputs for equation "{equation}", expecting '
                         f"{n_operands}")
    sizes = {}
    terms = equation.replace(" ", "").split("->")
    for label in (terms[1] if len(terms) > 1 else ""):
        if label.isalpha() and label not in terms[0]:
            raise ValueError(f"Output subscripts contain the label {label} not present in the "
                             f"input subscripts.")
    for i, (term, t) in enumerate(zip(terms[0].split(","), inputs)):
        if "." in term:
            continue
        if len(term) != t.ndim:
            raise _einsum_error(None, inputs, None, f"Expected input {i} to have rank "
                                                    f"{len(term)} but got: {t.ndim}")
        for axis, (label, dim) in enumerate(zip(term, t._value.shape)):
            want = sizes.setdefault(label, dim)
            if want != dim:
                raise trace_checked(
                    _einsum_error(None, inputs, None,
                                  f"Expected dimension {want} at axis {axis} of the input "
                                  f"shaped {dims(t._value.shape)} but got dimension {dim}"),
                    f"Dimensions must be equal, but are {want} and {dim}", "Einsum", inputs,
                    (("N", len(inputs)), ("T", dtype_enum(inputs[0])), ("equation", equation)),
                    scope="einsum/Einsum")
    return execute(_einsum_op, tuple(inputs), (("equation", equation),))


_tensordot_op = Op("Tensordot", lambda a, b, axes: jnp.tensordot(a, b, axes))


def tensordot(a, b, axes, name=None):
    """tf.tensordot: `axes` an int (the last n of a with the first n of b) or a pair of
    axis lists."""
    a, b = match2(a, b, "MatMul", "_MklMatMul")
    sa, sb = a._value.shape, b._value.shape
    if isinstance(axes, Tensor):
        if traced(axes):
            raise static_error("tf.tensordot", "axes")
        axes = np.asarray(axes._value).tolist()
    if isinstance(axes, (int, np.integer)):
        if axes > a.ndim:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of "
                             f"tensor {a.numpy()}.  Received {axes}, vs tensor dimensions "
                             f"{a.ndim}.")
        a_axes = list(range(a.ndim - axes, a.ndim))
        b_axes = list(range(axes))
    else:
        a_axes, b_axes = axes
        a_axes = [a_axes] if isinstance(a_axes, (int, np.integer)) else list(a_axes)
        b_axes = [b_axes] if isinstance(b_axes, (int, np.integer)) else list(b_axes)
        if len(a_axes) != len(b_axes):
            raise ValueError(f"Different number of contraction axes `a` and `b`, "
                             f"{len(a_axes)} != {len(b_axes)}.")
    a_axes = tuple(int(i) % max(a.ndim, 1) for i in a_axes)
    b_axes = tuple(int(i) % max(b.ndim, 1) for i in b_axes)
    if [sa[i] for i in a_axes] != [sb[i] for i in b_axes]:
        free_a = int(np.prod([d for i, d in enumerate(sa) if i not in a_axes]))
        free_b = int(np.prod([d for i, d in enumerate(sb) if i not in b_axes]))
        in0 = [free_a, int(np.prod([sa[i] for i in a_axes]))]
        in1 = [int(np.prod([sb[i] for i in b_axes])), free_b]
        raise _matmul_error(in0, in1, a.dtype)
    return execute(_tensordot_op, (a, b), (("axes", (a_axes, b_axes)),))
