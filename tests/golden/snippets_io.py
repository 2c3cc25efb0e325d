"""Golden snippets: tf.io (files, decode_raw, base64, decode_compressed, serialize_tensor /
parse_tensor, decode_csv, matching_files, TFRecordWriter) and tf.io.gfile. Temporary files
are made with tempfile; printed names are relative to the temporary directory."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("read_write_file_eager", r"""
import os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, "a.txt")
print(tf.io.write_file(p, "hello\nworld"))
r = tf.io.read_file(p)
print(r, r.dtype, r.shape)
print(tf.io.read_file(tf.constant(p)))
print(tf.io.write_file(os.path.join(d, "new", "dir", "b.bin"), b"\x00\xff"))
print(tf.io.read_file(os.path.join(d, "new", "dir", "b.bin")))
def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, "TMP"))
err(lambda: tf.io.read_file(os.path.join(d, "missing")))
err(lambda: tf.io.read_file(d))
err(lambda: tf.io.write_file(p, ["a", "b"]))
err(lambda: tf.io.write_file(tf.constant([p, p]), "x"))
err(lambda: tf.io.read_file([p, p]))
err(lambda: tf.io.read_file(3))
err(lambda: tf.io.read_file(tf.constant(3)))
err(lambda: tf.io.read_file("s3://bucket/x"))
""", verbatim=True)

_s("read_write_file_in_function", r"""
import os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, "f.txt")
@tf.function
def f(path, text):
    tf.io.write_file(path, tf.strings.join([text, "!"]))
@tf.function
def r(path):
    return tf.io.read_file(path)
f(tf.constant(p), tf.constant("one"))
print(r(tf.constant(p)), open(p, "rb").read())
f(tf.constant(p), tf.constant("two"))
print(r(p), open(p, "rb").read())
@tf.function
def g():
    return tf.strings.length(tf.io.read_file(p))
print(g())
with open(p, "w") as fh:
    fh.write("longer contents")
print(g())
@tf.function
def h(path):
    return tf.io.read_file(path)
try:
    h(tf.constant(os.path.join(d, "zz")))
except Exception as e:
    print(type(e).__name__, "No such file or directory" in str(e))
""", verbatim=True)

_s("decode_raw", r"""
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: tf.io.decode_raw(tf.constant("Duck"), tf.uint8))
show(lambda: tf.io.decode_raw(["abcd", "efgh"], tf.int16))
show(lambda: tf.io.decode_raw(["abcd", "efgh"], tf.int16, little_endian=False))
show(lambda: tf.io.decode_raw([["abcdefgh"], ["ijklmnop"]], tf.float32))
show(lambda: tf.io.decode_raw(["abcdefgh"], tf.float16))
show(lambda: tf.io.decode_raw(["abcdefgh"], tf.bfloat16))
show(lambda: tf.io.decode_raw(["abcdefghabcdefgh"], tf.complex64))
show(lambda: tf.io.decode_raw("\x00\x01\x00\x02\x00\x00\x00\x00", tf.complex64, little_endian=False))
show(lambda: tf.io.decode_raw(["\x01\x00\x02"], tf.bool))
show(lambda: tf.io.decode_raw(["abcdefgh"], tf.float64))
show(lambda: tf.io.decode_raw([], tf.int8))
show(lambda: tf.io.decode_raw(["", ""], tf.int32))
show(lambda: tf.io.decode_raw(["ab", "abcdef"], tf.int16, fixed_length=4))
show(lambda: tf.io.decode_raw(["ab", "abcdef"], tf.int16, fixed_length=4, little_endian=False))
show(lambda: tf.io.decode_raw(["ab", "abcdef"], tf.uint8, fixed_length=tf.constant(3)))
show(lambda: tf.io.decode_raw(["abcd", "efg"], tf.int16))
show(lambda: tf.io.decode_raw(["abc"], tf.int16))
show(lambda: tf.io.decode_raw(tf.constant(["abc"]), tf.int16))
show(lambda: tf.io.decode_raw(["ab"], tf.uint64))
show(lambda: tf.io.decode_raw(tf.constant(["ab"]), tf.bool, fixed_length=4))
show(lambda: tf.io.decode_raw(["ab"], tf.int16, fixed_length=3))
show(lambda: tf.io.decode_raw(["ab"], tf.int16, fixed_length=0))
show(lambda: tf.io.decode_raw(["ab"], tf.uint8, fixed_length=8.0))
show(lambda: tf.io.decode_raw(tf.constant([1]), tf.int32))
show(lambda: tf.io.decode_raw(["ab"], tf.int16, little_endian=1))
""", verbatim=True)

_s("decode_raw_in_function", r"""
@tf.function
def g(x):
    return tf.io.decode_raw(x, tf.int16, fixed_length=4)
