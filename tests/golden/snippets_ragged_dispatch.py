"""Golden snippets: TF's ragged dispatch (issue 17) through the one composite registry:
tf.tile, reverse, where (1 and 3 arguments), squeeze, one_hot, reshape, gather_nd, split,
bitcast, stop_gradient, strings.join, clip_by_value, cumsum, add_n, nn.moments,
reduce_all/any/variance/std, unsorted_segment_*, nn.softmax, nn.dropout, nn.relu and the
other elementwise ops of a tf.RaggedTensor, with dense operands TF broadcasts (a value per
row); tf.dynamic_partition, tf.dynamic_stitch and
tf.ragged.stack_dynamic_partitions (with gradients), eagerly and inside tf.function."""
from harness import Tolerance
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

_RT = """
ri = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rt = tf.ragged.constant([[1., -2., 3.], [], [4., 5.]])
rb = tf.ragged.constant([[True, False, True], [], [False, True]])
r32 = tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)
"""

_s("ragged_dispatch_array_ops", _RT + """
def show(x):
    print(repr(x), x.dtype, getattr(x, "row_splits", x).dtype)
show(tf.tile(ri, [2, 3]))
show(tf.tile(r32, [1, 2]))
show(tf.tile(tf.ragged.constant([[[1, 2], [3]], [[4]]]), [2, 1, 2]))
show(tf.reverse(ri, [1]))
show(tf.reverse(ri, [0, 1]))
show(tf.where(rb))
show(tf.where(rb, ri, ri * 10))
show(tf.where(rb, rt, 0.))
ru = tf.RaggedTensor.from_tensor(tf.constant([[[1.], [2.]], [[3.], [4.]]]))
show(tf.squeeze(ru, [2]))
show(tf.squeeze(ru, -1))
show(tf.one_hot(ri, 6))
show(tf.one_hot(ri, 3, axis=2, dtype=tf.int64))
show(tf.reshape(ri, [-1]))
show(tf.concat([ri, ri], 1))
show(tf.stack([r32, r32], 0))
show(tf.expand_dims(r32, 0))
print(tf.size(r32), tf.rank(ri))
show(tf.gather(r32, [1, 0]))
show(tf.zeros_like(r32))
show(tf.cast(r32, tf.float64))
show(tf.bitcast(ri, tf.uint32))
show(tf.bitcast(ri, tf.int16))
show(tf.bitcast(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], dtype=tf.int16,
                                   inner_shape=(2,)), tf.int32))
show(tf.stop_gradient(rt))
""")

_s("ragged_dispatch_gather_nd_split", """
ri = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
r3 = tf.ragged.constant([[["000", "001"], ["010"]], [["100"], ["110", "111", "112"], ["120"]],
                         [[], ["210"]]])
rd = tf.RaggedTensor.from_tensor(tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]),
                                 ragged_rank=1)
print(tf.gather_nd(ri, [[0, 1], [2, 0]]))
print(tf.gather_nd(ri, [[2], [0]]))
print(tf.gather_nd(r3, [[2], [0]]))
print(tf.gather_nd(r3, [[2, 1], [0, 0]]))
print(tf.gather_nd(r3, [[0, 0, 1], [1, 1, 2]]))
print(tf.gather_nd(r3, [[[0, 0, 1]], [[1, 1, 2]]]))
print(tf.gather_nd(rd, [[0, 1, 1], [1, 0, 0]]))
print(tf.gather_nd(rd, [[0, 1]]))
print(tf.gather_nd(ri, tf.zeros([2, 0], tf.int32)))
print(tf.gather_nd(ri, tf.ragged.constant([[[0, 1]], [[2, 1], [0, 0]]], ragged_rank=1)))
print(tf.gather_nd([[1, 2], [3, 4]], tf.ragged.constant([[[0, 1]], [[1, 1], [0, 0]]],
                                                        ragged_rank=1)))
r4 = tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]])
print(tf.split(r4, 2))
print(tf.split(r4, [1, 3]))
print(tf.split(rd, 2, axis=2))
rs = tf.ragged.constant([["a", "bc"], [], ["d"]])
print(tf.strings.join([rs, rs]), tf.strings.join([rs, "x"], separator="-"))
""")

