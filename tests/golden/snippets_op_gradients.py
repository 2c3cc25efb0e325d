"""Golden snippets: the gradients of ops: tf.stop_gradient (tf_semantics.md A.11), every
differentiable op of the core op set at a generic point (float32 and float64), and
complex gradients (A.15: holomorphic and real losses, Variables, dtypes)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# tf.stop_gradient (A.11)

_s("stop_gradient_product", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * tf.stop_gradient(x)
print(repr(g.gradient(y, x)))
""")
_s("stop_gradient_variants", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.stop_gradient(x * x)
    b = x * x + tf.stop_gradient(x * x)
    c = tf.stop_gradient(x) * tf.stop_gradient(x)
    d = x - tf.stop_gradient(x) + x ** 2
print(repr(a), repr(g.gradient(a, x)))
print(repr(g.gradient(b, x)))
print(g.gradient(c, x))
print(repr(g.gradient(c, x, unconnected_gradients='zero')))
print(repr(d), repr(g.gradient(d, x)))
""")
_s("stop_gradient_variable", """
v = tf.Variable([1.0, 2.0])
s = tf.stop_gradient(v)
print(type(s).__name__, isinstance(s, tf.Variable), repr(s))
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.stop_gradient(v) * v)
print(repr(g.gradient(y, v)))
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.stop_gradient(v) * 3.0)
print(g.gradient(y, v))
""")
_s("stop_gradient_name_and_int", """
print(repr(tf.stop_gradient(tf.constant([1, 2]), name='sg')))
print(repr(tf.stop_gradient([1.5, 2.5])))
""")


# ---------------------------------------------------------------------------
# gradients through stop_gradient, creation ops and slicing

_s("grad_stop_gradient", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * tf.stop_gradient(x)
    z = tf.stop_gradient(x * x)
print(g.gradient(y, x), g.gradient(z, x))
v = tf.Variable(1.0)
print(isinstance(tf.stop_gradient(v), tf.Variable))
""")
_s("grad_ones_like_zeros_like", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.reduce_sum(tf.ones_like(x) * 2.0)
    b = tf.reduce_sum(tf.zeros_like(x) + x)
print(g.gradient(a, x), g.gradient(b, x))
""")
_s("grad_fill_value", """
x = tf.constant(1.5)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(tf.fill([2, 3], x) * tf.range(6.0)[:, tf.newaxis][:2] )
print(g.gradient(y, x))
""")
_s("grad_getitem_slice", """
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(x[:, 1:] * 2.0) + x[0, 0] * 10.0 + tf.reduce_sum(x[-1, ::-2])
print(g.gradient(y, x))
""")



# ---------------------------------------------------------------------------
# gradients of every differentiable op at a generic point, float32 and float64.
# Each case prints its name and dtype, the value y, and d/dx sum(y * w).

def _grad_group(name, cases, x, w):
    lines = ["cases = ["]
    lines += [f"    ({label!r}, lambda x: {body})," for label, body in cases]
    lines += ["]",
              "for dt in [tf.float32, tf.float64]:",
              f"    x = tf.constant({x}, dt)",
              f"    w = tf.constant({w}, dt)",
              "    for label, f in cases:",
              "        with tf.GradientTape() as g:",
              "            g.watch(x)",
              "            y = f(x)",
              "            t = tf.reduce_sum(y * w) if y.shape == x.shape else tf.reduce_sum(y) * 1.5",
              "        print(label, dt.name)",
              "        print(repr(y))",
              "        print(repr(g.gradient(t, x)))"]
    _s(name, "\n".join(lines))


_X1 = "[0.3, 0.8, 1.7]"
_W1 = "[0.5, -1.0, 2.0]"
_grad_group("grad_arith", [
    ("add", "tf.add(x, x * 2.0) + 1.0"),
    ("subtract", "tf.subtract(1.0, x) - x * x"),
    ("multiply", "tf.multiply(x, x) * 3.0"),
    ("divide", "tf.divide(1.0, x) + x / 4.0"),
    ("truediv", "tf.math.truediv(x, x + 1.0)"),
    ("negative", "tf.negative(x) * x"),
], _X1, _W1)
_grad_group("grad_pow", [
    ("pow_scalar_exponent", "x ** 3 + tf.pow(x, 0.5)"),
    ("pow_tensor_exponent", "tf.pow(1.5, x) + tf.pow(x, x)"),
    ("pow_reflected", "2.0 ** x"),
], _X1, _W1)
_grad_group("grad_abs_square_sqrt_rsqrt", [
    ("abs", "tf.abs(x - 1.0)"),
    ("square", "tf.square(x)"),
    ("sqrt", "tf.sqrt(x)"),
    ("rsqrt", "tf.math.rsqrt(x)"),
], _X1, _W1)
_grad_group("grad_exp_log", [
    ("exp", "tf.exp(x)"),
    ("log", "tf.math.log(x)"),
    ("log1p", "tf.math.log1p(x)"),
], _X1, _W1)
_grad_group("grad_trig", [
    ("sin", "tf.sin(x)"),
    ("cos", "tf.cos(x)"),
    ("tan", "tf.tan(x)"),
], _X1, _W1)
_grad_group("grad_activations", [
    ("tanh", "tf.tanh(x)"),
    ("sigmoid", "tf.sigmoid(x)"),
    ("relu", "tf.nn.relu(x - 0.5)"),
    ("softmax", "tf.nn.softmax(x)"),
    ("softmax_axis0", "tf.reshape(tf.nn.softmax(tf.reshape(x, [3, 1]) * tf.constant([[1.0, 2.0]], x.dtype), axis=0)[:, 1], [3])"),
], _X1, _W1)
_grad_group("grad_max_min_clip_mod", [
    ("maximum", "tf.maximum(x, 1.0 - x)"),
    ("minimum", "tf.minimum(x * 2.0, 1.0)"),
    ("clip_by_value", "tf.clip_by_value(x, 0.5, 1.0)"),
    ("mod", "tf.math.mod(x * 5.0, 1.5)"),
], _X1, _W1)
_grad_group("grad_array_ops", [
    ("identity", "tf.identity(x) * x"),
    ("cast_roundtrip", "tf.cast(tf.cast(x, tf.float16), x.dtype) * 2.0"),
    ("where", "tf.where(x > 1.0, x * x, -x)"),
    ("expand_dims_squeeze", "tf.squeeze(tf.expand_dims(x, 0) * 2.0, axis=0)"),
    ("reshape_transpose", "tf.reshape(tf.transpose(tf.reshape(tf.concat([x, x * x], 0), [2, 3])), [-1])[:3]"),
    ("concat", "tf.concat([x[:1] * 2.0, x[1:] ** 2], axis=0)"),
    ("stack", "tf.reduce_sum(tf.stack([x, x * x], axis=1), axis=1)"),
], _X1, _W1)
_grad_group("grad_reductions", [
    ("sum_mean", "tf.reduce_sum(x) + tf.reduce_mean(x * x) + x"),
    ("max_min", "tf.reduce_max(x * x) - tf.reduce_min(x) + 0.0 * x"),
    ("prod", "tf.reduce_prod(x) * x"),
], _X1, _W1)

_X2 = "[[0.3, -0.8, 1.7], [1.1, 0.4, -0.6]]"
_W2 = "[[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]"
_grad_group("grad_matmul", [
    ("matmul", "tf.matmul(x, tf.transpose(x))"),
    ("matmul_transpose_flags", "tf.matmul(x, x, transpose_b=True) + tf.matmul(x, x, transpose_a=True)[:2, :2]"),
    ("matmul_operator", "x @ tf.ones([3, 3], x.dtype) * 0.5 + x"),
    ("mlp_layer", "tf.nn.relu(tf.matmul(x, tf.ones([3, 4], x.dtype) * 0.3) - 0.2)"),
], _X2, _W2)
_grad_group("grad_matrix_reductions", [
    ("sum_axis_keepdims", "tf.reduce_sum(x * x, axis=1, keepdims=True) + tf.reduce_sum(x, axis=-2)"),
    ("mean_axis", "tf.reduce_mean(x ** 2, axis=0)"),
    ("max_axis", "tf.reduce_max(x, axis=1)"),
    ("min_axis_tuple", "tf.reduce_min(x * 2.0, axis=(0, 1), keepdims=True)"),
    ("prod_axis", "tf.reduce_prod(x, axis=0)"),
], _X2, _W2)
_grad_group("grad_matrix_shape_ops", [
    ("softmax", "tf.nn.softmax(x)"),
    ("transpose_perm", "tf.transpose(x, perm=[1, 0]) * tf.constant([[1.0], [2.0], [3.0]], x.dtype)"),
    ("reshape_minus_one", "tf.reshape(x, [3, -1]) ** 2"),
    ("broadcast_add", "x + tf.reduce_sum(x, axis=0)"),
    ("getitem", "x[:, ::-1] * x"),
], _X2, _W2)


# ---------------------------------------------------------------------------
# GradientTape: complex

_s("tape_complex_holomorphic", """
z = tf.constant(1 + 2j)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(g.gradient(y, z)))
""")
_s("tape_complex_output_gradients", """
z = tf.constant(1 + 2j, tf.complex64)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(g.gradient(y, z, output_gradients=tf.constant(1 + 1j, tf.complex64))))
""")
_s("tape_complex_real_loss", """
z = tf.constant([1 + 2j, -0.5 + 1j], tf.complex64)
with tf.GradientTape() as g:
    g.watch(z)
    y = tf.reduce_sum(tf.abs(z) ** 2)
