"""Golden snippets: tf.data iterators read inside tf.function where the element_spec leaves
shapes unknown: a short last batch among the reads of one call (Keras's
steps_per_execution loop), across calls, through get_next_as_optional; ragged and sparse
elements. Values, element_specs, tracing counts and Python side effects of tracing."""
from snippet_registry import CAPTURE, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("iter_fn_short_batch_within_a_call", """
# Three reads in one call over batches of 4, 4 and 2 (the last one short).
ds = tf.data.Dataset.range(10).batch(4)
print(ds.element_spec)
v = tf.Variable(0, dtype=tf.int64)
@tf.function
def f(it):
    print('tracing', it.element_spec)
    s = tf.constant(0, tf.int64)
    sizes = []
    for _ in range(3):
        x = next(it)
        s += tf.reduce_sum(x * x)
        sizes.append(tf.shape(x)[0])
        v.assign_add(tf.reduce_sum(x))
    return s, tf.stack(sizes)
it = iter(ds)
s, sizes = f(it)
print(s, sizes, v.numpy(), f.experimental_get_tracing_count())
try:
    f(it)
except tf.errors.OutOfRangeError as e:
    print(type(e).__name__, str(e).splitlines()[-1].split(' [Op')[0])
print(v.numpy(), f.experimental_get_tracing_count())
it = iter(ds)
print([t.numpy().tolist() for t in f(it)], v.numpy(), f.experimental_get_tracing_count())
""")

_s("iter_fn_short_batch_across_calls", """
# Two reads a call: the second call's second batch is short, the third call has a short
# first batch of another size (one trace, as TF's of unknown batch size).
ds = tf.data.Dataset.range(7).batch(3)
@tf.function
def f(it):
    print('tracing')
    a = it.get_next()
    b = it.get_next_as_optional()
    return tf.reduce_sum(a), tf.size(a), b.has_value(), tf.cond(
        b.has_value(), lambda: tf.reduce_sum(b.get_value()), lambda: tf.constant(-1, tf.int64))
it = iter(ds)
for _ in range(2):
    print([t.numpy().tolist() for t in f(it)])
print(f.experimental_get_tracing_count())
it = iter(tf.data.Dataset.range(5).batch(2))
for _ in range(2):
    print([t.numpy().tolist() for t in f(it)])
print(f.experimental_get_tracing_count())
""")

_s("iter_fn_while_loop_of_optionals", """
# Keras's steps_per_execution loop: a while_loop over get_next_as_optional.
ds = tf.data.Dataset.range(10).batch(4)
total = tf.Variable(0, dtype=tf.int64)
@tf.function
def run(it, steps):
    def cond(i, n, opt):
        return tf.logical_and(i < steps, opt.has_value())
    def body(i, n, opt):
        x = opt.get_value()
        total.assign_add(tf.reduce_sum(x))
        n = n * 100 + tf.cast(tf.size(x), tf.int64)
        nxt = tf.cond(i + 1 < steps, lambda: it.get_next_as_optional(), lambda: opt)
        return i + 1, n, nxt
    i, n, _ = tf.while_loop(cond, body, [tf.constant(0), tf.constant(0, tf.int64),
                                        it.get_next_as_optional()])
    return i, n
it = iter(ds)
print([t.numpy().tolist() for t in run(it, tf.constant(5))], total.numpy())
print(run.experimental_get_tracing_count())
it = iter(ds)
for _ in range(3):
    print([t.numpy().tolist() for t in run(it, tf.constant(2))], total.numpy())
print(run.experimental_get_tracing_count())
""")

_s("iter_fn_optional_last_short_batch", """
ds = tf.data.Dataset.from_tensor_slices(
    {'x': np.arange(10, dtype=np.float32).reshape(5, 2), 'y': np.arange(5)}).batch(2)
@tf.function
def f(it):
    o = it.get_next_as_optional()
    print(o.element_spec)
    return o.has_value(), o.get_value()
it = iter(ds)
for _ in range(3):
    has, value = f(it)
    print(has.numpy(), value['x'].numpy().tolist(), value['y'].numpy().tolist(),
          value['x'].shape)
@tf.function
def g(it):
    o = it.get_next_as_optional()
    return o.has_value()
print(g(it).numpy(), g(it).numpy())
""")

