"""Golden snippets: tf.IndexedSlices gradients (tf_semantics.md A.14): gathers and
embedding lookups of Variables and tensors, aggregation, conversion to dense, operators
and ops on IndexedSlices, optimizer-style updates."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# IndexedSlices (A.14)

_s("indexed_slices_gather_variable", """
v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0, 2, 0]))
gr = g.gradient(y, v)
print(type(gr).__name__, isinstance(gr, tf.IndexedSlices))
print(gr)
print(repr(gr.indices))
print(repr(gr.values))
print(repr(gr.dense_shape))
print(gr.shape, gr.dtype)
""")
_s("indexed_slices_convert_to_tensor_sums_duplicates", """
v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0, 2, 0]) * tf.constant([[1.0], [2.0], [3.0]]))
gr = g.gradient(y, v)
print(repr(gr.values))
d = tf.convert_to_tensor(gr)
print(type(d).__name__, repr(d))
print(repr(np.asarray(tf.convert_to_tensor(gr))))
""")
_s("indexed_slices_gather_watched_constant", """
x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(tf.gather(x, [1]) ** 2)
gr = g.gradient(y, x)
print(type(gr).__name__)
print(repr(gr.indices), repr(gr.values))
print(repr(gr.dense_shape))
print(repr(tf.convert_to_tensor(gr)))
""")
_s("indexed_slices_embedding_lookup", """
emb = tf.Variable(np.arange(15, dtype=np.float32).reshape(5, 3))
with tf.GradientTape() as g:
    e = tf.nn.embedding_lookup(emb, [[0, 1], [1, 4]])
    y = tf.reduce_sum(e * 2.0)
print(e.shape)
gr = g.gradient(y, emb)
print(type(gr).__name__)
print(gr)
print(repr(tf.convert_to_tensor(gr)))
""")
_s("indexed_slices_scalar_index_gather", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, 1) * tf.constant([3.0, 5.0]))
gr = g.gradient(y, v)
print(type(gr).__name__)
print(repr(gr.indices), repr(gr.values), repr(gr.dense_shape))
""")
_s("indexed_slices_two_gathers_aggregated", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [1])) + tf.reduce_sum(tf.gather(v, [0, 1]) * 2.0)
gr = g.gradient(y, v)
print(type(gr).__name__)
print(gr)
print(repr(tf.convert_to_tensor(gr)))
""")
_s("indexed_slices_gather_plus_dense_use", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [1])) + tf.reduce_sum(v * 3.0)
gr = g.gradient(y, v)
print(type(gr).__name__)
print(repr(gr))
""")
_s("indexed_slices_dense_cases", """
v = tf.Variable([[1., 2., 3.], [4., 5., 6.]])
with tf.GradientTape(persistent=True) as g:
    a = tf.reduce_sum(tf.gather(v, [2, 0], axis=1))
    b = tf.reduce_sum(v[1:])
    c = tf.reduce_sum(v[1])
    d = tf.reduce_sum(tf.gather(v, [0]) ** 2)
for y in [a, b, c]:
    gr = g.gradient(y, v)
    print(type(gr).__name__, repr(gr))
print(type(g.gradient(d, v)).__name__)
""")
_s("indexed_slices_gather_intermediate_is_dense", """
x = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
with tf.GradientTape() as g:
    g.watch(x)
    h = x * 2.0
    y = tf.reduce_sum(tf.gather(h, [2, 2]))
gr = g.gradient(y, x)
print(type(gr).__name__, repr(gr))
""")
_errs("indexed_slices_operator_errors", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0]))
gr = g.gradient(y, v)
gr.numpy()
""", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0]))
gr = g.gradient(y, v)
0.1 * gr
""", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0]))
gr = g.gradient(y, v)
gr * 0.1
""")
_s("indexed_slices_ops", """
v = tf.Variable([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [1, 1]) * 2.0)
gr = g.gradient(y, v)
n = -gr
print(type(n).__name__)
print(repr(n.values), repr(n.indices))
m = tf.multiply(gr, 0.1)
print(type(m).__name__, repr(m))
s = gr + tf.ones([2, 2])
print(type(s).__name__, repr(s))
print(repr(tf.norm(gr)))
print(repr(tf.math.add_n([tf.convert_to_tensor(gr), tf.ones([2, 2])])))
""")
_s("indexed_slices_assign_sub", """
v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [2, 0, 2]))
gr = g.gradient(y, v)
v.assign_sub(gr)
print(repr(v.numpy()))
v.assign_add(gr)
print(repr(v.numpy()))
""")
_s("indexed_slices_sgd_step", """
emb = tf.Variable([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]])
ids = tf.constant([3, 0, 3])
for step in range(3):
    with tf.GradientTape() as g:
        loss = tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) ** 2)
    gr = g.gradient(loss, emb)
    emb.assign_sub(tf.multiply(gr, 0.1))
    print(step, repr(loss))