print(g(tf.constant(["ab", "efghij"])))
print(g.get_concrete_function(tf.TensorSpec([2], tf.string)).output_shapes)
@tf.function
def k():
    return tf.io.decode_raw(tf.constant(["abcd"]), tf.uint8)
print(k())
""", verbatim=True)

_s("base64", r"""
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: tf.io.encode_base64(["hello", "a", "ab", "", "\xff\xfe?>"]))
show(lambda: tf.io.encode_base64(["hello", "a", "ab", ""], pad=True))
show(lambda: tf.io.encode_base64(tf.constant([[b"\xfb\xff"]])))
show(lambda: tf.io.decode_base64(["aGVsbG8", "YQ", "YWI", "", "w7_DvsO9", "YQ==", "aGVsbG8=", "YWI=", "YR"]))
for s in ["a", "ab+/", "YQ=", "YQ===", "Y=Q=", "YQ\n", "YWJj=", "YWJjZA="]:
    show(lambda: tf.io.decode_base64(s))
show(lambda: tf.io.decode_base64(tf.constant("a")))
show(lambda: tf.io.encode_base64(tf.constant(1)))
show(lambda: tf.io.encode_base64("x", pad=1))
@tf.function
def f(x):
    return tf.io.decode_base64(tf.io.encode_base64(x, pad=True)), tf.io.encode_base64(x)
print(f(tf.constant(["tf.io", "\xff"])))
""", verbatim=True)

_s("decode_compressed", r"""
import zlib, gzip
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
z = zlib.compress(b"hello world" * 3)
g = gzip.compress(b"hello gzip", mtime=0)
show(lambda: tf.io.decode_compressed([z, z], "ZLIB"))
show(lambda: tf.io.decode_compressed(g, "GZIP"))
show(lambda: tf.io.decode_compressed(g + g, "GZIP"))
show(lambda: tf.io.decode_compressed(b"plain"))
show(lambda: tf.io.decode_compressed(z, compression_type=None))
show(lambda: tf.io.decode_compressed(z[:-3], "ZLIB"))
show(lambda: tf.io.decode_compressed(z + b"junk", "ZLIB"))
show(lambda: tf.io.decode_compressed(g[:5], "GZIP"))
show(lambda: tf.io.decode_compressed([b"", z], "ZLIB"))
show(lambda: tf.io.decode_compressed(b"plain", "ZLIB"))
show(lambda: tf.io.decode_compressed(g + b"junk", "GZIP"))
show(lambda: tf.io.decode_compressed(z, "GZIP"))
show(lambda: tf.io.decode_compressed(z, "BZ2"))
show(lambda: tf.io.decode_compressed(tf.constant(z), "NONE"))
show(lambda: tf.io.decode_compressed(tf.constant(z), 5))
@tf.function
def f(x):
    return tf.io.decode_compressed(x, "ZLIB")
print(f(tf.constant([z])))
""", verbatim=True)

_s("parse_tensor_in_dataset_map", r"""
# TF's static shape of ParseTensor is unknown (rank too): the map's element_spec says so,
# and each element is the tensor the record holds.
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), "tensors.tfrecord")
with tf.io.TFRecordWriter(p, options="GZIP") as w:
    for i in range(4):
        w.write(tf.io.serialize_tensor(tf.reshape(tf.range(i * 2), [i, 2])).numpy())
        w.write(tf.io.serialize_tensor(tf.constant(["a" * i, "b"])).numpy())
@tf.autograph.experimental.do_not_convert
def parse(s):
    return tf.io.parse_tensor(s, tf.int32)
@tf.autograph.experimental.do_not_convert
def parse_flat(s):
    return tf.reshape(tf.io.parse_tensor(s, tf.int32), [-1]) * 3
records = tf.data.TFRecordDataset(p, compression_type="GZIP")
ints = records.shard(2, 0)
for ds in (ints.map(parse), ints.map(parse_flat)):
    print(ds.element_spec)
    print([t.numpy().tolist() for t in ds])
@tf.autograph.experimental.do_not_convert
def parse_string(s):
    return tf.io.parse_tensor(s, tf.string)
