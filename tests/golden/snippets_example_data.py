"""Golden snippets: tf.io.parse_example / parse_single_example / parse_*sequence_example
with value-shaped features (VarLenFeature, RaggedFeature, FixedLenSequenceFeature,
SparseFeature) in tf.data pipelines: TFRecordDataset(...).map(parse), their element_spec
(TF's static shapes), elements, tf.sparse.to_dense inside the map, batch and
padded_batch after it."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_FILE = """
import os, tempfile
def F(v):
    if isinstance(v[0], bytes):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
    if isinstance(v[0], float):
        return tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))
def mk(**kw):
    return tf.train.Example(features=tf.train.Features(
        feature={k: F(v) for k, v in kw.items() if v})).SerializeToString()
def write(records):
    path = os.path.join(tempfile.mkdtemp(), 'data.tfrecord')
    with tf.io.TFRecordWriter(path) as w:
        for r in records:
            w.write(r)
    return path
def show(e):
    if isinstance(e, dict):
        return {k: show(v) for k, v in sorted(e.items())}
    if isinstance(e, tuple):
        return tuple(show(v) for v in e)
    if isinstance(e, tf.RaggedTensor):
        return ('ragged', e.to_list(), e.dtype.name)
    return (e.numpy().tolist(), e.dtype.name, tuple(e.shape))
path = write([mk(x=list(range(i)), y=[i * 1.5], w=[b'w%d' % j for j in range(3 - i)],
                 seq=list(range(2 * i)), idx=[0, i + 1][:i], val=[0.5, 2.5][:i],
                 one=[0][:i % 2], oneval=[7][:i % 2])
              for i in range(4)])
"""

_s("example_data_varlen_to_dense_in_map", _FILE + """
feats = {'x': tf.io.VarLenFeature(tf.int64), 'y': tf.io.FixedLenFeature([], tf.float32)}
def parse(r):
    e = tf.io.parse_single_example(r, feats)
    return tf.sparse.to_dense(e['x']), e['y']
ds = tf.data.TFRecordDataset(path).map(parse)
print(ds.element_spec)
for e in ds:
    print(show(e))
pb = ds.padded_batch(3)
print(pb.element_spec)
for e in pb:
    print(show(e))
pb = ds.padded_batch(2, padded_shapes=([5], []), padding_values=(tf.constant(-1, tf.int64), 0.0))
print(pb.element_spec)
for e in pb:
    print(show(e))
def parse_values(r):
    e = tf.io.parse_single_example(r, feats)
    return {'v': e['x'].values, 'n': tf.size(e['x'].values), 'd': e['x'].dense_shape}
ds = tf.data.TFRecordDataset(path).map(parse_values, num_parallel_calls=tf.data.AUTOTUNE)
print(ds.element_spec)
for e in ds:
    print(show(e))
""")

_s("example_data_string_varlen_values", _FILE + """
feats = {'w': tf.io.VarLenFeature(tf.string)}
def parse(r):
    return tf.io.parse_single_example(r, feats)['w'].values
ds = tf.data.TFRecordDataset(path).map(parse)
print(ds.element_spec)
for e in ds:
    print(show(e))
for e in ds.padded_batch(2, padding_values=b'<pad>'):
    print(show(e))
""")

_s("example_data_ragged_and_sequence_features", _FILE + """
feats = {'r': tf.io.RaggedFeature(tf.int64, value_key='x'),
         's': tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True, default_value=0),
         'w': tf.io.RaggedFeature(tf.string)}
def parse(r):
    return tf.io.parse_single_example(r, feats)
ds = tf.data.TFRecordDataset(path).map(parse)
spec = ds.element_spec
print(sorted(spec.items()))
for e in ds:
    print(show(e))
for e in ds.padded_batch(2):
    print(show(e))
def parse_seq(r):
    return tf.io.parse_single_example(
        r, {'s': tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})['s']
ds = tf.data.TFRecordDataset(path).map(parse_seq)
print(ds.element_spec)
print([show(e) for e in ds])
""")

_s("example_data_sparse_feature_to_dense", _FILE + """
tf.get_logger().setLevel('ERROR')   # (TF warns that its sparse_merge is deprecated)
feats = {'sp': tf.io.SparseFeature('idx', 'val', tf.float32, 5),
         'sp2': tf.io.SparseFeature(['idx', 'idx'], 'val', tf.float32, [5, 5]),
         'one': tf.io.SparseFeature('one', 'oneval', tf.int64, 1)}
def parse(r):
    e = tf.io.parse_single_example(r, feats)
    return (tf.sparse.to_dense(e['sp']), e['sp2'].indices, tf.sparse.to_dense(e['sp2']),
            e['one'].values, tf.sparse.to_dense(e['one']))
ds = tf.data.TFRecordDataset(path).map(parse)
print(ds.element_spec)
for e in ds:
    print(show(e))
def dense(a, i, b, v, o):
    return a, b, o
for e in ds.map(dense).batch(3):
    print(show(e))
try:
    list(ds.batch(2))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
def parse_batch(b):
    return tf.sparse.to_dense(tf.io.parse_example(b, feats)['sp'])
ds = tf.data.TFRecordDataset(path).batch(3).map(parse_batch)
print(ds.element_spec)
for e in ds:
    print(show(e))
""")

_s("example_data_parse_example_after_batch", _FILE + """
feats = {'x': tf.io.VarLenFeature(tf.int64), 'y': tf.io.FixedLenFeature([], tf.float32),
         's': tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True)}
def parse(b):
    e = tf.io.parse_example(b, feats)
    return {'x': tf.sparse.to_dense(e['x']), 'y': e['y'], 's': e['s']}
