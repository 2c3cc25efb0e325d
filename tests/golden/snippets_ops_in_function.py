"""Golden snippets: ops inside tf.function with their inputs passed as tensor arguments
(traced, not constants): values, TF's run-time value checks (raised when the function
runs), gradients, and arguments that stay static (trace-time constants)."""
from snippet_registry import Snippets

# Each snippet runs `fn` eagerly and as a tf.function with the same tensor arguments.
# Graph-mode messages carry node names, so errors print their class and the kernel's text.
_PRELUDE = '''
import re

def show(r):
    if isinstance(r, (list, tuple)):
        for x in r:
            show(x)
    else:
        print(r)

def err(e):
    text = re.split(r"\\n\\t \\[\\[| \\[Op:", str(e))[0].split("\\n\\n")[-1]
    text = re.sub(r"^\\{\\{function_node [^}]*\\}\\} ", "", text.strip())
    print(type(e).__name__, text.splitlines()[-1] if text else "")

def both(name, fn, *args):
    for mode, f in (("eager", fn), ("function", tf.function(fn, autograph=False))):
        print(name, mode)
        try:
            show(f(*args))
        except Exception as e:
            err(e)
'''


SNIPPETS = Snippets()
_add = SNIPPETS.adder(_PRELUDE, verbatim=True)


_add("integer_division_and_pow", """
x = tf.constant([7, -8, 9])
both("floordiv", lambda a, b: a // b, x, tf.constant([2, 3, -4]))
both("floordiv0", lambda a, b: a // b, x, tf.constant([2, 0, 1]))
both("mod", lambda a, b: a % b, x, tf.constant([2, 3, -4]))
both("mod0", lambda a, b: tf.math.floormod(a, b), x, tf.constant([0, 3, 1]))
both("truncatediv", lambda a, b: tf.truncatediv(a, b), x, tf.constant([2, 3, -4]))
both("truncatediv0", lambda a, b: tf.truncatediv(a, b), x, tf.constant([2, 0, 1]))
both("truncatemod0", lambda a, b: tf.truncatemod(a, b), x, tf.constant([2, 0, 1]))
both("int64", lambda a, b: a // b, tf.constant([7, 8], tf.int64), tf.constant([0, 1], tf.int64))
both("float_div0", lambda a, b: a // b, tf.constant([7., 8.]), tf.constant([2., 0.]))
both("pow", lambda a, b: a ** b, tf.constant([2, 3, 4]), tf.constant([3, 2, 0]))
both("pow_negative", lambda a, b: a ** b, tf.constant([2, 3]), tf.constant([2, -1]))
both("pow_float", lambda a, b: tf.pow(a, b), tf.constant([2., 4.]), tf.constant([-1., 0.5]))
""")

_add("unused_checked_result_is_pruned", """
@tf.function
def f(a, b):
    unused = a // b
    return a + 1
print(f(tf.constant([1, 2]), tf.constant([0, 0])))

@tf.function
def g(a, b):
    used = a // b
    return used + 1
try:
    print(g(tf.constant([1, 2]), tf.constant([0, 1])))
except Exception as e:
    err(e)
print(g(tf.constant([4, 2]), tf.constant([2, 1])))
""")

_add("unsorted_segments", """
data = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
ids = tf.constant([0, 2, 0])
both("sum", lambda d, i: tf.math.unsorted_segment_sum(d, i, 3), data, ids)
both("max", lambda d, i: tf.math.unsorted_segment_max(d, i, 3), data, ids)
both("mean", lambda d, i: tf.math.unsorted_segment_mean(d, i, 3), data, ids)
both("prod", lambda d, i: tf.math.unsorted_segment_prod(d, i, 4), data, ids)
both("sqrt_n", lambda d, i: tf.math.unsorted_segment_sqrt_n(d, i, 3), data, ids)
both("out_of_range", lambda d, i: tf.math.unsorted_segment_sum(d, i, 3), data,
     tf.constant([0, 5, 1]))
both("min_out_of_range", lambda d, i: tf.math.unsorted_segment_min(d, i, 2), data,
     tf.constant([0, 1, 2]))
both("tensor_num_segments", lambda d, i: tf.math.unsorted_segment_sum(d, i, tf.constant(3)),
     data, ids)

@tf.function
def grad(d, i):
    with tf.GradientTape() as t:
        t.watch(d)
        y = tf.reduce_sum(tf.math.unsorted_segment_sum(d, i, 3) * tf.constant([[1.], [2.], [3.]]))
    return t.gradient(y, d)
print(grad(data, ids))
""")

