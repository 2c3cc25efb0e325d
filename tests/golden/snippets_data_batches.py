"""Golden snippets: batches of from_tensor_slices chains (data/row_batches.py gathers them
without per-element Python): shuffle, repeat, take, prefetch and with_options before
batch, partial last batches, drop_remainder, strings, bools, 1-D and 3-D components,
reshuffling per repetition, eagerly, as numpy and inside tf.function."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_SHOW = """
def show(ds, k=None):
    print(ds.element_spec, ds.cardinality().numpy())
    for i, e in enumerate(ds):
        if k is not None and i == k:
            break
        for t in tf.nest.flatten(e):
            print(t.dtype.name, t.shape.as_list(), t.numpy().tolist())
"""

_DATA = """
x = np.arange(30, dtype=np.float32).reshape(10, 3)
y = np.arange(10, dtype=np.int64) * 7
"""

_s("batch_plain_partial_and_drop", _SHOW + _DATA + """
show(tf.data.Dataset.from_tensor_slices((x, y)).batch(4))
show(tf.data.Dataset.from_tensor_slices((x, y)).batch(4, drop_remainder=True))
show(tf.data.Dataset.from_tensor_slices({'b': y, 'a': x}).batch(3))
show(tf.data.Dataset.from_tensor_slices(y).batch(20))
show(tf.data.Dataset.from_tensor_slices(y).batch(20, drop_remainder=True))
show(tf.data.Dataset.from_tensor_slices(y).batch(1))
""")

_s("batch_strings_bools_rank3", _SHOW + """
s = np.array([b'a', b'bc', b'', b'def', b'g'])
b = np.array([True, False, True, True, False])
z = np.arange(5 * 2 * 3, dtype=np.int32).reshape(5, 2, 3)
show(tf.data.Dataset.from_tensor_slices((s, b, z)).batch(2))
show(tf.data.Dataset.from_tensor_slices(['x', 'yy', 'zzz']).batch(2))
for e in tf.data.Dataset.from_tensor_slices((s, z)).batch(3).as_numpy_iterator():
    print(e[0], e[0].dtype, e[1].dtype, e[1].shape)
""")

_s("batch_repeat_take", _SHOW + _DATA + """
show(tf.data.Dataset.from_tensor_slices((x, y)).repeat(3).batch(4))
show(tf.data.Dataset.from_tensor_slices(y).batch(4).repeat(2))
show(tf.data.Dataset.from_tensor_slices(y).repeat().batch(7), k=4)
show(tf.data.Dataset.from_tensor_slices(y).take(5).repeat(2).batch(3))
show(tf.data.Dataset.from_tensor_slices(y).repeat(2).take(13).batch(6))
show(tf.data.Dataset.from_tensor_slices(y).take(0).batch(3))
show(tf.data.Dataset.from_tensor_slices(y).take(-1).batch(8))
show(tf.data.Dataset.from_tensor_slices(y).prefetch(2).batch(3).prefetch(1))
show(tf.data.Dataset.from_tensor_slices(y).with_options(tf.data.Options()).batch(6))
show(tf.data.Dataset.from_tensor_slices(np.zeros([0, 2], np.float32)).repeat(3).batch(2))
""")

_s("batch_shuffle_seeded", _SHOW + _DATA + """
tf.random.set_seed(1)   # (the op seeds pair with it: not whatever an earlier snippet set)
show(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(4, seed=3).batch(3))
show(tf.data.Dataset.from_tensor_slices(y).shuffle(100, seed=5).batch(4, drop_remainder=True))
ds = tf.data.Dataset.from_tensor_slices(y).shuffle(6, seed=1).repeat(3).batch(4)
show(ds)
show(ds)
ds = tf.data.Dataset.from_tensor_slices(y).shuffle(6, seed=1, reshuffle_each_iteration=False)
show(ds.repeat(2).batch(5))
show(tf.data.Dataset.from_tensor_slices(y).repeat(2).shuffle(7, seed=9).take(11).batch(4))
tf.random.set_seed(42)
show(tf.data.Dataset.from_tensor_slices(y).shuffle(10).batch(5))
""")

_s("batch_in_tf_function", _DATA + """
tf.random.set_seed(1)
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10, seed=2).batch(
    4, drop_remainder=True)

@tf.function
def total(ds):
    s = tf.constant(0, tf.int64)
    for xb, yb in ds:
        s += tf.reduce_sum(yb) * tf.cast(tf.shape(xb)[0], tf.int64)
    return s
print(total(ds))

it = iter(tf.data.Dataset.from_tensor_slices((x, y)).repeat(2).batch(4))

@tf.function
def step(it):
    xb, yb = next(it)
    return tf.reduce_sum(xb), yb
for _ in range(5):
    print(step(it))
""")

_s("padded_batch_of_scalar_strings", """
ds = tf.data.Dataset.from_tensor_slices((["a", "bb", "ccc"], [[1], [2], [3]]))
@tf.autograph.experimental.do_not_convert
def split(s, v):
    return s, tf.strings.bytes_split(s), v
ds = ds.map(split)
for s, chars, v in ds.padded_batch(2, padded_shapes=([], [None], [1]),
                                     padding_values=(b"", b"-", 0)):
    print(s.numpy(), s.numpy().dtype, [type(x).__name__ for x in s.numpy()], chars.numpy(), v.numpy())
b = next(iter(tf.data.Dataset.from_tensor_slices(["x", "y"]).padded_batch(2)))
print(b, b.numpy()[0] == b"x")
""")
