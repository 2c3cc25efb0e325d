"""Golden snippets for tf.linalg's LU helpers (lu_reconstruct, lu_solve,
lu_matrix_inverse), normalize, sqrtm (tf.matrix_square_root), tensor_diag_part,
tridiagonal_matmul, tridiagonal_solve, banded_triangular_solve and eigh_tridiagonal, and
the LinearOperator family (FullMatrix, Diag, Identity, ScaledIdentity, LowerTriangular,
Adjoint, Inversion, Composition, Zeros, Tridiag, Householder, Permutation, Kronecker):
values, dtypes and shapes eagerly and inside tf.function, gradients, and errors.
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
""").lstrip("\\n"))


_l("lu_helpers", """
for m in (A, C, np.stack([A, C])):
    for dt in (tf.float64, tf.float32):
        lu, p = tf.linalg.lu(tf.constant(m, dt))
        F(tf.linalg.lu_reconstruct, lu, p)
        F(tf.linalg.lu_matrix_inverse, lu, p)
        F(lambda lu, p: tf.linalg.lu_solve(lu, p, tf.constant(np.arange(6.).reshape(3, 2), dt)), lu, p)
        E(lambda: tf.linalg.lu_reconstruct(lu, p, validate_args=True))
        E(lambda: tf.linalg.lu_solve(lu, p, tf.ones([3, 1], dt), validate_args=True))
lu, p = tf.linalg.lu(tf.constant(C))
E(lambda: tf.linalg.lu_solve(lu, p, tf.ones([2, 3, 1], tf.float64)))
lu2, p2 = tf.linalg.lu(tf.constant(np.stack([A, C])))
E(lambda: tf.linalg.lu_solve(lu2, p2, tf.ones([3, 1], tf.float64)))
E(lambda: tf.linalg.lu_reconstruct([[1., 2.], [3., 4.]], [1, 0]))
E(lambda: tf.linalg.lu_matrix_inverse([[1., 2.], [3., 4.]], [1, 0], name="x"))
E(lambda: tf.linalg.lu_solve([[1., 2.], [3., 4.]], [1, 0], [[1.], [2.]]))
E(lambda: tf.linalg.lu_reconstruct(tf.zeros([0, 0]), tf.zeros([0], tf.int32)))
""")
_l("lu_helpers_errors", """
lu, p = tf.linalg.lu(tf.constant(A))
E(lambda: tf.linalg.lu_reconstruct(lu[0], p))
E(lambda: tf.linalg.lu_reconstruct(lu, p[None]))
E(lambda: tf.linalg.lu_reconstruct(lu[:2], p))
E(lambda: tf.linalg.lu_matrix_inverse(lu[:2], p))
E(lambda: tf.linalg.lu_solve(lu, p, [1., 2., 3.]))
E(lambda: tf.linalg.lu_solve(lu, p, tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.lu_solve(lu, p, tf.ones([3, 1], tf.float32)))
E(lambda: tf.linalg.lu_reconstruct(tf.cast(lu, tf.int32), p))
E(lambda: tf.linalg.lu_reconstruct([[1., 2.], [3., 4.]], [1, 1]))
E(lambda: tf.linalg.lu_reconstruct([[[1., 2.], [3., 4.]]], [[1, 1]]))
E(lambda: tf.linalg.lu_matrix_inverse([[1., 2.], [3., 4.]], [0, 2]))
""")
_l("lu_helpers_gradients", """
lu, p = tf.linalg.lu(tf.constant(C))
G(lambda l: tf.linalg.lu_reconstruct(l, p), lu)
G(lambda l: tf.linalg.lu_matrix_inverse(l, p), lu)
G(lambda l, b: tf.linalg.lu_solve(l, p, b) * b, lu, np.arange(6.).reshape(3, 2))
""")
_l("normalize", """
for x in ([3., 4.], [[3., 4.], [1., 2.]], np.array([[1., -2.], [2., 0.5]]), [[1 + 1j, 2.], [0., -1j]]):
    for ord, axis in (("euclidean", None), (1, 0), (2, -1), (np.inf, -1), (3., None)):
        E(lambda: tf.linalg.normalize(x, ord=ord, axis=axis))
    if np.ndim(x) == 2:
        for ord, axis in ((np.inf, 1), ("fro", [0, 1]), (1, [-2, -1]), (np.inf, [1, 0])):
            E(lambda: tf.linalg.normalize(x, ord=ord, axis=axis))
F(lambda x: tf.linalg.normalize(x, axis=1), tf.constant([[3., 4.], [0., 0.]]))
E(lambda: tf.linalg.normalize([3, 4]))
E(lambda: tf.linalg.normalize([3., 4.], ord="fro"))
E(lambda: tf.linalg.normalize([3., 4.], ord=-1))
E(lambda: tf.linalg.normalize([[3., 4.]], ord=3, axis=[0, 1]))
G(lambda x: tf.linalg.normalize(x)[0] * [1., 2.], np.array([3., 4.]))
""")
_l("sqrtm", """
for m in (A, A.astype(np.float32), A.astype(np.complex128), C.astype(np.complex128), np.stack([A, 2 * A]),
          np.array([[0., 1.], [-1., 0.]]), np.array([[2., 1.], [0., 3.]])):
    F(tf.linalg.sqrtm, tf.constant(m))
E(lambda: tf.matrix_square_root(tf.constant(A)))
E(lambda: tf.linalg.sqrtm(tf.constant([[1., 2.], [3., -4.]], tf.float64)))
E(lambda: tf.linalg.sqrtm(tf.constant([[-1., 0.], [0., 4.]], tf.float64)))
E(lambda: tf.linalg.sqrtm(tf.zeros([2, 0, 0])))
E(lambda: tf.linalg.sqrtm(tf.zeros([1, 1])))
E(lambda: tf.linalg.sqrtm(tf.zeros([2, 3])))
E(lambda: tf.linalg.sqrtm(tf.zeros([3])))
E(lambda: tf.linalg.sqrtm(tf.eye(2, dtype=tf.float16)))
E(lambda: tf.linalg.sqrtm(tf.eye(2, dtype=tf.int32)))
G(lambda a: tf.linalg.sqrtm(a), A)
G(lambda a: tf.linalg.sqrtm(a) * A, np.stack([A, 2 * A]))
""")
_l("tensor_diag_part", """
F(tf.linalg.tensor_diag_part, tf.reshape(tf.range(16), [2, 2, 2, 2]))
F(tf.linalg.tensor_diag_part, tf.constant([[1., 2.], [3., 4.]]))
F(tf.linalg.tensor_diag_part, tf.reshape(tf.range(36, dtype=tf.int64), [2, 3, 2, 3]))
E(lambda: tf.linalg.tensor_diag_part(tf.zeros([0, 0])))
E(lambda: tf.linalg.tensor_diag_part(tf.reshape(tf.range(8), [2, 2, 2])))
E(lambda: tf.linalg.tensor_diag_part(tf.reshape(tf.range(6), [2, 3])))
E(lambda: tf.linalg.tensor_diag_part(tf.constant(3)))
E(lambda: tf.linalg.tensor_diag_part(tf.constant([True, False, True, True], shape=[2, 2])))
G(lambda x: tf.linalg.tensor_diag_part(x) * [[1., 2.], [3., 4.]], np.arange(16.).reshape(2, 2, 2, 2))
""")
_l("tridiagonal_matmul", """
sup = np.array([1., 2., 3., 4.]); main = np.array([0.5, -1., 2., 3.]); sub = np.array([9., 7., -2., 1.5])
rhs = np.arange(8.).reshape(4, 2) - 3.
F(lambda d, r: tf.linalg.tridiagonal_matmul(d, r), tf.constant(np.stack([sup, main, sub])), tf.constant(rhs))
F(lambda a, b, c, r: tf.linalg.tridiagonal_matmul((a, b, c), r, diagonals_format="sequence"),
  tf.constant(sup), tf.constant(main), tf.constant(sub), tf.constant(rhs))
mat = np.diag(main) + np.diag(sup[:-1], 1) + np.diag(sub[1:], -1) + np.diag([5., 5.], 2)
F(lambda m, r: tf.linalg.tridiagonal_matmul(m, r, diagonals_format="matrix"), tf.constant(mat), tf.constant(rhs))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(np.stack([sup, main, sub]), tf.float32), tf.constant(rhs, tf.float32)))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(np.stack([sup, main, sub]) * (1 + 1j)), tf.constant(rhs + 0j)))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(np.stack([np.stack([sup, main, sub])] * 2)), tf.constant(np.stack([rhs, -rhs]))))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(np.stack([sup, main, sub])), tf.constant(rhs[:3])))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(mat[:3]), tf.constant(rhs), diagonals_format="matrix"))
E(lambda: tf.linalg.tridiagonal_matmul(tf.constant(np.stack([sup, main, sub])), tf.constant(rhs), diagonals_format="x"))
E(lambda: tf.linalg.tridiagonal_matmul(tf.ones([3, 4], tf.int32), tf.ones([4, 2], tf.int32)))
G(lambda d, r: tf.linalg.tridiagonal_matmul(d, r) * r, np.stack([sup, main, sub]), rhs)
G(lambda a, b, c, r: tf.linalg.tridiagonal_matmul((a, b, c), r, diagonals_format="sequence"), sup, main, sub, rhs)
""")
_l("tridiagonal_solve", """
sup = np.array([1., 2., 3., 4.]); main = np.array([0.5, -1., 2., 3.]); sub = np.array([9., 7., -2., 1.5])
d = np.stack([sup, main, sub]); rhs = np.arange(8.).reshape(4, 2) - 3.
for pivot in (True, False):
    for dt in (tf.float64, tf.float32, tf.complex128):
        F(lambda d, r: tf.linalg.tridiagonal_solve(d, r, partial_pivoting=pivot), tf.constant(d, dt), tf.constant(rhs, dt))
    F(lambda d, r: tf.linalg.tridiagonal_solve(d, r, partial_pivoting=pivot), tf.constant(d), tf.constant(rhs[:, 0]))
F(lambda d, r: tf.linalg.tridiagonal_solve(d, r, perturb_singular=True), tf.constant(d), tf.constant(rhs))
F(lambda a, b, c, r: tf.linalg.tridiagonal_solve((a, b, c), r, diagonals_format="sequence"),
  tf.constant(sup[:-1]), tf.constant(main), tf.constant(sub[1:]), tf.constant(rhs))
F(lambda a, b, c, r: tf.linalg.tridiagonal_solve([a, b, c], r, diagonals_format="sequence"),
  tf.constant(sup), tf.constant(main), tf.constant(sub), tf.constant(rhs))
mat = np.diag(main) + np.diag(sup[:-1], 1) + np.diag(sub[1:], -1)
F(lambda m, r: tf.linalg.tridiagonal_solve(m, r, diagonals_format="matrix"), tf.constant(mat), tf.constant(rhs))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant(d), tf.constant(rhs.T), transpose_rhs=True))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant(d * 1j), tf.constant(rhs.T * (1 + 2j)), transpose_rhs=True, conjugate_rhs=True))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant(d * 1j), tf.constant(rhs * (1 + 2j)), conjugate_rhs=True))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant(d * 1j), tf.constant(rhs[:, 0] * (1 + 2j)), conjugate_rhs=True))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant(np.stack([d, 2 * d])), tf.constant(np.stack([rhs, rhs]))))
# singular: NaNs (with and without pivoting), perturbed to a finite result
sing = np.array([[1., 1., 0.], [1., 1., 1.], [0., 1., 1.]])
for kw in ({}, {"partial_pivoting": False}, {"perturb_singular": True}):
    E(lambda: tf.linalg.tridiagonal_solve(tf.constant(sing), tf.constant([[1.], [2.], [3.]]), **kw))
    E(lambda: tf.linalg.tridiagonal_solve(tf.constant([[0.], [0.], [0.]]), tf.constant([[2.]]), **kw))
    E(lambda: tf.linalg.tridiagonal_solve(tf.constant([[0.], [4.], [0.]]), tf.constant([[2., 3.]]), **kw))
E(lambda: tf.linalg.tridiagonal_solve(tf.zeros([3, 0]), tf.zeros([0, 2])))
E(lambda: tf.linalg.tridiagonal_solve(tf.constant([[1., 0.], [0., 1.], [1., 0.]]), tf.constant([[1.], [2.]]), partial_pivoting=False))
""")
_l("tridiagonal_solve_errors", """
d = tf.ones([3, 4]); r = tf.ones([4, 2])
E(lambda: tf.linalg.tridiagonal_solve(d, r, perturb_singular=True, partial_pivoting=False))
E(lambda: tf.linalg.tridiagonal_solve(d, r, diagonals_format="x"))
E(lambda: tf.linalg.tridiagonal_solve(d, tf.ones([3, 2])))
E(lambda: tf.linalg.tridiagonal_solve(tf.ones([4, 4]), r))
E(lambda: tf.linalg.tridiagonal_solve(tf.ones([4]), r))
E(lambda: tf.linalg.tridiagonal_solve(d, tf.ones([2, 2, 4, 2])))
E(lambda: tf.linalg.tridiagonal_solve(tf.ones([2, 3, 4]), tf.ones([3, 4, 2])))
E(lambda: tf.linalg.tridiagonal_solve((tf.ones([4]), tf.ones([4])), r, diagonals_format="sequence"))
E(lambda: tf.linalg.tridiagonal_solve(d, r, diagonals_format="sequence"))
E(lambda: tf.linalg.tridiagonal_solve((tf.ones([2]), tf.ones([4]), tf.ones([4])), r, diagonals_format="sequence"))
E(lambda: tf.linalg.tridiagonal_solve((tf.ones([2, 3]), tf.ones([4]), tf.ones([4])), r, diagonals_format="sequence"))
E(lambda: tf.linalg.tridiagonal_solve(tf.ones([4, 3]), r, diagonals_format="matrix"))
E(lambda: tf.linalg.tridiagonal_solve(tf.ones([3, 4], tf.int32), tf.ones([4, 2], tf.int32)))
E(lambda: tf.linalg.tridiagonal_solve(d, tf.ones([4, 2], tf.float64)))
""")
_l("tridiagonal_solve_gradients", """
sup = np.array([1., 2., 3., 4.]); main = np.array([0.5, -1., 2., 3.]); sub = np.array([9., 7., -2., 1.5])
d = np.stack([sup, main, sub]); rhs = np.arange(8.).reshape(4, 2) - 3.
G(lambda d, r: tf.linalg.tridiagonal_solve(d, r) * r, d, rhs)
G(lambda d, r: tf.linalg.tridiagonal_solve(d, r, partial_pivoting=False), d, rhs)
G(lambda a, b, c, r: tf.linalg.tridiagonal_solve((a, b, c), r, diagonals_format="sequence"), sup[:-1], main, sub[1:], rhs)
""")
_l("banded_triangular_solve", """
x = np.array([[2., 3., 4.], [1., 2., 3.]]); x2 = np.array([[2., 3., 4.], [1e4, 2., 3.]])
b = np.array([[1., 2.], [-1., 0.5], [3., 4.]])
for bands in (x, x2, np.array([[2., 3., 4.], [1., 2., 3.], [0.5, -1., 7.]]), x[:1]):
    for lower in (True, False):
        for adjoint in (False, True):
            F(lambda m, r: tf.linalg.banded_triangular_solve(m, r, lower=lower, adjoint=adjoint),
              tf.constant(bands), tf.constant(b))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x, tf.float32), tf.constant(b, tf.float32)))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x * (1 + 1j)), tf.constant(b + 0j), adjoint=True))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(np.stack([x, 2 * x])), tf.constant(b)))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x), tf.constant(np.stack([b, -b, b]))))
E(lambda: tf.linalg.banded_triangular_solve(tf.ones([4, 3]), tf.ones([3, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant([[0., 3., 4.], [1., 2., 3.]]), tf.ones([3, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant([[1., 3., 4.], [1., 0., 3.]]), tf.ones([3, 1]), lower=False))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(np.stack([x, x * [[1.], [0.]]])), tf.ones([3, 1]), lower=False))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(np.stack([x, x * [[0.], [1.]]])), tf.ones([3, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x), tf.ones([3])))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant([1., 2.]), tf.ones([3, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x), tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.banded_triangular_solve(tf.constant(x), tf.ones([3, 1], tf.float32)))
E(lambda: tf.linalg.banded_triangular_solve(tf.ones([2, 3], tf.int32), tf.ones([3, 1], tf.int32)))
E(lambda: tf.linalg.banded_triangular_solve(tf.ones([2, 2, 3]), tf.ones([3, 3, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.ones([2, 0]), tf.ones([0, 1])))
E(lambda: tf.linalg.banded_triangular_solve(tf.ones([2, 3]), tf.ones([3, 0])))
G(lambda m, r: tf.linalg.banded_triangular_solve(m, r) * r, x, b)
G(lambda m, r: tf.linalg.banded_triangular_solve(m, r, lower=False, adjoint=True), x, b)
G(lambda m, r: tf.linalg.banded_triangular_solve(m, r), np.stack([x, 2 * x]), b)
""")
_l("eigh_tridiagonal", """
a = np.array([2., 1., 3., -1., 0.5]); b = np.array([1., 0.5, -2., 0.25])
for dt in (np.float64, np.float32):
    F(lambda a, b: tf.linalg.eigh_tridiagonal(a, b), tf.constant(a.astype(dt)), tf.constant(b.astype(dt)))
    F(lambda a, b: tf.linalg.eigh_tridiagonal(a, b, eigvals_only=False), tf.constant(a.astype(dt)), tf.constant(b.astype(dt)))
    E(lambda: tf.linalg.eigh_tridiagonal(a.astype(dt), b.astype(dt), select="i", select_range=[1, 3]))
    E(lambda: tf.linalg.eigh_tridiagonal(a.astype(dt), b.astype(dt), select="v", select_range=[-1., 2.]))
    E(lambda: tf.linalg.eigh_tridiagonal(a.astype(dt), b.astype(dt), tol=1e-3))
E(lambda: tf.linalg.eigh_tridiagonal([0.0, 0.0, 0.0], [1.0, 1.0]))
E(lambda: tf.linalg.eigh_tridiagonal([0.0, 0.0, 0.0], [1.0, 1.0], eigvals_only=False))
E(lambda: tf.linalg.eigh_tridiagonal(a + 0j, b * 1j, eigvals_only=False))
E(lambda: tf.linalg.eigh_tridiagonal(a.astype(np.complex64), b.astype(np.complex64) * (1 + 1j)))
E(lambda: tf.linalg.eigh_tridiagonal([2.0], []))
E(lambda: tf.linalg.eigh_tridiagonal([2.0 + 1j], [], eigvals_only=False))
E(lambda: tf.linalg.eigh_tridiagonal(a, b, select="v", select_range=[5., 6.]))
""")
# A cluster of equal eigenvalues: its vectors orthogonalized by QR (known.py: the signs of
# zeros are LAPACK's, not Eigen's).
_l("eigh_tridiagonal_cluster", """
E(lambda: tf.linalg.eigh_tridiagonal([1., 1., 1., 1.], [0., 0., 0.], eigvals_only=False))
E(lambda: tf.linalg.eigh_tridiagonal(np.array([1., 1., 1., 2.]), np.array([0., 0., 0.5]), eigvals_only=False))
""")
_l("eigh_tridiagonal_errors", """
a = np.array([2., 1., 3.]); b = np.array([1., 0.5])
E(lambda: tf.linalg.eigh_tridiagonal(a, b, select="x"))
E(lambda: tf.linalg.eigh_tridiagonal(a, b.astype(np.float32)))
E(lambda: tf.linalg.eigh_tridiagonal(a, b, select="v", select_range=[5., 1.5]))
E(lambda: tf.linalg.eigh_tridiagonal(a, b, select="i", select_range=[2, 1]))
""")