_s("iter_fn_ragged_elements", """
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6], [], [7]])
ds = tf.data.Dataset.from_tensor_slices(rt).batch(2)
print(ds.element_spec)
@tf.function
def f(it):
    x = next(it)
    print('tracing', type(x).__name__, it.element_spec)
    return x, x.row_lengths(), tf.reduce_sum(x, axis=1), x.flat_values * 2
it = iter(ds)
for _ in range(3):
    for t in f(it):
        print(t)
@tf.function
def two(it):
    a = next(it)
    b = next(it)
    return tf.concat([a.flat_values, b.flat_values], 0), a.row_lengths(), b.row_lengths()
print(two(iter(ds)))
print(two(iter(ds.skip(1))))
""")

_s("iter_fn_ragged_in_structure", """
ds = tf.data.Dataset.from_tensor_slices(
    (tf.ragged.constant([['a', 'b'], ['c'], ['d', 'e', 'f']]), [1., 2., 3.])).batch(2)
print(ds.element_spec)
@tf.function
def f(it):
    words, w = next(it)
    return words, words.row_lengths(), w * 2
it = iter(ds)
for _ in range(2):
    for t in f(it):
        print(t)
""")

_s("iter_fn_sparse_elements", """
sp = tf.sparse.SparseTensor([[0, 0], [1, 2], [2, 1], [4, 3]], [1., 2., 3., 4.], [5, 4])
ds = tf.data.Dataset.from_tensor_slices((sp, tf.range(5))).batch(2)
print(ds.element_spec)
@tf.function
def f(it):
    x, y = next(it)
    print('tracing', type(x).__name__)
    return x, tf.sparse.to_dense(x), tf.sparse.reduce_sum(x, axis=1), y
it = iter(ds)
for _ in range(3):
    for t in f(it):
        print(t)
@tf.function
def g(it):
    o = it.get_next_as_optional()
    return o.has_value()
print(g(it).numpy())
""")

_s("iter_fn_sparse_two_reads_in_a_call", """
sp = tf.sparse.SparseTensor([[0, 1], [1, 0], [2, 2]], [1, 2, 3], [3, 3])
ds = tf.data.Dataset.from_tensor_slices(sp).batch(2)
@tf.function
def f(it):
    a = tf.sparse.to_dense(next(it))
    b = tf.sparse.to_dense(next(it))
    return tf.reduce_sum(a, axis=0) + tf.reduce_sum(b, axis=0), tf.shape(b)
print([t.numpy().tolist() for t in f(iter(ds))], f.experimental_get_tracing_count())
""")

_s("iter_fn_ragged_rows", """
# Unbatched rows of a RaggedTensor: dense elements of varying length (ragged_rank 0).
ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
print(ds.element_spec)
@tf.function
def f(it):
    x = next(it)
    return x * 2, tf.size(x)
it = iter(ds)
for _ in range(3):
    print(f(it))
print(f.experimental_get_tracing_count())
""")

_s("iter_fn_past_the_end_in_the_last_trace", """
# Past the end, a call raises at its read in a trace it has: one made for an empty element
# would fail here (row 0 of a batch of none).
ds = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3], [4, 5, 6]]),
                                    output_signature=tf.TensorSpec([None], tf.int32))
@tf.function
def first_row(it):
    print("trace")
    return next(it)[0]
it = iter(ds.padded_batch(2))
for _ in range(3):
    try:
        print(first_row(it).numpy())
    except tf.errors.OutOfRangeError as e:
        print(type(e).__name__, str(e).splitlines()[0])
print(first_row.experimental_get_tracing_count())
""")

_s("iter_fn_read_past_the_end_keeps_independent_updates", """
# TF orders IteratorGetNext with no other op: when it raises at the end, the updates that
# do not depend on the element have run (v), those that do have not (w).
v = tf.Variable(0.)
w = tf.Variable(0.)
@tf.function
def read_first(it):
    x = next(it)
    v.assign_add(1.)
    w.assign_add(tf.reduce_sum(x))
    return x
@tf.function
def read_last(it):
    v.assign_add(1.)
    return it.get_next()
@tf.function
def inner(x):
    v.assign_add(1.)
    return w.assign_add(x)
@tf.function
def nested(it):
    return inner(it.get_next())
@tf.function
def in_a_branch(it, flag):
    v.assign_add(1.)
    if flag:
        w.assign_add(next(it))
    return v.read_value()
for step, args in [(read_first, ()), (read_last, ()), (nested, ()),
                   (in_a_branch, (tf.constant(True),))]:
    it = iter(tf.data.Dataset.from_tensors(5.))
    for _ in range(2):
        try:
            step(it, *args)
            print("ran", v.numpy(), w.numpy())
        except tf.errors.OutOfRangeError:
            print("OutOfRangeError", v.numpy(), w.numpy())
""")

