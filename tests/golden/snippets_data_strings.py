"""Golden snippets: tf.data with tf.string elements (sources, file readers, transformations,
map functions using tf.strings, iteration eagerly and inside tf.function).

Files are written by the snippets themselves with plain ``open()`` in a fresh temporary
folder (TFRecord files as bytes literals written by TF's tf.io.TFRecordWriter), and
paths are printed as DIR."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_FILES = """
import gzip, os, tempfile, zlib
d = tempfile.mkdtemp()
def path(name, data):
    p = os.path.join(d, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p
def err(e):
    print(type(e).__name__, str(e).replace(d, 'DIR'))
"""

# Three records b'abc', b'', b'hello world', as tf.io.TFRecordWriter writes them.
_TFRECORD = (
    "RAW = (b'\\x03\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\xb0\\x99I\\x0eabcnW\\xf1!"
    "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00)\\x03\\x98\\x07\\xd8\\xea\\x82\\xa2"
    "\\x0b\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x86\\x15\\xf5\\x04hello world\\x00~\\xd8m')\n")

_s("from_tensor_slices_strings", """
ds = tf.data.Dataset.from_tensor_slices(['Line 1', b'Line 2', 'caf\u00e9'])
print(ds)
print(ds.element_spec, ds.cardinality(), len(ds))
for x in ds:
    print(x)
print(list(ds.as_numpy_iterator()))
print(list(ds))
m = tf.data.Dataset.from_tensor_slices(tf.constant([['a', 'b'], ['c', 'd']]))
print(m.element_spec, list(m.as_numpy_iterator()))
e = tf.data.Dataset.from_tensor_slices(np.array(['x', 'yy']))
print(e.element_spec, list(e.as_numpy_iterator()))
raw = tf.data.Dataset.from_tensor_slices([b'\\xff\\x00', b''])
print(list(raw.as_numpy_iterator()))
""", verbatim=True)

_s("from_tensors_zip_dict_strings", """
t = tf.data.Dataset.from_tensors(['a', 'b'])
print(t, list(t))
print(list(tf.data.Dataset.from_tensors('one').as_numpy_iterator()))
words = tf.data.Dataset.from_tensor_slices(['x', 'y', 'z'])
z = tf.data.Dataset.zip((tf.data.Dataset.range(5), words))
print(z.element_spec, z.cardinality())
print(list(z.as_numpy_iterator()))
print(list(words.enumerate(start=3).as_numpy_iterator()))
dd = tf.data.Dataset.from_tensor_slices({'name': ['ann', 'bob'], 'age': [30, 40]})
print(dd.element_spec)
for el in dd:
    print(el['name'], el['age'])
print(list(dd.as_numpy_iterator()))
tup = tf.data.Dataset.from_tensor_slices((['p', 'q'], [1.5, 2.5]))
for s, v in tup:
    print(s.numpy(), v.numpy())
""", verbatim=True)

_s("from_generator_strings", """
def gen():
    yield 'first'
    yield b'second'
    yield 'third'
ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec(shape=(), dtype=tf.string))
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds2 = tf.data.Dataset.from_generator(gen, output_types=tf.string)
print(ds2.element_spec, list(ds2.as_numpy_iterator()))
def pairs():
    for i, w in enumerate(['a b', 'c']):
        yield w, i
ds3 = tf.data.Dataset.from_generator(pairs, output_types=(tf.string, tf.int32),
                                     output_shapes=((), ()))
print(ds3.element_spec, list(ds3.as_numpy_iterator()))
def lists():
    yield ['a', 'b']
    yield ['c']
ds4 = tf.data.Dataset.from_generator(lists, output_signature=tf.TensorSpec([None], tf.string))
print(list(ds4))
def bad():
    yield 3
try:
    list(tf.data.Dataset.from_generator(bad, output_signature=tf.TensorSpec([], tf.string)))
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("text_line_dataset_tutorial", _FILES + """
ds_tensors = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5, 6])
filename = path('lines.csv', b'''Line 1
Line 2
Line 3
  ''')
ds_file = tf.data.TextLineDataset(filename)
print(ds_file)
print(ds_file.element_spec, ds_file.cardinality())
ds_file = ds_file.batch(2)
print('Elements in ds_file:')
for x in ds_file:
    print(x)
""", verbatim=True)

