"""Golden snippets for the array and indexing ops (issue 4): reshape ... unique, gather
and scatter families, strided slicing, `__getitem__` and sliced Variable assignment.

Each snippet prints values, dtypes and shapes (repr), TF's exception class and message for
bad input, and gradients from tf.GradientTape (sparse gradients densified with
tf.convert_to_tensor). Recorded by ``/tmp/tfref/bin/python tests/golden/record.py -s array``.
"""
import textwrap

from snippet_registry import Snippets

_PRELUDE = '''
def show(*ts):
    for t in ts:
        print(repr(t))

def check(src):
    try:
        r = eval(src)
        print(src, '->', repr(r))
    except Exception as e:
        print(src, '!!', type(e).__name__, e)

def grad(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as g:
        g.watch(xs)
        y = f(*xs)
    for d in g.gradient(y, xs):
        print(None if d is None else repr(tf.convert_to_tensor(d)))

x = tf.reshape(tf.range(12.), [3, 4])
'''


SNIPPETS = Snippets(prelude=textwrap.dedent(_PRELUDE).strip("\n") + "\n")
_s = SNIPPETS.add


def _checks(name, *exprs):
    _s(name, "\n".join(f"check({e!r})" for e in exprs))


_F = "np.arange(12., dtype=np.float32).reshape(3, 4) / 7 - 0.5"

_s("reshape_concat_stack", """
show(tf.reshape(x, [2, -1]), tf.reshape(tf.constant([], tf.int64), [0, 3]), tf.reshape(5, [1, 1]))
show(tf.concat([x, x], -1), tf.concat([tf.zeros([0, 4]), x], 0), tf.concat([[1], [2, 3]], 0))
show(tf.stack([x, x], axis=-1).shape, tf.stack([1, 2]), tf.stack([], 0), tf.stack([x], -3).shape)
show(tf.unstack(x, axis=1), tf.unstack(tf.zeros([0, 2])), tf.unstack(x, num=3)[2])
""")
_checks("reshape_concat_stack_errors",
        "tf.reshape(x, [-1, -1])", "tf.reshape(x, [5, -1])", "tf.reshape(x, [-2, 6])",
        "tf.reshape(x, [5])", "tf.concat([x, x], 2)", "tf.concat([x, x], -3)",
        "tf.concat([x, tf.zeros([3, 4, 1])], 0)", "tf.concat([x, tf.zeros([2, 3])], 0)",
        "tf.concat([x, tf.zeros([3, 4], tf.float64)], 0)", "tf.stack([x, x], 3)",
        "tf.stack([x, x], -4)", "tf.stack([x, tf.zeros([2])])", "tf.unstack(x, num=2)",
        "tf.unstack(x, axis=3)", "tf.unstack(tf.constant(1.))")
_s("split_tile_repeat", """
show(tf.split(x, 2, axis=1), tf.split(x, [1, -1], axis=-1), tf.split(x, [3]))
show(tf.split(tf.range(6), tf.constant([2, 4])), tf.split(x, 3)[1])
show(tf.tile(x, [2, 1]).shape, tf.tile([1, 2], [3]), tf.tile(tf.constant(1.), []), tf.tile([1, 2], [0]))
show(tf.repeat([1, 2], 3), tf.repeat([[1, 2], [3, 4]], [1, 2], axis=0),
     tf.repeat([[1, 2], [3, 4]], 2, axis=-1), tf.repeat(3, 2), tf.repeat(x, [0, 1, 2], axis=0))
""")
_checks("split_tile_repeat_errors",
        "tf.split(x, 3, axis=1)", "tf.split(x, [1, 2], axis=1)", "tf.split(x, [1, -1, -1], axis=1)",
        "tf.split(x, 2, axis=5)", "tf.split(x, [1, 3], axis=-3)", "tf.split(x, 0)",
        "tf.split(x, [2, -1], num=3)", "tf.tile(x, [1, 2, 3])", "tf.tile(x, [1, -1])",
        "tf.repeat([[1, 2], [3, 4]], [1, 2, 3], axis=0)", "tf.repeat(x, [1, 2], axis=5)")
