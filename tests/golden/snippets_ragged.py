"""Golden snippets: tf.RaggedTensor (issue 17): tf.ragged.constant and the from_*
factories with their validation errors, properties, printed forms and RaggedTensorSpec,
to_tensor/from_tensor/to_list/numpy, merge_dims, elementwise operators, indexing,
tf.ragged.range/map_flat_values/segment ids, gradients through the flat values, and
ragged tensors built and used inside tf.function."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# constant, printed forms, properties

_s("ragged_constant_printed", """
rt = tf.ragged.constant([[1, 2], [3], []])
print(rt)
print(repr(rt))
print(type(rt).__name__, isinstance(rt, tf.RaggedTensor))
print(rt.shape, rt.dtype, rt.ragged_rank, rt.row_splits.dtype)
print(repr(rt.row_splits))
print(repr(rt.values))
print(repr(rt.flat_values))
""")
_s("ragged_constant_nested", """
rt = tf.ragged.constant([[[1.5, 2.], [3.]], [], [[4.]]])
print(rt)
print(rt.shape, rt.ragged_rank, rt.dtype)
print(rt.values)
print(repr(rt.nested_row_splits))
print(repr(rt.flat_values))
print(repr(rt.bounding_shape()))
print(repr(rt.nested_row_lengths()))
""")
_s("ragged_constant_options", """
print(tf.ragged.constant([[1, 2], [3]], dtype=tf.float32))
print(tf.ragged.constant([["a", "b"], ["c"]]))
r = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(r)
print(r.shape, r.ragged_rank)
print(repr(r.values))
r = tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)
print(repr(r.row_splits))
r = tf.ragged.constant([[[1], [2]], [[3]]], inner_shape=(1,))
print(r, r.shape, r.ragged_rank)
print(repr(tf.ragged.constant([1, 2])))
print(repr(tf.ragged.constant(5)))
print(tf.ragged.constant([[], []]))
print(tf.ragged.constant([[], []]).dtype)
""")
_errs("ragged_constant_errors",
      "tf.ragged.constant([[1, [2]], [3]])",
      "tf.ragged.constant([[1, 2], [3]], ragged_rank=3)",
      "tf.ragged.constant([[[1, 2]], [[3]]], ragged_rank=1)",
      "tf.ragged.constant([[1], [2]], ragged_rank=-1)",
      "tf.ragged.constant(tf.ragged.constant([[1]]))",
      "tf.ragged.constant(3, ragged_rank=1)")
_s("ragged_type_spec", """
rt = tf.ragged.constant([[[1.5, 2.], [3.]], [], [[4.]]])
print(rt._type_spec)
print(tf.RaggedTensorSpec([None, None], tf.int32))
s = tf.RaggedTensorSpec([2, None, 3], tf.float32, 1, tf.int32)
print(s, s.shape, s.dtype, s.ragged_rank, s.row_splits_dtype)
print(s == tf.RaggedTensorSpec([2, None, 3], tf.float32, 1, tf.int32))
print(s == tf.RaggedTensorSpec([2, None, 3], tf.float32, 1))
print(tf.RaggedTensorSpec([None, None], tf.int32).is_compatible_with(
    tf.ragged.constant([[1], [2, 3]])))
print(tf.RaggedTensorSpec([None, None], tf.int64).is_compatible_with(
    tf.ragged.constant([[1], [2, 3]])))
