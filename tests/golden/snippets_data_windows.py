"""Golden snippets: datasets of datasets (data/windowing.py). Dataset.window with size,
shift, stride and drop_remainder on scalars, tuples and dicts (windows, their reprs and
cardinalities), flat_map/interleave of windows into batches, group_by_window (window_size
and window_size_func, the groups left at the end by key), bucket_by_sequence_length
(padded per bucket, pad_to_bucket_boundary, padded_shapes and padding_values,
no_padding, drop_remainder), tf.data.DatasetSpec / IteratorSpec / NumpyIterator, the
pipelines inside tf.function and as its arguments, and the argument errors."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
def show(ds):
    print(repr(ds), ds.cardinality().numpy())
    for e in ds:
        print([np.asarray(t.numpy()).tolist() for t in tf.nest.flatten(e)])
def windows(ds):
    print(ds.element_spec, ds.cardinality().numpy())
    for w in ds:
        print([(repr(c), int(c.cardinality()),
                [getattr(x, 'tolist', lambda: x)() for x in c.as_numpy_iterator()])
               for c in tf.nest.flatten(w)])
def batch4(w):
    return w.batch(4)
def batch3(w):
    return w.batch(3)
def batch3_drop(w):
    return w.batch(3, drop_remainder=True)
def total(w):
    return w.reduce(tf.constant(0, tf.int64), add)
def add(s, v):
    return s + v
def mod3(x):
    return x % 3
def mod2(x):
    return x % 2
def length(x):
    return tf.shape(x)[0]
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
""")
_s = SNIPPETS.add

_s("window_scalars_shift_stride_drop", """
ds = tf.data.Dataset.range(7)
windows(ds.window(3, shift=2))
for size, shift, stride in [(3, 1, 2), (3, 2, 1), (3, None, 1), (10, 1, 1), (2, 3, 1),
                            (3, 2, 3), (1, 1, 1), (2, 5, 2), (4, 4, 1), (7, 1, 1)]:
    for drop in (False, True):
        w = ds.window(size, shift=shift, stride=stride, drop_remainder=drop)
        print(size, shift, stride, drop, w.cardinality().numpy(),
              [[int(x) for x in c] for c in w])
windows(tf.data.Dataset.range(0).window(2))
windows(tf.data.Dataset.range(5).window(tf.constant(2, tf.int64), tf.constant(3, tf.int64)))
""")

_s("window_tuples_and_dicts", """
x = np.arange(12.).reshape(6, 2)
y = np.array([b'a', b'b', b'c', b'd', b'e', b'f'])
windows(tf.data.Dataset.from_tensor_slices((np.arange(6), x)).window(4, 2))
windows(tf.data.Dataset.from_tensor_slices({'y': y, 'a': (np.arange(6), x)}).window(3, 3, 2))
w = tf.data.Dataset.from_tensor_slices({'b': np.arange(5), 'a': np.arange(5) * 2}).window(2)
print(w.element_spec)
print(next(iter(w)))
""")

_s("window_flat_map_batches", """
ds = tf.data.Dataset.range(10)
show(ds.window(4, 2, drop_remainder=True).flat_map(batch4))
show(ds.window(4, 3).flat_map(batch4))
show(ds.window(3, 1, 2, True).flat_map(batch3_drop))
x = np.arange(20.).reshape(10, 2).astype(np.float32)
pairs = tf.data.Dataset.from_tensor_slices((x, np.arange(10)))
def zip_batches(a, b):
    return tf.data.Dataset.zip((a.batch(3), b.batch(3)))
show(pairs.window(3, 2, drop_remainder=True).flat_map(zip_batches))
d = tf.data.Dataset.from_tensor_slices({'f': x, 'l': np.arange(10)})
def zip_dict(w):
    return tf.data.Dataset.zip({'f': w['f'].batch(5), 'l': w['l'].batch(5)})
def double_f(e):
    return e['f'] * 2
show(d.window(5, 5).flat_map(zip_dict).map(double_f))
def times10(v):
    return v * 10
def scaled(w):
    return w.map(times10)
show(ds.window(3).interleave(scaled, cycle_length=2))
show(ds.window(3, drop_remainder=True).flat_map(batch3).unbatch().take(5))
def skip1(w):
    return w.skip(1)
show(ds.window(2).flat_map(skip1))
show(ds.window(4).map(total))
def big(w):
    return total(w) > 5
show(ds.window(3, drop_remainder=True).filter(big).flat_map(batch3))
""")

