"""Golden snippets: tf.math.log bit for bit as TF's CPU Log kernel computes it
(ops/eigen_log.py): Eigen's vectorised log on whole AVX packets (8 float32, 4 float64;
half and bfloat16 through float32), glibc's log on the last size % width elements, with
denormal operands read as zero. Grids and random values printed as digests of their bit
patterns plus some values in full, at sizes that put values in the packet code and in the
scalar tail; special values and denormals; eagerly and inside tf.function; tf.math.xlogy
and xlog1py, whose kernels use the same log and log1p, broadcast; the float64 gradient (TF's grad *
reciprocal(x), exact in float64; float32's reciprocal is the CPU's approximation);
tf.nn.log_softmax (TF's SoftmaxEigenImpl: exps within each row's packets, TF's sum order,
the log over the row sums vectorised) and its gradient; tf.nn.softmax's gradient (TF's
(grad - reduce_sum(grad * y)) * y); tf.math.log1p (Eigen's
generic_log1p on packets, glibc's log1pf on the tail); tf.nn.softplus (TF's kernel:
exp, then log1p) and tf.math.log_sigmoid, with their gradients (grad * sigmoid(x))."""
from snippet_registry import Snippets

# Snippets whose TF output depends on the CPU: on an AVX-512 machine TF 2.21's float64
# log and log1p give other bits (measured: TF's own digests differ), recorded there as
# cpu_variants.json (record.py --cpu-variants).
CPU_DEPENDENT = {
    "log_float64": "TF's float64 log (its Eigen kernel) gives other bits with AVX-512",
    "log1p_bits": "TF's float64 log1p (its Eigen kernel) gives other bits with AVX-512",
}

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
def log(x):
    return tf.math.log(x)
graph_log = tf.function(log)
def both(name, x):
    show(name, tf.math.log(x))
    show(name + " in tf.function", graph_log(x))
"""

SNIPPETS = Snippets(_PRELUDE)
_s = SNIPPETS.add

for _n in (1, 7, 8, 9, 1003, 200003):
    _s(f"log_float32_grid_{_n}", f"""
x = tf.constant(np.linspace(0.001, 40, {_n}).astype(np.float32))
both("grid", x)
print(tf.math.log(x).numpy()[:8].tolist())
""")

_s("log_float32_wide_range", """
r = np.random.RandomState(4)
x = tf.constant(np.exp(r.uniform(-87, 88, 100005)).astype(np.float32))
both("exp(uniform(-87, 88))", x)
x = tf.constant(r.uniform(0.5, 2, 40003).astype(np.float32))
both("uniform(0.5, 2)", x)
both("rank 3", tf.reshape(x[:40000], [40, 25, 40]))
""")

_s("log_float32_special_values", """
v = [np.nan, np.inf, -np.inf, 0.0, -0.0, -1.0, 1.0, 2.0, 0.5, 3.4e38, 1.2e-38, 1e-45, 1e-40,
     -1e-40, 0.70710677, 0.70710683]
for n in (16, 15, 7):   # packets only; packet and tail; tail only
    x = tf.constant(np.array(v[:n], np.float32))
    both(f"special {n}", x)
    print(tf.math.log(x).numpy().tolist())
x = tf.constant(np.array([1e-40, -1e-40, 1e-45, 1.1e-38, 2.0, 3.0, 4.0], np.float32))
print("denormals in the tail", tf.math.log(x).numpy().tolist())
print("denormals in a packet", tf.math.log(tf.concat([x, [5.0]], 0)).numpy().tolist())
""")

_s("log_float64", """
for n in (4, 1003, 100004):
    both(f"grid {n}", tf.constant(np.linspace(1e-6, 1e6, n)))
x = tf.constant(np.exp(np.random.RandomState(5).uniform(-700, 700, 40003)))
both("exp(uniform(-700, 700))", x)
print(tf.math.log(x).numpy()[:4].tolist())
v = tf.constant(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, -1.0, 1.0, 5e-324, 1e-310, 2.5,
                          1e308, 0.7071067811865476]))
