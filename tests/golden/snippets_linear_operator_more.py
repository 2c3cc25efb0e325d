"""Golden snippets for the tf.linalg LinearOperators beyond snippets_linalg_more's:
BlockDiag (matmul, matvec, solve, solvevec, blockwise list arguments, to_dense,
determinants, diag_part, trace, eigvals, adjoint/inverse/cholesky operators, products of
BlockDiags, hints, shapes and errors), eagerly and inside tf.function, and gradients.
"""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# E prints a value's repr or the exception; F does so for f(*args) eagerly and inside a
# tf.function; G prints the gradients of f at the given points at full precision.
_l = SNIPPETS.adder(textwrap.dedent("""
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
def F(f, *args):
    E(lambda: f(*args))
    E(lambda: tf.function(f, autograph=False)(*args))
def G(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    for g in t.gradient(y, xs):
        print(None if g is None else repr(g))
A = np.array([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])
C = np.array([[1., 2., 0.5], [3., -4., 1.], [0., 2., 2.]])
B2 = np.array([[2., 1.], [0.5, 3.]])
""").lstrip("\\n"))

_l("block_diag", """
a = tf.linalg.LinearOperatorFullMatrix(B2)
b = tf.linalg.LinearOperatorLowerTriangular(C)
d = tf.linalg.LinearOperatorDiag(np.array([1., -2.]))
p = tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True, is_positive_definite=True)
x = tf.constant(np.arange(14.).reshape(7, 2) - 5.)
for k in (tf.linalg.LinearOperatorBlockDiag([a, b, d]),
          tf.linalg.LinearOperatorBlockDiag([p, tf.linalg.LinearOperatorIdentity(2, dtype=tf.float64)]),
          tf.linalg.LinearOperatorBlockDiag([a, b], is_non_singular=True, name="bd")):
    n = k.shape[-1]
    xk = x[:n]
    print(k.name, k.shape, k.batch_shape, k.is_square, k.is_self_adjoint, k.is_non_singular, k.is_positive_definite)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant"):
        E(getattr(k, f))
        E(tf.function(getattr(k, f), autograph=False))
    F(lambda y: k.matmul(y), xk)
    F(lambda y: k.matmul(y, adjoint=True), xk)
    F(lambda y: k.matmul(tf.transpose(y), adjoint_arg=True), xk)
    F(lambda y: k.solve(y), xk)
    F(lambda y: k.solve(y, adjoint=True), xk)
    F(lambda y: k.solve(tf.transpose(y), adjoint_arg=True), xk)
    F(lambda y: k.matvec(y[:, 0]), xk)
    F(lambda y: k.matvec(y[:, 0], adjoint=True), xk)
    F(lambda y: k.solvevec(y[:, 1]), xk)
    F(lambda y: k.solvevec(y[:, 1], adjoint=True), xk)
    E(lambda: k.inverse().to_dense())
    E(lambda: (type(k.inverse()).__name__, k.inverse().name, k.inverse().is_non_singular))
    E(lambda: (type(k.adjoint()).__name__, k.adjoint().name, k.adjoint().to_dense()))
    E(lambda: k.matmul(tf.ones([n, 1], tf.float64)))
""")

_l("block_diag_blockwise", """
a = tf.linalg.LinearOperatorFullMatrix(B2)
b = tf.linalg.LinearOperatorLowerTriangular(C)
k = tf.linalg.LinearOperatorBlockDiag([a, b])
x1 = tf.constant([[1.], [2.]], tf.float64)
x2 = tf.constant([[1.], [-1.], [3.]], tf.float64)
E(lambda: k.matmul([x1, x2]))
E(lambda: k.matmul([x1, x2], adjoint=True))
E(lambda: k.matmul([tf.transpose(x1), tf.transpose(x2)], adjoint_arg=True))
E(lambda: k.solve([x1, x2]))
E(lambda: k.solve([x1, x2], adjoint=True))
E(lambda: k.matvec([x1[:, 0], x2[:, 0]]))
E(lambda: k.solvevec([x1[:, 0], x2[:, 0]], adjoint=True))
E(lambda: k.matvec([[1., 2.], [3., 4., 5.]]))
E(lambda: k.matmul([x2, x1]))
E(lambda: k.matvec([[1., 2., 3.], [4., 5., 6.]]))
E(lambda: k.matmul([x1, tf.constant([[1.], [2.], [3.]], tf.float32)]))
F(lambda u, v: k.matmul([u, v]), x1, x2)
""")

