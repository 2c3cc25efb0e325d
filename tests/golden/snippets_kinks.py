"""Golden snippets: TF's gradient conventions at ties and kinks (tf_semantics.md A.16):
maximum/minimum and clip_by_value at ties, abs/relu/sign at zero, reduce_max/min ties,
max_pool ties, tf.where with NaN branches, singular points (sqrt, rsqrt, log, pow at
zero), norms, xlogy/xdivy, softmax/logsumexp ties, integer divisions."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# GradientTape: TF's conventions at ties and kinks (A.16)

_s("kink_maximum_minimum_ties", """
x = tf.constant(2.0)
y = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    a = tf.maximum(x, y)
    b = tf.minimum(x, y)
print(g.gradient(a, [x, y]), g.gradient(b, [x, y]))
""")
_s("kink_maximum_vector_ties_broadcast", """
x = tf.constant([-1.0, 0.0, 2.0])
z = tf.constant(0.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, z])
    a = tf.maximum(x, z)
    b = tf.minimum(x, z)
print(g.gradient(a, [x, z])); print(g.gradient(b, [x, z]))
""")
_s("kink_maximum_minimum_nan_gradients", """
for a, b in [(float("nan"), 1.0), (1.0, float("nan")), (float("nan"), float("nan"))]:
    for dtype in (tf.float32, tf.float64):
        x = tf.constant([a] * 10, dtype)
        y = tf.constant([b] * 10, dtype)
        with tf.GradientTape(persistent=True) as g:
            g.watch([x, y])
            m = tf.maximum(x, y)
            n = tf.minimum(x, y)
        print(m.numpy()[[0, 9]], n.numpy()[[0, 9]], [d.numpy()[[0, 9]] for d in g.gradient(m, [x, y])],
              [d.numpy()[[0, 9]] for d in g.gradient(n, [x, y])])
""")
_s("maximum_minimum_signed_zero_ties", """
def signs(t):
    return "".join("-" if np.signbit(v) else "+" for v in np.asarray(t).ravel())
@tf.function
def f(a, b):
    return tf.maximum(a, b), tf.minimum(a, b)
for dtype in (tf.float32, tf.float64, tf.float16):
    for n in (1, 3, 4, 7, 8, 9, 17, 33):
        x = tf.constant([-0.0] * n, dtype)
        z = tf.zeros([n], dtype)
        print(dtype.name, n, signs(tf.maximum(x, z)), signs(tf.maximum(z, x)), signs(tf.minimum(x, z)),
              signs(tf.minimum(z, x)), signs(tf.maximum(x, 0.0)), signs(tf.minimum(0.0, x)))
for n in (9, 33):
    print([signs(t) for t in f(tf.constant([-0.0] * n), tf.zeros([n]))])
x = tf.constant([[-0.0] * 5] * 3)
print(signs(tf.maximum(x, tf.zeros([5]))), signs(tf.maximum(tf.zeros([3, 1]), x)),
      signs(tf.clip_by_value(x, 0.0, 1.0)), signs(tf.clip_by_value(-x, -1.0, np.float32(-0.0))))
""")
_s("signed_zero_scalar_cache_and_reductions", """
def signs(t):
    return "".join("-" if np.signbit(v) else "+" for v in np.asarray(t).ravel())
print(signs(tf.constant(0.0)), signs(tf.constant(-0.0)), signs(tf.constant(-0.0, tf.float64)))
x = tf.constant(np.array([-0.0, 0.0, -0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0], np.float32))
print(signs(tf.reduce_max(x)), signs(tf.reduce_min(x)), signs(tf.reduce_max(x[:3])), signs(tf.reduce_min(x[1:4])))
""")
_s("kink_clip_by_value_bounds", """
x = tf.constant([-0.5, 0.0, 0.5, 1.0, 1.5])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.clip_by_value(x, 0.0, 1.0)
print(g.gradient(y, x))
""")
_s("kink_clip_by_value_bound_gradients", """
x = tf.constant([-0.5, 0.0, 0.5, 1.0, 1.5])
lo = tf.constant(0.0)
hi = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch([x, lo, hi])
    y = tf.clip_by_value(x, lo, hi)