_s("pad_modes", """
show(tf.pad(x, [[1, 0], [0, 2]]), tf.pad(x, [[0, 1], [1, 1]], constant_values=-1.5))
show(tf.pad(x, [[1, 1], [3, 3]], 'REFLECT'), tf.pad(x, [[2, 3], [4, 4]], 'symmetric'))
show(tf.pad(tf.constant([1, 2], tf.int64), [[2, 1]], constant_values=7))
show(tf.pad(tf.zeros([0, 2]), [[1, 1], [0, 0]]), tf.pad([True], [[1, 0]]))
""")
_checks("pad_errors",
        "tf.pad(x, [[1, 1]])", "tf.pad(x, [1, 1])", "tf.pad(x, [[1, 1], [0, 0]], 'foo')",
        "tf.pad(x, [[-1, 1], [0, 0]])", "tf.pad(tf.constant([1, 2]), [[0, 1]], constant_values=1.5)",
        "tf.pad(x, [[3, 0], [0, 0]], 'REFLECT')", "tf.pad(x, [[4, 0], [0, 0]], 'SYMMETRIC')",
        "tf.pad(x, [[0, 0], [0, 0], [0, 0]], 'REFLECT')",
        "tf.pad(x, [[1, 1], [0, 0]], constant_values=[1.])", "tf.pad(tf.constant(1.), [])")
_s("gather", """
show(tf.gather(x, [2, 0]), tf.gather(x, [[0, 3]], axis=1), tf.gather(x, 1, axis=-1))
show(tf.gather([1, 2], [[0, 1], [1, 1]]), tf.gather(x, tf.constant([1], tf.int64), axis=tf.constant(1)))
show(tf.gather(x, tf.constant([], tf.int32)), tf.gather(x, tf.constant([[2, 1]], tf.int16)))
show(tf.gather(x, [[0, 1], [1, 2], [3, 3]], axis=1, batch_dims=1))
show(tf.gather(x, [[0, 1]] * 3, axis=1, batch_dims=-1))
b = tf.reshape(tf.range(24), [2, 3, 4])
show(tf.gather(b, [[1, 0], [2, 2]], axis=1, batch_dims=1), tf.gather(b, [[0], [3]], axis=2, batch_dims=1))
""")
_checks("gather_errors",
        "tf.gather(x, [0, 5])", "tf.gather(x, [0, -1])", "tf.gather(x, [1], axis=2)",
        "tf.gather(x, [0], axis=-3)", "tf.gather(x, [1.0])", "tf.gather(tf.zeros([0, 2]), [0])",
        "tf.gather(x, [[0, 1], [1, 2]], axis=1, batch_dims=1)",
        "tf.gather(x, [[0, 1]], axis=1, batch_dims=2)")
_s("gather_nd", """
show(tf.gather_nd(x, [[2], [0]]), tf.gather_nd(x, [[0, 1], [2, 3]]), tf.gather_nd(x, [1, 2]))
t5 = np.reshape(np.arange(18), [2, 3, 3])
show(tf.gather_nd(t5, [[[0, 0], [0, 2]], [[1, 0], [1, 2]]]), tf.gather_nd(t5, [[0, 0, 0], [1, 2, 1]]))
show(tf.gather_nd(x, tf.zeros([2, 0], tf.int32)).shape)
b = tf.reshape(tf.range(24.), [2, 3, 4])
show(tf.gather_nd(b, [[1], [0]], batch_dims=1), tf.gather_nd(b, [[[1, 3]], [[0, 0]]], batch_dims=1))
""")
_checks("gather_nd_errors",
        "tf.gather_nd(x, [[5]])", "tf.gather_nd(x, [[0, 7]])", "tf.gather_nd(x, [[0, -1]])",
        "tf.gather_nd(x, [[0, 1, 2]])", "tf.gather_nd(x, [1.0])",
        "tf.gather_nd(tf.zeros([2, 3, 4]), [[0], [5]], batch_dims=1)",
        "tf.gather_nd(x, [0], batch_dims=2)")
