"""tf.experimental.numpy with experimental_enable_numpy_behavior(): TF's tf_numpy guide
(https://www.tensorflow.org/guide/tf_numpy) cell for cell (random values, timings and the
plot replaced by what is deterministic: shapes and dtypes), then NumPy methods, operators
and indexing on tf.Tensor. Run by tests/test_tnp_behavior.py as `import tensorflow` under
both TF (tools/tnp_reference.py records tests/data/tnp_behavior.txt) and tfcompat."""
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

print("before:", hasattr(tf.constant(1.), "T"), hasattr(tf.constant(1.), "reshape"))
try:
    tf.constant([1, 2]) + tf.constant(1.5)
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
tnp.experimental_enable_numpy_behavior()

# --- the guide: ND arrays
ones = tnp.ones([5, 3], dtype=tnp.float32)
print("Created ND array with shape = %s, rank = %s, "
      "dtype = %s on device = %s\n" % (ones.shape, ones.ndim, ones.dtype, ones.device))
print("Is `ones` an instance of tf.Tensor: %s\n" % isinstance(ones, tf.Tensor))
print("ndarray.T has shape %s" % str(ones.T.shape))
print("narray.reshape(-1) has shape %s" % ones.reshape(-1).shape)

# --- type promotion
print("Type promotion for operations")
values = [tnp.asarray(1, dtype=d) for d in (tnp.int32, tnp.int64, tnp.float32, tnp.float64)]
for i, v1 in enumerate(values):
    for v2 in values[i + 1:]:
        print("%s + %s => %s" % (v1.dtype.name, v2.dtype.name, (v1 + v2).dtype.name))
print("Type inference during array creation")
print("tnp.asarray(1).dtype == tnp.%s" % tnp.asarray(1).dtype.name)
print("tnp.asarray(1.).dtype == tnp.%s\n" % tnp.asarray(1.).dtype.name)
tnp.experimental_enable_numpy_behavior(prefer_float32=True)
print("When prefer_float32 is True:")
print("tnp.asarray(1.).dtype == tnp.%s" % tnp.asarray(1.).dtype.name)
print("tnp.add(1., 2.).dtype == tnp.%s" % tnp.add(1., 2.).dtype.name)
tnp.experimental_enable_numpy_behavior(prefer_float32=False)
print("When prefer_float32 is False:")
print("tnp.asarray(1.).dtype == tnp.%s" % tnp.asarray(1.).dtype.name)
print("tnp.add(1., 2.).dtype == tnp.%s" % tnp.add(1., 2.).dtype.name)

# --- broadcasting
x = tnp.ones([2, 3])
y = tnp.ones([3])
z = tnp.ones([1, 2, 1])
print("Broadcasting shapes %s, %s and %s gives shape %s" % (
    x.shape, y.shape, z.shape, (x + y + z).shape))

# --- indexing
x = tnp.arange(24).reshape(2, 3, 4)
print("Basic indexing")
print(x[1, tnp.newaxis, 1:3, ...], "\n")
print("Boolean indexing")
print(x[:, (True, False, True)], "\n")
print("Advanced indexing")
print(x[1, (0, 0, 1), tnp.asarray([0, 1, 1])])
try:
    tnp.arange(6)[1] = -1
except TypeError:
    print("Currently, Tensor objects do not support item assignment.")


# --- example model
class Model(object):
    """Model with a dense and a linear layer."""

    def __init__(self):
        self.weights = None

    def predict(self, inputs):
        if self.weights is None:
            size = inputs.shape[1]
            stddev = tnp.sqrt(size).astype(tnp.float32)
            w1 = tnp.random.randn(size, 64).astype(tnp.float32) / stddev
            bias = tnp.random.randn(64).astype(tnp.float32)
            w2 = tnp.random.randn(64, 2).astype(tnp.float32) / 8
            self.weights = (w1, bias, w2)
        else:
            w1, bias, w2 = self.weights
        y = tnp.matmul(inputs, w1) + bias
        y = tnp.maximum(y, 0)  # Relu
        return tnp.matmul(y, w2)  # Linear projection


model = Model()
p = model.predict(tnp.ones([2, 32], dtype=tnp.float32))
print(p.shape, p.dtype)

