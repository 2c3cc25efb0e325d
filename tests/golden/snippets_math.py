"""Golden snippets for tf.math and tf.bitwise (issue 4).

Each program sees only ``tf`` and ``np`` and prints what it checks (repr of results, so
value, dtype and shape; gradients from tf.GradientTape; ``Type message`` for errors).
``record.py -s math`` runs them under TF 2.21 and writes ``math.json``.
"""
from snippet_registry import Snippets

# Helpers every snippet gets: show(name, f, *xs) prints f(*xs) and its gradient w.r.t.
# each input (upstream gradient of ones); err(f) prints the result or the exception.
_PRELUDE = '''
def show(name, f, *xs):
    xs = [x if isinstance(x, tf.Tensor) else tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    print(name, repr(y))
    print("  grad", [None if g is None else g.numpy().tolist() for g in t.gradient(y, xs)])
def vals(t):
    # dtype, shape and values at full precision (repr's layout depends on the last ulp)
    return f"{t.dtype.name} {tuple(t.shape)} {t.numpy().tolist()}"
def err(f):
    try:
        print("ok", repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
'''


SNIPPETS = Snippets(prelude=_PRELUDE.lstrip())
_s = SNIPPETS.add


# ---------------------------------------------------------------------------
# elementwise unary

_UNARY_FLOAT = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cosh", "sinh", "expm1",
                "erf", "erfc", "erfinv", "erfcinv", "ndtri", "lgamma", "digamma", "rint",
                "log_sigmoid", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e",
                "is_nan", "is_inf", "is_finite", "reciprocal_no_nan", "ceil", "floor",
                "round", "sign", "reciprocal", "exp", "log", "sqrt", "rsqrt", "tan",
                "sigmoid", "abs", "square", "negative", "real", "imag", "conj", "angle"]