_add("bincount_and_confusion_matrix", """
v = tf.constant([0, 2, 0, 7, 1])
both("bincount", lambda a: tf.math.bincount(a, minlength=4, maxlength=4), v)
both("bincount_weights", lambda a, w: tf.math.bincount(a, weights=w, minlength=3, maxlength=3),
     v, tf.constant([1., 2., 3., 4., 5.]))
both("bincount_dtype", lambda a: tf.math.bincount(a, minlength=3, maxlength=3, dtype=tf.float32),
     v)
both("bincount_binary", lambda a: tf.math.bincount(a, minlength=3, maxlength=3,
                                                   binary_output=True), v)
both("bincount_axis", lambda a: tf.math.bincount(a, minlength=3, maxlength=3, axis=-1),
     tf.constant([[0, 1, 1], [2, 2, 0]]))
both("bincount_negative", lambda a: tf.math.bincount(a, minlength=3, maxlength=3),
     tf.constant([0, -1]))
# values the function bounds below minlength (tfcompat: a static size, minlength)
both("bincount_clipped", lambda x: tf.math.bincount(tf.reshape(tf.clip_by_value(
    tf.cast(x * 10., tf.int32), 0, 7), [-1]), minlength=8), tf.constant([[0.1, 0.25], [0.9, 5.]]))
both("bincount_floormod", lambda a: tf.math.bincount(tf.math.floormod(a, 4), minlength=5,
                                                     maxlength=6), tf.constant([1, 2, 7, 9]))
both("bincount_minimum_weights", lambda a, w: tf.math.bincount(
    tf.cast(tf.minimum(a, 2), tf.int64), weights=w, minlength=3),
    tf.constant([0, 5, 1, 2], tf.int32), tf.constant([1., 2., 3., 4.]))
both("bincount_clipped_negative", lambda a: tf.math.bincount(tf.minimum(a, 2), minlength=3),
     tf.constant([0, -1]))
both("confusion", lambda a, b: tf.math.confusion_matrix(a, b, num_classes=3),
     tf.constant([0, 1, 2, 2]), tf.constant([0, 2, 2, 1]))
both("confusion_weights", lambda a, b, w: tf.math.confusion_matrix(
    a, b, num_classes=3, weights=w, dtype=tf.float32),
     tf.constant([0, 1, 2]), tf.constant([0, 2, 2]), tf.constant([0.5, 1., 2.]))

for labels, predictions in (([0, 1], [0, 5]), ([0, 4], [0, 1])):
    for mode, f in (("eager", tf.math.confusion_matrix),
                    ("function", tf.function(tf.math.confusion_matrix, autograph=False))):
        try:
            f(tf.constant(labels), tf.constant(predictions), num_classes=3)
        except Exception as e:
            print(mode, type(e).__name__, "out of bound" in str(e))
""")