_errs("ragged_dispatch_split_errors",
      "tf.split(tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]]), 3)",
      "tf.split(tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]]), 2, axis=1)",
      "tf.split(tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]]), [1, -1, 4])",
      "tf.split(tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]]), 0)",
      "tf.split(tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]]), [1, 3], num=3)",
      "tf.gather_nd(tf.ragged.constant([[1, 2]]), [[0, 1]], batch_dims=1)",
      "tf.gather_nd(tf.ragged.constant([[1, 2]]), tf.ragged.constant([[0, 1], [0]]))")

_errs("ragged_dispatch_array_errors",
      "tf.squeeze(tf.ragged.constant([[1]]))",
      "tf.one_hot(tf.ragged.constant([[1]]), 3, axis=1)",
      "tf.reverse(tf.ragged.constant([[1]]), 1)",
      "tf.where(tf.ragged.constant([[True]]), 1)",
      "tf.bitcast(tf.ragged.constant([[1, 2]]), tf.int64)")

_s("ragged_dispatch_math_ops", _RT + """
def show(x):
    print(repr(x), x.dtype)
show(tf.clip_by_value(rt, 1.5, 4.5))
show(tf.math.cumsum(ri, axis=1))
show(tf.math.cumsum(rt, axis=1, exclusive=True))
show(tf.math.cumsum(ri, axis=1, reverse=True))
show(tf.math.cumsum(ri, axis=1, exclusive=True, reverse=True))
show(tf.add_n([ri, ri, ri]))
show(tf.reduce_all(rb, axis=1))
show(tf.reduce_any(rb, axis=1))
show(tf.reduce_any(rb))
show(tf.math.reduce_variance(rt, axis=1))
show(tf.math.reduce_std(rt, axis=1))
show(tf.math.reduce_variance(tf.constant([[1., 2.], [3., 5.]])))
ids = tf.constant([0, 1, 0])
for f in (tf.math.unsorted_segment_sum, tf.math.unsorted_segment_max,
          tf.math.unsorted_segment_min, tf.math.unsorted_segment_mean,
          tf.math.unsorted_segment_prod, tf.math.unsorted_segment_sqrt_n):
    show(f(rt, ids, 2))
show(tf.math.unsorted_segment_sum(ri, tf.ragged.constant([[0, 1, 0], [], [1, 1]]), 3))
show(tf.nn.softmax(rt))
show(tf.nn.dropout(rt, 0.0))
for f in (tf.nn.relu, tf.nn.relu6, tf.nn.elu, tf.nn.leaky_relu, tf.abs,
          tf.math.round, tf.math.rint, tf.math.reciprocal):
    show(f(rt))
show(tf.math.divide_no_nan(rt, rt))
show(tf.math.floordiv(ri, 2))
show(tf.math.logical_not(rb))
show(tf.math.logical_and(rb, rb))
show(tf.math.greater(rt, 1.))
for f in (lambda: tf.bitwise.invert(ri), lambda: tf.debugging.check_numerics(rt, "m"),
          lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=rt * 0., logits=rt),
          lambda: tf.complex(rt, rt),
          lambda: tf.math.softplus(rt),
          lambda: tf.math.angle(rt), lambda: tf.nn.silu(rt), lambda: tf.nn.selu(rt),
          lambda: tf.math.truediv(ri, ri), lambda: tf.math.pow(rt, 2.),
          lambda: tf.math.multiply_no_nan(rt, rt), lambda: tf.math.equal(ri, 2),
          lambda: tf.math.logical_xor(rt > 1., rt > 2.)):
    show(f())
print(tf.nn.moments(rt, [0, 1]))
print(tf.nn.moments(rt, [0, 1], keepdims=True))
print(tf.nn.moments(tf.ragged.constant([[1., 2.], [3.]], dtype=tf.float16), [0, 1]))
print(rt + tf.constant([[2.]]), rt * tf.constant([2.]))
print(tf.nn.moments(ri, [0, 1]))   # (TF's ragged mean of integers is float64: it raises)
""")

