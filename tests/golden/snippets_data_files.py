"""Golden snippets: tf.data.Dataset.list_files (sorted matches of one or more glob
patterns, shuffled by default or with a seed, the error when none matches) and the
readers over it (interleave of TFRecordDataset). Temporary files are made with tempfile;
printed names are relative to the temporary directory."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("list_files", r"""
import os, tempfile
tf.random.set_seed(3)   # (the shuffle's seeds do not depend on earlier snippets)
d = tempfile.mkdtemp()
for name in ["b.txt", "a.txt", "c.bin", "d.txt"]:
    with open(os.path.join(d, name), "w") as f:
        f.write(name)
def names(ds):
    return [os.path.relpath(n.decode(), d) for n in ds.as_numpy_iterator()]
ds = tf.data.Dataset.list_files(os.path.join(d, "*.txt"), shuffle=False)
print(ds.element_spec, names(ds))
print(names(tf.data.Dataset.list_files([os.path.join(d, "*.bin"), os.path.join(d, "a*")],
                                       shuffle=False)))
print(names(tf.data.Dataset.list_files(tf.constant(os.path.join(d, "*")), shuffle=False)))
print(names(tf.data.Dataset.list_files(os.path.join(d, "*"), seed=7)))
s = tf.data.Dataset.list_files(os.path.join(d, "*.txt"), shuffle=True, seed=1)
print(names(s), names(s))
print(sorted(names(tf.data.Dataset.list_files(os.path.join(d, "*")))))
print(tf.data.Dataset.list_files(os.path.join(d, "*.txt")).cardinality())
try:
    tf.data.Dataset.list_files(os.path.join(d, "*.none"))
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "TMP"))
""", verbatim=True)

_s("list_files_interleave_tfrecords", r"""
import os, tempfile
d = tempfile.mkdtemp()
for f in range(3):
    with tf.io.TFRecordWriter(os.path.join(d, f"r{f}.tfrecord")) as w:
        for r in range(3):
            w.write(f"{f}-{r}".encode())
ds = tf.data.Dataset.list_files(os.path.join(d, "*.tfrecord"), shuffle=False)
print(list(ds.interleave(tf.data.TFRecordDataset, cycle_length=2).as_numpy_iterator()))
print(list(ds.flat_map(tf.data.TFRecordDataset).batch(4).as_numpy_iterator()))
print(list(tf.data.TFRecordDataset(ds).take(4).as_numpy_iterator()))
""", verbatim=True)

_s("cache_in_files", r"""
import os, tempfile
d = tempfile.mkdtemp()
def files():   # (the final files; TF's temporary shard data file is left out)
    return sorted(n for n in os.listdir(d) if "tempstate" not in n)
def err(e):
    return type(e).__name__ + " " + str(e).replace(d, "D").split(" Lockfile contents")[0]
calls = []
def gen():
    for i in range(4):
        calls.append(i)
        yield i, str(i).encode()
src = tf.data.Dataset.from_generator(gen, output_signature=(
    tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.string)))
def triple(a, b):
    return a * 2, b, tf.fill([2], tf.cast(a, tf.float32))
ds = src.map(triple).cache(os.path.join(d, "c"))
print(ds, ds.cardinality().numpy(), files())
it = iter(ds)
print(next(it), files())
it2 = iter(ds)
try:
    next(it2)
except tf.errors.AlreadyExistsError as e:
    print(err(e))
print(list(it)[-1], files(), calls)
print([x[0].numpy() for x in ds], calls, files())   # (read from the files)
# an iteration not read to the end leaves no cache; the next one writes it
p = tf.data.Dataset.range(5).cache(os.path.join(d, "p"))
print([x.numpy() for x in p.take(2)], files())
print([x.numpy() for x in p], files())
print([x.numpy() for x in tf.data.Dataset.range(100).cache(os.path.join(d, "p"))])
print(list(tf.data.Dataset.range(3).cache(os.path.join(d, "r")).repeat(2).as_numpy_iterator()))
try:
    list(tf.data.Dataset.range(3).cache(os.path.join(d, "nodir", "x")))