_l("block_diag_batch", """
a = tf.linalg.LinearOperatorFullMatrix(np.stack([B2, 2. * B2]))
d = tf.linalg.LinearOperatorDiag(np.array([[1., -2., 3.]]))
k = tf.linalg.LinearOperatorBlockDiag([a, d])
print(k.shape, k.batch_shape, k.shape_tensor(), k.batch_shape_tensor(), k.tensor_rank, k.domain_dimension, k.range_dimension)
x = tf.constant(np.arange(10.).reshape(5, 2))
for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant"):
    E(getattr(k, f))
E(lambda: k.matmul(x))
E(lambda: k.solve(x))
E(lambda: k.matvec(x[:, 0]))
""")

_l("block_diag_linops", """
a = tf.linalg.LinearOperatorFullMatrix(B2)
b = tf.linalg.LinearOperatorLowerTriangular(C)
d = tf.linalg.LinearOperatorDiag(np.array([1., -2.]))
p = tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True, is_positive_definite=True)
k = tf.linalg.LinearOperatorBlockDiag([a, b])
k2 = tf.linalg.LinearOperatorBlockDiag([d, b])
m = k.matmul(k2)
print(type(m).__name__, m.name, m.shape, m.is_non_singular, m.is_self_adjoint, m.is_square)
E(m.to_dense)
s = k.solve(k2)
print(type(s).__name__, s.name, s.shape)
E(s.to_dense)
m = k.matmul(tf.linalg.LinearOperatorFullMatrix(np.eye(5) * 2.))
print(type(m).__name__, m.name, m.shape)
E(m.to_dense)
E(lambda: k.matmul(tf.linalg.LinearOperatorBlockDiag([d, d, tf.linalg.LinearOperatorDiag([1.])])))
E(lambda: k.matmul(tf.linalg.LinearOperatorBlockDiag([b, a])))
E(lambda: k.matmul(tf.linalg.LinearOperatorBlockDiag([b, b])))
E(lambda: k.solve(tf.linalg.LinearOperatorBlockDiag([b, a])))
E(lambda: k.solve(tf.linalg.LinearOperatorBlockDiag([d, d, tf.linalg.LinearOperatorDiag([1.])])))
c = tf.linalg.LinearOperatorBlockDiag([p, tf.linalg.LinearOperatorDiag(np.array([2., 3.]), is_positive_definite=True, is_self_adjoint=True)])
print(c.is_self_adjoint, c.is_positive_definite)
ch = c.cholesky()
print(type(ch).__name__, ch.name, ch.is_non_singular, ch.is_self_adjoint)
E(ch.to_dense)
E(c.eigvals)
E(c.cond)
E(lambda: c.assert_positive_definite())
E(lambda: c.assert_self_adjoint())
E(lambda: c.assert_non_singular())
E(lambda: k.cholesky())
""")

