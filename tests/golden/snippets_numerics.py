"""Golden snippets for TF's numerics where its kernels define them (issue 13): NaN in
sorts, reductions and segment reductions, float-to-int casts out of range, denormals,
and the accumulation of bfloat16/float16/integer sums, eagerly and inside a tf.function.

Casts of out-of-range values go one element at a time: TF's vectorized cast of 8 or more
elements gives other values (see tfcompat.ops.cast_ops.cast).
"""
import textwrap
from collections import OrderedDict

SNIPPETS = OrderedDict()


def _s(name, source):
    assert name not in SNIPPETS, f"duplicate snippet name {name}"
    SNIPPETS[name] = textwrap.dedent(source).strip("\n") + "\n"


_BOTH = """
def both(body):
    # body() eagerly, then traced once in a tf.function
    for out in (body(), tf.function(body)()):
        print([t.numpy().tolist() for t in out])
"""


def _b(name, source):
    _s(name, _BOTH + textwrap.dedent(source))


_b("sort_signed_zero_inf_ties", """
def body():
    out = []
    for dt in [tf.float32, tf.float16, tf.bfloat16, tf.float64]:
        x = tf.constant([1.0, -0.0, 0.0, -float("inf"), float("inf"), -1.0, 0.0, -0.0, 1.0], dt)
        for d in ["ASCENDING", "DESCENDING"]:
            out += [tf.cast(tf.sort(x, direction=d), tf.float64), tf.argsort(x, direction=d)]
        t = tf.math.top_k(x, k=5)
        out += [tf.cast(t.values, tf.float64), t.indices]
    return out
both(body)
""")
_b("sort_ints_and_ties", """
def body():
    out = []
    for dt in [tf.int32, tf.int8, tf.uint8, tf.int64, tf.uint16]:
        x = tf.constant([3, 1, 2, 1, 3, 0], dt)
        out += [tf.sort(x), tf.argsort(x), tf.argsort(x, direction="DESCENDING"),
                tf.math.top_k(x, 3).indices]
    y = tf.constant([1., 2., 2., 2., 1.])
    return out + list(tf.math.top_k(y, k=2)) + [tf.argsort(y, direction="DESCENDING"),
                                               tf.argsort(y)]
both(body)
""")
_b("reduce_max_min_arg_nan", """
nan, inf = float("nan"), float("inf")
def body():
    out = []
    for dt in [tf.float32, tf.float16, tf.bfloat16, tf.float64]:
        for v in ([1., nan, 3.], [nan, 1., 3.], [1., 3., nan], [nan, nan], [-inf, nan, inf],
                  [nan, -inf], [nan, inf]):
            x = tf.constant(v, dt)
            out += [tf.cast(tf.stack([tf.reduce_max(x), tf.reduce_min(x)]), tf.float64),
                    tf.stack([tf.argmax(x), tf.argmin(x)])]
    x = tf.constant([[1., nan], [nan, 2.], [3., 4.]])
    return out + [tf.reduce_max(x, 0), tf.reduce_max(x, 1), tf.argmax(x, 0), tf.argmax(x, 1)]
both(body)
""")
_b("segment_max_min_nan", """
nan, inf = float("nan"), float("inf")
def body():
    out = []
    for dt in [tf.float32, tf.float16, tf.bfloat16, tf.float64]:
        for v in ([1., nan, 3.], [nan, 1., 3.], [1., 3., nan], [nan, nan], [-inf, nan, inf]):
            x, ids = tf.constant(v, dt), [0] * len(v)
            out += [tf.cast(t, tf.float64) for t in (
                tf.math.segment_max(x, ids), tf.math.segment_min(x, ids),
                tf.math.unsorted_segment_max(x, ids, 3), tf.math.unsorted_segment_min(x, ids, 3))]
    v = [float(i) for i in range(100)]
    v[50], v[10] = nan, 1000.
    x = tf.stack([tf.constant(v), tf.constant(v[::-1])], 1)
    ids = [0] * 50 + [1] * 50
    return out + [tf.math.segment_max(x, ids), tf.math.segment_min(x, ids),
                  tf.math.unsorted_segment_max(x, [1] * 100, 2),
                  tf.math.unsorted_segment_min(x, [1, 0] * 50, 3)]
both(body)
""")
_s("unique_nan", """
x = tf.constant([1., float("nan"), 3., float("nan"), 1.])
print(tf.unique(x))
print(tf.unique_with_counts(x))
""")
_b("cast_float_to_int_out_of_range", """
vals = [float("nan"), float("inf"), -float("inf"), 1e10, -1e10, 2.**31, -2.**31 - 1, 2.**32,
        2.**63, -2.**63, 2.**64, 300.7, -1.5, -0.0, 65535.9, 65536., -129.5, 255.5, 128.,
        1e5, -1e5, 3e9, -3e9, 2.**62]
ints = [tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16, tf.uint32, tf.uint64]
srcs = [tf.float32, tf.float64, tf.float16, tf.bfloat16]
def body():
    # one element at a time: TF's scalar cast
    return [tf.stack([tf.cast(tf.cast(tf.constant(v, tf.float64), src), dst) for v in vals])
            for src in srcs for dst in ints]
both(body)
print(tf.cast(300., tf.uint8), tf.cast(tf.constant([float("nan"), -0.0, 0.5]), tf.bool))
c = tf.constant([complex(300.7, 2), complex(float("nan"), 0), complex(-1.5, 9), 1e10], tf.complex64)
print(tf.stack([tf.cast(c[i], tf.int32) for i in range(4)]), tf.cast(c[0], tf.uint8))
""")
_b("denormals_flush", """
def body():
    d, y = tf.constant(1e-45), tf.constant(1e-40)
    return [d, d + d, y * 0.5, y - d, tf.exp(tf.constant(-100.)), y / 2.0, tf.sqrt(d),
            tf.reduce_sum(tf.stack([d, d, y])), -d, tf.abs(d), tf.equal(d, 0.),
            tf.greater(d, 0.), tf.cast(d, tf.float64), tf.cumsum(tf.stack([d, d]))[1],
            tf.math.log(tf.fill([64], 1e-40)), tf.math.log(tf.constant(5e-324, tf.float64))]
both(body)
print(tf.constant(1e-45) * 1.0)
h = tf.constant(6e-8, tf.float16)
print(h, h * 1, tf.math.log(h), h + h)
""")
_b("accumulation_half_int", """
def body():
    out = []
    for dt in [tf.float16, tf.bfloat16]:
        xr = tf.cast(tf.range(1000, dtype=tf.float32) * 0.37, dt)
        ones = tf.ones([3000], dt)
        out += [tf.cast(t, tf.float64) for t in (
            tf.math.cumsum(xr)[-1],
            tf.math.cumsum(xr)[100], tf.reduce_mean(xr), tf.math.cumsum(ones)[-1],
            tf.math.cumsum(ones, reverse=True, exclusive=True)[0],
            tf.math.cumprod(tf.fill([30], tf.constant(1.1, dt)))[-1])]
    xr = tf.cast(tf.range(1000, dtype=tf.float32) * 0.37, tf.bfloat16)
    out += [tf.cast(t, tf.float64) for t in (
        tf.reduce_sum(tf.fill([10000], tf.constant(0.1, tf.bfloat16))),
        tf.reduce_mean(tf.fill([10000], tf.constant(0.1, tf.bfloat16))),
        tf.reduce_sum(tf.reshape(xr, [10, 100]), 0)[:5], tf.reduce_sum(xr), tf.reduce_sum(xr[:7]))]
    for dt in [tf.int8, tf.int16, tf.uint8, tf.int32, tf.int64]:
        x = tf.fill([1000], tf.constant(100, dt))
        y = tf.constant([100, 100, -50] if dt != tf.uint8 else [250, 250, 3], dt)
        out += [tf.stack([tf.reduce_sum(x), tf.reduce_mean(x), tf.math.cumsum(x)[-1],
                          tf.reduce_sum(y), tf.reduce_mean(y)])]
    return out + [tf.reduce_mean(tf.constant([2**31 - 1, 2**31 - 1])),
                  tf.reduce_mean(tf.constant([-7, 2])),
                  tf.reduce_mean(tf.constant([2**63 - 1, 2**63 - 1], tf.int64))]
both(body)
""")


