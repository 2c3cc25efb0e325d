"""Golden snippets: TF's CSR sparse-matrix ops (tensorflow.python.ops.linalg.sparse.
sparse_csr_matrix_ops, as Keras's TF backend calls them for sparse x sparse matmul):
conversions from and to SparseTensors and dense tensors, components, and
SparseMatrixSparseMatMul (rank 2 and batched, transposed/adjoint, explicit zeros kept,
inside tf.function), their errors; and tf.map_fn over
SparseTensor elems (unstacked along the first dimension), dense or sparse outputs."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_CSR = """
import importlib
c = importlib.import_module(tf.__name__ + '.python.ops.linalg.sparse.sparse_csr_matrix_ops')
def csr(st):
    return c.sparse_tensor_to_csr_sparse_matrix(st.indices, st.values, st.dense_shape)
def show(m, t=tf.float32):
    r = c.csr_sparse_matrix_to_sparse_tensor(m, t)
    print(r.indices.numpy().tolist(), r.values.numpy().tolist(), r.dense_shape.numpy().tolist())
    print(r.indices.dtype, r.values.dtype, r.dense_shape.dtype)
def mul(x, y, t=tf.float32, **kw):
    return c.sparse_matrix_sparse_mat_mul(csr(x), csr(y), t, **kw)
def tr(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
"""


def _c(name, body):
    _s(name, _CSR + body)


_c("round_trip_rank2", """
a = tf.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 0]], [1., 2., 3., -1.], [3, 3])
m = csr(a)
show(m)
print(c.csr_sparse_matrix_components(m, 0, tf.float32))
print(c.csr_sparse_matrix_to_dense(m, tf.float32))
print(c.sparse_matrix_nnz(m))
r = c.csr_sparse_matrix_to_sparse_tensor(m, tf.float32)
print(type(r).__name__, r._fields)
""")

_c("round_trip_rank3", """
a = tf.SparseTensor([[0, 0, 1], [1, 0, 0], [1, 1, 0], [2, 1, 1]], [1., 2., 3., 4.], [3, 2, 2])
m = csr(a)
show(m)
for i in range(3):
    print(c.csr_sparse_matrix_components(m, i, tf.float32))
print(c.csr_sparse_matrix_to_dense(m, tf.float32))
print(c.sparse_matrix_nnz(m))
""")

_c("dense_to_csr", """
d = tf.constant([[0., 2., 0.], [3., 0., 0.]], tf.float64)
m = c.dense_to_csr_sparse_matrix(d, tf.where(d != 0))
show(m, tf.float64)
print(c.csr_sparse_matrix_to_dense(m, tf.float64))
""")

_c("explicit_zeros_and_order", """
show(csr(tf.SparseTensor([[0, 0], [0, 1]], [0., 1.], [1, 2])))
# unordered indices: TF's row pointers count the rows, the values keep their order
show(csr(tf.SparseTensor([[1, 0], [0, 0]], [1., 2.], [2, 1])))
show(csr(tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 3])))
""")

_c("matmul_rank2", """
a = tf.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 0]], [1., 2., 3., -1.], [3, 3])
b = tf.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 1]], [2., 1., 4., 0.5], [3, 2])
show(mul(a, b))
# a sum that cancels is still stored
a2 = tf.SparseTensor([[0, 0], [0, 1]], [1., 1.], [1, 2])
b2 = tf.SparseTensor([[0, 0], [1, 0]], [1., -1.], [2, 1])
show(mul(a2, b2))
# no product reaches a cell: an empty result
a3 = tf.SparseTensor([[0, 0]], [1.], [2, 2])
b3 = tf.SparseTensor([[1, 1]], [1.], [2, 2])
show(mul(a3, b3))
""")

_c("matmul_random", """
rng = np.random.RandomState(0)
for t, (m, k, n) in [(tf.float64, (5, 7, 6)), (tf.float32, (8, 4, 9)), (tf.float64, (1, 1, 1))]:
    da = rng.randint(-3, 4, (m, k)) * (rng.rand(m, k) < 0.4)
    db = rng.randint(-3, 4, (k, n)) * (rng.rand(k, n) < 0.4)
    a = tf.sparse.from_dense(tf.constant(da, t))
    b = tf.sparse.from_dense(tf.constant(db, t))
    show(mul(a, b, t), t)
    print(np.array_equal(c.csr_sparse_matrix_to_dense(mul(a, b, t), t).numpy(), da @ db))
