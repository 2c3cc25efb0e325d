"""tf.linalg's banded and tridiagonal systems: tridiagonal_matmul, tridiagonal_solve
(TridiagonalMatMul, TridiagonalSolve) and banded_triangular_solve
(BandedTriangularSolve).

The kernels follow TF's CPU kernels step by step (tridiagonal_solve_op.cc: Gaussian
elimination with partial pivoting as LAPACK's gtsv, the Thomas algorithm without it,
gtf/gts's perturbation of tiny pivots with `perturb_singular`; a singular system gives
NaNs, as TF's), each product rounded on its own as TF's kernels compute it. Gradients
are TF's (linalg_grad.py).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import host_callback
from ..framework.dispatch import Op, check_dtype, execute, match2, to_tensor
from . import manip_ops
from .arithmetic_ops import _complex_divide
from .math_common import rounded, tf_gradient
from .matrix_diag_ops import _matrix_diag_part, diag_part, matrix_transpose
from .op_args import checked_attr, dims, kernel_error
from .unary_ops import conj


def _batched(fn, batch_ndim):
    """fn over `batch_ndim` leading dimensions of each argument."""
    for _ in range(batch_ndim):
        fn = jax.vmap(fn)
    return fn


def _row(m, i):
    return lax.dynamic_index_in_dim(m, i, axis=0, keepdims=False)


def _set_row(m, i, v):
    return lax.dynamic_update_index_in_dim(m, v, i, axis=0)


# -- TridiagonalMatMul --------------------------------------------------------------------

def _tridiagonal_matmul(sup, main, sub, rhs):
    """TF's kernel: rhs * main, plus the row above times sub, plus the row below times
    sup, in that order (inputs [..., 1, M] and [..., M, N])."""
    sup, main, sub = (jnp.swapaxes(d, -1, -2) for d in (sup, main, sub))
    out = rounded(rhs * main)
    out = out.at[..., 1:, :].add(rounded(rhs[..., :-1, :] * sub[..., 1:, :]))
    return out.at[..., :-1, :].add(rounded(rhs[..., 1:, :] * sup[..., :-1, :]))


def _shift_up(x):
    return jnp.concatenate([x[..., 1:, :], jnp.zeros_like(x[..., :1, :])], axis=-2)


def _shift_down(x):
    return jnp.concatenate([jnp.zeros_like(x[..., :1, :]), x[..., :-1, :]], axis=-2)


def _tridiagonal_matmul_grad(g, sup, main, sub, rhs, out):
    """TF's _TridiagonalMatMulGrad."""
    supc, mainc, subc = (jnp.conj(jnp.swapaxes(d, -1, -2)) for d in (sup, main, sub))
    rhs_c = jnp.conj(rhs)
    grads = [jnp.sum(r * g, axis=-1)[..., None, :]
             for r in (_shift_up(rhs_c), rhs_c, _shift_down(rhs_c))]
    rhs_grad = _shift_down(supc * g) + mainc * g + _shift_up(subc * g)
    return (*grads, rhs_grad)


