"""Golden snippets: tf.data elements that are tf.sparse.SparseTensors (issues 14, 17):
from_tensors/from_tensor_slices, element_spec, iteration and as_numpy_iterator, map
functions taking and returning SparseTensors, tf.io.parse_example of a VarLenFeature in
map, batch/unbatch, from_generator with a SparseTensorSpec signature (and its errors),
take/zip/concatenate/cache/prefetch, and padded_batch's error."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_PRELUDE = """
sp = tf.sparse.SparseTensor([[0, 1], [2, 0], [2, 3]], [1., 2., 3.], [3, 4])
def show(ds):
    print(ds.element_spec)
    for e in ds:
        print(e)
def gen_err(e):   # (TF's message goes on with the generator's traceback)
    m = str(e)
    print(type(e).__name__, m[m.index('TypeError: `generator`'):].split('\\n')[0]
          .split(' [Op:')[0])
def double(s):
    return tf.sparse.SparseTensor(s.indices, s.values * 2, s.dense_shape)
def dense(s):
    return tf.sparse.to_dense(s)
def total_and_self(s):
    return tf.sparse.reduce_sum(s), s
def positive(s):
    return tf.sparse.reduce_sum(s) > 0
"""

_s("data_sparse_from_tensor_slices", _PRELUDE + """
ds = tf.data.Dataset.from_tensor_slices(sp)
show(ds)
print(ds.cardinality().numpy())
for a in ds.as_numpy_iterator():
    print(repr(a))
""")
_s("data_sparse_from_tensors", _PRELUDE + """
show(tf.data.Dataset.from_tensors(sp))
show(tf.data.Dataset.from_tensors((sp, 7)))
show(tf.data.Dataset.from_tensor_slices({'s': sp, 'd': [1, 2, 3]}))
s3 = tf.sparse.SparseTensor([[0, 0, 1], [1, 1, 0]], [5, 6], [2, 2, 2])
show(tf.data.Dataset.from_tensor_slices(s3))
""")
_s("data_sparse_map", _PRELUDE + """
ds = tf.data.Dataset.from_tensor_slices(sp)
show(ds.map(double))
show(ds.map(dense))
show(ds.map(total_and_self))
def one_hot_sparse(x):
    return tf.sparse.SparseTensor([[0]], [x], [5])
show(tf.data.Dataset.range(3).map(one_hot_sparse))
def as_dict(x):
    return {'a': tf.sparse.from_dense([[x, 0], [0, 1]]), 'b': x}
show(tf.data.Dataset.range(2).map(as_dict))
""")
_s("data_sparse_parse_varlen", """
def example(vals):
    return tf.train.Example(features=tf.train.Features(feature={
        'v': tf.train.Feature(int64_list=tf.train.Int64List(value=vals)),
    })).SerializeToString()
records = [example([1, 2, 3]), example([]), example([4])]
feats = {'v': tf.io.VarLenFeature(tf.int64)}
def parse_one(r):
    return tf.io.parse_single_example(r, feats)
def parse_batch(r):
    return tf.io.parse_example(r, feats)
def varlen_dense(e):
    return tf.sparse.to_dense(e['v'])
ds = tf.data.Dataset.from_tensor_slices(records).map(parse_one)
print(ds.element_spec)
for e in ds:
    print(e['v'])
b = tf.data.Dataset.from_tensor_slices(records).batch(2).map(parse_batch)
print(b.element_spec)
for e in b:
    print(e['v'])
d = ds.map(varlen_dense)
print(d.element_spec, [x.numpy().tolist() for x in d])
""")
_s("data_sparse_batch_unbatch", _PRELUDE + """
ds = tf.data.Dataset.from_tensor_slices(sp)
b = ds.batch(2)
show(b)
show(ds.batch(2, drop_remainder=True))
show(b.unbatch())
show(tf.data.Dataset.from_tensors(sp).unbatch())
for a in b.as_numpy_iterator():
    print(repr(a))
""")
_s("data_sparse_from_generator", _PRELUDE + """
def gen():
    yield tf.sparse.SparseTensor([[0]], [1], [3])
    yield tf.sparse.SparseTensor([[1], [2]], [1, 2], [4])
g = tf.data.Dataset.from_generator(gen, output_signature=tf.SparseTensorSpec([None], tf.int32))
show(g)
show(g.batch(2))
show(g.batch(2).unbatch())
def gen2():
    yield tf.sparse.SparseTensor([[0]], [1], [3])
def gen3():
    yield 1
for f, sig in ((gen2, tf.SparseTensorSpec([None], tf.float32)),
               (gen2, tf.SparseTensorSpec([None, None], tf.int32)),
               (gen3, tf.SparseTensorSpec([None], tf.int32))):
    try:
        list(tf.data.Dataset.from_generator(f, output_signature=sig))
    except tf.errors.InvalidArgumentError as e:
        gen_err(e)
try:
    list(tf.data.Dataset.from_generator(gen2, output_signature=tf.TensorSpec([None], tf.int32)))
except tf.errors.InvalidArgumentError as e:
    gen_err(e)
def gen4():
    yield tf.sparse.SparseTensor([[0]], [1.], [3]), 1
g4 = tf.data.Dataset.from_generator(gen4, output_signature=(
    tf.SparseTensorSpec([3], tf.float32), tf.TensorSpec([], tf.int32)))
show(g4)
""")
_s("data_sparse_other_transformations", _PRELUDE + """
ds = tf.data.Dataset.from_tensor_slices(sp)
show(ds.take(2))
show(ds.skip(2).repeat(2))
show(tf.data.Dataset.zip((ds, tf.data.Dataset.range(3))))
c = ds.concatenate(tf.data.Dataset.from_tensor_slices(
    tf.sparse.SparseTensor([[0, 0]], [9.], [1, 5])))
show(c)
show(ds.take(1).cache().prefetch(1))
cached = ds.cache()
print(len(list(cached)), len(list(cached)))
show(ds.filter(positive))
try:
    ds.concatenate(tf.data.Dataset.range(2))
except TypeError as e:
    print(type(e).__name__, e)
try:
    ds.padded_batch(2)
except TypeError as e:
    print(type(e).__name__, e)
""")
_s("data_sparse_flat_map_interleave_scan", _PRELUDE + """
show(tf.data.Dataset.from_tensors(sp).flat_map(tf.data.Dataset.from_tensor_slices))
def twice(s):
    return tf.data.Dataset.from_tensors(s).repeat(2)
show(tf.data.Dataset.from_tensor_slices(sp).interleave(twice, cycle_length=2))
def running(a, s):
    return a + tf.sparse.reduce_sum(s), (a, s)
show(tf.data.Dataset.from_tensor_slices(sp).scan(0., running))
def square(s):
    return tf.sparse.reshape(s, [2, 2])
show(tf.data.Dataset.from_tensor_slices(sp).map(square))
""")