print(tf.RaggedTensorSpec.from_value(tf.ragged.constant([[1], [2, 3]])))
print(isinstance(s, tf.TypeSpec))
""")
_s("ragged_partition_accessors", """
rt = tf.ragged.constant([[1, 2, 3], [], [4], [5, 6]])
print(repr(rt.row_lengths()))
print(repr(rt.row_starts()))
print(repr(rt.row_limits()))
print(repr(rt.value_rowids()))
print(repr(rt.nrows()))
print(repr(rt.nrows(out_type=tf.int32)))
print(repr(rt.bounding_shape()))
print(repr(rt.bounding_shape(out_type=tf.int32)))
print(repr(rt.bounding_shape(axis=1)))
rt2 = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
print(rt2.row_lengths(axis=2))
print(repr(rt2.nested_value_rowids()))
""")
_errs("ragged_misc_errors",
      "tf.RaggedTensor(1, 2)",
      "bool(tf.ragged.constant([[1]]))",
      "hash(tf.ragged.constant([[1]]))")

# ---------------------------------------------------------------------------
# factories

_s("ragged_from_row_partitions", """
v = [3, 1, 4, 1, 5, 9, 2]
print(tf.RaggedTensor.from_row_splits(v, [0, 4, 4, 7, 7]))
print(tf.RaggedTensor.from_row_lengths(v, [4, 0, 3, 0]))
print(tf.RaggedTensor.from_row_starts(v, [0, 4, 4, 7]))
print(tf.RaggedTensor.from_row_limits(v, [4, 4, 7, 7]))
print(tf.RaggedTensor.from_value_rowids(v, [0, 0, 0, 0, 2, 2, 2], nrows=4))
print(tf.RaggedTensor.from_value_rowids(v, [0, 0, 0, 0, 2, 2, 2]))
r = tf.RaggedTensor.from_row_lengths(v, tf.constant([4, 0, 3, 0], tf.int32))
print(repr(r.row_splits))
r = tf.RaggedTensor.from_row_splits(v, np.array([0, 4, 7], np.int32))
print(repr(r.row_splits))
r = tf.RaggedTensor.from_row_splits(tf.constant([[1, 2], [3, 4], [5, 6]]), [0, 1, 3])
print(r, r.shape)
""")
_s("ragged_from_nested", """
fv = [3, 1, 4, 1, 5, 9, 2, 6]
r = tf.RaggedTensor.from_nested_row_splits(fv, ([0, 1, 3], [0, 3, 5, 8]))
print(r, r.shape, r.ragged_rank)
r = tf.RaggedTensor.from_nested_row_lengths(fv, ([1, 2], [3, 2, 3]))
print(r)
r = tf.RaggedTensor.from_nested_value_rowids(fv, ([0, 1, 1], [0, 0, 0, 1, 1, 2, 2, 2]))
print(r)
inner = tf.RaggedTensor.from_row_lengths(fv, [3, 2, 3])
print(tf.RaggedTensor.from_row_lengths(inner, [2, 1]))
""")
_errs("ragged_factory_errors",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 4])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 2, 3])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 3, 2, 3])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [[0, 3]])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [0.0, 3.0])",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 4], validate=False)",
      "tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 3], validate=1)",
      "tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, 2])",
      "tf.RaggedTensor.from_row_lengths([1, 2, 3], [4, -1])",
      "tf.RaggedTensor.from_row_starts([1, 2, 3], [1, 2])",
      "tf.RaggedTensor.from_row_limits([1, 2, 3], [2, 1, 3])",
      "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 2, 1])",
      "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 1, 1], nrows=1)",
      "tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 1, 1], nrows=-1)",
      "tf.RaggedTensor.from_row_splits(5, [0, 1])",
      "tf.RaggedTensor.from_row_splits(tf.ragged.constant([[1], [2]]), "
      "tf.constant([0, 2], tf.int32))",
      "tf.RaggedTensor.from_nested_value_rowids([1, 2], [[0, 1]], [2, 3])")

# ---------------------------------------------------------------------------
# conversions

_s("ragged_to_tensor", """
rt = tf.ragged.constant([[1, 2], [3], [], [4, 5, 6]])
print(rt.to_tensor())
print(rt.to_tensor(default_value=-1))
print(rt.to_tensor(shape=[2, 2]))
print(rt.to_tensor(default_value=9, shape=[5, 4]))
print(rt.to_tensor(shape=[None, 2]))
r2 = tf.ragged.constant([[[1., 2.], [3.]], [], [[4.]]])
print(r2.to_tensor())
print(r2.to_tensor(default_value=0.5, shape=[2, 1, 3]))
r3 = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(r3.to_tensor())
print(tf.ragged.constant([["a"], ["b", "c"]]).to_tensor())
print(tf.ragged.constant([[], []], dtype=tf.int32).to_tensor())
""")
_s("ragged_from_tensor", """
t = tf.constant([[1, 0, 0], [2, 3, 0], [4, 5, 6]])
print(tf.RaggedTensor.from_tensor(t))
print(tf.RaggedTensor.from_tensor(t, padding=0))
print(tf.RaggedTensor.from_tensor(t, lengths=[1, 3, 0]))
print(tf.RaggedTensor.from_tensor(t, lengths=[1, 5, 2]))
r = tf.RaggedTensor.from_tensor(t, row_splits_dtype=tf.int32)
print(repr(r.row_splits))
t3 = tf.constant([[[1, 1], [0, 0]], [[2, 2], [0, 1]]])
print(tf.RaggedTensor.from_tensor(t3, padding=[0, 0]))
""")
_errs("ragged_from_tensor_errors",
      "tf.RaggedTensor.from_tensor([[1]], lengths=[1], padding=0)",
      "tf.RaggedTensor.from_tensor([[1]], ragged_rank=0)",
      "tf.RaggedTensor.from_tensor([1, 2])",
      "tf.ragged.constant([[1]]).to_tensor(shape=[1])")
_s("ragged_to_list_numpy", """
rt = tf.ragged.constant([[1, 2], [3], []])
print(rt.to_list())
print(repr(rt.numpy()))
print(repr(tf.ragged.constant([[1, 2], [3, 4]]).numpy()))
r2 = tf.ragged.constant([[[1.5], [2.5, 3.5]], [[4.5]]])
print(r2.to_list())
print(tf.ragged.constant([[b"a"], [b"b", b"c"]]).to_list())
""")
_s("ragged_with_values_merge_dims", """
rt = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
print(rt.with_flat_values(rt.flat_values * 10))
print(rt.with_values(tf.ragged.constant([[7], [8, 9], [0]])))
print(rt.merge_dims(0, 1))
print(rt.merge_dims(1, 2))
print(repr(rt.merge_dims(0, 2)))
print(rt.merge_dims(0, -1).shape)
r32 = rt.with_row_splits_dtype(tf.int32)
print(repr(r32.nested_row_splits))
r3 = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(repr(r3.merge_dims(1, 2)))
""")
_errs("ragged_merge_dims_errors",
      "tf.ragged.constant([[1, 2], [3]]).merge_dims(0, 2)",
      "tf.ragged.constant([[1, 2], [3]]).merge_dims(1, 0)",
      "tf.ragged.constant([[1, 2], [3]]).with_values([1, 2])",
      "tf.ragged.constant([[1, 2], [3]]).with_row_splits_dtype(tf.int16)")

# ---------------------------------------------------------------------------
# operators

_s("ragged_operators_scalar", """
rt = tf.ragged.constant([[1, 2], [3]])
print(rt + 1, 1 + rt, rt - 1, 10 - rt)
print(rt * 2, 2 * rt, rt / 2, 6 / rt)
print(rt // 2, rt % 2, rt ** 2, 2 ** rt)
print(-rt, abs(-rt))
print(rt > 1, rt >= 2, rt < 2, rt <= 1)
print(tf.constant(10) + rt, tf.constant(10) * rt)
f = tf.ragged.constant([[1.5, -2.0], [3.0]])
print(f * 2.0, f + 1, abs(f))
b = tf.ragged.constant([[True, False], [True]])
print(b & True, b | False, b ^ True, ~b)
""")
_s("ragged_operators_ragged", """
a = tf.ragged.constant([[1, 2], [3]])
b = tf.ragged.constant([[10, 20], [30]])
print(a + b, a * b, b - a, b // a)
print(a == b, a != b, a == a)
c = tf.ragged.constant([[[1.], [2., 3.]], [[4.]]])
print(c + c, c * 0.5)
""")
_errs("ragged_operator_errors",
      "tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1], [3, 4]])",
      "tf.ragged.constant([[1, 2], [3]]) + 1.5",
      "tf.ragged.constant([[1.0, 2.0], [3.0]]) + tf.ragged.constant([[1, 2], [3]])")

# ---------------------------------------------------------------------------
# indexing

_s("ragged_getitem", """
rt = tf.ragged.constant([[1, 2, 3], [], [4], [5, 6]])
print(repr(rt[0]), repr(rt[-1]), repr(rt[1]))
print(repr(rt[0, 1]), repr(rt[3, -1]))
print(rt[1:], rt[:2], rt[::2], rt[::-1], rt[-2:])
print(rt[:, 1:], rt[:, :1], rt[:, -1:], rt[1:, :-1], rt[:, ::2], rt[:, ::-1])
print(rt[...], rt[..., :1])
rt2 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
print(rt2[0], repr(rt2[0, 0]), repr(rt2[2, 0, 1]))
print(rt2[:, :1], rt2[1:], rt2[:, :, 1:])
r3 = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(r3[:, :, 0], repr(r3[0, :, 1]), r3[..., 1])
""")
_errs("ragged_getitem_errors",
      "tf.ragged.constant([[1, 2], [3]])[:, 0]",
      "tf.ragged.constant([[1, 2], [3]])[5]",
      "tf.ragged.constant([[1, 2], [3]])[0, 0, 0]",
      "tf.ragged.constant([[1, 2], [3]])[:, 'a':]",
      "tf.ragged.constant([[1, 2], [3]])[1, 1]",
      "tf.ragged.constant([[1, 2], [3]])[..., 0, ...]")

# ---------------------------------------------------------------------------
# tf.ragged functions

_s("ragged_range", """
print(tf.ragged.range(3))
print(tf.ragged.range([3, 1, 0]))
print(tf.ragged.range([0, 5], [3, 1], -1))
print(tf.ragged.range([0., 5], 7, 1.5))
print(tf.ragged.range(0, [4, 2], 2))
r = tf.ragged.range([2, 3], dtype=tf.int64)
print(repr(r.flat_values), repr(r.row_splits))
print(repr(tf.ragged.range([2], row_splits_dtype=tf.int32).row_splits))
print(tf.ragged.range([1, 2], [5, 4], [2, 1]))
""")
_errs("ragged_range_errors",
      "tf.ragged.range([1, 2], [3, 4], 0)",
      "tf.ragged.range([[1]])")
_s("ragged_segment_ids", """
print(repr(tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2])))
print(repr(tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=5)))
print(repr(tf.ragged.segment_ids_to_row_splits(tf.constant([0, 1, 1]))))
print(repr(tf.ragged.segment_ids_to_row_splits([0, 1], out_type=tf.int32)))
print(repr(tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])))
print(repr(tf.ragged.row_splits_to_segment_ids(tf.constant([0, 1, 3]))))
print(repr(tf.ragged.row_splits_to_segment_ids([0, 1, 3], out_type=tf.int32)))
""")
_s("ragged_map_flat_values", """
rt = tf.ragged.constant([[1, 2], [3]])
print(tf.ragged.map_flat_values(tf.ones_like, rt))
print(tf.ragged.map_flat_values(tf.add, rt, 5))
print(tf.ragged.map_flat_values(tf.multiply, rt, rt))
print(tf.ragged.map_flat_values(tf.cast, rt, tf.float32))
r2 = tf.ragged.constant([[[1.0, 2.0], [3.0]], [[4.0]]])
print(tf.ragged.map_flat_values(tf.math.square, r2))
print(repr(tf.ragged.map_flat_values(tf.add, tf.constant([1]), 2)))
f = tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1)
print(tf.ragged.map_flat_values(tf.reduce_sum, f, axis=1))
""")
_errs("ragged_map_flat_values_errors",
      "tf.ragged.map_flat_values(tf.add, tf.ragged.constant([[1, 2], [3]]), "
      "tf.ragged.constant([[1], [2, 3]]))",
      "tf.ragged.map_flat_values(tf.reduce_sum, tf.ragged.constant([[1, 2], [3]]))",
      "tf.ragged.map_flat_values(lambda x: x[:1], tf.ragged.constant([[1, 2], [3]]))")

# ---------------------------------------------------------------------------
# gradients

_s("ragged_gradient_flat_values", """
rt = tf.ragged.constant([[1., 2.], [3.]])
with tf.GradientTape() as g:
    g.watch(rt.flat_values)
    y = tf.reduce_sum((rt * rt + 1.0).flat_values)