_l("block_diag_errors", """
a = tf.linalg.LinearOperatorFullMatrix(B2)
r = tf.linalg.LinearOperatorFullMatrix(np.ones([2, 3]))
d = tf.linalg.LinearOperatorDiag(np.array([1., -2.]))
E(lambda: tf.linalg.LinearOperatorBlockDiag([]))
E(lambda: tf.linalg.LinearOperatorBlockDiag(a))
E(lambda: tf.linalg.LinearOperatorBlockDiag([a, tf.linalg.LinearOperatorDiag([1., 2.])]))
E(lambda: tf.linalg.LinearOperatorBlockDiag([d, d], is_non_singular=False))
E(lambda: tf.linalg.LinearOperatorBlockDiag([d, d], is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorBlockDiag([tf.linalg.LinearOperatorIdentity(2)], is_positive_definite=False))
k = tf.linalg.LinearOperatorBlockDiag([a, r], is_square=False)
print(k.shape, k.is_square)
E(k.to_dense)
E(lambda: k.matmul(tf.ones([5, 1], tf.float64)))
E(lambda: k.matvec(tf.ones([4], tf.float64), adjoint=True))
E(k.diag_part)
E(k.trace)
E(k.determinant)
E(lambda: k.solve(tf.ones([4, 1], tf.float64)))
E(lambda: k.inverse())
k = tf.linalg.LinearOperatorBlockDiag([a, d])
E(lambda: k.matmul(tf.ones([3, 1], tf.float64)))
E(lambda: k.matmul(tf.ones([4, 1], tf.float32)))
E(lambda: k.matvec(tf.ones([5], tf.float64)))
E(lambda: k.solve(tf.ones([3, 1], tf.float64)))
E(lambda: k.solvevec(tf.ones([3], tf.float64)))
E(lambda: tf.linalg.LinearOperatorBlockDiag([a, tf.linalg.LinearOperatorDiag(np.zeros(2), is_non_singular=False)]).solve(tf.ones([4, 1], tf.float64)))
E(lambda: tf.linalg.LinearOperatorBlockDiag([a, d]).eigvals())
""")

_l("block_diag_gradients", """
def f(m, v):
    k = tf.linalg.LinearOperatorBlockDiag([tf.linalg.LinearOperatorFullMatrix(m), tf.linalg.LinearOperatorDiag(v)])
    x = tf.constant(np.arange(4.).reshape(4, 1) + 1.)
    return tf.reduce_sum(k.matmul(x)) + tf.reduce_sum(k.solve(x)) + k.log_abs_determinant() + tf.reduce_sum(k.to_dense() ** 2)
G(f, B2, np.array([1., -2.]))
print(tf.function(f, autograph=False)(tf.constant(B2), tf.constant([1., -2.], tf.float64)))
""")

_l("low_rank_update", """
p = tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True, is_positive_definite=True)
b = tf.linalg.LinearOperatorLowerTriangular(C, is_non_singular=True)
dg = tf.linalg.LinearOperatorDiag(np.array([2., 3., 4.]), is_positive_definite=True)
u = np.array([[1., 0.5], [0., 2.], [1., -1.]])
v = np.array([[0.5, 1.], [1., 0.], [-1., 2.]])
x = tf.constant(np.arange(6.).reshape(3, 2) - 2.)
for k in (tf.linalg.LinearOperatorLowRankUpdate(p, u),
          tf.linalg.LinearOperatorLowRankUpdate(dg, u, diag_update=np.array([2., 0.5]), is_diag_update_positive=True),
          tf.linalg.LinearOperatorLowRankUpdate(b, u, diag_update=np.array([1., -3.]), v=v),
          tf.linalg.LinearOperatorLowRankUpdate(dg, u, v=v, name="lr")):
    print(k.name, k.shape, k.is_square, k.is_self_adjoint, k.is_non_singular, k.is_positive_definite, k.is_diag_update_positive)
    print(type(k.diag_operator).__name__, k.diag_update, k.u is k.v, type(k.base_operator).__name__)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant"):
        E(getattr(k, f))
        E(tf.function(getattr(k, f), autograph=False))
    F(lambda y: k.matmul(y), x)
    F(lambda y: k.matmul(y, adjoint=True), x)
    F(lambda y: k.matmul(tf.transpose(y), adjoint_arg=True), x)
    F(lambda y: k.solve(y), x)
    F(lambda y: k.solve(y, adjoint=True), x)
    F(lambda y: k.solve(tf.transpose(y), adjoint_arg=True), x)
    F(lambda y: k.matvec(y[:, 0]), x)
    F(lambda y: k.solvevec(y[:, 1], adjoint=True), x)
    E(lambda: (type(k.adjoint()).__name__, k.adjoint().to_dense()))
    E(lambda: k.inverse().to_dense())
""")

