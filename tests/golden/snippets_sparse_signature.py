"""Golden snippets: sparse leftovers of issue 17: tf.SparseTensorSpec and tf.RaggedTensorSpec
in a tf.function's input_signature (calls, structured_input_signature, the binding errors
of wrong values) and get_concrete_function (its outputs' types, calls and their
errors), SparseTensor arguments and results of tf.function,
tf.sparse.sampled_addmm (values, dtypes, gradients, errors) and tf.sparse.to_dense of
strings, bools and the other dtypes with default_value.

Not printed: what a trace sees of a SparseTensor's indices and dense_shape or a
RaggedTensor's row partitions (tfcompat's trace holds them as constants, keyed by their
values: one trace per structure where TF traces once per spec; those after the first of a
spec are silent and not counted, so trace counts are TF's), nor the output shapes of
traces that depend on a dense_shape (static here, unknown in TF)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# input_signature with TypeSpecs

_s("sparse_input_signature_calls", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def g(x):
    return tf.sparse.reduce_sum(x, axis=1) * 2.0
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [3, 4])
print(g(st))
print(g(tf.sparse.SparseTensor([[0, 1]], [5.], [2, 4])))
print(g(tf.sparse.SparseTensor([[0, 1], [1, 3]], [5., 6.], [2, 4])))
print(g.input_signature)
c = g.get_concrete_function(st)
print(c.structured_input_signature)
print(c(st))
print(g.get_concrete_function(st) is c)
""")

_s("ragged_input_signature_calls", """
@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
def h(x):
    return x.row_lengths(), tf.reduce_sum(x.flat_values)
r = tf.ragged.constant([[1, 2], [3]])
print(h(r))
print(h(tf.ragged.constant([[4], [5, 6], []])))
print(h.get_concrete_function(r).structured_input_signature)
""")

_errs("sparse_input_signature_errors", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def g(x):
    return x.values
g(tf.constant([[1., 2., 3., 4.]]))
""", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def g(x):
    return x.values
g(tf.sparse.SparseTensor([[0, 1]], [5], [2, 4]))
""", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def g(x):
    return x.values
g(tf.sparse.SparseTensor([[0, 1, 1]], [5.], [2, 4, 3]))
""", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def g(x):
    return x.values
g.get_concrete_function(tf.SparseTensorSpec([None, 3], tf.float32))
""", """
@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
def h(x):
    return x.flat_values
h(tf.ragged.constant([[1., 2.], [3.]]))
""", """
@tf.function(input_signature=[[tf.SparseTensorSpec([None], tf.int32)]])
def k(xs):
    return xs[0].values
print(k([tf.sparse.SparseTensor([[1]], [3], [4])]))
k(tf.sparse.SparseTensor([[1]], [3], [4]))
""")

_s("composite_spec_get_concrete_function", """
@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32),
                              tf.RaggedTensorSpec([None, None], tf.int64)])
def k(x, r):
    return x.values * 2, r.flat_values + 1, r.row_lengths()
ck = k.get_concrete_function()
print(ck.structured_input_signature)
print(ck.structured_outputs)
print(ck.output_shapes)
print(ck)
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [3, 4])
print(ck(st, tf.ragged.constant([[1, 2], [3]], tf.int64)))
print(ck(tf.sparse.SparseTensor([[0, 1]], [5.], [2, 4]), tf.ragged.constant([[4]], tf.int64)))
@tf.function
def f(x, y):
    return x.values * y
c = f.get_concrete_function(tf.SparseTensorSpec([None, 3], tf.int32), 2)
print(c.structured_input_signature)
print(c.pretty_printed_signature())
print(c(tf.sparse.SparseTensor([[0, 1]], [5], [2, 3]), 2))
print(c(tf.sparse.SparseTensor([[0, 1], [0, 2]], [5, 6], [1, 3]), 2))
""")