print(g.gradient(y, rt.flat_values))
with tf.GradientTape() as g:
    g.watch(rt.flat_values)
    y = tf.reduce_sum(tf.ragged.map_flat_values(tf.math.sin, rt).flat_values)
print(g.gradient(y, rt.flat_values))
with tf.GradientTape() as g:
    g.watch(rt.flat_values)
    y = tf.reduce_sum(rt.to_tensor(default_value=7.0) * tf.constant([[1., 2.], [3., 4.]]))
print(g.gradient(y, rt.flat_values))
""")
_s("ragged_gradient_variable", """
v = tf.Variable([1., 2., 3., 4.])
with tf.GradientTape() as g:
    rt = tf.RaggedTensor.from_row_lengths(v * 1.0, [1, 3])
    y = tf.reduce_sum(rt[1:].to_tensor() ** 2) + tf.reduce_sum(rt[:, :1].flat_values)
print(g.gradient(y, v))
with tf.GradientTape() as g:
    rt = tf.RaggedTensor.from_tensor(tf.reshape(v, [2, 2]), lengths=[1, 2])
    y = tf.reduce_sum(rt.flat_values * tf.constant([1., 10., 100.]))
print(g.gradient(y, v))
""")

# ---------------------------------------------------------------------------
# inside tf.function (partitions known when traced)

_s("ragged_in_function", """
@tf.function
def f(x):
    r = tf.RaggedTensor.from_row_lengths(x, [2, 0, 1])
    return (r.to_tensor(), (r * 2.0 + 1.0).flat_values, r.row_splits, r.bounding_shape(),
            r.nrows(), r[1:].to_tensor(), r[:, -1:].flat_values)