_l("low_rank_update_batch_and_gradients", """
dg = tf.linalg.LinearOperatorDiag(np.array([2., 3., 4.]), is_positive_definite=True)
u = np.stack([np.array([[1., 0.5], [0., 2.], [1., -1.]]), np.array([[1., 0.], [1., 1.], [0., 1.]])])
k = tf.linalg.LinearOperatorLowRankUpdate(dg, u, diag_update=[[1.], [2.]] * np.ones([2, 2]))
print(k.shape, k.batch_shape, k.shape_tensor())
for f in ("to_dense", "diag_part", "determinant", "log_abs_determinant"):
    E(getattr(k, f))
E(lambda: k.solve(tf.ones([3, 1], tf.float64)))
def f(uu, dd):
    k = tf.linalg.LinearOperatorLowRankUpdate(dg, uu, diag_update=dd)
    x = tf.constant([[1.], [-2.], [0.5]], tf.float64)
    return tf.reduce_sum(k.matmul(x)) + tf.reduce_sum(k.solve(x)) + k.log_abs_determinant()
G(f, u[0], np.array([1., 2.]))
print(tf.function(f, autograph=False)(tf.constant(u[0]), tf.constant([1., 2.], tf.float64)))
k32 = tf.linalg.LinearOperatorLowRankUpdate(tf.linalg.LinearOperatorIdentity(2), [[1.], [2.]])
print(k32.dtype, k32.is_positive_definite, k32.is_self_adjoint)
E(k32.to_dense)
E(k32.log_abs_determinant)
E(lambda: k32.solvevec([1., 1.]))
""")

_l("low_rank_update_errors", """
p = tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True, is_positive_definite=True)
u = np.array([[1., 0.5], [0., 2.], [1., -1.]])
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, is_diag_update_positive=False))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, is_positive_definite=False))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u[:2]))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, diag_update=[1., 2., 3.]))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, diag_update=[1., 2.]).to_dense())
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u, v=u[:, :1]))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u.astype(np.float32)))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, np.ones([2, 3, 2]), diag_update=np.ones([3, 2])))
s = tf.linalg.LinearOperatorLowRankUpdate(tf.linalg.LinearOperatorDiag(np.array([0., 1., 1.]), is_non_singular=False), u)
E(lambda: s.solve(tf.ones([3, 1], tf.float64)))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u).matmul(tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u).matmul(tf.ones([3, 1], tf.float32)))
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u).assert_self_adjoint())
E(lambda: tf.linalg.LinearOperatorLowRankUpdate(p, u).assert_positive_definite())
""")

_l("toeplitz", """
x = tf.constant(np.arange(8.).reshape(4, 2) - 3.)
for k in (tf.linalg.LinearOperatorToeplitz(np.array([3., 1., 0.5, -1.]), np.array([9., 2., -1., 0.25])),
          tf.linalg.LinearOperatorToeplitz(np.array([4., 1., 0.5, 0.25]), np.array([4., 1., 0.5, 0.25]), is_self_adjoint=True, is_positive_definite=True),
          tf.linalg.LinearOperatorToeplitz(np.array([[1., 2., 3., 4.], [2., 0., 1., 3.]]), np.array([[1., -1., 2., 0.], [5., 1., -1., 2.]]))):
    print(k.name, k.shape, k.batch_shape, k.is_square, k.is_self_adjoint, k.is_non_singular, k.is_positive_definite)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant"):
        E(getattr(k, f))
        E(tf.function(getattr(k, f), autograph=False))
    F(lambda y: k.matmul(y), x)
    F(lambda y: k.matmul(y, adjoint=True), x)
    F(lambda y: k.matmul(tf.transpose(y), adjoint_arg=True), x)
    F(lambda y: k.matvec(y[:, 0]), x)
    F(lambda y: k.solve(y), x)
    F(lambda y: k.solvevec(y[:, 1], adjoint=True), x)
    E(lambda: (type(k.adjoint()).__name__, k.adjoint().to_dense()))
k = tf.linalg.LinearOperatorToeplitz([1., 2., 3.], [1., 5., 6.])
print(k.dtype, k.col, k.row)
E(k.to_dense)
E(lambda: k.matvec([1., 0., -1.]))
E(lambda: k.matmul(tf.ones([3, 2])))
E(lambda: k.assert_self_adjoint())
E(lambda: tf.linalg.LinearOperatorToeplitz([1., 2.], [1., 2.]).assert_self_adjoint())
E(lambda: tf.linalg.LinearOperatorToeplitz([1., 2.], [1., 2., 3.]))
E(lambda: tf.linalg.LinearOperatorToeplitz(1., 1.))
E(lambda: tf.linalg.LinearOperatorToeplitz([1., 2.], [1., 2.], is_square=False))
E(lambda: k.matmul(tf.ones([2, 2])))
E(lambda: k.matmul(tf.ones([3, 2], tf.float64)))
""")