_tridiagonal_matmul_op = Op("TridiagonalMatMul",
                            tf_gradient(_tridiagonal_matmul, _tridiagonal_matmul_grad))


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    """tf.linalg.tridiagonal_matmul (formats 'compact', 'sequence' and 'matrix')."""
    if diagonals_format == "compact":
        diagonals = to_tensor(diagonals)
        sup, main, sub = (diagonals[..., i, :] for i in range(3))
    elif diagonals_format == "sequence":
        sup, main, sub = (to_tensor(d) for d in diagonals)
    elif diagonals_format == "matrix":
        diagonals = to_tensor(diagonals)
        m1, m2 = diagonals.shape[-1], diagonals.shape[-2]
        if m1 and m2 and m1 != m2:
            raise ValueError("Expected last two dimensions of diagonals to be same, got "
                             f"{m1} and {m2}")
        diags = diag_part(diagonals, k=(-1, 1), padding_value=0., align="LEFT_RIGHT")
        sup, main, sub = (diags[..., i, :] for i in range(3))
    else:
        raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")
    sup, main, sub = (manip_ops.expand_dims(d, -2) for d in (sup, main, sub))
    rhs = to_tensor(rhs)
    check_dtype(_tridiagonal_matmul_op, sup)
    # TF's LinearAlgebraOp: inputs of one rank and one batch shape
    shapes = [t.shape.as_list() for t in (sup, main, sub, rhs)]
    if len({len(s) for s in shapes}) > 1:
        raise kernel_error("TridiagonalMatMul", "All input tensors must have the same rank.", "")
    if len({tuple(s[:-2]) for s in shapes}) > 1:
        raise kernel_error("TridiagonalMatMul",
                           "All input tensors must have the same outer dimensions.", "")
    n = rhs.shape[-2]
    for d, what in ((sup, "superdiagonal"), (main, "main diagonal"), (sub, "subdiagonal")):
        if d.shape[-1] != n:
            raise kernel_error("TridiagonalMatMul", f"Invalid {what} shape.", "")
    return execute(_tridiagonal_matmul_op, (sup, main, sub, rhs))


# -- TridiagonalSolve ---------------------------------------------------------------------

def _div(row, pivot):
    """A row divided by a scalar as Eigen's packets divide (complex: its packet formula)."""
    if jnp.iscomplexobj(row):
        return _complex_divide(row, jnp.broadcast_to(pivot, row.shape))
    return row / pivot


def _nan(x):
    return jnp.full_like(x, np.nan)


def _solve_pivoting(sup, diag, sub, rhs):
    """SolveWithGaussianEliminationWithPivoting (LAPACK's gtsv order)."""
    n = diag.shape[0]
    u = jnp.zeros((n + 2, 3), diag.dtype).at[0, 0].set(diag[0]).at[0, 1].set(sup[0])

    def forward(i, state):
        u, x, bad = state
        ui0, ui1, s = u[i, 0], u[i, 1], sub[i + 1]
        last = i == n - 2
        keep = jnp.abs(ui0) >= jnp.abs(s)
        bad = bad | (keep & (ui0 == 0))
        # no interchange
        f = s / ui0
        k_u1 = diag[i + 1] - rounded(f * ui1)
        k_x1 = _row(rhs, i + 1) - rounded(f * _row(x, i))
        # rows i and i + 1 interchanged
        g = ui0 / s
        s_u1 = ui1 - rounded(g * diag[i + 1])
        s_x1 = _row(x, i) - rounded(g * _row(rhs, i + 1))
        new_i = jnp.where(keep, jnp.stack([ui0, ui1, jnp.where(last, u[i, 2], 0)]),
                          jnp.stack([s, diag[i + 1], jnp.where(last, u[i, 2], sup[i + 1])]))
        sup1 = jnp.where(keep, sup[i + 1], -rounded(g * sup[i + 1]))
        new_i1 = jnp.stack([jnp.where(keep, k_u1, s_u1), jnp.where(last, u[i + 1, 1], sup1),
                            u[i + 1, 2]])
        u = _set_row(_set_row(u, i, new_i), i + 1, new_i1)
        x = _set_row(x, i, jnp.where(keep, _row(x, i), _row(rhs, i + 1)))
        x = _set_row(x, i + 1, jnp.where(keep, k_x1, s_x1))
        return u, x, bad

    x = jnp.zeros((n + 2,) + rhs.shape[1:], rhs.dtype).at[0].set(rhs[0])
    u, x, bad = lax.fori_loop(0, n - 1, forward, (u, x, jnp.bool_(False)))
    bad = bad | (u[n - 1, 0] == 0)

    def backward(j, x):
        i = n - 1 - j
        row = _row(x, i) - rounded(u[i, 1] * _row(x, i + 1)) - rounded(u[i, 2] * _row(x, i + 2))
        return _set_row(x, i, _div(row, u[i, 0]))

    x = lax.fori_loop(0, n, backward, x)[:n]
    return jnp.where(bad, _nan(x), x)