_s("iter_fn_keras_fit_past_the_end_of_unknown_length", """
# Keras's step past the end of a dataset of unknown length advances optimizer.iterations
# (Adam's bias correction in the next epoch) and its dropout seeds, and counts the scalar
# metric's past-the-end update, as under TF.
tf.keras.utils.set_random_seed(0)
x = np.random.rand(64, 4).astype("float32")
y = np.random.rand(64, 1).astype("float32")
def gen():
    for i in range(64):
        yield x[i], y[i]
ds = tf.data.Dataset.from_generator(gen, output_signature=(
    tf.TensorSpec([4]), tf.TensorSpec([1]))).batch(16, drop_remainder=True)
m = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"),
                         tf.keras.layers.Dropout(0.3), tf.keras.layers.Dense(1)])
m.compile(loss="mse", optimizer=tf.keras.optimizers.Adam(0.01), metrics=[
    tf.keras.metrics.MeanMetricWrapper(lambda a, b: tf.reduce_mean(a - b), name="md")])
import warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    h = m.fit(ds, epochs=3, verbose=0)
    print({k: np.round(v, 4).tolist() for k, v in h.history.items()})
    print(int(m.optimizer.iterations), np.round(m.evaluate(ds, verbose=0), 4).tolist())
print(np.round(m.layers[0].kernel.numpy()[0], 4))
""")

_s("iter_fn_read_past_the_end_unknown_dims", """
v = tf.Variable(0)
n = tf.Variable(0)
ds = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3]]),
                                    output_signature=tf.TensorSpec([None], tf.int32))
@tf.function
def step(it):
    x = next(it)
    v.assign_add(1)
    n.assign_add(tf.shape(x)[0])
it = iter(ds)
for _ in range(3):
    try:
        step(it)
    except tf.errors.OutOfRangeError:
        print("OutOfRangeError")
    print(v.numpy(), n.numpy())
""")

_s("iter_fn_static_shapes_of_ops_on_elements", """
# TF traces for the element_spec: what ops make of an unknown batch dimension is unknown
# (None) in their static shapes too, as TF's shape inference leaves it.
ds = tf.data.Dataset.from_tensor_slices(
    (tf.reshape(tf.range(20.), [10, 2]), tf.range(10))).batch(3)
@tf.function
def step(it):
    x, y = next(it)
    z = tf.matmul(x, tf.ones([2, 4]))
    made = {
        "matmul": z, "add_row": z + tf.ones([4]), "add_fixed": x + tf.zeros([3, 2]),
        "concat0": tf.concat([x, tf.zeros([3, 2])], 0),
        "concat1": tf.concat([x, tf.zeros([3, 2])], 1),
        "reduce1": tf.reduce_sum(z, 1), "reduce0": tf.reduce_sum(z, 0),
        "mean": tf.reduce_mean(z), "reshape": tf.reshape(z, [-1, 2]), "first_row": z[0],
        "column": z[:, 1], "slice": z[1:], "transpose": tf.transpose(z),
        "expand": tf.expand_dims(y, -1), "one_hot": tf.one_hot(y, 5),
        "cast": tf.cast(y, tf.float32) * 2.0, "gather": tf.gather(z, [0, 1]),
        "gather_rows": tf.gather(tf.ones([10, 3]), y), "softmax": tf.nn.softmax(z),
        "argmax": tf.argmax(z, 1),
        "xent": tf.nn.sparse_softmax_cross_entropy_with_logits(y % 4, z),
        "stack": tf.stack([y, y]), "pairwise": tf.matmul(z, z, transpose_b=True),
        "tile": tf.tile(x, [2, 1]), "pad": tf.pad(x, [[1, 1], [0, 0]]),
    }
    for k, v in made.items():
        print(k, v.shape)
    print(z)
    return z, made["reduce1"]
it = iter(ds)
out = step(it)
print([t.shape for t in out], out[1].numpy())
print(step.get_concrete_function(it).structured_outputs)
print(step.get_concrete_function(it).output_shapes)
""")

