"""Golden snippets for ops inside a tf.function whose output shapes (or shape arguments)
depend on values computed in it: TF's graph gives them unknown dimensions; XLA compiles
static shapes, so tfcompat runs such a function's calls eagerly (CallsRunEagerly). Values,
dtypes, shapes, trace counts, variables created on the first call, gradients, and what
Python prints while the function is traced up to that op."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("masks_and_indices", """
@tf.function
def f(x):
    y = tf.boolean_mask(x, x > 0)
    idx = tf.where(x < 0)
    u, i = tf.unique(tf.cast(tf.abs(x), tf.int32))
    return y, idx, u, i, tf.shape(y), tf.size(idx)

for v in ([1., -2., 3., -2.], [-1., -1., 4., 5.], [0., 0., 0., 0.]):
    for t in f(tf.constant(v)):
        print(repr(t))
print(f.experimental_get_tracing_count())
""")

_s("partitions_bincount_and_ranges", """
@tf.function
def f(x):
    parts = tf.dynamic_partition(x, tf.cast(x > 1.5, tf.int32), 2)
    stitched = tf.dynamic_stitch([tf.cast(x, tf.int32) - 1], [x * 10.])
    n = tf.cast(tf.reduce_sum(x), tf.int32)
    return (parts, stitched, tf.math.bincount(tf.cast(x, tf.int32)), tf.range(n),
            tf.zeros([n, 2]), tf.fill(tf.stack([n]), 7), tf.reshape(tf.range(n * 2), [n, 2]))

print(f(tf.constant([1., 2., 3.])))
print(f(tf.constant([2., 1., 4.])))
""")

_s("sparse_and_sets_of_computed_values", """
@tf.function
def f(x):
    s = tf.sparse.from_dense(x * 2.)
    kept = tf.sparse.retain(s, s.values > 2.)
    inter = tf.sets.intersection(tf.cast(x, tf.int32), tf.constant([[1, 3], [2, 4]]))
    return s, kept, tf.sparse.to_dense(kept), tf.sparse.reduce_sum(s, 1), inter

for t in f(tf.constant([[0., 1.], [3., 2.]])):
    print(t)
""")

_s("strings_split_in_function", """
@tf.function
def f(s):
    words = tf.strings.split(s)
    chars = tf.strings.unicode_split(s, "UTF-8")
    codes = tf.strings.unicode_decode(s, "UTF-8")
    return words, chars, codes, tf.strings.bytes_split(s), words.row_lengths()

for t in f(tf.constant(["a bc d", "ef", ""])):
    print(t)
r = f(tf.constant(["x y"]))[0]
print(r, r.shape, r.dtype)
""")

_s("parsing_in_function", """
def example(**features):
    return tf.train.Example(features=tf.train.Features(feature={
        k: tf.train.Feature(int64_list=tf.train.Int64List(value=v))
        for k, v in features.items()})).SerializeToString()

@tf.function
def parse(s):
    return tf.io.parse_single_example(s, {
        "a": tf.io.VarLenFeature(tf.int64),
        "b": tf.io.RaggedFeature(tf.int64),
        "c": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})

out = parse(tf.constant(example(a=[1, 2], b=[3], c=[4, 5, 6])))
print(tf.sparse.to_dense(out["a"]), out["b"], out["c"])

@tf.function
def parse_sequence(s):
    return tf.io.parse_single_sequence_example(
        s, sequence_features={"a": tf.io.VarLenFeature(tf.int64)})

context, sequence = parse_sequence(tf.constant(tf.train.SequenceExample().SerializeToString()))
print(context, sequence["a"])
""")

_s("prints_tracing_count_and_side_effects", """
v = tf.Variable([1., 2., 3.])
calls = []

@tf.function
def f(x):
    print("traced", x.shape)
    calls.append(1)
    tf.print("running", x)
    y = tf.boolean_mask(x, x > 0)
    v.assign_add(tf.ones(3))
    return tf.reduce_sum(y)

