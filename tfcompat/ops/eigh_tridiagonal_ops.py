"""tf.linalg.eigh_tridiagonal: the eigenvalues of a Hermitian tridiagonal matrix by
bisection on Sturm sequence counts, and its eigenvectors by inverse iteration
(tridiagonal solves with perturbed pivots, close eigenvalues' vectors orthogonalized
with QR), step by step as TF's linalg_impl.py computes them, from the same start
(stateless_random_normal with seed [7, 42]).

As TF's, it takes one matrix (no batch dimensions). With select='v' the number of
eigenvalues depends on the values: inside a tf.function the interval's inputs must be
known when it is traced (XLA compiles static shapes).
"""
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from .arithmetic_ops import _sqrt
from .check_ops import assert_less, assert_less_equal
from .math_common import rounded
from .op_args import traced
from .stateless_random_ops import stateless_normal
from .tridiagonal_ops import _tridiagonal_solve_kernel
from .unary_ops import real


def _setup(alpha, beta):
    """TF's _compute_eigenvalues preamble: (alpha, beta^2, pivmin, alpha0 perturbation,
    Gershgorin bounds, |T| estimate) in alpha's real dtype."""
    if jnp.iscomplexobj(alpha):
        alpha = jnp.real(alpha)
        beta_sq = jnp.real(jnp.conj(beta) * beta)
        beta_abs = jnp.sqrt(beta_sq)
    else:
        beta_sq = jnp.square(beta)
        beta_abs = jnp.abs(beta)
    finfo = np.finfo(alpha.dtype)
    off = jnp.concatenate([beta_abs[:1], beta_abs[:-1] + beta_abs[1:], beta_abs[-1:]])
    est_max = jnp.minimum(finfo.max, jnp.max(alpha + off))
    est_min = jnp.maximum(finfo.min, jnp.min(alpha - off))
    t_norm = jnp.maximum(jnp.abs(est_min), jnp.abs(est_max))
    one = np.ones([], alpha.dtype)
    safemin = np.maximum(one / finfo.max, (one + finfo.eps) * finfo.tiny)
    pivmin = safemin * jnp.maximum(one, jnp.max(beta_sq))
    alpha0_perturbation = jnp.square(finfo.eps * beta_abs[0])
    return alpha, beta_sq, pivmin, alpha0_perturbation, est_min, est_max, t_norm


def _sturm(alpha, beta_sq, pivmin, alpha0_perturbation, x):
    """The number of eigenvalues below each of `x` (TF's Sturm sequence recurrence)."""
    q = alpha[0] - x
    count = jnp.where(q < 0, 1, 0).astype(jnp.int32)
    q = jnp.where(alpha[0] == x, alpha0_perturbation, q)

    def step(i, state):
        q, count = state
        q = alpha[i] - beta_sq[i - 1] / q - x
        small = q <= pivmin
        return jnp.where(small, jnp.minimum(q, -pivmin), q), jnp.where(small, count + 1, count)

    return lax.fori_loop(1, alpha.shape[0], step, (q, count))[1]


def _slack(n, alpha, t_norm, pivmin):
    fudge = 2.1
    eps = np.finfo(alpha.dtype).eps
    norm_slack = rounded(rounded(jnp.asarray(n, alpha.dtype) * fudge) * eps) * t_norm
    return norm_slack, rounded(2 * fudge * pivmin), rounded(fudge * pivmin)


def _interval_counts(alpha, beta, lo, hi):
    """select='v': the Sturm counts at the widened ends of (lo, hi]."""
    alpha, beta_sq, pivmin, a0, _, _, t_norm = _setup(alpha, beta)
    slack, below, above = _slack(alpha.shape[0], alpha, t_norm, pivmin)
    lower = jnp.asarray(lo, alpha.dtype) - slack - below
    upper = jnp.asarray(hi, alpha.dtype) + slack + above
    return _sturm(alpha, beta_sq, pivmin, a0, lower), _sturm(alpha, beta_sq, pivmin, a0, upper)


def _eigenvalues(alpha, beta, select, first, last, lo, hi, tol):
    """The eigenvalues with Sturm counts first .. last - 1, by TF's bisection."""
    alpha, beta_sq, pivmin, a0, est_min, est_max, t_norm = _setup(alpha, beta)
    finfo = np.finfo(alpha.dtype)
    abs_tol = finfo.eps * t_norm
    if tol:
        abs_tol = jnp.maximum(jnp.asarray(tol, alpha.dtype), abs_tol)
    slack, below, above = _slack(alpha.shape[0], alpha, t_norm, pivmin)
    if select == "v":
        lower = jnp.asarray(lo, alpha.dtype) - slack - below
        upper = jnp.asarray(hi, alpha.dtype) + slack + above
    else:
        lower, upper = est_min - slack - below, est_max + slack + above
    target = jnp.arange(first, last, dtype=jnp.int32)
    upper = jnp.broadcast_to(jnp.minimum(upper, finfo.max), target.shape)
    lower = jnp.broadcast_to(jnp.maximum(lower, finfo.min), target.shape)

    def midpoint(lower, upper):
        return 0.5 * lower + 0.5 * upper

    def more(state):
        i, lower, upper = state
        return (i < finfo.nmant + 1) & (abs_tol < jnp.max(upper - lower, initial=-jnp.inf))

    def step(state):
        i, lower, upper = state
        mid = midpoint(lower, upper)
        counts = _sturm(alpha, beta_sq, pivmin, a0, mid)
        return (i + 1, jnp.where(counts <= target, mid, lower),
                jnp.where(counts > target, mid, upper))

    _, lower, upper = lax.while_loop(more, step, (0, lower, upper))
    return midpoint(lower, upper)