_errs("composite_spec_concrete_function_errors", """
@tf.function
def f(x, y):
    return x.values * y
c = f.get_concrete_function(tf.SparseTensorSpec([None, 3], tf.int32), 2)
c(tf.sparse.SparseTensor([[0, 1]], [5.], [2, 3]), 2)
""", """
@tf.function
def f(x, y):
    return x.values * y
c = f.get_concrete_function(tf.SparseTensorSpec([None, 3], tf.int32), 2)
c(tf.constant([1]), 2)
""", """
@tf.function
def f(x, y):
    return x.values * y
c = f.get_concrete_function(tf.SparseTensorSpec([None, 3], tf.int32), 2)
c(tf.sparse.SparseTensor([[0, 1]], [5], [2, 3]))
""", """
@tf.function
def h(x):
    return x.flat_values
c = h.get_concrete_function(tf.RaggedTensorSpec([None, None], tf.int32))
c(tf.ragged.constant([[1., 2.], [3.]]))
""")

_s("sparse_function_argument_and_result", """
@tf.function
def f(x, y):
    return tf.sparse.map_values(tf.multiply, x, y), tf.sparse.to_dense(x)
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [3, 4])
a, b = f(st, 2.)
print(type(a).__name__, a)
print(b)
a, b = f(tf.sparse.SparseTensor([[0, 0], [1, 2]], [3., 4.], [3, 4]), 3.)
print(a.values, a.shape, b)
a, b = f(tf.sparse.SparseTensor([[2, 1]], [7.], [3, 2]), 1.)
print(a, b)
print(f.get_concrete_function(st, 2.).structured_input_signature)
""")

_s("sparse_function_nested_variables_gradient", """
v = tf.Variable(2.0)
@tf.function(reduce_retracing=True)
def f(d):
    return tf.sparse.reduce_sum(d["a"]) * v + tf.cast(tf.sparse.reduce_sum(d["b"]), tf.float32)
a = tf.sparse.SparseTensor([[0, 0]], [1.], [2, 2])
b = tf.sparse.SparseTensor([[1]], tf.constant([5], tf.int64), [3])
print(f({"a": a, "b": b}))
print(f({"a": tf.sparse.SparseTensor([[0, 0]], [3.], [2, 2]), "b": b}))
v.assign(3.0)
print(f({"a": a, "b": b}))
@tf.function
def g(x):
    s = tf.sparse.SparseTensor([[0], [2]], x, [4])
    return inner(s)
@tf.function
def inner(s):
    return tf.sparse.to_dense(s) + 1
print(g(tf.constant([1., 2.])))
print(g(tf.constant([3., 4.])))
with tf.GradientTape() as t:
    x = tf.constant([1., 2.])
    t.watch(x)
    y = tf.reduce_sum(inner(tf.sparse.SparseTensor([[0], [2]], x, [4])) * [1., 2., 3., 4.])
print(t.gradient(y, x))
""")

_s("sparse_function_string_values", """
@tf.function
def f(x):
    return tf.sparse.to_dense(x, default_value="-"), x
st = tf.sparse.SparseTensor([[0, 1], [1, 0]], ["a", "bc"], [2, 2])
d, s = f(st)
print(d)
print(s.values, s.dense_shape)
""")

# ---------------------------------------------------------------------------
# tf.sparse.sampled_addmm

_s("sampled_addmm_values", """
indices = tf.constant([0, 0, 1, 1], shape=[2, 2])
values = tf.constant([0.5, 0.3])
mat1 = tf.constant([1, 2, 3, 4, 5, 6], shape=[2, 3], dtype=tf.float32)
mat2 = tf.constant([7, 8, 9, 10, 11, 12], shape=[3, 2], dtype=tf.float32)
print(tf.sparse.sampled_addmm(indices, values, tf.constant([2, 2]), mat1, mat2,
                              alpha=0.75, beta=0.25))
indices = tf.constant([0, 1, 1, 0, 0, 0, 1, 0], shape=[2, 2, 2])
values = tf.constant([3, 5, 2, 7], shape=[2, 2], dtype=tf.float32)
mat1 = tf.constant(np.arange(1, 13), shape=[2, 2, 3], dtype=tf.float32)
mat2 = tf.constant(np.arange(13, 25), shape=[2, 3, 2], dtype=tf.float32)
print(tf.sparse.sampled_addmm(indices, values, [2, 2], mat1, mat2, alpha=0.75, beta=0.25))
print(tf.sparse.sampled_addmm([[0, 1]], [1.], [2, 2], np.ones((2, 3)), np.ones((3, 2)),
                              output_type=tf.float64))
print(tf.sparse.sampled_addmm([[1, 0]], [1.], [2, 2], tf.ones((2, 3), tf.float16),
                              tf.ones((3, 2), tf.float16), output_type=tf.float16))
""")