_s("unary_values_float32", f"""
x = tf.constant([[-2.5, -0.5, 0.0, 0.3], [0.5, 1.5, 2.5, 3.0]])
for n in {_UNARY_FLOAT}:
    print(n, vals(getattr(tf.math, n)(x)))
""")
_s("unary_values_float64_half_empty", f"""
x = tf.constant([-1.5, -0.25, 0.0, 0.75, 1.25], tf.float64)
for n in {_UNARY_FLOAT}:
    print(n, vals(getattr(tf.math, n)(x)))
h = tf.constant([-1.5, 0.5, 2.0], tf.float16)
for n in ["acosh", "expm1", "erf", "erfinv", "ndtri", "rint", "lgamma", "bessel_i1e", "is_nan",
          "reciprocal_no_nan", "sign", "real", "angle"]:
    err(lambda: vals(getattr(tf.math, n)(h)))
e = tf.zeros([0, 2])
for n in ["atanh", "erfc", "digamma", "is_inf", "floor", "imag"]:
    print(n, repr(getattr(tf.math, n)(e)))
err(lambda: tf.math.erfinv(tf.constant([0.5], tf.bfloat16)))
""")
_s("unary_special_points", """
x = tf.constant([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0])
for n in ["is_nan", "is_inf", "is_finite", "sign", "rint", "round", "reciprocal",
          "reciprocal_no_nan", "erfinv", "ndtri", "lgamma", "digamma", "acosh", "atanh",
          "log_sigmoid"]:
    print(n, vals(getattr(tf.math, n)(x)))
print(repr(tf.math.rint([0.5, 1.5, 2.5, -0.5, -1.5])), repr(tf.math.round([0.5, 1.5, -2.5])))
""")
_s("unary_int_and_complex", """
i = tf.constant([-3, 0, 4])
for n in ["abs", "sign", "negative", "square", "reciprocal", "round", "real", "imag",
          "conj", "is_nan", "rint", "ceil", "floor", "sqrt", "exp", "acos", "erf",
          "lgamma", "angle", "is_finite", "sinh", "expm1", "bessel_i0"]:
    err(lambda: getattr(tf.math, n)(i))
c = tf.constant([1 + 2j, -3 - 0.5j, 0j], tf.complex64)
for n in ["abs", "sign", "real", "imag", "conj", "angle", "exp", "log", "sqrt", "sinh",
          "acos", "atanh", "expm1", "reciprocal", "square", "negative", "is_nan", "erf",
          "rint", "floor"]:
    try:  # values unquoted: complex64 sinh/acos/expm1 may differ from glibc's by an ulp
        print("ok", vals(getattr(tf.math, n)(c)))
    except Exception as e:
        print(type(e).__name__, e)
c2 = tf.constant([1.5 - 1j], tf.complex128)
print(repr(tf.math.real(c2)), repr(tf.math.imag(c2)), repr(tf.math.angle(c2)),
      repr(tf.math.conj(c2)), repr(tf.math.abs(c2)))
print(repr(tf.math.real(2.5)), repr(tf.math.imag(tf.constant([1.0, 2.0]))),
      repr(tf.math.angle(tf.constant([-1.0, 2.0]))), repr(tf.math.conj(tf.constant([1, 2]))))
b = tf.constant([True, False])
for n in ["abs", "negative", "sign", "is_nan", "conj", "real", "logical_not"]:
    err(lambda: getattr(tf.math, n)(b))
""")
_s("complex_constructor", """
print(repr(tf.complex(1.0, 2.0)), repr(tf.complex(tf.constant([1.0], tf.float64), tf.constant(2.0, tf.float64))))
err(lambda: tf.complex(1, 2))
err(lambda: tf.complex(tf.constant(1.0), tf.constant(1.0, tf.float64)))
err(lambda: tf.complex(tf.ones([2]), tf.ones([3])))
show("complex_abs", lambda a, b: tf.abs(tf.complex(a, b)), [1.0, 2.0], [2.0, 0.0])
show("complex_real_imag", lambda a, b: tf.math.real(tf.complex(a, b)) * tf.math.imag(tf.complex(b, a)), [1.0, 2.0], [3.0, 0.5])
""")
_s("special_functions_are_tfs_kernels", """
# tf.math.special: TF's CPU kernels bit for bit (float32: Eigen's packet code on whole
# 8-element packets, its scalar code on the rest), in a tf.function too, with TF's gradients.
names = ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_k0", "bessel_k0e",
         "bessel_k1", "bessel_k1e", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
         "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"]
rs = np.random.RandomState(3)
tf.get_logger().setLevel("ERROR")   # (TF's J1/K1/Y1 gradients log a deprecation of its `div`)
for dtype in [tf.float32, tf.float64]:
    x = tf.constant(np.concatenate([rs.uniform(0.01, 12, 13), [17308.605, 0.5, 2.0, 8.0, 1.0]]), dtype)
    special = tf.constant([0.0, -0.0, -1.5, np.inf, -np.inf, np.nan, 1e-30, 700.0, 3e4], dtype)
    for n in names:
        f = getattr(tf.math.special, n)
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        print(n, vals(y), vals(t.gradient(y, x)))
        print("  special", vals(f(special)))
        print("  in tf.function", vals(tf.function(f)(x * tf.ones_like(x))))
tf.get_logger().setLevel("WARNING")
h = tf.constant([0.25, 1.5, 3.0, 6.0, 9.5, 0.75, 2.0, 4.0, 5.5, 7.25], tf.float16)
for n in names[:12]:
    print(n, vals(getattr(tf.math.special, n)(h)))
print(tf.math.special.bessel_i0 is tf.math.bessel_i0, tf.math.special.bessel_i1e is tf.math.bessel_i1e)
err(lambda: tf.math.special.bessel_k0(tf.constant([1.0], tf.bfloat16)))
err(lambda: tf.math.special.bessel_i0e(tf.constant([1.0], tf.bfloat16)))
err(lambda: tf.math.special.spence(tf.constant([1.0], tf.float16)))
""")
_s("reciprocal_and_exp_tails_are_tfs_kernels", """
# TF's float32 Reciprocal: whole 8-float packets by the CPU's rcpps and one Newton step,
# the tail by 1 / x; the gradients TF writes with reciprocal (Log, Log1p, Tan, Asin, Acos,
# Atan) use it. Eigen's exp: packets vectorised, the tail (size % 8 float32, % 4 float64)
# by glibc's expf / exp.
rs = np.random.RandomState(5)
x = tf.constant(rs.uniform(0.05, 0.95, 19).astype(np.float32))
print(vals(tf.math.reciprocal(x)), vals(tf.function(tf.math.reciprocal)(x)))
print(vals(tf.math.reciprocal(tf.cast(x * 9, tf.bfloat16))))
for n in ["log", "log1p", "tan", "asin", "acos", "atan"]:
    with tf.GradientTape() as t:
        t.watch(x)
        y = getattr(tf.math, n)(x)
    print(n, vals(t.gradient(y, x)))
e32 = tf.constant([0.5] * 8 + [9.695640563964844, 7.294543266296387, 8.873174667358398], tf.float32)
e64 = tf.constant([0.5] * 4 + [2.385419327013274, 2.4226766553858976, -6.311202687061694], tf.float64)
print(vals(tf.exp(e32)), vals(tf.exp(e64)))
print(vals(tf.nn.softmax(tf.reshape(e32[:10], [1, 10]))))
""")
_s("unary_gradients", """
x = tf.constant([0.2, 0.5, 0.9])
for n in ["acos", "asin", "atan", "asinh", "atanh", "cosh", "sinh", "expm1", "erf", "erfc",
          "erfinv", "erfcinv", "ndtri", "lgamma", "digamma", "log_sigmoid", "reciprocal",
          "reciprocal_no_nan", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e",
          "rint", "round", "floor", "ceil", "sign", "real", "imag", "conj",
          "angle", "square", "abs"]:
    if n.startswith("bessel_i1"):  # TF's gradient logs a deprecation of its own `div`
        tf.get_logger().setLevel("ERROR")
    show(n, getattr(tf.math, n), x)
    tf.get_logger().setLevel("WARNING")
show("acosh", tf.math.acosh, [1.5, 2.0, 4.0])
show("reciprocal_zero", lambda v: tf.math.reciprocal(v) * 0.0, [0.0, 2.0])
show("reciprocal_no_nan_zero", tf.math.reciprocal_no_nan, [0.0, 2.0])
show("log_sigmoid_far", tf.math.log_sigmoid, [-100.0, 100.0])
show("sign_f64", tf.math.sign, tf.constant([-1.0, 0.0, 2.0], tf.float64))
c = tf.constant([1 + 2j, -3 + 0.5j])
show("abs_c", tf.math.abs, c)
show("real_c", tf.math.real, c)
show("imag_c", tf.math.imag, c)
show("angle_c", tf.math.angle, c)
show("conj_c", tf.math.conj, c)
show("exp_c", tf.math.exp, c)
""")
_s("unary_names_and_top_level", """
for n in ["acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cosh", "sinh",
          "argmax", "argmin", "cumsum", "reduce_all", "reduce_any", "reduce_logsumexp",
          "scalar_mul", "sort", "argsort", "truncatediv", "truncatemod", "realdiv",
          "add_n", "floor", "sign", "round"]:
    print(n, hasattr(tf, n))
""")