for t in f(tf.constant([1., 2., 3.])):
    print(repr(t))
@tf.function
def g(x):
    r = tf.ragged.constant([[1, 2], [3]])
    return (r + x).to_tensor(default_value=-1), tf.ragged.range([2, 1]).flat_values
for t in g(tf.constant(10)):
    print(repr(t))
""")
_s("ragged_gradient_in_function", """
v = tf.Variable([1., 2., 3.])
@tf.function
def step():
    with tf.GradientTape() as g:
        r = tf.RaggedTensor.from_row_splits(v * 2.0, [0, 2, 3])
        y = tf.reduce_sum(r.to_tensor() ** 2)
    return g.gradient(y, v)
print(step())
""")
_s("ragged_function_argument", """
@tf.function
def f(r):
    print("traced with", r.shape, r.dtype, r.ragged_rank)
    return r * 2.0, r.to_tensor(), r.row_lengths(), r[:, :1]
for out in f(tf.ragged.constant([[1., 2.], [3.]])):
    print(repr(out))
for out in f(tf.ragged.constant([[5., 6.], [7.]])):
    print(repr(out))
@tf.function
def g(x):
    return tf.RaggedTensor.from_row_lengths(x, [1, 2])
r = g(tf.constant([1, 2, 3]))
print(type(r).__name__, r, r.shape)
v = tf.Variable([1., 2., 3.])
@tf.function
def h(r):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.ragged.map_flat_values(tf.multiply, r, v).to_tensor() ** 2)
    return t.gradient(y, v)