strs = records.shard(2, 1).map(parse_string)
print(strs.element_spec, [t.numpy().tolist() for t in strs])
""")

_s("serialize_parse_tensor", r"""
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for v in [tf.constant(1.5), tf.constant([1, 2, 3]), tf.constant([[True, False]]),
          tf.constant(["ab", "c"]), tf.constant([], tf.float32),
          tf.constant(np.zeros((2, 0, 3), np.int64)), tf.constant([1 + 2j], tf.complex64),
          tf.constant([1.5], tf.bfloat16), tf.constant([1.5, -2], tf.float16),
          tf.constant(np.arange(3, dtype=np.uint8)), tf.constant(np.arange(4.0).reshape(2, 2))]:
    s = tf.io.serialize_tensor(v)
    print(s.numpy(), s.dtype, s.shape)
    print(tf.io.parse_tensor(s, v.dtype))
show(lambda: tf.io.serialize_tensor([1, 2]))
show(lambda: tf.io.serialize_tensor(tf.Variable([1.0, 2.0])))
show(lambda: tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1, 2])), tf.float32))
show(lambda: tf.io.parse_tensor(b"garbage", tf.float32))
show(lambda: tf.io.parse_tensor([b"garbage"], tf.float32))
show(lambda: tf.io.parse_tensor(b"\x08\x01", tf.float32))
show(lambda: tf.io.parse_tensor(b"\x08\x01\x12\x04\x12\x02\x08\x03\x2a\x02\x00\x00", tf.float32))
show(lambda: tf.io.parse_tensor(b"\x08\x01\x12\x04\x12\x02\x08\x03\x2a\x04\x00\x00\x80\x3f", tf.float32))
show(lambda: tf.io.parse_tensor(b"\x08\x01\x12\x04\x12\x02\x08\x03\x2d\x00\x00\x80\x3f\x2d\x00\x00\x00\x40", tf.float32))
show(lambda: tf.io.parse_tensor(b"\x08\x07\x12\x04\x12\x02\x08\x03\x42\x01a", tf.string))
@tf.function
def f(x):
    return tf.io.serialize_tensor(x * 2)
print(f(tf.constant([1, 2])))
""", verbatim=True)

_s("decode_csv", r"""
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: tf.io.decode_csv(["1,2.5,abc", "4,,x"], [[0], [1.0], ["d"]]))
show(lambda: tf.io.decode_csv("1,2,3", [[0], [0], [0]]))
show(lambda: tf.io.decode_csv(["1,2", "3,4"], [tf.constant([0], tf.int64), tf.constant([0.0], tf.float64)]))
show(lambda: tf.io.decode_csv([['1,2'], ['3,4']], [0, 0]))
show(lambda: tf.io.decode_csv(['"a,b",c', '"a""b",""'], [[""], ["q"]]))
show(lambda: tf.io.decode_csv(['"a,b",c'], [[""], [""]], use_quote_delim=False))
show(lambda: tf.io.decode_csv(['1|2'], [[0], [0]], field_delim="|"))
show(lambda: tf.io.decode_csv(['1,NA'], [[0], [7]], na_value="NA"))
show(lambda: tf.io.decode_csv(['1,2,3,4'], [[0], [0]], select_cols=[1, 3]))
show(lambda: tf.io.decode_csv(["a,b,"], [[""], ["z"]], select_cols=[1, 2]))
show(lambda: tf.io.decode_csv([","], [[1], [2]]))
show(lambda: tf.io.decode_csv(["\n1,\r2"], [[0], [0]]))
show(lambda: tf.io.decode_csv([' 1 , 2 ', '-5,+3'], [tf.constant([0], tf.int64), [0.0]]))
show(lambda: tf.io.decode_csv(['1e3,inf,nan,0x10,1e50'], [[0.0], [0.0], [0.0], [0.0], [0.0]]))
show(lambda: tf.io.decode_csv(["1,5"], [[0], []]))
show(lambda: tf.io.decode_csv(["1,"], [[0], []]))
show(lambda: tf.io.decode_csv(["1,2", "3"], [[0], [0]]))
show(lambda: tf.io.decode_csv(tf.constant(["1,2,3"]), [tf.constant([0]), tf.constant([0])]))
show(lambda: tf.io.decode_csv(['"ab"x,c'], [[""], [""]]))
show(lambda: tf.io.decode_csv(['"ab,c'], [[""], [""]]))
show(lambda: tf.io.decode_csv(['a"b,c'], [[""], [""]]))
show(lambda: tf.io.decode_csv(['1||2'], [[0], [0]], field_delim="||"))
show(lambda: tf.io.decode_csv(['1.5,2'], [[0], [0]]))
show(lambda: tf.io.decode_csv(['x,2'], [[0.0], [0]]))
show(lambda: tf.io.decode_csv(['99999999999,2'], [[0], [0]]))
show(lambda: tf.io.decode_csv(["1.,.5,  ,3"], [[0.0], [0.0], [0.0], [0.0]]))
show(lambda: tf.io.decode_csv(['a,b'], [[True], [""]]))
show(lambda: tf.io.decode_csv(['1,2'], [[0, 1], [0]]))
show(lambda: tf.io.decode_csv(['1,2'], [[[0]], [0]]))
show(lambda: tf.io.decode_csv(['1,2'], []))
for cols in ([3, 1], [1], [-1, 2], []):
    show(lambda: tf.io.decode_csv(['1,2,3,4'], [[0], [0]], select_cols=cols))