def _orthogonalize(v, starts, ends, num_clusters):
    """Each cluster of close eigenvalues' vectors (rows starts[c] .. ends[c] - 1 of v)
    replaced by the Q of their QR decomposition (Householder QR's first columns depend
    only on the first vectors: the rows from the cluster's start are rolled to the top)."""
    k = v.shape[0]
    rows = jnp.arange(k)

    def cluster(c, v):
        start, end = starts[c], ends[c]
        rolled = jnp.roll(v, -start, axis=0)
        q = jnp.linalg.qr(rolled.T)[0].T
        q = jnp.roll(q, start, axis=0)
        return jnp.where(((rows >= start) & (rows < end))[:, None], q, v)

    return lax.fori_loop(0, num_clusters, cluster, v)


def _norm(v):
    return _sqrt(jnp.sum(v * jnp.conj(v), axis=1))


def _eigenvectors(alpha, beta, eigvals, v0):
    """TF's inverse iteration from the normal start `v0` [k, n] (float32)."""
    k = eigvals.shape[0]
    alpha = alpha.astype(beta.dtype)
    gap = eigvals[1:] - eigvals[:-1]
    eps = np.finfo(eigvals.dtype).eps
    t_norm = jnp.maximum(jnp.abs(eigvals[0]), jnp.abs(eigvals[-1]))
    close = gap < np.sqrt(eps) * t_norm
    left = jnp.concatenate([jnp.zeros((1,), bool), close])
    right = jnp.concatenate([close, jnp.zeros((1,), bool)])
    starts = jnp.nonzero(~left & right, size=k, fill_value=0)[0]
    ends = jnp.nonzero(left & ~right, size=k, fill_value=0)[0] + 1
    num_clusters = jnp.sum(left & ~right)
    v0 = v0.astype(beta.dtype)
    nrm = _norm(v0)
    v0 = v0 / nrm[:, None]
    shifted = alpha[None, :] - eigvals.astype(beta.dtype)[:, None]
    b = jnp.tile(beta[None, :], (k, 1))
    zero = jnp.zeros((k, 1), beta.dtype)
    diags = jnp.stack([jnp.concatenate([b, zero], axis=1), shifted,
                       jnp.concatenate([zero, jnp.conj(b)], axis=1)], axis=1)
    growth = jnp.asarray(1 + 0.1, nrm.dtype)

    def more(state):
        i, _, nrm, old = state
        return (i < 5) & jnp.any(jnp.real(nrm) >= jnp.real(growth * old))

    def step(state):
        i, v, nrm, _ = state
        v = _tridiagonal_solve_kernel(diags, v[..., None], True, True)[..., 0]
        old, nrm = nrm, _norm(v)
        v = _orthogonalize(v / nrm[:, None], starts, ends, num_clusters)
        return i + 1, v, nrm, old

    _, v, _, _ = lax.while_loop(more, step, (0, v0, nrm, jnp.zeros_like(nrm)))
    return v.T


_counts_op = Op("EighTridiagonalCounts", _interval_counts, differentiable=False)
_eigvals_op = Op("EighTridiagonal", _eigenvalues, differentiable=False)
_eigvecs_op = Op("EighTridiagonalVectors", _eigenvectors, differentiable=False)


def _static(value, what):
    if traced(value):
        raise TypeError(f"tfcompat: the {what} of tf.linalg.eigh_tridiagonal must be known "
                        f"when the tf.function is traced (XLA compiles static shapes); got "
                        f"a tensor computed inside the function")
    return np.asarray(getattr(value, "_value", value)).item()


def eigh_tridiagonal(alpha, beta, eigvals_only=True, select="a", select_range=None, tol=None,
                     name=None):
    """tf.linalg.eigh_tridiagonal (eigenvalues in non-decreasing order; eigenvectors as
    columns with eigvals_only=False). No gradient: TF's bisection has none either."""
    alpha = convert_to_tensor(alpha, name="alpha")
    n = alpha.shape[0]
    if n <= 1:
        return real(alpha)
    beta = convert_to_tensor(beta, name="beta")
    if alpha.dtype != beta.dtype:
        raise ValueError("'alpha' and 'beta' must have the same type.")
    lo = hi = 0
    if select == "a":
        first, last = 0, n
    elif select == "i":
        assert_less_equal(select_range[0], select_range[1],
                          message="Got empty index range in select_range.")
        first, last = (_static(r, "select_range argument") for r in select_range[:2])
        last += 1
    elif select == "v":
        assert_less(select_range[0], select_range[1],
                    message="Got empty interval in select_range.")
        lo, hi = (float(_static(r, "select_range argument")) for r in select_range[:2])
        counts = execute(_counts_op, (alpha, beta), (("lo", lo), ("hi", hi)))
        first, last = (_static(c, "alpha and beta arguments (with select='v')") for c in counts)
    else:
        raise ValueError("'select must have a value in {'a', 'i', 'v'}.")
    tol = None if tol is None else float(_static(tol, "tol argument"))
    eigvals = execute(_eigvals_op, (alpha, beta), (
        ("select", select), ("first", int(first)), ("last", int(last)), ("lo", lo),
        ("hi", hi), ("tol", tol)))
    if eigvals_only:
        return eigvals
    v0 = stateless_normal((eigvals.shape[0], n), seed=[7, 42], dtype=dtypes.float32)
    return eigvals, execute(_eigvecs_op, (alpha, beta, eigvals, v0))