_s("ragged_dispatch_dense_operands", _RT + """
r3 = tf.RaggedTensor.from_tensor(tf.constant([[[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]]),
                                 ragged_rank=1)
print(ri + tf.constant([[1], [2], [3]]))
print(tf.constant([[1], [2], [3]]) * ri)
print(ri + tf.constant([[1]]), ri + tf.constant([1]))
print(tf.nn.moments(rt, [1]))
print(tf.nn.moments(rt, [1], keepdims=True))
print(r3 + tf.constant([[[10., 20.]], [[30., 40.]]]))
print(r3 + tf.constant([10., 20.]), r3 * tf.constant([[[2.]]]))
print(tf.math.maximum(rt, tf.constant([[0.], [1.], [2.]])))
@tf.function
def f(rt, d):
    return rt - d, tf.nn.moments(rt, [1])
print(f(rt, tf.constant([[1.], [2.], [3.]])))
v = tf.constant([[1.], [2.], [3.]])
with tf.GradientTape() as tape:
    tape.watch(v)
    y = tf.reduce_sum(rt * v)
print(tape.gradient(y, v))
""")

_errs("ragged_dispatch_math_errors",
      "tf.nn.dropout(tf.ragged.constant([[1.]]), 0.5, noise_shape=[1])",
      "tf.math.reduce_variance(tf.ragged.constant([[1j]]))")

_s("ragged_dispatch_function", _RT + """
@tf.function
def f(rt, ri, rb):
    return (tf.tile(ri, [2, 1]), tf.reverse(ri, [1]), tf.where(rb, rt, -rt),
            tf.one_hot(ri, 6), tf.math.cumsum(rt, axis=1), tf.nn.softmax(rt),
            tf.reduce_all(rb, axis=1), tf.math.unsorted_segment_sum(rt, [0, 1, 0], 2),
            tf.add_n([ri, ri]), tf.nn.relu(rt))
for x in f(rt, ri, rb):
    print(repr(x))
""")

_s("ragged_dispatch_gradients", """
v = tf.constant([1., 2., 3., 4., 5.])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(v)
    rt = tf.RaggedTensor.from_row_lengths(v, [3, 0, 2])
    s = tf.reduce_sum(tf.nn.softmax(rt) * tf.ragged.constant([[1., 2., 3.], [], [4., 5.]]))
    c = tf.reduce_sum(tf.math.cumsum(rt, axis=1))
    t = tf.reduce_sum(tf.tile(rt, [2, 2]))
    u = tf.reduce_sum(tf.math.unsorted_segment_max(rt, [0, 1, 0], 2))
for y in (s, c, t, u):
    print(tape.gradient(y, v))
""")

_s("dynamic_partition_eager", """
x = tf.constant([[1., 2.], [3., 4.], [5., 6.], [7., 8.]])
parts = tf.dynamic_partition(x, tf.constant([1, 0, 1, 2]), 4)
for p in parts:
    print(repr(p))
for p in tf.dynamic_partition(tf.constant([[1, 2], [3, 4]]), [[0, 1], [1, 0]], 2):
    print(repr(p))
print(tf.dynamic_stitch([tf.constant([0, 4]), tf.constant([1, 0])],
                        [tf.constant([1., 3.]), tf.constant([2., 4.])]))
print(tf.dynamic_stitch([[0, 2], [1]], [tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6]])]))
print(tf.dynamic_stitch([[0, 2], [4]], [tf.constant(["a", "b"]), tf.constant(["c"])]))
print(tf.dynamic_stitch([tf.zeros([0], tf.int32)], [tf.zeros([0, 2])]))
v = tf.constant([1., 2., 3., 4.])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(v)
    a, b = tf.dynamic_partition(v, [0, 1, 0, 1], 2)
    y = tf.reduce_sum(a * 2.) + tf.reduce_sum(b * 3.)
    s = tf.dynamic_stitch([tf.constant([0, 2]), tf.constant([1, 0])], [v[:2], v[2:]])
    z = tf.reduce_sum(s * tf.constant([1., 2., 3.]))
print(tape.gradient(y, v))
print(tape.gradient(z, v))
print(tf.ragged.stack_dynamic_partitions(tf.constant(["a", "b", "c", "d"]), [1, 0, 1, 1], 3))
r = tf.ragged.stack_dynamic_partitions(x, tf.constant([2, 0, 2, 0]), 3)
print(repr(r), r.row_splits.dtype)
""")