@tf.function
def f(x, d):
    return tf.io.decode_csv(x, [[0], d, [""]])
print(f(tf.constant(["1,,a", "2,3,"]), tf.constant([9.5])))
try:
    f(tf.constant(["1,2"]), tf.constant([9.5]))
except Exception as e:
    print(type(e).__name__, "Expect 3 fields but have 2 in record 0" in str(e))
""", verbatim=True)

_s("matching_files", r"""
import os, tempfile
d = tempfile.mkdtemp()
for n in ["b.txt", "a.txt", "c.csv", ".hidden.txt"]:
    open(os.path.join(d, n), "w").close()
rel = lambda t: [os.path.relpath(x.decode(), d) for x in t.numpy()]
m = tf.io.matching_files(os.path.join(d, "*.txt"))
print(rel(m), m.dtype, m.shape)
print(rel(tf.io.matching_files([os.path.join(d, "c*"), os.path.join(d, "[ab].txt")])))
print(rel(tf.io.matching_files(os.path.join(d, "?.csv"))))
print(tf.io.matching_files(os.path.join(d, "nope", "*")))
try:
    tf.io.matching_files(tf.constant([[d]]))
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("tfrecord_writer", r"""
import os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, "a.tfr")
with tf.io.TFRecordWriter(p) as w:
    print(w.write(b"abc"), w.write("d\xe9f"), w.flush())
print(open(p, "rb").read())
print(list(tf.data.TFRecordDataset(p).as_numpy_iterator()))
for ct in ["GZIP", "ZLIB", "", None, tf.io.TFRecordOptions("ZLIB"),
           tf.io.TFRecordOptions("GZIP", compression_level=9), tf.io.TFRecordOptions(compression_type=2)]:
    with tf.io.TFRecordWriter(p, ct) as w:
        w.write(b"x" * 10)
        w.flush()
        w.write(b"y")
    data = open(p, "rb").read()
    kind = tf.io.TFRecordOptions.get_compression_type_string(ct)
    print(repr(kind), len(data), data)
    print(list(tf.data.TFRecordDataset(p, compression_type=kind).as_numpy_iterator()))
with tf.io.TFRecordWriter(p, "GZIP"):
    pass
print(open(p, "rb").read())
w = tf.io.TFRecordWriter(p)
w.write(b"1")
w.close()
print(w.close())
for f in (lambda: w.write(b"2"), lambda: w.flush(), lambda: tf.io.TFRecordWriter(p, "BZ2"),
          lambda: tf.io.TFRecordOptions("LZ4"),
          lambda: tf.io.TFRecordWriter(os.path.join(d, "nope", "x.tfr")),
          lambda: tf.io.TFRecordWriter(d)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, "TMP"))
o = tf.io.TFRecordOptions("GZIP", mem_level=8)
print(o.compression_type, o.flush_mode, o.window_bits, o.compression_level, o.mem_level)
print(tf.io.TFRecordOptions.compression_type_map)
print([tf.io.TFRecordOptions.get_compression_type_string(x) for x in (None, "", 0, 1, "GZIP", o)])
""", verbatim=True)

