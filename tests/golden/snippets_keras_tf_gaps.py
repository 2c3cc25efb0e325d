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

# tf.data.Dataset.rebatch and compute_batch_size (Keras's distribution_lib shards a
# tf.data pipeline with them)
_s("dataset_rebatch", """
def show(ds):
    print(ds.element_spec, [a.tolist() for a in ds.as_numpy_iterator()], ds.cardinality().numpy())
show(tf.data.Dataset.range(7).batch(4).rebatch(3))
show(tf.data.Dataset.range(8).batch(4).rebatch([2, 1, 1]))
show(tf.data.Dataset.range(8).batch(4).rebatch(2))
show(tf.data.Dataset.range(8).batch(4, drop_remainder=True).rebatch(2))
show(tf.data.Dataset.range(8).batch(4, drop_remainder=True).rebatch(3))
show(tf.data.Dataset.range(7).batch(2).rebatch(3, drop_remainder=True))
show(tf.data.Dataset.range(8).batch(4).rebatch(tf.constant([2, 2], tf.int64)))
show(tf.data.Dataset.range(6).batch(3).rebatch([2, 0, 1]))
show(tf.data.Dataset.range(6).batch(3).rebatch([2, 0, 1], drop_remainder=True))
show(tf.data.Dataset.range(16).batch(8).rebatch(4).shard(num_shards=2, index=0))
ds = tf.data.Dataset.from_tensor_slices(({"a": [[1., 2.], [3, 4], [5, 6]]}, [1, 2, 3]))
ds = ds.batch(2).rebatch(1)
print(ds.element_spec)
for x, y in ds:
    print(x["a"].numpy(), x["a"].dtype.name, y.numpy(), y.shape)

def shape(x):
    return tf.shape(x)

@tf.function
def step(it):
    x = next(it)
    print("traced with", x.shape)
    return tf.reduce_sum(x), tf.shape(x)
it = iter(tf.data.Dataset.range(7).batch(4).rebatch(3))
for _ in range(3):
    print([t.numpy().tolist() for t in step(it)])
print(tf.data.Dataset.range(8).batch(2).rebatch(4).map(shape).element_spec)
""")

_s("dataset_rebatch_errors", """
for stmt in ["tf.data.Dataset.range(8).rebatch(2)",
             "tf.data.Dataset.range(8).rebatch(2, drop_remainder=True)",
             "tf.data.Dataset.range(8).batch(2).rebatch([[2]])",
             "tf.data.Dataset.range(8).batch(2).rebatch(tf.constant(2))",
             "tf.data.Dataset.zip(tf.data.Dataset.range(8).batch(2, drop_remainder=True),"
             " tf.data.Dataset.range(8).batch(4, drop_remainder=True)).rebatch(2)"]:
    try:
        print(eval(stmt).element_spec)
    except Exception as e:
        print(type(e).__name__ + ":", e)
""")

_s("compute_batch_size", """
import importlib
distribute = importlib.import_module(tf.__name__ + ".python.data.experimental.ops.distribute")
r = tf.data.Dataset.range

def pair(x):
    return x, x

for ds in (r(16).batch(7), r(16).batch(8, drop_remainder=True), r(16).batch(8).rebatch(4),
           r(16).batch(4).shuffle(3).repeat(2).prefetch(1), r(8).batch(3).map(pair),
           tf.data.Dataset.zip(r(8).batch(2), r(8).batch(4)),
           tf.data.Dataset.zip(r(8).batch(2), r(8).batch(2).take(2))):
    print(repr(distribute.compute_batch_size(ds)))
try:
    distribute.compute_batch_size(r(16))
except Exception as e:
    print(type(e).__name__ + ":", e)
""")