def _solve_thomas(sup, diag, sub, rhs):
    """SolveWithThomasAlgorithm (no pivoting)."""
    n = diag.shape[0]

    def forward(i, state):
        u, x, bad = state
        denom = diag[i] - rounded(sub[i] * u[i - 1])
        bad = bad | (denom == 0)
        u = u.at[i].set(sup[i] / denom)
        x = _set_row(x, i, (_row(rhs, i) - rounded(sub[i] * _row(x, i - 1))) / denom)
        return u, x, bad

    u = jnp.zeros_like(diag).at[0].set(sup[0] / diag[0])
    x = jnp.zeros_like(rhs).at[0].set(rhs[0] / diag[0])
    u, x, bad = lax.fori_loop(1, n, forward, (u, x, diag[0] == 0))

    def backward(j, x):
        i = n - 2 - j
        return _set_row(x, i, _row(x, i) - rounded(u[i] * _row(x, i + 1)))

    x = lax.fori_loop(0, n - 1, backward, x)
    return jnp.where(bad, _nan(x), x)


def _perturb_pivot(perturb, pivot, row):
    """MaybePerturbPivot (LAPACK's xLAGTS): nudge a tiny `pivot` so that neither
    row / pivot nor 1 / pivot overflows."""
    real = jnp.real(pivot).dtype
    safemin = np.asarray(np.finfo(real).tiny, real)
    bignum = np.asarray(1 / np.finfo(real).tiny, real)
    perturb = jnp.copysign(jnp.maximum(jnp.abs(perturb), safemin), jnp.real(pivot))
    max_factor = jnp.max(jnp.abs(row)) if row.size else jnp.zeros((), real)

    def cond(state):
        pivot, _, _, stop = state
        return (jnp.abs(pivot) < 1) & ~stop

    def body(state):
        pivot, perturb, row, _ = state
        a = jnp.abs(pivot)
        tiny = a < safemin
        nudge = jnp.where(tiny, (a == 0) | (max_factor * safemin > a),
                          max_factor > a * bignum)
        scale = tiny & ~nudge
        pivot = jnp.where(nudge, pivot + perturb, jnp.where(scale, pivot * bignum, pivot))
        row = jnp.where(scale, row * bignum, row)
        return pivot, jnp.where(nudge, perturb * 2, perturb), row, ~nudge

    pivot, _, row, _ = lax.while_loop(cond, body, (pivot, perturb, row, jnp.bool_(False)))
    return pivot, row