except tf.errors.NotFoundError as e:
    print(err(e))
open(os.path.join(d, "e_0.index"), "w").close()
try:
    list(tf.data.Dataset.range(2).cache(os.path.join(d, "e")))
except tf.errors.AlreadyExistsError as e:
    print(err(e))
t = tf.data.Dataset.from_tensor_slices(([1.5, 2.5], [[b"a", b"bc"], [b"", b"d\x00"]],
                                        [True, False]))
def typed(a, b, c):
    return tf.cast(a, tf.bfloat16), b, c, tf.cast(a, tf.float16)
t = t.map(typed).cache(tf.constant(os.path.join(d, "types")))
print(list(t))
print(list(t), files())
f = tf.data.Dataset.range(4).cache(os.path.join(d, "fn"))
@tf.function
def total():
    s = tf.constant(0, tf.int64)
    for x in f:
        s += x
    return s
print(total().numpy(), total().numpy(), files())
print(list(tf.data.Dataset.range(2).cache("").as_numpy_iterator()))
try:
    tf.data.Dataset.range(2).cache(3)
except TypeError as e:
    print(err(e))
""")

_s("save_and_load", r"""
import collections, hashlib, os, tempfile
d = tempfile.mkdtemp()
def files(path):
    out = []
    for root, _, names in os.walk(path):
        for name in names:
            rel = os.path.relpath(os.path.join(root, name), path).split(os.sep)
            out.append("/".join(["RUN_ID" if p.isdigit() else p for p in rel]))
    return sorted(out)
def sha(path, name):
    found = [os.path.join(r, n) for r, _, ns in os.walk(path) for n in ns if n == name]
    return hashlib.sha256(open(found[0], "rb").read()).hexdigest()[:16]
P = collections.namedtuple("P", "x y")
@tf.autograph.experimental.do_not_convert
def element(i):
    return P(tf.fill([2], tf.cast(i, tf.float16)), tf.strings.as_string(i)), i * 10
ds = tf.data.Dataset.range(5).map(element)
path = os.path.join(d, "plain")
print(ds.save(path), files(path))
print(sha(path, "00000000.snapshot"), sha(path, "dataset_spec.pb"))
loaded = tf.data.Dataset.load(path)
print(loaded.element_spec)
print(loaded.cardinality().numpy(), list(loaded.as_numpy_iterator()))
strings = tf.data.Dataset.from_tensors(tf.constant([[b"a", b""], [b"ccc", b"\x00\xff"]]))
strings.save(os.path.join(d, "strings"))
print(sha(os.path.join(d, "strings"), "00000000.snapshot"),
      list(tf.data.Dataset.load(os.path.join(d, "strings")).as_numpy_iterator()))
empty = tf.data.Dataset.range(0)
empty.save(os.path.join(d, "empty"))
print(files(os.path.join(d, "empty")),
      tf.data.Dataset.load(os.path.join(d, "empty")).cardinality().numpy())
tf.data.experimental.save(tf.data.Dataset.range(3), os.path.join(d, "exp"))
print(list(tf.data.experimental.load(os.path.join(d, "exp")).as_numpy_iterator()))
print(tf.data.Dataset.load(os.path.join(d, "exp"),
                           element_spec=tf.TensorSpec([], tf.int64)).element_spec)
tf.data.Dataset.from_tensors(tf.ones([2, 3])).save(os.path.join(d, "v"))
print(tf.data.Dataset.load(os.path.join(d, "v")).element_spec)
@tf.function
def total():
    return tf.data.Dataset.load(path).reduce(tf.constant(0, tf.int64), lambda s, e: s + e[1])
print(total())
""")

_s("save_and_load_shards", r"""
import os, tempfile
d = tempfile.mkdtemp()
@tf.autograph.experimental.do_not_convert
def element(i):
    return i, tf.strings.as_string(i)
@tf.autograph.experimental.do_not_convert
def by_three(i, s):
    return i % 3
@tf.autograph.experimental.do_not_convert
def in_order(datasets):
    return datasets.flat_map(lambda x: x)
