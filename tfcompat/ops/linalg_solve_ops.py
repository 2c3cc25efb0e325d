"""tf.linalg's inverse, determinants, Cholesky and linear solves (inv, det, slogdet,
logdet, cholesky, solve, triangular_solve, cholesky_solve), and the square-matrix
checks and kernel dtypes the other tf.linalg modules share.

Gradients are TF's; LU-based ops fail on an exactly singular input as TF's kernels do.
"""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, host_callback
from ..framework.dispatch import Op, check_dtype, execute, match2, to_tensor
from .math_common import plus_zero, rounded, tf_gradient
from .shape_inference import dtype_enum, trace_checked
from .op_args import deferred, dims, kernel_error, traced
from .arithmetic_ops import _complex_quotient_scalar


LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant",
                                              ["sign", "log_abs_determinant"],
                                              module="tensorflow.python.ops.gen_linalg_ops")


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
    """TF's LU kernels fail on an exactly zero pivot (JAX returns inf/nan). Eagerly, and
    for a matrix known while a tf.function is traced, the check is made here; for a
    traced matrix the op made it (its `checked` attribute)."""
    if not matrix.size or traced(matrix):
        return result
    with jax.ensure_compile_time_eval():   # (a known matrix: checked on the host)
        singular = (traced(result) or not bool(_all_finite(result._value))) and bool(
            _has_zero_pivot(matrix))
    if singular:
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


def _sign_log_abs(a):
    """TF's SLogDet (CPU): Eigen's partially pivoted LU; log|det| (real) is the sum of
    the logs of |diag(U)|, and the sign the permutation's times the product of the
    signs of diag(U) (a zero entry's is 0, so a singular matrix has sign +-0 and log|det|
    -inf; NaNs and infinities stay, as TF leaves them)."""
    lu, pivots, _ = lax.linalg.lu(a)
    diag = jnp.diagonal(lu, axis1=-2, axis2=-1)
    abs_diag = jnp.abs(diag)
    swaps = jnp.sum(pivots != jnp.arange(pivots.shape[-1], dtype=pivots.dtype), axis=-1)
    if jnp.iscomplexobj(diag):
        signs = jnp.where(abs_diag == 0, jnp.zeros((), diag.dtype), diag / abs_diag)
    else:
        signs = jnp.sign(diag)
    sign = jnp.where(swaps % 2 == 1, -1, 1).astype(a.dtype) * jnp.prod(signs, axis=-1)
    return sign, jnp.sum(jnp.log(abs_diag), axis=-1)


def _slogdet_value(a):
    sign, log_abs = _sign_log_abs(a)
    return sign, log_abs.astype(a.dtype)


def _det_value(a):
    """TF's DeterminantOp (CPU): sign * exp(log|det|)."""
    sign, log_abs = _sign_log_abs(a)
    return sign * jnp.exp(log_abs)


# TF's gradients (written in TF's convention, see math_common.tf_gradient): det's is
# (g * det) * inv(a^H) (for complex inputs not conj(det), as TF), slogdet's g * inv(a^H)
# with its log|det| complex-typed.
_det = tf_gradient(_det_value,
                   lambda g, a, det: ((g * det)[..., None, None] * _inv(a, True),))
_slogdet = tf_gradient(_slogdet_value,
                       lambda g, a, out: (g[1][..., None, None] * _inv(a, True),))
_inv_op = Op("MatrixInverse", _invertible("MatrixInverse", _inv_tf),
             jvp_fn=_invertible("MatrixInverse", _inv))
_det_op = Op("MatrixDeterminant", _det, jvp_fn=_det_value)
_slogdet_op = Op("LogMatrixDeterminant", _slogdet, jvp_fn=_slogdet_value)


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

_cholesky_op = Op("Cholesky", jnp.linalg.cholesky)


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


_solve_op = Op("MatrixSolve", _invertible("MatrixSolve", _solve))


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


_triangular_solve_op = Op("MatrixTriangularSolve", _triangular_solve)


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