_s("window_cardinalities_and_reprs", """
ds = tf.data.Dataset.range(7)
def above1(x):
    return x > 1
for w in [ds.repeat().window(3), ds.filter(above1).window(3),
          ds.window(3).repeat(2), ds.window(3).take(2), ds.window(2).skip(1),
          ds.window(3, drop_remainder=True).concatenate(ds.window(2))]:
    print(repr(w), w.cardinality().numpy())
print(repr(ds.window(3).flat_map(batch3)))
print([repr(c) for c in ds.window(3)][:1], len(ds.window(3, 2)))
""")

_s("window_errors", """
ds = tf.data.Dataset.range(7)
E(lambda: ds.window(0))
E(lambda: ds.window(2, 0))
E(lambda: ds.window(2, 1, 0))
E(lambda: ds.window(-1))
E(lambda: ds.window(2, -3))
E(lambda: ds.window('a'))
try:
    ds.window(2, tf.constant(3))
except Exception as e:
    print(type(e).__name__)
E(lambda: list(ds.window(2).as_numpy_iterator()))
def same(w):
    return w
E(lambda: ds.window(2).flat_map(same))
""")

_s("specs_and_numpy_iterator", """
spec = tf.data.DatasetSpec(tf.TensorSpec([], tf.int64))
print(repr(spec), spec.element_spec, repr(tf.data.DatasetSpec(spec, [3])))
print(repr(tf.data.DatasetSpec.from_value(tf.data.Dataset.from_tensor_slices(
    ({'a': [1., 2.]}, [[1], [2]])))))
print(spec == tf.data.DatasetSpec(tf.TensorSpec([], tf.int64)),
      spec == tf.data.DatasetSpec(tf.TensorSpec([], tf.int32)), spec.value_type.__name__)
print(spec.is_compatible_with(tf.data.Dataset.range(3)),
      spec.is_compatible_with(tf.data.Dataset.range(3).batch(2)),
      tf.data.DatasetSpec(tf.TensorSpec([2], tf.int64)).is_subtype_of(
          tf.data.DatasetSpec(tf.TensorSpec([None], tf.int64))))
print(isinstance(spec, tf.TypeSpec), isinstance(tf.data.IteratorSpec(spec), tf.TypeSpec))
it = iter(tf.data.Dataset.range(3))
print(repr(tf.data.IteratorSpec(it.element_spec)), repr(tf.data.IteratorSpec.from_value(it)))
print(tf.data.IteratorSpec(it.element_spec) == tf.data.IteratorSpec.from_value(it),
      tf.data.IteratorSpec.__name__)
n = tf.data.Dataset.from_tensor_slices(([1, 2], [[3.], [4.]])).as_numpy_iterator()
print(type(n).__name__, isinstance(n, tf.data.NumpyIterator), repr(n).split(' object')[0])
print(list(n), list(n))
n = tf.data.Dataset.range(3).as_numpy_iterator()
print(next(n), n.next(), [x for x in n])
""")

_s("group_by_window_basic", """
ds = tf.data.Dataset.range(10)
def batch10(k, w):
    return w.batch(10)
show(ds.group_by_window(mod3, batch10, window_size=2))
def rev3(x):
    return 2 - x % 3
show(ds.group_by_window(rev3, batch10, window_size=5))
def shifted(k, w):
    return w.batch(2).map(lambda b: b + k * 100)
def size_of(k):
    return k + 2
show(ds.group_by_window(mod2, shifted, window_size_func=size_of))
def quarter(x):
    return x // 4
def by4(k, w):
    return w.batch(4)
show(ds.group_by_window(quarter, by4, window_size=tf.constant(3, tf.int64)))
pairs = tf.data.Dataset.from_tensor_slices((np.arange(8), np.arange(8) * 1.5))
def pair_key(a, b):
    return a % 2
def by3(k, w):
    return w.batch(3)
show(pairs.group_by_window(pair_key, by3, 3))
strs = tf.data.Dataset.from_tensor_slices({'k': [1, 2, 1, 1, 2],
                                           'v': [b'a', b'b', b'c', b'd', b'e']})
def k_of(e):
    return tf.cast(e['k'], tf.int64)
def values(k, w):
    return w.map(lambda e: e['v'])
show(strs.group_by_window(k_of, values, 2))
g = ds.group_by_window(mod2, by3, 3)
print(g.element_spec, repr(g))
""")