@tf.autograph.experimental.do_not_convert
def two_at_a_time(datasets):
    return datasets.interleave(lambda x: x, cycle_length=2)
ds = tf.data.Dataset.range(10).map(element)
path = os.path.join(d, "gz")
ds.save(path, compression="GZIP", shard_func=by_three)
print(sorted(n for _, dirs, _ in os.walk(path) for n in dirs if n.endswith(".shard")))
for reader in (in_order, two_at_a_time):
    loaded = tf.data.Dataset.load(path, compression="GZIP", reader_func=reader)
    print([int(i) for i, _ in loaded], loaded.cardinality().numpy())
try:
    list(tf.data.Dataset.load(path, reader_func=in_order))
except tf.errors.DataLossError as e:
    print(type(e).__name__, "corrupted record at 0" in str(e))
ds.save(os.path.join(d, "z"), compression="ZLIB")
print([s for _, s in tf.data.Dataset.load(os.path.join(d, "z"), compression="ZLIB")
       .as_numpy_iterator()])
try:
    tf.data.Dataset.load(os.path.join(d, "missing"))
except tf.errors.NotFoundError as e:
    print(type(e).__name__, str(e).replace(d, "D"))
try:
    tf.data.Dataset.load(os.path.join(d, "missing"), element_spec=tf.TensorSpec([], tf.int64))
except tf.errors.NotFoundError as e:
    print(type(e).__name__, str(e).replace(d, "D"))
@tf.autograph.experimental.do_not_convert
def int32_shard(i, s):
    return tf.cast(i, tf.int32)
try:
    ds.save(os.path.join(d, "bad"), shard_func=int32_shard)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
""")

_s("load_files_tf_wrote", r"""
import base64, os, tempfile
# What TF 2.21 wrote for Dataset.range(5).map(lambda i: P(tf.cast(i, tf.int32) * 3,
# tf.strings.as_string(i))).save(path, compression="GZIP", shard_func=lambda p:
# tf.cast(p.x % 2, tf.int64)), P a namedtuple of x and y.
written = {
    "9415216673346848248/00000000.shard/00000000.snapshot":
        "H4sIAAAAAAAAA+JigIB1i/dbcTALMSixgHj8IsLVHFCZ/20q/BzsQBkmRgOeZr8XXBg62IC8qT0/5mHRYSTlutwNU"
        "wcPkHdZzk4eiw6Tm4zlfAABBgCjRycTlgAAAA==",
    "9415216673346848248/00000001.shard/00000000.snapshot":
        "H4sIAAAAAAAAA+JigIB1i/dbcTALMSixMAN5XjdSczmgMv/bVPg52IEyTIyGu9P9n3Fh6OAE8niy1r/BosM4d+UyF"
        "4AAAwBgmSs+ZAAAAA==",
    "dataset_spec.pb": "sgMfCgFQEgwKAXgSB4oCBBIAGAMSDAoBeRIHigIEEgAYBw==",
    "snapshot.metadata": "EhM5NDE1MjE2NjczMzQ2ODQ4MjQ4GJLWrLSIwZgDIAIqAgMHMAXAPgE=",
}
d = tempfile.mkdtemp()
for name, data in written.items():
    os.makedirs(os.path.dirname(os.path.join(d, name)), exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(base64.b64decode(data))
@tf.autograph.experimental.do_not_convert
def in_order(datasets):
    return datasets.flat_map(lambda x: x)
loaded = tf.data.Dataset.load(d, compression="GZIP", reader_func=in_order)
print(loaded.element_spec, loaded.cardinality().numpy())
print([(int(p.x), p.y.numpy()) for p in loaded])
""")

_s("load_with_another_element_spec", r"""
import os, tempfile
d = tempfile.mkdtemp()
@tf.autograph.experimental.do_not_convert
def pair(x):
    return x, x * 10
tf.data.Dataset.range(5).map(pair).save(d)
i64, i32 = tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.int32)
for spec in [i64, (i64, i64, i64), (i64, i32)]:
    try:
        print(list(tf.data.Dataset.load(d, element_spec=spec).as_numpy_iterator()))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
""")
