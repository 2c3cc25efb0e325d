"""Golden snippets: tf.train.Example and its messages (constructors, attribute access,
SerializeToString bytes, parsing back, text format, WhichOneof/HasField/CopyFrom) and
tf.io.parse_example / parse_single_example (FixedLenFeature, VarLenFeature,
FixedLenSequenceFeature, RaggedFeature) eagerly, inside tf.function and in a
TFRecordDataset's map, with TF's errors. Serialized bytes are printed for one-key maps
only (TF's map order is random per process); results are printed in sorted key order
where a dict's order is not the point."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_MK = """
def mk(**kw):
    f = {}
    for k, v in kw.items():
        if isinstance(v[0], bytes):
            f[k] = tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
        elif isinstance(v[0], float):
            f[k] = tf.train.Feature(float_list=tf.train.FloatList(value=v))
        else:
            f[k] = tf.train.Feature(int64_list=tf.train.Int64List(value=v))
    return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()
def show(r):
    for k in sorted(r):
        v = r[k]
        if isinstance(v, tf.sparse.SparseTensor):
            print(k, 'sparse', v.indices.numpy().tolist(), v.values.numpy().tolist(),
                  v.dtype, v.dense_shape.numpy().tolist())
        else:
            print(k, type(v).__name__, v.dtype, v.shape, v.numpy().tolist() if hasattr(v, 'numpy') else v.to_list())
"""

_s("example_bytes_and_text", """
for f in [tf.train.Feature(int64_list=tf.train.Int64List(value=[1, -2, 300, 2**63 - 1])),
          tf.train.Feature(float_list=tf.train.FloatList(value=[1.5, 0.1, 1e20, float('inf'), -0.0, 3.0])),
          tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'x', 'h\\u00e9llo'.encode(), b'\\x00\\xff"\\'\\\\\\n\\t'])),
          tf.train.Feature(int64_list=tf.train.Int64List()), tf.train.Feature()]:
    print(f.SerializeToString().hex())
    print(str(f), end='|\\n')
    print(f.WhichOneof('kind'), f.HasField('int64_list'), f.HasField('float_list'))
ex = tf.train.Example(features=tf.train.Features(feature={
    'a': tf.train.Feature(int64_list=tf.train.Int64List(value=[7]))}))
print(ex.SerializeToString().hex())
print(ex)
print(repr(ex))
print(repr(tf.train.Example().SerializeToString()), repr(str(tf.train.Example())))
""")

_s("example_text_key_order", """
ex = tf.train.Example(features=tf.train.Features(feature={
    k: tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))
    for i, k in enumerate(['a', 'ab', 'b', 'B', '10', '9', '_', 'e'])}))
print(ex)
s = ex.SerializeToString()
print(len(s), tf.train.Example.FromString(s) == ex)
print(sorted(ex.features.feature.keys()))
""")

_s("example_access_and_mutation", """
ex = tf.train.Example()
ex.features.feature['z'].int64_list.value.append(5)
ex.features.feature['z'].int64_list.value.extend([6, 7])
print(ex.SerializeToString().hex())
print(ex.HasField('features'), ex.features.feature['z'].int64_list.value)
print(list(ex.features.feature['z'].int64_list.value), len(ex.features.feature))
fl = tf.train.FloatList(value=[0.1, 2])
print(fl.value, fl.value[0])
f = tf.train.Feature(float_list=fl)
print(f.WhichOneof('kind'))
g = tf.train.Feature()
g.CopyFrom(f)
print(g == f, g != tf.train.Feature(), g.float_list.value)
g.int64_list.value.append(1)
print(g.WhichOneof('kind'), g.HasField('float_list'), g)
h = tf.train.Features(feature={'a': {'int64_list': {'value': [1]}}})
print(h)
m = tf.train.Int64List(value=[1])
m.MergeFrom(tf.train.Int64List(value=[2, 3]))
print(m.value)
e2 = tf.train.Example()
e2.ParseFromString(ex.SerializeToString())
print(e2 == ex, e2.features.feature['z'].int64_list.value)
""")

_s("sequence_example_bytes_and_text", """
se = tf.train.SequenceExample(
    context=tf.train.Features(feature={'a': tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))}),
    feature_lists=tf.train.FeatureLists(feature_list={'s': tf.train.FeatureList(feature=[
        tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2])),
        tf.train.Feature(float_list=tf.train.FloatList(value=[3.0]))])}))