_s("iter_fn_shape_values_of_unknown_dimensions", """
# tf.shape of an element of unknown batch size: TF does not know that size, and the shapes
# made from it (Keras's Flatten and Reshape) leave it unknown.
import keras
ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(60.), [5, 3, 4])).batch(2)
flatten, reshape = keras.layers.Flatten(), keras.layers.Reshape((6, 2))
@tf.function
def step(it):
    x = next(it)
    s = tf.shape(x)
    made = {
        "shape": s, "s0": s[0], "s1": s[1], "s_tail": s[1:],
        "flatten": tf.reshape(x, [s[0], -1]),
        "flatten_tuple": tf.reshape(x, (s[0], 12)),
        "flatten_concat": tf.reshape(x, tf.concat([s[:1], [12]], 0)),
        "reshape_minus": tf.reshape(x, [-1, 4]),
        "zeros_like_shape": tf.zeros(s), "zeros_batch": tf.zeros([s[0], 7]),
        "ones_stack": tf.ones(tf.stack([s[0], 2])), "fill": tf.fill([s[0], 2], 1.0),
        "broadcast_to": tf.broadcast_to(tf.ones([1, 4]), [s[0], 4]),
        "zeros_like": tf.zeros_like(x), "ones_like": tf.ones_like(x[:, 0]),
        "size": tf.size(x), "cast_shape": tf.cast(s, tf.float32),
        "int64_shape": tf.cast(s, tf.int64),
        "tile_mult": tf.tile(tf.ones([1, 2]), [s[0], 1]),
        "keras_flatten": flatten(x), "keras_reshape": reshape(x),
    }
    for k, v in made.items():
        print(k, v.shape)
    print(tf.get_static_value(s), tf.get_static_value(s, partial=True))
    return made["keras_flatten"], made["zeros_batch"]
out = step(iter(ds))
print([t.shape for t in out], out[0].numpy()[1, :3])
""")

_s("iter_fn_static_shapes_through_control_flow_and_random_ops", """
# What TF's control flow, random ops and maps make of an unknown batch dimension.
ds = tf.data.Dataset.from_tensor_slices(
    (tf.reshape(tf.range(40.), [10, 4]), tf.range(10))).batch(3)
@tf.function
def step(it):
    x, y = next(it)
    s = tf.shape(x)
    made = {
        "range": tf.range(s[0]), "uniform": tf.random.uniform(s),
        "normal": tf.random.normal([s[0], 2]),
        "stateless": tf.random.stateless_uniform([s[0], 2], seed=[1, 2]),
        "cond": tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2, lambda: x),
        "map_fn": tf.map_fn(lambda r: r * 2, x),
        "vectorized": tf.vectorized_map(lambda r: r * 2, x),
        "scan": tf.scan(lambda a, r: a + r, x),
        "while": tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 2), (0, x))[1],
        "dropout": tf.nn.dropout(x, 0.5, seed=1),
        "sequence_mask": tf.sequence_mask(y, 5),
        "where": tf.where(x > 5, x, tf.zeros_like(x)),
        "sort": tf.sort(x, axis=0), "topk": tf.math.top_k(x, 2).values,
        "einsum": tf.einsum("bi,ij->bj", x, tf.ones([4, 3])),
        "segment": tf.math.unsorted_segment_sum(x, y % 2, 2),
        "split": tf.split(x, 2, axis=1)[0],
    }
    if tf.reduce_sum(x) > 1000.:
        z = x + 1.
    else:
        z = x - 1.
    made["autograph_if"] = z
    total = tf.constant(0.)
    for row in x:
        total += tf.reduce_sum(row)
    made["row_loop"] = total
    for k, v in made.items():
        print(k, v.shape)
    return made["cond"], made["row_loop"]
out = step(iter(ds))
print([t.shape for t in out], out[1].numpy())
""")

_s("iter_fn_random_ops_draw_on_across_a_short_last_batch", """
# TF traces once for the element_spec: its random op is one kernel whose numbers go on
# from call to call, the short last batch's call too.
tf.random.set_seed(7)
ds = tf.data.Dataset.from_tensor_slices(tf.ones([20, 2])).batch(8)
@tf.function
def step(it):
    x = next(it)
    return tf.random.normal(tf.shape(x), seed=3), tf.random.uniform([2])
for _ in range(2):
    it = iter(ds)
    for _ in range(3):
        a, b = step(it)
        print(np.round(a.numpy()[:, 0], 4).tolist(), np.round(b.numpy(), 4).tolist())
print(step.experimental_get_tracing_count())
""")