# -- tf.linalg.LinearOperator and its family ----------------------------------------------

_l("linear_operators", """
ops = [tf.linalg.LinearOperatorFullMatrix(A), tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True, is_positive_definite=True),
       tf.linalg.LinearOperatorDiag(np.array([1., 2., -3.])), tf.linalg.LinearOperatorIdentity(3, dtype=tf.float64),
       tf.linalg.LinearOperatorIdentity(3, batch_shape=[2]), tf.linalg.LinearOperatorScaledIdentity(3, 2.5),
       tf.linalg.LinearOperatorLowerTriangular(C), tf.linalg.LinearOperatorDiag([1j, 2., 1 + 1j]),
       tf.linalg.LinearOperatorFullMatrix(np.arange(6.).reshape(2, 3))]
x = np.arange(6.).reshape(3, 2)
for op in ops:
    print(type(op).__name__, op.name, op.shape, op.batch_shape, op.dtype, op.is_square, op.is_self_adjoint,
          op.is_non_singular, op.is_positive_definite, repr(op.domain_dimension), op.range_dimension, op.tensor_rank)
    print(op.shape_tensor(), op.batch_shape_tensor(), op.domain_dimension_tensor(), op.range_dimension_tensor())
    xx = tf.constant(x, op.dtype)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant", "cond", "eigvals"):
        E(getattr(op, f))
    E(lambda: op.matmul(xx))
    E(lambda: op.matmul(tf.transpose(xx), adjoint=True, adjoint_arg=True))
    E(lambda: op.matvec(xx[:, 0]))
    E(lambda: op.matvec(xx[:, 0], adjoint=True))
    E(lambda: op.solve(xx))
    E(lambda: op.solve(xx, adjoint=True))
    E(lambda: op.solvevec(xx[:, 0], adjoint=True))
    E(lambda: op.add_to_tensor(tf.ones([3, 3], op.dtype)))
    for f in ("adjoint", "inverse", "cholesky"):
        try:
            o = getattr(op, f)()
            print(f, type(o).__name__, o.name, o.shape, o.is_self_adjoint, o.is_positive_definite, o.is_non_singular)
            E(o.to_dense)
            E(lambda: o.matmul(xx))
        except Exception as e:
            print(type(e).__name__, e)
    E(lambda: op.matmul(tf.ones([2, 2], op.dtype)))
    E(lambda: op.matmul(tf.ones([3, 2], tf.int32)))
    E(lambda: op.solve(tf.ones([2, 2], op.dtype)))
print(repr(ops[0]))
print(repr(ops[3].H))
""")
_l("linear_operator_composition", """
F64 = lambda d: tf.linalg.LinearOperatorDiag(np.array(d))
full = tf.linalg.LinearOperatorFullMatrix(A)
x = tf.constant(np.arange(6.).reshape(3, 2))
for left, right in [(full, F64([1., 2., -3.])), (F64([1., 2., 3.]), F64([2., 2., 1.])),
                    (F64([1., 2., 3.]), tf.linalg.LinearOperatorScaledIdentity(3, np.float64(2.))),
                    (tf.linalg.LinearOperatorScaledIdentity(3, np.float64(2.)),
                     tf.linalg.LinearOperatorScaledIdentity(3, np.float64(4.))),
                    (tf.linalg.LinearOperatorLowerTriangular(C), F64([1., 2., 3.])),
                    (F64([1., 2., 3.]), tf.linalg.LinearOperatorLowerTriangular(C)),
                    (full, tf.linalg.LinearOperatorIdentity(3, dtype=tf.float64)),
                    (tf.linalg.LinearOperatorIdentity(3, dtype=tf.float64), full)]:
    for how in ("matmul", "solve"):
        c = getattr(left, how)(right)
        print(how, type(c).__name__, c.name, c.shape, c.is_square, c.is_non_singular, c.is_self_adjoint, c.is_positive_definite)
        E(c.to_dense)
        E(lambda: c.matmul(x))
        E(lambda: c.solve(x))
c = tf.linalg.LinearOperatorComposition([full, F64([1., 2., 4.]), full])
print(c.name, c.shape, c.is_square, c.is_self_adjoint)
E(c.to_dense); E(c.determinant); E(c.log_abs_determinant); E(lambda: c.solve(x)); E(lambda: c.matvec(x[:, 0], adjoint=True))
l = tf.linalg.LinearOperatorLowerTriangular(C)
aat = tf.linalg.LinearOperatorComposition([l, l.adjoint()])
print(aat.name, aat.is_self_adjoint, aat.is_square, aat.is_positive_definite)
E(lambda: full @ F64([1., 2.]))
E(lambda: tf.linalg.LinearOperatorComposition([]))
E(lambda: tf.linalg.LinearOperatorComposition([full, tf.linalg.LinearOperatorDiag([1., 2., 3.])]))
E(lambda: tf.linalg.LinearOperatorComposition([full, F64([1., 2.])]).shape)
a = tf.linalg.LinearOperatorAdjoint(tf.linalg.LinearOperatorFullMatrix(np.arange(6.).reshape(2, 3)))
print(a.name, a.shape, a.is_square)
E(a.to_dense); E(lambda: a.matmul(tf.ones([2, 1], tf.float64)))
inv = tf.linalg.LinearOperatorInversion(full)
print(inv.name, inv.shape, inv.is_non_singular)
E(inv.to_dense); E(inv.determinant); E(lambda: inv.solve(x)); E(lambda: inv.inverse() is full)
""")
_l("linear_operator_errors", """
E(lambda: tf.linalg.LinearOperatorFullMatrix([1., 2.]))
E(lambda: tf.linalg.LinearOperatorFullMatrix([[1, 2]]))
E(lambda: tf.linalg.LinearOperatorDiag(1.))
E(lambda: tf.linalg.LinearOperatorDiag([1., 2.], is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorDiag([1., 2.], is_square=False))
E(lambda: tf.linalg.LinearOperatorLowerTriangular([1., 2.]))
E(lambda: tf.linalg.LinearOperatorLowerTriangular(A, is_square=False))
E(lambda: tf.linalg.LinearOperatorIdentity(-1))
E(lambda: tf.linalg.LinearOperatorIdentity(2.5))
E(lambda: tf.linalg.LinearOperatorIdentity([2, 3]))
E(lambda: tf.linalg.LinearOperatorIdentity(2, batch_shape=[-1]))
E(lambda: tf.linalg.LinearOperatorIdentity(2, is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorScaledIdentity(2, 1., is_square=False))
E(lambda: tf.linalg.LinearOperatorFullMatrix(A, is_square=False, is_non_singular=True))
E(lambda: tf.linalg.LinearOperatorFullMatrix(A, is_positive_definite=True, is_non_singular=False))
E(lambda: tf.linalg.LinearOperatorFullMatrix(A, is_square=False).is_square)
E(lambda: tf.linalg.LinearOperatorFullMatrix(np.ones([2, 3])).determinant())
E(lambda: tf.linalg.LinearOperatorFullMatrix(np.ones([2, 3])).inverse())
E(lambda: tf.linalg.LinearOperatorFullMatrix(np.ones([2, 3])).solve(tf.ones([2, 1], tf.float64)))
E(lambda: tf.linalg.LinearOperatorFullMatrix(A, is_non_singular=False).solve(tf.ones([3, 1], tf.float64)))
E(lambda: tf.linalg.LinearOperatorFullMatrix(A, is_non_singular=False).inverse())
E(lambda: tf.linalg.LinearOperatorFullMatrix(A).cholesky())
E(lambda: tf.linalg.LinearOperatorFullMatrix(A).eigvals())
E(lambda: tf.linalg.LinearOperatorInversion(tf.linalg.LinearOperatorFullMatrix(A, is_non_singular=False)))
E(lambda: tf.linalg.LinearOperatorInversion(tf.linalg.LinearOperatorFullMatrix(np.ones([2, 3]))))
E(lambda: tf.linalg.LinearOperatorAdjoint(tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True), is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorDiag([1., 2., 3.]).assert_non_singular())
E(lambda: tf.linalg.LinearOperatorDiag([1., 0., 3.]).assert_non_singular())
E(lambda: tf.linalg.LinearOperatorDiag([1., -2., 3.]).assert_positive_definite())
E(lambda: tf.linalg.LinearOperatorDiag([1j, 2.]).assert_self_adjoint())
E(lambda: tf.linalg.LinearOperatorScaledIdentity(2, [1., 0.]).cond())
E(lambda: tf.linalg.LinearOperatorScaledIdentity(2, [1., 0.]).assert_non_singular())
E(lambda: tf.linalg.LinearOperatorFullMatrix(A).assert_self_adjoint())
E(lambda: tf.linalg.LinearOperatorFullMatrix(A).assert_non_singular())
E(lambda: tf.linalg.LinearOperatorFullMatrix(np.array([[1., 0.], [0., 0.]])).assert_non_singular())
""")
_l("linear_operator_in_function_and_gradients", """
x = tf.constant(np.arange(6.).reshape(3, 2))
F(lambda m, x: tf.linalg.LinearOperatorFullMatrix(m).solve(x), tf.constant(A), x)
F(lambda d, x: tf.linalg.LinearOperatorDiag(d).matmul(x, adjoint=True), tf.constant([1., 2., 3.], tf.float64), x)
F(lambda m: tf.linalg.LinearOperatorLowerTriangular(m).log_abs_determinant(), tf.constant(C))
F(lambda m: tf.linalg.LinearOperatorFullMatrix(m).inverse().to_dense(), tf.constant(np.stack([A, 2 * A])))
v = tf.Variable(A)
op = tf.linalg.LinearOperatorFullMatrix(v)
print(len(op.variables), len(op.trainable_variables), op.matrix is v)
with tf.GradientTape() as t:
    y = tf.reduce_sum(op.solve(x) ** 2) + op.log_abs_determinant()
print(t.gradient(y, v))
G(lambda d: tf.linalg.LinearOperatorDiag(d).solvevec(tf.constant([1., 2., 3.], tf.float64)), np.array([1., 2., 4.]))
G(lambda m: tf.linalg.LinearOperatorLowerTriangular(m).matmul(tf.constant(A)), C)
""")

