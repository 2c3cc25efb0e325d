"""Golden snippets: Dataset.counter and Dataset.sparse_batch, and tf.data.experimental's
from_list, assert_cardinality, get_structure, SHARD_HINT and its deprecated endpoints of
Dataset methods (group_by_window, bucket_by_sequence_length, scan, take_while, unique,
unbatch, enumerate_dataset, dense_to_sparse_batch, shuffle_and_repeat, map_and_batch,
get_single_element, get_next_as_optional, Counter) with their deprecation warnings."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
def show(ds):
    print(repr(ds), ds.cardinality().numpy())
    for e in ds:
        print([t.numpy().tolist() for t in tf.nest.flatten(e)])
def sparse(ds):
    print(ds.element_spec, ds.cardinality().numpy())
    for x in ds:
        print(x.indices.numpy().tolist(), x.values.numpy().tolist(),
              x.dense_shape.numpy().tolist())
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
""")
_s = SNIPPETS.add

_s("counter", """
show(tf.data.Dataset.counter(3, 2).take(4))
c = tf.data.Dataset.counter()
print(repr(c), c.cardinality().numpy(), c.element_spec)
show(tf.data.Dataset.counter(dtype=tf.int32).take(2))
show(tf.data.Dataset.counter(1.5, 0.5, tf.float32).take(3))
show(tf.data.Dataset.counter(10, -3).take(3))
show(tf.data.Dataset.zip((tf.data.Dataset.counter(), tf.data.Dataset.range(5, 8))))
E(lambda: tf.data.Dataset.counter(1.5))
""")

_s("sparse_batch", """
sparse(tf.data.Dataset.from_tensor_slices(np.array([[1, 0], [0, 0], [3, 4]])).sparse_batch(2, [3]))
sparse(tf.data.Dataset.from_tensor_slices(
    np.arange(12).reshape(3, 2, 2)).sparse_batch(2, tf.TensorShape([None, 3])))
sparse(tf.data.Dataset.range(3).sparse_batch(2, []))
def gen():
    for n in [2, 0, 3]:
        yield np.arange(n, dtype=np.float32)
g = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([None], tf.float32))
sparse(g.sparse_batch(2, [4]))
sparse(tf.data.Dataset.from_tensor_slices([[b'a', b'b'], [b'c', b'd']]).sparse_batch(5, [2]))
E(lambda: list(tf.data.Dataset.from_tensor_slices(np.arange(12).reshape(3, 4)).sparse_batch(
    2, [3])))
E(lambda: list(tf.data.Dataset.from_tensor_slices(np.arange(12).reshape(3, 4)).sparse_batch(
    2, [3, 4])))
E(lambda: tf.data.Dataset.range(3).sparse_batch(0, [3]))
E(lambda: tf.data.Dataset.from_tensor_slices(([1], [2])).sparse_batch(2, [3]))
print(list(tf.data.Dataset.range(3).sparse_batch(2, []).as_numpy_iterator()))
""")

_s("from_list_and_structure", """
f = tf.data.experimental.from_list([(1, 'a'), (2, 'b')])
print(repr(f), f.cardinality().numpy(), list(f.as_numpy_iterator()))
show(tf.data.experimental.from_list([{'x': [1., 2.]}, {'x': [3.]}]))
show(tf.data.experimental.from_list([np.zeros([2, 2]), np.ones([1, 3])]))
E(lambda: tf.data.experimental.from_list([]))
E(lambda: tf.data.experimental.from_list(5))
E(lambda: tf.data.experimental.from_list([(1, 2), (1,)]))
E(lambda: tf.data.experimental.from_list([1, 'a']))
print(tf.data.experimental.SHARD_HINT)
print(tf.data.experimental.get_structure(iter(f)))
print(tf.data.experimental.get_structure(tf.data.Dataset.range(2).window(2)))
E(lambda: tf.data.experimental.get_structure(3))
""")

_s("assert_cardinality", """
def keep(x):
    return x >= 0
a = tf.data.Dataset.range(5).filter(keep).apply(tf.data.experimental.assert_cardinality(5))
print(repr(a), a.cardinality().numpy(), list(a.as_numpy_iterator()))
for n in [3, 7, 1, tf.data.INFINITE_CARDINALITY]:
    E(lambda: list(tf.data.Dataset.range(5).apply(tf.data.experimental.assert_cardinality(n))))
E(lambda: list(tf.data.Dataset.range(1).apply(tf.data.experimental.assert_cardinality(0))))
b = tf.data.Dataset.range(4).filter(keep).apply(tf.data.experimental.assert_cardinality(4))
print(len(b), b.batch(3).cardinality().numpy())
""")