""")

_c("matmul_batched", """
rng = np.random.RandomState(1)
da = rng.randint(-2, 3, (3, 4, 5)) * (rng.rand(3, 4, 5) < 0.35)
db = rng.randint(-2, 3, (3, 5, 2)) * (rng.rand(3, 5, 2) < 0.5)
a = tf.sparse.from_dense(tf.constant(da, tf.float32))
b = tf.sparse.from_dense(tf.constant(db, tf.float32))
r = mul(a, b)
show(r)
print(c.sparse_matrix_nnz(r))
print(c.csr_sparse_matrix_to_dense(r, tf.float32))
""")

_c("matmul_transpose_adjoint", """
a = tf.SparseTensor([[0, 1], [1, 0], [1, 2]], tf.constant([1 + 2j, 3j, 2], tf.complex64), [2, 3])
b = tf.SparseTensor([[0, 0], [1, 1], [2, 0]], tf.constant([1j, 2, 1 - 1j], tf.complex64), [3, 2])
show(mul(a, b, tf.complex64), tf.complex64)
show(mul(a, a, tf.complex64, transpose_a=True), tf.complex64)
show(mul(a, a, tf.complex64, adjoint_b=True), tf.complex64)
show(mul(b, b, tf.complex64, adjoint_a=True), tf.complex64)
show(mul(b, a, tf.complex64, transpose_a=True, transpose_b=True), tf.complex64)
""")

_c("matmul_in_function", """
idx_a = [[0, 0], [0, 2], [1, 1]]
idx_b = [[0, 1], [1, 0], [2, 0], [2, 1]]
@tf.function
def f(va, vb):
    a = tf.SparseTensor(idx_a, va, [2, 3])
    b = tf.SparseTensor(idx_b, vb, [3, 2])
    r = c.csr_sparse_matrix_to_sparse_tensor(mul(a, b), tf.float32)
    return r.indices, r.values