_l("linear_operator_zeros", """
x = tf.constant(np.arange(6.).reshape(3, 2))
for z in (tf.linalg.LinearOperatorZeros(3, dtype=tf.float64),
          tf.linalg.LinearOperatorZeros(3, batch_shape=[2], dtype=tf.float64),
          tf.linalg.LinearOperatorZeros(2, 3, is_square=False, is_self_adjoint=False, dtype=tf.float64)):
    print(z.name, z.shape, z.batch_shape, z.dtype, z.is_square, z.is_self_adjoint, z.is_non_singular, z.is_positive_definite)
    for f in ("to_dense", "diag_part", "trace", "determinant", "eigvals"):
        E(getattr(z, f))
    E(lambda: z.matmul(x if z.is_square else tf.ones([3, 2], tf.float64)))
    E(lambda: z.matmul(tf.ones([2, 3], tf.float64), adjoint_arg=True))
    E(lambda: z.matmul(tf.ones([2, 2], tf.float64), adjoint=True))
    E(lambda: z.add_to_tensor(tf.ones([3, 3], tf.float64)))
    E(lambda: z.solve(x))
    E(z.assert_non_singular)
    E(z.assert_positive_definite)
    E(lambda: type(tf.linalg.LinearOperatorFullMatrix(A) @ z).__name__)
    E(lambda: type(z @ tf.linalg.LinearOperatorFullMatrix(A)).__name__)
E(lambda: tf.linalg.LinearOperatorZeros(2, 3))
E(lambda: tf.linalg.LinearOperatorZeros(2, is_non_singular=True))
E(lambda: tf.linalg.LinearOperatorZeros(2, is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorZeros(-2))
""")