# tf.map_fn over RaggedTensor elems (Keras's TextVectorization dedupes each document
# with it when it adapts in tf_idf mode)
_s("map_fn_ragged_elems", """
data = tf.ragged.constant([[b"foo", b"bar", b"foo"], [b"bar", b"baz"], [b"baz", b"a", b"a"]])

def dedupe(x):
    return tf.unique(x)[0]
r = tf.map_fn(dedupe, data)
print(type(r).__name__, r, r.shape, r.ragged_rank)

def twice(x):
    return x * 2
r = tf.map_fn(twice, tf.ragged.constant([[1, 2], [3], []]))
print(type(r).__name__, r, r.dtype.name, r.row_splits.dtype.name)

def total(x):
    return tf.reduce_sum(x)
r = tf.map_fn(total, tf.ragged.constant([[1, 2], [3]]), fn_output_signature=tf.int32)
print(type(r).__name__, r)

def both(xy):
    x, y = xy
    return x + y[0], y
r = tf.map_fn(both, (tf.ragged.constant([[1, 2], [3]]), tf.constant([[10], [20]])))
print(r)

def rows(x):
    return tf.reshape(x, [-1, 1])
r = tf.map_fn(rows, tf.ragged.constant([[1, 2], [3]]),
              fn_output_signature=tf.RaggedTensorSpec([None, 1], tf.int32, ragged_rank=0))
print(r, r.shape)
try:
    tf.map_fn(total, tf.ragged.constant([[1, 2], [3]]))
except Exception as e:
    print(type(e).__name__ + ":", e)
""")

# tf.sparse.bincount of a RaggedTensor (Keras's TextVectorization(sparse=True) counts the
# ragged token ids of its split strings with it)
_s("sparse_bincount_ragged", """
data = tf.ragged.constant([[10, 20], [30, 20, 11, 101, 11, 10001], []], dtype=tf.int64)
weights = tf.ragged.constant([[2, 0.25], [15, 0.5, 2, 17, 3, 0.9], []])
for kwargs in ({"axis": -1}, {"axis": 0}, {"axis": -1, "weights": weights},
               {"axis": 0, "weights": weights}, {"axis": -1, "minlength": 4, "maxlength": 25},
               {"axis": -1, "binary_output": True, "maxlength": 32}):
    r = tf.sparse.bincount(data, **kwargs)
    print(r.indices.numpy().tolist(), r.values.numpy().tolist(), r.values.dtype.name,
          r.dense_shape.numpy().tolist(), r.shape)
r = tf.sparse.bincount(tf.ragged.constant([[1, 2]]), minlength=4, maxlength=4, axis=-1,
                       binary_output=True)
print(r)
""")