print(repr(g.gradient(y, z)))
""")
_s("tape_complex_exp_sin", """
z = tf.constant(0.5 - 1j)
with tf.GradientTape() as g:
    g.watch(z)
    y = tf.exp(z) + tf.sin(z) * z
print(repr(g.gradient(y, z)))
""")

# ---------------------------------------------------------------------------
# Complex gradients (A.15)

_s("complex_holomorphic", """
z = tf.constant(1 + 2j)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(y))
print(repr(g.gradient(y, z)))
""")
_s("complex_real_loss_abs_squared", """
z = tf.constant(1 + 2j)
with tf.GradientTape() as g:
    g.watch(z)
    y = tf.abs(z) ** 2
print(repr(y))
print(repr(g.gradient(y, z)))
""")
_s("complex_real_part", """
z = tf.constant(1 + 2j)
with tf.GradientTape(persistent=True) as g:
    g.watch(z)
    y = tf.math.real(z * z)
    i = tf.math.imag(z * z)
print(repr(y), repr(g.gradient(y, z)))
print(repr(i), repr(g.gradient(i, z)))
""")
_s("complex_output_gradients", """
z = tf.constant(1 + 2j)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(g.gradient(y, z, output_gradients=tf.constant(1 + 1j))))
""")
_s("complex_matmul_variable", """
a = tf.constant([[1.0 + 1j, 2.0 - 1j]])
w = tf.Variable([[1.0 + 0j], [0.0 + 1j]])
with tf.GradientTape() as g:
    loss = tf.reduce_sum(tf.abs(tf.matmul(a, w)) ** 2)