_s("text_line_dataset_line_splitting", _FILES + """
cases = [b'a\\nb', b'a\\nb\\n', b'a\\r\\nb\\r\\n', b'', b'\\n', b'\\n\\n', b'x\\r', b'a\\n\\nb\\n\\n',
         b' lead\\ttab \\n', b'\\xff\\xfe\\n']
for i, data in enumerate(cases):
    p = path('f%d.txt' % i, data)
    print(data, list(tf.data.TextLineDataset(p).as_numpy_iterator()))
p = path('small.txt', b'first line\\nsecond line\\nthird\\n')
print(list(tf.data.TextLineDataset(p, buffer_size=3).as_numpy_iterator()))
print(list(tf.data.TextLineDataset(p, compression_type='').as_numpy_iterator()))
""", verbatim=True)

_s("text_line_dataset_filenames", _FILES + """
import pathlib
a = path('a.txt', b'a1\\na2\\na3\\n')
b = path('b.txt', b'b1\\nb2\\n')
c = path('c.txt', b'c1\\n')
print(list(tf.data.TextLineDataset([a, b, c]).as_numpy_iterator()))
print(list(tf.data.TextLineDataset(tf.constant([[a, b]])).as_numpy_iterator()))
print(list(tf.data.TextLineDataset(pathlib.Path(a)).as_numpy_iterator()))
print(list(tf.data.TextLineDataset([a, b, c], num_parallel_reads=2).as_numpy_iterator()))
print(list(tf.data.TextLineDataset([a, b, c], num_parallel_reads=3).as_numpy_iterator()))
names = tf.data.Dataset.from_tensor_slices([c, a])
print(list(tf.data.TextLineDataset(names).as_numpy_iterator()))
print(list(tf.data.TextLineDataset([]).as_numpy_iterator()))
print(isinstance(tf.data.TextLineDataset(a), tf.data.TextLineDataset),
      isinstance(tf.data.TextLineDataset(a), tf.data.Dataset))
for bad in (3, tf.constant([1.0]), tf.data.Dataset.range(2)):
    try:
        tf.data.TextLineDataset(bad)
    except TypeError as e:
        print('TypeError', e)
try:
    tf.data.TextLineDataset([a, 3])
except ValueError as e:
    print('ValueError', e)
try:
    tf.data.TextLineDataset(a, compression_type=3)
except TypeError as e:
    print('TypeError', e)
try:
    tf.data.TextLineDataset(a, buffer_size='x')
except TypeError as e:
    print('TypeError', e)
""", verbatim=True)

_s("text_line_dataset_errors", _FILES + """
a = path('a.txt', b'a1\\n')
it = iter(tf.data.TextLineDataset([a, os.path.join(d, 'missing.txt')]))
print(next(it))
try:
    next(it)
except tf.errors.NotFoundError as e:
    err(e)
try:
    list(tf.data.TextLineDataset(d))
except tf.errors.OpError as e:
    err(e)
import re
def flat_map_err(e):
    # FlatMapDataset:N: the dataset op's number, from TF's process-wide counter.
    print(type(e).__name__, re.sub(r'FlatMapDataset:\\d+', 'FlatMapDataset:N', str(e)))
for kw in ({'compression_type': 'BZ2'}, {'buffer_size': -1}):
    try:
        list(tf.data.TextLineDataset(a, **kw))
    except tf.errors.InvalidArgumentError as e:
        flat_map_err(e)
z = path('z.gz', zlib.compress(b'z1\\n'))
try:
    list(tf.data.TextLineDataset(z, compression_type='GZIP'))
except tf.errors.DataLossError as e:
    err(e)
""", verbatim=True)

_s("text_line_dataset_compressed", _FILES + """
g = path('a.gz', gzip.compress(b'g1\\r\\ng2\\n\\ng3'))
z = path('a.z', zlib.compress(b'z1\\nz2\\n'))
two = path('two.gz', gzip.compress(b'm1\\nm2\\n') + gzip.compress(b'm3\\n'))
print(list(tf.data.TextLineDataset(g, compression_type='GZIP').as_numpy_iterator()))
print(list(tf.data.TextLineDataset(z, compression_type='ZLIB').as_numpy_iterator()))
print(list(tf.data.TextLineDataset(two, compression_type='GZIP', buffer_size=4).as_numpy_iterator()))
print(list(tf.data.TextLineDataset([g, z], compression_type=tf.constant('GZIP')).take(4)
           .as_numpy_iterator()))
""", verbatim=True)

