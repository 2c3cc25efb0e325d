"""Golden snippets: the core op set (arithmetic, unary math, reductions, reshape and
transpose, cast, creation ops, range/linspace, concat/stack, where, relu/softmax):
values, dtypes, shapes and errors; tf.errors (the OpError hierarchy, messages)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs
_reprs = SNIPPETS.reprs

# ---------------------------------------------------------------------------
# tf.errors

_s("errors_hierarchy", """
names = ['InvalidArgumentError', 'NotFoundError', 'ResourceExhaustedError', 'UnimplementedError',
         'InternalError', 'FailedPreconditionError', 'OutOfRangeError', 'UnknownError',
         'CancelledError', 'AlreadyExistsError', 'PermissionDeniedError', 'UnauthenticatedError',
         'DeadlineExceededError', 'AbortedError', 'DataLossError', 'UnavailableError']
for n in names:
    c = getattr(tf.errors, n)
    print(n, c.__name__, issubclass(c, tf.errors.OpError))
print(issubclass(tf.errors.OpError, Exception), issubclass(tf.errors.InvalidArgumentError, ValueError))
""")
_s("errors_message_attr", """
try:
    tf.reshape(tf.range(6), [4])
except tf.errors.OpError as e:
    print(type(e).__name__)
    print(e.message)
    print(str(e) == e.message)
""")
_s("errors_construct_and_raise", """
try:
    raise tf.errors.InvalidArgumentError(None, None, 'bad value')
except tf.errors.OpError as e:
    print(type(e).__name__, str(e), e.message)
