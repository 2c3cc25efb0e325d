"""Golden snippets: TF's broadcasting of RaggedTensors with RaggedTensors and dense
tensors in binary elementwise ops and tf.where (issue 17): every layer combination (uniform/ragged,
size 1), results' shapes, ragged_rank and row_splits dtypes, TF's errors (its asserts,
its quirks with int32 row_splits and same-length uniform dimensions), eagerly, inside
tf.function and with gradients to both operands."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

_RT = """
rt = tf.ragged.constant([[1., 2., 3.], [], [4., 5.]])
rt3 = tf.ragged.constant([[[1., 2.], [3., 4.]], [], [[5., 6.]]], ragged_rank=1)
rtu = tf.ragged.constant([[[1.], [2., 3.]], [], [[5., 6.]]])
r33 = tf.ragged.constant([[1., 2., 3.], [4., 5., 6.]])
r1 = tf.ragged.constant([[10., 20.]])
r32 = tf.ragged.constant([[1., 2.], [3.]], row_splits_dtype=tf.int32)
r32_3 = tf.ragged.constant([[[1., 2.]], [[3.]]], row_splits_dtype=tf.int32)
def show(x):
    print(x, x.shape, x.ragged_rank, x.row_splits.dtype.name, x.flat_values.shape,
          [s.numpy().tolist() for s in x.nested_row_splits])
"""

_s("ragged_broadcast_dense", _RT + """
show(rt + tf.constant([[1.], [2.], [3.]]))
show(rt + tf.constant([1.]))
show(rt + tf.constant([[[1.]]]))
show(rt3 + tf.constant([10., 20.]))
show(rt3 + tf.constant([[10.], [20.], [30.]])[:, :, None])
show(rt3 + tf.ones([3, 1, 2]))
show(rt3 + tf.ones([1, 2]))
show(rt3 + tf.ones([2, 3, 1, 1]))
show(rtu + tf.constant([[1.], [2.], [3.]])[:, :, None])
show(rtu + tf.ones([3, 1, 1]))
show(r33 + tf.ones([2, 3]))
show(r1 + tf.ones([4, 1]))
show(r1 + tf.ones([4, 2]))
show(tf.ones([2, 1, 1]) * rt)
show(rt + tf.ones([2, 3, 1]))
show(tf.constant([[1.], [2.], [3.]]) * rt)
show(tf.maximum(rt, tf.constant([[2.], [0.], [4.5]])))
show(tf.math.squared_difference(rt3, tf.ones([3, 1, 2])))
show(tf.cast(rt, tf.int32) // tf.constant([[2], [1], [3]]))
show(rt > tf.constant([[1.5], [0.], [4.5]]))
show(r32 + tf.ones([2, 1]))
show(r32 + tf.ones([1]))
show(r32_3 + tf.ones([1]))
""")

_s("ragged_broadcast_ragged", _RT + """
show(tf.ragged.constant([[[1., 2.]], [[3.], [4., 5.]]])
     + tf.ragged.constant([[[1.]], [[2.], [3.]]], ragged_rank=1))
show(rt + tf.ragged.constant([[1., 1., 1.], [], [2., 2.]]))
show(r1 * tf.ragged.constant([[1., 2.], [3., 4.], [5., 6.]]))
show(tf.ragged.constant([[[1., 2.], [3.]]]) + tf.ragged.constant([[[1., 2.], [3.]], [[4., 5.], [6.]]]))
show(r32 + tf.ragged.constant([[1., 1.], [2.]], row_splits_dtype=tf.int32))
""")

_s("ragged_broadcast_in_function", _RT + """
@tf.function
def f(x, y):
    return x * y + 1.
show(f(rt, tf.constant([[1.], [2.], [3.]])))
show(f(rt3, tf.ones([1, 2])))
show(f(r1, tf.ragged.constant([[1., 2.], [3., 4.], [5., 6.]])))
show(f(rt, tf.constant([[[2.]]])))
""")

_s("ragged_broadcast_gradients", _RT + """
d = tf.Variable([[1.], [2.], [3.]])
e = tf.Variable([[1., 2.]])
x = tf.Variable([1., 2., 3., 4., 5.])
def loss():
    r = tf.RaggedTensor.from_row_splits(x, rt.row_splits)
    return tf.reduce_sum((r * d + e[:, :1] * tf.ones([2, 1, 1])) ** 2)
with tf.GradientTape() as tape:
    l = loss()
print(l.numpy(), [(type(g).__name__, tf.convert_to_tensor(g).numpy().tolist()) for g in tape.gradient(l, [d, e, x])])
@tf.function
def step():
    with tf.GradientTape() as tape:
        l = loss()
    return l, tape.gradient(l, [d, e, x])
l, gs = step()
print(l.numpy(), [tf.convert_to_tensor(g).numpy().tolist() for g in gs])   # (tfcompat: dense)
""")

_errs("ragged_broadcast_errors",
      _RT + "rt + tf.constant([1., 2.])",
      _RT + "rt + tf.constant([1., 2., 3.])",
      _RT + "rt + tf.ragged.constant([[1.], [], [2.]])",
      _RT + "rt + tf.ragged.constant([[1.], [2.], [3.]])",
      _RT + "rt + tf.ragged.constant([[1., 2., 3.]])",
      _RT + "rtu + tf.ragged.constant([[[1.]], [], [[2.]]], ragged_rank=1)",
      _RT + "r1 + tf.ragged.constant([[[1.], [2.]]])",
      _RT + "rt3 + tf.ones([3, 1, 3])",
      _RT + "rtu * tf.ones([1, 2, 1])",
      _RT + "r33 + tf.ones([3])",
      _RT + "rt + tf.ones([4, 1])",
      _RT + "r32 + tf.ones([2])",
      _RT + "r32_3 + tf.ones([2, 1])",
      _RT + "r32 + tf.ones([1, 1, 1])",
      _RT + "r32_3 + r32",
      _RT + "r32 + rt",
      _RT + "tf.constant(rt)",
      _RT + "tf.math.argmax(rt, axis=1)",
      _RT + "tf.constant([rt])")

_s("ragged_broadcast_where", _RT + """
rb = rt > 2.
show(tf.where(rb, rt, tf.constant([[10.], [20.], [30.]])))
show(tf.where(rb, rt, tf.constant([10.])))
show(tf.where(tf.constant([[True], [False], [True]]), rt, 0.))
show(tf.where(rb, tf.constant([[1.], [2.], [3.]]), tf.constant([-1.])))
show(tf.where(rt3 > 2., rt3, tf.constant([0., 100.])))
show(tf.where(rb, rt, rt * 10.))
show(tf.where(rb, 1., 0.))
y = tf.Variable([[10.], [20.], [30.]])
x = tf.Variable([1., 2., 3., 4., 5.])
def loss():
    r = tf.RaggedTensor.from_row_splits(x, rt.row_splits)
    return tf.reduce_sum(tf.where(rb, r * r, y) * tf.constant([[1.], [2.], [3.]]))
with tf.GradientTape() as tape:
    l = loss()
print(l.numpy(), [tf.convert_to_tensor(g).numpy().tolist() for g in tape.gradient(l, [x, y])])
@tf.function
def f(c, a, b):
    return tf.where(c, a, b)
show(f(rb, rt, tf.constant([[10.], [20.], [30.]])))
""")
