"""Golden snippets for tf.linalg, tf.norm, tf.eye, tf.einsum, tf.tensordot and
l2_normalize (issue 4).

Decompositions whose results TF defines only up to sign or phase (svd's u and v,
qr's q and r rows, eig's and eigh's eigenvectors) print what is independent of that
choice: reconstructions, |entries|, singular values, and gradients of invariant losses.
"""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# Helpers every snippet of this suite (and of snippets_image) starts with: E prints a
# value's repr or the exception, G the gradients of f at the given points.
HELPERS = """
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
def G(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    for g in t.gradient(y, xs):
        print(None if g is None else np.round(g.numpy(), 5), None if g is None else g.dtype)
"""


def prelude(extra):
    """HELPERS, then ``extra`` (a suite's own names), as a prelude for Snippets.adder."""
    return textwrap.dedent(HELPERS + extra).lstrip("\n")


_l = SNIPPETS.adder(prelude("""
A = np.array([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])
B = np.array([[1., 2.], [3., 4.], [5., 6.5]])
"""))


_l("det_slogdet_edge_values", """
# TF's CPU kernel: det is sign * exp(log|det|) from Eigen's LU; a zero pivot's sign
# is 0 (signed by the others'), NaN and infinity are left as they come.
for m in ([[1., 2], [2, 4]], [[2., 4], [1, 2]], [[0., 0], [0, 0]], [[-1., 0], [0, 0]],
          [[np.nan, 0], [0, 3]], [[np.inf, 0], [0, 3]], [[1e30, 0], [0, 1e30]],
          [[2., 0], [0, 3]], [[1., 2], [3, 5]]):
    for dt in (tf.float32, tf.float64) + ((tf.complex64,) if np.isfinite(m).all() else ()):
        s = tf.linalg.slogdet(tf.constant(m, dt))
        print(m, dt.name, tf.linalg.det(tf.constant(m, dt)).numpy().tolist(),
              s.sign.numpy().tolist(), s.log_abs_determinant.numpy().tolist())
m = tf.reshape(tf.range(1.0, 26.0), [5, 5]) + tf.eye(5) * 7
print(tf.linalg.det(m).numpy().tolist(), tf.linalg.det(tf.cast(m, tf.float64)).numpy().tolist())
""")