print(repr(emb.numpy()))
""")
_s("indexed_slices_constructor", """
s = tf.IndexedSlices(values=tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                     indices=tf.constant([0, 2]), dense_shape=tf.constant([3, 2]))
print(s)
print(s.shape, s.dtype)
print(repr(tf.convert_to_tensor(s)))
""")
_s("indexed_slices_list_of_sources", """
v = tf.Variable([[1., 2.], [3., 4.]])
w = tf.Variable([1.0, 1.0])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.gather(v, [0]) * w)
gv, gw = g.gradient(y, [v, w])
print(type(gv).__name__, type(gw).__name__)
print(repr(gw))
print(repr(tf.convert_to_tensor(gv)))
""")
_s("indexed_slices_mixed_index_dtypes", """
# Gathers with int32 and int64 indices: TF casts the int32 indices to int64 (its
# _as_indexed_slices_list); the same dtype stays as it is.
v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
for first, second in [(tf.int32, tf.int64), (tf.int64, tf.int32), (tf.int32, tf.int32)]:
    with tf.GradientTape() as g:
        y = (tf.reduce_sum(tf.gather(v, tf.constant([0, 2], first))) +
             tf.reduce_sum(tf.gather(v, tf.constant([1], second)) * 2.))
    gr = g.gradient(y, v)
    print(type(gr).__name__, repr(gr.indices), repr(gr.values), repr(gr.dense_shape))
    print(repr(tf.convert_to_tensor(gr)))
sp = tf.SparseTensor([[0, 0], [1, 0]], tf.constant([1, 2], tf.int64), [2, 2])
with tf.GradientTape() as g:
    y = (tf.reduce_sum(tf.gather(v, [0, 1])) +
         tf.reduce_sum(tf.nn.embedding_lookup_sparse(v, sp, None)))
gr = g.gradient(y, v)
print(type(gr).__name__, repr(gr.indices), repr(gr.values))
""")
_s("indexed_slices_in_function", """
# Inside tf.function the gradient of a gathered Variable is an IndexedSlices too, also
# through tf.identity and float casts; a tf.cond passes one on; a Variable used other
# than gathered gets a dense gradient.
v = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3))
ids = tf.constant([0, 2, 0])

@tf.function
def grads(p):
    with tf.GradientTape(persistent=True) as g:
        a = tf.reduce_sum(tf.gather(v, ids) ** 2)
        b = tf.reduce_sum(tf.cast(tf.gather(tf.cast(tf.identity(v), tf.float16), ids),
                                  tf.float32) * 3.)
        c = tf.reduce_sum(tf.gather(v, ids)) + tf.reduce_sum(v)
    ga, gb, gc = g.gradient(a, v), g.gradient(b, v), g.gradient(c, v)
    print(type(ga).__name__, type(gb).__name__, isinstance(gc, tf.IndexedSlices),
          gb.values.dtype)
    half = tf.cond(p, lambda: tf.IndexedSlices(ga.values / 2., ga.indices, ga.dense_shape),
                   lambda: ga)
    print(type(half).__name__, half.values.shape)
    return ga.values, ga.indices, gb.values, gb.indices, gc, half.values, half.indices

for p in (True, False):
    for t in grads(tf.constant(p)):
        print(repr(t))
""")

_s("cond_of_indexed_slices_and_tensor", """
v = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32), (4, 3)))

def grad():
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(v, [0, 2]) ** 2)
    return t.gradient(y, v)

def pick(p):
    g = grad()
    return tf.cond(p, lambda: g, lambda: tf.ones((4, 3)))

print(type(pick(tf.constant(True))).__name__, type(pick(tf.constant(False))).__name__)

@tf.function
def traced(p):
    try:
        pick(p)
    except TypeError as e:
        print(type(e).__name__, str(e).splitlines()[0])
    g = grad()
    try:
        tf.switch_case(tf.cast(p, tf.int32), [lambda: tf.zeros((4, 3)), lambda: g])
    except TypeError as e:
        print(type(e).__name__, str(e).splitlines()[0])
    return tf.constant(0)

traced(tf.constant(True))
""")