# ---------------------------------------------------------------------------
# elementwise binary

_s("binary_values", """
x = tf.constant([[-2.0, -0.5, 0.0], [0.5, 1.0, 3.0]])
y = tf.constant([1.5, 0.0, -2.0])
for n in ["atan2", "xlogy", "xdivy", "xlog1py", "divide_no_nan", "multiply_no_nan",
          "squared_difference", "floordiv", "floormod", "truediv", "nextafter", "pow",
          "maximum", "minimum"]:
    print(n, repr(getattr(tf.math, n)(x, y)))
print(repr(tf.truncatediv(tf.constant([-7, 7, -8]), tf.constant([2, -2, 3]))))
print(repr(tf.truncatemod(tf.constant([-7, 7, -8]), tf.constant([2, -2, 3]))))
print(repr(tf.truncatemod(tf.constant([-7.5, 7.5]), 2.0)))
print(repr(tf.math.divide_no_nan(tf.constant([1.0, 2.0], tf.float64), tf.constant(0.0, tf.float64))))
print(repr(tf.math.divide_no_nan(tf.constant([3, 4]), tf.constant([0, 2]))))
print(repr(tf.math.xlogy(0.0, 0.0)), repr(tf.math.xdivy(0.0, 0.0)), repr(tf.math.xlog1py(0.0, -1.0)))
print(repr(tf.math.squared_difference(tf.constant([1, 5]), 3)))
print(repr(tf.math.squared_difference(tf.constant([1 + 1j]), tf.constant([2j]))))
print(repr(tf.math.igamma([0.5, 2.0, 3.0], [1.0, 1.5, 0.2])))
print(repr(tf.math.igammac([0.5, 2.0, 3.0], [1.0, 1.5, 0.2])))
print(repr(tf.math.zeta([2.0, 3.0, 4.5], [1.0, 2.0, 0.5])))
print(repr(tf.math.polygamma([0.0, 1.0, 2.0], [0.5, 1.5, 3.0])))
print(repr(tf.math.betainc([0.5, 2.0], [1.0, 3.0], [0.2, 0.7])))
print(repr(tf.math.lbeta([[1.0, 2.0], [0.5, 0.5]])), repr(tf.math.lbeta(tf.zeros([2, 0]))))
print(repr(tf.math.scalar_mul(2.0, tf.constant([1.0, 2.0]))), repr(tf.scalar_mul(3, tf.constant([1, 2]))))
print(repr(tf.math.atan2(tf.constant([1.0], tf.float64), tf.constant([-1.0], tf.float64))))
print(repr(tf.math.floordiv(tf.zeros([0, 3]), tf.ones([3]))))
""")
_s("binary_errors", """
err(lambda: tf.math.atan2(tf.constant([1, 2]), tf.constant([1, 2])))
err(lambda: tf.math.xlogy(tf.constant([1, 2]), tf.constant([1, 2])))
err(lambda: tf.math.divide_no_nan(tf.constant([1, 2], tf.int64), tf.constant([1, 2], tf.int64)))
err(lambda: tf.math.squared_difference(tf.constant([True]), tf.constant([True])))
err(lambda: tf.math.xdivy(tf.ones([2]), tf.ones([3])))
err(lambda: tf.math.atan2(tf.ones([2]), tf.ones([2], tf.float64)))
err(lambda: tf.math.nextafter(tf.ones([2], tf.float16), tf.ones([2], tf.float16)))
err(lambda: tf.math.igamma(tf.constant([1, 2]), tf.constant([1, 2])))
err(lambda: tf.math.floordiv(tf.constant([1, 2]), 0))
err(lambda: tf.math.floormod(tf.constant([1, 2]), 0))
err(lambda: tf.truncatediv(tf.constant([1, 2]), 0))
err(lambda: tf.math.multiply_no_nan(tf.constant([1, 2]), tf.constant([1, 2])))
err(lambda: tf.math.scalar_mul(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0])))
""")
_s("binary_gradients", """
x = tf.constant([0.0, 0.5, 2.0])
y = tf.constant([0.0, 1.5, -0.5])
for n in ["atan2", "xlogy", "xdivy", "xlog1py", "divide_no_nan", "multiply_no_nan",
          "squared_difference", "floordiv", "floormod", "nextafter"]:
    show(n, getattr(tf.math, n), x, y)
show("xlogy_pos", tf.math.xlogy, [0.0, 2.0], [3.0, 0.5])
show("xlogy_y0", tf.math.xlogy, [0.0, 2.0], [0.0, 0.0])
show("divide_no_nan_bcast", tf.math.divide_no_nan, [[1.0, 2.0]], [0.0])
show("squared_difference_bcast", tf.math.squared_difference, [[1.0, 2.0], [3.0, 4.0]], [0.5, 1.0])
show("igamma", tf.math.igamma, [0.5, 2.0], [1.0, 1.5])
show("igammac", tf.math.igammac, [0.5, 2.0], [1.0, 1.5])
show("zeta", tf.math.zeta, [2.0, 3.0], [1.0, 2.0])
show("polygamma", tf.math.polygamma, [0.0, 1.0], [0.5, 1.5])
show("betainc", tf.math.betainc, [0.5, 2.0], [1.0, 3.0], [0.2, 0.7])
show("lbeta", tf.math.lbeta, [[1.0, 2.0], [0.5, 3.0]])
show("scalar_mul", lambda a, b: tf.math.scalar_mul(a, b), 2.0, [1.0, 3.0])
show("pow", tf.math.pow, [0.0, 2.0, -1.0], [2.0, 0.0, 3.0])
""")
_s("comparisons_logical", """
x = tf.constant([[1, 2, 3], [4, 5, 6]])
y = tf.constant([2, 2, 7])
for n in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
    print(n, repr(getattr(tf.math, n)(x, y)))
f = tf.constant([np.nan, 1.0, -0.0])
print(repr(tf.math.equal(f, f)), repr(tf.math.not_equal(f, 0.0)), repr(tf.math.less(f, 2.0)))
print(repr(tf.math.equal(tf.constant([1 + 1j]), tf.constant([1 + 1j]))))
print(repr(tf.math.equal(tf.constant(["a", "b"]), "a")))
a = tf.constant([True, True, False, False])
b = tf.constant([True, False, True, False])
for n in ["logical_and", "logical_or", "logical_xor"]:
    print(n, repr(getattr(tf.math, n)(a, b)))
print(repr(tf.math.logical_not(a)), repr(tf.math.logical_and(tf.constant([[True], [False]]), a)))
err(lambda: tf.math.logical_and(tf.constant([1]), tf.constant([1])))
err(lambda: tf.math.less(tf.ones([2]), tf.ones([3])))
err(lambda: tf.math.less(tf.ones([2]), tf.ones([2], tf.float64)))
show("less_grad", tf.math.less, [1.0, 2.0], [2.0, 1.0])
show("equal_grad", tf.math.equal, [1.0, 2.0], [2.0, 2.0])
""")
_s("bitwise_ops", """
a = tf.constant([0, 5, -8, 127], tf.int8)
b = tf.constant([3, 1, 2, 7], tf.int8)
for n in ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]:
    print(n, repr(getattr(tf.bitwise, n)(a, b)))
print(repr(tf.bitwise.invert(a)), repr(tf.bitwise.invert(tf.constant([0, 255], tf.uint8))))
u = tf.constant([1, 128, 255], tf.uint8)
print(repr(tf.bitwise.left_shift(u, tf.constant([1, 1, 4], tf.uint8))))
print(repr(tf.bitwise.right_shift(u, tf.constant([1, 7, 9], tf.uint8))))
print(repr(tf.bitwise.left_shift(tf.constant([1, -1]), tf.constant([33, -1]))))
print(repr(tf.bitwise.right_shift(tf.constant([-16, 16], tf.int64), tf.constant([2, 70], tf.int64))))
print(repr(tf.bitwise.bitwise_and(tf.constant([[12], [10]]), tf.constant([6, 3]))))
for d in [tf.int16, tf.int32, tf.int64, tf.uint16, tf.uint32, tf.uint64]:
    print(repr(tf.bitwise.bitwise_xor(tf.constant([6, 9], d), tf.constant([3, 3], d))),
          repr(tf.bitwise.left_shift(tf.constant([6, 9], d), tf.constant([3, 3], d))))
err(lambda: tf.bitwise.left_shift(tf.constant([1.0]), tf.constant([1.0])))
err(lambda: tf.bitwise.right_shift(tf.constant([1]), tf.constant([1], tf.int64)))
err(lambda: tf.bitwise.bitwise_or(tf.constant([True]), tf.constant([True])))
err(lambda: tf.bitwise.invert(tf.constant([1.0])))
err(lambda: tf.bitwise.left_shift(tf.ones([2], tf.int32), tf.ones([3], tf.int32)))
print(repr(tf.constant([5, 6]) & 3), repr(tf.constant([True]) | False), repr(~tf.constant([1, -2])))
""")