print(h(tf.ragged.constant([[1., 2.], [3.]])))
""")
_s("ragged_shape_and_is_tensor", """
rt = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
print(tf.is_tensor(rt))
s = tf.shape(rt)
print(type(s).__name__, s)
print(s.rank, s.num_row_partitions, s.dtype, s.static_lengths(), repr(s[0]), repr(s[-2]))
r2 = tf.RaggedTensor.from_row_lengths(tf.zeros([15, 2]), [4, 5, 6])
s2 = tf.shape(r2, out_type=tf.int64)
print(s2, repr(s2[2]), repr(s2[-1]), s2.inner_rank, s2.dtype)
print(tf.shape(tf.ragged.constant([[[1], [2, 3]], [[4]]])))
""")
_errs("ragged_shape_errors",
      "tf.shape(tf.ragged.constant([[1, 2], [3]]))[1]",
      "tf.shape(tf.ragged.constant([[1, 2], [3]]))[2]")
_s("ragged_boolean_mask", """
def show(r):
    print(type(r).__name__, r)
show(tf.ragged.boolean_mask([1, 2, 3], [True, False, True]))
show(tf.ragged.boolean_mask([[1, 2, 3], [4, 5, 6]], [[True, False, True], [False, False, True]]))
show(tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]),
                            tf.ragged.constant([[True, False, True], [False], [True, True]])))
show(tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), [True, False, True]))
show(tf.ragged.boolean_mask([[1, 2], [3, 4]], [True, False]))
show(tf.ragged.boolean_mask(tf.ragged.constant([[[1, 2], [3]], [[4]]]),
                            tf.ragged.constant([[[True, False], [True]], [[False]]])))