def _solve_perturbed(sup, diag, sub, rhs):
    """SolveWithGaussianEliminationWithPivotingAndPerturbSingular (xLAGTF + xLAGTS)."""
    n = diag.shape[0]
    eps = np.finfo(jnp.real(diag).dtype).eps
    one = jnp.ones((), diag.dtype)
    if n == 1:
        pivot, row = _perturb_pivot(eps * jnp.abs(diag[0]), diag[0], rhs[0])
        return (row * (one / pivot))[None]
    u = jnp.zeros((n + 2, 3), diag.dtype).at[0, 0].set(diag[0]).at[0, 1].set(sup[0])
    max_u = jnp.maximum(jnp.abs(diag[0]), jnp.abs(sup[0]))
    scale1 = jnp.abs(diag[0]) + jnp.abs(sup[0])

    def forward(k, state):
        u, x, max_u, scale1 = state
        s, d1, p1 = sub[k + 1], diag[k + 1], sup[k + 1]
        inner = k < n - 2
        scale2 = jnp.abs(s) + jnp.abs(d1) + jnp.where(inner, jnp.abs(p1), 0)
        uk0, uk1 = u[k, 0], u[k, 1]
        piv1 = jnp.where(uk0 == 0, 0, jnp.abs(uk0) / scale1)
        zero_sub = s == 0
        keep = zero_sub | (jnp.abs(s) / scale2 <= piv1)
        f = s / uk0
        g = uk0 / s
        xk, r1 = _row(x, k), _row(rhs, k + 1)
        k_u1 = jnp.where(zero_sub, d1, d1 - rounded(f * uk1))
        k_x1 = jnp.where(zero_sub, r1, r1 - rounded(f * xk))
        new_k = jnp.where(keep, jnp.stack([uk0, uk1, jnp.zeros_like(uk0)]),
                          jnp.stack([s, d1, jnp.where(inner, p1, u[k, 2])]))
        new_k1 = jnp.stack([jnp.where(keep, k_u1, uk1 - rounded(g * d1)),
                            jnp.where(keep, p1, jnp.where(inner, -rounded(g * p1), u[k + 1, 1])),
                            u[k + 1, 2]])
        u = _set_row(_set_row(u, k, new_k), k + 1, new_k1)
        x = _set_row(x, k, jnp.where(keep, xk, r1))
        x = _set_row(x, k + 1, jnp.where(keep, k_x1, xk - rounded(g * r1)))
        max_u = jnp.where(inner, jnp.maximum(max_u, jnp.max(jnp.abs(new_k))), max_u)
        return u, x, max_u, jnp.where(keep, scale2, scale1)

    x = jnp.zeros((n + 2,) + rhs.shape[1:], rhs.dtype).at[0].set(rhs[0])
    u, x, max_u, _ = lax.fori_loop(0, n - 1, forward, (u, x, max_u, scale1))
    tol = eps * jnp.maximum(max_u, jnp.abs(u[n - 1, 0]))

    def backward(j, x):
        i = n - 1 - j
        row = _row(x, i) - rounded(u[i, 1] * _row(x, i + 1)) - rounded(u[i, 2] * _row(x, i + 2))
        pivot, row = _perturb_pivot(tol, u[i, 0], row)
        return _set_row(x, i, rounded(row * (one / pivot)))

    return lax.fori_loop(0, n, backward, x)[:n]


def _tridiagonal_solve_kernel(diagonals, rhs, partial_pivoting, perturb_singular):
    if diagonals.shape[-1] == 0:
        return rhs
    solve = (_solve_perturbed if perturb_singular else
             _solve_pivoting if partial_pivoting else _solve_thomas)
    fn = _batched(lambda d, r: solve(d[0], d[1], d[2], r), diagonals.ndim - 2)
    return fn(diagonals, rhs)


def _transpose_tridiagonal(d):
    """TF's _TransposeTridiagonalMatrix (compact format)."""
    zeros = jnp.zeros_like(d[..., 0, :1])
    return jnp.stack([jnp.concatenate([d[..., 2, 1:], zeros], axis=-1), d[..., 1, :],
                      jnp.concatenate([zeros, d[..., 0, :-1]], axis=-1)], axis=-2)


def _three_diagonals_of_product(x, y_tr):
    """TF's _MatmulExtractingThreeDiagonals."""
    zeros = jnp.zeros_like(y_tr[..., :1, :])
    return jnp.stack([
        jnp.sum(x * jnp.concatenate([y_tr[..., 1:, :], zeros], axis=-2), axis=-1),
        jnp.sum(x * y_tr, axis=-1),
        jnp.sum(x * jnp.concatenate([zeros, y_tr[..., :-1, :]], axis=-2), axis=-1)], axis=-2)


_SOLVERS = {}


def _solver(partial_pivoting, perturb_singular):
    """The TridiagonalSolve kernel with TF's _TridiagonalSolveGrad."""
    key = (partial_pivoting, perturb_singular)
    if key not in _SOLVERS:
        def fn(d, r):
            return _tridiagonal_solve_kernel(d, r, *key)

        def grad(g, d, r, x):
            grad_rhs = fn(_transpose_tridiagonal(d), g)
            return -_three_diagonals_of_product(grad_rhs, x), grad_rhs
        _SOLVERS[key] = tf_gradient(fn, grad)
    return _SOLVERS[key]