_add("gather_and_scatter", """
params = tf.constant([[1., 2.], [3., 4.]])
both("gather_nd", lambda p, i: tf.gather_nd(p, i), params, tf.constant([[1, 0], [0, 1]]))
both("gather_nd_rows", lambda p, i: tf.gather_nd(p, i), params, tf.constant([[1]]))
both("gather_nd_bad", lambda p, i: tf.gather_nd(p, i), params, tf.constant([[0, 5]]))
both("gather_nd_batch", lambda p, i: tf.gather_nd(p, i, batch_dims=1), params,
     tf.constant([[1], [0]]))
both("gather_bad", lambda p, i: tf.gather(p, i), params, tf.constant([1, 2]))
both("scatter_nd", lambda i, u: tf.scatter_nd(i, u, [4]), tf.constant([[1], [3], [1]]),
     tf.constant([5., 6., 7.]))
both("scatter_nd_bad", lambda i, u: tf.scatter_nd(i, u, [3]), tf.constant([[7]]),
     tf.constant([5.]))
both("tensor_scatter_update", lambda t, i, u: tf.tensor_scatter_nd_update(t, i, u),
     tf.zeros([3]), tf.constant([[2]]), tf.constant([5.]))
both("tensor_scatter_add_bad", lambda t, i, u: tf.tensor_scatter_nd_add(t, i, u),
     tf.zeros([3]), tf.constant([[-1]]), tf.constant([5.]))
both("tensor_scatter_max_bad", lambda t, i, u: tf.tensor_scatter_nd_max(t, i, u),
     tf.zeros([2, 2]), tf.constant([[0, 2]]), tf.constant([5.]))

v = tf.Variable([1., 2., 3.])

@tf.function
def update_rows(i, u):
    v.scatter_update(tf.IndexedSlices(u, i))
    return v.read_value()

@tf.function
def update_nd(i, u):
    v.scatter_nd_add(i, u)
    return v.read_value()

print(update_rows(tf.constant([2]), tf.constant([9.])))
print(update_nd(tf.constant([[0]]), tf.constant([10.])))
for f, i, u in ((update_rows, [5], [1.]), (update_nd, [[3]], [1.])):
    try:
        f(tf.constant(i), tf.constant(u))
    except Exception as e:
        err(e)
print(v)

@tf.function
def grad(p, i):
    with tf.GradientTape() as t:
        t.watch(p)
        y = tf.reduce_sum(tf.gather_nd(p, i) ** 2)
    return t.gradient(y, p)
print(grad(params, tf.constant([[1, 0], [1, 0], [0, 1]])))
""")

_add("sparse_softmax_cross_entropy", """
logits = tf.constant([[1., 2., 3.], [0., 0., 1.]])
def f(l, y):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=l)
both("labels", f, logits, tf.constant([0, 2]))
both("labels_int64", f, logits, tf.constant([1, 1], tf.int64))
both("label_too_large", f, logits, tf.constant([0, 3]))
both("label_negative", f, logits, tf.constant([-1, 0]))

@tf.function
def grad(l, y):
    with tf.GradientTape() as t:
        t.watch(l)
        loss = tf.reduce_mean(f(l, y))
    return loss, t.gradient(loss, l)
show(grad(logits, tf.constant([0, 2])))
""")

_add("searchsorted_in_top_k_invert_permutation", """
seq = tf.constant([[1., 2., 3.], [1., 1., 4.]])
vals = tf.constant([[2., 0.5], [1., 5.]])
both("left", lambda s, v: tf.searchsorted(s, v), seq, vals)
both("right_int64", lambda s, v: tf.searchsorted(s, v, side="right", out_type=tf.int64),
     seq, vals)
both("in_top_k", lambda p, y, k: tf.math.in_top_k(y, p, k),
     tf.constant([[0.1, 0.9, 0.5], [0.3, 0.2, 0.1]]), tf.constant([2, 1]), tf.constant(1))
both("in_top_k2", lambda p, y, k: tf.math.in_top_k(y, p, k),
     tf.constant([[0.1, 0.9, 0.5], [0.3, 0.2, 0.1]]), tf.constant([2, 1]), tf.constant(2))
both("invert_permutation", lambda p: tf.math.invert_permutation(p), tf.constant([2, 0, 1]))
both("not_a_permutation", lambda p: tf.math.invert_permutation(p), tf.constant([0, 5, 1]))
both("duplicated", lambda p: tf.math.invert_permutation(p), tf.constant([0, 1, 1]))
""")