print(f(tf.constant([1., -1., 2.])))
print(f(tf.constant([-1., -1., 2.])))
print(f(tf.constant([-1., -1.])))
print(f.experimental_get_tracing_count(), v.numpy())
""")

_s("variables_created_on_first_call", """
class M(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(tf.zeros([3]) + 2.0)
            self.w = tf.Variable(tf.random.stateless_normal([3], seed=[1, 2]))
        return tf.boolean_mask(x * self.v, x > 0) + tf.reduce_sum(self.w)

m = M()
print(m(tf.constant([1., -2., 3.])))
print(m(tf.constant([1., 2., 3.])))
print(m.v.numpy(), len(m.variables))

class Late(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        y = tf.boolean_mask(x, x > 0)
        if self.v is None:
            self.v = tf.Variable(3.0)
        return y * self.v

late = Late()
print(late(tf.constant([1., -2.])))
print(late(tf.constant([4., 5.])))
""")

_s("variable_created_on_every_call_error", """
@tf.function
def g(x):
    w = tf.Variable(1.0)
    return tf.boolean_mask(x, x > 0) * w

try:
    print(g(tf.constant([1., -2.])))
except ValueError as e:
    print([line.strip() for line in str(e).splitlines() if line.strip()][-1])
""")

_s("gradients_through_masks", """
x = tf.Variable([1., -2., 3., 4.])

@tf.function
def step():
    with tf.GradientTape() as tape:
        y = tf.boolean_mask(x * x, x > 0)
        loss = tf.reduce_sum(y * tf.range(1., tf.cast(tf.size(y), tf.float32) + 1.))
    return loss, tape.gradient(loss, x)

print(step())
x.assign([-1., 2., -3., 5.])
print(step())

@tf.function
def inner(x):
    return tf.boolean_mask(x, x > 1.)

with tf.GradientTape() as tape:
    c = tf.constant([1., 2., 3.])
    tape.watch(c)
    s = tf.reduce_sum(inner(c) ** 2)
print(s, tape.gradient(s, c))
""")

_s("nested_and_control_flow", """
@tf.function
def inner(x):
    return tf.boolean_mask(x, x > 0)

@tf.function
def outer(x):
    total = tf.constant(0.)
    for i in tf.range(3):
        total += tf.reduce_sum(inner(x - tf.cast(i, tf.float32)))
    if tf.reduce_sum(x) > 0:
        y = tf.where(x > 1.)
    else:
        y = tf.where(x > 100.)
    return total, y

print(outer(tf.constant([0.5, 1.5, 2.5])))
print(outer(tf.constant([-5., 1.5, 2.5])))
""")

_s("python_after_the_op_and_side_effects", """
calls = []

@tf.function
def f(x):
    print("before", x.shape)
    y = tf.boolean_mask(x, x > 0)
    print("after", y.shape)
    calls.append(1)
    return y

print(f(tf.constant([1., -1.])))
print(f(tf.constant([2., 3.])))
print(len(calls), f.experimental_get_tracing_count())
""")

_s("dataset_map_of_value_shaped_ops", """
def positive(x):
    return tf.boolean_mask(x, x > 0)

def unique(x):
    return tf.unique(x)[0]

def upto(n):
    return tf.range(n)

def words(s):
    return tf.strings.split(s)

ds = tf.data.Dataset.from_tensor_slices([[1., -1.], [2., 3.], [-1., -2.]]).map(positive)
print(ds.element_spec)
print(list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices([[1, 1, 2], [2, 3, 4]]).map(unique)
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices([[True, False], [True, True]]).map(tf.where)
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.range(4).map(upto)
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2], [3, 4]], tf.uint8)).map(positive)
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices(["a b", "c"]).map(words).padded_batch(2)
print(ds.element_spec, list(ds.as_numpy_iterator()))
""")

_s("hits_suppression_and_collapse_in_function", """
@tf.function
def f(true_classes, sampled, boxes, scores, labels):
    hits = tf.nn.compute_accidental_hits(true_classes + 0, sampled, num_true=1)
    keep = tf.image.non_max_suppression(boxes, scores * 1.0, 3, 0.5)
    collapsed = tf.nn.collapse_repeated(labels * 1, tf.constant([4, 3]))
    return hits, keep, collapsed

print(f(tf.constant([[1], [2]], tf.int64), tf.constant([1, 3, 2], tf.int64),
        tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3.]]),
        tf.constant([0.9, 0.8, 0.7]), tf.constant([[1, 1, 2, 2], [3, 3, 3, 0]])))
""")

_s("graph_built_outputs_of_unknown_size", """
g = tf.__internal__.FuncGraph("scratch")
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, shape=(None, 4))
    print(tf.boolean_mask(x, x[:, 0] > 0).shape, tf.boolean_mask(x, x > 0).shape)
    print(tf.where(x > 0).shape, tf.boolean_mask(x, x[0] > 0, axis=1).shape)
    n = tf.compat.v1.placeholder(tf.int32, shape=(None,))
    y, idx, count = tf.unique_with_counts(n * 2, out_idx=tf.int64)
    print(y.shape, idx.shape, count.shape, y.dtype, count.dtype, tf.unique(n).y.shape)
    seq = tf.compat.v1.placeholder(tf.float32, shape=(None, None, 8))
    positions = tf.range(tf.shape(seq)[1])
    print(positions.shape, positions.dtype, tf.range(2, tf.shape(seq)[0]).shape,
          tf.range(tf.reduce_sum(n)).shape, (seq + tf.cast(positions, tf.float32)[:, None]).shape)