_tridiagonal_solve_op = Op(
    "TridiagonalSolve",
    lambda d, r, partial_pivoting, perturb_singular: _solver(
        partial_pivoting, perturb_singular)(d, r))


def _tridiagonal_solve_compact(diagonals, rhs, transpose_rhs, conjugate_rhs,
                               partial_pivoting, perturb_singular):
    """TF's _tridiagonal_solve_compact_format."""
    diagonals = to_tensor(diagonals)
    rhs = to_tensor(rhs)
    diags_rank, rhs_rank = diagonals.shape.rank, rhs.shape.rank
    if diags_rank < 2:
        raise ValueError(f"Expected diagonals to have rank at least 2, got {diags_rank}")
    if rhs_rank != diags_rank and rhs_rank != diags_rank - 1:
        raise ValueError(f"Expected the rank of rhs to be {diags_rank - 1} or {diags_rank}, "
                         f"got {rhs_rank}")
    if rhs_rank and not diagonals.shape[:-2].is_compatible_with(rhs.shape[:diags_rank - 2]):
        raise ValueError(f"Batch shapes {diagonals.shape[:-2]} and "
                         f"{rhs.shape[:diags_rank - 2]} are incompatible")
    if diagonals.shape[-2] and diagonals.shape[-2] != 3:
        raise ValueError(f"Expected 3 diagonals got {diagonals.shape[-2]}")

    def solve(rhs):
        if diagonals.shape[-1] and rhs.shape[-2] and diagonals.shape[-1] != rhs.shape[-2]:
            raise ValueError("Expected number of left-hand sided and right-hand sides to be "
                             f"equal, got {diagonals.shape[-1]} and {rhs.shape[-2]}")
        d, r = match2(diagonals, rhs, "TridiagonalSolve")
        check_dtype(_tridiagonal_solve_op, d)
        return execute(_tridiagonal_solve_op, (d, r), (
            ("partial_pivoting", bool(partial_pivoting)),
            ("perturb_singular", bool(perturb_singular))))

    if rhs_rank == diags_rank - 1:
        if conjugate_rhs:
            rhs = conj(rhs)
        return manip_ops.squeeze(solve(manip_ops.expand_dims(rhs, -1)), -1)
    if transpose_rhs:
        rhs = matrix_transpose(rhs, conjugate=conjugate_rhs)
    elif conjugate_rhs:
        rhs = conj(rhs)
    return solve(rhs)


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False,
                      conjugate_rhs=False, name=None, partial_pivoting=True,
                      perturb_singular=False):
    """tf.linalg.tridiagonal_solve (formats 'compact', 'sequence' and 'matrix'), with TF's
    CPU algorithms."""
    if perturb_singular and not partial_pivoting:
        raise ValueError("partial_pivoting must be True if perturb_singular is.")
    args = (transpose_rhs, conjugate_rhs, partial_pivoting, perturb_singular)
    if diagonals_format == "compact":
        return _tridiagonal_solve_compact(diagonals, rhs, *args)
    if diagonals_format == "sequence":
        if not isinstance(diagonals, (tuple, list)) or len(diagonals) != 3:
            raise ValueError("Expected diagonals to be a sequence of length 3.")
        superdiag, maindiag, subdiag = (to_tensor(d) for d in diagonals)
        if (not subdiag.shape[:-1].is_compatible_with(maindiag.shape[:-1]) or
                not superdiag.shape[:-1].is_compatible_with(maindiag.shape[:-1])):
            raise ValueError(
                "Tensors representing the three diagonals must have the same shape,except "
                f"for the last dimension, got {subdiag.shape}, {maindiag.shape}, "
                f"{superdiag.shape}")
        m = maindiag.shape[-1]

        def pad_if_necessary(t, name, last_dim_padding):
            n = t.shape[-1]
            if not n or n == m:
                return t
            if n == m - 1:
                return manip_ops.pad(t, [[0, 0]] * (t.shape.rank - 1) + [last_dim_padding])
            raise ValueError(f"Expected {name} to be have length {m} or {m - 1}, got {n}.")
        subdiag = pad_if_necessary(subdiag, "subdiagonal", [1, 0])
        superdiag = pad_if_necessary(superdiag, "superdiagonal", [0, 1])
        diagonals = manip_ops.stack((superdiag, maindiag, subdiag), axis=-2)
        return _tridiagonal_solve_compact(diagonals, rhs, *args)
    if diagonals_format == "matrix":
        diagonals = to_tensor(diagonals)
        m1, m2 = diagonals.shape[-1], diagonals.shape[-2]
        if m1 and m2 and m1 != m2:
            raise ValueError("Expected last two dimensions of diagonals to be same, got "
                             f"{m1} and {m2}")
        diagonals = diag_part(diagonals, k=(-1, 1), padding_value=0., align="LEFT_RIGHT")
        return _tridiagonal_solve_compact(diagonals, rhs, *args)
    raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")