_s("cumsum_cumprod_add_in_order", """
# TF's CPU scan adds (multiplies) one element at a time from 0 (1), in the input's dtype:
# every float32/float64 running sum is TF's to the bit (XLA's own scan adds in a tree),
# -0.0 first sums to +0.0, and the gradients are TF's reverse scans.
rs = np.random.RandomState(0)
x = rs.uniform(-5, 5, (3, 300))
for dt in (tf.float32, tf.float64):
    t = tf.constant(x, dt)
    for kw in ({}, {"reverse": True}, {"exclusive": True}, {"exclusive": True, "reverse": True}):
        print(dt.name, kw, tf.cumsum(t, axis=1, **kw).numpy().tolist()[0][-3:],
              float(tf.reduce_sum(tf.cumsum(t, axis=1, **kw))))
    print(tf.cumsum(t, axis=0).numpy()[:, -2:].tolist())
    print(tf.math.cumprod(t[:, :25] * 0.4, axis=1).numpy()[:, -2:].tolist())
    f = tf.function(lambda a: tf.cumsum(a, axis=-1), autograph=False)
    print(f(t).numpy()[1, -3:].tolist())
    w = tf.constant(x[:, :40], dt)
    with tf.GradientTape() as g:
        g.watch(w)
        y = tf.reduce_sum(tf.cumsum(w, axis=1) * w)
    print(g.gradient(y, w).numpy()[0, :4].tolist())
print(tf.cumsum(tf.constant([-0.0, -0.0, 1.0])).numpy().tolist(),
      tf.cumsum(tf.constant([-0.0, 2.0]), exclusive=True, reverse=True).numpy().tolist())
print(tf.cumsum(tf.constant([1e8, 1.0, -1e8, 1.0], tf.float32)).numpy().tolist())
""")