""")
_s("errors_raise_escapes", "raise tf.errors.NotFoundError(None, None, 'nothing here')")

# ---------------------------------------------------------------------------
# the first op set: values, dtypes, shapes

_reprs("op_add", "tf.add([1.0, 2.0], [3.0, 4.0])", "tf.add(tf.constant([[1], [2]]), [10, 20])",
       "tf.math.add(1.5, 2.0)")
_reprs("op_subtract_multiply", "tf.subtract([1.0, 2.0], 0.5)", "tf.math.subtract(tf.constant(5), 7)",
       "tf.multiply([1.0, 2.0], [[2.0], [3.0]])", "tf.math.multiply(3, 4)")
_reprs("op_divide", "tf.divide([1.0, 2.0], 4.0)", "tf.divide(7, 2)",
       "tf.math.truediv(tf.constant([1.0, 3.0]), 2.0)", "tf.truediv(tf.constant(3), tf.constant(2))")
_reprs("op_floordiv_mod", "tf.math.floordiv(-7, 2)", "tf.math.floordiv([-7.5, 7.5], 2.0)",
       "tf.math.mod(-7, 3)", "tf.math.floormod([-7.5, 7.5], 2.0)",
       "tf.math.floordiv(tf.constant([9, -9]), 4)")
_reprs("op_pow", "tf.pow(2.0, 3.0)", "tf.pow(2, 10)", "tf.math.pow([1.0, 4.0], [2.0, 0.5])",
       "tf.pow(tf.constant([2.0, 3.0], tf.float64), 2)")
_reprs("op_negative_abs", "tf.negative([1.0, -2.0])", "tf.math.negative(3)", "tf.abs([-1.5, 0.0, 2.0])",
       "tf.abs(tf.constant([-3, 4]))", "tf.math.abs(tf.constant(-3 + 4j))",
       "tf.abs(tf.constant([3 + 4j], tf.complex64))")
_reprs("op_square_sqrt_rsqrt", "tf.square([1.5, -2.0])", "tf.square(3)", "tf.sqrt([4.0, 2.0, 0.0])",
       "tf.math.sqrt(tf.constant(2.0, tf.float64))", "tf.math.rsqrt([4.0, 0.25])", "tf.sqrt(-1.0)")
_reprs("op_exp_log", "tf.exp([0.0, 1.0, -1.0])", "tf.math.exp(tf.constant(1.0, tf.float64))",
       "tf.math.log([1.0, 10.0, 0.0, -1.0])", "tf.math.log1p([0.0, 1e-7, 1.0])",
       "tf.math.log(tf.constant(2.0, tf.float64))")
_reprs("op_trig", "tf.sin([0.0, 0.5, 3.0])", "tf.cos([0.0, 0.5, 3.0])", "tf.tan([0.0, 0.5, 1.0])",
       "tf.math.sin(tf.constant(1.0, tf.float64))", "tf.math.cos(1.0)", "tf.math.tan(0.25)")
_reprs("op_tanh_sigmoid", "tf.tanh([-1.0, 0.0, 2.0])", "tf.math.tanh(0.5)",
       "tf.sigmoid([-1.0, 0.0, 2.0])", "tf.math.sigmoid(tf.constant([0.5, 30.0], tf.float64))",
       "tf.nn.sigmoid(-100.0)")
_reprs("op_maximum_minimum", "tf.maximum([1.0, 5.0], [3.0, 2.0])", "tf.minimum([1.0, 5.0], [3.0, 2.0])",
       "tf.maximum(tf.constant([-1.0, 0.0, 2.0]), 0.0)", "tf.math.minimum(tf.constant([1, 9]), 4)",
       "tf.math.maximum(2, 3)")
_reprs("op_clip_by_value", "tf.clip_by_value([-1.0, 0.5, 2.0], 0.0, 1.0)",
       "tf.clip_by_value(tf.constant([1, 5, 9]), 2, 6)",
       "tf.clip_by_value(tf.constant([[-2.0, 2.0], [0.3, 0.7]]), [0.0, 0.5], [1.0, 0.6])")
_reprs("op_matmul", "tf.matmul([[1.0, 2.0], [3.0, 4.0]], [[5.0], [6.0]])",
       "tf.matmul(tf.constant([[1, 2]]), tf.constant([[3], [4]]))",
       "tf.matmul(tf.ones([2, 2, 3]), tf.ones([2, 3, 1]))",
       "tf.matmul([[1.0, 2.0]], [[3.0, 4.0]], transpose_b=True)",
       "tf.matmul([[1.0], [2.0]], [[3.0], [4.0]], transpose_a=True)")
_s("op_reduce_sum", """
x = tf.reshape(tf.range(1.0, 7.0), [2, 3])
print(repr(tf.reduce_sum(x)))
print(repr(tf.reduce_sum(x, axis=0)))
print(repr(tf.reduce_sum(x, axis=-1)))
print(repr(tf.reduce_sum(x, axis=1, keepdims=True)))
print(repr(tf.reduce_sum(x, axis=(0, 1))))
print(repr(tf.reduce_sum(x, axis=[0, 1], keepdims=True)))
print(repr(tf.reduce_sum([1, 2])))
print(repr(tf.math.reduce_sum(tf.ones([2, 3, 4]), axis=[0, 2])))
print(repr(tf.reduce_sum(tf.zeros([0]))))
""")
_s("op_reduce_mean", """
x = tf.reshape(tf.range(1.0, 7.0), [2, 3])
print(repr(tf.reduce_mean(x)))
print(repr(tf.reduce_mean(x, axis=0)))
print(repr(tf.reduce_mean(x, axis=-2, keepdims=True)))
print(repr(tf.reduce_mean(tf.constant([1, 2]))))
print(repr(tf.reduce_mean(tf.constant([-1, -2]))))
print(repr(tf.math.reduce_mean(tf.constant([1.0, 2.0], tf.float64))))
""")
_s("op_reduce_max_min_prod", """
x = tf.constant([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
print(repr(tf.reduce_max(x))); print(repr(tf.reduce_max(x, axis=0)))
print(repr(tf.reduce_min(x, axis=1, keepdims=True))); print(repr(tf.reduce_min(x, axis=(0, 1))))
print(repr(tf.reduce_prod(x, axis=-1))); print(repr(tf.reduce_prod(tf.constant([2, 3, 4]))))
print(repr(tf.math.reduce_max(tf.constant([3, 7, 1]))))
""")
_reprs("op_reduce_empty", "tf.reduce_max(tf.zeros([0]))", "tf.reduce_min(tf.zeros([0]))",
       "tf.reduce_prod(tf.zeros([0]))", "tf.reduce_mean(tf.zeros([0]))")
_s("op_reshape", """
x = tf.range(6)
print(repr(tf.reshape(x, [2, 3])))
print(repr(tf.reshape(x, [-1, 2])))
print(repr(tf.reshape(x, (3, -1))))
print(repr(tf.reshape(tf.constant([5.0]), [])))
print(repr(tf.reshape(x, tf.constant([1, 6]))))
print(tf.reshape(tf.zeros([2, 3, 4]), [-1]).shape)
""")
_s("op_transpose", """
x = tf.reshape(tf.range(6), [2, 3])
print(repr(tf.transpose(x)))
print(repr(tf.transpose(x, perm=[1, 0])))
y = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.transpose(y).shape, tf.transpose(y, [1, 0, 2]).shape, tf.transpose(y, perm=(2, 0, 1)).shape)
print(repr(tf.transpose(y, [0, 2, 1])[1]))
""")
_reprs("op_cast", "tf.cast([1.7, -1.7, 2.5], tf.int32)", "tf.cast(tf.constant([1, 2]), tf.float32)",
       "tf.cast([0.0, 0.5, -2.0], tf.bool)", "tf.cast(tf.constant([True, False]), tf.float32)",
       "tf.cast(tf.constant(0.1), tf.float16)", "tf.cast(tf.constant(0.1), tf.float64)",
       "tf.cast(3, tf.int64)", "tf.dtypes.cast(tf.constant([257, -1]), tf.uint8)",
       "tf.cast(tf.constant([1.5, 2.5], tf.float32), 'float64')", "tf.cast(tf.constant([1.0]), tf.float32)")
_s("op_cast_complex_to_float_warns", "print(repr(tf.cast(tf.constant([1 + 2j]), tf.float32)))")
_reprs("op_ones_zeros", "tf.ones([2, 3])", "tf.zeros((2,), dtype=tf.int32)", "tf.ones(3, tf.float64)",
       "tf.zeros([])", "tf.ones([2], dtype=tf.bool)", "tf.zeros(tf.constant([1, 2]))", "tf.ones([2, 0])")
_reprs("op_fill", "tf.fill([2, 2], 7)", "tf.fill([3], 1.5)", "tf.fill((2,), tf.constant(2.0, tf.float64))",
       "tf.fill([2], True)")
_s("op_ones_zeros_like", """
x = tf.constant([[1, 2], [3, 4]])
print(repr(tf.ones_like(x)))
print(repr(tf.zeros_like(x)))
print(repr(tf.zeros_like(x, dtype=tf.float32)))
print(repr(tf.ones_like([1.5, 2.5])))
print(repr(tf.ones_like(tf.Variable([1.0, 2.0]), dtype=tf.float64)))
print(repr(tf.zeros_like(tf.constant(True))))
""")
_reprs("op_range", "tf.range(5)", "tf.range(1, 10, 3)", "tf.range(5.0)", "tf.range(0, 1, 0.25)",
       "tf.range(5, dtype=tf.int64)", "tf.range(tf.constant(3, tf.int64))", "tf.range(10, 0, -3)",
       "tf.range(1, 2.5, 0.5)", "tf.range(3, dtype=tf.float64)", "tf.range(start=2, limit=5)",
       "tf.range(0)", "tf.range(5, 2, -1)")
_s("op_range_negative_limit_error", "tf.range(-2)")
_reprs("op_linspace", "tf.linspace(0.0, 1.0, 5)", "tf.linspace(0, 1, 3)", "tf.linspace(1.0, 10.0, 1)",
       "tf.linspace(tf.constant(0.0, tf.float64), 2.0, 3)", "tf.linspace(-1.0, 1.0, 4)")
_s("op_linspace_points", """
# TF's linspace_nd: start + delta * i, delta = (stop - start) / (num - 1), in start's dtype
for args in [(-9.59, 9.59, 11), (-7.0, 7.0, 11), (0.1, 1.0, 7), (0, 5, 4), (1.0, 2.0, 0),
             (tf.constant(0.1, tf.float64), 0.7, 9), (tf.constant([0.3, -2.0]), 2.7, 4)]:
    r = tf.linspace(*args)
    print(r.dtype.name, r.shape, r.numpy().tolist())
r = tf.linspace([[0.0], [1.0]], [2.5, 3.3], 5, axis=-1)
print(r.shape, r.numpy().tolist())
s, e = tf.constant([0.3, 1.0]), tf.constant(2.7)
with tf.GradientTape() as t:
    t.watch([s, e])
    y = tf.reduce_sum(tf.linspace(s, e, 5, axis=1) ** 2)
print([g.numpy().tolist() for g in t.gradient(y, [s, e])])
""")
_errs("op_linspace_errors", "tf.linspace(0, 1.5, 3)", "tf.linspace(0.0, 1.0, -3)",
      "tf.linspace(0.0, 1.0, 2.0)", "tf.linspace([0.0, 1.0], [1.0, 2.0, 3.0], 3)")
_s("op_add_n_order", """
# TF's AddN kernel: the first n % 8 terms (8 or 9 where that is 0 or 1) left to right,
# then each following chunk of 8 summed on its own and added
import numpy as np
xs = [tf.constant(np.float32(1.1) ** i * (-1) ** i * np.float32(3.7e3 if i % 5 else 1e-3))
      for i in range(19)]
for n in (2, 3, 8, 9, 10, 16, 17, 19):
    print(n, tf.add_n(xs[:n]).numpy().tolist())
# (in a tf.function TF's graph sums more than 16 terms in another order: not matched)
for n in (3, 10, 16):
    print(n, tf.function(lambda *t: tf.add_n(list(t)), autograph=False)(*xs[:n]).numpy().tolist())
""")
_reprs("op_identity_stop_gradient", "tf.identity([1.0, 2.0])", "tf.identity(tf.constant(3))",
       "tf.stop_gradient(tf.constant([1.5]))", "tf.identity(tf.Variable(2.0))",
       "tf.stop_gradient(tf.Variable([1, 2]))")
_s("op_concat", """
a = tf.constant([[1, 2], [3, 4]])
b = tf.constant([[5, 6]])
print(repr(tf.concat([a, b], axis=0)))
print(repr(tf.concat([a, tf.transpose(b * 0 + 9)], 1)))
print(repr(tf.concat([a, a], axis=-1)))
print(repr(tf.concat([[1.0, 2.0], [3.0]], 0)))
print(repr(tf.concat([tf.constant([1.0])], 0)))
""")
_s("op_stack", """
a = tf.constant([1, 2])
b = tf.constant([3, 4])
print(repr(tf.stack([a, b])))
print(repr(tf.stack([a, b], axis=1)))
print(repr(tf.stack([a, b], axis=-1)))
print(repr(tf.stack([1.0, 2.0, tf.constant(3.0)])))
print(tf.stack([tf.ones([2, 3])] * 4, axis=1).shape)
""")
_s("op_expand_dims_squeeze", """
x = tf.constant([1.0, 2.0])
print(repr(tf.expand_dims(x, 0)))
print(repr(tf.expand_dims(x, -1)))
print(repr(tf.expand_dims(x, axis=1)))
print(tf.expand_dims(tf.zeros([2, 3]), 1).shape, tf.expand_dims(tf.constant(3), 0).shape)
y = tf.zeros([1, 2, 1, 3, 1])
print(tf.squeeze(y).shape, tf.squeeze(y, axis=0).shape, tf.squeeze(y, [2, 4]).shape)
print(tf.squeeze(y, axis=-1).shape)
print(repr(tf.squeeze(tf.constant([[1.5]]))))
""")
_s("op_where_three_arg", """
c = tf.constant([True, False, True])
print(repr(tf.where(c, [1.0, 2.0, 3.0], [10.0, 20.0, 30.0])))
print(repr(tf.where(c, tf.constant([1, 2, 3]), 0)))
print(repr(tf.where(tf.constant([[True], [False]]), tf.ones([2, 3]), tf.zeros([1, 3]))))
x = tf.constant([-1.0, 0.0, 2.0])
print(repr(tf.where(x > 0, x, 0.0)))
""")
_reprs("op_where_one_arg", "tf.where(tf.constant([True, False, True]))",
       "tf.where(tf.constant([[1, 0], [0, 3]]) > 0)", "tf.where(tf.constant([False]))")
_reprs("op_relu", "tf.nn.relu([-1.0, 0.0, 2.5])", "tf.nn.relu(tf.constant([-3, 4]))",
       "tf.nn.relu(tf.constant([[-0.5, 0.5]], tf.float64))")
_s("op_softmax", """
x = tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(repr(tf.nn.softmax(x)))
print(repr(tf.nn.softmax(x, axis=0)))
print(repr(tf.nn.softmax([1000.0, 0.0])))
print(repr(tf.nn.softmax(tf.constant([0.5, 1.5], tf.float64))))
print(repr(tf.nn.softmax(x, axis=-1)[0]))
""")
_s("op_math_aliases", """
x = tf.constant([0.5, 2.0])
for f in [tf.math.add, tf.math.subtract, tf.math.multiply, tf.math.divide, tf.math.maximum,
          tf.math.minimum, tf.math.pow]:
    print(repr(f(x, 2.0)))
for f in [tf.math.negative, tf.math.abs, tf.math.square, tf.math.sqrt, tf.math.rsqrt, tf.math.exp,
          tf.math.log, tf.math.log1p, tf.math.sin, tf.math.cos, tf.math.tan, tf.math.tanh,
          tf.math.sigmoid, tf.math.reduce_sum, tf.math.reduce_mean, tf.math.reduce_max,
          tf.math.reduce_min, tf.math.reduce_prod]:
    print(repr(f(x)))
""")
_s("op_sqrt_int32_error", "tf.sqrt(tf.constant(4))")
_s("op_reduce_sum_bool_error", "tf.reduce_sum(tf.constant([True, False]))")
_s("op_matmul_shape_mismatch_error", "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))")
_s("op_broadcast_mismatch_error", "tf.ones([2, 3]) + tf.ones([4])")
_s("op_reshape_size_mismatch_error", "tf.reshape(tf.range(6), [2, 4])")
_s("op_int_pow_negative_error", "tf.pow(tf.constant([2, 3]), -1)")
_errs("op_errors_other",
      "tf.sqrt(4)",
      "tf.exp(tf.constant([1, 2]))",
      "tf.matmul(tf.ones([3]), tf.ones([3]))",
      "tf.multiply(tf.ones([2]), tf.ones([3]))",
      "tf.transpose(tf.ones([2, 3]), perm=[0, 0])",
      "tf.reduce_sum(tf.ones([2, 3]), axis=2)",
      "tf.concat([tf.constant([1.0]), tf.constant([1.0], tf.float64)], 0)",
      "tf.concat([tf.ones([2, 2]), tf.ones([2, 3])], axis=0)",
      "tf.stack([tf.ones([2]), tf.ones([3])])",
      "tf.squeeze(tf.zeros([1, 2]), axis=1)",
      "tf.where(tf.constant([True]), tf.constant([1.0]), tf.constant([1]))",
      "tf.nn.relu(tf.constant([True]))",
      "tf.reduce_mean(tf.constant([True]))")


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("op_arith", "op_add", "op_subtract_multiply", "op_divide", "op_floordiv_mod", "op_pow"),
    ("op_unary_math", "op_negative_abs", "op_square_sqrt_rsqrt", "op_exp_log"),
    ("op_trig_tanh_sigmoid", "op_trig", "op_tanh_sigmoid"),
    ("op_maximum_minimum_clip", "op_maximum_minimum", "op_clip_by_value"),
    ("op_reduce_max_min_prod_empty", "op_reduce_max_min_prod", "op_reduce_empty"),
    ("op_reshape_transpose", "op_reshape", "op_transpose"),
    ("op_ones_zeros_fill", "op_ones_zeros", "op_fill", "op_ones_zeros_like"),
    ("op_range_linspace", "op_range", "op_linspace"),
    ("op_concat_stack_identity", "op_identity_stop_gradient", "op_concat", "op_stack"),
    ("op_where", "op_where_three_arg", "op_where_one_arg"),
    ("op_relu_softmax", "op_relu", "op_softmax"),
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

TOLERANCE = {
    'op_unary_math': Tolerance(_KERN + '; ' + _F64, rtol=1e-07, float64_ulps=1),
}