# -- BandedTriangularSolve ----------------------------------------------------------------

def _banded_solve(bands, rhs, lower, adjoint):
    """SequentialBandedTriangularSolveKernel for one matrix: `bands` [K, M] (lower: the
    diagonal first, subdiagonals right-aligned; upper: the diagonal last, superdiagonals
    left-aligned), rhs [M, N]. Dot products summed in ascending row order, adjoint
    updates subtracted one by one, as TF's kernel."""
    k, n = bands.shape
    if adjoint:
        bands = jnp.conj(bands)
    offsets = range(1, k)
    diag_row = 0 if lower else k - 1

    def coeff(i, j):
        """The entry multiplying x[j] in row i's equation (zero outside the band)."""
        if lower:   # A[i, j] (j < i) stored at [i - j, i]; adjoint: A[j, i] (j > i)
            row, col = (j - i, j) if adjoint else (i - j, i)
        else:       # A[i, j] (j > i) stored at [k - 1 - (j - i), i]; adjoint: A[j, i]
            row, col = (k - 1 - (i - j), j) if adjoint else (k - 1 - (j - i), i)
        inside = (j >= 0) & (j < n) & (j != i)
        return jnp.where(inside, bands[jnp.clip(row, 0, k - 1), jnp.clip(col, 0, n - 1)], 0)

    forward = lower != adjoint                     # rows solved top to bottom

    def step(t, x):
        i = t if forward else n - 1 - t
        js = [i - d for d in reversed(offsets)] if forward else [i + d for d in offsets]
        valid = [(j >= 0) & (j < n) for j in js]
        terms = [rounded(coeff(i, j) * _row(x, jnp.clip(j, 0, n - 1))) for j in js]
        acc = _row(rhs, i)
        if not adjoint:   # (rhs - a . x): the dot product first
            dot = None
            for v, term in zip(valid, terms):
                dot = jnp.where(v, term, 0 * term) if dot is None else jnp.where(v, dot + term, dot)
            if dot is not None:
                acc = acc - dot
        else:
            for v, term in zip(valid, terms):
                acc = jnp.where(v, acc - term, acc)
        return _set_row(x, i, acc / bands[diag_row, i])

    return lax.fori_loop(0, n, step, jnp.zeros_like(rhs))


def _banded_kernel(bands, rhs, lower, adjoint):
    batch = jnp.broadcast_shapes(bands.shape[:-2], rhs.shape[:-2])
    b = jnp.broadcast_to(bands, batch + bands.shape[-2:])
    r = jnp.broadcast_to(rhs, batch + rhs.shape[-2:])
    return _batched(lambda b, r: _banded_solve(b, r, lower, adjoint), len(batch))(b, r)