print(se)
s = se.SerializeToString()
print(s.hex())
back = tf.train.SequenceExample.FromString(s)
print(back == se, len(back.feature_lists.feature_list['s'].feature))
print(back.feature_lists.feature_list['s'].feature[1].float_list.value)
""")

_s("parse_single_example_features", _MK + """
s = mk(a=[1, 2], b=[1.5], c=[b'x', b'yy'])
spec = {'a': tf.io.FixedLenFeature([2], tf.int64), 'b': tf.io.FixedLenFeature([], tf.float32),
        'c': tf.io.VarLenFeature(tf.string),
        'd': tf.io.FixedLenFeature([2], tf.float32, default_value=[0.5, 1.]),
        'e': tf.io.VarLenFeature(tf.int64)}
r = tf.io.parse_single_example(s, spec)
print(list(r))
show(r)
show(tf.io.parse_single_example(s, {
    'r': tf.io.RaggedFeature(tf.int64, value_key='a'),
    'q': tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=0),
    'c': tf.io.RaggedFeature(tf.string)}))
show(tf.io.parse_single_example(s, {'a': tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True)}))
t = {'a': tf.io.FixedLenFeature([2], tf.int64), 'r': tf.io.RaggedFeature(tf.int64, value_key='a')}
try:
    tf.io.parse_single_example(s, t)
except ValueError as e:
    print(e)
show(tf.io.parse_single_example(mk(e=[1, 2]), {'e': tf.io.FixedLenFeature([1, 2], tf.int64)}))
print(tf.io.FixedLenFeature([2], tf.int64), tf.io.VarLenFeature(tf.string))
print(tf.io.RaggedFeature(tf.int64), tf.io.FixedLenSequenceFeature([], tf.float32, True))
""")

_s("parse_example_batch", _MK + """
spec = {'a': tf.io.FixedLenFeature([2], tf.int64), 'b': tf.io.FixedLenFeature([], tf.float32),
        'c': tf.io.VarLenFeature(tf.string),
        'd': tf.io.FixedLenFeature([2], tf.float32, default_value=[0.5, 1.])}
batch = [mk(a=[1, 2], b=[1.5], c=[b'x', b'yy']), mk(a=[3, 4], b=[2.], c=[b'z'], d=[7., 8.])]
r = tf.io.parse_example(batch, spec)
print(list(r))
show(r)
r = tf.io.parse_example(batch + [mk(a=[5, 6], b=[0.])], {
    'r': tf.io.RaggedFeature(tf.int64, value_key='a', row_splits_dtype=tf.int64),
    'c': tf.io.RaggedFeature(tf.string),
    'q': tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True, default_value='-'),
    'c2': tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True)})
print(list(r))
print(r['r'], r['r'].row_splits.dtype)
print(r['c'])
show({k: r[k] for k in ('q', 'c2')})
show(tf.io.parse_example(tf.constant(batch[0]), {'c': tf.io.VarLenFeature(tf.string)}))
""")

_s("parse_example_in_function", _MK + """
spec = {'a': tf.io.FixedLenFeature([2], tf.int64), 'n': tf.io.FixedLenFeature([], tf.string),
        'z': tf.io.FixedLenFeature([1], tf.float32, default_value=[-1.])}
@tf.function
def one(s):
    r = tf.io.parse_single_example(s, spec)
    return r['a'] * 2, r['n'], r['z']
@tf.function
def many(s):
    r = tf.io.parse_example(s, spec)
    return r['a'] + 1, r['n'], r['z']
print(one(tf.constant(mk(a=[1, 2], n=[b'hi']))))
print(many(tf.constant([mk(a=[1, 2], n=[b'p']), mk(a=[3, 4], n=[b'q'], z=[5.])])))
try:
    one(tf.constant(mk(a=[1], n=[b'x'])))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, 'Some int64_list slice was not parsed' in str(e))
""")

_s("parse_example_tfrecord_dataset_map", _MK + """
import os, tempfile
path = os.path.join(tempfile.mkdtemp(), 'x.tfrecord')
with tf.io.TFRecordWriter(path) as w:
    for i in range(3):
        w.write(mk(x=[float(i), i + 0.5], y=[i], n=[b'n%d' % i]))
spec = {'x': tf.io.FixedLenFeature([2], tf.float32), 'y': tf.io.FixedLenFeature([], tf.int64),
        'n': tf.io.FixedLenFeature([], tf.string),
        'z': tf.io.FixedLenFeature([1], tf.int64, default_value=[-1])}