_s("tfrecord_dataset", _FILES + _TFRECORD + """
r = path('r.tfrecord', RAW)
ds = tf.data.TFRecordDataset(r)
print(ds)
print(ds.element_spec, ds.cardinality())
for x in ds:
    print(x)
print(list(tf.data.TFRecordDataset([r, r], num_parallel_reads=2).as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(r, buffer_size=1).as_numpy_iterator()))
g = path('r.gz', gzip.compress(RAW))
z = path('r.z', zlib.compress(RAW))
print(list(tf.data.TFRecordDataset(g, compression_type='GZIP').as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(z, compression_type='ZLIB').as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(r, compression_type='FOO').as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(path('empty', b'')).as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(path('partial', RAW + b'\\x00\\x01')).as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(r).map(tf.strings.length).as_numpy_iterator()))
""", verbatim=True)

_s("tfrecord_dataset_corrupt", _FILES + _TFRECORD + """
def flip(k):
    b = bytearray(RAW)
    b[k] ^= 1
    return bytes(b)
for name, data in [('len0', flip(0)), ('data0', flip(12)), ('crc0', flip(15)),
                   ('len1', flip(19)), ('data2', flip(50)), ('trunc', RAW[:-3]),
                   ('trunc1', RAW[:31]), ('text', b'not a tfrecord file\\n')]:
    it = iter(tf.data.TFRecordDataset(path(name, data)))
    got = []
    try:
        for x in it:
            got.append(x.numpy())
    except tf.errors.DataLossError as e:
        print(name, got, end=' ')
        err(e)
g = path('trunc.gz', gzip.compress(RAW[:-3]))
try:
    list(tf.data.TFRecordDataset(g, compression_type='GZIP'))
except tf.errors.DataLossError as e:
    err(e)
""", verbatim=True)

_s("fixed_length_record_dataset", _FILES + """
f = path('fl', b'HHabcdefghijFFF')
ds = tf.data.FixedLengthRecordDataset(f, 5, header_bytes=2, footer_bytes=3)
print(ds, ds.cardinality())
print(list(ds.as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset(f, 5).as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset(f, 3, header_bytes=15).as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset([f, f], 5, num_parallel_reads=2).as_numpy_iterator()))
print(list(tf.data.FixedLengthRecordDataset(path('e', b''), 4).as_numpy_iterator()))
g = path('fl.gz', gzip.compress(b'HHabcdefghijFFF'))
print(list(tf.data.FixedLengthRecordDataset(g, 2, header_bytes=2, footer_bytes=3,
                                            compression_type='GZIP').as_numpy_iterator()))
z = path('fl.z', zlib.compress(b'HHabcdefghijFFF'))
print(list(tf.data.FixedLengthRecordDataset(z, 5, 2, 3, compression_type='ZLIB')
           .as_numpy_iterator()))
for args, kw in [((f, 4), {'header_bytes': 2, 'footer_bytes': 3}), ((f, 3), {'header_bytes': 20}),
                 ((g, 4), {'header_bytes': 2, 'footer_bytes': 3, 'compression_type': 'GZIP'})]:
    it = iter(tf.data.FixedLengthRecordDataset(*args, **kw))
    got = []
    try:
        for x in it:
            got.append(x.numpy())
    except tf.errors.OpError as e:
        print(got, end=' ')
        err(e)
import re
def flat_map_err(e):
    # FlatMapDataset:N: the dataset op's number, from TF's process-wide counter.
    print(type(e).__name__, re.sub(r'FlatMapDataset:\\d+', 'FlatMapDataset:N', str(e)))
for kw in ({'header_bytes': -1}, {'footer_bytes': -1}, {'buffer_size': -1},
           {'compression_type': 'FOO'}):
    try:
        list(tf.data.FixedLengthRecordDataset(f, 3, **kw))
    except tf.errors.InvalidArgumentError as e:
        flat_map_err(e)
try:
    list(tf.data.FixedLengthRecordDataset(f, 0))
except tf.errors.InvalidArgumentError as e:
    flat_map_err(e)
""", verbatim=True)

