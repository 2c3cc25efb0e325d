"""Golden snippets: tf.sparse's ops beyond the basics (issue 17): sparse_dense_matmul
(adjoints, dense x sparse, gradients to the values and the dense side, tf.function),
slice, split, fill_empty_rows, reset_shape, eye, to_indicator, softmax, mask,
segment_sum/mean/sqrt_n; tf.sets (size, intersection, union, difference, dense and
sparse, strings); tf.nn.embedding_lookup_sparse and safe_embedding_lookup_sparse with
their gradients; TF's errors for bad inputs."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

_SP = """
sp = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]], [1., 2., 3., 4., 5.],
                            [3, 4])
"""

# ---------------------------------------------------------------------------
# sparse_dense_matmul

_s("sparse_matmul_values", _SP + """
b = tf.reshape(tf.range(8, dtype=tf.float32), [4, 2])
print(tf.sparse.sparse_dense_matmul(sp, b))
print(tf.sparse.sparse_dense_matmul(sp, tf.transpose(b), adjoint_b=True))
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2]), adjoint_a=True))
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([2, 3]), adjoint_a=True, adjoint_b=True))
print(tf.sparse.sparse_dense_matmul(tf.ones([2, 3]), sp))
print(tf.sparse.sparse_dense_matmul(tf.ones([2, 4]), sp, adjoint_b=True))
spi = tf.sparse.SparseTensor([[0, 1], [1, 0]], tf.constant([2, 3]), [2, 2])
print(tf.sparse.sparse_dense_matmul(spi, tf.constant([[1, 2], [3, 4]])))
spd = tf.sparse.SparseTensor([[1, 0]], tf.constant([0.5], tf.float64), [2, 3])
print(tf.sparse.sparse_dense_matmul(spd, tf.ones([3, 1], tf.float64)))
""")
_s("sparse_matmul_gradients", _SP + """
b = tf.Variable(tf.reshape(tf.range(8, dtype=tf.float32), [4, 2]))
v = tf.constant([1., 2., 3., 4., 5.])
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    s = tf.sparse.SparseTensor(sp.indices, v, sp.dense_shape)
    y = tf.reduce_sum(tf.sparse.sparse_dense_matmul(s, b) ** 2)
    z = tf.reduce_sum(tf.sparse.sparse_dense_matmul(tf.ones([4, 2]), s, adjoint_a=True,
                                                    adjoint_b=True))
gb, gv = t.gradient(y, [b, v])
print(gb)
print(gv)
print(t.gradient(z, v))
""")
_s("sparse_matmul_function", _SP + """
@tf.function
def f(values, b):
    s = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]], values, [3, 4])
    with tf.GradientTape() as t:
        t.watch([values, b])
        y = tf.sparse.sparse_dense_matmul(s, b, adjoint_b=True)
        loss = tf.reduce_sum(y * y)
    gv, gb = t.gradient(loss, [values, b])
    return y, gv, gb
y, gv, gb = f(tf.constant([1., 2., 3., 4., 5.]), tf.ones([2, 4]))
print(y)
print(gv)
print(gb)
""")
_errs("sparse_matmul_errors",
      _SP + "tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2]))",
      _SP + "tf.sparse.sparse_dense_matmul(sp, tf.ones([4, 2], tf.float64))",
      _SP + "tf.sparse.sparse_dense_matmul(sp, tf.ones([4]))",
      "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0]], tf.constant([1], "
      "tf.int64), [1, 1]), tf.constant([[1]], tf.int64))",
      "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[5, 0]], [1.], [2, 2]), "
      "tf.ones([2, 2]))",
      "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 7]], [1.], [2, 2]), "
      "tf.ones([2, 2]))")

# ---------------------------------------------------------------------------
# slice, split, fill_empty_rows, reset_shape, eye, to_indicator

_s("sparse_slice_split", _SP + """
print(tf.sparse.slice(sp, [0, 1], [2, 3]))
print(tf.sparse.slice(sp, [1, 2], [5, 5]))
print(tf.sparse.slice(sp, [3, 0], [1, 1]))
for part in tf.sparse.split(sp_input=sp, num_split=3, axis=1):
    print(part)
for part in tf.sparse.split(sp_input=sp, num_split=2, axis=0):
    print(part)