print(g.gradient(y, [x, lo, hi]))
""")
_s("kink_abs_at_zero", """
x = tf.constant([-2.0, 0.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.abs(x)
print(g.gradient(y, x))
""")
_s("kink_relu_at_zero", """
x = tf.constant([-1.0, 0.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.nn.relu(x)
print(g.gradient(y, x))
""")
_s("kink_reduce_max_ties", """
x = tf.constant([1.0, 3.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_max(x)
print(g.gradient(y, x))
""")
_s("kink_reduce_min_ties_axis", """
x = tf.constant([[1.0, 1.0, 2.0], [0.0, 5.0, 0.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_min(x, axis=1) * tf.constant([1.0, 10.0])
print(g.gradient(y, x))
""")
_s("kink_reduce_max_all_equal", """
x = tf.constant([[2.0, 2.0], [2.0, 2.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_max(x)
print(g.gradient(y, x))
""")
_s("kink_where_sqrt_rsqrt_zero_upstream", """
x = tf.constant([0.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.where(x > 0, tf.sqrt(x), 0.0)
    b = tf.where(x > 0, tf.math.rsqrt(x), 0.0)
print(g.gradient(a, x), g.gradient(b, x))
""")
_s("kink_where_log_pow_nan", """
x = tf.constant([0.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.where(x > 0, tf.math.log(x), 0.0)
    b = tf.where(x > 0, x ** 0.5, 0.0)
    c = tf.where(x > 0, 1.0 / x, 0.0)
print(g.gradient(a, x), g.gradient(b, x), g.gradient(c, x))
""")
_s("kink_singularities_direct", """
x = tf.constant([0.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.sqrt(x)
    b = tf.math.rsqrt(x)
    c = tf.math.log(x)
    d = x ** 0.5
    e = x ** 0.0
print(g.gradient(a, x), g.gradient(b, x), g.gradient(c, x), g.gradient(d, x), g.gradient(e, x))
""")
_s("kink_pow_base_zero_and_negative", """
x = tf.constant([0.0, -2.0, 2.0])
y = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch([x, y])
    z = tf.reduce_sum(tf.pow(x, y))
print(g.gradient(z, [x, y]))
""")
_s("kink_reduce_prod_with_zero", """
x = tf.constant([2.0, 0.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_prod(x)
print(g.gradient(y, x))
""")
# ---------------------------------------------------------------------------
# TF's conventions at ties and kinks (A.16)

_s("conv_maximum_minimum_ties", """
x = tf.constant([1.0, 2.0, 3.0])
y = tf.constant([1.0, 1.0, 3.0])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    mx = tf.maximum(x, y)
    mn = tf.minimum(x, y)
print(g.gradient(mx, [x, y]))
print(g.gradient(mn, [x, y]))
""")
_s("conv_maximum_scalar_tie", """
x = tf.constant(2.0)
y = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    a = tf.maximum(x, y)
    b = tf.maximum(y, x)
    c = tf.minimum(y, x)
print(g.gradient(a, [x, y]), g.gradient(b, [x, y]), g.gradient(c, [x, y]))
""")
_s("conv_maximum_broadcast", """
x = tf.constant([[0.0, 1.0], [2.0, -1.0]])
with tf.GradientTape() as g:
    g.watch(x)
    zero = tf.constant(0.0)
    g.watch(zero)
    y = tf.maximum(x, zero)
print(g.gradient(y, [x, zero]))
""")
_s("conv_clip_by_value_bounds", """
x = tf.constant([-1.0, 0.0, 0.5, 1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.clip_by_value(x, 0.0, 1.0)
print(repr(y))
print(repr(g.gradient(y, x)))
""")
_s("conv_clip_by_value_tensor_bounds", """
x = tf.constant([-1.0, 0.0, 0.5, 1.0, 2.0])
lo = tf.constant(0.0)
hi = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch([x, lo, hi])
    y = tf.clip_by_value(x, lo, hi)
print(g.gradient(y, [x, lo, hi]))
""")
_s("conv_abs_sign_at_zero", """
x = tf.constant([-2.0, 0.0, 3.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.abs(x)
    s = tf.sign(x)
print(repr(g.gradient(a, x)))
print(repr(g.gradient(s, x)))
""")
_s("conv_relu_family_kinks", """
x = tf.constant([-1.0, 0.0, 3.0, 6.0, 7.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    ys = {'relu': tf.nn.relu(x), 'relu6': tf.nn.relu6(x),
          'leaky_relu': tf.nn.leaky_relu(x), 'leaky_relu_0.1': tf.nn.leaky_relu(x, alpha=0.1),
          'elu': tf.nn.elu(x), 'selu': tf.nn.selu(x), 'softplus': tf.nn.softplus(x)}
for k, y in ys.items():
    print(k, repr(g.gradient(y, x)))
print(repr(tf.nn.leaky_relu(tf.constant([-1.0, 0.0, 2.0]))))
""")
_s("conv_reduce_max_min_ties", """
x = tf.constant([1.0, 3.0, 3.0])
x2 = tf.constant([2.0, 1.0, 1.0, 1.0])
m = tf.constant([[1.0, 2.0, 2.0], [5.0, 5.0, 5.0]])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, x2, m])
    a = tf.reduce_max(x)
    b = tf.reduce_min(x2)
    c = tf.reduce_max(m, axis=1)
    d = tf.reduce_min(m, axis=0)
print(repr(g.gradient(a, x)))
print(repr(g.gradient(b, x2)))
print(repr(g.gradient(c, m)))
print(repr(g.gradient(d, m)))
""")
_s("conv_max_pool_ties", """
x = tf.ones([1, 2, 2, 1])
x4 = tf.constant(np.array([1, 3, 3, 2, 0, 3, 1, 1, 2, 2, 2, 2, 0, 0, 1, 1],
                          np.float32).reshape(1, 4, 4, 1))
with tf.GradientTape(persistent=True) as g:
    g.watch([x, x4])
    y = tf.nn.max_pool2d(x, ksize=2, strides=2, padding='VALID')
    y4 = tf.nn.max_pool2d(x4, ksize=2, strides=2, padding='VALID')
print(repr(y))
print(g.gradient(y, x).numpy().reshape(2, 2))
print(g.gradient(y4, x4).numpy().reshape(4, 4))
""")
_s("conv_no_gradient_ops", """
x = tf.constant([1.4, -2.6, 3.5])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    ys = [tf.round(x), tf.floor(x), tf.math.ceil(x), x // 1.0, tf.math.floordiv(x, 2.0),
          tf.cast(tf.argmax(x), tf.float32), tf.cast(tf.equal(x, 1.4), tf.float32),
          tf.cast(tf.cast(x, tf.int32), tf.float32)]
for y in ys:
    print(g.gradient(y, x))
print(repr(g.gradient(ys[0], x, unconnected_gradients='zero')))
""")
_s("conv_sign_mod_gradients", """
x = tf.constant([1.5, -2.5])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.sign(x) * 3.0
    b = x % 1.0
    c = tf.math.floormod(x, 2.0)
print(repr(g.gradient(a, x)), repr(g.gradient(b, x)), repr(g.gradient(c, x)))
""")
_s("conv_cast_to_int_target", """
x = tf.constant([1.5, 2.5])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    i = tf.cast(x, tf.int32) * 2
    f = tf.cast(tf.cast(x, tf.int32), tf.float32) + x * 2.0
    h = tf.cast(x, tf.float64) * 2.0
print(g.gradient(i, x))
print(repr(g.gradient(f, x)))
print(repr(g.gradient(h, x)))
""")
_s("conv_where_nan_variants", """
x = tf.constant([0.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    z = tf.zeros_like(x)
    ys = {'sqrt': tf.where(x > 0, tf.sqrt(x), z),
          'rsqrt': tf.where(x > 0, tf.math.rsqrt(x), z),
          'reciprocal': tf.where(x > 0, tf.math.reciprocal(x), z),
          'div_no_nan': tf.where(x > 0, tf.math.divide_no_nan(1.0, x), z),
          'log': tf.where(x > 0, tf.math.log(x), z),
          'one_over_x': tf.where(x > 0, 1.0 / x, z),
          'pow_half': tf.where(x > 0, x ** 0.5, z)}
for k, y in ys.items():
    print(k, repr(y), repr(g.gradient(y, x)))
""")
_s("conv_singular_points", """
x = tf.constant(0.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    ys = {'sqrt': tf.sqrt(x), 'pow_half': x ** 0.5, 'log': tf.math.log(x),
          'pow_zero': x ** 0.0, 'one_over_x': 1.0 / x, 'rsqrt': tf.math.rsqrt(x),
          'reciprocal': tf.math.reciprocal(x), 'xlogy': tf.math.xlogy(x, x),
          'xlog1py': tf.math.xlog1py(x, x), 'div_no_nan': tf.math.divide_no_nan(1.0, x)}
for k, y in ys.items():
    print(k, repr(y), repr(g.gradient(y, x)))
""")
_s("conv_norm_at_zero", """
x = tf.constant([0.0, 0.0])
v = tf.constant([3.0, 4.0])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, v])
    n0 = tf.norm(x)
    n1 = tf.norm(v)
    e0 = tf.linalg.norm(x, ord='euclidean')
    l1 = tf.norm(x, ord=1)
print(repr(n0), repr(g.gradient(n0, x)))
print(repr(n1), repr(g.gradient(n1, v)))
print(repr(g.gradient(e0, x)))
print(repr(g.gradient(l1, x)))
""")
_s("conv_xlogy_xdivy", """
x = tf.constant([0.0, 2.0])
y = tf.constant([0.0, 3.0])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    a = tf.math.xlogy(x, y)
    b = tf.math.xdivy(x, y)
print(repr(a), g.gradient(a, [x, y]))
print(repr(b), g.gradient(b, [x, y]))
""")
_s("conv_pow_special_cases", """
x = tf.constant([0.0, 2.0, -2.0])
p = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, p])
    a = x ** 2.0
    b = x ** p
    c = tf.pow(x, 3.0)
    d = x ** 0.0
print(repr(g.gradient(a, x)))
print(g.gradient(b, [x, p]))
print(repr(g.gradient(c, x)))
print(repr(g.gradient(d, x)))
""")
_s("conv_sqrt_square_chain_at_zero", """
x = tf.constant([0.0, 3.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.sqrt(tf.square(x))
print(repr(g.gradient(y, x)))
""")
_s("conv_softmax_and_logsumexp_ties", """
x = tf.constant([1.0, 1.0, 1.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    s = tf.nn.softmax(x)[0]
    l = tf.reduce_logsumexp(x)
print(repr(g.gradient(s, x)))
print(repr(g.gradient(l, x)))
""")
_s("conv_integer_divisions", """
x = tf.constant([7.0, -7.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = x / 2.0
    b = tf.math.truediv(x, 4.0)
    c = tf.truncatediv(tf.cast(x, tf.int32), 2)
    d = tf.math.floordiv(x, 2.0)
print(repr(g.gradient(a, x)), repr(g.gradient(b, x)))
print(g.gradient(c, x), g.gradient(d, x))
""")


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("kink_maximum_minimum_ties", "kink_maximum_minimum_ties", "kink_maximum_vector_ties_broadcast"),
    ("kink_clip_by_value_bounds", "kink_clip_by_value_bounds", "kink_clip_by_value_bound_gradients"),
    ("kink_abs_relu_at_zero", "kink_abs_at_zero", "kink_relu_at_zero"),
    ("kink_reduce_ties", "kink_reduce_max_ties", "kink_reduce_min_ties_axis", "kink_reduce_max_all_equal"),
    ("kink_pow_prod_zero", "kink_pow_base_zero_and_negative", "kink_reduce_prod_with_zero"),
]:
    SNIPPETS.merge(_new, *_old)
del _new, _old

SNIPPETS.check_compiles()


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_CONV = "float32 convolution: oneDNN's summation order depends on the CPU, XLA's is its own"

TOLERANCE = {
    'conv_relu_family_kinks': Tolerance(_CONV, rtol=1e-07),
    'conv_softmax_and_logsumexp_ties': Tolerance(_CONV, rtol=1e-07),
}