_s("scatter_nd", """
show(tf.scatter_nd([[1], [3], [1]], [2, 4, 6], [5]), tf.scatter_nd([[0, 2], [2, 1]], [1., 2.], tf.constant([3, 3])))
show(tf.scatter_nd([[1]], [[1., 2.]], [2, 2]), tf.scatter_nd([[0]], [True], [2]))
show(tf.scatter_nd(tf.constant([[1]], tf.int64), tf.constant([5], tf.uint8), tf.constant([3], tf.int64)))
t = tf.constant([[-2, -7, 0], [-9, 0, 1], [0, -3, -8]])
i = [[0, 2], [1, 1], [2, 0]]
show(tf.tensor_scatter_nd_update(t, i, [6, 5, 4]), tf.tensor_scatter_nd_add(t, i, [6, 5, 4]))
show(tf.tensor_scatter_nd_sub(t, i, [6, 5, 4]), tf.tensor_scatter_nd_min(t, i, [-6, 5, -4]))
show(tf.tensor_scatter_nd_max(t, i, [6, -5, 4]), tf.tensor_scatter_nd_update(x, [[0]], [[1, 2, 3, 4]]))
show(tf.tensor_scatter_nd_add(x, [[1], [1]], tf.ones([2, 4])), tf.tensor_scatter_nd_add(x, tf.zeros([0, 2], tf.int32), tf.zeros([0])))
""")
_checks("scatter_nd_errors",
        "tf.scatter_nd([[5]], [1.0], [3])", "tf.scatter_nd([[1]], [1.0, 2.0], [3])",
        "tf.scatter_nd([[0]], [1.], [-1])", "tf.scatter_nd([[0, 0, 0]], [1.], [2, 2])",
        "tf.scatter_nd([[1.]], [1.], [2])", "tf.scatter_nd([[1]], [[1., 2, 3]], [3, 4])",
        "tf.tensor_scatter_nd_update(x, [[5]], [[1., 2, 3, 4]])",
        "tf.tensor_scatter_nd_update(x, [[1]], [[1., 2, 3]])",
        "tf.tensor_scatter_nd_update(x, [[1.]], [[1., 2, 3, 4]])",
        "tf.tensor_scatter_nd_add(x, [[1], [1]], [[1., 2, 3, 4]])",
        "tf.tensor_scatter_nd_update(x, tf.constant([[0]]), tf.constant([[1, 2, 3, 4]]))",
        "tf.tensor_scatter_nd_update(tf.constant([1, 2]), [[0]], [1.5])",
        "tf.tensor_scatter_nd_update(x, [[0, 0, 0]], [1.])",
        "tf.tensor_scatter_nd_max(x, [[-1]], [[1., 1, 1, 1]])")
_s("boolean_mask_where", """
show(tf.boolean_mask(x, [True, False, True]), tf.boolean_mask(x, [[True, False, True, False]] * 3))
show(tf.boolean_mask(x, [True, False, True, False], axis=1), tf.boolean_mask(x, [1, 0, 1]))
show(tf.boolean_mask(x, [False] * 3), tf.boolean_mask([1, 2, 3], np.array([True, False, True])))
show(tf.where([True, False], [1, 2], [3, 4]), tf.where([[True], [False]], [1., 2.], 0.))
show(tf.where([True, False], 1, 2), tf.where(x > 5., x, -x), tf.where([1, 0]), tf.where([[1.5, 0], [0, 2]]))
show(tf.where(tf.zeros([0, 2])), tf.where(True, tf.zeros([2]), tf.ones([2])))
""")
_checks("boolean_mask_where_errors",
        "tf.boolean_mask(x, [True, False])", "tf.boolean_mask(x, True)",
        "tf.boolean_mask(x, [True, False, True, False], axis=-1)",
        "tf.where([True, False], [1, 2], [3., 4])", "tf.where([True, False], [1, 2], [3, 4, 5])",
        "tf.where(1, 2, 3)", "tf.where([True, False], x=1)", "tf.where(tf.constant([1., 0]), 1, 2)")
