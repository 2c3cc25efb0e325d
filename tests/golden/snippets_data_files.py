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