v = tf.constant([1., 2., 3., 4., 5.])
with tf.GradientTape() as t:
    t.watch(v)
    s = tf.sparse.slice(tf.sparse.SparseTensor(sp.indices, v, sp.dense_shape), [0, 1], [3, 3])
    y = tf.reduce_sum(s.values * 2.)
print(t.gradient(y, v))
""")
_errs("sparse_split_errors",
      _SP + "tf.sparse.split(sp_input=sp, num_split=5, axis=0)",
      _SP + "tf.sparse.split(sp_input=sp, num_split=2, axis=2)",
      _SP + "tf.sparse.slice(sp, [0], [1, 1])")
_s("sparse_fill_empty_rows", """
sp = tf.sparse.SparseTensor([[1, 1], [1, 0], [3, 2]], [10, 20, 30], [5, 4])
out, empty = tf.sparse.fill_empty_rows(sp, -1)
print(out)
print(empty)
s3 = tf.sparse.SparseTensor([[0, 1, 1]], ['a'], [2, 2, 2])
out, empty = tf.sparse.fill_empty_rows(s3, 'z')
print(out)
print(empty)
v = tf.constant([1., 2., 3.])
d = tf.constant(7.)
with tf.GradientTape() as t:
    t.watch([v, d])
    o, _ = tf.sparse.fill_empty_rows(tf.sparse.SparseTensor(sp.indices, v, sp.dense_shape), d)
    y = tf.reduce_sum(o.values * tf.range(6, dtype=tf.float32))
print(t.gradient(y, [v, d]))
""")
_s("sparse_reset_shape_eye", _SP + """
print(tf.sparse.reset_shape(sp))
print(tf.sparse.reset_shape(sp, [5, 6]))
print(tf.sparse.reset_shape(tf.sparse.SparseTensor([[0, 1]], [1], [4, 4])).dense_shape)
print(tf.sparse.eye(3))
print(tf.sparse.eye(2, 4, dtype=tf.int32))
print(tf.sparse.to_dense(tf.sparse.eye(3, 2, dtype=tf.float64)))
""")
_errs("sparse_reset_shape_errors",
      _SP + "tf.sparse.reset_shape(sp, [2, 4])",
      _SP + "tf.sparse.reset_shape(sp, [2, 4, 1])")
_s("sparse_to_indicator", """
sp = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 0], [2, 1]], [0, 3, 1, 2, 2],
                            [3, 2])
print(tf.sparse.to_indicator(sp, 4))
sp64 = tf.sparse.SparseTensor([[0, 0, 0], [1, 1, 0]], tf.constant([1, 0], tf.int64),
                              [2, 2, 1])
print(tf.sparse.to_indicator(sp64, 2))
""")

# ---------------------------------------------------------------------------
# softmax, mask, segment ops

_s("sparse_softmax", """
sp = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 0], [2, 1], [2, 3]],
                            [1., 2., 3., -1., 0., 1.], [3, 4])
print(tf.sparse.softmax(sp))
s3 = tf.sparse.SparseTensor([[0, 0, 0], [0, 0, 1], [1, 1, 0]], tf.constant([1., 1., 5.],
                            tf.float64), [2, 2, 2])
print(tf.sparse.softmax(s3))
v = tf.constant([1., 2., 3., -1., 0., 1.])
with tf.GradientTape() as t:
    t.watch(v)
    y = tf.sparse.softmax(tf.sparse.SparseTensor(sp.indices, v, sp.dense_shape))
    loss = tf.reduce_sum(y.values * tf.range(6, dtype=tf.float32))
print(t.gradient(loss, v))
""")
_s("sparse_mask", """
a = tf.IndexedSlices(tf.constant([[1., 2.], [3., 4.], [5., 6.]]), tf.constant([4, 9, 2]),
                     tf.constant([10, 2]))