_s("deprecated_endpoints", """
ds = tf.data.Dataset.range(8)
def mod2(x):
    return x % 2
def batch3(k, w):
    return w.batch(3)
show(ds.apply(tf.data.experimental.group_by_window(mod2, batch3, 3)))
def length(x):
    return tf.shape(x)[0]
seqs = tf.data.Dataset.from_generator(lambda: iter([[1], [2, 2], [3, 3, 3], [4]]),
                                      output_signature=tf.TensorSpec([None], tf.int32))
show(seqs.apply(tf.data.experimental.bucket_by_sequence_length(length, [2], [2, 2])))
def running(state, x):
    return state + x, state * x
show(ds.apply(tf.data.experimental.scan(tf.constant(0, tf.int64), running)))
def small(x):
    return x < 3
show(ds.apply(tf.data.experimental.take_while(small)))
show(tf.data.Dataset.from_tensor_slices([1, 2, 1, 3, 2]).apply(tf.data.experimental.unique()))
show(ds.batch(3).apply(tf.data.experimental.unbatch()))
show(ds.take(3).apply(tf.data.experimental.enumerate_dataset(5)))
sp = ds.take(3).apply(tf.data.experimental.dense_to_sparse_batch(2, []))
print(sp.element_spec)
def double(x):
    return x * 2
show(ds.apply(tf.data.experimental.map_and_batch(double, 3)))
show(ds.apply(tf.data.experimental.map_and_batch(double, 3, drop_remainder=True)))
E(lambda: tf.data.experimental.map_and_batch(double, 3, 1, num_parallel_calls=2))
print(tf.data.experimental.get_single_element(ds.take(1).map(double)))
E(lambda: tf.data.experimental.get_single_element([1]))
o = tf.data.experimental.get_next_as_optional(iter(ds.take(1)))
print(o.has_value().numpy(), o.get_value().numpy())
show(tf.data.experimental.Counter(2, 3).take(3))
""")

_s("shuffle_and_repeat", """
tf.random.set_seed(3)
ds = tf.data.Dataset.range(6)
a = ds.apply(tf.data.experimental.shuffle_and_repeat(4, 2, seed=7))
b = ds.shuffle(4, seed=7).repeat(2)
print(a.cardinality().numpy(), [int(x) for x in a])
print([int(x) for x in b])
print([int(x) for x in ds.apply(tf.data.experimental.shuffle_and_repeat(10, seed=1)).take(14)])
""")

_s("ignore_errors", """
ds = tf.data.Dataset.from_tensor_slices([1., 2., 0., 4., 0., 6., 7.])
def check(x):
    return tf.debugging.check_numerics(1. / x, "bad")
e = ds.map(check).ignore_errors()
print(repr(e), e.cardinality().numpy(), list(e.as_numpy_iterator()))
print(list(ds.map(check).batch(2).ignore_errors().as_numpy_iterator()))
print(list(ds.map(check).ignore_errors().batch(2).as_numpy_iterator()))
print(list(ds.repeat(2).map(check).ignore_errors(log_warning=True).as_numpy_iterator()))
print(list(ds.map(check).prefetch(2).ignore_errors().as_numpy_iterator()))
z = tf.data.Dataset.zip((ds.map(check), tf.data.Dataset.range(7)))
print(list(z.ignore_errors().as_numpy_iterator()))
print(list(ds.map(check).apply(tf.data.experimental.ignore_errors()).as_numpy_iterator()))
def far(v):
    return tf.gather(v, 5 - v[0])
s = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [4, 4]]).map(far)
print(list(s.ignore_errors().as_numpy_iterator()))
@tf.function
def total(d):
    s = tf.constant(0.)
    for x in d:
        s += x
    return s
print(total(ds.map(check).ignore_errors()).numpy())
it = iter(ds.map(check))
out = []
for _ in range(8):
    try:
        out.append(next(it).numpy().tolist())
    except Exception as e:
        out.append(type(e).__name__)
print(out)
""")

_s("rejection_resample", """
tf.random.set_seed(1)
labels = np.array([0] * 40 + [1] * 8 + [2] * 12, np.int32)
ds = tf.data.Dataset.from_tensor_slices((np.arange(60), labels))
def cls(x, y):
    return y
r = ds.rejection_resample(cls, [0.34, 0.33, 0.33], seed=3)
print(r.element_spec)
out = [(int(c), int(x)) for c, (x, y) in r]
print(len(out), out)
r = ds.rejection_resample(cls, [0.5, 0.25, 0.25], initial_dist=[40 / 60, 8 / 60, 12 / 60],
                          seed=5)
out = [(int(c), int(x)) for c, (x, y) in r]
print(len(out), out)
r = ds.rejection_resample(cls, [40 / 60, 8 / 60, 12 / 60],
                          initial_dist=[40 / 60, 8 / 60, 12 / 60], seed=5)
print(repr(r), len([1 for _ in r]))
def ident(y):
    return y
s = tf.data.Dataset.from_tensor_slices(labels).rejection_resample(ident, [0.2, 0.4, 0.4],
                                                                   seed=2)
print(s.element_spec, [int(c) for c, y in s])
e = tf.data.Dataset.from_tensor_slices(labels).apply(
    tf.data.experimental.rejection_resample(ident, [0.2, 0.4, 0.4], seed=2))
print([int(c) for c, y in e])
""")