_s("one_hot_sequence_mask", """
show(tf.one_hot([0, 2, -1, 5], 3), tf.one_hot([0, 2], 3, on_value=5, off_value=-1))
show(tf.one_hot([[0, 2]], 3, axis=0), tf.one_hot([0, 2], 3, dtype=tf.int64), tf.one_hot(1, 3))
show(tf.one_hot(tf.constant([1, 0], tf.uint8), 2, on_value=5.0), tf.one_hot([0, 2], 3, on_value=5, dtype=tf.float32))
show(tf.one_hot([[1, 0], [2, 2]], 3, axis=1, off_value=0.5), tf.one_hot([1], 2, on_value=True, off_value=False))
show(tf.sequence_mask([1, 3, 2], 5), tf.sequence_mask([[1, 3], [2, 0]]), tf.sequence_mask([1, 3], dtype=tf.float32))
show(tf.sequence_mask([1., 3]), tf.sequence_mask(tf.constant([1, 3], tf.int64), 2), tf.sequence_mask([]))
show(tf.sequence_mask([1, -1, 2]), tf.sequence_mask(3), tf.sequence_mask([], 2))
""")
_checks("one_hot_sequence_mask_errors",
        "tf.one_hot([0, 2], 3, on_value=5, off_value=1.0)", "tf.one_hot([0, 2], 3, axis=3)",
        "tf.one_hot([0., 2], 3)", "tf.one_hot([0, 2], -1)", "tf.one_hot([1], 3.0)",
        "tf.one_hot([1], 3, on_value=1., dtype=tf.int32)", "tf.sequence_mask([1, 2], -1)")
_s("meshgrid_broadcast", """
show(tf.meshgrid([1, 2, 3], [4, 5]), tf.meshgrid([1., 2], [4., 5, 6], indexing='ij'))
show(tf.meshgrid([1, 2], [[3]]), tf.meshgrid(), tf.meshgrid([1]), [t.shape for t in tf.meshgrid([1, 2], [3], [4, 5, 6])])
show(tf.broadcast_to([1, 2], [3, 2]), tf.broadcast_to(x, [2, 3, 4]).shape, tf.broadcast_to(x, [0, 3, 4]), tf.broadcast_to(1, []))
show(tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])))
show(tf.broadcast_static_shape(tf.TensorShape(None), tf.TensorShape([3])))
show(tf.broadcast_dynamic_shape([2, 1], [3, 1, 1]), tf.broadcast_dynamic_shape(tf.constant([2, 1], tf.int64), [3]))
""")
_checks("meshgrid_broadcast_errors",
        "tf.meshgrid([1, 2], [4., 5], indexing='ij')", "tf.meshgrid([1, 2], [4, 5], indexing='foo')",
        "tf.broadcast_to([1, 2], [3, 3])", "tf.broadcast_to(x, [4])",
        "tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3]))",
        "tf.broadcast_dynamic_shape([2], [3])")