_s("map_string_ops", """
ds = tf.data.Dataset.from_tensor_slices(['3.5', ' 10 ', '-2e1'])
up = ds.map(tf.strings.upper)
print(up.element_spec, list(up.as_numpy_iterator()))
def to_num(s):
    return tf.strings.to_number(s)
num = ds.map(to_num)
print(num.element_spec, list(num.as_numpy_iterator()))
def strip_len(s):
    return tf.strings.strip(s), tf.strings.length(s)
both = ds.map(strip_len)
print(both.element_spec, list(both.as_numpy_iterator()))
def bang(s):
    return s + '!'
cat = ds.map(bang)
print(list(cat.as_numpy_iterator()))
def angle(s):
    return tf.strings.join(['<', s, '>'], separator='|')
j = ds.map(angle)
print(list(j.as_numpy_iterator()))
def digits(s):
    return tf.strings.regex_replace(s, '[0-9]', '#')
r = ds.map(digits)
print(list(r.as_numpy_iterator()))
n = tf.data.Dataset.range(3).map(tf.strings.as_string)
print(n.element_spec, list(n.as_numpy_iterator()))
def twice(e):
    return {'b': e['a'] + e['a']}
d = tf.data.Dataset.from_tensor_slices({'a': ['x', 'y']}).map(twice)
print(d.element_spec, list(d.as_numpy_iterator()))
""", verbatim=True)

_s("map_string_split_unknown_length", """
lines = tf.data.Dataset.from_tensor_slices(['the cat sat', 'a dog', 'bird'])
def split(line):
    return tf.strings.split(line)
words = lines.map(split)
print(words.element_spec)
for w in words:
    print(w)
print(list(words.as_numpy_iterator()))
counts = words.map(tf.size)
print(counts.element_spec, list(counts.as_numpy_iterator()))
padded = words.padded_batch(2)
print(padded.element_spec)
for b in padded:
    print(b)
pv = words.padded_batch(3, padded_shapes=[4], padding_values='<pad>')
print(list(pv.as_numpy_iterator()))
print(list(words.unbatch().as_numpy_iterator()))
def parse(s):
    return tf.strings.to_number(tf.strings.split(s, ','))
csv = tf.data.Dataset.from_tensor_slices(['1,2', '3,4']).map(parse)
print(csv.element_spec, list(csv.as_numpy_iterator()))
""", verbatim=True)

_s("filter_batch_unbatch_strings", """
ds = tf.data.Dataset.from_tensor_slices(['apple', '', 'kiwi', 'banana', 'fig'])
def long(s):
    return tf.strings.length(s) > 3
def nonempty(s):
    return s != ''
def has_an(s):
    return tf.strings.regex_full_match(s, '.*an.*')
print(list(ds.filter(long).as_numpy_iterator()))
print(list(ds.filter(nonempty).as_numpy_iterator()))
print(list(ds.filter(has_an).as_numpy_iterator()))
b = ds.batch(2)
print(b.element_spec)
for x in b:
    print(x)
print(ds.batch(2, drop_remainder=True).element_spec)
print(list(b.unbatch().as_numpy_iterator()))
def plus(x):
    return tf.strings.reduce_join(x, separator='+')
print(list(b.map(plus).as_numpy_iterator()))
print(list(b.as_numpy_iterator()))
""", verbatim=True)

_s("pipeline_ops_strings", """
ds = tf.data.Dataset.from_tensor_slices(['a', 'b', 'c', 'd'])
print(list(ds.repeat(2).as_numpy_iterator()))
print(list(ds.take(2).concatenate(ds.skip(3)).as_numpy_iterator()))
print(list(ds.shard(2, 1).as_numpy_iterator()))
c = ds.map(tf.strings.upper).cache()
print(list(c.as_numpy_iterator()), list(c.as_numpy_iterator()))
print(list(ds.prefetch(tf.data.AUTOTUNE).as_numpy_iterator()))
print(sorted(ds.shuffle(4, seed=1).as_numpy_iterator()))
def before_c(s):
    return tf.strings.unicode_decode(s, 'UTF-8')[0] < 99
print(list(ds.take_while(before_c).as_numpy_iterator()))
u = tf.data.Dataset.from_tensor_slices(['x', 'y', 'x', 'z', 'y'])
print(u.unique().element_spec, list(u.unique().as_numpy_iterator()))
print(list(ds.with_options(tf.data.Options()).as_numpy_iterator()))
""", verbatim=True)