_s("gfile", r"""
import os, tempfile
d = tempfile.mkdtemp()
j = lambda *a: os.path.join(d, *a)
G = tf.io.gfile
def show(f):
    try:
        r = f()
        print(repr(r.replace(d, "TMP") if isinstance(r, str) else r))
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, "TMP"))
show(lambda: G.exists(j("a.txt")))
with G.GFile(j("a.txt"), "w") as f:
    print(f.write("line1\nline2\n"), f.write(b"bytes\n"), f.mode, f.tell())
show(lambda: G.GFile(j("a.txt")).read())
show(lambda: G.GFile(j("a.txt"), "rb").read())
show(lambda: G.GFile(j("a.txt")).read(3))
show(lambda: G.GFile(j("a.txt")).readline())
show(lambda: G.GFile(j("a.txt")).readlines())
show(lambda: list(G.GFile(j("a.txt"), "rb")))
with G.GFile(j("a.txt"), "a") as f:
    f.write("tail")
f = G.GFile(j("a.txt"))
show(lambda: f.read(4)); show(lambda: f.tell()); show(lambda: f.seek(2)); show(lambda: f.readline())
show(lambda: f.seek(-2, 2)); show(lambda: f.read()); show(lambda: f.read()); show(lambda: f.size())
show(lambda: f.seek()); show(lambda: f.seek(0, 3)); f.close()
show(lambda: G.GFile(j("nope")).read())
show(lambda: G.GFile(j("a.txt"), "x"))
show(lambda: G.GFile(j("a.txt"), "r").write("x"))
show(lambda: G.GFile(j("a.txt"), "w").read())
show(lambda: G.GFile(j("a.txt"), "w").write(5))
show(lambda: G.GFile(d).read())
show(lambda: G.GFile(j("zz", "y"), "w").write("x"))
show(lambda: G.GFile(j("a.txt"), "w+").read())
with G.GFile(j("b.bin"), "wb") as f:
    f.write(b"\x00\xff")
show(lambda: G.GFile(j("b.bin"), "rb").read())
show(lambda: G.GFile(j("b.bin"), "r").read())
g = G.GFile(j("c.txt"), "w"); g.write("q"); g.close(); g.write("r"); g.close()
show(lambda: G.GFile(j("c.txt")).read())
g = G.GFile(j("never.txt"), "w"); g.close()
show(lambda: G.exists(j("never.txt")))
show(lambda: G.isdir(d)); show(lambda: G.isdir(j("a.txt"))); show(lambda: G.isdir(j("nope")))
show(lambda: sorted(G.listdir(d)))
show(lambda: G.listdir(j("nope"))); show(lambda: G.listdir(j("a.txt")))
show(lambda: G.mkdir(j("sub"))); show(lambda: G.mkdir(j("sub"))); show(lambda: G.mkdir(j("q", "r")))
show(lambda: G.makedirs(j("q", "r", "s"))); show(lambda: G.makedirs(j("q", "r", "s")))
show(lambda: G.makedirs(j("a.txt", "b")))
show(lambda: sorted(os.path.relpath(x, d) for x in G.glob(j("*"))))
show(lambda: sorted(os.path.relpath(x, d) for x in G.glob([j("*.txt"), j("?.bin")])))
show(lambda: G.glob(j("nope", "*")))
show(lambda: G.copy(j("a.txt"), j("c.txt"))); show(lambda: G.copy(j("a.txt"), j("c.txt"), overwrite=True))
show(lambda: G.GFile(j("c.txt")).read())
show(lambda: G.copy(j("nope"), j("c2.txt")))
show(lambda: G.rename(j("c.txt"), j("d.txt"))); show(lambda: G.rename(j("a.txt"), j("d.txt")))
show(lambda: G.rename(j("a.txt"), j("d.txt"), overwrite=True)); show(lambda: G.rename(j("nope"), j("e.txt")))
show(lambda: G.remove(j("d.txt"))); show(lambda: G.remove(j("d.txt"))); show(lambda: G.remove(j("sub")))
show(lambda: G.rmtree(j("q"))); show(lambda: G.rmtree(j("q")))
show(lambda: sorted(G.listdir(d)))
s = G.stat(j("b.bin"))
print(s.length, s.is_directory, type(s.mtime_nsec).__name__, G.stat(d).is_directory)
show(lambda: G.stat(j("nope")))
show(lambda: G.join("a", "b", "c")); show(lambda: G.join("gs://a", "b"))
show(lambda: G.exists("s3://b/x")); show(lambda: G.GFile("foo://b/x").read())
show(lambda: G.exists("file://" + j("b.bin"))); show(lambda: G.exists(3))
G.makedirs(j("w", "x"))
open(j("w", "f1"), "w").close()
print([(os.path.relpath(p, d), sorted(ds), sorted(fs)) for p, ds, fs in G.walk(j("w"))])
""", verbatim=True)