m = tf.sparse.mask(a, [9, 7])
print(type(m).__name__)
print(m.values)
print(m.indices)
print(m.dense_shape)
""")
_s("sparse_segment_ops", """
d = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
print(tf.sparse.segment_sum(d, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_mean(d, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_sqrt_n(d, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_sum(d, [0, 1], [0, 1], num_segments=4))
print(tf.sparse.segment_mean(d, tf.constant([2, 2], tf.int64), [1, 1], num_segments=3))
print(tf.sparse.segment_sum(tf.constant([1, 2, 3]), [0, 1, 2], [0, 1, 1]))
with tf.GradientTape() as t:
    t.watch(d)
    y = tf.reduce_sum(tf.sparse.segment_sqrt_n(d, [0, 2, 2], [0, 0, 1]) * [[1., 2.], [3., 4.]])
print(t.gradient(y, d))
@tf.function
def f(x):
    return tf.sparse.segment_mean(x, [0, 1, 2], [0, 1, 1])
print(f(d))
""")
_errs("sparse_segment_errors",
      "tf.sparse.segment_sum(tf.ones([3, 2]), [0, 5], [0, 1])",
      "tf.sparse.segment_sum(tf.ones([3, 2]), [0, 1], [1, 0])",
      "tf.sparse.segment_sum(tf.ones([3, 2]), [0, 1, 2], [0, 0])",
      "tf.sparse.segment_mean(tf.constant([1, 2]), [0], [0])",
      "tf.sparse.segment_sum(tf.ones([3, 2]), [0, 1], [0, 3], num_segments=2)",
      "tf.sparse.segment_mean(tf.constant([1, 2]), [0], [0], num_segments=2)")

# ---------------------------------------------------------------------------
# tf.sets

_s("sets_dense_sparse", """
a = tf.constant([[1, 2, 2, 0], [3, 4, 5, 6], [7, 7, 7, 7]])
b = tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [2, 7, 9], [3, 2])
print(tf.sets.union(a, b))
print(tf.sets.intersection(a, b))
print(tf.sets.difference(a, b))
print(tf.sets.difference(b, a))
print(tf.sets.difference(a, b, aminusb=False))
print(tf.sets.size(b))
print(tf.sets.size(tf.sparse.from_dense(a)))
c = tf.constant([[2, 9], [4, 4], [1, 1]])
print(tf.sets.union(a, c))
print(tf.sets.intersection(a, c))
print(tf.sets.difference(c, a))
""")
_s("sets_sparse_sparse_strings", """
a = tf.sparse.SparseTensor([[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0]],
                           tf.constant([5, 1, 3, 3], tf.int64), [2, 2, 2])
b = tf.sparse.SparseTensor([[0, 0, 0], [1, 1, 0], [1, 1, 1]],
                           tf.constant([1, 4, 3], tf.int64), [2, 2, 2])
print(tf.sets.union(a, b))
print(tf.sets.intersection(a, b))
print(tf.sets.difference(a, b))
print(tf.sets.size(a))
s = tf.constant([["a", "b", "c"], ["b", "b", "d"]])
t = tf.constant([["c", "a"], ["e", "d"]])
print(tf.sets.intersection(s, t))
print(tf.sets.union(s, t))
print(tf.sets.difference(s, t))
print(tf.sets.intersection(tf.constant([[1, 2]], tf.uint8), tf.constant([[3, 4]], tf.uint8)))
""")
_errs("sets_errors",
      "tf.sets.union(tf.constant([[1., 2.]]), tf.constant([[1.]]))",
      "tf.sets.union(tf.constant([[1, 2]]), tf.constant([[1], [2]]))",
      "tf.sets.union(tf.constant([[1, 2]]), tf.constant([[1]], tf.int64))",
      "tf.sets.size(tf.constant([[1, 2]]))",
      "tf.sets.union(tf.constant([1, 2]), tf.constant([2, 3]))",
      "tf.sets.size(tf.sparse.SparseTensor([[0, 1], [0, 0]], [2, 7], [3, 2]))",
      "tf.sets.intersection(tf.sparse.SparseTensor([[0, 1], [0, 0]], [2, 7], [3, 2]), "
      "tf.sparse.SparseTensor([[0, 0]], [2], [3, 2]))",
      "tf.sets.size(tf.sparse.SparseTensor([[0, 5]], [2], [3, 2]))",
      "tf.sets.union(tf.sparse.SparseTensor([[0, 0]], [2], [3, 2]), "
      "tf.sparse.SparseTensor([[0, 0]], [2], [4, 2]))",
      "print(tf.sets.size(tf.sparse.SparseTensor([[0, 1], [0, 0]], [2, 7], [3, 2]), "
      "validate_indices=False))")
_s("sets_edge_cases", """
empty = tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [3, 2])
print(tf.sets.union(empty, tf.sparse.SparseTensor([[1, 0]], [2], [3, 5])))
print(tf.sets.difference(tf.constant([["a", "b"]]), tf.sparse.SparseTensor([[0, 0]], ["b"],
                         [1, 1]), aminusb=False))
print(tf.sets.size(empty))
""")

# ---------------------------------------------------------------------------
# embedding lookups

_EMB = """
params = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32), [4, 3]))
ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 0], [2, 1]],
                             tf.constant([1, 3, 0, 1, 1], tf.int64), [3, 2])