_l("linear_operator_tridiag", """
sup = np.array([1., 2., 3., 4.]); main = np.array([0.5, -1., 2., 3.]); sub = np.array([9., 7., -2., 1.5])
x = tf.constant(np.arange(8.).reshape(4, 2) - 3.)
mat = np.diag(main) + np.diag(sup[:-1], 1) + np.diag(sub[1:], -1)
for op in (tf.linalg.LinearOperatorTridiag(np.stack([sup, main, sub])),
           tf.linalg.LinearOperatorTridiag([sup, main, sub], diagonals_format="sequence"),
           tf.linalg.LinearOperatorTridiag(mat, diagonals_format="matrix"),
           tf.linalg.LinearOperatorTridiag(np.stack([np.stack([sup, main, sub]) * (1 + 1j)] * 2))):
    xx = tf.cast(x, op.dtype)
    print(op.name, op.shape, op.batch_shape, op.dtype, op.is_square, op.diagonals_format)
    # (a complex LU determinant's last bits, and its zero imaginary part, are Eigen's)
    for f in ("to_dense", "diag_part", "trace") + (() if op.dtype.is_complex else ("determinant", "log_abs_determinant")):
        E(getattr(op, f))
    E(lambda: op.matmul(xx))
    E(lambda: op.matmul(xx, adjoint=True))
    E(lambda: op.matmul(tf.transpose(xx), adjoint_arg=True))
    E(lambda: op.solve(xx))
    E(lambda: op.solve(xx, adjoint=True))
    E(lambda: op.solve(tf.transpose(xx), adjoint_arg=True))
    E(lambda: op.matvec(xx[:, 0]))
    E(lambda: op.solvevec(xx[:, 0]))
    E(op.assert_self_adjoint)
E(lambda: tf.linalg.LinearOperatorTridiag(np.stack([sup, main, sub]), diagonals_format="x"))
sym = tf.linalg.LinearOperatorTridiag(np.stack([[1., 2., 0.], [4., 5., 6.], [0., 1., 2.]]))
E(sym.assert_self_adjoint)
sym = tf.linalg.LinearOperatorTridiag(np.stack([[1., 2., 0.], [4., 5., 6.], [0., 1., 2.]]), is_self_adjoint=True)
E(sym.eigvals)
""")