_s("group_by_window_errors", """
ds = tf.data.Dataset.range(3)
def two(x):
    return [x, x]
def ident(x):
    return x
def window_itself(k, w):
    return w
def key_itself(k, w):
    return k
E(lambda: ds.group_by_window(two, window_itself, 2))
E(lambda: ds.group_by_window(ident, key_itself, 2))
E(lambda: ds.group_by_window(ident, window_itself))
E(lambda: ds.group_by_window(ident, window_itself, 2, ident))
def batch10(k, w):
    return w.batch(10)
E(lambda: list(tf.data.Dataset.range(10).group_by_window(
    mod3, batch10, window_size_func=ident)))
try:
    ds.group_by_window(ident, window_itself, window_size=tf.constant(3))
except Exception as e:
    print(type(e).__name__)
def to32(x):
    return tf.cast(x, tf.int32)
try:
    ds.group_by_window(to32, window_itself, 2)
except Exception as e:
    print(type(e).__name__)
def floating(k):
    return 2.0
try:
    ds.group_by_window(ident, window_itself, window_size_func=floating)
except Exception as e:
    print(type(e).__name__)
""")

_s("bucket_by_sequence_length", """
seqs = [[n] * n for n in [1, 3, 5, 2, 7, 4, 6, 1, 8, 2]]
ds = tf.data.Dataset.from_generator(lambda: iter(seqs),
                                    output_signature=tf.TensorSpec([None], tf.int32))
show(ds.bucket_by_sequence_length(length, [3, 6], [2, 2, 3]))
show(ds.bucket_by_sequence_length(length, [3, 9], [2, 2, 3], pad_to_bucket_boundary=True))
show(ds.bucket_by_sequence_length(length, [3, 9], [2, 2, 3], pad_to_bucket_boundary=True,
                                  drop_remainder=True))
show(ds.bucket_by_sequence_length(length, [4], [3, 2], padded_shapes=[10], padding_values=-1))
even = tf.data.Dataset.from_generator(
    lambda: iter([[1], [2, 2], [3], [4, 4], [5, 5], [6], [7]]),
    output_signature=tf.TensorSpec([None], tf.int32))
show(even.bucket_by_sequence_length(length, [2], [2, 2], no_padding=True))
show(even.bucket_by_sequence_length(length, [2], [2, 2], no_padding=True, drop_remainder=True))
E(lambda: list(ds.bucket_by_sequence_length(length, [2, 5], [2, 2, 2], no_padding=True)))
""")

_s("bucket_by_sequence_length_structures", """
toks = [[1, 2], [3], [4, 5, 6], [7], [8, 9, 10, 11], [12, 13]]
def gen():
    for i, t in enumerate(toks):
        yield {'tok': t, 'mask': [True] * len(t)}, i
sig = ({'tok': tf.TensorSpec([None], tf.int64), 'mask': tf.TensorSpec([None], tf.bool)},
       tf.TensorSpec([], tf.int64))
ds = tf.data.Dataset.from_generator(gen, output_signature=sig)
def tok_length(f, l):
    return tf.shape(f['tok'])[0]
b = ds.bucket_by_sequence_length(tok_length, [2, 4], [2, 2, 2],
                                 padding_values=({'tok': tf.constant(-1, tf.int64),
                                                  'mask': False}, tf.constant(0, tf.int64)))
print(b.element_spec)
show(b)
b = ds.bucket_by_sequence_length(tok_length, [3], [3, 3],
                                 padded_shapes=({'tok': [5], 'mask': [None]}, []))
print(b.element_spec)
show(b)
""")