_add("linalg_run_time_checks", """
a = tf.constant([[2., 1.], [1., 3.]])
singular = tf.constant([[1., 2.], [2., 4.]])
rhs = tf.constant([[1.], [2.]])
both("inv", lambda m: tf.linalg.inv(m), a)
both("inv_singular", lambda m: tf.linalg.inv(m), singular)
both("solve", lambda m, r: tf.linalg.solve(m, r), a, rhs)
both("solve_singular", lambda m, r: tf.linalg.solve(m, r), singular, rhs)
both("pinv_rcond", lambda m, r: tf.linalg.pinv(m, rcond=r), tf.constant([[1., 2.], [3., 4.]]),
     tf.constant(1e-3))
both("lstsq_l2", lambda m, r, l: tf.linalg.lstsq(m, r, l2_regularizer=l),
     tf.constant([[1., 2.], [3., 4.], [5., 7.]], tf.float64),
     tf.constant([[1.], [2.], [3.]], tf.float64), tf.constant(0.1, tf.float64))

@tf.function
def grad(m, r):
    with tf.GradientTape() as t:
        t.watch(m)
        y = tf.reduce_sum(tf.linalg.solve(m, r)) + tf.reduce_sum(tf.linalg.inv(m))
    return t.gradient(y, m)
print(grad(a, rhs))
""")

_add("tensor_operands", """
x = tf.reshape(tf.range(12.), [3, 4])
both("slice", lambda t, b: tf.slice(t, b, [2, 2]), x, tf.constant([1, 2]))
both("slice_begin_out_of_range", lambda t, b: tf.slice(t, b, [1, 2]), x, tf.constant([4, 0]))
both("slice_size_too_large", lambda t, b: tf.slice(t, b, [2, 2]), x, tf.constant([0, 3]))
both("pad_value", lambda t, c: tf.pad(t, [[1, 0], [0, 1]], constant_values=c), x[:2, :2],
     tf.constant(-1.))
both("pad_value_int", lambda t, c: tf.pad(t, [[1, 1]], constant_values=c), tf.constant([1, 2]),
     tf.constant(7))
both("roll", lambda t, s: tf.roll(t, s, axis=1), x, tf.constant(1))
both("roll_two_axes", lambda t, s: tf.roll(t, s, axis=[0, 1]), x, tf.constant([1, -1]))
both("fill", lambda v: tf.fill([2, 2], v), tf.constant(3))
both("index", lambda t, i: t[i, 1:], x, tf.constant(-1))
both("index_ellipsis", lambda t, i: t[..., i], x, tf.constant(2))
both("index_out_of_range", lambda t, i: t[i], x, tf.constant(3))
both("index_negative_out_of_range", lambda t, i: t[i, 1], x, tf.constant(-5))
both("index_dim1_out_of_range", lambda t, i: t[:, i], x, tf.constant(4))
both("dropout_rate_0", lambda t, r: tf.nn.dropout(t, r, seed=1), x[0], tf.constant(0.))
both("clip_by_value", lambda t, lo, hi: tf.clip_by_value(t, lo, hi), x[0], tf.constant(1.),
     tf.constant(2.5))
both("clip_by_norm", lambda t, n: tf.clip_by_norm(t, n), x[0], tf.constant(1.))

y = tf.function(lambda t, r: tf.nn.dropout(t, r, seed=3), autograph=False)(tf.ones([100]), tf.constant(0.5))
print(y.shape, y.dtype, tf.reduce_all((y == 0.) | (y == 2.)))

@tf.function
def grads(t, b, c, s):
    with tf.GradientTape(persistent=True) as g:
        g.watch([t, c])
        y1 = tf.reduce_sum(tf.slice(t, b, [2, 2]) ** 2)
        y2 = tf.reduce_sum(tf.pad(t, [[1, 1], [0, 0]], constant_values=c) * 2.)
        y3 = tf.reduce_sum(tf.roll(t, s, axis=0) * tf.constant([[1.], [2.], [3.]]))
    return g.gradient(y1, t), g.gradient(y2, [t, c]), g.gradient(y3, t)
show(grads(x, tf.constant([1, 1]), tf.constant(5.), tf.constant(1)))
""")