_s("reverse_roll_slice", """
show(tf.reverse(x, [1]), tf.reverse(x, [-1, 0]), tf.reverse(x, []), tf.reverse([1, 2, 3], tf.constant([0])))
show(tf.roll(x, 1, 0), tf.roll(x, [1, -5], [0, 1]), tf.roll(x, [1, 2], [1, 1]), tf.roll([1, 2, 3], -1, 0))
show(tf.slice(x, [1, 1], [-1, 2]), tf.slice(x, tf.constant([0, 3]), [3, 1]), tf.slice(x, [3, 0], [0, 4]))
t3 = tf.constant([[[1, 3, 5, 7], [9, 11, 13, 15]], [[17, 19, 21, 23], [25, 27, 29, 31]]])
show(tf.slice(t3, begin=[1, 1, 0], size=[1, 1, 2]))
""")
_checks("reverse_roll_slice_errors",
        "tf.reverse(x, [2])", "tf.reverse(x, [-3])", "tf.reverse(x, [1, 1])", "tf.reverse(x, 1)",
        "tf.roll(x, [1], [0, 1])", "tf.roll(x, 1, 3)", "tf.roll(x, 1, -3)", "tf.roll(x, 1.5, 0)",
        "tf.slice(x, [1, 1], [3, 2])", "tf.slice(x, [1], [1])", "tf.slice(x, [-1, 0], [1, 1])")
_s("strided_slice", """
show(tf.strided_slice(x, [0, 1], [3, 4], [2, 2]), tf.strided_slice(x, [-1, 0], [-3, 4], [-1, 1]))
show(tf.strided_slice(x, [0, 0], [0, 0], begin_mask=1, end_mask=1, new_axis_mask=2))
show(tf.strided_slice(x, [1, 0], [2, 0], ellipsis_mask=2, shrink_axis_mask=1))
show(tf.strided_slice(x, [0], [2], ellipsis_mask=1, new_axis_mask=1).shape)
show(tf.strided_slice(x, [0, 3], [0, 0], [1, -1], begin_mask=1, end_mask=3))
show(tf.strided_slice(x, [1, -1], [2, 0], shrink_axis_mask=3))
""")
_checks("strided_slice_errors",
        "tf.strided_slice(x, [5], [6], shrink_axis_mask=1)", "tf.strided_slice(x, [0], [1], [0])",
        "tf.strided_slice(x, [0, 0], [1])", "tf.strided_slice(x, [0, 0], [2, 2], ellipsis_mask=3)")
_s("getitem", """
t = tf.reshape(tf.range(24), [2, 3, 4])
show(t[1, ::-1, ::-2], t[..., -1], t[:, tf.newaxis, 1:2], t[[1, 2]], t[np.int32(1)], t[tf.constant(1, tf.int16)])
show(t[1:, tf.constant(2)], t[tf.constant(0):tf.constant(-1), 1:], t[::-1][0, -1], t[:0], t[:, 5:])
show(x[tf.constant([True, False, True])], x[x > 6.], x[np.array([False, True, False])])
show(x[::-2, ::-3], x[-1:-4:-1, tf.newaxis, ..., 0])
""")
_checks("getitem_errors",
        "x[tf.constant([0, 2])]", "x[1:2, [0]]", "x[tf.constant(1.0)]", "x[1, 2, 3]",
        "x[..., ...]", "x[:, ::0]", "x[True]", "x[tf.constant(True)]", "x[[True, False, True]]",
        "x[np.array([0, 1])]", "x[5]", "x[tf.constant([1])]")
_s("unique_searchsorted", """
print(tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8]))
print(tf.unique([3., 1, 3], out_idx=tf.int64))
print(tf.unique_with_counts([1, 1, 2]))
print(tf.unique([np.nan, np.nan, 1.]), tf.unique([]))
u = tf.unique([5, 5, 3]); print(u.y, u.idx, type(u).__name__)
show(tf.searchsorted([1, 3, 5], [0, 3, 6]), tf.searchsorted([1, 3, 5], [0, 3, 6], side='right', out_type=tf.int64))
show(tf.searchsorted([[1., 3], [2, 4]], [[2.5], [2.]]), tf.searchsorted([1, 3], [[2]]), tf.searchsorted([[1, 3]], [2, 3]))
""")
_checks("unique_searchsorted_errors",
        "tf.unique([[1, 2]])", "tf.unique([1], out_idx=tf.float32)",
        "tf.searchsorted([1, 3], [2], side='mid')", "tf.searchsorted([1, 3], [2.])",
        "tf.searchsorted([1, 3], 2)", "tf.searchsorted([[1, 3]], [[2], [3]])")
