"""Golden snippets: values inside tf.function where TF's graph optimizer (grappler) makes
them differ from the eager ones: a float or complex division by a constant of the
function becomes a product with the constant's reciprocal (constant folding's
ReduceDivToReciprocalMul), in branches, loops and gradients too; a division by a
captured tensor, a Variable, a shape unknown when traced, a constant by a constant, and
tf.data functions are left as divisions; log(x + 1) -> log1p, exp(x) - 1 -> expm1 and
powers by constants 2, 3, 0.5, -0.5, -1 (the arithmetic optimizer), in gradients too."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_X = """
import numpy as np
v = np.linspace(-7.3, 9.1, 24, dtype=np.float32)
x = tf.constant(v * v * v)  # (NumPy's float32 ** 3 rounds by the CPU's SIMD paths)
def show(name, t):
    print(name, t.dtype.name, t.numpy().tolist())
def function(fn, **kw):
    return tf.function(fn, autograph=False, **kw)
"""

_s("divide_by_function_constant", _X + """
c = tf.constant(3.0)
v = tf.Variable(3.0)
show("eager", x / 3.0)
show("literal", function(lambda x: x / 3.0)(x))
show("tf.constant", function(lambda x: x / tf.constant(3.0))(x))
show("folded", function(lambda x: x / (tf.constant(1.5) * 2.0))(x))
show("divide", function(lambda x: tf.math.divide(x, 7.0))(x))
show("truediv", function(lambda x: tf.math.truediv(x, 7.0))(x))
show("captured", function(lambda x: x / c)(x))
show("variable", function(lambda x: x / v)(x))
show("argument", function(lambda x, y: x / y)(x, c))
show("constants", function(lambda: tf.constant(x.numpy()) / 3.0)())
show("jit_compile", function(lambda x: x / 3.0, jit_compile=True)(x))
""")

_s("divide_by_function_constant_dtypes", _X + """
for dt in (tf.float64, tf.float16, tf.bfloat16):
    show(dt.name, function(lambda x: x / 3.0)(tf.cast(x, dt)))