_l("inv_det_slogdet", """
for dt in [tf.float32, tf.float64, tf.complex128]:
    a = tf.constant(A, dt)
    E(lambda: tf.linalg.inv(a))
    E(lambda: tf.linalg.det(a))
    E(lambda: tf.linalg.slogdet(a))
E(lambda: tf.linalg.inv(tf.constant(A), adjoint=True))
E(lambda: tf.linalg.det(tf.constant([[1., 2.], [3., 4.]])))
E(lambda: tf.linalg.slogdet(tf.constant([[1., 2.], [3., 4.]])))
E(lambda: tf.linalg.det(tf.stack([tf.constant(A), 2 * tf.constant(A)])))
E(lambda: tf.linalg.inv(tf.reshape(tf.constant(A), [1, 3, 3])))
E(lambda: tf.linalg.det(tf.zeros([0, 0])))
E(lambda: tf.linalg.det(tf.zeros([3, 0, 0])))
E(lambda: tf.linalg.inv(tf.zeros([2, 0, 0])))
E(lambda: tf.linalg.logdet(tf.constant(A)))
E(lambda: tf.linalg.logdet(tf.constant(A, tf.float32)))
""")
_l("inv_det_errors", """
for f in [tf.linalg.inv, tf.linalg.det, tf.linalg.slogdet, tf.linalg.cholesky, tf.linalg.logdet,
          tf.linalg.eigh, tf.linalg.eigvalsh, tf.linalg.eig, tf.linalg.eigvals]:
    E(lambda: f(tf.constant([[1., 2., 3.], [4., 5., 6.]])))
    E(lambda: f(tf.constant([1., 2.])))
for f in [tf.linalg.inv, tf.linalg.det, tf.linalg.slogdet, tf.linalg.cholesky, tf.linalg.qr,
          tf.linalg.svd, tf.linalg.eigh, tf.linalg.logdet]:
    E(lambda: f(tf.constant([[1, 2], [3, 4]])))
E(lambda: tf.linalg.inv(tf.constant([[1., 2.], [2., 4.]])))
E(lambda: tf.linalg.qr(tf.constant([1., 2.])))
E(lambda: tf.linalg.svd(tf.constant([1., 2.])))
""")
_l("inv_det_gradients", """
G(lambda a: tf.linalg.inv(a), A)
G(lambda a: tf.linalg.inv(a) * tf.constant(A @ A), A)
G(lambda a: tf.linalg.inv(a, adjoint=True)[0, 1], A)
G(lambda a: tf.linalg.det(a), A)
G(lambda a: tf.linalg.det(a), np.stack([A, 2 * A]).astype(np.float32))
G(lambda a: tf.linalg.slogdet(a)[1], A)
G(lambda a: tf.linalg.slogdet(a).log_abs_determinant, -A)
G(lambda a: tf.linalg.logdet(a), A)
# Triangular, so the complex LU's determinant is exact in TF and here (A's is not: its
# last ulp, which sets the signs of the gradient's zeros, depends on the LU's order).
G(lambda a: tf.abs(tf.linalg.det(a)), np.triu(A).astype(np.complex128) * (1 + 1j))
""")
_l("cholesky_solves", """
a = tf.constant(A)
l = tf.linalg.cholesky(a)
E(lambda: l)
E(lambda: tf.linalg.cholesky(tf.constant(A, tf.float32)))
E(lambda: tf.linalg.cholesky(tf.constant(A, tf.complex64)))
E(lambda: tf.linalg.cholesky_solve(l, tf.constant(B)))
E(lambda: tf.linalg.solve(a, tf.constant(B)))
E(lambda: tf.linalg.solve(a + tf.constant([[0., 1., 0.], [0., 0., 0.], [0., 0., 0.]], tf.float64),
                          tf.constant(B), adjoint=True))
E(lambda: tf.linalg.solve(tf.stack([a, 2 * a]), tf.stack([tf.constant(B), -tf.constant(B)])))
E(lambda: tf.linalg.triangular_solve(l, tf.constant(B)))
E(lambda: tf.linalg.triangular_solve(l, tf.constant(B), adjoint=True))
E(lambda: tf.linalg.triangular_solve(tf.transpose(l), tf.constant(B), lower=False))
E(lambda: tf.linalg.triangular_solve(a, tf.constant(B), lower=False))
E(lambda: tf.linalg.triangular_solve(tf.stack([l, 2 * l]), tf.constant(B)))
E(lambda: tf.linalg.triangular_solve(tf.constant([[0., 0.], [3., 4.]]), tf.constant([[1.], [2.]])))
E(lambda: tf.linalg.solve(tf.zeros([0, 0]), tf.zeros([0, 2])))
""")
_l("solve_errors", """
E(lambda: tf.linalg.solve(tf.constant([[1., 2.], [3., 4.]]), tf.constant([[1.], [2.], [3.]])))
E(lambda: tf.linalg.solve(tf.constant([[1., 2.], [2., 4.]]), tf.constant([[1.], [2.]])))
E(lambda: tf.linalg.solve(tf.constant([[1., 2.], [3., 4.]]), tf.constant([1., 2.])))
E(lambda: tf.linalg.solve(tf.constant([[1., 2., 3.], [3., 4., 5.]]), tf.constant([[1.], [2.]])))
E(lambda: tf.linalg.solve(tf.constant([[1, 2], [3, 4]]), tf.constant([[1], [2]])))
E(lambda: tf.linalg.solve(tf.eye(2), tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.triangular_solve(tf.constant([[1, 0], [3, 4]]), tf.constant([[1], [2]])))
E(lambda: tf.linalg.triangular_solve(tf.ones([2, 3]), tf.ones([2, 1])))
E(lambda: tf.linalg.triangular_solve(tf.eye(2), tf.ones([3, 1])))
E(lambda: tf.linalg.cholesky_solve(tf.eye(2), tf.ones([3, 1])))
E(lambda: tf.linalg.triangular_solve(tf.ones([2]), tf.ones([2, 1])))
E(lambda: tf.linalg.triangular_solve(tf.eye(2), tf.ones([2])))
E(lambda: tf.linalg.solve(tf.ones([2, 2, 2]), tf.ones([3, 2, 1])))
""")
_l("cholesky_solve_gradients", """
G(lambda a: tf.linalg.cholesky(a), A)
G(lambda a: tf.linalg.cholesky(a)[2, 0] * 3., A)
G(lambda a: tf.linalg.cholesky(a), A.astype(np.float32))
G(lambda a, b: tf.linalg.solve(a, b), A, B)
G(lambda a, b: tf.linalg.solve(a, b, adjoint=True) * b, A, B)
G(lambda a, b: tf.linalg.triangular_solve(a, b), A, B)
G(lambda a, b: tf.linalg.triangular_solve(a, b, lower=False, adjoint=True) ** 2, A, B)
G(lambda a, b: tf.linalg.cholesky_solve(tf.linalg.cholesky(a), b), A, B)
""")
_l("qr_svd", """
for m in [B, B.T, A]:
    for full in [False, True]:
        q, r = tf.linalg.qr(tf.constant(m), full_matrices=full)
        print(q.shape, r.shape, q.dtype, np.round(np.abs(q.numpy()), 6), np.round(np.abs(r.numpy()), 6))
        print(np.round(tf.matmul(q, r).numpy(), 6))
        s, u, v = tf.linalg.svd(tf.constant(m), full_matrices=full)
        print(s.shape, u.shape, v.shape, s.dtype, np.round(s.numpy(), 5))
        k = min(m.shape)
        print(np.round((u[:, :k] * s) @ tf.linalg.adjoint(v[:, :k]), 5))
        print(np.round(np.abs(u.numpy()), 5), np.round(np.abs(v.numpy()), 5))
E(lambda: tf.linalg.svd(tf.constant(B, tf.float32), compute_uv=False))
E(lambda: tf.linalg.svd(tf.constant(np.stack([B, 2 * B])), compute_uv=False))
q, r = tf.linalg.qr(tf.constant(np.stack([A, A.T * 2])))
print(q.shape, r.shape, np.round(tf.matmul(q, r).numpy(), 6))
q, r = tf.linalg.qr(tf.constant(B * (1 + 2j)))
print(q.dtype, np.round(tf.matmul(q, r).numpy(), 6))
print(type(tf.linalg.qr(tf.constant(A))).__name__, tf.linalg.qr(tf.constant(A))._fields)
""")
_l("qr_svd_gradients", """
G(lambda a: tf.linalg.svd(a, compute_uv=False), B)
G(lambda a: tf.linalg.svd(a, compute_uv=False) ** 2, A.astype(np.float32))
G(lambda a: tf.reduce_sum(tf.abs(tf.linalg.svd(a)[1])) + tf.reduce_sum(tf.linalg.svd(a)[0]), A)
G(lambda a: tf.square(tf.linalg.svd(a)[2]), B)
G(lambda a: tf.reduce_sum(tf.square(tf.linalg.qr(a)[0])) + tf.reduce_sum(tf.square(tf.linalg.qr(a)[1]) * B[:2]), B)
G(lambda a: tf.square(tf.linalg.qr(a)[1]), A)
""")
_l("eig_eigh", """
a = tf.constant(A)
e, v = tf.linalg.eigh(a)
print(repr(e), np.round(np.abs(v.numpy()), 6))
print(np.round((v * e) @ tf.transpose(v), 6))
E(lambda: tf.linalg.eigvalsh(tf.constant(A, tf.float32)))
E(lambda: tf.linalg.eigvalsh(tf.constant(np.stack([A, -A]))))
E(lambda: tf.linalg.eigvalsh(tf.constant(np.tril(A))))
e, v = tf.linalg.eigh(tf.constant(A * (1 + 0j) + np.triu(np.ones([3, 3]), 1) * 1j - np.tril(np.ones([3, 3]), -1) * 1j))
print(e.dtype, v.dtype, np.round(e.numpy(), 6))
m = tf.constant([[0., 1.], [-2., 0.]])
e = tf.linalg.eigvals(m)
print(e.dtype, e.shape, sorted(np.round(e.numpy(), 5), key=lambda z: z.imag))
e, v = tf.linalg.eig(tf.constant([[2., 1.], [0., 3.]], tf.float64))
print(e.dtype, v.dtype, np.round(e.numpy(), 6))
print(np.round(tf.matmul(tf.cast(tf.constant([[2., 1.], [0., 3.]], tf.float64), tf.complex128), v).numpy() - (v * e).numpy(), 6))
print(np.round(np.linalg.norm(v.numpy(), axis=0), 6))
e = tf.linalg.eigvals(tf.constant(A, tf.complex64))
print(e.dtype, np.round(np.sort(e.numpy().real), 5))
E(lambda: tf.linalg.eig(tf.constant(A)).__class__.__name__)
""")
_l("eigh_gradients", """
# eigh's gradients hold residues (~1e-16) whose sign depends on the eigensolver's last
# bits (TF's Eigen, XLA's LAPACK-style solver): zeros print unsigned.
def G0(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    g = t.gradient(y, x)
    print(np.round(g.numpy(), 5) + 0.0, g.dtype)
G0(lambda a: tf.linalg.eigvalsh(a), A)
G0(lambda a: tf.linalg.eigvalsh(a) * tf.constant([1., 2., 3.], tf.float64), A)
G0(lambda a: tf.square(tf.linalg.eigh(a)[1]), A)
G0(lambda a: tf.linalg.eigh(a)[0][2] + tf.reduce_sum(tf.square(tf.linalg.eigh(a)[1][:, 0])), A.astype(np.float32))
""")
_l("lstsq_pinv_expm", """
E(lambda: tf.linalg.lstsq(tf.constant(B), tf.constant([[1.], [2.], [4.]], tf.float64)))
E(lambda: tf.linalg.lstsq(tf.constant(B), tf.constant([[1.], [2.], [4.]], tf.float64), l2_regularizer=0.5))
E(lambda: tf.linalg.lstsq(tf.constant(B.T), tf.constant([[1.], [2.]], tf.float64)))
E(lambda: tf.linalg.lstsq(tf.constant(B.T), tf.constant([[1.], [2.]], tf.float64), l2_regularizer=0.25))
E(lambda: tf.linalg.lstsq(tf.constant(B), tf.constant([[1.], [2.], [4.]], tf.float64), fast=False))
E(lambda: tf.linalg.lstsq(tf.constant(np.stack([B, 2 * B])), tf.ones([2, 3, 2], tf.float64)))
E(lambda: tf.linalg.lstsq(tf.constant([[1, 2], [3, 4]]), tf.constant([[1], [2]])))
E(lambda: tf.linalg.lstsq(tf.constant(B), tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.pinv(tf.constant(B)))
E(lambda: tf.linalg.pinv(tf.constant(B.T, tf.float32)))
E(lambda: tf.linalg.pinv(tf.constant([[1., 0.], [0., 1e-3]]), rcond=1e-2))
E(lambda: tf.linalg.pinv(tf.constant([[1, 2], [3, 4]])))
E(lambda: tf.linalg.pinv(tf.constant([1., 2.])))
E(lambda: tf.linalg.expm(tf.constant(np.stack([A / 4, -A / 2, np.eye(3)]))))
E(lambda: tf.linalg.expm(tf.constant([[1, 2], [3, 4]])))
G(lambda a, b: tf.linalg.lstsq(a, b), B, np.array([[1.], [2.], [4.]]))
G(lambda a, b: tf.linalg.lstsq(a, b, l2_regularizer=0.5), B.T, np.array([[1.], [2.]]))
""")
_l("lstsq_slow_gradient_error", """
x = tf.constant(B)
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.linalg.lstsq(x, tf.ones([3, 1], tf.float64), fast=False)
t.gradient(y, x)
""")
_l("pinv_expm_gradients", """
G(lambda a: tf.linalg.pinv(a), B)
G(lambda a: tf.linalg.expm(a) * A, A / 3)
""")
_l("matvec_structure", """
E(lambda: tf.linalg.matvec(tf.constant(B), tf.constant([1., -1.], tf.float64)))
E(lambda: tf.linalg.matvec(tf.constant(B), tf.constant([1., -1., 2.], tf.float64), transpose_a=True))
E(lambda: tf.linalg.matvec(tf.constant(np.stack([B, B])), tf.constant([[1., -1.], [0., 2.]], tf.float64)))
E(lambda: tf.linalg.matvec(tf.constant([[1 + 1j, 2j]]), tf.constant([1j]), adjoint_a=True))
E(lambda: tf.linalg.matvec(tf.constant([[1., 2.], [3., 4.]]), tf.constant([1., 2., 3.])))
E(lambda: tf.linalg.matvec(tf.eye(2), tf.ones([2], tf.float64)))
E(lambda: tf.linalg.diag(tf.constant([1, 2])))
E(lambda: tf.linalg.diag(tf.constant([[1., 2.], [3., 4.]])))
E(lambda: tf.linalg.diag(tf.constant([1, 2]), k=1))
E(lambda: tf.linalg.diag(tf.constant([1, 2]), k=-1, num_cols=4))
E(lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=3, padding_value=9))
E(lambda: tf.linalg.diag(tf.zeros([0])))
E(lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=1))
E(lambda: tf.linalg.matvec(tf.ones([2, 2]), tf.ones([])))
E(lambda: tf.linalg.diag_part(tf.constant([[1, 2, 3], [4, 5, 6]])))
E(lambda: tf.linalg.diag_part(tf.reshape(tf.range(18.), [2, 3, 3])))
E(lambda: tf.linalg.diag_part(tf.reshape(tf.range(9), [3, 3]), k=-1))
E(lambda: tf.linalg.diag_part(tf.reshape(tf.range(12), [3, 4]), k=2))
E(lambda: tf.linalg.diag_part(tf.constant([1, 2])))
E(lambda: tf.linalg.set_diag(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([7, 8])))
E(lambda: tf.linalg.set_diag(tf.zeros([2, 3, 2]), tf.ones([2, 2])))
E(lambda: tf.linalg.set_diag(tf.zeros([3, 3]), tf.ones([2]), k=1))
E(lambda: tf.linalg.set_diag(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([7, 8, 9])))
E(lambda: tf.linalg.band_part(tf.reshape(tf.range(16), [4, 4]), 1, -1))
E(lambda: tf.linalg.band_part(tf.reshape(tf.range(16.), [2, 2, 4]), 0, 1))
E(lambda: tf.linalg.band_part(tf.reshape(tf.range(16), [4, 4]), -1, 0))
E(lambda: tf.linalg.band_part(tf.reshape(tf.range(16), [4, 4]), 5, 0))
E(lambda: tf.linalg.band_part(tf.range(4), 1, 0))
E(lambda: tf.linalg.trace(tf.constant([[1, 2], [3, 4]])))
E(lambda: tf.linalg.trace(tf.reshape(tf.range(24.), [2, 3, 4])))
E(lambda: tf.linalg.trace(tf.constant([1, 2])))
E(lambda: tf.linalg.adjoint(tf.constant([[1 + 2j, 3j]])))
E(lambda: tf.linalg.adjoint(tf.reshape(tf.range(6), [1, 2, 3])))
E(lambda: tf.linalg.adjoint(tf.constant([1., 2.])))
E(lambda: tf.linalg.tensor_diag(tf.constant([1, 2])))
E(lambda: tf.linalg.tensor_diag(tf.constant([[1., 2.], [3., 4.]])).shape)
E(lambda: tf.linalg.cross(tf.constant([1., 0, 0]), tf.constant([0., 1, 0])))
E(lambda: tf.linalg.cross(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[1, 0, 0], [0, 1, 0]])))
E(lambda: tf.linalg.cross(tf.ones([2]), tf.ones([2])))
""")
_l("matvec_structure_gradients", """
G(lambda a, b: tf.linalg.matvec(a, b), B, np.array([1., -1.]))
G(lambda a: tf.linalg.diag(a) * tf.constant([[1., 2.], [3., 4.]], tf.float64), np.array([5., 6.]))
G(lambda a: tf.linalg.diag(a, k=1, padding_value=1.), np.array([5., 6.]))
G(lambda a: tf.linalg.diag_part(a) * tf.constant([1., 2., 3.], tf.float64), A)
G(lambda a, d: tf.linalg.set_diag(a, d) * A, A, np.array([1., 2., 3.]))
G(lambda a: tf.linalg.band_part(a, 0, 1) * A, A)
G(lambda a: tf.linalg.trace(a), A)
G(lambda a: tf.linalg.adjoint(a) * B.T, B)
G(lambda a, b: tf.linalg.cross(a, b), np.array([1., 2., 3.]), np.array([0., 1., 0.]))
G(lambda a: tf.linalg.tensor_diag(a) * 2., np.array([1., 2.]))
""")
_l("norm", """
x = tf.constant([[3., -4.], [1., 2.]])
for o in ['euclidean', 'fro', 1, 2, np.inf]:
    for ax in [None, 0, -1, (0, 1), (1, 0), [-2, -1]]:
        try:
            print(o, ax, repr(tf.norm(x, ord=o, axis=ax)))
        except Exception as e:
            print(o, ax, type(e).__name__, e)
E(lambda: tf.norm(x, ord=0.5))
E(lambda: tf.norm(x, ord=3, axis=1))
E(lambda: tf.norm(x, keepdims=True))
E(lambda: tf.norm(x, axis=1, keepdims=True))
E(lambda: tf.norm(x, ord=2, axis=(0, 1), keepdims=True))
E(lambda: tf.linalg.norm(tf.reshape(tf.range(24.), [2, 3, 4]), ord='fro', axis=[0, 2]))
E(lambda: tf.linalg.norm(tf.reshape(tf.range(24.), [2, 3, 4]), ord=2, axis=[2, 0]))
E(lambda: tf.linalg.norm(tf.reshape(tf.range(24.), [2, 3, 4]), ord=1, axis=[-1, 1]))
E(lambda: tf.linalg.norm(tf.reshape(tf.range(24.), [2, 3, 4]), ord=np.inf, axis=(1, 2)))
E(lambda: tf.norm(tf.constant([3 + 4j, 1j])))
E(lambda: tf.norm(tf.constant([3 + 4j, 1j]), ord=1))
E(lambda: tf.norm(tf.zeros([0, 3]), axis=0))
E(lambda: tf.norm(tf.constant([1., 2.], tf.float64), ord=np.inf))
E(lambda: tf.norm(x, ord=3, axis=[0, 1]))
E(lambda: tf.norm(x, ord=-1))
E(lambda: tf.norm(x, ord='fro'))
E(lambda: tf.norm(x, axis=[0, 1, 2]))
E(lambda: tf.norm(x, axis=[0, 0]))
E(lambda: tf.norm(x, axis=5))
E(lambda: tf.norm(tf.constant([3, 4])))
""")
_l("norm_gradients", """
x = np.array([[3., -4.], [1., 2.]])
for o in ['euclidean', 1, np.inf, 3.]:
    G(lambda a: tf.norm(a, ord=o, axis=1), x)
for o in ['fro', 1, 2, np.inf]:
    G(lambda a: tf.norm(a, ord=o, axis=[0, 1]), x)
G(lambda a: tf.norm(a, ord=2), x)
G(lambda a: tf.norm(a), np.zeros([2], np.float32))
G(lambda a: tf.norm(a, ord=np.inf), np.array([1., -3., 3.]))
G(lambda a: tf.norm(a, ord=1), np.array([1., 0., -3.]))
""")
_l("l2_normalize_namespaces", """
for f in [tf.math.l2_normalize, tf.nn.l2_normalize, tf.linalg.l2_normalize]:
    E(lambda: f(tf.constant([[3., 4.], [0., 0.]]), axis=1))
""")
_l("l2_normalize_global_norm", """
E(lambda: tf.math.l2_normalize(tf.constant([[3., 4.], [1., 0.]])))
E(lambda: tf.math.l2_normalize(tf.constant([[3., 4.], [1., 0.]], tf.float64), axis=[0]))
E(lambda: tf.math.l2_normalize(tf.constant([[3., 4.], [1., 0.]]), axis=-1, epsilon=100.))
E(lambda: tf.math.l2_normalize(tf.constant([3 + 4j, 1j])))
E(lambda: tf.math.l2_normalize(tf.constant([3, 4])))
E(lambda: tf.math.l2_normalize(tf.zeros([0, 2]), axis=1))
G(lambda a: tf.math.l2_normalize(a, axis=1) * tf.constant([[1., 2.], [3., 4.]], tf.float64), np.array([[3., 4.], [0., 0.]]))
G(lambda a: tf.math.l2_normalize(a)[0], np.array([1., 2., 2.], np.float32))
E(lambda: tf.linalg.global_norm([tf.constant([3., 4.]), tf.constant(12.)]))
E(lambda: tf.linalg.global_norm([tf.constant([3., 4.]), None]))
E(lambda: tf.linalg.global_norm([tf.constant([3, 4])]))
E(lambda: tf.linalg.global_norm([]))
G(lambda a, b: tf.linalg.global_norm([a, b]), np.array([3., 4.]), np.array(12.))
""")
_l("eye_einsum_tensordot", """
E(lambda: tf.eye(2))
E(lambda: tf.eye(2, 3, batch_shape=[2], dtype=tf.int32))
E(lambda: tf.eye(2, dtype=tf.float64, num_columns=1))
E(lambda: tf.eye(2, dtype=tf.complex64))
E(lambda: tf.eye(2, dtype=tf.bool))
E(lambda: tf.eye(0))
E(lambda: tf.eye(2, batch_shape=[2, 1]).shape)
E(lambda: tf.linalg.eye(3, 2))
E(lambda: tf.eye(-1))
x = tf.constant([[1., 2.], [3., 4.]])
y = tf.reshape(tf.range(6.), [2, 3])
E(lambda: tf.einsum('ij,jk->ik', x, y))
E(lambda: tf.einsum('ij->ji', y))
E(lambda: tf.einsum('ii', x))
E(lambda: tf.einsum('ii->i', x))
E(lambda: tf.einsum('ij,ij->', x, x))
E(lambda: tf.einsum('i,j->ij', tf.constant([1, 2]), tf.constant([3, 4, 5])))
E(lambda: tf.einsum('bij,bjk->bik', tf.stack([x, x]), tf.stack([y, -y])))
E(lambda: tf.einsum('...ij,jk->...ik', tf.stack([x, x]), y))
E(lambda: tf.einsum('ij, jk -> ik', x, y))
E(lambda: tf.linalg.einsum('ij,jk', x, y))
E(lambda: tf.einsum('ij,jk->ik', x, tf.ones([3, 2])))
E(lambda: tf.einsum('ij,jk->ik', x))
E(lambda: tf.einsum('ij,jk->ik', x, tf.ones([2, 2], tf.float64)))
E(lambda: tf.tensordot(x, y, 1))
E(lambda: tf.tensordot(x, x, [[1], [1]]))
E(lambda: tf.tensordot(x, x, [1, 0]))
E(lambda: tf.tensordot(x, x, 2))
E(lambda: tf.tensordot(tf.constant([1., 2.]), tf.constant([3., 4., 5.]), 0))
E(lambda: tf.tensordot(tf.reshape(tf.range(24.), [2, 3, 4]), tf.reshape(tf.range(12.), [4, 3]), [[2, 1], [0, 1]]))
E(lambda: tf.tensordot(x, tf.ones([2, 2]), [[-1], [0]]))
E(lambda: tf.linalg.tensordot(x, y, axes=1))
E(lambda: tf.tensordot(x, tf.ones([3, 2]), 1))
E(lambda: tf.tensordot(x, tf.ones([3, 2]), [[0], [0]]))
E(lambda: tf.tensordot(tf.constant(B), tf.constant(B), 1))
E(lambda: tf.tensordot(x, tf.ones([3, 2]), 3))
G(lambda a, b: tf.einsum('ij,jk->ik', a, b), np.array([[1., 2.], [3., 4.]]), np.arange(6.).reshape(2, 3))
G(lambda a: tf.einsum('ii->', a), A)
G(lambda a, b: tf.tensordot(a, b, [[0], [0]]) ** 2, B, B)
""")
_l("diag_bands", """
d = tf.constant([[1, 2, 3], [4, 5, 6]])
for align in ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]:
    E(lambda: tf.linalg.diag(d, k=(0, 1), align=align))
    E(lambda: tf.linalg.diag(tf.constant([[1., 2.], [3., 0.]]), k=(-1, 0), align=align, num_cols=4))
    E(lambda: tf.linalg.diag(tf.constant([[[1, 2], [3, 4], [5, 6]]] * 2), k=(-1, 1), align=align))
E(lambda: tf.linalg.diag(d, k=(-1, 0), num_cols=5, padding_value=9))
E(lambda: tf.linalg.diag(d, k=(1, 2), num_rows=3))
E(lambda: tf.linalg.diag(d, k=[0, 1], num_rows=4, num_cols=5))
E(lambda: tf.linalg.diag(d, k=tf.constant([0, 1])))
E(lambda: tf.linalg.diag(d, k=tf.constant(1)))
E(lambda: tf.linalg.diag(tf.constant([1., 2.]), padding_value=-1.5, num_cols=3))
E(lambda: tf.linalg.diag(tf.constant([True, False])))
E(lambda: tf.linalg.diag(tf.constant([1 + 2j, 3j]), k=-1))
E(lambda: tf.linalg.diag(tf.zeros([2, 0]), k=(0, 1)))
x = tf.reshape(tf.range(1, 13), [3, 4])
for align in ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]:
    E(lambda: tf.linalg.diag_part(x, k=(-1, 1), align=align))
    E(lambda: tf.linalg.diag_part(x, k=(1, 3), align=align, padding_value=-7))
    E(lambda: tf.linalg.diag_part(tf.transpose(x), k=(-2, -1), align=align))
    E(lambda: tf.linalg.set_diag(x, tf.constant([[-1, -2, -3], [-4, -5, -6]]), k=(0, 1), align=align))
    E(lambda: tf.linalg.set_diag(tf.transpose(x), tf.constant([[-1, -2, -3], [-4, -5, -6]]), k=(-1, 0), align=align))
E(lambda: tf.linalg.diag_part(x, k=3, padding_value=7))
E(lambda: tf.linalg.diag_part(x, k=-2))
E(lambda: tf.linalg.diag_part(tf.stack([x, -x]), k=(0, 2)))
E(lambda: tf.linalg.diag_part(tf.zeros([2, 0, 3]), k=0))
E(lambda: tf.linalg.set_diag(tf.stack([x, -x]), tf.zeros([2, 2, 3], tf.int32), k=(0, 1)))
E(lambda: tf.linalg.set_diag(tf.zeros([3, 3]), tf.ones([2]), k=-1))
""")
_l("diag_band_errors", """
d = tf.constant([[1, 2, 3], [4, 5, 6]])
x = tf.reshape(tf.range(1, 13), [3, 4])
E(lambda: tf.linalg.diag(d, k=(1, 0)))
E(lambda: tf.linalg.diag(d, k=(0, 2)))
E(lambda: tf.linalg.diag(d, k=(0, 1, 2)))
E(lambda: tf.linalg.diag(d, k=0, align="FOO"))
E(lambda: tf.linalg.diag(d, k=[0, 1], num_rows=1))
E(lambda: tf.linalg.diag(d, k=[0, 1], num_cols=2))
E(lambda: tf.linalg.diag(d, k=[0, 1], num_rows=5, num_cols=6))
E(lambda: tf.linalg.diag(tf.constant(1), k=0))
E(lambda: tf.linalg.diag(tf.constant([1., 2.]), padding_value=tf.constant(1)))
E(lambda: tf.linalg.diag(tf.constant([1, 2]), num_cols=1))
E(lambda: tf.linalg.diag_part(x, k=(2, 1)))
E(lambda: tf.linalg.diag_part(x, k=5))
E(lambda: tf.linalg.diag_part(x, k=-3))
E(lambda: tf.linalg.diag_part(x, k=(-2, 4)))
E(lambda: tf.linalg.diag_part(x, padding_value=1.5))
E(lambda: tf.linalg.diag_part(x, padding_value=tf.constant(1.5)))
E(lambda: tf.linalg.diag_part(x, k=0, align="LEFT"))
E(lambda: tf.linalg.set_diag(x, d, k=(-1, 1)))
E(lambda: tf.linalg.set_diag(x, d, k=(1, 0)))
E(lambda: tf.linalg.set_diag(x, tf.zeros([2, 2], tf.int32), k=(0, 1)))
E(lambda: tf.linalg.set_diag(x, tf.constant([1., 2., 3.]), k=0))
E(lambda: tf.linalg.set_diag(x, tf.constant([1, 2, 3]), k=4))
""")
_l("diag_band_gradients", """
D = np.array([[1., 2., 3.], [4., 5., 6.]])
X = np.arange(1., 13.).reshape(3, 4)
W = tf.constant(np.arange(1., 21.).reshape(4, 5))
G(lambda a: tf.linalg.diag(a, k=(0, 1), num_rows=3, num_cols=4), D)
G(lambda a: tf.linalg.diag(a, k=(-1, 0), num_cols=5, align="LEFT_RIGHT") * W[:3, :5], D)
G(lambda a: tf.linalg.diag_part(a, k=(-1, 1), padding_value=3.) * tf.constant(np.arange(9.).reshape(3, 3)), X)
G(lambda a: tf.linalg.diag_part(a, k=(1, 3), align="LEFT_LEFT") ** 2, X)
G(lambda a, b: tf.linalg.set_diag(a, b, k=(0, 1)) * W[:3, :4], X, D)
G(lambda a, b: tf.linalg.set_diag(a, b, k=(-1, 0), align="RIGHT_RIGHT") * W[:3, :4], X, D)
G(lambda a: tf.linalg.diag(a, k=1, padding_value=2.) * tf.cast(W[:4, :4], tf.float32), np.array([1., 2., 3.], np.float32))
""")
_l("diag_bands_in_function", """
@tf.function
def f(d, x):
    return (tf.linalg.diag(d, k=(0, 1), num_rows=3, num_cols=4, align="LEFT_RIGHT"),
            tf.linalg.diag_part(x, k=(-1, 2), padding_value=-1.),
            tf.linalg.set_diag(x, d, k=(1, 2)))
for t in f(tf.constant([[1., 2., 3.], [4., 5., 6.]]), tf.reshape(tf.range(12.), [3, 4])):
    print(repr(t))
@tf.function
def g(x):
    return tf.linalg.matrix_transpose(x), tf.linalg.adjoint(x), tf.linalg.logm(x)
for t in g(tf.constant([[2., 1.], [0.5, 3.]], tf.complex128)):
    print(t.shape, t.dtype, np.round(np.real(t.numpy()), 5) + 0.0, np.round(np.imag(t.numpy()), 5) + 0.0)
""")
_l("matrix_transpose", """
E(lambda: tf.linalg.matrix_transpose(tf.reshape(tf.range(6), [1, 2, 3])))
E(lambda: tf.linalg.matrix_transpose(tf.constant([[1 + 2j, 3j]])))
E(lambda: tf.linalg.matrix_transpose(tf.constant([[1 + 2j, 3j]]), conjugate=True))
E(lambda: tf.linalg.matrix_transpose(tf.zeros([2, 0, 3])))
E(lambda: tf.linalg.matrix_transpose(tf.Variable([[True, False]])))
E(lambda: tf.linalg.matrix_transpose(tf.constant([1, 2])))
E(lambda: tf.linalg.matrix_transpose(tf.constant(1.)))
E(lambda: tf.linalg.adjoint(tf.constant([[1 + 2j, 3j]])))
E(lambda: tf.linalg.adjoint(tf.constant([1., 2.])))
G(lambda a: tf.linalg.matrix_transpose(a) * tf.constant(B), B.T)
G(lambda a: tf.linalg.matrix_transpose(a, conjugate=True) * tf.constant(B.T * 1j), B * (1 + 1j))
""")
_l("logm", """
def P(t):
    print(t.shape, t.dtype, np.round(np.real(t.numpy()), 5) + 0.0, np.round(np.imag(t.numpy()), 5) + 0.0)
P(tf.linalg.logm(tf.constant([[2., 1.], [0.5, 3.]], tf.complex64)))
P(tf.linalg.logm(tf.constant([[2., 1.], [0.5, 3.]], tf.complex128)))
P(tf.linalg.logm(tf.constant([[1., 1.], [0., 1.]], tf.complex128)))
P(tf.linalg.logm(tf.constant([[[4., 1.], [0., 4.]], [[1., 2.], [3., 4.]]], tf.complex64)))
P(tf.linalg.logm(tf.constant([[0., -1.], [1., 0.]], tf.complex128)))
P(tf.linalg.logm(tf.constant([[-1., 0.], [0., 2.]], tf.complex128)))
P(tf.linalg.logm(tf.constant(A * (1 + 0.5j))))
P(tf.linalg.expm(tf.linalg.logm(tf.constant(A, tf.complex128))))
P(tf.linalg.logm(tf.zeros([2, 0, 0], tf.complex128)))
P(tf.linalg.logm(tf.constant([[0., 0.], [0., 2.]], tf.complex128)))
E(lambda: tf.linalg.logm(tf.constant([[2., 0.], [0., 3.]])))
E(lambda: tf.linalg.logm(tf.constant([[1, 2], [3, 4]])))
E(lambda: tf.linalg.logm(tf.constant([[2., 1., 3], [0.5, 3., 2]], tf.complex128)))
E(lambda: tf.linalg.logm(tf.constant([2., 1.], tf.complex128)))
x = tf.constant([[2., 1.], [0.5, 3.]], tf.complex128)
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.linalg.logm(x)
E(lambda: t.gradient(y, x))
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_LINALG = "decompositions (LU, QR, SVD, eig, lstsq) are iterative or pivoted: TF's Eigen and XLA's algorithms agree to a few ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'eig_eigh': Tolerance(_LINALG, rtol=2e-06),
    'lstsq_pinv_expm': Tolerance(_LINALG, rtol=2e-05),
    'norm': Tolerance(_SUM, rtol=5e-07),
    'qr_svd': Tolerance(_LINALG, rtol=2e-06),
    'qr_svd_gradients': Tolerance(_LINALG, rtol=5e-06),
}
_l("singular_constant_in_function", """
for m in ([[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]]):
    for solve in (False, True):
        @tf.function
        def f():
            a = tf.constant(m)
            return tf.linalg.solve(a, tf.ones([2, 1])) if solve else tf.linalg.inv(a)
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, "not invertible" in str(e))
""")