def _banded_pivot_error(lower):
    """TF's check (of the first matrix of the batch only): no zero on its diagonal."""
    def error(bands):
        first = bands.reshape((-1,) + bands.shape[-2:])[0]
        if np.min(np.abs(first[0 if lower else -1])) > 0:
            return None
        return kernel_error("BandedTriangularSolve", "Input matrix is not invertible.", "")
    return error


def _unbroadcast(g, shape):
    extra = g.ndim - len(shape)
    g = jnp.sum(g, axis=tuple(range(extra))) if extra else g
    axes = tuple(i for i, (a, b) in enumerate(zip(shape, g.shape)) if a == 1 and b != 1)
    return jnp.sum(g, axis=axes, keepdims=True) if axes else g


def _banded_grad(lower, adjoint):
    """TF's _BandedTriangularSolveGrad."""
    def grad(g, bands, rhs, c):
        k = bands.shape[-2]
        grad_b = _banded_kernel(bands, g, lower, not adjoint)
        adj = lambda m: jnp.conj(jnp.swapaxes(m, -1, -2))   # noqa: E731
        grad_a = -(jnp.matmul(c, adj(grad_b)) if adjoint else jnp.matmul(grad_b, adj(c)))
        lo, hi = (-(k - 1), 0) if lower else (0, k - 1)
        grad_a = _matrix_diag_part(grad_a, jnp.zeros((), grad_a.dtype), lo, hi, "LEFT_RIGHT")
        if lo == hi:   # (one band: matrix_diag_part's [..., M])
            grad_a = grad_a[..., None, :]
        return _unbroadcast(grad_a, bands.shape), _unbroadcast(grad_b, rhs.shape)
    return grad


def _banded_with_gradient(lower, adjoint):
    def fn(bands, rhs):
        return _banded_kernel(bands, rhs, lower, adjoint)
    return tf_gradient(fn, _banded_grad(lower, adjoint))


_BANDED = {(lower, adjoint): _banded_with_gradient(lower, adjoint)
           for lower in (False, True) for adjoint in (False, True)}


def _banded(bands, rhs, lower, adjoint, checked=False):
    out = _BANDED[lower, adjoint](bands, rhs)
    if checked:
        out = host_callback.checked(out, _banded_pivot_error(lower), bands)
    return out


_banded_op = Op("BandedTriangularSolve", _banded)


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """tf.linalg.banded_triangular_solve: `bands` [..., K, M] in LEFT_RIGHT band storage,
    batch dimensions broadcast."""
    a, b = match2(bands, rhs, "BandedTriangularSolve")
    check_dtype(_banded_op, a)
    sa, sb = a.shape.as_list(), b.shape.as_list()
    op = "BandedTriangularSolve"
    for i, shape in enumerate((sa, sb)):
        if len(shape) < 2:
            raise kernel_error(op, f"In[{i}] ndims must be >= 2: {len(shape)}", "")
    for i, t in enumerate((a, b)):
        if not t._value.size:
            raise kernel_error(op, f"In[{i}] must not be an empty tensor: Tensor<type: "
                                   f"{t.dtype._tf_name} shape: {dims(t.shape)} values: >", "")
    try:
        np.broadcast_shapes(tuple(sa[:-2]), tuple(sb[:-2]))
    except ValueError:
        raise kernel_error(op, "In[0] and In[1] must have compatible batch dimensions: "
                               f"{dims(sa)} vs. {dims(sb)}", "") from None
    if sa[-1] != sb[-2]:
        raise kernel_error(op, f"In[0] mismatch In[1] shape: {sa[-1]} vs. {sb[-2]}: "
                               f"{dims(sa)} {dims(sb)} {int(lower)} {int(adjoint)}", "")
    attrs = (("lower", bool(lower)), ("adjoint", bool(adjoint)))
    return execute(_banded_op, (a, b), attrs + checked_attr(_banded_pivot_error(lower), a))