_s("float64_softmax_is_tfs_eigen_kernel", """
# TF's float64 Softmax on the CPU (Eigen's SoftmaxEigenImpl): exp(x - max) over the
# array, times 1 / its row sums in TF's order; with TF's gradient, in a tf.function too.
rs = np.random.RandomState(0)
for shape, axis in [((10, 100), -1), ((3, 5, 17), 1), ((4, 1000), -1), ((2, 3), -1)]:
    x = tf.constant(rs.uniform(-8, 8, shape), tf.float64)
    y = tf.nn.softmax(x, axis=axis)
    print(shape, axis, y.numpy().ravel()[:3].tolist(), float(tf.reduce_sum(y)))
    with tf.GradientTape() as g:
        g.watch(x)
        loss = tf.reduce_sum(tf.nn.softmax(x, axis=axis) ** 2)
    print(g.gradient(loss, x).numpy().ravel()[-3:].tolist())
    f = tf.function(lambda a: tf.nn.softmax(a, axis=axis), autograph=False)
    print(bool(tf.reduce_all(f(x) == y)))
x = tf.constant([[1.0, np.inf, 2.0], [np.nan, 1.0, 0.0], [-np.inf, 0.0, 1.0]], tf.float64)
print(tf.nn.softmax(x).numpy().tolist())
""")


_s("erf_float32_is_eigens_rational_approximation", """
# TF's CPU Erf of float32 (and of half and bfloat16, through float32) is Eigen's
# generic_fast_erf<float>: x * P(x^2) / Q(x^2) with x^2 clamped to 16, then clamped to
# [-1, 1]; its gradient is TF's ErfGrad, grad * 2/sqrt(pi) * exp(-x^2).
rs = np.random.RandomState(0)
x = np.concatenate([rs.uniform(-5, 5, 200), rs.uniform(-0.5, 0.5, 200),
                    [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, 3.9, 4.1]])
for dt in (tf.float32, tf.float16, tf.bfloat16):
    t = tf.constant(x, dt)
    y = tf.math.erf(t)
    print(dt.name, tf.cast(y, tf.float32).numpy()[::20].tolist(),
          float(tf.reduce_sum(tf.cast(y, tf.float64))))
    with tf.GradientTape() as g:
        g.watch(t)
        loss = tf.reduce_sum(tf.math.erf(t) * 3)
    print(tf.cast(g.gradient(loss, t), tf.float32).numpy()[::25].tolist())
    f = tf.function(tf.math.erf, autograph=False)
    print(bool(tf.reduce_all((f(t) == y) | tf.math.is_nan(tf.cast(y, tf.float32)))))
""")