x = tf.constant([[1., 2.], [3., 4.]])
with tf.GradientTape() as g:
    g.watch(x)
    r = tf.ragged.boolean_mask(x, [[True, False], [True, True]])
    y = tf.reduce_sum(r.flat_values * tf.constant([1., 10., 100.]))
print(g.gradient(y, x))
""")
_errs("ragged_boolean_mask_errors",
      "tf.ragged.boolean_mask([[1, 2], [3, 4]], [[True], [False]])",
      "tf.ragged.boolean_mask([1, 2], [1, 0])",
      "tf.ragged.boolean_mask([1, 2], True)")
_s("ragged_stack", """
print(tf.ragged.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4]])]))
print(tf.ragged.stack([[1, 2], [3, 4, 5]]))
r = tf.ragged.stack([tf.constant([[1, 2]]), tf.ragged.constant([[3], [4, 5]])])
print(r, r.shape, r.ragged_rank)
print(tf.ragged.stack([tf.ragged.constant([[1]])]))
print(tf.ragged.stack([tf.ragged.constant([[[1]], [[2, 3]]]), tf.ragged.constant([[[4]]])]))
""")
_errs("ragged_stack_errors",
      "tf.ragged.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4.]])])",
      "tf.ragged.stack([])")
_s("ragged_elementwise_dispatch", """
rt = tf.ragged.constant([[1., -2.], [3.]])
print(tf.math.sin(rt), tf.square(rt), tf.exp(rt))
print(tf.add(rt, 1.), tf.maximum(rt, 0.), tf.multiply(2., rt), tf.math.subtract(rt, rt))
print(tf.math.minimum(rt, tf.ragged.constant([[0., 0.], [5.]])))
with tf.GradientTape() as g:
    g.watch(rt.flat_values)
    y = tf.reduce_sum(tf.math.sin(tf.multiply(rt, rt)).flat_values)
print(g.gradient(y, rt.flat_values))
@tf.function
def f(r):
    return tf.math.sqrt(tf.maximum(r, 0.)).to_tensor()
print(f(rt))
""")
_s("ragged_reductions", """
rt = tf.ragged.constant([[1., 5.], [], [3., 2., 7.]])
for f in (tf.reduce_sum, tf.reduce_mean, tf.reduce_max, tf.reduce_min, tf.reduce_prod):
    for ax in (None, 0, 1, -1, [0, 1]):
        print(ax, repr(f(rt, axis=ax)))
r3 = tf.ragged.constant([[[1., 2.], [3., 4.]], [[5., 6.]]], ragged_rank=1)
print(tf.reduce_sum(r3, axis=2), repr(tf.reduce_sum(r3, axis=1)),
      repr(tf.reduce_sum(r3, axis=0)), repr(tf.reduce_max(r3, axis=[1, 2])))
print(repr(tf.reduce_sum(rt, axis=1, keepdims=True)))
ri = tf.ragged.constant([[1, 5], [], [3, 2, 7]])
print(repr(tf.reduce_max(ri, axis=1)), repr(tf.reduce_mean(ri, axis=1)))
n = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
print(tf.reduce_sum(n, axis=2), tf.reduce_sum(n, axis=1), tf.reduce_max(n, axis=-1))
print(repr(tf.reduce_sum(n, axis=[1, 2])))
with tf.GradientTape() as g:
    g.watch(rt.flat_values)
    y = tf.reduce_sum(tf.reduce_max(rt, axis=1) * tf.constant([1., 0., 2.]))
    y += tf.reduce_sum(tf.reduce_mean(rt, axis=0))
print(g.gradient(y, rt.flat_values))
@tf.function
def f(r):
    return tf.reduce_sum(r, axis=1), tf.reduce_mean(r, axis=0)
print(f(rt))
""")
_errs("ragged_reduction_errors",
      "tf.reduce_sum(tf.ragged.constant([[1, 2], [3]]), axis=2)",
      "tf.reduce_sum(tf.ragged.constant([[1, 2], [3]]), axis=-3)")
_s("ragged_cast_and_like", """
rt = tf.ragged.constant([[1, 2], [3]])
c = tf.cast(rt, tf.float32)
print(c, c.dtype, repr(c.row_splits))
print(tf.ones_like(rt), tf.zeros_like(rt, dtype=tf.float64), tf.ones_like(rt).dtype)
print(tf.zeros_like(tf.ragged.constant([[[1.5], [2.5, 3.5]], [[4.5]]])))
x = tf.ragged.constant([[1.5, 2.5], [3.5]])
with tf.GradientTape() as g:
    g.watch(x.flat_values)
    y = tf.reduce_sum(tf.cast(x, tf.float64) * 2.0)