w = tf.sparse.SparseTensor(ids.indices, [2., 0.5, 1., 3., 1.], ids.dense_shape)
"""
_s("embedding_lookup_sparse_values", _EMB + """
for combiner in ["sum", "mean", "sqrtn"]:
    print(combiner)
    print(tf.nn.embedding_lookup_sparse(params, ids, None, combiner=combiner))
    print(tf.nn.embedding_lookup_sparse(params, ids, w, combiner=combiner))
print(tf.nn.embedding_lookup_sparse(params, ids, None))
print(tf.nn.embedding_lookup_sparse(params, ids, w, max_norm=5.))
gap = tf.sparse.SparseTensor([[0, 0], [2, 0]], tf.constant([1, 2], tf.int64), [4, 1])
print(tf.nn.embedding_lookup_sparse(params, gap, None, combiner="sum"))
""")
_s("embedding_lookup_sparse_gradients", _EMB + """
for weights in (None, w):
    with tf.GradientTape() as t:
        y = tf.nn.embedding_lookup_sparse(params, ids, weights, combiner="mean")
        loss = tf.reduce_sum(y * tf.constant([[1.], [2.], [3.]]))
    g = t.gradient(loss, params)
    print(tf.convert_to_tensor(g))
@tf.function
def f():
    with tf.GradientTape() as t:
        y = tf.nn.embedding_lookup_sparse(params, ids, w, combiner="sqrtn")
    return y, tf.convert_to_tensor(t.gradient(y, params))
print(f())
""")
_s("safe_embedding_lookup_sparse", _EMB + """
bad = tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0], [3, 1]],
                             tf.constant([1, -1, 2, 0], tf.int64), [4, 2])
bw = tf.sparse.SparseTensor(bad.indices, [1., 5., -2., 2.], bad.dense_shape)
print(tf.nn.safe_embedding_lookup_sparse(params, bad))
print(tf.nn.safe_embedding_lookup_sparse(params, bad, bw))
print(tf.nn.safe_embedding_lookup_sparse(params, bad, bw, combiner="sum"))
print(tf.nn.safe_embedding_lookup_sparse(params, bad, default_id=3))
r3 = tf.sparse.SparseTensor([[0, 0, 0], [1, 1, 1]], tf.constant([2, 3], tf.int64), [2, 2, 2])
print(tf.nn.safe_embedding_lookup_sparse(params, r3, combiner="sqrtn"))
with tf.GradientTape() as t:
    y = tf.nn.safe_embedding_lookup_sparse(params, bad, bw)
print(tf.convert_to_tensor(t.gradient(y, params)))
""")
_errs("embedding_lookup_sparse_errors",
      _EMB + "tf.nn.embedding_lookup_sparse(params, ids, None, combiner='max')",
      _EMB + "tf.nn.embedding_lookup_sparse(params, tf.constant([1]), None)",
      _EMB + "tf.nn.embedding_lookup_sparse(params, ids, tf.constant([1.]))",
      "tf.nn.safe_embedding_lookup_sparse(None, None)")

_s("sparse_ops_in_function", _SP + """
@tf.function
def f(values):
    s = tf.sparse.SparseTensor(sp.indices, values, sp.dense_shape)
    sl = tf.sparse.slice(s, [0, 1], [3, 3])
    filled, empty = tf.sparse.fill_empty_rows(tf.sparse.slice(s, [0, 1], [4, 2]), -1.)
    soft = tf.sparse.softmax(s)
    return sl.values, filled.indices, filled.values, empty, soft.values
for t in f(tf.constant([1., 2., 3., 4., 5.])):
    print(t)
@tf.function
def g(x):
    return tf.sparse.sparse_dense_matmul(x, tf.ones([4, 1]))
print(g(sp))
@tf.function
def h():
    a = tf.constant([[1, 2, 3], [4, 5, 6]])
    b = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 1, 4], [2, 2])
    return tf.sets.intersection(a, tf.constant([[3, 1], [7, 7]])).values, tf.sets.size(b)