_l("linear_operator_householder_permutation", """
x = tf.constant(np.arange(6.).reshape(3, 2) - 2.)
for op in (tf.linalg.LinearOperatorHouseholder(np.array([1., 2., -2.])),
           tf.linalg.LinearOperatorHouseholder(np.array([[1., 0., 0.], [1., 1., 1.]])),
           tf.linalg.LinearOperatorPermutation([2, 0, 1], dtype=tf.float64),
           tf.linalg.LinearOperatorPermutation([[1, 0, 2], [2, 1, 0]], dtype=tf.float64),
           tf.linalg.LinearOperatorPermutation([1, 0, 2], dtype=tf.float64, is_self_adjoint=True)):
    print(type(op).__name__, op.name, op.shape, op.dtype, op.is_square, op.is_self_adjoint, op.is_positive_definite)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant", "cond"):
        E(getattr(op, f))
    E(lambda: op.matmul(x))
    E(lambda: op.matmul(x, adjoint=True))
    E(lambda: op.matmul(tf.transpose(x), adjoint_arg=True))
    E(lambda: op.solve(x))
    E(lambda: op.solvevec(x[:, 0], adjoint=True))
    E(lambda: type(op.adjoint()).__name__)
    E(lambda: type(op.inverse()).__name__)
E(tf.linalg.LinearOperatorHouseholder(np.array([1., 2., -2.])).eigvals)
E(tf.linalg.LinearOperatorHouseholder(np.array([1., 2., -2.])).assert_positive_definite)
E(lambda: tf.linalg.LinearOperatorHouseholder(1.))
E(lambda: tf.linalg.LinearOperatorHouseholder([1., 2.], is_self_adjoint=False))
E(lambda: tf.linalg.LinearOperatorHouseholder([1., 2.], is_positive_definite=True))
E(lambda: tf.linalg.LinearOperatorPermutation([0, 0, 1]))
E(lambda: tf.linalg.LinearOperatorPermutation([0., 1.]))
E(lambda: tf.linalg.LinearOperatorPermutation(1))
E(lambda: tf.linalg.LinearOperatorPermutation([1, 0], is_non_singular=False))
E(lambda: tf.linalg.LinearOperatorPermutation([1, 0], is_square=False))
""")

