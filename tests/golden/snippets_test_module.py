"""Golden snippets: tf.test.compute_gradient (gradient_checker_v2): the theoretical and
numeric Jacobians' values, dtypes, shapes and layout (complex elements as two reals,
IndexedSlices gradients, unconnected and empty results), on eager functions and
tf.functions, and its errors; the tf.test build queries. tf.test.TestCase itself is
tests/test_tf_testcase.py's."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_SHOW = """
def show(result):
    theoretical, numeric = result
    print(type(result).__name__, len(theoretical), len(numeric))
    for t, n in zip(theoretical, numeric):
        print(type(t).__name__, t.dtype, t.shape, n.dtype, n.shape)
        print(repr(t))
        print(repr(n))
"""

_s("square", _SHOW + """
show(tf.test.compute_gradient(lambda x: x * x, [1.0]))
show(tf.test.compute_gradient(lambda x: x * x, (3.0,), delta=0.5))
""")

_s("matmul_two_args", _SHOW + """
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[0.5], [-1.0]])
show(tf.test.compute_gradient(tf.matmul, [x, y]))
""")

_s("float64_and_function", _SHOW + """
@tf.function
def f(a, b):
    return a * b + a * a
show(tf.test.compute_gradient(f, [np.array([1.0, 2.0]), np.array([3.0, -0.25])]))
""")

_s("same_tensor_twice", _SHOW + """
x = tf.constant([2.0, 3.0])
show(tf.test.compute_gradient(lambda a, b: a * b, [x, x]))
""")

_s("broadcast_and_reduce", _SHOW + """
show(tf.test.compute_gradient(lambda a, b: tf.reduce_sum(a + b, axis=0),
                              [tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), tf.constant([1.0, 2.0, 4.0])]))
""")

_s("complex_input", _SHOW + """
show(tf.test.compute_gradient(lambda z: z * z, [tf.constant([1.0 + 2.0j], tf.complex64)]))
show(tf.test.compute_gradient(lambda z: tf.math.real(z) * 2.0, [tf.constant([1.0 - 1.0j, 0.5j], tf.complex128)]))
""")

_s("complex_output", _SHOW + """
show(tf.test.compute_gradient(lambda x: tf.complex(x, 2.0 * x), [tf.constant([1.0, 2.0])]))
""")

_s("indexed_slices_gradient", _SHOW + """
params = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
show(tf.test.compute_gradient(lambda p: tf.gather(p, [0, 2, 0]) * 2.0, [params]))
""")

_s("unconnected", _SHOW + """
show(tf.test.compute_gradient(lambda a, b: a * 2.0, [tf.constant([1.0, 2.0]), tf.constant(3.0)]))
show(tf.test.compute_gradient(lambda a: tf.stop_gradient(a) * a, [tf.constant([1.0, 2.0])]))
""")

_s("empty_output", _SHOW + """
show(tf.test.compute_gradient(lambda a: a[:0] * 2.0, [tf.constant([1.0, 2.0])]))
""")

_s("half_precision", _SHOW + """
show(tf.test.compute_gradient(lambda a: a * a, [tf.constant([1.0, 2.0], tf.float16)]))
show(tf.test.compute_gradient(lambda a: a * 3.0, [tf.constant([1.5], tf.bfloat16)]))
""")

_s("scalar_output_of_vector", _SHOW + """
show(tf.test.compute_gradient(lambda a: tf.reduce_sum(a * a), [[1.0, 2.0, 3.0]]))
""")

_s("transcendental_rounded", """
t, n = tf.test.compute_gradient(lambda a: tf.exp(a) + tf.sin(a), [tf.constant([0.5, 1.0], tf.float64)])
print(t[0].dtype, t[0].shape, np.round(t[0], 6), np.round(n[0], 6))
print(np.max(np.abs(t[0] - n[0])) < 1e-5)
""")

SNIPPETS.errs(
    "compute_gradient_errors",
    "tf.test.compute_gradient(lambda x: x, 1.0)",
    "tf.test.compute_gradient(lambda x: x * 2, [tf.constant([1, 2])])",
    "tf.test.compute_gradient(lambda x: tf.cast(x, tf.int32), [1.0])",
    "tf.test.compute_gradient(lambda x: None, [1.0])",
)

_s("build_queries", """
print(tf.test.is_built_with_xla(), tf.test.is_built_with_rocm())
print([tf.test.is_cpu_target_available(t) for t in ("x86_64", "aarch64", "arm", "ppc", "s390x")])
try:
    tf.test.is_cpu_target_available("riscv")
except AssertionError as e:
    print("AssertionError:", e)
print(tf.test.with_eager_op_as_function(int) is int)
print(tf.test.experimental.sync_devices())
""")