_s("creation_shapes", """
for d in [tf.bool, tf.int8, tf.uint8, tf.int16, tf.uint16, tf.int32, tf.uint32, tf.int64, tf.uint64,
          tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.complex64, tf.complex128]:
    show(tf.ones([2], d), tf.zeros((1, 2), d))
show(tf.zeros(2), tf.ones(tf.constant([2, 1])), tf.ones([0, 3]), tf.zeros([]), tf.ones(np.int64(2), 'int16'))
show(tf.fill([2, 3], 9), tf.fill([], 2.), tf.fill(3, True), tf.fill(tf.constant([1, 2], tf.int64), 1.5))
show(tf.identity_n([1, 2.0]), tf.identity_n(x)[2])
show(tf.shape_n([x, [1, 2]]), tf.shape_n([x], out_type=tf.int64), tf.size(x, out_type=tf.int64))
show(tf.rank(x), tf.rank(5), tf.size([]), tf.shape(tf.zeros([2, 0, 1]), tf.int64))
""")
_checks("creation_shapes_errors",
        "tf.ones([-1])", "tf.fill([2, -1], 1)", "tf.fill([2], [1, 2])", "tf.identity_n([])",
        "tf.shape(x, tf.float32)")
_s("concat_empty_error", """
import re
try:
    tf.concat([], 0)
except Exception as e:
    # The KernelDef's debug string opens with a marker protobuf picks at random per process.
    print(type(e).__name__, re.sub(r"goo\\.gle/debug\\w+ +", "", str(e)))
""")
_s("variable_slice_assign", """
v = tf.Variable(x)
show(v[0, 1].assign(9.), v[1].assign([7., 8., 9, 10]), v[:, 1].assign(tf.constant([1., 2, 3])))
show(v[::-1, 0].assign([1., 2, 3]), v[0].assign([1, 2, 3, 4]), v[0, 1].assign(1))
show(v[tf.newaxis, 0].assign([[1., 1, 1, 1]]), v[..., 0].assign(0.), v[1:, 2:].assign([[5.], [6.]]))
print(type(v[0]).__name__, hasattr(v[0], 'assign'), hasattr(x[0], 'assign'))
show(v)
for src in ["v[0].assign([1., 2])", "v[5].assign(1.)"]:
    check(src)
w = tf.Variable([1., 2., 3.])
with tf.GradientTape() as g:
    y = w[0] * 2 + w[1:] * w[1:]
    w[1].assign(5.)
print(g.gradient(y, w))
print(repr(w[1:].assign([3., 4.])))
with tf.GradientTape() as g:
    r = w[1:].assign([3., 4.])
    y = tf.reduce_sum(r * r)
print(g.gradient(y, w))
""")
_s("variable_scatter", """
v = tf.Variable(x)
show(v.scatter_nd_update([[0, 0], [1, 1]], [100., 200.]), v.scatter_nd_add([[0, 0]], [1.]))
show(v.scatter_nd_sub([[0]], [[1., 1, 1, 1]]), v.scatter_nd_update([[0, 0]], [1]))
iv = tf.Variable([1, 2, 3, 4])
show(iv.scatter_nd_add([[1], [1], [3]], [10, 10, 1]), iv)
for src in ["v.scatter_nd_update([[5, 0]], [1.])", "v.scatter_nd_update([[0, 0]], [1., 2.])",
            "v.scatter_update([1])"]:
    check(src)
""")