both("special", v)
print(tf.math.log(v).numpy().tolist())
both("special tail", v[:7])
print(tf.math.log(v[5:]).numpy().tolist())
""")

_s("log_half_bfloat16_all_values", """
h = np.arange(65536, dtype=np.uint16).view(np.float16)
h = h[np.isfinite(h)]
both("half", tf.constant(h))
both("half tail", tf.constant(h[:1003]))
f = (np.arange(65536, dtype=np.uint32) << 16).view(np.float32)
b = tf.cast(tf.constant(f[np.isfinite(f)]), tf.bfloat16)
both("bfloat16", b)
both("bfloat16 tail", b[:1003])
""")

_s("log_xlogy_broadcast", """
x = tf.constant(np.linspace(-3, 9, 37, dtype=np.float32).reshape(37, 1))
y = tf.constant(np.linspace(0.3, 50, 11, dtype=np.float32).reshape(1, 11))
show("xlogy", tf.math.xlogy(x, y))
show("xlogy in tf.function", tf.function(tf.math.xlogy)(x, y))
show("xlogy float64", tf.math.xlogy(tf.cast(x, tf.float64), tf.cast(y, tf.float64)))
print(tf.math.xlogy(tf.constant([0.0, 2.0, 3.0]), tf.constant([0.0, 0.0, 7.0])).numpy().tolist())
r = np.random.RandomState(9)
a = tf.constant(r.uniform(-3, 3, 4003).astype(np.float32))
b = tf.constant(r.uniform(-0.9, 5, 4003).astype(np.float32))
show("xlog1py", tf.math.xlog1py(a, b))
show("xlog1py in tf.function", tf.function(tf.math.xlog1py)(a, b))
print(tf.math.xlog1py(tf.constant([0., 1., 2.]), tf.constant([-1., 0.5, -1.])).numpy().tolist())
""")

_s("log_float64_gradient", """
x = tf.constant(np.random.RandomState(11).uniform(0.01, 50, 1003))
w = tf.constant(np.random.RandomState(12).uniform(-2, 2, 1003))
def grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.math.log(x) * w
    return t.gradient(y, x)
show("gradient", grad(x))
show("gradient in tf.function", tf.function(grad)(x))
""")

_s("log_softmax_bits", """
r = np.random.RandomState(3)
for shape in [(500, 8), (300, 10), (7, 3), (64, 1000), (5,), (3, 4, 17)]:
    x = tf.constant((r.randn(*shape) * 4).astype(np.float32))
    show(f"log_softmax {shape}", tf.nn.log_softmax(x))
    show(f"log_softmax {shape} in tf.function", tf.function(tf.nn.log_softmax)(x))
for shape in [(500, 8), (64, 1000), (6, 4)]:   # (float64 rows of whole packets)
    show(f"log_softmax float64 {shape}", tf.nn.log_softmax(tf.constant(r.randn(*shape) * 4)))
y = tf.constant(r.randn(6, 5, 9).astype(np.float32))
for axis in (0, 1, 2):
    show(f"axis {axis}", tf.nn.log_softmax(y, axis=axis))
""")

_s("softmax_gradients", """
r = np.random.RandomState(5)
for shape in [(500, 8), (300, 10), (7, 3), (5,), (3, 4, 17)]:
    x = tf.constant((r.randn(*shape) * 4).astype(np.float32))
    g = tf.constant(r.randn(*shape).astype(np.float32))
    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.nn.softmax(x)
        return t.gradient(y, x, output_gradients=g)
    show(f"softmax {shape}", tf.nn.softmax(x))
    show(f"gradient {shape}", grad(x))
    show(f"gradient {shape} in tf.function", tf.function(grad)(x))
y = tf.constant(r.randn(6, 5, 9).astype(np.float32))
with tf.GradientTape() as t:
    t.watch(y)
    z = tf.nn.softmax(y, axis=1) * tf.range(9, dtype=tf.float32)