_s("tfrecord_writer_and_parallel_interleave", """
import os
import tempfile
d = tempfile.mkdtemp()
w = None
for comp in [None, 'GZIP', 'ZLIB', '']:
    f = os.path.join(d, f'x{comp}.tfrecord')
    w = tf.data.experimental.TFRecordWriter(f, comp)
    print(w.write(tf.data.Dataset.from_tensor_slices([b'ab', b'', b'xyz'])))
    print(len(open(f, 'rb').read()) if comp in (None, '') else 'compressed',
          list(tf.data.TFRecordDataset(f, compression_type=comp).as_numpy_iterator()))
E(lambda: w.write([1]))
E(lambda: w.write(tf.data.Dataset.range(3)))
E(lambda: w.write(tf.data.Dataset.from_tensor_slices(([b'a'], [1]))))
def inner(x):
    return tf.data.Dataset.range(x * 10, x * 10 + x + 1)
ds = tf.data.Dataset.range(1, 6)
for args in [(2,), (3, 2), (2, 1, False, 4, 1), (1, 3)]:
    p = ds.apply(tf.data.experimental.parallel_interleave(inner, *args))
    print(repr(p), p.cardinality().numpy(), [int(x) for x in p])
""")

_s("pad_to_cardinality", """
ds = tf.data.Dataset.from_tensor_slices({'a': [1, 2], 'b': [[1., 2.], [3., 4.]]})
p = ds.apply(tf.data.experimental.pad_to_cardinality(4))
print(repr(p), p.cardinality().numpy())
for e in p:
    print({k: v.numpy().tolist() for k, v in e.items()})
p = ds.apply(tf.data.experimental.pad_to_cardinality(3, mask_key='m'))
print(p.element_spec, list(p.as_numpy_iterator())[-1])
def keep(x):
    return True
E(lambda: ds.filter(keep).apply(tf.data.experimental.pad_to_cardinality(3)))
E(lambda: ds.apply(tf.data.experimental.pad_to_cardinality(1)))
E(lambda: tf.data.Dataset.range(2).apply(tf.data.experimental.pad_to_cardinality(3)))
""")

_s("group_by_reducer", """
ds = tf.data.Dataset.from_tensor_slices([5, 3, 9, 3, 5, 1, 9, 9])
def zero(k):
    return tf.constant(0, tf.int64)
def add(s, x):
    return s + tf.cast(x, tf.int64)
def times10(s):
    return s * 10
def as_key(x):
    return tf.cast(x, tf.int64)
r = tf.data.experimental.Reducer(zero, add, times10)
g = ds.apply(tf.data.experimental.group_by_reducer(as_key, r))
print(repr(g), g.cardinality().numpy(), [int(x) for x in g])
def start(k):
    return k, tf.zeros([0], tf.int32)
def append(s, x):
    return s[0], tf.concat([s[1], [x]], 0)
def finish(k, v):
    return {'k': k, 'v': v}
def mod4(x):
    return tf.cast(x % 4, tf.int64)
g2 = ds.apply(tf.data.experimental.group_by_reducer(mod4, tf.data.experimental.Reducer(
    start, append, finish)))
print(g2.element_spec)
print([(int(e['k']), e['v'].numpy().tolist()) for e in g2])
print(r.init_func is zero, r.reduce_func is add, r.finalize_func is times10, type(r).__name__)
def ident(x):
    return x
E(lambda: ds.apply(tf.data.experimental.group_by_reducer(ident, r)))
""")


_s("copy_and_prefetch_to_device", """
# tf.data.experimental.copy_to_device / prefetch_to_device: the same elements on the
# device (cardinality unknown, as TF's); dense_to_ragged_batch warns it is deprecated.
ds = tf.data.Dataset.from_tensor_slices((tf.range(6), tf.constant(list("abcdef")))).batch(2)
p = ds.apply(tf.data.experimental.prefetch_to_device("/cpu:0"))
print(p.element_spec, p.cardinality().numpy())
for x, s in p:
    print(x.numpy(), s.numpy(), x.device)
c = ds.apply(tf.data.experimental.copy_to_device("/cpu:0"))
print([x.numpy().tolist() for x, _ in c], c.cardinality().numpy())
@tf.autograph.experimental.do_not_convert
def double(x, s):
    return x * 2, s
@tf.autograph.experimental.do_not_convert
def upto(x):
    return tf.range(x)
q = ds.apply(tf.data.experimental.prefetch_to_device("/cpu:0", buffer_size=1))
print([x.numpy().tolist() for x, _ in q.map(double)])
r = tf.data.Dataset.range(5).map(upto).apply(tf.data.experimental.dense_to_ragged_batch(2))
print([t.to_list() for t in r])
""")


_s("random_dataset_is_dataset_random", """
# tf.data.experimental.RandomDataset: Dataset.random's numbers, with TF's deprecation.
tf.random.set_seed(5)
r = tf.data.experimental.RandomDataset(seed=4)
print(list(r.take(3).as_numpy_iterator()), r.element_spec, r.cardinality().numpy())
print(list(tf.data.Dataset.random(seed=4).take(3).as_numpy_iterator()))
""")