# --- NumPy interoperability
np_sum = np.sum(tnp.ones([2, 3]))
print("sum = %s. Class: %s" % (float(np_sum), np_sum.__class__))
tnp_sum = tnp.sum(np.ones([2, 3]))
print("sum = %s. Class: %s" % (float(tnp_sum), tnp_sum.__class__))
labels = 15 + 2 * tnp.random.randn(1, 1000)
print(labels.shape, labels.dtype, np.asarray(labels).shape)

# --- operator precedence
x = tnp.ones([2]) + np.ones([2])
print("x = %s\nclass = %s" % (x, x.__class__))

# --- TF interoperability
x = tf.constant([1, 2])
print(x)
y = tnp.asarray(x)
z = tf.convert_to_tensor(y)
print(y, z, y is z)
tf_sum = tf.reduce_sum(tnp.ones([2, 3], tnp.float32))
print("Output = %s" % tf_sum)
tnp_sum = tnp.sum(tf.ones([2, 3]))
print("Output = %s" % tnp_sum)


# --- gradients and jacobians
def create_batch(batch_size=32):
    """Creates a batch of input and labels."""
    return (tnp.random.randn(batch_size, 32).astype(tnp.float32),
            tnp.random.randn(batch_size, 2).astype(tnp.float32))


def compute_gradients(model, inputs, labels):
    """Computes gradients of squared loss between model prediction and labels."""
    with tf.GradientTape() as tape:
        assert model.weights is not None
        tape.watch(model.weights)
        prediction = model.predict(inputs)
        loss = tnp.sum(tnp.square(prediction - labels))
    return tape.gradient(loss, model.weights)


inputs, labels = create_batch()
gradients = compute_gradients(model, inputs, labels)
print("Parameter shapes:", [w.shape for w in model.weights])
print("Gradient shapes:", [g.shape for g in gradients])
assert isinstance(gradients[0], tnp.ndarray)


def prediction_batch_jacobian(inputs):
    with tf.GradientTape() as tape:
        tape.watch(inputs)
        prediction = model.predict(inputs)
    return prediction, tape.batch_jacobian(prediction, inputs)


inp_batch = tnp.ones([16, 32], tnp.float32)
output, batch_jacobian = prediction_batch_jacobian(inp_batch)
print("Output shape: %s, input shape: %s" % (output.shape, inp_batch.shape))
print("Batch jacobian shape:", batch_jacobian.shape)

# --- trace compilation
inputs, labels = create_batch(512)
eager = compute_gradients(model, inputs, labels)
compiled_compute_gradients = tf.function(compute_gradients)
compiled = compiled_compute_gradients(model, inputs, labels)
print([bool(tnp.allclose(a, b, rtol=1e-4, atol=1e-4)) for a, b in zip(eager, compiled)])


# --- vectorization
@tf.function
def vectorized_per_example_gradients(inputs, labels):
    def single_example_gradient(arg):
        inp, label = arg
        return compute_gradients(model, tnp.expand_dims(inp, 0), tnp.expand_dims(label, 0))
    return tf.vectorized_map(single_example_gradient, (inputs, labels))


batch_size = 128
inputs, labels = create_batch(batch_size)
per_example_gradients = vectorized_per_example_gradients(inputs, labels)
for w, p in zip(model.weights, per_example_gradients):
    print("Weight shape: %s, batch size: %s, per example gradient shape: %s " % (
        w.shape, batch_size, p.shape))


@tf.function
def unvectorized_per_example_gradients(inputs, labels):
    def single_example_gradient(arg):
        inp, label = arg
        return compute_gradients(model, tnp.expand_dims(inp, 0), tnp.expand_dims(label, 0))
    return tf.map_fn(single_example_gradient, (inputs, labels),
                     fn_output_signature=(tf.float32, tf.float32, tf.float32))


unvectorized = unvectorized_per_example_gradients(inputs, labels)
print([bool(tnp.allclose(a, b, rtol=1e-4, atol=1e-4))
       for a, b in zip(per_example_gradients, unvectorized)])

# --- device placement
print("All logical devices:", tf.config.list_logical_devices("CPU"))
try:
    device = tf.config.list_logical_devices(device_type="GPU")[0]
