"""Golden snippets: TF behaviour that Keras 3.15.1's own ops/ and backend/ tests reach on its
TensorFlow backend and tfcompat got wrong: tf.cond and tf.switch_case inside a tf.function
on a predicate or index known while tracing (a constant grappler folds) whose other branch
fails to build or returns other shapes where tfcompat's shapes are static and TF's graph
has unknown dimensions (keras.ops.associative_scan's interleave under an input_signature
with None dimensions)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_INTERLEAVE = """
@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])])
def interleave(a, b):
    na, nb = tf.shape(a)[0], tf.shape(b)[0]

    def drop_last():
        print("traced drop_last")
        head = tf.concat([tf.expand_dims(a[:na - 1], 1), tf.expand_dims(b, 1)], 1)
        return tf.concat([tf.reshape(head, [-1, 2]), a[na - 1:]], 0)

    def pairs():
        print("traced pairs")
        return tf.reshape(tf.concat([tf.expand_dims(a, 1), tf.expand_dims(b, 1)], 1), [-1, 2])
    return tf.cond(tf.equal(na, nb + 1), drop_last, pairs)
"""

_s("cond_constant_pred_other_branch_fails", _INTERLEAVE + """
for n_a, n_b in ((2, 2), (3, 2), (1, 1), (4, 3)):
    a = tf.reshape(tf.range(n_a * 2, dtype=tf.float32), [n_a, 2])
    b = -tf.reshape(tf.range(n_b * 2, dtype=tf.float32), [n_b, 2])
    r = interleave(a, b)
    print(n_a, n_b, r.numpy().tolist(), r.dtype.name, r.shape)
""")

_s("cond_constant_pred_shapes_differ", """
@tf.function(input_signature=[tf.TensorSpec([None, 4])])
def f(x):
    n = tf.shape(x)[0]
    return tf.cond(tf.equal(n, 3), lambda: tf.concat([x[:1], x[1:2]], 1), lambda: x * 2.0)
for rows in (2, 3):
    r = f(tf.reshape(tf.range(rows * 4, dtype=tf.float32), [rows, 4]))
    print(rows, r.numpy().tolist(), r.dtype.name, r.shape)
""")

_s("cond_constant_pred_gradient", """
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float64)])
def grad(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        n = tf.shape(x)[0]
        y = tf.cond(tf.equal(n, 1),
                    lambda: tf.concat([x, x[:0]], 1) * 5.0,
                    lambda: tf.reduce_sum(x * x, axis=0, keepdims=True))
        loss = tf.reduce_sum(y * tf.constant([1.0, 2.0, 3.0], tf.float64))
    return y, tape.gradient(loss, x)
y, g = grad(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], tf.float64))
print(y.numpy().tolist(), y.dtype.name, g.numpy().tolist(), g.dtype.name)
""")

_s("switch_case_constant_index_other_branch_fails", """
@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def pick(x):
    n = tf.shape(x)[0]
    return tf.switch_case(n - 2, [
        lambda: x[:n - 1] + x[1:],
        lambda: x + tf.constant([10, 20, 30]),
        lambda: tf.concat([tf.expand_dims(x, 1), tf.expand_dims(x[:2], 1)], 1)[:, 0]])
for size in (2, 3):
    r = pick(tf.range(1, size + 1))
    print(size, r.numpy().tolist(), r.dtype.name)
""")

# tf.gather of ragged indices along an axis other than 0 (keras.ops.take with ragged
# indices, axis=1 or -1): TF's _axis_gather.
_s("gather_ragged_indices_axes", """
x = tf.reshape(tf.range(24.0), [2, 3, 4])
i = tf.ragged.constant([[2], [0, 2, 1]])
for axis in (1, 2, -1, -2):
    r = tf.gather(x, i, axis=axis)
    print(axis, r.shape, r.ragged_rank, r.row_splits.dtype.name, r.dtype.name)
    print(r.to_list())
print(tf.gather(tf.cast(x, tf.int8), i, axis=-1).to_list()[1][2])
""")

_s("gather_ragged_indices_ragged_params", """
rp = tf.ragged.constant([[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0]]], ragged_rank=1)
print(tf.gather(rp, tf.ragged.constant([[0], [0, 0]]), axis=1))
print(tf.gather(rp, tf.ragged.constant([[1], [0, 0]]), axis=2))
""")

_s("gather_ragged_indices_in_function", """
@tf.function
def f(x, axis):
    r = tf.gather(x, tf.ragged.constant([[2], [0, 2, 1]]), axis=axis)
    return r.flat_values, r.nested_row_splits
x = tf.reshape(tf.range(24, dtype=tf.int32), [2, 3, 4])
for axis in (1, -1):
    values, splits = f(x, axis)
    print(values.numpy().tolist(), values.dtype.name, [s.numpy().tolist() for s in splits])
""")

_s("gather_ragged_indices_errors", """
x = tf.reshape(tf.range(24.0), [2, 3, 4])
i = tf.ragged.constant([[2], [0, 2, 1]])
for axis in (3, -4):
    try:
        tf.gather(x, i, axis=axis)
    except Exception as e:
        print(type(e).__name__ + ":", e)
""")

_s("gather_ragged_indices_gradient", """
x = tf.reshape(tf.range(24.0), [2, 3, 4])
with tf.GradientTape() as tape:
    tape.watch(x)
    r = tf.gather(x, tf.ragged.constant([[2], [0, 2, 1]]), axis=1)
    loss = tf.reduce_sum(r.flat_values * r.flat_values)
g = tape.gradient(loss, x)
print(type(g).__name__, tf.convert_to_tensor(g).numpy().tolist())
""")

# tf.sparse.bincount(axis=-1) of a 1-D SparseTensor counts all its values (a 1-D result),
# as TF's SparseCountSparseOutput kernel (keras.ops.bincount of a sparse input).
_s("sparse_bincount_1d_sparse_axis_minus1", """
import numpy as np
ind = np.array([[1], [3], [5], [7], [9], [11], [13], [15]])
x = tf.SparseTensor(ind, np.array([1, 1, 2, 3, 2, 4, 4, 6]), (16,))
w = tf.SparseTensor(ind, np.array([0, 0, 3, 2, 1, 1, 4, 2]), (16,))
for args in (dict(weights=w, minlength=3), dict(minlength=9), dict(binary_output=True),
             dict(maxlength=4)):
    o = tf.sparse.bincount(x, axis=-1, **args)
    print(o.indices.numpy().tolist(), o.values.numpy().tolist(), o.values.dtype.name,
          o.dense_shape.numpy().tolist(), o.shape)
empty = tf.SparseTensor(np.zeros([0, 1], np.int64), tf.constant([], tf.int64), (4,))
o = tf.sparse.bincount(empty, axis=-1, minlength=2)
print(o.indices.shape, o.dense_shape.numpy().tolist())
x2 = tf.sparse.expand_dims(x, 0)
o = tf.sparse.bincount(x2, weights=tf.sparse.expand_dims(w, 0), minlength=3, axis=-1)
print(o.indices.numpy().tolist(), o.values.numpy().tolist(), o.dense_shape.numpy().tolist())
x3 = tf.SparseTensor([[0, 0, 1], [1, 0, 2]], [1, 2], (2, 2, 3))
o = tf.sparse.bincount(x3, axis=-1)
print(o.indices.numpy().tolist(), o.dense_shape.numpy().tolist())
""")