_add("static_arguments_from_constants", """
@tf.function
def f(x):
    n = x.shape[0]
    axis = tf.constant(1)
    a = tf.reduce_sum(x, axis)
    b = tf.reshape(x, tf.constant([3, 2]))
    c = tf.tile(x, tf.constant([1, 2]))
    d = tf.range(tf.constant(n))
    e = tf.one_hot(tf.constant([0, 2]), tf.constant(x.shape[1]))
    g = tf.slice(x, tf.constant([1, 0]), tf.constant([1, 2]))
    h = tf.math.unsorted_segment_sum(x, tf.constant([1, 0]), tf.constant(n))
    k = tf.unique(tf.constant([3, 1, 3])).y
    m = tf.boolean_mask(x, tf.constant([True, False]))
    w = tf.where(tf.constant([[True, False, True]]))
    s = tf.math.segment_sum(x, tf.constant([0, 0]))
    return a, b, c, d, e, g, h, k, m, w, s
show(f(tf.reshape(tf.range(6.), [2, 3])))
""")

# The ops whose output shape depends on values, and those taking a shape/axis/size
# argument, eagerly; inside a tf.function see value_dependent_shapes and
# traced_shape_arguments below.
_EAGER = """
def eager(name, fn, *args):
    print(name, "eager")
    try:
        show(fn(*args))
    except Exception as e:
        err(e)
"""

_add("value_dependent_shapes_eager", _EAGER + """
x = tf.reshape(tf.range(6.), [2, 3])
eager("unique", lambda t: tf.unique(t), tf.constant([3, 1, 3]))
eager("where", lambda c: tf.where(c), tf.constant([True, False, True]))
eager("boolean_mask", lambda t, m: tf.boolean_mask(t, m), x, tf.constant([False, True]))
eager("range", lambda n: tf.range(n), tf.constant(3))
eager("segment_sum", lambda d, i: tf.math.segment_sum(d, i), x, tf.constant([0, 2]))
eager("bincount", lambda a: tf.math.bincount(a), tf.constant([0, 2]))
eager("confusion", lambda a, b: tf.math.confusion_matrix(a, b), tf.constant([0, 1]),
      tf.constant([1, 1]))
""")

_add("traced_shape_arguments_eager", _EAGER + """
x = tf.reshape(tf.range(6.), [2, 3])
eager("reduce_axis", lambda t, a: tf.reduce_sum(t, a), x, tf.constant(1))
eager("reshape", lambda t, s: tf.reshape(t, s), x, tf.constant([3, 2]))
eager("tile", lambda t, m: tf.tile(t, m), x, tf.constant([1, 2]))
eager("one_hot", lambda i, d: tf.one_hot(i, d), tf.constant([0, 1]), tf.constant(3))
eager("top_k", lambda t, k: tf.math.top_k(t, k).values, x, tf.constant(2))
eager("slice_bounds", lambda t, i: t[:, i:i + 2], x, tf.constant(1))
""")

# Inside a tf.function, shapes that depend on the values of its arguments (TF gives
# unknown shapes there): XLA compiles static shapes, so tfcompat's trace reads those values
# (small integer and boolean arguments) and is one for them, as an XLA cluster takes
# compile-time constants.
_TRACED = """
def traced(name, fn, *args):
    print(name, "function")
    try:
        show(tf.function(fn, autograph=False)(*args))
    except Exception as e:
        err(e)
"""

