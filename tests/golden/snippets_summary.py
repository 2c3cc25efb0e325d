"""Golden snippets: tf.summary (writers, results, steps, record_if, errors, trace) and
tf.profiler.experimental's errors.

TF 2.21's tf.summary ops live in TensorBoard: record with TensorBoard 2.21 importable,
e.g. ``PYTHONPATH=<dir with tensorboard> /tmp/tfref/bin/python tests/golden/record.py -s
summary`` (without it TF raises TBNotInstalledError).
"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("summary_results_eager", """
import os, re, tempfile
d = tempfile.mkdtemp()
w = tf.summary.create_file_writer(d)
names = os.listdir(d)
print(len(names), bool(re.match(r"events\\.out\\.tfevents\\.\\d{10}\\..+\\.\\d+\\.\\d+\\.v2$", names[0])))
print(tf.summary.scalar("a", 1.0, step=1))
print(tf.summary.should_record_summaries())
with w.as_default() as cm:
    print(cm is w)
    print(tf.summary.scalar("a", 1.0, step=1))
    print(tf.summary.scalar("b", tf.constant(2), step=np.int64(2)))
    print(tf.summary.histogram("h", [1.0, 2.0], step=1))
    print(tf.summary.histogram("h", [1, 2], step=1, buckets=0))
    print(tf.summary.image("i", tf.zeros([1, 2, 2, 3]), step=1))
    print(tf.summary.audio("au", tf.zeros([1, 4, 1]), 8000, step=1))
    print(tf.summary.write("gen", tf.constant([1, 2]), step=3))
    print(tf.summary.write("gen", lambda: tf.constant(1.0), step=3, metadata=b""))
    print(tf.summary.should_record_summaries())
    print(tf.summary.flush())
    print(tf.summary.experimental.get_step())
print(tf.summary.flush())
w.close()
w.close()
print(w.flush())
""", verbatim=True)

_s("summary_step_errors", """
import tempfile
w = tf.summary.create_file_writer(tempfile.mkdtemp())
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
with w.as_default():
    t(lambda: tf.summary.scalar("a", 1.0))
    t(lambda: tf.summary.scalar("a", 1.0, step=tf.constant(3)))
    t(lambda: tf.summary.scalar("a", 1.0, step=[1, 2]))
    t(lambda: tf.summary.scalar("a", 1.0, step=1.5))
    t(lambda: tf.summary.scalar("a", [1.0, 2.0], step=1))
    t(lambda: tf.summary.image("a", tf.zeros([2, 2, 3]), step=1))
    t(lambda: tf.summary.image("a", tf.zeros([1, 2, 2, 5]), step=1))
    t(lambda: tf.summary.histogram("a", [1.0], step=[[1]]))
t(lambda: tf.summary.create_file_writer(None))
w.close()
for f in (w.as_default, w.set_as_default):
    try:
        f()
    except RuntimeError as e:  # the message holds the writer's repr
        print(type(e).__name__, str(e).startswith("SummaryWriter <"), str(e).endswith(" is already closed"))
""", verbatim=True)

_s("summary_default_step_and_record_if", """
import tempfile
w = tf.summary.create_file_writer(tempfile.mkdtemp())
print(tf.summary.experimental.get_step())
with w.as_default(step=5):
    print(tf.summary.experimental.get_step())
    print(tf.summary.scalar("a", 1.0))
    with tf.summary.record_if(False):
        print(tf.summary.scalar("a", 1.0, step=1))
        print(tf.summary.scalar("a", 1.0))
        print(tf.summary.should_record_summaries())
    with tf.summary.record_if(lambda: tf.constant(False)):
        print(tf.summary.scalar("a", 1.0, step=1))
    with tf.summary.record_if(tf.constant(True)):
        print(tf.summary.scalar("a", 1.0, step=1))
print(tf.summary.experimental.get_step())
step = tf.Variable(3, dtype=tf.int64)
tf.summary.experimental.set_step(step)
print(tf.summary.experimental.get_step() is step)
w.set_as_default()
print(tf.summary.scalar("b", 2.0))
tf.summary.experimental.set_step(None)
n = tf.summary.create_noop_writer()
with n.as_default():
    print(tf.summary.scalar("a", 1.0, step=1))
    print(tf.summary.should_record_summaries())
with tf.summary.create_file_writer(tempfile.mkdtemp()).as_default():
    with tf.name_scope("outer"):
        with tf.summary.experimental.summary_scope("my op", "default") as (tag, scope):
            print(tag, scope)
""", verbatim=True)

_s("summary_in_function", """
import tempfile
w = tf.summary.create_file_writer(tempfile.mkdtemp())
step = tf.Variable(0, dtype=tf.int64)

@tf.function
def train(x):
    step.assign_add(1)
    a = tf.summary.scalar("x", x, step=step)
    with tf.summary.record_if(step % 2 == 0):
        b = tf.summary.histogram("h", tf.stack([x, x + 1.0]), step=step)
    return a, b

with w.as_default():
    for i in range(3):
        a, b = train(tf.constant(float(i)))
        print(a, b)
print(train(tf.constant(1.0)))

@tf.function
def no_step():
    return tf.summary.scalar("y", 1.0)

with w.as_default():
    try:
        no_step()
    except Exception as e:  # TF adds the traceback of the traced code
        print(type(e).__name__, "No step set. Please specify one" in str(e))
