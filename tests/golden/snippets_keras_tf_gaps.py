"""Golden snippets: TF APIs that Keras 3.15.1's own tests reach and tfcompat lacked or got
wrong (issue #14): tf.compat.v1.SummaryMetadata (Keras's TensorBoard callback writes the
model graph with it), tf.executing_eagerly() inside the grad_fn of a tf.custom_gradient
whose gradient is taken outside the tf.function or from a SavedModel (graph mode in TF:
Keras's float8 Dense skips its eager-only assertion there), and a restored concrete
function's trainable_variables (keras.export.TFSMLayer lists them)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("summary_metadata_message", """
SummaryMetadata = tf.compat.v1.SummaryMetadata
m = SummaryMetadata()
print(repr(m.SerializeToString()), repr(str(m)), m.HasField("plugin_data"))
m.plugin_data.plugin_name = "graph_keras_model"
m.plugin_data.content = b"1"
print(repr(m.SerializeToString()))
print(str(m))
print(repr(m))
m2 = SummaryMetadata()
m2.plugin_data.plugin_name = ""
print(repr(m2.SerializeToString()), m2.HasField("plugin_data"))
m3 = SummaryMetadata(display_name="d", summary_description="x\\n\\"q", data_class=1)
print(repr(m3.SerializeToString()))
print(str(m3))
back = SummaryMetadata.FromString(m.SerializeToString())
print(back == m, back == m3, back.plugin_data.plugin_name, back.plugin_data.content)
print(str(SummaryMetadata(plugin_data=SummaryMetadata.PluginData(plugin_name="scalars"))))
print(type(m).__name__, type(m.plugin_data).__name__)
""")

_s("summary_metadata_errors", """
m = tf.compat.v1.SummaryMetadata()
for stmt in ("m.plugin_data.plugin_name = 3", "tf.compat.v1.SummaryMetadata(foo=1)"):
    try:
        exec(stmt)
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
""")

_s("summary_metadata_written", """
import glob, os, tempfile
d = tempfile.mkdtemp()
m = tf.compat.v1.SummaryMetadata()
m.plugin_data.plugin_name = "graph_keras_model"
m.plugin_data.content = b"1"
with tf.summary.create_file_writer(d).as_default():
    print(tf.summary.write("keras", tf.constant("{}"), step=0, metadata=m).numpy())
records = [r.numpy() for r in tf.data.TFRecordDataset(glob.glob(os.path.join(d, "*")))]
print(len(records), m.SerializeToString() in records[1])
""")

_GRAD_MODE = """
@tf.custom_gradient
def scaled(x):
    def grad(dy):
        # 1 where TF runs grad_fn eagerly, 2 where it traces it into a graph
        return dy * (1.0 if tf.executing_eagerly() else 2.0)
    return tf.identity(x), grad
"""

_s("custom_gradient_grad_fn_mode", _GRAD_MODE + """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(scaled(x) * 3.0)
print("eager:", t.gradient(y, x).numpy())

@tf.function
def f(x):
    return tf.reduce_sum(scaled(x) * 3.0)

with tf.GradientTape() as t:
    t.watch(x)
    y = f(x)
print("tape outside the function:", y.numpy(), t.gradient(y, x).numpy())

@tf.function
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(scaled(x) * 3.0)
    return t.gradient(y, x)
print("tape inside the function:", g(x).numpy())
""")

_s("custom_gradient_grad_fn_mode_saved", _GRAD_MODE + """
import tempfile
m = tf.Module()
m.v = tf.Variable([1.0, 2.0])

@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def f(x):
    return tf.reduce_sum(scaled(x * m.v) * 3.0)
m.f = f
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
r = tf.saved_model.load(d)
x = tf.constant([1.0, 1.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = r.f(x)
print(y.numpy(), t.gradient(y, x).numpy())
""")

_s("restored_concrete_function_variables", """
import tempfile
m = tf.Module()
m.w = tf.Variable([1.0, 2.0], name="w")
m.c = tf.Variable(3.0, trainable=False, name="c")

@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def f(x):
    return x * m.w + m.c
m.f = f
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
r = tf.saved_model.load(d)
cf = r.f.concrete_functions[0]
print(len(cf.variables), sorted(v.name for v in cf.variables))
print(len(cf.trainable_variables), [v.name for v in cf.trainable_variables])
print(type(cf.trainable_variables).__name__, [v.trainable for v in cf.trainable_variables])
print(r.f(tf.constant([1.0, 1.0])).numpy())
""")