_s("sampled_addmm_function_and_gradient", """
m1 = tf.Variable(tf.reshape(tf.range(6.), [2, 3]))
m2 = tf.Variable(tf.ones([3, 2]) * 2)
with tf.GradientTape() as t:
    r = tf.sparse.sampled_addmm([[0, 1], [1, 0]], [1., 2.], [2, 2], m1, m2, alpha=0.5)
    loss = tf.reduce_sum(r[1] * [1., 3.])
print(r[1])
g1, g2 = t.gradient(loss, [m1, m2])
print(tf.convert_to_tensor(g1))
print(tf.convert_to_tensor(g2))
@tf.function
def f(a, b):
    return tf.sparse.sampled_addmm([[0, 1]], [1.], [2, 2], a, b, beta=2.0)
print(f(tf.ones([2, 3]), tf.ones([3, 2])))
""")

_errs("sampled_addmm_errors", """
tf.sparse.sampled_addmm([[0, 1]], [1.], [3, 2], tf.ones([2, 3]), tf.ones([3, 2]))
""", """
tf.sparse.sampled_addmm([[0, 1]], [1.], [2, 2], tf.ones([2, 3], tf.float64), tf.ones([3, 2]))
""", """
tf.sparse.sampled_addmm([[0, 1]], [1.], [2, 2], tf.ones([2, 3]), tf.ones([2, 2]))
""")

# ---------------------------------------------------------------------------
# tf.sparse.to_dense of other dtypes

_s("to_dense_strings_bools", """
for vals, dv in [(["a", "bc"], None), (["a", "bc"], "zz"), ([True, True], None),
                 ([True, False], True)]:
    st = tf.sparse.SparseTensor([[0, 0], [1, 2]], vals, [2, 3])
    print(tf.sparse.to_dense(st, default_value=dv))
@tf.function
def f():
    st = tf.sparse.SparseTensor([[0, 0], [1, 2]], ["a", "bc"], [2, 3])
    return tf.sparse.to_dense(st, default_value="q")
print(f())
print(tf.sparse.to_dense(tf.sparse.SparseTensor(tf.zeros([0, 1], tf.int64), tf.constant([], tf.string), [2])))
""")

_s("to_dense_other_dtypes", """
for dt in [tf.int8, tf.uint8, tf.int16, tf.uint16, tf.uint32, tf.uint64, tf.half,
           tf.bfloat16, tf.complex64, tf.complex128, tf.float64, tf.int64]:
    st = tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1, 2], dt), [2, 3])
    print(tf.sparse.to_dense(st, default_value=tf.constant(3, dt)))
    print(tf.sparse.to_dense(st).dtype)
""")

_errs("to_dense_default_errors", """
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], ["a", "bc"], [2, 3])
tf.sparse.to_dense(st, default_value=1)
""", """
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1, 2], [2, 3])
tf.sparse.to_dense(st, default_value="a")
""", """
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], ["a", "bc"], [2, 3])
tf.sparse.to_dense(st, default_value=["a"])
""", """
st = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1, 2], [2, 3])
tf.sparse.to_dense(st, default_value=tf.constant([1, 2]))
""")

# ---------------------------------------------------------------------------
# CSR sparse matrices: SparseMatrixTranspose and SparseMatrixMatMul (sparse x dense).
# (SparseMatrixAdd/Softmax/Mul/Zeros have no CPU kernel in TF.)