w.close()
""", verbatim=True)

_s("summary_trace", """
import tempfile
d = tempfile.mkdtemp()
w = tf.summary.create_file_writer(d)

@tf.function
def my_func(x, y):
    return tf.nn.relu(tf.matmul(x, y))

def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: tf.summary.trace_export("x", step=1))
tf.summary.trace_on(graph=True)
print(my_func(tf.ones([1, 2]), tf.ones([2, 2])))
with w.as_default():
    t(lambda: tf.summary.trace_export(name="my_func_trace", step=0))
    t(lambda: tf.summary.trace_export(name="again", step=0))
    tf.summary.trace_on(graph=True)
    t(lambda: tf.summary.trace_export(name="again"))
    t(lambda: tf.summary.trace_off())
t(lambda: tf.summary.trace_on(graph=True, profiler=True))
t(lambda: tf.summary.trace_on(graph=True))
t(lambda: tf.summary.trace_off())
t(lambda: tf.summary.trace_off())
w.close()
""", verbatim=True)

_s("summary_event_files_read_back", """
# An event file read back as TF's Event messages (tf.compat.v1.train.summary_iterator,
# tf.compat.v1.io.tf_record_iterator), wall times zeroed.
import glob, tempfile
d = tempfile.mkdtemp()
w = tf.summary.create_file_writer(d)
with w.as_default():
    tf.summary.scalar("loss", 0.5, step=1)
    tf.summary.text("note", "hi", step=2)
    tf.summary.text("notes", [["a", "bb"]], step=2, description="two")
    try:
        tf.summary.text("bad", 1.0, step=2)
    except TypeError as e:
        print(e)
    tf.summary.histogram("h", [1.0, 2.0, 2.0], step=3, buckets=2)
    m = tf.compat.v1.SummaryMetadata(display_name="shown")
    m.plugin_data.plugin_name = "custom"
    tf.summary.write("gen", tf.constant([1, 2]), step=4, metadata=m)
w.flush()
[path] = glob.glob(d + "/events*")
records = list(tf.compat.v1.io.tf_record_iterator(path))   # (TF's deprecation warning)
print(len(records), type(records[0]).__name__)
for e in tf.compat.v1.train.summary_iterator(path):
    e.wall_time = 0
    print(e.WhichOneof("what"), e.step, repr(e))
    for v in e.summary.value:
        print(v.tag, v.WhichOneof("value"), v.metadata.plugin_data.plugin_name,
              tf.make_ndarray(v.tensor).tolist(), type(v.metadata) is type(m))
open(d + "/cut", "wb").write(open(path, "rb").read()[:-3])
for p in (d + "/cut", d + "/missing"):
    try:
        print(len(list(tf.compat.v1.io.tf_record_iterator(p))))
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, "<dir>"))
""")

_s("summary_protos_and_versions_in_compat_v1", """
# The event file protos and version constants TF1-only tf.compat.v1 names give: records
# parsed with tf.compat.v1.Event, messages built with Summary/HistogramProto/SessionLog.
import glob, tempfile
v1 = tf.compat.v1
d = tempfile.mkdtemp()
with tf.summary.create_file_writer(d).as_default():
    tf.summary.scalar("loss", 0.25, step=7)
[path] = glob.glob(d + "/events*")
for raw in tf.data.TFRecordDataset(path):
    e = v1.Event.FromString(raw.numpy())
    print(e.WhichOneof("what"), e.step, [(v.tag, tf.make_ndarray(v.tensor).tolist())
                                         for v in e.summary.value])
print(v1.Event is v1.summary.Event, v1.Summary is v1.summary.Summary,
      v1.SessionLog is v1.summary.SessionLog)
h = v1.HistogramProto(min=1.0, max=2.0, num=3, bucket_limit=[1.5, 2.0], bucket=[1, 2])
s = v1.Summary(value=[v1.Summary.Value(tag="h", histo=h), v1.Summary.Value(tag="x", simple_value=0.5)])
e = v1.Event(step=3, summary=s)
print(repr(e))
print(e.SerializeToString().hex())
print(v1.Event.FromString(e.SerializeToString()) == e)
print(repr(v1.Event(session_log=v1.SessionLog(status=v1.SessionLog.START))))
print(repr(v1.LogMessage(level=v1.LogMessage.WARN, message="m")))
print(repr(v1.summary.SummaryDescription(type_hint="t")), repr(v1.summary.TaggedRunMetadata(tag="r")))
print(v1.VERSION, v1.GIT_VERSION, v1.COMPILER_VERSION, v1.CXX11_ABI_FLAG, v1.CXX_VERSION,
      v1.MONOLITHIC_BUILD, v1.GRAPH_DEF_VERSION, v1.GRAPH_DEF_VERSION_MIN_CONSUMER,
      v1.GRAPH_DEF_VERSION_MIN_PRODUCER)
dim = v1.Dimension(3)
print(repr(dim), dim.value, repr(v1.Dimension(None)), dim + 2, v1.Dimension is type(tf.TensorShape([4]).dims[0]))
""")

_s("profiler_errors", """
import tempfile
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: tf.profiler.experimental.stop())
d = tempfile.mkdtemp()
tf.profiler.experimental.start(d)
t(lambda: tf.profiler.experimental.start(d))
with tf.profiler.experimental.Trace("train", step_num=1) as tr:
    print(type(tr).__name__)
tf.profiler.experimental.stop()
print(tf.profiler.experimental.ProfilerOptions())
""", verbatim=True)