_s("interleave_flat_map_strings", _FILES + """
a = path('a.txt', b'a1\\na2\\na3\\n')
b = path('b.txt', b'b1\\nb2\\n')
names = tf.data.Dataset.from_tensor_slices([a, b])
print(list(names.flat_map(tf.data.TextLineDataset).as_numpy_iterator()))
il = names.interleave(tf.data.TextLineDataset, cycle_length=2, block_length=2)
print(il.element_spec, list(il.as_numpy_iterator()))
def skip_header(f):
    return tf.data.TextLineDataset(f).skip(1)
sk = names.interleave(skip_header, cycle_length=2)
print(list(sk.as_numpy_iterator()))
def words(s):
    return tf.data.Dataset.from_tensor_slices(tf.strings.split(s))
w = tf.data.Dataset.from_tensor_slices(['a b', 'c']).flat_map(words)
print(w.element_spec, list(w.as_numpy_iterator()))
""", verbatim=True)

_s("reduce_scan_strings", """
ds = tf.data.Dataset.from_tensor_slices(['a', 'b', 'c'])
def concat(acc, s):
    return acc + s
def count_join(st, s):
    return st[0] + 1, tf.strings.join([st[1], s], '-')
def number(n, s):
    return n + 1, tf.strings.join([s, tf.strings.as_string(n)])
def append(acc, i):
    return acc + tf.strings.as_string(i)
print(ds.reduce('', concat))
print(ds.reduce((0, ''), count_join))
sc = ds.scan(0, number)
print(sc.element_spec, list(sc.as_numpy_iterator()))
n = tf.data.Dataset.range(3).reduce(tf.constant('>'), append)
print(n)
""", verbatim=True)

_s("iterate_strings_in_function", """
ds = tf.data.Dataset.from_tensor_slices(['x', 'yy', 'zzz'])

@tf.function
def total_length(dataset):
    n = 0
    for s in dataset:
        n += tf.strings.length(s)
    return n
print(total_length(ds))

@tf.function
def joined(dataset):
    out = tf.constant('')
    for s in dataset:
        out = out + s
    return out
print(joined(ds), joined(ds.map(tf.strings.upper)))

@tf.function
def first_two(it):
    return next(it), next(it)
it = iter(ds)
print(first_two(it))

@tf.function
def optional(it):
    o = it.get_next_as_optional()
    return o.has_value(), o.get_value()
it = iter(ds)
print(optional(it))

def concat(a, s):
    return a + s

@tf.function
def reduced(dataset):
    return dataset.reduce(tf.constant('#'), concat)
print(reduced(ds))
""", verbatim=True)

_s("iterate_text_lines_in_function", _FILES + """
p = path('lines.txt', b'one\\ntwo\\nthree\\n')
lines = tf.data.TextLineDataset(p)

@tf.function
def count(dataset):
    n = 0
    longest = tf.constant('')
    for line in dataset:
        n += 1
        if tf.strings.length(line) > tf.strings.length(longest):
            longest = line
    return n, longest
print(count(lines))
def not_three(s):
    return s != 'three'
print(count(lines.filter(not_three)))
""", verbatim=True)

_s("string_errors_and_optional", """
ds = tf.data.Dataset.from_tensor_slices(['a', 'bb'])
def as_float(x):
    return tf.cast(x, tf.float32)
def chars(s):
    return tf.strings.bytes_split(s)
try:
    tf.data.Dataset.range(3).map(as_float).unique()
except TypeError as e:
    print('TypeError', e)
try:
    ds.map(chars).padded_batch(2, padding_values=0)
except TypeError as e:
    print('TypeError', e)
print(list(ds.map(chars).padded_batch(2, padding_values='_').as_numpy_iterator()))
o = tf.experimental.Optional.from_value(('x', 1))
print(o.get_value(), o.element_spec)
it = iter(ds)
print(it.get_next_as_optional().get_value(), it.get_next(), it.get_next_as_optional().has_value())
try:
    it.get_next()
except tf.errors.OutOfRangeError as e:
    print('OutOfRangeError', e)
try:
    list(ds.batch(1).concatenate(tf.data.Dataset.from_tensors(['x', 'y'])).batch(2))
except tf.errors.InvalidArgumentError as e:
    print('InvalidArgumentError', e)
try:
    ds.concatenate(tf.data.Dataset.range(2))
except TypeError as e:
    print('TypeError')

@tf.function
def batches(dataset):
    out = tf.constant('')
    for b in dataset:
        out += tf.strings.reduce_join(b, separator=',') + ';'
    return out
print(batches(ds.repeat(2).batch(2, drop_remainder=True)))
""", verbatim=True)