def parse_one(s):
    return tf.io.parse_single_example(s, spec)
def parse_many(s):
    return tf.io.parse_example(s, spec)
ds = tf.data.TFRecordDataset(path).map(parse_one)
print(ds.element_spec)
for e in ds:
    print({k: v.numpy() for k, v in sorted(e.items())})
ds2 = tf.data.TFRecordDataset(path).batch(2).map(parse_many)
print(ds2.element_spec)
for e in ds2:
    print({k: v.numpy() for k, v in sorted(e.items())})
""")

_s("parse_example_errors", _MK + """
s = mk(i=[1, 2], f=[1.5, 2.5], b=[b'x', b'y'])
empty = tf.train.Example(features=tf.train.Features(feature={'e': tf.train.Feature()})).SerializeToString()
def t(fn):
    try:
        fn()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)
for k, dt in [('i', tf.int64), ('f', tf.float32), ('b', tf.string)]:
    for n in (1, 3):
        t(lambda: tf.io.parse_single_example(s, {k: tf.io.FixedLenFeature([n], dt)}))
        t(lambda: tf.io.parse_example([s], {k: tf.io.FixedLenFeature([n], dt)}))
    t(lambda: tf.io.parse_single_example(s, {k: tf.io.FixedLenSequenceFeature([3], dt, allow_missing=True)}))
    t(lambda: tf.io.parse_example([s], {k: tf.io.FixedLenSequenceFeature([3], dt, allow_missing=True)}))
t(lambda: tf.io.parse_single_example(s, {'i': tf.io.FixedLenFeature([2], tf.float32)}))
t(lambda: tf.io.parse_example([s, s], {'i': tf.io.FixedLenFeature([2], tf.float32)}))
t(lambda: tf.io.parse_single_example(s, {'z': tf.io.FixedLenFeature([2], tf.float32)}))
t(lambda: tf.io.parse_example([s, s], {'z': tf.io.FixedLenFeature([2], tf.float32)}))
t(lambda: tf.io.parse_single_example(s, {'b': tf.io.VarLenFeature(tf.int64)}))
t(lambda: tf.io.parse_example([s, s], {'b': tf.io.VarLenFeature(tf.int64)}))
t(lambda: tf.io.parse_single_example(b'\\x01\\x02abc', {'a': tf.io.VarLenFeature(tf.int64)}))
t(lambda: tf.io.parse_single_example(s, {'a': tf.io.FixedLenFeature([2], tf.int64, default_value=7)}))
t(lambda: tf.io.parse_single_example(s, {'a': tf.io.FixedLenFeature([2], tf.int32)}))
t(lambda: tf.io.parse_single_example(s, {'a': tf.io.VarLenFeature(tf.int32)}))
t(lambda: tf.io.parse_single_example(s, {'a': tf.io.FixedLenSequenceFeature([2], tf.int64)}))
t(lambda: tf.io.parse_single_example(s, {}))
t(lambda: tf.io.parse_single_example([s], {'i': tf.io.VarLenFeature(tf.int64)}))
t(lambda: tf.io.parse_example([s], {'i': tf.io.FixedLenFeature([None], tf.int64)}))
t(lambda: tf.io.parse_single_example(empty, {'e': tf.io.FixedLenFeature([], tf.int64)}))
t(lambda: tf.io.parse_example([empty], {'e': tf.io.FixedLenFeature([], tf.int64)}))
t(lambda: show(tf.io.parse_single_example(empty, {'e': tf.io.VarLenFeature(tf.int64)})))
t(lambda: show(tf.io.parse_single_example(empty, {'e': tf.io.FixedLenFeature([], tf.int64, default_value=3)})))
t(lambda: tf.io.RaggedFeature(tf.int32))
""")

_s("example_message_errors", """
import numpy as np
def t(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: tf.train.Int64List(value=[1.5]))
t(lambda: tf.train.Int64List(value=[True]))
t(lambda: tf.train.Int64List(value=[2**63]))
t(lambda: tf.train.Int64List(value=['1']))
t(lambda: tf.train.FloatList(value=['1']))
t(lambda: tf.train.FloatList(value=[True]))
t(lambda: tf.train.BytesList(value=[1]))
t(lambda: tf.train.BytesList(value=['e']))
t(lambda: tf.train.Feature(foo=1))
t(lambda: tf.train.Example.FromString(b'\\x01\\x02abc'))
t(lambda: tf.train.Features(feature={1: tf.train.Feature()}))
t(lambda: tf.train.Example().features.feature.__setitem__('a', tf.train.Feature()))
t(lambda: tf.train.Feature().HasField('value'))
t(lambda: tf.train.Feature().WhichOneof('x'))
t(lambda: tf.train.Int64List(value=[1, 2]) == [1, 2])
t(lambda: tf.train.Int64List(value=[1, 2]).value == [1, 2])
t(lambda: tf.train.Int64List(value=[1, 2]).ByteSize())
t(lambda: tf.train.Int64List(value=np.array([1, 2])).value)
t(lambda: tf.train.FloatList(value=np.array([1, 2], np.float32)).value)
t(lambda: tf.train.Feature(int64_list={'value': [3]}).SerializeToString())
""")

_s("parse_sparse_feature", _MK + """
tf.get_logger().setLevel('ERROR')   # (TF warns that its sparse_merge is deprecated)
spec = {'sp': tf.io.SparseFeature('idx', 'val', tf.float32, 5),
        'sp2': tf.io.SparseFeature(['r', 'c'], 'val', tf.float32, [2, 3]),
        'idx': tf.io.VarLenFeature(tf.int64)}