print(h())
""")
_errs("sparse_misc_errors",
      _SP + "tf.sparse.to_indicator(sp, 3)",
      _SP + "print(tf.sparse.to_indicator(sp, 6))",
      "tf.sparse.softmax(tf.sparse.SparseTensor([[0]], [1.], [2]))",
      "tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0]], [1], [2, 2]))",
      "tf.sparse.eye(2, dtype=tf.string)",
      "tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[0, 0]], [1], [2, 2]), 1.5)",
      "tf.sparse.slice(tf.sparse.SparseTensor([[0, 0]], [1], [2, 2]), [-1, 0], [1, 1])")

_s("sparse_tensor_spec", """
s = tf.SparseTensorSpec([None, 3], tf.int32)
print(repr(s), s.shape, s.dtype, s.value_type.__name__)
print(tf.SparseTensorSpec())
sp = tf.sparse.SparseTensor([[0, 0]], [1.], [2, 3])
print(tf.SparseTensorSpec.from_value(sp))
print(s.is_compatible_with(tf.SparseTensorSpec([2, 3], tf.int32)), s.is_compatible_with(sp))
print(s.is_compatible_with(tf.SparseTensorSpec([2, 3], tf.int64)))
print(s == tf.SparseTensorSpec([None, 3], tf.int32), s != tf.SparseTensorSpec([None, 4], tf.int32))
print(hash(s) == hash(tf.SparseTensorSpec([None, 3], tf.int32)))
print(isinstance(s, tf.TypeSpec), type(s).__module__)
""")
_s("sparse_segment_sparse_gradient", """
d = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
with tf.GradientTape() as t:
    t.watch(d)
    y = tf.sparse.segment_sum(d, [0, 2, 2], [0, 0, 1], sparse_gradient=True)
g = t.gradient(y, d)
print(type(g).__name__)
print(tf.convert_to_tensor(g))
""")


_s("sparse_segment_reductions_add_in_tfs_order", """
# TF's CPU SparseSegment kernels add each segment's rows in a first group of num % 8
# (8 or 9), scaled for mean/sqrt_n below 10 rows, then groups of 8; from 10 rows they
# divide. Segments of 1, 2, 9, 10, 17 and 40 rows, float32/float64/float16, gradients.
rs = np.random.RandomState(1)
data = rs.uniform(-3, 3, (50, 4))
ids = np.repeat(np.arange(6), [1, 2, 9, 10, 17, 40][:6])[:50]
idx = rs.randint(0, 50, ids.size)
for dt in (tf.float32, tf.float64, tf.float16):
    d = tf.constant(data, dt)
    for f in (tf.sparse.segment_sum, tf.sparse.segment_mean, tf.sparse.segment_sqrt_n):
        r = f(d, idx, ids)
        print(dt.name, f.__name__, r.numpy()[:, 0].tolist())
        print(f(d, idx[:10], ids[:10], num_segments=5).numpy()[:, 1].tolist())
ds = tf.constant(data[:20], tf.float32)
for f in (tf.sparse.segment_sum, tf.sparse.segment_mean, tf.sparse.segment_sqrt_n):
    with tf.GradientTape() as g:
        g.watch(ds)
        y = tf.reduce_sum(f(ds, idx[:30] % 20, ids[:30]) ** 2)
    print(f.__name__, g.gradient(y, ds).numpy()[:3, 0].tolist())
    fn = tf.function(lambda a, f=f: f(a, idx[:30] % 20, ids[:30]), autograph=False)
    print(fn(ds).numpy()[:, 2].tolist())
print(tf.sparse.segment_sum(tf.constant([[1, 2], [3, 4]]), [0, 1, 1], [0, 0, 1]).numpy().tolist())
print(tf.sparse.segment_sum(tf.constant([[-0.0], [-0.0]]), [0, 1], [0, 0]).numpy().tolist(),
      tf.sparse.segment_mean(tf.zeros([3, 2]), tf.constant([], tf.int32), tf.constant([], tf.int32),
                             num_segments=2).numpy().tolist())
emb = tf.constant(data[:7], tf.float32)
sp = tf.sparse.from_dense(tf.constant(rs.randint(1, 7, (8, 5)), tf.int64))
for c in ("sum", "mean", "sqrtn"):
    print(c, tf.nn.embedding_lookup_sparse(emb, sp, None, combiner=c).numpy()[:, 0].tolist())
""")