# ---------------------------------------------------------------------------
# reductions

_s("reduce_logical", """
x = tf.constant([[True, False, True], [True, True, True]])
for f in [tf.reduce_all, tf.reduce_any, tf.math.reduce_all, tf.math.reduce_any]:
    print(repr(f(x)), repr(f(x, axis=1)), repr(f(x, axis=-2, keepdims=True)),
          repr(f(x, axis=[0, 1])))
print(repr(tf.reduce_all(tf.zeros([0], tf.bool))), repr(tf.reduce_any(tf.zeros([2, 0], tf.bool), axis=1)))
err(lambda: tf.reduce_all(tf.constant([1, 0])))
err(lambda: tf.reduce_any(x, axis=2))
err(lambda: tf.reduce_any(tf.constant([1.0])))
""")
_s("reduce_float", """
x = tf.constant([[1.0, 2.0, 4.0], [-1.0, 0.5, 3.0]])
for n in ["reduce_logsumexp", "reduce_std", "reduce_variance", "reduce_euclidean_norm",
          "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_sum"]:
    f = getattr(tf.math, n)
    print(n, repr(f(x)), repr(f(x, axis=-1, keepdims=True)), repr(f(tf.zeros([0, 2]), axis=0)))
print(repr(tf.reduce_logsumexp([1000.0, 1000.0])), repr(tf.reduce_logsumexp([-np.inf, -np.inf])),
      repr(tf.reduce_logsumexp([np.inf, 1.0])))
d = tf.constant([[1.0, 2.0], [3.0, 5.0]], tf.float64)
print(repr(tf.math.reduce_std(d, axis=1)), repr(tf.math.reduce_variance(d)),
      repr(tf.math.reduce_euclidean_norm(d, axis=0)), repr(tf.reduce_logsumexp(d, 1)))
i = tf.constant([[3, 4], [-6, 8]])
print(repr(tf.math.reduce_euclidean_norm(i)), repr(tf.math.reduce_euclidean_norm(i, axis=1)))
c = tf.constant([1 + 1j, 2 - 1j, -1j])
print(repr(tf.math.reduce_variance(c)), repr(tf.math.reduce_std(c)),
      repr(tf.math.reduce_euclidean_norm(c)))
print(repr(tf.math.reduce_variance(tf.constant([1.0, 2.0], tf.float16))))
err(lambda: tf.math.reduce_std(tf.constant([1, 2])))
err(lambda: tf.math.reduce_variance(tf.constant([1, 2])))
err(lambda: tf.math.reduce_logsumexp(tf.constant([1, 2])))
err(lambda: tf.math.reduce_euclidean_norm(tf.constant([True])))
err(lambda: tf.math.reduce_std(x, axis=3))
err(lambda: tf.math.reduce_logsumexp(x, axis=-3))
err(lambda: tf.math.reduce_max(tf.constant([1j])))
""")
_s("reduce_gradients", """
x = tf.constant([[1.0, 3.0, 3.0], [-1.0, 0.5, 2.0]])
show("logsumexp", tf.reduce_logsumexp, x)
show("logsumexp_axis", lambda v: tf.reduce_logsumexp(v, axis=0), x)
show("logsumexp_inf", tf.reduce_logsumexp, [-np.inf, -np.inf])
show("std", tf.math.reduce_std, x)
show("std_axis", lambda v: tf.math.reduce_std(v, axis=1, keepdims=True), x)
show("std_const", tf.math.reduce_std, [2.0, 2.0])
show("variance", lambda v: tf.math.reduce_variance(v, axis=0), x)
show("euclidean_norm", tf.math.reduce_euclidean_norm, x)
show("euclidean_norm_zero", tf.math.reduce_euclidean_norm, [0.0, 0.0])
show("max_ties", tf.reduce_max, x)
show("max_ties_axis", lambda v: tf.reduce_max(v, axis=1), x)
show("min_ties", tf.reduce_min, [[1.0, 1.0], [1.0, 2.0]])
show("prod_zero", tf.reduce_prod, [0.0, 2.0, 3.0])
show("prod_two_zeros", tf.reduce_prod, [0.0, 2.0, 0.0])
show("mean_axis", lambda v: tf.reduce_mean(v, axis=[-1]), x)
show("std_c", tf.math.reduce_std, tf.constant([1 + 1j, 2 - 1j]))
show("count_nonzero", tf.math.count_nonzero, x)
""")
_s("count_nonzero_values", """
x = tf.constant([[0, 1, 2], [0, 0, 3]])
print(repr(tf.math.count_nonzero(x)), repr(tf.math.count_nonzero(x, axis=0)),
      repr(tf.math.count_nonzero(x, axis=1, keepdims=True)),
      repr(tf.math.count_nonzero(x, dtype=tf.int32)),
      repr(tf.math.count_nonzero(tf.constant([0.0, np.nan, -0.0, 1.0]))),
      repr(tf.math.count_nonzero(tf.constant([True, False, True]))),
      repr(tf.math.count_nonzero(tf.zeros([0, 3]), axis=1)),
      repr(tf.math.count_nonzero(x, axis=-1, dtype=tf.float32)))
err(lambda: tf.math.count_nonzero(x, axis=2))
""")
_s("cumulative", """
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for ex in [False, True]:
    for rev in [False, True]:
        print(ex, rev, repr(tf.cumsum(x, axis=1, exclusive=ex, reverse=rev)),
              repr(tf.math.cumprod(x, axis=0, exclusive=ex, reverse=rev)),
              repr(tf.math.cumulative_logsumexp(x, axis=-1, exclusive=ex, reverse=rev)))
print(repr(tf.cumsum([1, 2, 3])), repr(tf.math.cumprod(tf.constant([1, 2, 3], tf.int64))),
      repr(tf.cumsum(tf.constant([1, 2], tf.uint8), exclusive=True)), repr(tf.cumsum(tf.zeros([0]))),
      repr(tf.math.cumsum(tf.constant([1 + 1j, 2j]))),
      repr(tf.math.cumulative_logsumexp(tf.constant([0.0, 1000.0, 0.0], tf.float64))))
err(lambda: tf.cumsum(x, axis=2))
err(lambda: tf.cumsum(2.0))
err(lambda: tf.cumsum(x, axis=-3))
err(lambda: tf.cumsum(tf.constant([True])))
err(lambda: tf.math.cumulative_logsumexp(tf.constant([1, 2])))
show("cumsum", lambda v: tf.cumsum(v, axis=1, exclusive=True, reverse=True), x)
show("cumprod", lambda v: tf.math.cumprod(v, axis=0), x)
show("cumprod_zero", lambda v: tf.math.cumprod(v, exclusive=True), [2.0, 0.0, 3.0])
show("cumulative_logsumexp", lambda v: tf.math.cumulative_logsumexp(v, reverse=True), [1.0, 2.0, 0.5])
""")
_s("argmax_argmin", """
x = tf.constant([[1.0, 5.0, 5.0], [7.0, -2.0, 7.0]])
print(repr(tf.argmax(x)), repr(tf.argmax(x, axis=1)), repr(tf.math.argmin(x, axis=-1)),
      repr(tf.argmin(x, 0, output_type=tf.int32)), repr(tf.argmax([3, 9, 9])),
      repr(tf.argmax(tf.constant([np.nan, 1.0, 2.0]))), repr(tf.argmin(tf.constant([2, 1], tf.uint8))),
      repr(tf.argmax(tf.constant([True, False, True]))),
      repr(tf.argmax(tf.zeros([2, 0]), axis=0)), repr(tf.argmax(tf.constant([1, 3]), output_type=tf.int16)))
err(lambda: tf.argmax(x, axis=2))
err(lambda: tf.argmax(5.0))
err(lambda: tf.argmax(tf.zeros([0, 2])))
err(lambda: tf.argmax(x, output_type=tf.float32))
err(lambda: tf.argmax(tf.constant([1j])))
show("argmax_grad", lambda v: tf.argmax(v), x)
""")