s = mk(idx=[3, 0], val=[1.0, 2.0], r=[1, 0], c=[2, 2])
r = tf.io.parse_single_example(s, spec)
print(list(r))
show(r)
r = tf.io.parse_example([s, mk(idx=[4], val=[5.0], r=[1], c=[0]), mk(q=[1])], spec)
print(list(r))
show(r)
show(tf.io.parse_single_example(s, {'sp': tf.io.SparseFeature('idx', 'val', tf.float32, 5, True)}))
""")

_SEQ = _MK + """
def F(v):
    if isinstance(v[0], bytes):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
    if isinstance(v[0], float):
        return tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))
def se(ctx, fl):
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={k: F(v) for k, v in ctx.items()}),
        feature_lists=tf.train.FeatureLists(feature_list={
            k: tf.train.FeatureList(feature=[F(x) for x in v]) for k, v in fl.items()})
    ).SerializeToString()
s1 = se({'len': [2]}, {'tok': [[1, 2], [3, 4]], 'w': [[b'a'], [b'b', b'c']]})
s2 = se({'len': [1]}, {'tok': [[5, 6]], 'w': [[b'd']]})
cf = {'len': tf.io.FixedLenFeature([], tf.int64),
      'miss': tf.io.FixedLenFeature([], tf.int64, default_value=-1),
      'cv': tf.io.VarLenFeature(tf.float32)}
sf = {'tok': tf.io.FixedLenSequenceFeature([2], tf.int64), 'w': tf.io.VarLenFeature(tf.string)}
"""

_s("parse_single_sequence_example", _SEQ + """
c, f = tf.io.parse_single_sequence_example(s1, cf, sf)
print(list(c), list(f))
show(c)
show(f)
c, f = tf.io.parse_single_sequence_example(s1, None, {'r': tf.io.RaggedFeature(tf.string, value_key='w')})
print(c, f['r'], f['r'].row_splits.dtype)
c, f = tf.io.parse_single_sequence_example(s1, {'r': tf.io.RaggedFeature(tf.int64, value_key='len')})
print(c, f)
c, f = tf.io.parse_single_sequence_example(
    s1, None, {'zz': tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True)})
show(f)
""")

_s("parse_sequence_example_batch", _SEQ + """
c, f, n = tf.io.parse_sequence_example([s1, s2], cf, sf)
print(list(c), list(f), list(n))
show(c)
show(f)
show(n)
c, f, n = tf.io.parse_sequence_example(
    [s1, s2, se({}, {})], {'r': tf.io.RaggedFeature(tf.int64, value_key='len')},
    {'r': tf.io.RaggedFeature(tf.string, value_key='w', row_splits_dtype=tf.int64),
     's': tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True)})
print(c['r'], f['r'], f['r'].row_splits.dtype)
show({'s': f['s'], 'n': n['s']})
""")

_s("parse_sequence_example_errors", _SEQ + """
bad = se({}, {'t': [[1], [2, 3, 4]]})
def t(fn):
    try:
        fn()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: tf.io.parse_single_sequence_example(s1, cf, {'tok': tf.io.FixedLenSequenceFeature([2], tf.float32)}))