_s("sin_cos_float32_are_eigens_and_glibcs", """
# TF's CPU Sin/Cos of float32: Eigen's psincos_float on whole packets of 8 (Cody-Waite
# reduction, Payne-Hanek from 25966 / 18838), glibc's sinf/cosf on the remaining ones;
# TF's gradients grad * cos(x) and -grad * sin(x); in a tf.function too.
rs = np.random.RandomState(1)
x = np.concatenate([rs.uniform(-5, 5, 300), rs.uniform(-1e5, 1e5, 100), rs.uniform(-1e9, 1e9, 20),
                    [0.0, -0.0, np.inf, np.nan, 1e-30, 3e38, 25966.0]]).astype(np.float32)
for n in (len(x), len(x) - 3):
    t = tf.constant(x[:n])
    s, c = tf.sin(t), tf.cos(t)
    print(n, s.numpy()[::13].tolist(), c.numpy()[::17].tolist())
    print(s.numpy()[-6:].tolist(), c.numpy()[-6:].tolist())
    with tf.GradientTape() as g:
        g.watch(t)
        y = tf.reduce_sum(tf.sin(t) * 2 + tf.cos(t) * 3)
    print(g.gradient(y, t).numpy()[:400:19].tolist())
    f = tf.function(lambda a: (tf.sin(a), tf.cos(a)), autograph=False)
    fs, fc = f(t)
    print(bool(tf.reduce_all((fs == s) | tf.math.is_nan(s))), bool(tf.reduce_all((fc == c) | tf.math.is_nan(c))))
""")

_s("reduce_logsumexp_is_tfs_composite", """
# TF's reduce_logsumexp: log(reduce_sum(exp(x - max))) + max with TF's own Exp, Sum and Log
# kernels; its float64 gradient (float32's goes through Reciprocal, CPU-dependent).
rs = np.random.RandomState(3)
for dt in (tf.float32, tf.float64):
    x = tf.constant(rs.normal(0, 3, (40, 100)), dt)
    print(tf.reduce_logsumexp(x, axis=1).numpy().tolist())
    print(tf.reduce_logsumexp(x, axis=0, keepdims=True).numpy()[0, ::7].tolist())
    print(tf.reduce_logsumexp(x).numpy().tolist())
    f = tf.function(lambda v: tf.reduce_logsumexp(v, axis=-1), autograph=False)
    print(f(x).numpy()[::9].tolist())
x = tf.constant(rs.normal(0, 3, (10, 30)))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(tf.reduce_logsumexp(x, axis=1) * tf.range(10, dtype=tf.float64))
print(t.gradient(y, x).numpy()[::3, ::4].tolist())
print(tf.reduce_logsumexp(tf.constant([[-np.inf, -np.inf], [np.inf, 1.0]]), axis=1).numpy().tolist())
""")

_s("float64_sigmoid_and_tanh_are_eigens", """
# TF's CPU Sigmoid and Tanh of float64 on whole packets of 4: Eigen's generic logistic
# (pexp_double, e / (1 + e), 1 where e is inf) and ptanh_double (a [19/18] rational
# approximation); their gradients (SigmoidGrad, TanhGrad), silu and log_sigmoid on them.
rs = np.random.RandomState(5)
x = tf.constant(rs.uniform(-30, 30, 1000))
w = tf.range(1000, dtype=tf.float64)
for f in (tf.sigmoid, tf.tanh, tf.nn.silu, tf.math.log_sigmoid):
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
        z = tf.reduce_sum(y * w)
    g = t.gradient(z, x)
    print(f.__name__, y.numpy()[::37].tolist(), g.numpy()[::41].tolist())
    print(bool(tf.reduce_all(tf.function(f, autograph=False)(x) == y)))
print(tf.sigmoid(tf.constant([-800.0, -40.0, 0.0, 40.0, 800.0, np.inf, -np.inf, np.nan],
                             tf.float64)).numpy().tolist())
print(tf.tanh(tf.constant([-800.0, -17.8, -1e-300, 0.0, 17.8, np.inf, -np.inf, np.nan],
                          tf.float64)).numpy().tolist())
""")