_CSR = """
import importlib
sm = importlib.import_module(tf.__name__ + '.python.ops.linalg.sparse.sparse_csr_matrix_ops')
def show(m, t=tf.float32):
    st = sm.csr_sparse_matrix_to_sparse_tensor(m, type=t)
    print(st.indices.numpy().tolist(), st.values.numpy().tolist(),
          st.dense_shape.numpy().tolist(), st.values.dtype)
def err(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
a = sm.sparse_tensor_to_csr_sparse_matrix([[0, 0], [0, 2], [1, 1]], [1., 2., 3.], [2, 3])
c = sm.sparse_tensor_to_csr_sparse_matrix([[0, 0, 1], [1, 1, 0], [1, 1, 2]], [1., 2., 3.],
                                         [2, 2, 3])
z = sm.sparse_tensor_to_csr_sparse_matrix([[0, 0], [0, 2], [1, 1]],
                                         tf.constant([1+1j, 2., 3j], tf.complex64), [2, 3])
"""

_s("csr_transpose_matmul", _CSR + """
show(sm.sparse_matrix_transpose(a, type=tf.float32))
show(sm.sparse_matrix_transpose(c, type=tf.float32))
show(sm.sparse_matrix_transpose(z, type=tf.complex64, conjugate=True), tf.complex64)
show(sm.sparse_matrix_transpose(z, type=tf.complex64), tf.complex64)
b = tf.reshape(tf.range(6.), [3, 2])
print(sm.sparse_matrix_mat_mul(a, b))
print(sm.sparse_matrix_mat_mul(a, tf.reshape(tf.range(6.), [2, 3]), transpose_b=True))
print(sm.sparse_matrix_mat_mul(a, tf.reshape(tf.range(4.), [2, 2]), transpose_a=True))
print(sm.sparse_matrix_mat_mul(a, b, transpose_output=True))
print(sm.sparse_matrix_mat_mul(c, tf.reshape(tf.range(12.), [2, 3, 2])))
zb = tf.constant([[1j, 1.], [2., 1j], [0, 1]], tf.complex64)
print(sm.sparse_matrix_mat_mul(z, zb, conjugate_output=True))
print(sm.sparse_matrix_mat_mul(z, tf.constant([[1j, 1.], [2., 1j]], tf.complex64),
                               adjoint_a=True))
v = tf.Variable(tf.ones([3, 2]))
with tf.GradientTape() as t:
    y = sm.sparse_matrix_mat_mul(a, v)
print(t.gradient(y, v))
""", prelude="")

_s("csr_transpose_matmul_errors", _CSR + """
err(lambda: sm.sparse_matrix_mat_mul(a, tf.ones([2, 2])))
err(lambda: sm.sparse_matrix_transpose(a, type=tf.float64))
err(lambda: sm.sparse_matrix_mat_mul(a, tf.ones([3, 2], tf.float64)))
err(lambda: sm.sparse_matrix_mat_mul(a, tf.ones([3, 2]), transpose_a=True, adjoint_a=True))
err(lambda: sm.sparse_matrix_mat_mul(a, tf.ones([1, 3, 2])))
err(lambda: sm.sparse_matrix_mat_mul(c, tf.ones([3, 3, 2])))
""", prelude="")

# ---------------------------------------------------------------------------
# tf.data: batch's error for elements of different shapes (a map right before the batch
# is fused with it by TF's map_and_batch_fusion: MapAndBatchDataset's words).

_s("batch_different_shapes_errors", """
def it(d):
    try:
        for x in d:
            print(x)
    except Exception as e:
        print(type(e).__name__, e)
def grow(x):
    return tf.fill([x // 2 + 1, 2], x)
def pair(x):
    return x, tf.constant(1)
def same(x):
    return x
def shrink(x):
    return tf.fill([3 - x // 2], x)
base = tf.data.Dataset.range(4).map(grow)
it(base.cache().batch(3))
it(base.batch(3))
it(base.map(pair).batch(4))
it(tf.data.Dataset.zip((tf.data.Dataset.range(4), base)).batch(3))
it(base.take(3).batch(3))
it(base.prefetch(1).batch(3))
it(base.batch(3, num_parallel_calls=2))
it(base.map(same, num_parallel_calls=2).batch(3))
it(tf.data.Dataset.range(4).map(shrink).batch(3))
""")

# ---------------------------------------------------------------------------
# tf.experimental.RowPartition (Keras's TF data adapter slices SparseTensor inputs with it)