""")

_s("keras_layers_with_masks", """
class Positive(tf.keras.layers.Layer):
    def call(self, x):
        return tf.boolean_mask(x, x > 0)

inp = tf.keras.Input((4,))
print(Positive()(inp).shape)

class AddPositions(tf.keras.layers.Layer):
    def call(self, x):
        return x + tf.cast(tf.range(tf.shape(x)[1]), x.dtype)[:, None]

seq = tf.keras.Input((None, 3))
out = AddPositions()(seq)
print(out.shape, tf.keras.Model(seq, out)(tf.zeros([1, 2, 3])).numpy().tolist())

class MaskedShift(tf.keras.layers.Layer):
    def call(self, x):
        return x + tf.reduce_sum(tf.boolean_mask(x, x[:, 0] > 0)) * 0.01

tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.layers.Dense(4), MaskedShift(), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
x = np.random.default_rng(0).normal(size=(64, 3)).astype("float32")
history = model.fit(x, x.sum(1, keepdims=True), epochs=2, batch_size=16, verbose=0)
print([round(v, 5) for v in history.history["loss"]])
print(np.round(model.predict(x[:3], verbose=0), 5))
""")

_s("cond_branch_of_value_dependent_shape", """
# Only one branch of a tf.cond has an op of value-dependent output shape: a call whose
# predicate selects it gives TF's values (tfcompat runs that call eagerly), and so do the
# others (compiled); the Variable is updated once per call.
v = tf.Variable([0., 0., 0., 0.])

@tf.function
def f(x, t):
    y = x * 2.
    z = tf.cond(t > 0, lambda: tf.reduce_sum(tf.boolean_mask(y, y > 3.)),
                lambda: tf.reduce_sum(y))
    w = tf.cond(t > 1, lambda: tf.unique(tf.cast(y, tf.int32))[0], lambda: tf.cast(y, tf.int32))
    v.assign_add(y)
    return z, w

x = tf.constant([1., 2., 2., 4.])
for t in (0, 1, 2, 0, 2):
    z, w = f(x, tf.constant(t))
    print(t, repr(z), repr(w))
print(v.numpy(), f.experimental_get_tracing_count())

def br(t, y):
    return tf.cond(t > 0, lambda: tf.reduce_sum(tf.boolean_mask(y, y > 3.)),
                   lambda: tf.reduce_sum(y))

@tf.function
def doubled(y, t):
    return br(t, y * 2.)

c = doubled.get_concrete_function(tf.TensorSpec([4]), tf.TensorSpec([], tf.int32))
print(repr(c(x, tf.constant(0))), repr(c(x, tf.constant(1))))

@tf.function
def g(y, t):
    return br(t, y * y)

xv = tf.Variable(x)
for t in (0, 1):
    with tf.GradientTape() as tape:
        z = g(xv, tf.constant(t))
    print(repr(z), repr(tape.gradient(z, xv)))

@tf.function
def h(y, t):
    with tf.GradientTape() as tape:
        tape.watch(y)
        z = br(t, y * y)
    return z, tape.gradient(z, y)

@tf.function
def loop(y, n):
    s = tf.constant(0.)
    for i in tf.range(n):
        s += br(i - 1, y)
    return s

for t in (0, 1):
    print(h(x, tf.constant(t)), repr(loop(x, tf.constant(t + 2))))

def element(i):
    return br(tf.cast(i, tf.int32) - 1, x)

print(list(tf.data.Dataset.range(3).map(element).as_numpy_iterator()))
""")

_s("cond_branch_of_value_dependent_shape_with_prints", """
@tf.function
def f(x, t):
    tf.print("before", t)
    y = tf.cond(t > 0, lambda: tf.reduce_sum(tf.boolean_mask(x, x > 1.)),
                lambda: tf.reduce_sum(x))
    tf.print("after", y)
    return y

x = tf.constant([1., 2., 3.])
for t in (0, 1, 0):
    print(repr(f(x, tf.constant(t))))
""")

_s("if_branch_of_value_dependent_shape", """
@tf.function
def f(x, t):
    if t > 0:
        y = tf.reduce_sum(tf.boolean_mask(x, x > 1.))
    else:
        y = tf.reduce_sum(x)
    return y

x = tf.constant([1., 2., 3.])
print([repr(f(x, tf.constant(t))) for t in (0, 1, 0, 1)], f.experimental_get_tracing_count())
""")