except IndexError:
    device = "/device:CPU:0"
with tf.device(device):
    prediction = model.predict(create_batch(5)[0])
print("prediction is placed on %s" % prediction.device)
with tf.device("/device:CPU:0"):
    prediction_cpu = tnp.copy(prediction)
print(prediction.device)
print(prediction_cpu.device)

# --- beyond the guide: NumPy methods on tf.Tensor
t = tf.constant([[1.5, -2.5], [3.25, 4.]])
print(repr(t.T), repr(t.reshape(4)), repr(t.reshape(1, 4)), repr(t.reshape((4, 1), order='F')))
print(repr(t.ravel()), repr(t.flatten()), repr(t.transpose()), repr(t.astype(tf.int32)))
print(repr(t.clip(0., 3.)), repr(t.max()), repr(t.min(axis=0)), repr(t.mean(1)))
print(t.tolist(), t.size, t.ndim, t.data is t, repr(+t), repr(round(t)), repr(round(t, 1)))
print(repr(tnp.around(tnp.asarray([0.5, 1.5, 2.5])), ), repr(tnp.sqrt([1, 4])), repr(tnp.heaviside([-1, 0, 2], 1)))
print(repr(tnp.average([1, 2])), repr(tnp.floor([1, 2])), repr(tnp.exp2([3])))

# --- operators promote as NumPy does ('legacy')
i32 = tf.constant([1, 2], tf.int32)
f32 = tf.constant([0.5, 1.5], tf.float32)
for r in [i32 + f32, i32 + 1.5, 1.5 + i32, i32 * 2, i32 / 2, 2 / i32, i32 // f32, i32 % 2., i32 ** 2.,
          f32 - tf.constant(1, tf.int64), i32 < 1.5, i32 == 2., i32 != f32, tf.constant(1, tf.int8) + 300,
          tf.constant([True]) & tf.constant([1]), i32 @ tf.constant([1., 2.], tf.float32),
          tf.constant([[1, 2]]) @ tf.constant([1, 1]), tf.constant(1, tf.uint8) - 2]:
    print(repr(r))
v = tf.Variable([1, 2])
print(repr(v + 0.5), repr(0.5 * v))

# --- NumPy-style indexing
x = tf.reshape(tf.range(12), (3, 4))
for r in [x[[0, 2]], x[:, [1, 3]], x[[0, 1], [1, 2]], x[np.array([True, False, True])],
          x[x > 5], x[..., [0]], x[tf.constant([2, 0])], x[None, [1], 1:], x[[-1]],
          x[[[0], [2]], [1, 3]], x[1, [0, 0]], x[tnp.asarray([1])]]:
    print(repr(r))


@tf.function
def traced(x, i):
    return x[i], x[:, [0, 2]], x.T, x.reshape(-1), x + 0.5, tnp.sum(x.astype(tf.float32))


for r in traced(x, tf.constant([2, 1])):
    print(repr(r))

# --- TF's internal path that older programs use
from tensorflow.python.ops.numpy_ops import np_config  # noqa: E402

np_config.enable_numpy_behavior(prefer_float32=True)
print(repr(tnp.asarray(1.)), repr(tf.constant([1, 2]) + 0.5), repr(tf.constant([[1, 2]]).T))


@tf.function
def tolist_in_trace(x):
    try:
        x.tolist()
    except ValueError as e:
        print("ValueError:", e)
    return x.size, x.ndim


print(tolist_in_trace(tf.constant([[1, 2]])))

# --- Keras on tf.Tensor with NumPy behavior (its operators promote as NumPy's)
tf.keras.utils.set_random_seed(1)
kx = np.random.RandomState(0).randn(64, 4).astype("float32")
ky = (kx.sum(1) > 0).astype("float32")
km = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                          tf.keras.layers.Dense(1, activation="sigmoid")])
km.compile("adam", "binary_crossentropy", metrics=["accuracy"])
kh = km.fit(kx, ky, epochs=3, batch_size=16, verbose=0, shuffle=False)
print([round(v, 4) for v in kh.history["loss"]], km.predict(kx[:2], verbose=0).round(4).tolist())