_G = "np.array([[0.5, -1.0, 2.0, 0.0], [1.5, 0.25, -0.75, 3.0], [-2.0, 1.0, 0.5, 0.125]], np.float32)"
# Each gradient check sums several ops' outputs, weighted differently, in one tape (one
# compiled gradient program per check keeps the suite fast).
_s("grad_shape_ops", f"""
a = {_G}
r = tf.range
grad(lambda t: tf.reduce_sum(tf.concat([t, t * 2], 1) * r(8.))
     + tf.reduce_sum(tf.stack([t, t * t], axis=1) * 3.)
     + tf.reduce_sum(tf.unstack(t, axis=1)[2] * tf.unstack(t)[0][:3])
     + tf.reduce_sum(tf.split(t, [1, -1], axis=1)[1] ** 2)
     + tf.reduce_sum(tf.split(t, 2, axis=1)[0] * 5.)
     + tf.reduce_sum(tf.tile(t, [2, 3]) ** 2), a)
grad(lambda t: tf.reduce_sum(tf.repeat(t, [1, 0, 3], axis=0) * r(16.)[None, :4])
     + tf.reduce_sum(tf.repeat(t, 2) * r(24.))
     + tf.reduce_sum(tf.reshape(t, [-1]) * r(12.) ** 2)
     + tf.reduce_sum(tf.reverse(t, [1]) * r(4.))
     + tf.reduce_sum(tf.roll(t, [1, -1], [0, 1]) * r(4.) ** 3), a)
grad(lambda t, c: tf.reduce_sum(tf.pad(t, [[1, 2], [0, 1]], constant_values=c) * r(5.))
     + tf.reduce_sum(tf.pad(t, [[1, 1], [3, 3]], 'REFLECT') * tf.reshape(r(50.), [5, 10]))
     + tf.reduce_sum(tf.pad(t, [[2, 3], [4, 4]], 'SYMMETRIC') * tf.reshape(r(96.), [8, 12]) ** 2), a, np.float32(2.))
grad(lambda t: tf.reduce_sum(tf.slice(t, [1, 1], [-1, 2]) ** 2)
     + tf.reduce_sum(tf.strided_slice(t, [0, 3], [0, 0], [1, -2], begin_mask=1, end_mask=3) ** 3)
     + tf.reduce_sum(t[::-1, 1:3][1:] * t[1:, :2])
     + tf.reduce_sum(tf.broadcast_to(t[:, :1], [2, 3, 4]) * r(4.)), a)
""")
_s("grad_gather_scatter", f"""
a = {_G}
grad(lambda t: tf.reduce_sum(tf.gather(t, [2, 0, 2]) * tf.range(4.))
     + tf.reduce_sum(tf.gather(t, [[1, 1], [3, 0]], axis=1) ** 2)
     + tf.reduce_sum(tf.gather(t, [[0, 1], [1, 2], [3, 3]], axis=1, batch_dims=1) * 7.)
     + tf.reduce_sum(tf.gather_nd(t, [[0, 1], [2, 3], [0, 1]]) * 3.)
     + tf.reduce_sum(tf.gather_nd(t, [[2], [1]]) ** 3)
     + tf.reduce_sum(tf.boolean_mask(t, [True, False, True]) * 11.)
     + tf.reduce_sum(t[t > 0.4] ** 4), a)
grad(lambda u: tf.scatter_nd([[1], [3], [1]], u, [5]) * tf.range(5.), np.float32([1., 2., 3.]))
grad(lambda t, u: tf.reduce_sum(tf.tensor_scatter_nd_update(t, [[0, 1], [2, 2]], u[:2]) * 2.)
     + tf.reduce_sum(tf.tensor_scatter_nd_add(t, [[1], [1]], tf.reshape(u, [2, 4])) ** 2)
     + tf.reduce_sum(tf.tensor_scatter_nd_sub(t, [[0, 0]], u[3:4]) * 5.), a, np.arange(8, dtype=np.float32))
grad(lambda t, u: tf.tensor_scatter_nd_min(t, [[0, 0], [0, 1], [1, 0], [1, 0]], u), a, np.float32([0.5, 0., 1.5, 2.]))
grad(lambda t, u: tf.tensor_scatter_nd_max(t, [[0, 0], [0, 3], [2, 0], [2, 0]], u), a, np.float32([0.5, -1., -2., -2.]))
""")
_s("grad_where_misc", f"""
a = {_G}
grad(lambda t, u: tf.reduce_sum(tf.where(t > 0., t * t, u))
     + tf.reduce_sum(tf.meshgrid(t[0], t[1, :2])[0] * tf.meshgrid(t[0], t[1, :2])[1])
     + tf.reduce_sum(tf.identity_n([t, t * 2.])[1] * t)
     + tf.reduce_sum(tf.fill([2, 2], t[1, 1]) * tf.constant([[1., 2.], [3., 4.]])), a, np.ones([4], np.float32))
grad(lambda t: tf.one_hot([0, 2], 3, on_value=t[0, 0], off_value=t[0, 1]), a)
with tf.GradientTape() as g:
    v = tf.Variable(a)
    y = v[1] * v[1:, 0][0] + v[0, 0]
print(g.gradient(y, v))
""")