_s("bucket_by_sequence_length_errors", """
seqs = [[1] * n for n in [1, 3, 5, 2, 7]]
ds = tf.data.Dataset.from_generator(lambda: iter(seqs),
                                    output_signature=tf.TensorSpec([None], tf.int32))
E(lambda: ds.bucket_by_sequence_length(length, [3], [1]))
E(lambda: ds.bucket_by_sequence_length(length, [3, 6], [2, 2]))
try:
    list(ds.bucket_by_sequence_length(length, [3, 6], [2, 2, 3], pad_to_bucket_boundary=True))
except Exception as e:
    print(type(e).__name__, 'elements must have length < max(bucket_boundaries)' in str(e))
E(lambda: ds.bucket_by_sequence_length(length, [3], [2, 2], padded_shapes=[2]))
""")

_s("windows_in_tf_function", """
@tf.function
def digits(d):
    s = tf.constant(0, tf.int64)
    for x in d:
        s = s * 10 + tf.reduce_sum(x)
    return s
ds = tf.data.Dataset.range(8).window(3, 2, drop_remainder=True).flat_map(batch3_drop)
print(digits(ds).numpy())
def batch4_drop(w):
    return w.batch(4, drop_remainder=True)
ds2 = tf.data.Dataset.range(10).window(4, 3, drop_remainder=True).flat_map(batch4_drop)
print(digits(ds2).numpy(), digits(ds2).numpy())
def pairs(k, w):
    return w.batch(2, drop_remainder=True)
gb = tf.data.Dataset.range(10).group_by_window(mod2, pairs, 2)
print(digits(gb).numpy())
it = iter(ds)
@tf.function
def first(it):
    return next(it)
print(first(it).numpy(), first(it).numpy())
""")

_s("window_elements_in_tf_function", """
@tf.function
def nested():
    s = tf.constant(0, tf.int64)
    for w in tf.data.Dataset.range(6).window(2):
        for x in w:
            s = s * 10 + x
    return s
print(nested().numpy(), nested().numpy())
@tf.function
def sizes_and_sums(d):
    s = tf.constant(0, tf.int64)
    c = tf.constant(0, tf.int64)
    for w in d:
        c = c * 10 + w.cardinality()
        for b in w.batch(2, drop_remainder=True):
            s = s * 100 + tf.reduce_sum(b)
    return s, c
print([t.numpy() for t in sizes_and_sums(tf.data.Dataset.range(7).window(3, 2))])
print([t.numpy() for t in sizes_and_sums(tf.data.Dataset.range(9).window(4, 3, 2))])
pairs = tf.data.Dataset.from_tensor_slices(
    ([1, 2, 3, 4], [10., 20., 30., 40.])).window(2, 1, drop_remainder=True)
@tf.function
def dot(d):
    s = tf.constant(0.)
    for a, b in d:
        for x, y in tf.data.Dataset.zip((a, b)):
            s = s + tf.cast(x, tf.float32) * y
    return s
print(dot(pairs).numpy())
it = iter(pairs)
@tf.function
def next_sum(it):
    a, b = next(it)
    s = tf.constant(0.)
    for y in b:
        s += y
    return s
print(next_sum(it).numpy(), next_sum(it).numpy(), next_sum(it).numpy())
@tf.function
def loop_iterator(it):
    s = tf.constant(0, tf.int32)
    for a, b in it:
        for x in a:
            s = s * 10 + x
    return s
print(loop_iterator(iter(pairs)).numpy())
""")

_s("window_ragged_and_sparse", """
r = tf.ragged.constant([[1], [2, 3], [], [4, 5, 6], [7]])
ds = tf.data.Dataset.from_tensor_slices(r).window(2, 1, drop_remainder=True)
print(ds.element_spec)
def batch2(w):
    return w.batch(2)
for x in ds.flat_map(batch2):
    print(x)
s = tf.data.Dataset.from_tensor_slices(tf.sparse.from_dense([[1, 0], [0, 2], [3, 0]])).window(2)
print(s.element_spec)
for x in s.flat_map(batch2):
    print(tf.sparse.to_dense(x).numpy().tolist())
""")