_add("value_dependent_shapes", _TRACED + """
x = tf.reshape(tf.range(6.), [2, 3])
traced("unique", lambda t: tf.unique(t), tf.constant([3, 1, 3]))
traced("where", lambda c: tf.where(c), tf.constant([True, False, True]))
traced("boolean_mask", lambda t, m: tf.boolean_mask(t, m), x, tf.constant([False, True]))
traced("range", lambda n: tf.range(n), tf.constant(3))
traced("segment_sum", lambda d, i: tf.math.segment_sum(d, i), x, tf.constant([0, 2]))
traced("bincount", lambda a: tf.math.bincount(a), tf.constant([0, 2]))
traced("confusion", lambda a, b: tf.math.confusion_matrix(a, b), tf.constant([0, 1]),
       tf.constant([1, 1]))
""")

_add("traced_shape_arguments", _TRACED + """
x = tf.reshape(tf.range(6.), [2, 3])
traced("reduce_axis", lambda t, a: tf.reduce_sum(t, a), x, tf.constant(1))
traced("reshape", lambda t, s: tf.reshape(t, s), x, tf.constant([3, 2]))
traced("tile", lambda t, m: tf.tile(t, m), x, tf.constant([1, 2]))
traced("one_hot", lambda i, d: tf.one_hot(i, d), tf.constant([0, 1]), tf.constant(3))
traced("top_k", lambda t, k: tf.math.top_k(t, k).values, x, tf.constant(2))
traced("slice_bounds", lambda t, i: t[:, i:i + 2], x, tf.constant(1))
""")