_s("iter_fn_nested_function_outputs_of_unknown_batch", """
# A tf.function called in another's trace with an element of unknown batch size: its
# outputs' static shapes are its graph's.
ds = tf.data.Dataset.from_tensor_slices(tf.ones([10, 4])).batch(3)
@tf.function
def inner(x):
    print("inner", x.shape)
    return tf.nn.softmax(x) * 2.0, tf.reduce_sum(x)
@tf.function
def outer(it):
    x = next(it)
    a, b = inner(x)
    c = inner(x[:, :2])[0]
    print("outer", a.shape, b.shape, c.shape)
    return a
print(outer(iter(ds)).shape)
""")

_s("iter_fn_static_shapes_of_nn_and_image_ops", """
# Convolutions, pooling, normalization, image and sorting ops on an element of unknown
# batch size keep it unknown.
ds = tf.data.Dataset.from_tensor_slices((tf.ones([10, 8, 8, 3]), tf.range(10))).batch(3)
@tf.function
def step(it):
    x, y = next(it)
    flat = tf.reshape(x, [-1, 192])
    made = {
        "conv": tf.nn.conv2d(x, tf.ones([3, 3, 3, 4]), 1, "SAME"),
        "conv_valid_s2": tf.nn.conv2d(x, tf.ones([3, 3, 3, 4]), 2, "VALID"),
        "depthwise": tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 3, 1]), [1, 1, 1, 1], "SAME"),
        "maxpool": tf.nn.max_pool2d(x, 2, 2, "VALID"),
        "avgpool": tf.nn.avg_pool2d(x, 3, 1, "SAME"),
        "moments": tf.nn.moments(x, [0, 1, 2])[0],
        "bn": tf.nn.batch_normalization(x, 0., 1., 0., 1., 1e-3),
        "resize": tf.image.resize(x, [4, 4]), "flip": tf.image.flip_left_right(x),
        "random_flip": tf.image.random_flip_left_right(x, seed=1),
        "embedding": tf.nn.embedding_lookup(tf.ones([10, 5]), y),
        "argsort": tf.argsort(flat, axis=1), "std": tf.math.reduce_std(x, axis=[1, 2]),
        "batch_matmul": tf.matmul(tf.reshape(x, [-1, 8, 24]), tf.ones([24, 2])),
        "log_softmax": tf.nn.log_softmax(flat), "l2_loss": tf.nn.l2_loss(x),
        "gather_axis1": tf.gather(x, [0, 2], axis=1), "reverse": tf.reverse(x, [1]),
        "pad_reflect": tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], "REFLECT"),
        "conv1d": tf.nn.conv1d(tf.reshape(x, [-1, 64, 3]), tf.ones([3, 3, 2]), 1, "SAME"),
        "top_k_idx": tf.math.top_k(flat, 3).indices,
        "image_std": tf.image.per_image_standardization(x),
        "rgb_gray": tf.image.rgb_to_grayscale(x),
    }
    for k, v in made.items():
        print(k, v.shape)
    return made["conv"]
print(step(iter(ds)).shape)
""")

_s("iter_fn_unknown_sizes_as_op_arguments", """
# A batch size TF does not know, given as a size argument (tf.eye, tf.sequence_mask), and
# slices that take the rest of an unknown dimension.
ds = tf.data.Dataset.from_tensor_slices((tf.ones([10, 4]), tf.range(10))).batch(3)
@tf.function
def step(it):
    x, y = next(it)
    s = tf.shape(x)
    made = {
        "eye": tf.eye(s[0]), "eye_columns": tf.eye(4, s[0]),
        "sequence_mask": tf.sequence_mask(tf.range(4), s[0]), "ones": tf.ones(s[0]),
        "tile": tf.tile(tf.expand_dims(tf.range(4), 0), [s[0], 1]),
        "central_crop": tf.image.central_crop(tf.reshape(x, [-1, 2, 2, 1]), 0.5),
        "slice_rest": tf.slice(x, [0, 1], [-1, 2]), "slice_rest_1": tf.slice(x, [1, 0], [-1, 4]),
        "unstack": tf.unstack(x, axis=1)[0], "diag": tf.linalg.diag(x),
        "tensordot": tf.tensordot(x, tf.ones([4, 2]), 1),
    }
    for k, v in made.items():
        print(k, v.shape)
    return made["slice_rest_1"]
print(step(iter(ds)).shape)
""")

_s("iter_fn_unstack_of_unknown_batch", """
# tf.unstack needs a static dimension (TF's "Cannot infer argument `num`"); a TensorArray
# unstacks an unknown one.
ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(12.), [6, 2])).batch(4)
@tf.function
def step(it):
    x = next(it)
    try:
        tf.unstack(x)
    except ValueError as e:
        print("ValueError", e)
    print(len(tf.unstack(x, axis=1)))
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True).unstack(x)
    print(ta.element_shape)
    return ta.read(1), ta.size()
it = iter(ds)
print(step(it))
print(step(it))
""")