# ---------------------------------------------------------------------------
# sorting and top_k

_s("sort_argsort", """
x = tf.constant([[3.0, 1.0, 2.0, 1.0], [0.0, -1.0, 5.0, 5.0]])
print(repr(tf.sort(x)), repr(tf.sort(x, direction='DESCENDING')), repr(tf.sort(x, axis=0)))
print(repr(tf.argsort(x)), repr(tf.argsort(x, direction='DESCENDING', stable=True)),
      repr(tf.argsort(x, axis=0)))
print(repr(tf.sort([3, 1, 2])), repr(tf.argsort(tf.constant([2, 2, 1], tf.int64))),
      repr(tf.sort(tf.constant([np.nan, 1.0, -np.inf]))), repr(tf.sort(tf.zeros([0]))),
      repr(tf.sort(tf.constant([200, 3], tf.uint8), direction='DESCENDING')))
err(lambda: tf.sort(2.0))
err(lambda: tf.sort(x, direction='UP'))
err(lambda: tf.sort(x, axis=2))
err(lambda: tf.argsort(x, axis=-3))
err(lambda: tf.sort(tf.constant([True])))
show("sort_grad", lambda v: tf.sort(v, direction='DESCENDING'), x)
""")
_s("top_k_in_top_k", """
x = tf.constant([[1.0, 4.0, 4.0, 2.0], [9.0, -1.0, 0.0, 3.0]])
r = tf.math.top_k(x, k=2)
print(type(r).__name__, repr(r.values), repr(r.indices), r._fields)
v, i = tf.math.top_k(x, 3, sorted=True)
print(repr(v), repr(i))
print(repr(tf.math.top_k([3, 1, 2]).values), repr(tf.math.top_k(tf.constant([2, 2, 1], tf.int64), 2)))
print(repr(tf.math.top_k(x, 0)), repr(tf.math.top_k(x, k=2, index_type=tf.int64).indices))
err(lambda: tf.math.top_k(x, 5))
err(lambda: tf.math.top_k(x, -1))
err(lambda: tf.math.top_k(5.0))
show("top_k_grad", lambda v: tf.math.top_k(v, 2).values, x)
t = tf.constant([1, 2])
p = tf.constant([[0.1, 0.5, 0.5], [0.3, 0.3, 0.2]])
print(repr(tf.math.in_top_k(t, p, 1)), repr(tf.math.in_top_k(targets=t, predictions=p, k=2)),
      repr(tf.math.in_top_k(tf.constant([0, 1], tf.int64), p, 3)))
print(repr(tf.math.in_top_k(tf.constant([0, 5]), p, 1)))
err(lambda: tf.math.in_top_k(tf.constant([0]), p, 1))
err(lambda: tf.math.in_top_k(t, tf.constant([[1, 2], [3, 4]]), 1))
""")