_l("toeplitz_gradients", """
def f(c, r):
    k = tf.linalg.LinearOperatorToeplitz(c, r)
    return tf.reduce_sum(k.matvec(tf.constant([1., -2., 0.5], tf.float64)) ** 2) + tf.reduce_sum(k.to_dense())
G(f, np.array([3., 1., 0.5]), np.array([3., 2., -1.]))
""")


_l("operator_list_errors", """
a = tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3, 3]))
b = tf.linalg.LinearOperatorFullMatrix(tf.ones([4, 3, 3]))
c = tf.linalg.LinearOperatorFullMatrix(tf.ones([3, 3], tf.float64), name="c")
for cls in (tf.linalg.LinearOperatorBlockDiag, tf.linalg.LinearOperatorKronecker,
            tf.linalg.LinearOperatorComposition):
    E(lambda: cls([a, b]).shape)
    E(lambda: cls([]))
    E(lambda: cls([a, c]))
    E(lambda: cls(a))
    op = cls([tf.linalg.LinearOperatorDiag([1., 2.]), tf.linalg.LinearOperatorDiag([3., 4.])])
    for m in ("adjoint", "inverse", "cholesky"):
        E(lambda: type(getattr(op, m)()).__name__)
        E(lambda: getattr(op, m)().to_dense())
inv = tf.linalg.LinearOperatorInversion(tf.linalg.LinearOperatorFullMatrix(A))
adj = tf.linalg.LinearOperatorAdjoint(tf.linalg.LinearOperatorFullMatrix(C))
for op in (inv, adj):
    print(op.name, op.is_square, op.is_non_singular, op.is_self_adjoint)
    E(lambda: op.cond())
    E(lambda: op.assert_non_singular())
E(lambda: tf.linalg.LinearOperatorInversion(tf.linalg.LinearOperatorFullMatrix(A, is_non_singular=False)))
""")

# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. Every other
# snippet of the suite compares exactly, and float64 values compare exactly in these too.

from harness import Tolerance

_F64_LU = ("float64 determinants, log-determinants and condition numbers through LU and "
           "eigh (tf.linalg.det, slogdet, eigvalsh): LAPACK's and Eigen's factorizations "
           "round the last bits differently")

_FFT = ("float FFTs (Toeplitz matmul through a circulant embedding): XLA's FFT and TF's "
        "(Eigen/DUCC) round the last bits differently")

TOLERANCE = {
    'toeplitz_gradients': Tolerance(_FFT, float64_ulps=16),
    'toeplitz': Tolerance(_F64_LU + "; " + _FFT, rtol=1e-6, float64_ulps=16),
    'block_diag': Tolerance(_F64_LU, float64_ulps=8),
    'block_diag_linops': Tolerance(_F64_LU, float64_ulps=8),
    'low_rank_update': Tolerance(_F64_LU, float64_ulps=8),
    'low_rank_update_batch_and_gradients': Tolerance(_F64_LU, float64_ulps=8),
    'operator_list_errors': Tolerance(_F64_LU, float64_ulps=8),
}