_s("iter_fn_gradient_through_reshape_of_unknown_batch", """
# A reshape whose -1 stands beside the unknown batch size: (None, None), and on the tape.
ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(24.), [6, 2, 2])).batch(4)
v = tf.Variable(2.0)
@tf.function
def step(it):
    x = next(it)
    with tf.GradientTape() as tape:
        y = tf.reshape(x * v, [tf.shape(x)[0], -1])
        print(y.shape)
        loss = tf.reduce_sum(y * y)
    return tape.gradient(loss, v)
it = iter(ds)
print(step(it), step(it))
""")

_s("iter_fn_keras_evaluate_weights_per_output_losses_by_static_batch", """
# Keras weights each output's loss by y_pred.shape[0]: None under TF's trace, so each
# batch (the short last one too) counts once in the per-output losses.
import keras
a = keras.Input((2,))
h = keras.layers.Dense(3, kernel_initializer="ones", bias_initializer="zeros")(a)
o1 = keras.layers.Dense(1, name="reg", kernel_initializer="ones")(h)
o2 = keras.layers.Dense(2, name="cls", kernel_initializer="zeros")(h)
m = keras.Model(a, [o1, o2])
m.compile(loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"})
x = np.arange(14, dtype="float32").reshape(7, 2) / 10
yr = np.arange(7, dtype="float32").reshape(7, 1)
yc = np.array([0, 1, 1, 0, 1, 0, 0])
print({k: round(float(v), 4) for k, v in m.evaluate(
    x, {"reg": yr, "cls": yc}, batch_size=5, verbose=0, return_dict=True).items()})
print([round(float(v), 4) for v in m.evaluate(x, {"reg": yr, "cls": yc}, batch_size=3,
                                             verbose=0)])
""")

_p = SNIPPETS.adder(CAPTURE.strip("\n") + "\n")   # (tf.print writes to fd 1 under TF)

_p("iter_fn_read_past_the_end_prints_once", """
# The updates made after a failed read are not a second run: a tf.print beside them has
# printed once.
v = tf.Variable(0.)
@tf.function
def step(it):
    tf.print("step", output_stream=sys.stdout)
    v.assign_add(1.)
    return next(it)
def call(it, raised):
    try:
        step(it)
    except tf.errors.OutOfRangeError:
        raised.append("OutOfRangeError")
it = iter(tf.data.Dataset.from_tensors(1.))
for _ in range(2):
    raised = []
    print(captured(call, it, raised), end="")
    print(raised, v.numpy())
""")

_s("iter_fn_read_past_the_end_counts_unknown_batches", """
# Past the end of a dataset of unknown length whose batches have unknown size: the
# updates that do not depend on the element run (iterations), a count of rows computed
# from tf.shape or tf.size does not; Keras's metrics count so.
@tf.autograph.experimental.do_not_convert
def keep(*a):
    return True
@tf.autograph.experimental.do_not_convert
def to_float(a):
    return tf.cast(a, tf.float32)
ds = tf.data.Dataset.range(10).filter(keep).map(to_float).batch(4)
count, total, size, steps = (tf.Variable(0.), tf.Variable(0.), tf.Variable(0),
                             tf.Variable(0))
@tf.function
def step(it):
    x = next(it)
    count.assign_add(tf.cast(tf.shape(x)[0], tf.float32) * 2.)
    size.assign_add(tf.size(x))
    total.assign_add(tf.reduce_sum(x))
    steps.assign_add(1)
it = iter(ds)
for _ in range(4):
    try:
        step(it)
    except tf.errors.OutOfRangeError:
        print("OutOfRangeError")
    print(count.numpy(), total.numpy(), size.numpy(), steps.numpy())
tf.keras.utils.set_random_seed(1)
x = np.random.RandomState(0).rand(10, 3).astype("float32")
y = (x.sum(1) > 1.5).astype("float32")
ds = tf.data.Dataset.from_tensor_slices((x, y)).filter(keep).batch(4)
m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation="sigmoid")])
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
import warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    h = m.fit(ds, epochs=3, verbose=0)
print({k: np.round(v, 5).tolist() for k, v in h.history.items()})
print(int(m.optimizer.iterations), [np.round(v.numpy(), 4).tolist() for v in m.metrics_variables])
print(np.round(m.layers[0].kernel.numpy().ravel(), 5))
""")