show("int32", function(lambda x: x / 3)(tf.cast(x, tf.int32)))
z = tf.complex(x, x * 0.5)
show("complex64", function(lambda z: z / tf.constant(3.0 + 1.0j, tf.complex64))(z))
""")

_s("divide_by_shape", _X + """
f = function(lambda x: x / tf.cast(tf.shape(x)[0] // 8, tf.float32))
show("static shape", f(x))
g = function(lambda x: x / tf.cast(tf.shape(x)[0] // 8, tf.float32),
                input_signature=[tf.TensorSpec([None], tf.float32)])
show("unknown shape", g(x))
h = function(lambda x: x / tf.cast(tf.size(x) // 8, tf.float32),
                input_signature=[tf.TensorSpec([None], tf.float32)])
show("unknown size", h(x))
""")

_s("divide_in_branches_loops_gradients", _X + """
show("cond", function(lambda x, p: tf.cond(p, lambda: x / 3.0, lambda: x))(
    x, tf.constant(True)))
loop = function(lambda x: tf.while_loop(lambda i, x: i < 2, lambda i, x: (i + 1, x / 3.0),
                                       (tf.constant(0), x))[1])
show("while", loop(x))
w = tf.constant(np.linspace(1.3, -2.9, 24, dtype=np.float32))
@function
def grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum((x / 3.0) * w)
    return t.gradient(y, x)
show("gradient", grad(x))
""")

_s("divide_in_dataset_map", _X + """
show("map", next(iter(tf.data.Dataset.from_tensors(x).map(tf.autograph.experimental.do_not_convert(lambda t: t / 3.0)))))
""")

# Arithmetic-optimizer rewrites (ops/graph_rewrites.py). `same(a, b)` compares bits: a
# rewritten value equals the eager value of the op it becomes (and not the eager value of
# the ops as written), whatever the kernels' own last bits.
_R = """
rng = np.random.default_rng(7)
def data(dt, lo, hi, n=2000):
    return tf.constant(rng.uniform(lo, hi, n).astype(dt))
def same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.tobytes() == b.tobytes()
def function(fn, **kw):
    return tf.function(fn, autograph=False, **kw)
def check(name, fn, as_rewritten, *args):
    got = function(fn)(*args)
    print(name, got.dtype.name, got.shape, "rewritten:", same(got, as_rewritten(*args)),
          "as eager:", same(got, fn(*args)))
"""

_s("log_of_sum_with_one_is_log1p", _R + """
for dt in (np.float32, np.float64):
    x = data(dt, -0.9, 3.0, 500)
    check("x + 1", lambda x: tf.math.log(x + 1), tf.math.log1p, x)
    check("1 + x", lambda x: tf.math.log(1.0 + x), tf.math.log1p, x)
    check("add", lambda x: tf.math.log(tf.add(x, tf.ones_like(x))), tf.math.log1p, x)
    check("ones [500]", lambda x: tf.math.log(x + tf.ones([500], x.dtype)), tf.math.log1p, x)
    check("ones [1]", lambda x: tf.math.log(x + tf.constant([1.0], x.dtype)), tf.math.log1p, x)
    check("folded one", lambda x: tf.math.log(x + tf.constant(0.5, x.dtype) * 2), tf.math.log1p, x)
    check("cast one", lambda x: tf.math.log(x + tf.cast(1, x.dtype)), tf.math.log1p, x)
    check("sum used twice", lambda x: tf.math.log(x + 1) * (x + 1),
          lambda x: tf.math.log1p(x) * (x + 1), x)
x = data(np.float32, -0.9, 3.0, 3000)
check("ones [3000]", lambda x: tf.math.log(x + tf.ones([3000])), tf.math.log1p, x)
check("ones_like [3000]", lambda x: tf.math.log(tf.ones_like(x) + x), tf.math.log1p, x)
x = data(np.float32, -0.9, 3.0, 500)
check("x + 2 (not ones)", lambda x: tf.math.log(x + 2), lambda x: tf.math.log1p(x + 1), x)
c = tf.constant(1.0)
check("captured one", lambda x: tf.math.log(x + c), tf.math.log1p, x)
v = tf.Variable(1.0)
check("variable", lambda x: tf.math.log(x + v), tf.math.log1p, x)
check("argument", lambda x, y: tf.math.log(x + y), lambda x, y: tf.math.log1p(x), x, c)
check("broadcasting ones", lambda x: tf.math.log(x + tf.ones([2, 500])),
      lambda x: tf.math.log1p(tf.broadcast_to(x, [2, 500])), x)
check("sub of -1", lambda x: tf.math.log(x - (-1.0)), tf.math.log1p, x)
h = data(np.float16, -0.5, 3.0, 500)
check("float16", lambda x: tf.math.log(x + 1), tf.math.log1p, h)
""")

_s("exp_minus_one_is_expm1", _R + """
for dt in (np.float32, np.float64):
    x = data(dt, -3.0, 3.0, 500)
    check("exp(x) - 1", lambda x: tf.exp(x) - 1, tf.math.expm1, x)
    check("subtract", lambda x: tf.subtract(tf.exp(x), tf.ones_like(x)), tf.math.expm1, x)
    check("folded one", lambda x: tf.exp(x) - tf.sqrt(tf.constant(1.0, x.dtype)), tf.math.expm1, x)
    check("exp used twice", lambda x: (tf.exp(x) - 1) * tf.exp(x),
          lambda x: tf.math.expm1(x) * tf.exp(x), x)
x = data(np.float32, -3.0, 3.0, 3000)
check("ones_like [3000]", lambda x: tf.exp(x) - tf.ones_like(x), tf.math.expm1, x)
check("1 - exp(x)", lambda x: 1 - tf.exp(x), lambda x: -tf.math.expm1(x), x)
check("exp(x) - 2", lambda x: tf.exp(x) - 2, lambda x: tf.math.expm1(x) - 1, x)
check("exp(x) + (-1)", lambda x: tf.exp(x) + (-1.0), tf.math.expm1, x)
c = tf.constant(1.0)
check("captured one", lambda x: tf.exp(x) - c, tf.math.expm1, x)
""")

_s("pow_by_constant_is_converted", _R + """
for dt in (np.float32, np.float64):
    x = data(dt, 0.01, 5.0)
    check("2", lambda x: tf.pow(x, 2.0), tf.square, x)
    check("x ** 2", lambda x: x ** 2, tf.square, x)
    check("cast 2", lambda x: tf.pow(x, tf.cast(2, x.dtype)), tf.square, x)
    check("folded 0.5", lambda x: tf.pow(x, tf.constant(0.25, x.dtype) * 2), tf.sqrt, x)
    check("filled 3", lambda x: tf.pow(x, tf.fill([2000], tf.constant(3.0, x.dtype))),
          lambda x: x * tf.square(x), x)
    check("3", lambda x: tf.pow(x, 3.0), lambda x: x * tf.square(x), x)
    check("0.5", lambda x: tf.pow(x, 0.5), tf.sqrt, x)
    check("-0.5", lambda x: tf.pow(x, -0.5), tf.math.rsqrt, x)
    print("-1 rewritten:", same(function(lambda x: tf.pow(x, -1.0))(x), tf.math.reciprocal(x)))
    check("[2, 2]", lambda x: tf.pow(tf.reshape(x, [1000, 2]), tf.constant([2.0, 2.0], x.dtype)),
          lambda x: tf.square(tf.reshape(x, [1000, 2])), x)
x = data(np.float32, 0.01, 5.0)
print("3 values", function(lambda x: tf.pow(x, 3.0))(x).numpy()[:6].tolist())
print("2 values", function(lambda x: x ** 2)(x).numpy()[:6].tolist())
check("1.5 (left)", lambda x: tf.pow(x, 1.5), lambda x: x * tf.sqrt(x), x)
check("[2, 3] (left)", lambda x: tf.pow(tf.reshape(x, [1000, 2]), tf.constant([2.0, 3.0])),
      lambda x: tf.square(tf.reshape(x, [1000, 2])), x)
c = tf.constant(0.5)
check("captured 0.5", lambda x: tf.pow(x, c), tf.sqrt, x)
z = tf.constant([-0.0, 0.0, -4.0, float("inf"), float("-inf"), float("nan")])
print("sqrt of signed zeros", function(lambda x: tf.pow(x, 0.5))(z).numpy().tolist(),
      tf.pow(z, 0.5).numpy().tolist())
i = tf.constant([1, -2, 3])
print("int32", function(lambda x: tf.pow(x, 2))(i).numpy().tolist())
""")

_s("rewrites_in_gradients", _R + """
FNS = {"log1p": lambda x: tf.math.log(x + 1), "expm1": lambda x: tf.exp(x) - 1,
       "pow 2": lambda x: x ** 2, "pow 3": lambda x: tf.pow(x, 3.0),
       "pow 0.5": lambda x: tf.pow(x, 0.5), "pow -1": lambda x: tf.pow(x, -1.0)}
def grads(x):
    out = []
    for fn in FNS.values():
        with tf.GradientTape() as t:
            t.watch(x)
            y = fn(x)
        out.append(t.gradient(y, x))
    return out
for dt in (np.float32, np.float64):
    x = data(dt, 0.01, 3.0)
    got = function(grads)(x)
    for name, g, e in zip(FNS, got, grads(x)):
        print(name, dt.__name__, "as eager:", same(g, e))
    print("pow 3 as 3 * square", same(got[3], 3 * tf.square(x)))
    print("pow 0.5 as 0.5 * rsqrt", same(got[4], 0.5 * tf.math.rsqrt(x)))
x = data(np.float32, 0.01, 3.0)
def inner(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x + 1
        z = tf.math.log(y)
    return z, t.gradient(z, y)
z, dy = function(inner)(x)
print("log1p with its sum watched", same(z, tf.math.log1p(x)), same(dy, inner(x)[1]))
def by_constant(x):
    c = tf.constant(1.0)
    with tf.GradientTape() as t:
        t.watch(c)
        z = tf.math.log(x + c)
    return z, t.gradient(z, c)
z, dc = function(by_constant)(x)
print("watched one", same(z, tf.math.log1p(x)), same(dc, by_constant(x)[1]))
""")

_s("divide_by_sqrt_is_rsqrt_product", _R + """
x, y = data(np.float64, -3.0, 3.0), data(np.float64, 0.1, 4.0)
check("x / sqrt(y)", lambda x, y: x / tf.sqrt(y), lambda x, y: x * tf.math.rsqrt(y), x, y)
check("divide", lambda x, y: tf.math.divide(x, tf.sqrt(y + 1)),
      lambda x, y: x * tf.math.rsqrt(y + 1), x, y)
rs = lambda x, y: x * tf.math.rsqrt(y)
check("sqrt used twice", lambda x, y: x / tf.sqrt(y) + tf.sqrt(y), lambda x, y: rs(x, y) + tf.sqrt(y), x, y)
check("sqrt unused twice", lambda x, y: (tf.sqrt(y) * 2, x / tf.sqrt(y))[1], rs, x, y)
check("sqrt twice (merged)", lambda x, y: x / tf.sqrt(y) - 2 * x / tf.sqrt(y),
      lambda x, y: rs(x, y) - rs(2 * x, y), x, y)
check("sqrt twice (not merged)", lambda x, y: x / tf.sqrt(y) - 2 * x / tf.sqrt(y + 0.0),
      lambda x, y: rs(x, y) - rs(2 * x, y + 0.0), x, y)
got = function(lambda x, y: (x / tf.sqrt(y), tf.sqrt(y)))(x, y)[0]
print("sqrt returned", same(got, rs(x, y)), same(got, x / tf.sqrt(y)))
w = tf.Variable(2.0, dtype=tf.float64)
def taped(x, y):
    with tf.GradientTape() as t:
        t.watch(y)
        z = x / tf.sqrt(y)
    return z, t.gradient(z, y)
def taped_w(x, y):
    with tf.GradientTape() as t:
        z = w * (x / tf.sqrt(y))
    return z, t.gradient(z, w)
z, dy = function(taped)(x, y)
print("tape through it", same(z, rs(x, y)), same(z, x / tf.sqrt(y)), same(dy, taped(x, y)[1]))
z, dw = function(taped_w)(x, y)
print("tape around it", same(z, w * rs(x, y)), same(dw, tf.reduce_sum(rs(x, y))))
s = tf.sqrt(y)
check("captured sqrt", lambda x: x / s, lambda x: x * tf.math.rsqrt(y), x)
p = tf.constant(True)
check("in tf.cond", lambda x, y: tf.cond(p, lambda: x / tf.sqrt(y), lambda: x), rs, x, y)
cond = function(lambda x, y, p: tf.cond(p, lambda: x / tf.sqrt(y), lambda: x))
print("in a traced tf.cond", same(cond(x, y, p), rs(x, y)))
cond = function(lambda x, y, p: tf.cond(p, lambda: x / tf.sqrt(y), lambda: tf.sqrt(y)))
print("sqrt in the other branch", same(cond(x, y, p), rs(x, y)))
s_out = function(lambda x, y, p: tf.cond(p, lambda: x / s, lambda: x))
print("sqrt outside tf.cond", same(s_out(x, y, p), rs(x, y)))
outer = function(lambda x, y, p: tf.cond(p, lambda: x / tf.sqrt(y) + 1, lambda: x) * tf.sqrt(y))
print("sqrt outside too", same(outer(x, y, p), (rs(x, y) + 1) * tf.sqrt(y)))
loop = function(lambda x, y: tf.while_loop(lambda i, z: i < 2, lambda i, z: (i + 1, z / tf.sqrt(y)),
                                           (0, x))[1])
print("in tf.while_loop", same(loop(x, y), rs(rs(x, y), y)))
""")

_s("log_of_softmax_is_log_softmax", _R + """
for dt in (np.float32, np.float64):
    x = tf.reshape(data(dt, -5.0, 5.0), [100, 20])
    check("log(softmax)", lambda x: tf.math.log(tf.nn.softmax(x)), tf.nn.log_softmax, x)
x = tf.reshape(data(np.float32, -5.0, 5.0), [100, 20])
check("axis 0", lambda x: tf.math.log(tf.nn.softmax(x, axis=0)),
      lambda x: tf.nn.log_softmax(x, axis=0), x)
check("axis 1", lambda x: tf.math.log(tf.nn.softmax(x, axis=1)), tf.nn.log_softmax, x)
check("softmax used twice", lambda x: tf.math.log(tf.nn.softmax(x)) * tf.nn.softmax(x),
      lambda x: tf.nn.log_softmax(x) * tf.nn.softmax(x), x)
check("softmax consumed", lambda x: tf.math.log(tf.nn.softmax(x)) + tf.reduce_sum(tf.nn.softmax(x) * 0 + 1),
      lambda x: tf.nn.log_softmax(x) + 20, x)
got = function(lambda x: (tf.math.log(tf.nn.softmax(x)), tf.nn.softmax(x)))(x)[0]
print("softmax returned", same(got, tf.nn.log_softmax(x)))
def taped(x):
    with tf.GradientTape() as t:
        t.watch(x)
        z = tf.math.log(tf.nn.softmax(x))
    return z, t.gradient(z, x)
z, dx = function(taped)(x)
print("tape through it", same(z, tf.nn.log_softmax(x)), same(dx, taped(x)[1]))
""")

_s("rewrites_not_in_dataset_map", _R + """
x = data(np.float32, 0.01, 3.0, 64)
fns = {"log1p": lambda t: tf.math.log(t + 1), "expm1": lambda t: tf.exp(t) - 1,
       "pow": lambda t: tf.pow(t, 3.0),
       "sqrt div": lambda t: tf.cast(t, tf.float64) / tf.sqrt(tf.cast(t, tf.float64) + 1),
       "log softmax": lambda t: tf.math.log(tf.nn.softmax(tf.reshape(t, [8, 8])))}
for name, fn in fns.items():
    got = next(iter(tf.data.Dataset.from_tensors(x).map(tf.autograph.experimental.do_not_convert(fn))))
    print(name, "as eager:", same(got, fn(x)), "in tf.function:", same(got, function(fn)(x)))
""")

SNIPPETS.check_compiles()