_errs("dynamic_partition_errors",
      "tf.dynamic_stitch([[0], [1, 2]], [[1.]])",
      "tf.dynamic_partition(tf.constant([1, 2, 3]), tf.constant([0, 2, 1]), 2)",
      "tf.dynamic_partition(tf.constant([1, 2, 3]), tf.constant([0, 1]), 2)",
      "tf.dynamic_stitch([tf.constant([0, 4]), tf.constant([1, 0])], "
      "[tf.constant([1., 3]), tf.constant([2., 4, 5])])")

_s("dynamic_partition_function", """
x = tf.constant([1., 2., 3., 4.])
@tf.function
def f(x):
    a, b = tf.dynamic_partition(x * 2., [0, 1, 0, 1], 2)
    return a, b, tf.dynamic_stitch([[1, 0], [2]], [x[:2], x[2:3]])
for t in f(x):
    print(repr(t))
@tf.function
def grads(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        a, b = tf.dynamic_partition(x, [1, 1, 0, 1], 2)
        s = tf.dynamic_stitch([[0, 1], [1]], [x[:2], x[3:]])
        y = tf.reduce_sum(a) * 3. + tf.reduce_sum(b * b) + tf.reduce_sum(s * [1., 2.])
    return tape.gradient(y, x)
print(grads(x))
print(tf.sparse.from_dense(tf.constant([[0, 3], [4, 0]])))
@tf.function
def g(x, p):
    return tf.ragged.stack_dynamic_partitions(x, p, 3)
print(g(x, tf.constant([2, 0, 2, 1])))
""")

TOLERANCE = {
    "ragged_dispatch_gradients": Tolerance(
        "float32 summation order: the gradient of softmax's row sums adds the rows' terms "
        "in TF's ragged-broadcast order, here by unsorted_segment_sum", rtol=2e-6),
}

_s("ragged_dispatch_logsumexp_and_format", _RT + """
print(tf.reduce_logsumexp(rt, axis=1))
print(tf.reduce_logsumexp(rt))
print(tf.reduce_logsumexp(rt, axis=1, keepdims=True))
print(tf.reduce_logsumexp(tf.ragged.constant([[-float('inf'), 1.], [float('inf')]]), axis=1))
x = tf.Variable([1., -2., 3., 4., 5.])
with tf.GradientTape() as tape:
    y = tf.reduce_logsumexp(tf.RaggedTensor.from_row_splits(x, rt.row_splits), axis=1)
print(y, tape.gradient(y, x))
print(tf.strings.format("x={}", rt))
print(tf.strings.format("{} and {}", (ri, tf.constant(1))))
print(tf.strings.format("{}", tf.ragged.constant([["a", "b'c"], ["d"]])))
print(tf.strings.format("{}", tf.ragged.constant([[1, 2, 3, 4, 5, 6, 7], [], [8]]), summarize=2))
print(tf.strings.format("{}", tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6, 7, 8]]]), summarize=1))
print(tf.strings.format("{}", tf.ragged.constant([[[1, 2], [3, 4]], []], ragged_rank=1)))
print(tf.strings.format("{}", tf.ragged.constant([[1, 2, 3, 4, 5, 6, 7]]), summarize=-1))
@tf.function
def f(r):
    return tf.reduce_logsumexp(r, axis=1), tf.strings.format("r={}", r)
print(f(rt))
""")

_errs("ragged_dispatch_logsumexp_and_format_errors",
      _RT + "tf.reduce_logsumexp(rt, axis=0)",
      _RT + "tf.math.reduce_euclidean_norm(rt, axis=1)",
      _RT + "tf.strings.format('{}', rt, summarize=0)",
      _RT + "tf.strings.format('{} {}', rt)")
