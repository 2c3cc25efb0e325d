"""Golden snippets: tf.exp bit for bit as TF's CPU Exp kernel computes it (ops/math_common.py
eigen_exp): Eigen's vectorised exp on whole AVX packets (8 float32, 4 float64; half and
bfloat16 through float32), std::exp on the last size % width elements. Dense grids and
random values, printed as digests of their bit patterns plus some values in full, at sizes
that put values in the packet code and in the scalar tail; special values; eagerly and
inside tf.function; gradients (TF's grad * y), forward mode; bad dtypes; tf.nn.elu and
tf.nn.selu, whose kernels use the same exp."""
from snippet_registry import Snippets

_PRELUDE = """
import hashlib
import numpy as np
def bits(t):
    a = np.asarray(t)
    return a.ravel().view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize])
def show(name, t):
    b = bits(t)
    print(name, t.dtype.name, tuple(t.shape), hashlib.sha256(b.tobytes()).hexdigest()[:24],
          [hex(v) for v in b[:10]], [hex(v) for v in b[-7:]])
graph_exp = tf.function(tf.exp)
def both(name, x):
    show(name, tf.exp(x))
    show(name + " in tf.function", graph_exp(x))
"""

SNIPPETS = Snippets(_PRELUDE)
_s = SNIPPETS.add

for _n in (1, 7, 8, 9, 1000, 1003, 200003):
    _s(f"exp_float32_grid_{_n}", f"""
x = tf.constant(np.linspace(-90, 90, {_n}).astype(np.float32))
both("grid", x)
""")

for _n in (7, 9, 1003, 100005):
    _s(f"exp_float32_negative_{_n}", f"""
x = tf.constant(np.random.RandomState({_n}).uniform(-30, 0, {_n}).astype(np.float32))
both("uniform(-30, 0)", x)
print(x.numpy()[:8].tolist(), tf.exp(x).numpy()[:8].tolist())
""")

_s("exp_float32_small_magnitudes", """
x = tf.constant(np.random.RandomState(3).uniform(-1, 1, 4003).astype(np.float32))
both("uniform(-1, 1)", x)
both("rank 3", tf.reshape(x[:4000] * 5, [10, 20, 20]))
""")

_s("exp_float32_special_values", """
v = [np.nan, np.inf, -np.inf, 0.0, -0.0, 88.72, 88.7228, 88.723, 88.8, -87.3, -103.9, -104.0,
     -104.1, -150.0, 1e-30, -1e-30]
for n in (16, 15, 7):   # packets only; packet and tail; tail only
    x = tf.constant(np.array(v[:n], np.float32))
    both(f"special {n}", x)
    print(tf.exp(x).numpy().tolist())
""")

_s("exp_float64_grid", """
for n in (4, 1000, 100004):
    both(f"grid {n}", tf.constant(np.linspace(-700, 700, n)))
x = tf.constant(np.random.RandomState(5).uniform(-30, 0, 40000))
both("uniform(-30, 0)", x)
print(tf.exp(x).numpy()[:4].tolist())
""")

_s("exp_float64_special_values", """
x = tf.constant([np.nan, np.inf, -np.inf, 0.0, -0.0, 709.78, 709.784, 709.79, 710.0, -709.78,
                 -709.784, -709.79, -745.1, -744.0, -740.0, -1e-300, 1e-300, -800.0, 5e-324,
                 -0.5, 0.5, 2.3, -1.0, 1.0])
both("special", x)
print(tf.exp(x).numpy().tolist())
both("tail", tf.constant([0.5, -1.0, 2.0]))
""")

_s("exp_half_bfloat16_all_values", """
h = np.arange(65536, dtype=np.uint16).view(np.float16)
h = h[np.isfinite(h)]
both("half", tf.constant(h))
both("half tail", tf.constant(h[:1003]))
f = (np.arange(65536, dtype=np.uint32) << 16).view(np.float32)
b = tf.cast(tf.constant(f[np.isfinite(f)]), tf.bfloat16)
both("bfloat16", b)
both("bfloat16 tail", b[:1003])
""")

_s("exp_complex", """
z = tf.constant([1 + 2j, -0.5 + 0.25j, 0j, 3 - 1j], tf.complex64)
print(tf.exp(z))
print(graph_exp(z))
with tf.GradientTape() as t:
    t.watch(z)
    y = tf.exp(z)
print(t.gradient(y, z, output_gradients=tf.constant([1 + 1j, 2j, 1, -1], tf.complex64)))
""")

_s("exp_complex_gradient_signed_zeros", """
z = tf.constant([0j, 0j, -0.0 + 0j, np.log(2) + 0j], tf.complex128)
with tf.GradientTape() as t:
    t.watch(z)
    y = tf.exp(z)
g = t.gradient(y, z, output_gradients=tf.constant([1, 1j, -1, 2 - 1j], tf.complex128))
print(g, np.signbit(g.numpy().real), np.signbit(g.numpy().imag))
""")

_s("exp_gradients", """
x = tf.constant(np.random.RandomState(11).uniform(-20, 5, 1003).astype(np.float32))
w = tf.constant(np.random.RandomState(12).uniform(-2, 2, 1003).astype(np.float32))
def grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.exp(x) * w
    return t.gradient(y, x)
show("gradient", grad(x))
show("gradient in tf.function", tf.function(grad)(x))
def grad2(x):
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.exp(x)
        g = t1.gradient(y, x)
    return t2.gradient(g, x)
show("second order", grad2(x))
with tf.autodiff.ForwardAccumulator(x, w) as acc:
    y = tf.exp(x)
show("forward mode", acc.jvp(y))
x64 = tf.cast(x, tf.float64)
with tf.GradientTape() as t:
    t.watch(x64)
    y = tf.exp(x64)
show("gradient float64", t.gradient(y, x64))
""")

SNIPPETS.errs(
    "exp_bad_dtypes_errors",
    "tf.exp(tf.constant([1, 2]))",
    "tf.exp(tf.constant([True]))",
    "tf.exp(tf.constant(['a']))",
    "tf.function(tf.exp)(tf.constant([1, 2], tf.int64))",
)

# tf.nn.elu and tf.nn.selu: TF's kernels are Eigen's exp in a select, minus one (times
# scale * alpha); their gradients EluGrad / SeluGrad from the activations.
for _dtype in ("float32", "float64", "float16"):
    _s(f"exp_in_elu_selu_{_dtype}", f"""
x = tf.constant(np.random.RandomState(0).uniform(-20, 3, 10003).astype(np.{_dtype}))
for f in (tf.nn.elu, tf.nn.selu):
    show(f.__name__, f(x))
    show(f.__name__ + " in tf.function", tf.function(f)(x))
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    show(f.__name__ + " gradient", t.gradient(y, x))
""")