t(lambda: tf.io.parse_single_sequence_example(s1, None, {'tok': tf.io.VarLenFeature(tf.string)}))
t(lambda: tf.io.parse_sequence_example([s1], None, {'tok': tf.io.VarLenFeature(tf.string)}))
t(lambda: tf.io.parse_sequence_example([s1], None, {'tok': tf.io.FixedLenSequenceFeature([3], tf.int64)}))
t(lambda: tf.io.parse_single_sequence_example(bad, None, {'t': tf.io.FixedLenSequenceFeature([2], tf.int64)}))
t(lambda: tf.io.parse_single_sequence_example(s1, None, {'zz': tf.io.FixedLenSequenceFeature([2], tf.int64)}))
t(lambda: tf.io.parse_sequence_example([s1, s2], None, {'zz': tf.io.FixedLenSequenceFeature([2], tf.int64)}))
t(lambda: tf.io.parse_single_sequence_example(s1, {'len': tf.io.FixedLenFeature([2], tf.int64)}, None))
t(lambda: tf.io.parse_single_sequence_example(s1, {'len': tf.io.FixedLenFeature([], tf.float32)}, None))
t(lambda: tf.io.parse_single_sequence_example(s1, {'x': tf.io.FixedLenFeature([], tf.float32)}, None))
t(lambda: tf.io.parse_single_sequence_example(b'\\x01\\x02', {'x': tf.io.VarLenFeature(tf.float32)}, None))
t(lambda: tf.io.parse_single_sequence_example(s1, None, None))
t(lambda: tf.io.parse_sequence_example([s1], None, None))
t(lambda: tf.io.parse_single_sequence_example(s1, {'t': tf.io.FixedLenSequenceFeature([2], tf.int64)}))
t(lambda: tf.io.parse_single_sequence_example(s1, None, {'t': tf.io.FixedLenFeature([2], tf.int64)}))
t(lambda: tf.io.parse_single_sequence_example(s1, None, {'t': tf.io.FixedLenSequenceFeature([2], tf.int64, default_value=0)}))
t(lambda: tf.io.parse_single_sequence_example(s1, {'t': tf.io.VarLenFeature(tf.int32)}))
t(lambda: tf.io.parse_single_sequence_example(s1, None, {'t': tf.io.FixedLenSequenceFeature([], tf.int32)}))
""")

_s("example_presence_copy_and_floats", """
import copy, pickle
ex = tf.train.Example()
a = ex.features
b = ex.features
print(a is b, ex.HasField('features'), ex.SerializeToString())
b.feature['k'].bytes_list.value.append(b'v')
print(ex.HasField('features'), a is ex.features, ex.SerializeToString().hex())
c = copy.deepcopy(ex)
print(c == ex, c is ex, pickle.loads(pickle.dumps(ex)) == ex)
f = tf.train.Feature(float_list=tf.train.FloatList(value=[1e-5, 123456789.0, 0.3, -2.5e-38, 16777217.0]))
print(f)
print(f.float_list.value)
ex.Clear()
print(repr(str(ex)), ex.ByteSize())
fl = tf.train.FeatureList(feature=[{'int64_list': {'value': [1]}}])
fl.feature.add(float_list={'value': [2.0]})
print(fl, len(fl.feature))
m = tf.train.Features()
m.feature['x'].int64_list.value[:] = [4, 5]
print(m)
e2 = tf.train.Example(features={'feature': {'a': {'int64_list': {'value': [1]}}}})
e2.MergeFrom(tf.train.Example(features={'feature': {'b': {'float_list': {'value': [2]}}}}))
print(sorted(e2.features.feature), e2.features.feature['b'].float_list.value)
""")

_s("parse_example_names_empty_and_rank", _MK + """
def t(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: tf.io.parse_example([mk(a=[1]), mk(b=[1])], {'a': tf.io.FixedLenFeature([], tf.int64)},
                              example_names=['x', 'y']))
t(lambda: tf.io.parse_example([mk(a=[1]), mk(a=[1, 3])], {'a': tf.io.FixedLenFeature([], tf.int64)},
                              example_names=['x', 'y']))
t(lambda: tf.io.parse_example(tf.constant([], tf.string), {
    'a': tf.io.FixedLenFeature([2], tf.int64), 'v': tf.io.VarLenFeature(tf.float32),
    'r': tf.io.RaggedFeature(tf.int64)}))
t(lambda: tf.io.parse_example([[mk(a=[1])]], {'a': tf.io.VarLenFeature(tf.int64)}))
""")
