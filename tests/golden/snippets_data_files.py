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
