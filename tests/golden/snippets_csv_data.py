"""Golden snippets: tf.data.experimental.CsvDataset (TF's CSVDatasetV2 kernel): record
defaults and their dtypes, required fields, header, field_delim, na_value, quoting,
select_cols/exclude_cols, number syntax, line endings, compression, several files, its
construction errors and the errors of bad records."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_FILES = '''
import os, tempfile
import numpy as np
d = tempfile.mkdtemp()
def w(name, data):
    p = os.path.join(d, name)
    with open(p, 'wb') as f:
        f.write(data.encode() if isinstance(data, str) else data)
    return p
def run(ds):
    try:
        for e in ds:
            print('  ', [x.numpy() for x in e])
    except tf.errors.OpError as e:
        print('  ', type(e).__name__, str(e).replace(d, 'DIR'))
def mk(*a, **k):
    try:
        ds = tf.data.experimental.CsvDataset(*a, **k)
        print(ds.element_spec)
        return ds
    except (tf.errors.OpError, TypeError, ValueError) as e:
        print('  ', type(e).__name__, str(e).replace(d, 'DIR').split('; NodeDef')[0])
        return []
p = w('a.csv', 'a,1,2.5,3\\nbb,,,4\\n"q,""x""",5,1e3,-7\\r\\nz, 6 ,inf,+8')
'''

_s("csv_dataset_record_defaults", _FILES + """
run(mk(p, [tf.string, tf.constant([0], tf.int32), tf.constant([0.5]), tf.int64]))
run(mk(p, [tf.string, [0], [0.5], tf.int64]))
run(mk(p, ['', 0, 0.0, tf.constant(0, tf.int64)]))
run(mk(p, [tf.string, tf.constant([2]), tf.constant([0.25], tf.float64), 'int64']))
run(mk(p, [tf.string, tf.constant(1), np.float64(0.25), 'int64']))
ds = mk([p, p], [tf.string, [-1], [0.5], tf.int64], header=True)
run(ds)
print(ds.cardinality().numpy())
print([tuple(x.numpy() for x in e) for e in ds.batch(2).take(1)])
""")

_s("csv_dataset_select_exclude_and_counts", _FILES + """
run(mk(p, [tf.string, tf.float64], select_cols=[0, 2]))
run(mk(p, [tf.string, [0.0]], select_cols=[0, 2]))
run(mk(p, [tf.string, tf.int64], exclude_cols=[1, 2]))
run(mk(p, [tf.string, tf.int64, tf.string], exclude_cols=[1]))
run(mk(p, [tf.string, tf.int64]))
run(mk(p, [tf.string, tf.int32, tf.float32, tf.int64, tf.string]))
run(mk(p, [tf.string, tf.string], select_cols=[3, 4]))
""")

_s("csv_dataset_delim_na_and_quotes", _FILES + """
p2 = w('b.txt', 'x|y\\n1|NA\\nNA|2\\n|3\\n')
run(mk(p2, [[0], [-1]], field_delim='|', na_value='NA', header=True))
run(mk(p2, [tf.string, tf.string], field_delim='|', na_value='NA'))
p3 = w('c.csv', 'he said "hi",2\\n"a""b",3\\n"unterminated,4\\n')
run(mk(p3, [tf.string, tf.int32], use_quote_delim=False))
run(mk(p3, [tf.string, tf.int32]))
p4 = w('f.csv', '"a\\nb",1\\n"",2\\n"x" ,3\\n')
run(mk(p4, [['d'], [0]]))
p5 = w('g.csv', '"x"y",1\\n2,2\\n')
run(mk(p5, [['d'], [0]]))
p6 = w('h.csv', '"h\\n1",h2\\r\\n"a",\\r"b"\\r\\n\\t x \\t,"NA"\\n')
run(mk(p6, [tf.string, ['?']], header=True, na_value='NA'))
run(mk(w('i.csv', 'a\\tb\\n\\xff\\xfe\\t\\n'), [tf.string, ['z']], field_delim='\\t'))
""")

_s("csv_dataset_numbers", _FILES + """
ints = ['+1', ' 3', '4 ', '\\t5\\t', '2147483647', '2147483648', '-0', '0010', '\\x0b6',
        '0x10', '1.5', '1e3', '- 1', '+-1', '1 2', '9223372036854775807',
        '9223372036854775808', ' ']
flts = ['0x1p3', '0x10', 'infinity', '-Infinity', 'INF', 'nan(123)', '-nan', '+1', '\\t2.5\\t',
        '1.5e-50', '1e-40', '3.4028235e38', '3.5e38', '1e400', '1.', '+.5', '1E5', '00.5',
        '-0', '1e', 'e5', '.', '1_000', ' ', '1d', '1.5 x', '1.5f']
for dt, cases in [(tf.int32, ints), (tf.int64, ints), (tf.float32, flts), (tf.float64, flts)]:
    out = []
    for c in cases:
        q = w('n.csv', c + '\\n')
        try:
            v = [x[0].numpy() for x in tf.data.experimental.CsvDataset(q, [dt])]
            out.append((c, repr(v[0].item())))
        except tf.errors.InvalidArgumentError as e:
            out.append((c, str(e)))
    print(dt.name, out)
run(mk(w('m.csv', '1\\n\\n2\\n'), [tf.int32]))
run(mk(w('m2.csv', '1\\n\\n2\\n'), [[7]]))
run(mk(w('m3.csv', '1,2\\n\\n'), [[7], [8]]))
run(mk(w('m4.csv', '1,x,\\n'), [[7], tf.int32, tf.int32]))
""")

_s("csv_dataset_files_and_compression", _FILES + """
import gzip, zlib
run(mk(w('g.csv.gz', gzip.compress(b'1,2\\n3,4\\n')), [tf.int32, tf.int32], compression_type='GZIP'))
run(mk(w('z.csv.z', zlib.compress(b'5,6')), [tf.int32, tf.int32], compression_type='ZLIB', buffer_size=2))
run(mk(os.path.join(d, 'missing.csv'), [tf.string]))
run(mk(w('empty.csv', ''), [tf.string], header=True))
run(mk(w('empty2.csv', ''), [tf.string]))
run(mk(w('hdr.csv', 'a,b\\n'), [tf.string, tf.string], header=True))
run(mk(w('badhdr.csv', 'a"b\\n1\\n'), [tf.string], header=True))
run(mk(tf.constant([p]), [tf.string, [0], [0.5], tf.int64], select_cols=[0, 1, 2, 3]))
""")

_s("csv_dataset_construction_errors", _FILES + """
for kw in [dict(record_defaults=[tf.constant([1, 2])]), dict(record_defaults=[tf.constant([[1]])]),
           dict(field_delim='ab'), dict(field_delim=''), dict(select_cols=[1]),
           dict(record_defaults=[tf.string, tf.string], select_cols=[2, 1]),
           dict(record_defaults=[tf.string, tf.string], select_cols=[-1, 1]),
           dict(select_cols=[1], exclude_cols=[0]), dict(exclude_cols=[1, 1]),
           dict(exclude_cols=[-1]), dict(buffer_size=0), dict(buffer_size=-3),
           dict(compression_type='BZ2'), dict(filenames=[[p]]), dict(record_defaults=[1.5j]),
           dict(record_defaults=[tf.constant(True)]), dict(header=1), dict(field_delim=1),
           dict(select_cols=[1.5]), dict(buffer_size='a'), dict(na_value=None),
           dict(select_cols=[[1]]), dict(exclude_cols=[[1]]), dict(filenames=3),
           dict(record_defaults=[[[0]]]), dict(header=[True]), dict(compression_type=['']),
           dict(buffer_size=[1])]:
    args = dict(filenames=p, record_defaults=[tf.string])
    args.update(kw)
    print(str(kw).replace(d, 'DIR'))
    mk(**args)
try:
    tf.data.experimental.CsvDataset(p, [])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).split(' of 0 ')[1].split(';')[0])
""")

_s("csv_dataset_in_pipelines", _FILES + """
ds = tf.data.experimental.CsvDataset(p, [tf.string, [0], [0.5], tf.int64])
def f(s, a, b, c):
    return {'s': tf.strings.length(s), 'x': tf.cast(a, tf.float32) + b, 'c': c}
m = ds.map(f)
print(m.element_spec)
print([{k: v.numpy() for k, v in sorted(e.items())} for e in m])
@tf.function
def total(ds):
    t = tf.constant(0, tf.int64)
    for s, a, b, c in ds:
        t += c
    return t
print(total(ds).numpy())
print(list(ds.skip(1).take(2).as_numpy_iterator()))
""")

_s("csv_dataset_many_records", _FILES + """
rows = ['%d,%s,%d.5' % (i, 'w%d' % i if i % 7 else '', i) for i in range(2500)]
q = w('many.csv', '\\n'.join(rows) + '\\n')
ds = tf.data.experimental.CsvDataset(q, [tf.int64, ['-'], tf.float32])
def add(t, e):
    return t + e[0]
print(ds.reduce(tf.constant(0, tf.int64), add).numpy())
print([tuple(x.numpy() for x in e) for e in ds.skip(1020).take(8)])
rows[2100] = '2100,x,bad'
rows[2300] = '2300,x,bad2'
ds = tf.data.experimental.CsvDataset(w('bad.csv', '\\n'.join(rows)), [tf.int64, ['-'], tf.float32])
n = 0
try:
    for e in ds:
        n += 1
except tf.errors.InvalidArgumentError as e:
    print(n, str(e).split('}} ')[1])
""")

_s("make_csv_dataset", _FILES + """
w('t1.csv', 'id,name,score,flag\\n1,a,0.5,x\\n2,b,,y\\n3,"c,d",2.25,\\n')
w('t2.csv', 'id,name,score,flag\\n4,e,1e3,z\\n5,f,-1,w\\n')
pattern = os.path.join(d, 't*.csv')
def show(ds, n=3):
    print(ds.element_spec)
    for e in ds.take(n):
        if isinstance(e, tuple):
            print({k: v.numpy().tolist() for k, v in e[0].items()}, e[1].numpy().tolist())
        else:
            print({k: v.numpy().tolist() for k, v in e.items()})
show(tf.data.experimental.make_csv_dataset(pattern, 2, num_epochs=1, shuffle=False))
show(tf.data.experimental.make_csv_dataset(pattern, 3, label_name='score', num_epochs=2,
                                           shuffle=False, select_columns=['score', 'id']), 5)
show(tf.data.experimental.make_csv_dataset(
    [os.path.join(d, 't2.csv'), os.path.join(d, 't1.csv')], 2, shuffle=False,
    column_defaults=[tf.int64, '', [0.0], ['?']], num_parallel_reads=2))
tf.random.set_seed(1)
show(tf.data.experimental.make_csv_dataset(pattern, 4, shuffle=True, shuffle_seed=3), 4)
w('u.csv', 'a,b,c,d,e\\n1,2147483648,1.5,1e40,x\\n,3,4,5,6\\n')
show(tf.data.experimental.make_csv_dataset(os.path.join(d, 'u.csv'), 2, num_epochs=1,
                                           shuffle=False, na_value='x'))
for kw in [dict(file_pattern=os.path.join(d, 'nomatch*.csv')), dict(file_pattern=[]),
           dict(header=False), dict(column_names=['a', 'a', 'b', 'c']),
           dict(select_columns=['nope']), dict(select_columns=[7]),
           dict(select_columns=['id', 0]), dict(label_name='nope'),
           dict(select_columns=['id'], column_defaults=[0, 0]),
           dict(compression_type='ZLIB'), dict(compression_type='BZ2')]:
    args = dict(file_pattern=pattern, batch_size=2)
    args.update(kw)
    try:
        tf.data.experimental.make_csv_dataset(**args)
        print('ok')
    except ValueError as e:
        print(type(e).__name__, str(e).replace(d, 'DIR'))
""")