va = tf.constant([1., 2., 3.])
vb = tf.constant([4., 5., 6., 7.])
print(f(va, vb))
print(f(vb[1:], tf.concat([va * 2., [-1.]], 0)))
""")

_c("errors", """
a = tf.SparseTensor([[0, 0], [1, 1]], [1., 2.], [2, 2])
b = tf.SparseTensor([[0, 0], [1, 1]], [1., 2.], [3, 2])
a64 = tf.SparseTensor([[0, 0], [1, 1]], tf.constant([1., 2.], tf.float64), [2, 2])
a3 = tf.SparseTensor([[0, 0, 0], [1, 1, 1]], [1., 2.], [2, 2, 2])
b3 = tf.SparseTensor([[0, 0, 0], [1, 1, 1], [2, 0, 0]], [1., 2., 3.], [3, 2, 2])
tr(lambda: mul(a, b))
tr(lambda: mul(a, a, tf.float64))
tr(lambda: mul(a, a64))
tr(lambda: mul(a3, b3))
tr(lambda: mul(a, a, transpose_a=True, adjoint_a=True))
tr(lambda: mul(a, a, transpose_b=True, adjoint_b=True))
tr(lambda: c.csr_sparse_matrix_to_sparse_tensor(csr(a), tf.float64))
tr(lambda: c.csr_sparse_matrix_to_dense(csr(a), tf.complex64))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix([[0], [1]], [1., 2.], [2]))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix([[0, 0, 0, 0]], [1.], [2, 2, 2, 2]))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix([[0, 5]], [1.], [2, 2]))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix([[0, 0]], [1], [2, 2]))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix([[0, 0]], tf.constant([1.], tf.float16), [2, 2]))
# all inputs Tensors (TF's eager fast path): the messages end in " name: "
i64 = lambda v: tf.constant(v, tf.int64)
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix(i64([[0, 5]]), tf.constant([1.]), i64([2, 2])))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix(i64([[0]]), tf.constant([1.]), i64([2])))
tr(lambda: c.sparse_tensor_to_csr_sparse_matrix(i64([[0, 0]]), tf.constant([1]), i64([2, 2])))
tr(lambda: c.dense_to_csr_sparse_matrix(tf.constant([[1, 0]]), i64([[0, 0]])))
tr(lambda: c.dense_to_csr_sparse_matrix(tf.constant([[1., 0.]]), i64([[0, 3]])))
""")

# -- tf.map_fn over SparseTensors ---------------------------------------------------------

_MAP = """
s = tf.SparseTensor([[0, 0, 1], [1, 0, 0], [1, 1, 0]], [1., 2., 3.], [2, 2, 3])
def tr(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
def dense(x):
    return tf.sparse.to_dense(x)
def same(x):
    return x
def corner(x):
    return tf.sparse.slice(x, [0, 0], [1, 1])
def double(x):
    return tf.sparse.map_values(tf.multiply, x, 2.)
def matmul(x):
    return tf.sparse.sparse_dense_matmul(x[0], x[1])
def pair(x):
    return tf.sparse.reduce_sum(x['a']), x['b'] * 2.
"""


def _m(name, body):
    _s(name, _MAP + body)


_m("map_fn_sparse_to_dense", """
def fn(x):
    print(type(x).__name__, x.indices.numpy().tolist(), x.values.numpy().tolist(),
          x.dense_shape.numpy().tolist())
    return tf.sparse.to_dense(x)
print(tf.map_fn(fn, s, fn_output_signature=tf.float32))
print(tf.map_fn(tf.sparse.reduce_sum, s, fn_output_signature=tf.float32))
print(tf.map_fn(dense, s, fn_output_signature=tf.TensorSpec([2, 3])))
""")

_m("map_fn_sparse_to_sparse", """
print(tf.map_fn(same, s))
print(tf.map_fn(same, s, fn_output_signature=tf.SparseTensorSpec(None, tf.float32)))
print(tf.map_fn(corner, s,
                fn_output_signature=tf.SparseTensorSpec(None, tf.float32)))
print(tf.map_fn(double, s,
                fn_output_signature=tf.SparseTensorSpec(None, tf.float32)))
""")

_m("map_fn_sparse_with_dense", """
d = tf.reshape(tf.range(12, dtype=tf.float32), [2, 3, 2])
print(tf.map_fn(matmul, (s, d),
                fn_output_signature=tf.float32))
e = tf.reshape(tf.range(16, dtype=tf.float32), [2, 4, 2])
print(tf.map_fn(matmul, (e, s),
                fn_output_signature=tf.float32))
print(tf.map_fn(pair,
                {'a': s, 'b': tf.constant([1., 2.])}, fn_output_signature=(tf.float32, tf.float32)))
""")

_m("map_fn_sparse_in_function", """
d = tf.ones([2, 3, 2])
@tf.function
def g(v):
    s2 = tf.SparseTensor([[0, 0, 1], [1, 0, 0], [1, 1, 0]], v, [2, 2, 3])
    return tf.map_fn(matmul, (s2, d),
                     fn_output_signature=tf.float32)
print(g(tf.constant([1., 2., 3.])))
print(g(tf.constant([0., -1., 4.])))
""")

_m("map_fn_sparse_errors", """
tr(lambda: tf.map_fn(dense, s))
tr(lambda: tf.map_fn(dense, s, fn_output_signature=tf.SparseTensorSpec(None, tf.float32)))
su = tf.SparseTensor([[1, 0, 1], [0, 1, 0]], [1., 2.], [2, 2, 3])
tr(lambda: tf.map_fn(dense, su, fn_output_signature=tf.float32))
""")