_add("values_of_arguments", """
@tf.function
def f(n):
    print("tracing f")
    return tf.range(n), tf.zeros([n, 2]), tf.reshape(tf.range(2 * n), [n, -1])
for i in (3, 1, 3, 0):
    show(f(tf.constant(i)))
print("traces", f.experimental_get_tracing_count())

@tf.function
def loop(n):
    total = tf.constant(0)
    for i in tf.range(n):   # (a loop over any n: not a trace per value)
        total += i
    return total
print(loop(tf.constant(4)), loop(tf.constant(6)), loop.experimental_get_tracing_count())

@tf.function
def inner(n):
    return tf.ones([n])

@tf.function
def outer(n):
    return inner(n + 1) * tf.cast(tf.size(tf.range(n)), tf.float32)
print(outer(tf.constant(2)), outer(tf.constant(3)))
print("traces", outer.experimental_get_tracing_count(), inner.experimental_get_tracing_count())

@tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([2], tf.int32)])
def split(x, sizes):
    return tf.split(x, sizes)
show(split(tf.range(5.), tf.constant([2, 3])))
show(split(tf.range(4.), tf.constant([1, 3])))

@tf.function(reduce_retracing=True)
def pad(x, p):
    return tf.pad(x, p), tf.one_hot(p[0], tf.reduce_max(p) + 1)
for n in (1, 2):
    show(pad(tf.ones([n, 2]), tf.constant([[0, n], [1, 0]])))

@tf.function
def mask(x, m):
    return tf.boolean_mask(x, m), tf.unique(tf.where(m, 1, 0)).y
show(mask(tf.range(4), tf.constant([True, False, True, True])))
show(mask(tf.range(4), tf.constant([False, False, True, False])))

@tf.function
def sized(n, x):
    ta = tf.TensorArray(tf.float32, size=n).unstack(tf.ones([3]) * 2)
    return (ta.stack(), tf.one_hot([0, 2], n), tf.linspace(0., 1., n), tf.eye(n),
            tf.sequence_mask([1, 2], n), tf.random.stateless_uniform([n], seed=[1, 2]),
            tf.math.top_k(x, n - 1).indices, x[:n - 1, 1:n], tf.roll(x, n, 1))
show(sized(tf.constant(3), tf.reshape(tf.range(12.), [3, 4])))
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"


_add("python_operands_convert_in_order_in_a_graph", """
it = tf.constant(7)
ft = tf.constant(1.5)
both("squared_difference(2, float)", lambda: tf.math.squared_difference(2, ft))
both("squared_difference(2.5, int)", lambda: tf.math.squared_difference(2.5, it))
both("maximum(2, float)", lambda: tf.math.maximum(2, ft))
both("maximum(2.0, float)", lambda: tf.math.maximum(2.0, ft))
both("maximum(float, 2)", lambda: tf.math.maximum(ft, 2))
both("maximum(2, int)", lambda: tf.math.maximum(2, it))
both("equal(2.5, int)", lambda: tf.math.equal(2.5, it))
both("pow(2, float)", lambda: tf.math.pow(2, ft))
both("atan2(2, float)", lambda: tf.math.atan2(2, ft))
both("add_n", lambda: tf.math.add_n([2.5, it]))
both("floordiv(int, 'a')", lambda: tf.math.floordiv(it, "a"))
both("floordiv(int, 2.5)", lambda: tf.math.floordiv(x=it, y=2.5))
both("floordiv(int, nested floats)", lambda: tf.math.floordiv(it, [[1.0], [2.0]]))
both("floordiv(int, mixed)", lambda: tf.math.floordiv(it, [1, "a"]))
both("floordiv(int, None)", lambda: tf.math.floordiv(it, None))
both("floordiv(int, True)", lambda: tf.math.floordiv(it, True))
both("floordiv(float, 2)", lambda: tf.math.floordiv(ft, 2))
""")

_add("realdiv_takes_floats_and_complex_only", """
def first_line(f):
    try:
        show(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

it = tf.constant(7)
first_line(tf.function(lambda: tf.realdiv(it, tf.constant(2)), autograph=False))
first_line(tf.function(lambda: tf.math.reciprocal(it), autograph=False))
first_line(tf.function(lambda: tf.math.erfinv(it), autograph=False))
for name, f in [
        ("python ints", lambda: tf.realdiv(7, 2)),
        ("int tensors", lambda: tf.realdiv(it, tf.constant(2))),
        ("int and float tensors", lambda: tf.realdiv(it, tf.constant(2.0))),
        ("int and python float", lambda: tf.realdiv(it, 2.0)),
        ("bools", lambda: tf.realdiv(True, True)),
        ("int64", lambda: tf.realdiv(tf.constant(-7, tf.int64), tf.constant(2, tf.int64))),
        ("reciprocal int", lambda: tf.math.reciprocal(x=it)),
        ("floordiv bool", lambda: tf.math.floordiv(tf.constant(True), True))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, repr(str(e)))
both("floats", lambda: tf.realdiv(7.0, 2.0))
both("keywords", lambda: tf.realdiv(x=1.0, y=4.0, name="rd"))
both("broadcast", lambda: tf.realdiv(tf.constant([1.0, 2.0]), [[2.0], [4.0]]))
both("float64", lambda: tf.realdiv(tf.constant([1.0, 3.0], tf.float64), tf.constant(3.0, tf.float64)))
both("bfloat16", lambda: tf.realdiv(tf.constant(7, tf.bfloat16), tf.constant(3, tf.bfloat16)))
both("complex", lambda: tf.realdiv(tf.constant(7 + 1j), tf.constant(3 + 0j)))
both("floordiv keywords", lambda: tf.math.floordiv(x=7, y=2))
both("rint keyword", lambda: tf.math.rint(x=2.5))
x = tf.constant([3.0, 5.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.realdiv(x, tf.constant([2.0, 8.0]))
print(t.gradient(y, x))
""")

TOLERANCE = {
    'linalg_run_time_checks': Tolerance(_SUM, rtol=1e-06),
    'unsorted_segments': Tolerance(_SUM, rtol=2e-07),
}