print(g.gradient(y, x.flat_values))
""")
_s("ragged_embedding_lookup", """
emb = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3))
ids = tf.ragged.constant([[2], [0, 3, 1], []])
with tf.GradientTape() as g:
    e = tf.nn.embedding_lookup(emb, ids)
    y = tf.reduce_sum(e.flat_values)
print(e, e.shape, e.ragged_rank)
print(tf.convert_to_tensor(g.gradient(y, emb)))
""")
_s("ragged_gather_indices", """
print(tf.gather([10, 20, 30], tf.ragged.constant([[2], [0, 1], []])))
r = tf.gather(tf.constant([[1., 2.], [3., 4.]]), tf.ragged.constant([[1, 0], [1]]))
print(r, r.shape)
print(tf.gather(tf.constant([5, 6, 7]), tf.ragged.constant([[[0], [1, 2]], [[2]]])))
""")

_s("gather_ragged_params", """
rt = tf.ragged.constant([[1, 2], [], [3, 4, 5]])
print(tf.gather(rt, [2, 0, 2]), tf.gather(rt, tf.constant([1], tf.int64)))
print(tf.gather(tf.ragged.constant([[[1], [2, 3]], [], [[4]]]), [0, 0]))
print(tf.ragged.constant([[[1], [2, 3]], [], [[4]]])[1])
""")
_s("ragged_array_dispatch", """
# TF's ragged dispatch of tf.concat, tf.stack, tf.expand_dims, tf.size, tf.rank,
# tf.identity (a RaggedTensor among the inputs, dense ones mixed in).
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
rt2 = tf.ragged.constant([[7], [8, 9], []])
d = tf.constant([[1, 2], [3, 4], [5, 6]])
for r in [tf.concat([rt, rt2], axis=0), tf.concat([rt, rt2], 1), tf.concat([rt, d], 1),
          tf.concat([d, rt], 0), tf.concat([rt, rt2, rt], -1), tf.concat([rt], 0),
          tf.stack([rt, rt2]), tf.stack([rt, d], axis=1), tf.stack([rt, rt], -1),
          tf.expand_dims(rt, 0), tf.expand_dims(rt, 1), tf.expand_dims(rt, -1),
          tf.identity(rt)]:
    print(type(r).__name__, r, r.shape, r.ragged_rank, r.row_splits.dtype)
r3 = tf.ragged.constant([[[1, 2], [3]], [[4]]])
print(tf.concat([r3, r3], 2), tf.concat([r3, r3], 1), tf.stack([r3, r3], 2))
print(repr(tf.size(rt)), repr(tf.size(rt, out_type=tf.int64)), repr(tf.rank(rt)),
      repr(tf.rank(r3)), repr(tf.size(r3)))
@tf.function
def f(a, b):
    return (tf.concat([a, b], 1).to_tensor(), tf.stack([a, b]).flat_values,
            tf.expand_dims(a, 2).to_tensor(), tf.size(a), tf.rank(a))
print(f(rt, rt2))
x = tf.constant([1., 2., 3.])
with tf.GradientTape() as g:
    g.watch(x)
    a = tf.RaggedTensor.from_row_splits(x, [0, 2, 3])
    y = tf.reduce_sum(tf.concat([a, a * 2.], 1).flat_values * tf.range(6, dtype=tf.float32))
print(g.gradient(y, x))
""")
_errs("ragged_array_dispatch_errors",
      "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[1]], row_splits_dtype=tf.int32)], 0)",
      "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[[1]]])], 0)",
      "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[1], [2]])], 1)",
      "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[1]])], 2)",
      "tf.expand_dims(tf.ragged.constant([[1]]), 3)",
      "tf.stack([tf.ragged.constant([[1, 2]]), tf.ragged.constant([[1]])], -1)",
      "tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[1.]])], 0)")