# ---------------------------------------------------------------------------
# segments, bincount, confusion_matrix

_s("segment_ops", """
data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, -8.0]])
ids = tf.constant([0, 0, 2, 2])
for n in ["segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"]:
    print(n, repr(getattr(tf.math, n)(data, ids)))
print(repr(tf.math.segment_sum(tf.constant([1, 2, 3]), tf.constant([0, 1, 1], tf.int64))),
      repr(tf.math.segment_max(tf.constant([1, 2, 3]), [0, 0, 3])),
      repr(tf.math.segment_mean(tf.constant([1, 2, 4]), [0, 0, 1])),
      repr(tf.math.segment_sum(tf.zeros([0, 2]), tf.zeros([0], tf.int32))))
err(lambda: tf.math.segment_sum(data, [1, 0, 2, 2]))
err(lambda: tf.math.segment_sum(data, [0, 1]))
err(lambda: tf.math.segment_sum(data, [-1, 0, 0, 0]))
err(lambda: tf.math.segment_sum(data, tf.constant([0, 0, 1, 1.0])))
for n in ["segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"]:
    show(n, lambda d: getattr(tf.math, n)(d, ids), data)
""")
_s("unsorted_segment_ops", """
data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, -8.0]])
ids = tf.constant([2, 0, 2, -1])
for n in ["unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
          "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n"]:
    print(n, repr(getattr(tf.math, n)(data, ids, 4)))
print(repr(tf.math.unsorted_segment_sum(tf.constant([1, 2, 3]), tf.constant([1, 1, 0], tf.int64), 2)),
      repr(tf.math.unsorted_segment_max(tf.constant([1, 2, 3]), [0, 0, 2], num_segments=3)),
      repr(tf.math.unsorted_segment_sum(data, ids, tf.constant(3))),
      repr(tf.math.unsorted_segment_min(tf.constant([1, 2], tf.uint8), [1, 1], 2)),
      repr(tf.math.unsorted_segment_sum(tf.constant([[1, 2], [3, 4]]), tf.constant([[0, 1], [1, 1]]), 2)))
ids2 = tf.constant([[0, 1], [1, 0], [2, -1], [0, 0]])   # segment ids of data's leading dims
cube = tf.reshape(tf.range(24.0), [2, 3, 4])
for n in ["unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
          "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n"]:
    print(n, repr(getattr(tf.math, n)(data, ids2, tf.constant(3))),
          repr(getattr(tf.math, n)(cube, tf.constant([[0, 1, 1], [2, 0, -1]]), 4)))
err(lambda: tf.math.unsorted_segment_sum(data, tf.constant([[0, 1], [1, 0]]), tf.constant(3)))
err(lambda: tf.math.unsorted_segment_sum(data, tf.constant([[0, 1], [1, 3], [0, 0], [0, 0]]), 3))
err(lambda: tf.math.unsorted_segment_sum(data, [[0, 1], [1, 3], [0, 0], [0, 0]], 3))
err(lambda: tf.math.unsorted_segment_sum(data, [0, 5, 0, 0], 3))
err(lambda: tf.math.unsorted_segment_sum(data, [0, 1], 3))
err(lambda: tf.math.unsorted_segment_sum(data, ids, -1))
for n in ["unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
          "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n"]:
    show(n, lambda d: getattr(tf.math, n)(d, ids, 3), data)
show("unsorted_segment_max_ties", lambda d: tf.math.unsorted_segment_max(d, [0, 0, 1], 2), [2.0, 2.0, 1.0])
""")
_s("bincount_confusion", """
x = tf.constant([1, 1, 3, 0, 3, 3])
print(repr(tf.math.bincount(x)), repr(tf.math.bincount(x, minlength=6)),
      repr(tf.math.bincount(x, maxlength=2)), repr(tf.math.bincount(x, weights=tf.constant([0.5, 1, 2, 3, 4, 5.0]))),
      repr(tf.math.bincount(x, dtype=tf.float64)), repr(tf.math.bincount(tf.zeros([0], tf.int32))),
      repr(tf.math.bincount(tf.constant([[1, 2], [2, 0]]))),
      repr(tf.math.bincount(tf.constant([[1, 2], [2, 0]]), axis=-1)),
      repr(tf.math.bincount(x, binary_output=True)),
      repr(tf.math.bincount(x, minlength=2, maxlength=3)))
err(lambda: tf.math.bincount(tf.constant([1, -1])))
err(lambda: tf.math.bincount(tf.constant([1.0])))
print(repr(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4])))
print(repr(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=6, dtype=tf.float32)))
print(repr(tf.math.confusion_matrix(tf.constant([0, 1], tf.int64), [1, 1], weights=tf.constant([2, 3]))))
err(lambda: tf.math.confusion_matrix([1, 2], [2, 2, 4]))
err(lambda: tf.math.confusion_matrix([1, -2], [2, 2]))
err(lambda: tf.math.confusion_matrix([1, 5], [2, 2], num_classes=3))
""")
_s("add_n_accumulate_polyval", """
a = tf.constant([1.0, 2.0])
print(repr(tf.add_n([a, a, a])), repr(tf.math.add_n([tf.constant([[1, 2]])])),
      repr(tf.math.add_n([1.0, 2.0])),
      repr(tf.math.add_n([tf.constant([1.0]), tf.constant([2.0])])))
err(lambda: tf.math.add_n([tf.constant([1]), 2]))
err(lambda: tf.add_n([a, tf.constant([1.0], tf.float64)]))
err(lambda: tf.add_n([a, tf.ones([3])]))
err(lambda: tf.add_n([]))
show("add_n", lambda u, v: tf.add_n([u, v, u]), [1.0, 2.0], [3.0, 4.0])
tf.get_logger().setLevel("ERROR")  # TF logs its deprecation of accumulate_n
print(repr(tf.math.accumulate_n([a, a * 2])))
err(lambda: tf.math.accumulate_n([a, tf.ones([3])]))
show("accumulate_n", lambda u, v: tf.math.accumulate_n([u, v, v]), [1.0, 2.0], [3.0, 4.0])
tf.get_logger().setLevel("WARNING")
x = tf.constant([[0.5, 2.0], [-1.0, 3.0]])
print(repr(tf.math.polyval([1.0, -2.0, 3.0], x)), repr(tf.math.polyval([], x)),
      repr(tf.math.polyval([tf.constant(2), 3], tf.constant([1, 2]))), repr(tf.math.polyval([4.0], 2.0)))
err(lambda: tf.math.polyval((1.0, 2.0), x))
show("polyval", lambda c0, c1, v: tf.math.polyval([c0, c1, 1.0], v), 2.0, -1.0, [0.5, 2.0])
""")
_s("misc_math", """
print(repr(tf.math.invert_permutation([2, 0, 1])), repr(tf.math.invert_permutation(tf.constant([1, 0], tf.int64))))
err(lambda: tf.math.invert_permutation([0, 0]))
print(repr(tf.math.is_non_decreasing([1, 2, 2])), repr(tf.math.is_strictly_increasing([1, 2, 2])),
      repr(tf.math.is_non_decreasing(tf.zeros([0]))), repr(tf.math.is_strictly_increasing([[1.0, 2.0], [3.0, 4.0]])))
print(repr(tf.math.zero_fraction([0.0, 1.0, 0.0, 2.0])), repr(tf.math.zero_fraction(tf.constant([[0, 1]]))))
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'binary_gradients': Tolerance(_SUM, rtol=5e-06),
    'binary_values': Tolerance(_KERN, rtol=5e-07),
    'cumulative': Tolerance(_SUM, rtol=1e-07),
    'reduce_gradients': Tolerance(_SUM, rtol=2e-07),
    'unary_gradients': Tolerance(_KERN + '; ' + _F64, rtol=1e-05, float64_ulps=1),
    'unary_int_and_complex': Tolerance(_KERN, rtol=2e-07),
    'unary_special_points': Tolerance(_KERN, rtol=1e-07),
    'unary_values_float32': Tolerance(_KERN, rtol=5e-06),
    'unary_values_float64_half_empty': Tolerance(_KERN + '; ' + _F64, rtol=1e-07, float64_ulps=13),
}

_s("divide_no_nan_broadcast_exact", """
a = tf.constant([[10.5, 13.0, 15.5], [1.0, 0.3, 7.7]])
b = tf.constant([[2.5], [0.0]])
print(tf.math.divide_no_nan(a, b).numpy().tolist(), tf.math.divide_no_nan(a, 2.5).numpy().tolist())
print(tf.function(tf.math.divide_no_nan)(a, b).numpy().tolist())
print(tf.math.divide_no_nan(tf.constant([1.0, 2.0], tf.float64), tf.constant(3.0, tf.float64)).numpy().tolist())
""")

_s("exact_sqrt_abs_mean_variance", """
# Bit-exact without a tolerance: complex128 abs (glibc's hypot), float64 rsqrt (1 / sqrt),
# Sqrt/Rsqrt gradients (Eigen's packet formula on whole packets, its scalar one on the
# rest), reduce_mean (the sum divided by the count) and reduce_variance/std (TF's ops).
z = tf.complex(tf.constant(np.linspace(-3.0, 2.5, 13)), tf.constant(np.linspace(0.5, -4.0, 13) ** 3))
print(tf.abs(z).numpy().tolist())
print(tf.math.rsqrt(tf.constant(np.linspace(0.1, 7.0, 11))).numpy().tolist())
for dt in [tf.float32, tf.float64]:
    x = tf.constant(np.linspace(0.3, 9.7, 11), dt)
    up = tf.constant(np.linspace(-2.0, 3.1, 11), dt)
    def grads(x, up):
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            s, r = tf.sqrt(x), tf.math.rsqrt(x)
        return t.gradient(s, x, output_gradients=up), t.gradient(r, x, output_gradients=up)
    # (float32 rsqrt itself is Eigen's hardware approximation, so only its float64 gradient)
    for g in (grads(x, up) + tf.function(grads)(x, up))[::1 if dt == tf.float64 else 2]:
        print(g.dtype.name, g.numpy().tolist())
m = tf.constant([[0.25, 0.0, 4.0], [1.0, 4.0, 0.25], [0.1, 0.7, 0.3]])
print(tf.reduce_mean(m, axis=-1).numpy().tolist(), tf.reduce_mean(m, axis=0).numpy().tolist())
print(tf.math.reduce_variance(m, axis=1).numpy().tolist(), tf.math.reduce_std(m).numpy().tolist())
c = tf.constant([1 + 1j, 2 - 1j, -0.5 + 3j])
with tf.GradientTape() as t:
    t.watch(c)
    s = tf.math.reduce_std(c)
print(s.numpy().tolist(), t.gradient(s, c).numpy().tolist())
with tf.GradientTape() as t:
    t.watch(c)
    a = tf.abs(c)
print(a.numpy().tolist(), t.gradient(a, c).numpy().tolist())
""")

_s("operands_by_tfs_keyword_names", r"""
print(tf.atan2(y=1.0, x=2.0).numpy(), tf.math.atan2(tf.constant(1.0), x=tf.constant(2.0)).numpy())
print(tf.math.igamma(a=2.0, x=1.0).numpy(), tf.math.igammac(x=1.0, a=2.0).numpy())
print(tf.math.nextafter(x1=1.0, x2=2.0).numpy(), tf.math.conj(x=tf.constant(1 + 2j)).numpy())
print(tf.debugging.assert_rank_in(tf.zeros([2]), ranks=[1, 2]))
try:
    tf.debugging.assert_none_equal(tf.constant([1, 2, 3, 4]), tf.constant([1, 2, 3, 4]), 2, "msg")
except tf.errors.InvalidArgumentError as e:
    print(e.message)
import inspect
for f in (tf.atan2, tf.math.igamma, tf.math.igammac, tf.math.nextafter, tf.math.conj,
          tf.debugging.assert_none_equal, tf.debugging.assert_rank_in):
    print([p for p in inspect.signature(f).parameters])
""")