_l("linear_operator_kronecker", """
a = tf.linalg.LinearOperatorFullMatrix(np.array([[2., 1.], [0.5, 3.]]))
b = tf.linalg.LinearOperatorLowerTriangular(C)
d = tf.linalg.LinearOperatorDiag(np.array([1., -2.]))
x = tf.constant(np.arange(12.).reshape(6, 2) - 5.)
for k in (tf.linalg.LinearOperatorKronecker([a, b]), tf.linalg.LinearOperatorKronecker([b, d]),
          tf.linalg.LinearOperatorKronecker([d, tf.linalg.LinearOperatorFullMatrix(A, is_self_adjoint=True)])):
    print(k.name, k.shape, k.is_square, k.is_self_adjoint, k.is_non_singular, k.is_positive_definite)
    for f in ("to_dense", "diag_part", "trace", "determinant", "log_abs_determinant"):
        E(getattr(k, f))
    E(lambda: k.matmul(x))
    E(lambda: k.matmul(x, adjoint=True))
    E(lambda: k.matmul(tf.transpose(x), adjoint_arg=True))
    E(lambda: k.solve(x))
    E(lambda: k.solve(x, adjoint=True))
    E(lambda: k.matvec(x[:, 0]))
    E(lambda: k.inverse().to_dense())
    E(lambda: k.adjoint().name)
E(tf.linalg.LinearOperatorKronecker([d, d]).eigvals)
E(lambda: tf.linalg.LinearOperatorKronecker([]))
E(lambda: tf.linalg.LinearOperatorKronecker([a, tf.linalg.LinearOperatorDiag([1., 2.])]))
E(lambda: tf.linalg.LinearOperatorKronecker([d, d], is_self_adjoint=False))
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. Every other
# snippet of the suite compares exactly, and float64 values compare exactly in these too.

from harness import Tolerance

_F32 = ("float32 only: TF's Eigen kernels (triangular solves, Schur decomposition, QR) "
        "and XLA's round float32 intermediate results differently in the last bit")

_F64_LU = ("float64 determinants, log-determinants and condition numbers through LU, eigh and "
           "SVD (tf.linalg.det, slogdet, eigvalsh, svd): LAPACK's and Eigen's factorizations round the "
           "last bits differently")

TOLERANCE = {
    'eigh_tridiagonal': Tolerance(_F32, rtol=2e-7),
    'lu_helpers': Tolerance(_F32, rtol=1e-6),
    'sqrtm': Tolerance(_F32, rtol=3e-6),
    'tridiagonal_solve': Tolerance(_F32, rtol=1e-6),
    'linear_operators': Tolerance(_F64_LU + "; " + _F32, rtol=1e-6, float64_ulps=8),
    'linear_operator_composition': Tolerance(_F64_LU, float64_ulps=8),
    'linear_operator_tridiag': Tolerance(_F64_LU, float64_ulps=8),
    'linear_operator_kronecker': Tolerance(_F64_LU, float64_ulps=8),
    'linear_operator_in_function_and_gradients': Tolerance(_F64_LU, float64_ulps=4),
}