_s("string_lookup_fit_and_predict_on_dicts_of_tensors", """
# Keras takes tf.Tensor inputs as TF's (data_adapter_utils.is_tensorflow_tensor: a class
# named Tensor in a tensorflow.python module); a StringLookup runs on the batch of unknown
# size Keras's train step is traced for.
print(tf.Tensor, issubclass(type(tf.constant(1)), tf.Tensor))
tf.keras.utils.set_random_seed(0)
inputs = {"kind": tf.keras.Input(shape=(1,), name="kind", dtype="string"),
          "x": tf.keras.Input(shape=(1,), name="x")}
lookup = tf.keras.layers.StringLookup(vocabulary=["cat", "dog"], output_mode="one_hot")
features = tf.keras.layers.concatenate([tf.keras.layers.Reshape((3,))(lookup(inputs["kind"])),
                                        inputs["x"]])
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(features))
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
kinds = np.array([["cat"], ["dog"], ["eel"], ["dog"], ["cat"]])
xs = np.arange(5, dtype="float32").reshape(5, 1)
ds = tf.data.Dataset.from_tensor_slices(({"kind": kinds, "x": xs}, xs * 2)).batch(2)
print(np.round(model.fit(ds, epochs=2, verbose=0).history["loss"], 4).tolist())
new = {"kind": tf.constant([["dog"], ["eel"]]), "x": tf.constant([[1.0], [2.0]])}
print(np.round(model.predict(new, verbose=0), 4).tolist())
print(np.round(model.evaluate(new, tf.constant([[1.0], [2.0]]), verbose=0), 4))
""")
_s("fit_again_after_a_failed_first_trace", """
# Keras keeps its train function after a fit whose trace failed: TF's later trace of it
# creates the optimizer's and metrics' variables, so that fit raises. (The failed trace's
# signature is not one reduce_retracing relaxes against: the first error shows (None, 3).)
import numpy as np
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
tf.keras.utils.set_random_seed(2)
m = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, activation="softmax")])
m.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
show(lambda: m.fit(np.ones((8, 4)), np.zeros((8, 3)), verbose=0))
show(lambda: m.fit(np.ones((8, 4)), np.zeros(8), verbose=0))
show(lambda: m.fit(np.ones((8, 4)), np.zeros(8), verbose=0))
show(lambda: m.evaluate(np.ones((8, 4)), np.zeros(8), verbose=0))
""")
_s("lstm_fit_on_batches_of_unknown_size", """
# A recurrent layer traced for batches of unknown size (the last batch is partial): its
# output TensorArray's element shape (None, units) is not fully known, and each output's
# loss is averaged over batches as TF's static batch size (None) makes Keras do.
import numpy as np
tf.keras.utils.set_random_seed(3)
x = np.linspace(-1, 1, 40 * 6 * 2, dtype="float32").reshape(40, 6, 2)
ds = tf.data.Dataset.from_tensor_slices((x, {"a": x[:, -1, :1], "b": x[:, 0, 1:] > 0})).batch(16)
inputs = tf.keras.Input((6, 2))
h = tf.keras.layers.LSTM(4)(inputs)
model = tf.keras.Model(inputs, {"a": tf.keras.layers.Dense(1)(h),
                                "b": tf.keras.layers.Dense(1, activation="sigmoid")(h)})
model.compile(tf.keras.optimizers.Adam(0.01), {"a": "mse", "b": "binary_crossentropy"})
history = model.fit(ds, epochs=2, verbose=0).history
print({k: np.round(v, 4).tolist() for k, v in sorted(history.items())})
print({k: round(v, 4) for k, v in sorted(model.evaluate(ds, verbose=0, return_dict=True).items())})
""")
_s("text_vectorization_in_a_dataset_map", """
# A dataset function is traced for the element_spec: the batch dimension is None inside
# (string ops and table lookups keep it), as Keras's TextVectorization shows. (With its
# default split, the function runs eagerly in tfcompat: tf.strings.split of a traced
# tensor has value-dependent shapes.)
layer = tf.keras.layers.TextVectorization(output_mode="int", output_sequence_length=4,
                                          vocabulary=["baz", "bar", "foo"], split=None)
def vectorize(x):
    result = layer(x)
    print("traced", x.shape, tf.strings.lower(x).shape, result.shape)
    return result
ds = tf.data.Dataset.from_tensor_slices([["foo"], ["Bar"], ["qux"]]).batch(2).map(vectorize)
print(ds.element_spec)
print([b.tolist() for b in ds.as_numpy_iterator()])
""")
_s("recurrent_layers_eagerly_and_in_functions", """
# Keras's recurrent layers run tf.while_loop over TensorArrays: the output array is written
# at each step (return_sequences) or at index 0, eagerly and inside tf.function.
import numpy as np
tf.keras.utils.set_random_seed(4)
x = np.linspace(-1, 1, 3 * 2 * 4, dtype="float32").reshape(3, 2, 4)
for cls in (tf.keras.layers.LSTM, tf.keras.layers.GRU, tf.keras.layers.SimpleRNN):
    for kwargs in ({"units": 3}, {"units": 3, "return_sequences": True},
                   {"units": 3, "return_sequences": True, "return_state": True}):
        layer = cls(**kwargs)
        eager = tf.nest.flatten(layer(x))
        traced = tf.nest.flatten(tf.function(layer)(x))
        print(cls.__name__, sorted(kwargs), [tuple(t.shape) for t in eager],
              [round(float(v), 4) for v in eager[0].numpy().ravel()[:4]],
              all(np.allclose(a, b, atol=1e-6) for a, b in zip(eager, traced)))
""")

_s("fit_with_text_vectorization_and_adam", """
import numpy as np
tf.keras.utils.set_random_seed(7)
texts = ["the cat sat", "the dog ran far", "a cat ran", "dogs and cats", "the end"]
vec = tf.keras.layers.TextVectorization(max_tokens=20, output_sequence_length=5)
vec.adapt(texts)
model = tf.keras.Sequential([vec, tf.keras.layers.Embedding(20, 4),
                             tf.keras.layers.GlobalAveragePooling1D(),
                             tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile("adam", "binary_crossentropy", metrics=["accuracy"])
h = model.fit(tf.constant(texts), np.array([0, 1, 0, 1, 0]), epochs=3, verbose=0)
print([round(v, 4) for v in h.history["loss"]], h.history["accuracy"])
print(len(model.optimizer.variables), model.optimizer.iterations.numpy())
print(model.predict(tf.constant(["the cat ran"]), verbose=0).round(4))
""")