show("gradient axis 1", t.gradient(z, y))
""")

_s("log_softmax_special_rows", """
x = tf.constant([[1., np.inf, 2., 3., 4., 5., 6., 7., 8.], [np.nan, 1., 2., 3., 4., 5., 6., 7., 8.],
                 [-np.inf, 1., 2., 3., 4., 5., 6., 7., 8.], [-np.inf] * 9,
                 [1e30, -1e30, 0, 0, 0, 0, 0, 0, 0]])
print(tf.nn.log_softmax(x).numpy().tolist())
print(tf.nn.log_softmax(x[:, :3]).numpy().tolist())
""")

_s("log_softmax_gradients", """
r = np.random.RandomState(4)
for shape, dtype in [((500, 8), np.float32), ((64, 1000), np.float32), ((3, 4, 17), np.float32),
                     ((500, 8), np.float64)]:
    x = tf.constant((r.randn(*shape) * 4).astype(dtype))
    g = tf.constant(r.randn(*shape).astype(dtype))
    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.nn.log_softmax(x)
        return t.gradient(y, x, output_gradients=g)
    show(f"gradient {shape} {dtype.__name__}", grad(x))
    show(f"gradient {shape} {dtype.__name__} in tf.function", tf.function(grad)(x))
y = tf.constant(r.randn(6, 5, 9).astype(np.float32))
with tf.GradientTape() as t:
    t.watch(y)
    z = tf.nn.log_softmax(y, axis=1) * tf.range(9, dtype=tf.float32)
show("gradient axis 1", t.gradient(z, y))
""")

_s("log1p_bits", """
def log1p(x):
    return tf.math.log1p(x)
r = np.random.RandomState(7)
x = np.concatenate([r.uniform(-1, 2, 30000), np.exp(r.uniform(-87, 88, 30000)),
                    -np.exp(r.uniform(-87, 0, 30000))]).astype(np.float32)
for n in (90000, 90003, 7):
    show(f"log1p {n}", tf.math.log1p(x[:n]))
    show(f"log1p {n} in tf.function", tf.function(log1p)(x[:n]))
v = np.array([0., -0., np.inf, -np.inf, np.nan, -1., -2., 1e-45, 1e-40, -1e-40, 1e-8, -1e-8,
              2e-30, 0.41, 0.42, -0.29, -0.3, 1e30, 3e38], np.float32)
for n in (16, 19):
    show(f"special {n}", tf.math.log1p(v[:n]))
    print(tf.math.log1p(v[:n]).numpy().tolist())
print("tail", tf.math.log1p(v[16:]).numpy().tolist(), tf.math.log1p(v[8:15]).numpy().tolist())
d = np.concatenate([r.uniform(-1, 2, 3000), np.exp(r.uniform(-700, 700, 3000))])
show("float64", tf.math.log1p(d))
show("half", tf.math.log1p(tf.constant(x[:20000].astype(np.float16))))
""")

_s("softplus_log_sigmoid_bits", """
r = np.random.RandomState(8)
x = tf.constant(r.uniform(-30, 30, 40003).astype(np.float32))
w = tf.constant(r.uniform(-2, 2, 40003).astype(np.float32))
for f in (tf.nn.softplus, tf.math.log_sigmoid):
    show(f.__name__, f(x))
    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x) * w
        return t.gradient(y, x)
    show(f.__name__ + " gradient", grad(x))
    show(f.__name__ + " gradient in tf.function", tf.function(grad)(x))
x64 = tf.cast(x, tf.float64)
show("softplus float64", tf.nn.softplus(x64))
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = tf.nn.softplus(x)
    g = t1.gradient(y, x)
show("softplus second order", t2.gradient(g, x))
print(tf.math.log_sigmoid(tf.constant([-100., -1., 0., 1., 100.])).numpy().tolist())
""")

SNIPPETS.errs(
    "log_bad_dtypes_errors",
    "tf.math.log(tf.constant([1, 2]))",
    "tf.math.log1p(tf.constant([1, 2]))",
    "tf.math.log_sigmoid(tf.constant([1, 2]))",
    "tf.math.log(tf.constant([True]))",
    "tf.function(tf.math.log)(tf.constant([1, 2], tf.int64))",
)