_s("row_partition_factories", """
RP = tf.experimental.RowPartition
def show(p):
    print(repr(p))
    print(p.row_splits(), p.value_rowids(), p.nrows(), p.nvals())
    print(p.row_lengths(), p.row_starts(), p.row_limits(), p.offsets_in_rows())
    print(p.uniform_row_length(), p.is_uniform(), p.dtype, p.static_nrows, p.static_nvals,
          p.static_uniform_row_length)
show(RP.from_value_rowids([0, 0, 2, 2, 2], nrows=4))
show(RP.from_value_rowids(tf.constant([0, 1, 1], tf.int32)))
show(RP.from_row_splits([0, 2, 2, 5]))
show(RP.from_row_splits([0, 2, 2, 5], dtype=tf.int32))
show(RP.from_row_lengths([2, 0, 3], dtype_hint=tf.int32))
show(RP.from_row_starts([0, 2, 2], nvals=5))
show(RP.from_row_limits([2, 2, 5]))
show(RP.from_uniform_row_length(2, nvals=6))
show(RP.from_uniform_row_length(3, nrows=2))
show(RP.from_row_splits([0, 2, 5]).with_dtype(tf.int32))
st = tf.sparse.SparseTensor([[0, 0], [0, 2], [2, 1]], [1., 2., 3.], [4, 3])
print(RP.from_value_rowids(st.indices[:, 0], nrows=st.dense_shape[0]).row_splits())
""")

_errs("row_partition_errors", """
tf.experimental.RowPartition.from_row_splits([1, 2])
""", """
tf.experimental.RowPartition.from_row_splits([])
""", """
tf.experimental.RowPartition.from_row_lengths([1, -1])
""", """
tf.experimental.RowPartition.from_value_rowids([1, 0])
""", """
tf.experimental.RowPartition.from_value_rowids([0, 1], nrows=1)
""", """
tf.experimental.RowPartition.from_uniform_row_length(2, nvals=5)
""", """
tf.experimental.RowPartition.from_uniform_row_length(2)
""", """
tf.experimental.RowPartition([0, 1])
""")

_s("keras_sparse_inputs", """
x = tf.sparse.from_dense(np.eye(4, dtype="float32")[:, :3])
inp = tf.keras.Input(shape=(3,), sparse=True)
out = tf.keras.layers.Dense(2, kernel_initializer="ones")(inp)
m = tf.keras.Model(inp, out)
m.compile(loss="mse", optimizer="sgd")
print(m.predict(x, batch_size=2, verbose=0))
h = m.fit(x, np.ones((4, 2), "float32"), batch_size=2, epochs=2, verbose=0, shuffle=False)
print(np.round(h.history["loss"], 3))
print(m(x))
""")

_s("composite_arguments_trace_as_tf_counts", """
# TF traces a composite argument by its spec (a SparseTensor's shape, a RaggedTensor's
# number of rows), or once for an input_signature: tracing counts, and no retracing warning.
@tf.function
def f(x):
    return tf.reduce_sum(x, axis=1) * 2
for rows in ([[1, 2], [3]], [[1], [2, 3]], [[1, 2, 3], [4], [5]], [[1], [2], [3, 4]], [[7, 7, 7, 7]]):
    print(f(tf.ragged.constant(rows)).numpy())
print(f.experimental_get_tracing_count())
@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
def g(x):
    return x.row_lengths(), x.flat_values * 2
for rows in ([[1, 2], [3]], [[1], [2, 3]], [[1, 2, 3], [4], [5]]):
    print([t.numpy().tolist() for t in g(tf.ragged.constant(rows))])
print(g.get_concrete_function().structured_input_signature, g.experimental_get_tracing_count())
@tf.function
def h(sp):
    return tf.sparse.reduce_sum(sp, axis=0)
for idx in ([[0, 0]], [[1, 1]], [[0, 1], [1, 0]], [[2, 2]], [[0, 0], [1, 1]]):
    print(h(tf.sparse.SparseTensor(idx, [1.] * len(idx), [3, 3])).numpy())
print(h(tf.sparse.SparseTensor([[0, 0]], [1.], [2, 2])).numpy(), h.experimental_get_tracing_count())
""")
