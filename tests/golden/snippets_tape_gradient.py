"""Golden snippets: GradientTape.gradient: its arguments (targets, sources and their
structures, output_gradients, unconnected_gradients), integer and non-differentiable
paths, Variables as sources (reads, assigns), nested tapes and higher-order gradients."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# GradientTape: gradient() arguments

_s("tape_target_none_error", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
g.gradient(None, x)
""")
_errs("tape_gradient_argument_errors", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
g.gradient(y, [x, None])
""", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
g.gradient([y, None], x)
""", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
g.gradient(3.0, x)
""", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
g.gradient(y, 3.0)
""", """
x = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * 2.0
g.gradient(y, x, unconnected_gradients='zeros')
""")
_s("tape_list_targets_summed", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = [x * x, 3.0 * x]
print(g.gradient(y, x))
""")
_s("tape_dict_targets_summed", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = {'a': x * x, 'b': (x * 3.0, x)}
print(g.gradient(y, x))
""")
_s("tape_target_is_source", """
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
print(g.gradient([x, y], x))
print(g.gradient(x, x))
""")
_s("tape_target_is_source_unwatched", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    pass
print(g.gradient(x, x))
""")
_s("tape_variable_target", """
v = tf.Variable(2.0)
w = tf.Variable(3.0)
with tf.GradientTape(persistent=True) as g:
    y = v * w
print(g.gradient(v, v), g.gradient(v, w), g.gradient(y, v))
""")
_s("tape_nonscalar_target", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
""")
_s("tape_nonscalar_target_matrix", """
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.matmul(x, x)
print(g.gradient(y, x))
""")
_s("tape_output_gradients", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x, output_gradients=tf.constant([10.0, 100.0])))
""")
_s("tape_output_gradients_python_floats", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    loss = y * 2.0
print(g.gradient([loss, x], [x], output_gradients=[1.0, 2.0]))
""")
_s("tape_output_gradients_wrong_shape_error", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
g.gradient(y, x, output_gradients=tf.constant([1.0, 2.0, 3.0]))
""")
_errs("tape_output_gradients_errors", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    z = x * 3.0
g.gradient([y, z], x, output_gradients=[None, tf.constant(1.0)])
""", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    z = x * 3.0
print(g.gradient([y, z], x, output_gradients=[tf.constant(1.0)]))
""", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
g.gradient(y, x, output_gradients=tf.constant(1.0, tf.float64))
""")
_s("tape_sources_list_tuple", """
x = tf.constant(1.0)
y = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    z = x * y * y
r = g.gradient(z, [x, y])
print(type(r).__name__, r)
r = g.gradient(z, (x, y))
print(type(r).__name__, r)
""")
_s("tape_sources_dict_nested", """
x = tf.constant(1.0)
y = tf.constant(2.0)
w = tf.Variable(3.0)
with tf.GradientTape() as g:
    g.watch([x, y])
    z = x * y + w * x
r = g.gradient(z, {'x': x, 'rest': [y, (w,)]})
print(type(r).__name__, sorted(r.keys()), type(r['rest']).__name__, type(r['rest'][1]).__name__)
print(r['x'], r['rest'][0], r['rest'][1][0])
""")
_s("tape_sources_namedtuple", """
import collections
P = collections.namedtuple('P', ['a', 'b'])
x = tf.constant(2.0)
y = tf.constant(5.0)
with tf.GradientTape() as g:
    g.watch([x, y])
    z = x * x * y
r = g.gradient(z, P(x, y))
print(type(r).__name__, r.a, r.b)
""")
_s("tape_same_source_twice", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, [x, x]))
""")
_s("tape_intermediate_sources", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    z = y * y
print(g.gradient(z, y), g.gradient(z, x), g.gradient(z, [x, y]))
""")
_s("tape_source_computed_outside_watched_inside", """
x = tf.constant(2.0)
y = x * x
with tf.GradientTape() as g:
    g.watch(y)
    z = y * 3.0
print(g.gradient(z, y))
""")
_s("tape_source_read_value_of_variable", """
v = tf.Variable(3.0)
with tf.GradientTape() as g:
    r = v.read_value()
    y = r * r
print(g.gradient(y, [r, v]))
""")
_s("tape_unconnected_none", """
x = tf.constant(1.0)
y = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch([x, y])
    z = x * 3.0
print(g.gradient(z, [x, y]))
""")
_s("tape_unconnected_zero", """
x = tf.constant([1.0, 2.0])
y = tf.constant([[2.0]], tf.float64)
with tf.GradientTape(persistent=True) as g:
    g.watch([x, y])
    z = x * 3.0
print(g.gradient(z, [x, y], unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(g.gradient(z, y, unconnected_gradients='zero'))
print(g.gradient(z, y, unconnected_gradients='none'))
""")
_s("tape_unconnected_zero_int_source", """
x = tf.constant(1.0)
i = tf.constant([1, 2])
with tf.GradientTape() as g:
    g.watch(x)
    y = x * 2.0
print(g.gradient(y, [x, i], unconnected_gradients=tf.UnconnectedGradients.ZERO))
""")
_s("tape_unconnected_zero_in_dict", """
a = tf.constant(1.0)
b = tf.constant(1.0)
with tf.GradientTape() as g:
    g.watch([a, b])
    y = a * 2.0
r = g.gradient(y, {'a': a, 'b': b}, unconnected_gradients='zero')
print(r['a'], r['b'])
""")
_s("unconnected_gradients_enum", """
print(repr(tf.UnconnectedGradients.NONE), repr(tf.UnconnectedGradients.ZERO))
print(str(tf.UnconnectedGradients.NONE), tf.UnconnectedGradients.ZERO.value, tf.UnconnectedGradients.NONE.name)
print(tf.UnconnectedGradients('zero') is tf.UnconnectedGradients.ZERO)
""")
_s("tape_unconnected_via_numpy", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.constant(np.square(x.numpy()))
print(g.gradient(y, x))
""")

# ---------------------------------------------------------------------------
# GradientTape: integer and non-differentiable paths

_s("tape_float_cast_to_int_target", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(x, tf.int32) * 2
print(y, g.gradient(y, x))
""")
_s("tape_float_through_int_and_back", """
x = tf.constant(2.7)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(tf.cast(x, tf.int32), tf.float32) * x
print(y, g.gradient(y, x))
""")
_s("tape_cast_float64_path", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(x, tf.float64) ** 2
print(repr(y), repr(g.gradient(y, x)))
""")
_s("tape_int_variable_target_from_float", """
v = tf.Variable(1.5)
with tf.GradientTape() as g:
    y = tf.cast(v, tf.int32)
print(g.gradient(y, v))
""")
_s("tape_floordiv_no_gradient", """
x = tf.constant(7.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = x // 2.0
    b = tf.math.floordiv(x, 3.0)
    c = a * x
print(g.gradient(a, x), g.gradient(b, x), g.gradient(c, x))
""")
_s("tape_mod_has_gradient", """
x = tf.constant(7.0)
y = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch([x, y])
    z = x % y
print(g.gradient(z, [x, y]))
""")
_s("tape_comparison_no_gradient", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(x > 1.5, tf.float32)
print(g.gradient(y, x))
""")
_s("tape_where_one_arg_no_gradient", """
x = tf.constant([1.0, -2.0])
with tf.GradientTape() as g:
    g.watch(x)
    idx = tf.where(x > 0)
print(idx.dtype, g.gradient(idx, x))
""")

# ---------------------------------------------------------------------------
# GradientTape: variables

_s("tape_variable_sum_over_reads", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    y = v * 3.0 + v.value() * 4.0 + v.read_value() * 5.0 + tf.convert_to_tensor(v) * 6.0
print(g.gradient(y, v))
""")
_s("tape_variable_read_before_tape", """
v = tf.Variable(2.0)
r = v * 1.0
with tf.GradientTape() as g:
    y = r * r
print(g.gradient(y, v))
""")
_s("tape_variable_not_read", """
v = tf.Variable(2.0)
w = tf.Variable(1.0)
with tf.GradientTape() as g:
    y = w * 3.0
print(g.gradient(y, [v, w]))
""")
_s("tape_assign_not_differentiated", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    v.assign(v * 5.0)
    y = v * v
print(y, g.gradient(y, v))
""")
_s("tape_read_then_assign", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    a = v * 1.0
    v.assign(10.0)
    b = v * 1.0
    y = a * b
print(y, g.gradient(y, v))
""")
_s("tape_assign_add_from_other_variable", """
x0 = tf.Variable(3.0)
x1 = tf.Variable(0.0)
with tf.GradientTape() as g:
    x1.assign_add(x0)
    y = x1 ** 2
print(y, g.gradient(y, x0))
""")
_s("tape_assign_return_value_in_tape", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    r = v.assign(4.0)
    y = r * r
print(y, g.gradient(y, v))
""")
_s("tape_variable_replaced_by_tensor", """
x = tf.Variable(2.0)
for epoch in range(2):
    with tf.GradientTape() as g:
        y = x + 1
    print(isinstance(x, tf.Variable), g.gradient(y, x))
    x = x + 1
""")
_s("tape_variable_in_python_control_flow", """
x = tf.constant(1.0)
v0 = tf.Variable(2.0)
v1 = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    result = v0 if x > 0.0 else v1 ** 2
    r2 = v0 * x if x < 0.0 else v1 ** 2
print(g.gradient(result, [v0, v1]), g.gradient(r2, [v0, v1]))
""")
_s("tape_variable_gradient_dtype_and_shape", """
w = tf.Variable(tf.ones([3, 2]))
b = tf.Variable(tf.zeros([2], tf.float64))
x = tf.constant([[1.0, 2.0, 3.0]])
with tf.GradientTape() as g:
    y = x @ w
    loss = tf.reduce_mean(y ** 2)
    l2 = tf.reduce_sum(b * b + 1.0)
dw, db = g.gradient([loss, l2], [w, b])
print(repr(dw)); print(repr(db))
""")
_s("tape_linear_regression_step", """
w = tf.Variable([[0.5], [-0.5]])
b = tf.Variable(0.1)
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = tf.constant([[1.0], [2.0], [3.0]])
for step in range(3):
    with tf.GradientTape() as g:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    dw, db = g.gradient(loss, [w, b])
    w.assign_sub(0.01 * dw)
    b.assign_sub(0.01 * db)
    print(step, loss.numpy(), w.numpy().ravel(), b.numpy())
""")

# ---------------------------------------------------------------------------
# GradientTape: nesting and higher order

_s("tape_nested_second_order", """
x = tf.constant(5.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = x ** 3
    dy_dx = inner.gradient(y, x)
d2y = outer.gradient(dy_dx, x)
print(dy_dx, d2y)
""")
_s("tape_third_order", """
x = tf.constant(1.0)
with tf.GradientTape() as t3:
    t3.watch(x)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x ** 4
        d1 = t1.gradient(y, x)
    d2 = t2.gradient(d1, x)
d3 = t3.gradient(d2, x)
print(d1, d2, d3)
""")
_s("tape_second_order_variable", """
v = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = v * v * v
    dy = inner.gradient(y, v)
d2y = outer.gradient(dy, v)
print(dy, d2y)
""")
_s("tape_second_order_none_linear_variable", """
v = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = v * 3.0
    dy = inner.gradient(y, v)
print(dy, outer.gradient(dy, v))
""")
_s("tape_second_order_sigmoid_tanh", """
x = tf.constant([0.5, -1.0])
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.sigmoid(x) + tf.tanh(x) * tf.exp(x))
    g1 = inner.gradient(y, x)
g2 = outer.gradient(g1, x)
print(g1); print(g2)
""")
_s("tape_second_order_matmul_loss", """
w = tf.Variable([[1.0, -1.0], [0.5, 2.0]])
x = tf.constant([[1.0, 2.0]])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.reduce_sum(tf.nn.softmax(tf.matmul(x, w)) * tf.constant([[1.0, 3.0]]))
    gw = inner.gradient(y, w)
    gnorm = tf.reduce_sum(gw * gw)
print(gw); print(outer.gradient(gnorm, w))
""")
_s("tape_nested_inner_outside_outer", """
x = tf.constant(3.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = x * x
dy = inner.gradient(y, x)
print(dy, outer.gradient(dy, x))
""")
_s("tape_watching_is_tape_local", """
x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        y = x * x
print(inner.gradient(y, x), outer.gradient(y, x))
""")
_s("tape_persistent_higher_order_loop", """
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = tf.sin(x) * x
    d = [y]
    for _ in range(3):
        d.append(g.gradient(d[-1], x))
print([float(t) for t in d])
""")


# ---------------------------------------------------------------------------
# watching nothing

_s("tape_no_watch_constant_none", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    y = x * x
print(g.gradient(y, x))
""")


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("tape_target_is_source", "tape_target_is_source", "tape_target_is_source_unwatched",
     "tape_variable_target"),
    ("tape_nonscalar_target", "tape_nonscalar_target", "tape_nonscalar_target_matrix"),
    ("tape_output_gradients", "tape_output_gradients", "tape_output_gradients_python_floats"),
    ("tape_sources_structures", "tape_sources_list_tuple", "tape_sources_dict_nested"),
    ("tape_same_and_intermediate_sources", "tape_same_source_twice", "tape_intermediate_sources"),
    ("tape_sources_watched_later", "tape_source_computed_outside_watched_inside",
     "tape_source_read_value_of_variable"),
    ("tape_unconnected_none", "tape_unconnected_none", "tape_unconnected_via_numpy",
     "tape_no_watch_constant_none"),
    ("tape_unconnected_zero", "tape_unconnected_zero", "tape_unconnected_zero_int_source",
     "tape_unconnected_zero_in_dict"),
    ("tape_int_and_cast_paths", "tape_float_cast_to_int_target", "tape_float_through_int_and_back",
     "tape_cast_float64_path", "tape_int_variable_target_from_float"),
    ("tape_no_gradient_ops", "tape_floordiv_no_gradient", "tape_comparison_no_gradient",
     "tape_where_one_arg_no_gradient", "tape_mod_has_gradient"),
    ("tape_variable_reads", "tape_variable_sum_over_reads", "tape_variable_read_before_tape",
     "tape_variable_not_read"),
    ("tape_assign_in_tape", "tape_assign_not_differentiated", "tape_read_then_assign"),
    ("tape_assign_results_in_tape", "tape_assign_add_from_other_variable",
     "tape_assign_return_value_in_tape"),
    ("tape_watching_is_tape_local", "tape_nested_inner_outside_outer", "tape_watching_is_tape_local"),
]:
    SNIPPETS.merge(_new, *_old)
del _new, _old

SNIPPETS.check_compiles()


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'tape_second_order_matmul_loss': Tolerance(_SUM, rtol=2e-07),
}