for _name, _src in SNIPPETS.items():
    compile(_src, _name, "exec")

# The OpDef attr errors of split, unstack and identity_n: TF's eager unstack names no node,
# split names its node ('' for name=None); float size lists are a float32 Tlen.
_checks("split_unstack_attr_errors",
        "tf.unstack(x, num=-1)", "tf.unstack(x, num=-1, name='u')", "tf.split(x, 0)",
        "tf.split(x, 0, name=None)", "tf.split(x, 0, name='s')", "tf.split(x, [1, 2], num=0)",
        "tf.split(x, [1.0, 2.0])", "tf.split(x, [1.5, 1.5], name=None)",
        "tf.split(x, tf.constant([1.0, 2.0]))", "tf.identity_n([])",
        "tf.split(x, tf.constant([1, 2]), name='v')")


_s("stack_and_autopack_shape_errors", """
# TF's Pack errors: eagerly its kernel's, ending in the op's name (none where the list
# autopacked has other values than Tensors, none at all for Python lists); in a trace
# shape inference's, merging the last shape with each earlier one, on node stack_1
# (TF's autopacking took "stack" first at axis 0) or packed.
x = tf.ones([8, 4, 2])
calls = {
    "tensors": lambda x: tf.stack([tf.ones([2]) * x[0, 0, 0], tf.ones([3])]),
    "tensors_named": lambda x: tf.stack([tf.ones([2]) * x[0, 0, 0], tf.ones([3])], name="foo"),
    "tensors_rank": lambda x: tf.stack([x, tf.ones([])]),
    "mixed": lambda x: tf.stack([x, 1.0]),
    "mixed_named": lambda x: tf.stack([x, 1.0], name="foo"),
    "axis1": lambda x: tf.stack([x, 1.0], axis=1),
    "three": lambda x: tf.stack([tf.ones([2]) * x[0, 0, 0], tf.ones([3]), 1.0]),
    "convert_mixed": lambda x: tf.convert_to_tensor([x, 3.0]),
    "convert_tensors": lambda x: tf.convert_to_tensor([x, tf.ones([2])]),
    "convert_nested": lambda x: tf.convert_to_tensor([[x, x], [x, 3.0]]),
}
for k, f in calls.items():
    for where, g in (("eager", f), ("traced", tf.function(f, autograph=False))):
        try:
            print(k, where, g(x).shape)
        except Exception as e:
            print(k, where, type(e).__name__, e)
for k, f in {"lists": lambda: tf.stack([[1.0, 2.0], [1.0, 2.0, 3.0]]),
             "zeros": lambda: tf.zeros([x, 32]),
             "reshape": lambda: tf.reshape(x, [tf.ones([2], tf.int32), -1]),
             "fill": lambda: tf.fill([x, 2], 1.0)}.items():
    try:
        print(k, f())
    except Exception as e:
        print(k, type(e).__name__, e)
""")
