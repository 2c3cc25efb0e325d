"""Golden snippets: the gradients of TF's broadcasting binary ops (AddV2, Sub, Mul,
RealDiv, Maximum, Minimum, SquaredDifference, Atan2, Pow, ...) with respect to a broadcast
input, eagerly and inside tf.function. TF sums them with reduce_sum over the broadcast
axes, whose Sum kernel adds in Eigen's order (ops/broadcast_grad.py): row sums (a [n, 1]
input), column sums of few and of many rows (a bias), leading axes (a scalar, a rank-1
input under a rank-3 result), float32 and float64. Printed as bits: exact."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_PRELUDE = """
import numpy as np
rng = np.random.RandomState(7)
def bits(t):
    a = np.asarray(t)
    return a.ravel().view(np.int32 if a.dtype == np.float32 else np.int64).tolist()
def show(name, gs):
    for g in gs:
        print(name, None if g is None else (g.shape, g.dtype.name, bits(g)))
"""

_CASES = [
    ("bias_rows_37", "[37, 13]", "[13]"),
    ("bias_rows_300", "[300, 9]", "[9]"),
    ("row_scale", "[37, 13]", "[37, 1]"),
    ("scalar", "[5, 41]", "[]"),
    ("rank3_inner", "[4, 6, 18]", "[18]"),
    ("rank3_middle", "[4, 6, 18]", "[6, 1]"),
    ("rank3_outer", "[20, 6, 5]", "[20, 1, 1]"),
]

for _dtype in ("float32", "float64"):
    for _case, _xs, _ys in _CASES:
        _s(f"broadcast_grads_{_case}_{_dtype}", _PRELUDE + f"""
x = tf.constant(rng.uniform(0.5, 2.0, {_xs}).astype(np.{_dtype}))
y = tf.Variable(rng.uniform(0.5, 2.0, {_ys}).astype(np.{_dtype}))
z = tf.constant(rng.uniform(-1.0, 1.0, {_xs}).astype(np.{_dtype}))
ops = {{
    "add": tf.add, "sub": tf.subtract, "mul": tf.multiply, "div": tf.divide,
    "max": tf.maximum, "min": tf.minimum,
    "sqdiff": tf.math.squared_difference, "atan2": tf.math.atan2,
    "divnonan": tf.math.divide_no_nan, "mulnonan": tf.math.multiply_no_nan,
}}
def grads(name):
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = ops[name](x, y) * z
    return tape.gradient(out, [x, y])
graph = tf.function(grads)
for name in ops:
    show(name, grads(name))
    show(name + " in tf.function", graph(name))
""")


_s("unwatched_input_of_recorded_op", """
x = tf.constant([1.0, 2.0])
y = tf.Variable([3.0, 4.0])
def grads():
    with tf.GradientTape(persistent=True) as tape:
        out = x * y + x
        z = out * 2.0
    return (tape.gradient(z, [x, y, out]), tape.gradient(x, x), tape.gradient([z, x], x),
            tape.jacobian(z, x), tape.gradient(z, x, unconnected_gradients="zero"))
print(grads())
print(tf.function(grads)())
w = tf.constant([5.0, 6.0])
with tf.GradientTape(persistent=True) as tape:
    out = x * y + x
    z = out * 2.0
for tg in ["x", "[x]", "[x, x]", "[z, x]", "[x, z]", "[out, x]", "[w, x]", "[x, w]", "{'a': x}",
           "[y, x]"]:
    print(tg, tape.gradient(eval(tg), x))
with tf.GradientTape(persistent=True) as t4:
    t4.watch(w)
    q = w * 2.0
print(t4.gradient([x, q], x), t4.gradient([x], x), t4.gradient([q, x], [x, w]))
""")

_s("broadcast_under_jacobian_vmap_forward_mode", """
x = tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4))
b = tf.Variable(np.array([1., 2., 3., 4.], np.float32))
c = tf.Variable(np.array([[2.], [3.], [4.]], np.float32))
with tf.GradientTape(persistent=True) as t:
    y = x * b + c / x[:, :1]
print(t.jacobian(y, b).numpy().sum(), t.batch_jacobian(y, c).shape)
print(tf.vectorized_map(lambda r: tf.maximum(r[:, None], b) * 2.0, x).numpy().sum())
with tf.autodiff.ForwardAccumulator(b, tf.ones_like(b)) as acc:
    y = x * b + c
print(acc.jvp(y).numpy())
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = tf.reduce_sum(x * b * b + c)
    g = t1.gradient(y, b)
print(g.numpy(), t2.gradient(g, b).numpy())
""")

_s("bias_add_gradient_is_bias_add_grad", """
# tf.nn.bias_add's gradient for its bias is BiasAddGrad, another kernel than Sum, adding
# each channel's rows one at a time (float16 in float32, bfloat16 in bfloat16): what
# Keras's Dense and Conv layers train their biases with. Eagerly, inside tf.function, and
# tf.raw_ops.BiasAddGrad; digests of the bits.
import hashlib
import numpy as np
rng = np.random.RandomState(3)
def digest(t):
    return hashlib.md5(tf.io.serialize_tensor(t).numpy()).hexdigest()[:10]
@tf.function
def in_function(g, fmt):
    b = tf.zeros([g.shape[1] if fmt == 'NCHW' else g.shape[-1]], g.dtype)
    with tf.GradientTape() as t:
        t.watch(b)
        y = tf.nn.bias_add(tf.zeros_like(g), b, data_format=fmt)
    return t.gradient(y, b, output_gradients=g)
for dtype in (tf.float32, tf.float64, tf.float16, tf.bfloat16):
    for shape, fmt in (([64, 10], 'NHWC'), ([32, 32], 'NHWC'), ([250, 8], 'NHWC'),
                       ([7, 300], 'NHWC'), ([2, 13, 13, 24], 'NHWC'), ([40, 6, 1], 'NCHW'),
                       ([1, 5], 'NHWC')):
        g = tf.cast(tf.constant((rng.rand(*shape) - 0.3) * 1000, tf.float32), dtype)
        b = tf.zeros([shape[-1] if fmt == 'NHWC' else shape[1]], dtype)
        with tf.GradientTape() as t:
            t.watch(b)
            y = tf.nn.bias_add(tf.zeros_like(g), b, data_format=fmt)
        eager = t.gradient(y, b, output_gradients=g)
        print(dtype.name, shape, fmt, digest(eager), digest(in_function(g, fmt)),
              digest(tf.raw_ops.BiasAddGrad(out_backprop=g, data_format=fmt)))
""")

_s("bias_add_grad_raw_op_errors", """
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
show(lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.constant([1., 2.])))
show(lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.constant([[1, 2]])))
show(lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.ones([2, 3]), data_format='NCW'))
show(lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.zeros([0, 3])))
show(lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.ones([2, 3, 4]), data_format='NCHW'))
@tf.function
def f(x):
    return tf.raw_ops.BiasAddGrad(out_backprop=x)
show(lambda: f(tf.ones([3])))
# (BiasAdd's own shape check in a graph: rank 3 for channels first)
for shape, fmt in (([4, 3], 'NCHW'), ([3], 'NHWC'), ([4, 3], 'NCW'), ([4, 2], 'NWC')):
    @tf.function
    def g(x, b):
        return tf.nn.bias_add(x, b, data_format=fmt)
    show(lambda: g(tf.ones(shape), tf.ones([3])))
""")