ds = tf.data.TFRecordDataset(path).batch(3).map(parse)
print(sorted(ds.element_spec.items()))
for e in ds:
    print(show(e))
ds = tf.data.TFRecordDataset(path).batch(3, drop_remainder=True).map(parse)
print(ds.element_spec['s'], ds.element_spec['y'])
for e in ds:
    print(show(e))
""")

_s("example_data_sequence_example_in_map", """
import os, tempfile
def F(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))
def se(ctx, fl):
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={k: F(v) for k, v in ctx.items()}),
        feature_lists=tf.train.FeatureLists(feature_list={
            k: tf.train.FeatureList(feature=[F(x) for x in v]) for k, v in fl.items()})
    ).SerializeToString()
path = os.path.join(tempfile.mkdtemp(), 'seq.tfrecord')
with tf.io.TFRecordWriter(path) as w:
    w.write(se({'len': [2], 'c': [7, 8, 9]}, {'tok': [[1, 2], [3, 4]], 'v': [[1], [2, 3]]}))
    w.write(se({'len': [1], 'c': [5]}, {'tok': [[5, 6]], 'v': [[4, 5, 6]]}))
cf = {'len': tf.io.FixedLenFeature([], tf.int64), 'c': tf.io.VarLenFeature(tf.int64)}
sf = {'tok': tf.io.FixedLenSequenceFeature([2], tf.int64), 'v': tf.io.VarLenFeature(tf.int64)}
def parse(r):
    c, f = tf.io.parse_single_sequence_example(r, cf, sf)
    return c['len'], tf.sparse.to_dense(c['c']), f['tok'], tf.sparse.to_dense(f['v'])
ds = tf.data.TFRecordDataset(path).map(parse)
print(ds.element_spec)
for e in ds:
    print([(x.numpy().tolist(), x.shape) for x in e])
def parse_batch(b):
    c, f, n = tf.io.parse_sequence_example(b, cf, sf)
    return tf.sparse.to_dense(c['c']), f['tok'], n['tok']
ds = tf.data.TFRecordDataset(path).batch(2).map(parse_batch)
print(ds.element_spec)
for e in ds:
    print([(x.numpy().tolist(), x.shape) for x in e])
""")

_s("example_data_errors", _FILE + """
feats = {'x': tf.io.VarLenFeature(tf.int64)}
def parse(r):
    return tf.sparse.to_dense(tf.io.parse_single_example(r, feats)['x'])
ds = tf.data.TFRecordDataset(path).map(parse).batch(2)
print(ds.element_spec)
try:
    for e in ds:
        print(e)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
def parse_values(r):
    return tf.io.parse_single_example(r, feats)['x'].values
bad = tf.data.Dataset.from_tensors(b'not an example').map(parse_values)
print(bad.element_spec)
try:
    list(bad)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, 'Could not parse example input' in str(e))
bad = tf.data.Dataset.from_tensors(b'x').map(parse_values).batch(2)
print(bad.element_spec)
""")

_s("example_data_ragged_feature_batches_and_interleave", _FILE + """
feats = {'r': tf.io.RaggedFeature(tf.int64, value_key='x', row_splits_dtype=tf.int64),
         'y': tf.io.FixedLenFeature([], tf.float32)}
def parse_batch(b):
    return tf.io.parse_example(b, feats)
ds = tf.data.TFRecordDataset(path).batch(3).map(parse_batch)
print(ds.element_spec['r'], ds.element_spec['y'])
for e in ds:
    print(show(e))
def parse(r):
    return tf.io.parse_single_example(r, feats)['r']
ds = tf.data.TFRecordDataset(path).map(parse).ragged_batch(3)
print(ds.element_spec)
print([show(e) for e in ds])
def read(f):
    return tf.data.TFRecordDataset(f).map(parse)
ds = tf.data.Dataset.from_tensor_slices([path, path]).interleave(read, cycle_length=2)
print(ds.element_spec)
print([show(e) for e in ds.take(5)])
""")

_s("example_data_sequence_ragged_features", """
import os, tempfile
def F(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))
def se(ctx, fl):
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={k: F(v) for k, v in ctx.items()}),
        feature_lists=tf.train.FeatureLists(feature_list={
            k: tf.train.FeatureList(feature=[F(x) for x in v]) for k, v in fl.items()})
    ).SerializeToString()
path = os.path.join(tempfile.mkdtemp(), 'seq.tfrecord')
with tf.io.TFRecordWriter(path) as w:
    w.write(se({'c': [7, 8, 9]}, {'v': [[1], [2, 3]]}))
    w.write(se({'c': [5]}, {'v': [[4, 5, 6]]}))
    w.write(se({}, {}))
def parse(r):
    c, f = tf.io.parse_single_sequence_example(
        r, {'c': tf.io.RaggedFeature(tf.int64)},
        {'v': tf.io.RaggedFeature(tf.int64, row_splits_dtype=tf.int64)})
    return c['c'], f['v']
ds = tf.data.TFRecordDataset(path).map(parse)
print(ds.element_spec)
for c, v in ds:
    print(c.numpy().tolist(), v.to_list(), v.row_splits.dtype)
def parse_batch(b):
    c, f, n = tf.io.parse_sequence_example(
        b, {'c': tf.io.RaggedFeature(tf.int64)}, {'v': tf.io.RaggedFeature(tf.int64)})
    return c['c'], f['v']
ds = tf.data.TFRecordDataset(path).batch(2).map(parse_batch)
print(ds.element_spec)
for c, v in ds:
    print(c.to_list(), v.to_list())
""")