gw = g.gradient(loss, w)
print(repr(loss))
print(repr(gw))
""")
_s("complex_from_real", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    z = tf.complex(x, 2.0 * x)
    y = tf.math.real(z * tf.math.conj(z))
print(repr(z), repr(y))
print(repr(g.gradient(y, x)))
""")
_s("complex_dtypes_kept", """
for dt in [tf.complex64, tf.complex128]:
    z = tf.constant([1 + 1j, 2 - 3j], dt)
    with tf.GradientTape() as g:
        g.watch(z)
        y = tf.reduce_sum(z * z * z)
    print(repr(g.gradient(y, z)))
""")
_s("complex_elementwise_ops", """
z = tf.constant([0.5 + 1j, -1.0 + 0.25j])
with tf.GradientTape(persistent=True) as g:
    g.watch(z)
    ys = [tf.exp(z), tf.sin(z), tf.math.conj(z), z / (1.0 + z), tf.square(z)]
for y in ys:
    print(repr(g.gradient(y, z)))
""")
_s("complex_abs_and_angle_real_loss", """
z = tf.constant([3.0 + 4j, -1.0 + 1j])
with tf.GradientTape(persistent=True) as g:
    g.watch(z)
    a = tf.reduce_sum(tf.abs(z))
    r = tf.reduce_sum(tf.math.real(z) * tf.math.imag(z))
print(repr(g.gradient(a, z)))
print(repr(g.gradient(r, z)))
""")
_s("complex_unconnected_zero", """
z = tf.constant([1 + 1j, 2 + 2j])
u = tf.constant(1 + 0j)
with tf.GradientTape() as g:
    g.watch([z, u])
    y = z * 2.0
print(g.gradient(y, [z, u], unconnected_gradients='zero'))
""")


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("tape_complex", "tape_complex_holomorphic", "tape_complex_output_gradients"),
    ("tape_complex_nonholomorphic", "tape_complex_real_loss", "tape_complex_exp_sin"),
    ("grad_creation_and_slicing", "grad_ones_like_zeros_like", "grad_fill_value", "grad_getitem_slice"),
]:
    SNIPPETS.merge(_new, *_old)
del _new, _old

SNIPPETS.check_compiles()


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'grad_activations': Tolerance(_KERN, rtol=2e-07),
    'grad_arith': Tolerance(_SUM, rtol=5e-07),
    'grad_matrix_shape_ops': Tolerance(_SUM, rtol=2e-07),
    'grad_reductions': Tolerance(_SUM, rtol=1e-07),
    'grad_trig': Tolerance(_KERN, rtol=2e-07),
    'tape_complex_nonholomorphic': Tolerance(_SUM + '; ' + _F64, rtol=1e-07, float64_ulps=2),
}
