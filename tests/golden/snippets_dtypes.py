"""Golden snippets: tf.DType (names, predicates, as_dtype, equality), conversion
(tf.constant and tf.convert_to_tensor of Python and NumPy values: inferred dtypes, int
widths, dtype and shape arguments, errors; tf_semantics.md D.1) and binary-op promotion
(D.2, D.3): mixed dtypes, Python scalars and NumPy values with tensors, division, floor
division, powers and the Python operators on tensors."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs
_reprs = SNIPPETS.reprs

ALL_DTYPES = ("[tf.bool, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16, "
              "tf.uint32, tf.uint64, tf.bfloat16, tf.float16, tf.float32, tf.float64, "
              "tf.complex64, tf.complex128]")

# ---------------------------------------------------------------------------
# dtypes

_s("dtype_repr_str_name", f"""
for d in {ALL_DTYPES}:
    print(repr(d), str(d), d.name)
""")
_s("dtype_as_numpy_dtype", f"""
for d in {ALL_DTYPES}:
    print(d.name, d.as_numpy_dtype, np.dtype(d.as_numpy_dtype).name)
""")
_s("dtype_predicates", f"""
for d in {ALL_DTYPES}:
    print(d.name, d.is_floating, d.is_integer, d.is_complex, d.is_bool, d.is_unsigned)
""")
_s("dtype_aliases", """
print(repr(tf.half), repr(tf.double))
print(tf.half == tf.float16, tf.double == tf.float64)
print(tf.dtypes.float32 is tf.float32, tf.dtypes.int64 is tf.int64)
print(isinstance(tf.float32, tf.dtypes.DType))
print(repr(tf.dtypes.as_dtype('int8')))
""")
_s("dtype_as_dtype_strings", """
for s in ['float32', 'float64', 'int32', 'int64', 'bool', 'uint8', 'int8', 'int16',
          'float16', 'bfloat16', 'complex64', 'complex128', 'half', 'double', 'float']:
    print(s, repr(tf.as_dtype(s)))
""")
_s("dtype_as_dtype_numpy", """
for x in [np.float32, np.float64, np.int32, np.int64, np.bool_, np.uint8, np.int16,
          np.complex64, np.complex128, np.float16, np.dtype('float16'), np.dtype('int8'),
          np.dtype('uint64')]:
    print(repr(tf.as_dtype(x)))
""")
_s("dtype_as_dtype_dtype_and_python_types", """
print(repr(tf.as_dtype(tf.int32)), tf.as_dtype(tf.int32) is tf.int32)
print(tf.as_dtype(np.float64) is tf.float64, tf.as_dtype('float32') is tf.float32)
print(repr(tf.as_dtype(float)), repr(tf.as_dtype(bool)))
""")
_s("dtype_as_dtype_bad_string_error", "tf.as_dtype('foo')")
_errs("dtype_as_dtype_errors", "tf.as_dtype(None)", "tf.as_dtype(int)", "tf.as_dtype('int')")
_s("dtype_equality", """
print(tf.float32 == np.float32, tf.float32 == 'float32', tf.float32 == np.dtype('float32'))
print(tf.float32 == tf.float64, tf.float32 != tf.float64, tf.float32 == 'float64')
print(tf.float32 == np.float64, tf.int32 == np.int32, tf.int64 == 'int64')
print(tf.float32 == None, tf.float32 != None)
print(tf.bool == np.bool_, tf.complex64 == np.complex64)
""")
_s("dtype_hash", """
d = {tf.float32: 'f', tf.int32: 'i'}
print(d[tf.as_dtype('int32')], d[tf.as_dtype(np.float32)])
print(len({tf.float32, tf.as_dtype('float32'), tf.float64}))
print([tf.float32, tf.int32])
""")
_s("dtype_of_tensor", """
t = tf.constant([1.0])
print(t.dtype, repr(t.dtype), t.dtype.name)
print(t.dtype == tf.float32, t.dtype == np.float32, t.dtype == 'float32', t.dtype is tf.float32)
print(t.dtype.as_numpy_dtype, t.dtype.is_floating, tf.constant(1).dtype.is_integer)
""")

# ---------------------------------------------------------------------------
# conversion and inference (tf_semantics.md D.1)

def _convs(name, *exprs):
    """repr of each converted value, then its dtype and shape."""
    _s(name, "\n".join(f"t = {e}\nprint(repr(t))\nprint(t.dtype, t.shape)" for e in exprs))


_convs("const_python_scalars", "tf.constant(1.0)", "tf.constant(1)", "tf.constant(True)",
       "tf.constant(1 + 2j)", "tf.constant(float('nan'))", "tf.constant(-0.5)")
_convs("const_python_sequences", "tf.constant([1, 2.0])", "tf.constant((1.0, 2.0))",
       "tf.constant([[1, 2, 3], [4, 5, 6]])", "tf.constant([[[1.0], [2.0]], [[3.0], [4.0]]])",
       "tf.constant([])", "tf.constant([[]])", "tf.constant([True, False])",
       "tf.constant([1.5, 2**40])")
_convs("const_python_int_widths", "tf.constant([2**31 - 1, -2**31])", "tf.constant(2**31)",
       "tf.constant(2**40)", "tf.constant([1, 2**40])", "tf.constant(-2**31 - 1)",
       "tf.constant(2**63 - 1)", "tf.constant(-2**63)")
_s("const_int_2_70_error", "tf.constant(2**70)")
_s("const_int_2_63_error", "tf.constant(2**63)")
_s("const_non_rectangular_error", "tf.constant([[1, 2], [3]])")
_s("const_none_error", "tf.constant(None)")
_convs("const_numpy_inputs", "tf.constant(np.float64(1.0))", "tf.constant(np.float32(1.5))",
       "tf.constant(np.int32(1))", "tf.constant(np.int64(1))", "tf.constant(np.bool_(True))",
       "tf.constant(np.array([1.0, 2.0]))", "tf.constant(np.array([1, 2]))",
       "tf.constant(np.array(1.0, np.float16))", "tf.constant(np.array([1, 255], np.uint8))",
       "tf.constant(np.array([True, False]))", "tf.convert_to_tensor(np.arange(6.0).reshape(2, 3))")
_convs("const_dtype_argument", "tf.constant(1, dtype=tf.float32)", "tf.constant([1, 2], dtype=tf.float64)",
       "tf.constant(1.0, dtype='float64')", "tf.constant(1, dtype=np.float64)",
       "tf.constant([0.1, 2.5], dtype=tf.float16)", "tf.constant(3, dtype=tf.int64)",
       "tf.constant([1.0, 2.0], dtype=tf.complex64)", "tf.constant(True, dtype=tf.bool)",
       "tf.constant(300, dtype=tf.uint8)", "tf.constant(-1, dtype=tf.uint8)",
       "tf.constant(2**40 + 5, dtype=tf.int32)")
_convs("const_numpy_input_is_cast", "tf.constant(np.array([1.7, -1.7]), dtype=tf.int32)",
       "tf.convert_to_tensor(np.array([1.0]), dtype=tf.float32)",
       "tf.constant(np.float64(0.1), dtype=tf.float32)")
_s("const_dtype_float_to_int_error", "tf.constant(1.5, dtype=tf.int32)")
_errs("const_dtype_errors", "tf.constant([1, 2.5], dtype=tf.int32)",
      "tf.convert_to_tensor(2.5, dtype=tf.int32)", "tf.constant([1.0, None])")
_convs("const_shape_argument", "tf.constant(0.0, shape=[2, 3])", "tf.constant([1., 2.], shape=[2, 1])",
       "tf.constant([1, 2, 3, 4, 5, 6], shape=(3, 2))", "tf.constant(7, shape=(2,), dtype=tf.int64)")
_s("const_shape_mismatch_error", "tf.constant([1.0, 2.0], shape=[3])")
_s("convert_tensor_dtype_mismatch_error", "tf.convert_to_tensor(tf.constant(1.0), dtype=tf.float64)")
_s("const_tensor_dtype_mismatch_error", "tf.constant(tf.constant(1.0), dtype=tf.float64)")
_s("convert_tensor_same_object", """
t = tf.constant([1.0, 2.0])
print(tf.convert_to_tensor(t) is t, tf.convert_to_tensor(t, dtype=tf.float32) is t)
print(repr(tf.constant(t)))
""")
_convs("convert_python_values", "tf.convert_to_tensor(2.5)", "tf.convert_to_tensor([[1, 2], [3, 4]])",
       "tf.convert_to_tensor([tf.constant(1.0), tf.constant(2.0), 3.0])",
       "tf.convert_to_tensor([[tf.constant(1), 2], [3, tf.constant(4)]])")
_s("convert_variable", """
v = tf.Variable([1.0, 2.0])
t = tf.convert_to_tensor(v)
print(repr(t), isinstance(t, tf.Tensor), isinstance(t, tf.Variable))
""")
_reprs("convert_dtype_hint", "tf.convert_to_tensor(1, dtype_hint=tf.float32)",
       "tf.convert_to_tensor(1.5, dtype_hint=tf.int32)",
       "tf.convert_to_tensor([1, 2], dtype_hint=tf.float64)",
       "tf.convert_to_tensor(np.array([1, 2]), dtype_hint=tf.float32)",
       "tf.convert_to_tensor(tf.constant(1), dtype_hint=tf.float32)")

# ---------------------------------------------------------------------------
# binary-op promotion (D.2, D.3)

_s("mix_f32_f64_add_error", "tf.constant(1.0) + tf.constant(1.0, tf.float64)")
_s("mix_i32_f32_add_error", "tf.constant(1) + tf.constant(1.0)")
_s("mix_f32_f64_matmul_error", "tf.matmul(tf.ones([2, 2]), tf.ones([2, 2], tf.float64))")
_errs("mix_tensor_tensor_errors",
      "tf.constant(1.0) + tf.constant(1)",
      "tf.constant(2) * tf.constant(3, tf.int64)",
      "tf.constant([1.0]) - tf.constant([1.0], tf.float64)",
      "tf.constant([1.0]) / tf.constant([2.0], tf.float64)",
      "tf.constant(1.0, tf.float16) * tf.constant(2.0)",
      "tf.add(tf.constant(1.0), tf.constant(2.0, tf.float64))",
      "tf.maximum(tf.constant(1.0), tf.constant(2.0, tf.float64))",
      "tf.constant(1.0) ** tf.constant(2)")
_s("mix_error_class", """
try:
    tf.constant(1.0) + tf.constant(1.0, tf.float64)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, isinstance(e, tf.errors.OpError))
    print(e.message)
""")
_reprs("scalar_adopts_tensor_dtype", "tf.constant(1.0) + 1", "1 + tf.constant(2.0)",
       "tf.constant([1.0, 2.0]) * 2", "2 - tf.constant(0.5)", "tf.constant(2.0, tf.float64) * 3",
       "tf.constant(2.0, tf.float64) + 0.1", "tf.constant(1.0, tf.float16) + 1.5",
       "tf.constant(3, tf.int64) + 2", "tf.constant(1.0, tf.bfloat16) * 3",
       "tf.constant(1 + 1j, tf.complex64) * 2", "tf.constant(5, tf.uint8) - 1")
_reprs("overflow_wraps", "tf.constant(3, tf.uint8) + 255", "tf.constant(1) + 2**31",
       "tf.constant(2**31 - 1) + 1", "tf.constant(100, tf.int8) * 2")
_s("int_plus_float_error", "tf.constant(1) + 1.5")
_s("tf_add_int_float_error", "tf.add(1, 2.5)")
_s("reflected_float_plus_int_tensor_error", "1.5 + tf.constant(1)")
_s("int_pow_half_error", "tf.constant(2) ** 0.5")
_errs("int_with_python_float_errors", "tf.constant(1) + 2.0", "2.0 * tf.constant([1, 2])",
      "tf.constant([1, 2]) > 1.5", "tf.constant([1, 2]) - 0.5", "tf.multiply(tf.constant(2), 0.5)")
_reprs("tf_add_python_values", "tf.add(1, 2)", "tf.add(1.0, 2.5)",
       "tf.add(tf.constant([1.0, 2.0]), [3, 4])", "tf.add([1, 2], [3, 4])")
_reprs("numpy_scalar_with_float_tensor", "tf.constant(1.0) + np.float64(2.0)",
       "np.float64(2.0) + tf.constant(1.0)", "np.float64(2.0) * tf.constant([1.0, 2.0])",
       "tf.constant(1.0, tf.float64) * np.float32(3.0)")
_s("numpy_array_with_float_tensor", """
r = np.array([2.0, 3.0]) * tf.constant([1.0, 2.0])
print(isinstance(r, tf.Tensor))
print(repr(r))
print(repr(tf.constant([1.0]) + np.array([2.0])))
print(repr(tf.constant([1.0]) + np.array([2])))
""")
_reprs("numpy_with_int_tensor", "tf.constant(1) + np.int64(2)", "np.int64(2) * tf.constant(3)",
       "tf.constant(1) + np.float64(2.5)", "tf.constant([1, 2]) + np.array([0.5, 1.5])")
_reprs("div_ints_give_float64", "tf.constant([7, -7]) / tf.constant([2, 2])", "tf.constant(1) / 2",
       "7 / tf.constant(2)", "tf.math.divide(7, 2)", "tf.constant(7, tf.int64) / 2")
_reprs("div_small_ints_and_floats", "tf.constant([7], tf.int16) / tf.constant([2], tf.int16)",
       "tf.constant([7], tf.uint8) / tf.constant([2], tf.uint8)", "tf.constant([1.0, 2.0]) / 3.0",
       "tf.constant([1.0, -1.0, 0.0]) / 0.0")
_reprs("floordiv_mod_ints", "tf.constant([-7, 7, -7, 7]) // tf.constant([2, 2, -2, -2])",
       "tf.constant(-7) // 2", "tf.constant([-7, 7, -7, 7]) % tf.constant([3, 3, -3, -3])",
       "tf.constant(-7) % 3", "7 // tf.constant(2)", "-7 % tf.constant(3)")
_reprs("floordiv_mod_floats", "tf.constant(-7.5) // 2.0", "tf.constant(-7.5) % 2.0",
       "tf.constant([7.5, -7.5]) % -2.0", "7.0 // tf.constant([2.0, -2.0])")
_reprs("pow_values", "tf.constant(2) ** 10", "tf.constant([2, 3]) ** tf.constant([3, 2])",
       "2 ** tf.constant(3)", "tf.constant(4.0) ** 0.5", "tf.constant([2.0, 9.0]) ** -1",
       "2.0 ** tf.constant([0.5, 3.0])")
_s("int_pow_negative_int_error", "tf.constant(2) ** -1")
_s("comparisons_return_tensors", """
t = tf.constant([1.0, 2.0, 3.0])
print(repr(t > 2), repr(t >= 2), repr(t < 2), repr(t <= 2), sep='\\n')
print(repr(tf.constant([1, 2]) > 1))
print(repr(2.0 < t))
""")
_s("bool_and_bitwise_operators", """
a = tf.constant([True, True, False])
b = tf.constant([True, False, False])
print(repr(a & b)); print(repr(a | b)); print(repr(a ^ b)); print(repr(~a))
print(repr(tf.constant(6) & tf.constant(3)), repr(tf.constant(6) | 1))
""")
_s("unary_operators", """
t = tf.constant([-1.5, 2.0])
print(repr(-t)); print(repr(abs(t)))
print(repr(-tf.constant(3))); print(repr(abs(tf.constant([-3, 4]))))
""")
_s("unary_plus_error", "+tf.constant(1.0)")
_s("matmul_operator", """
a = tf.constant([[1.0, 2.0]])
b = tf.constant([[3.0], [4.0]])
print(repr(a @ b))
print(repr(b @ a))
""")
_s("reflected_ops_values", """
t = tf.constant([1.0, 2.0, 4.0])
print(repr(10 - t)); print(repr(1 / t)); print(repr(2 ** t)); print(repr(3 * t))
print(repr(10 // t)); print(repr(10 % t)); print(repr(1 + t))
""")


# ---------------------------------------------------------------------------
# float64 values keep Python's precision

_s("float64_constants_keep_python_precision", """
print(repr(tf.constant(0.3, tf.float64).numpy()), repr(tf.constant([0.3, 0.1], tf.float64).numpy()))
print(repr(tf.Variable(0.1, dtype=tf.float64).numpy()), repr(tf.convert_to_tensor(0.7, tf.float64).numpy()))
print(repr((tf.constant(1.0, tf.float64) * 0.3).numpy()), tf.constant(0.1, tf.complex128))
print(tf.constant(1e300, tf.float64), tf.constant(70000.0, tf.float16), tf.constant(1e39, tf.float32))
print(tf.constant([float('inf'), 1.0]), tf.constant(np.float64(1e300)))
for bad in (1e300, [1.0, 3.5e38]):
    try:
        tf.constant(bad)
    except ValueError as e:
        print(type(e).__name__, e)
""", verbatim=True)

SNIPPETS.check_compiles()

_s("as_dtype_of_arrays", """
print(tf.int32 == np.array([1], np.int32), tf.float32 == np.array([1.0]),
      tf.as_dtype(np.array([1.0])), tf.as_dtype(np.zeros((2, 2), np.uint8)))
for v in [tf.constant([1]), [1, 2], object()]:
    try:
        print(tf.as_dtype(v))
    except Exception as e:
        print(type(e).__name__, str(e).split(':')[0])
print(tf.int32 == tf.constant([1]), tf.int32 != np.array([1.0]))
""")

_s("unconvertible_values", """
class WithGetitem:
    def __getitem__(self, i):
        return 1
class Plain:
    def __repr__(self):
        return "Plain()"
for make in [lambda: tf.constant(WithGetitem()), lambda: tf.constant([WithGetitem()]),
             lambda: tf.convert_to_tensor(Plain()), lambda: tf.constant([1., Plain()]),
             lambda: tf.math.argmax(WithGetitem()), lambda: tf.math.argmax([WithGetitem()]),
             lambda: tf.add(WithGetitem(), 1), lambda: tf.convert_to_tensor({"a": 1})]:
    try:
        print(make())
    except Exception as e:
        print(type(e).__name__, repr(str(e)))
""")

# A Python range converts as the sequence it is (int32, int64 when needed, float32 when
# empty); Python ints from 2**63 up are out of range in any sequence.
_reprs("range_values",
       "tf.constant(range(3))", "tf.convert_to_tensor(range(5, 0, -2))", "tf.constant(range(0))",
       "tf.constant(range(2**31 - 1, 2**31 + 1))", "tf.constant([range(2), range(2)])",
       "tf.constant(range(3), tf.float32)", "tf.constant(range(3), tf.uint8)",
       "tf.reshape(range(6), [2, 3])", "tf.range(3) + range(3)",
       "tf.constant([-2**63])", "tf.constant([2**63], tf.uint64)")
_errs("out_of_range_int_sequences",
      "print(repr(tf.constant([2**63])))", "print(repr(tf.constant([2**63, 1])))",
      "print(repr(tf.constant([1, 2**63])))", "print(repr(tf.constant([2**64])))",
      "print(repr(tf.constant([[1.5], [2**63]])))", "print(repr(tf.constant(range(2**63, 2**63 + 1))))",
      "print(repr(tf.constant([2**63, 1.5])))", "print(repr(tf.constant([1, 1.5, 2**63])))",
      "print(repr(tf.constant([[1], [2**63], [1.5]])))", "print(repr(tf.constant([1.5, 2**64])))",
      "print(repr(tf.constant([1.5, 2**1100])))", "print(repr(tf.constant([1.5, -2**70, 3])))")

# `x * y` with a bool Tensor on either side (TF 2.21's _mul_dispatch_factory): both cast to
# int32, multiplied, cast to bool; a reflected Python value converts to bool strictly.
_s("bool_tensor_products", """
t = tf.constant([True, False])
v = tf.Variable([True, True])
i = tf.constant([3, 0])
f = tf.constant([0.5, 2.0])
for src in ["t * 2", "t * 0", "t * 2.5", "t * -1", "t * 1e10", "t * [2, 0]", "t * True",
            "t * np.array([2.7, -0.2])", "t * np.int64(2)", "i * t", "t * i", "f * t",
            "v * 2", "i * v", "2 * t", "True * t", "tf.constant([2**32, 3], tf.int64) * t",
            "tf.constant(1) * True", "t * None", "t * tf.constant(['a', 'b'])",
            "tf.multiply(t, 2)", "t + 2", "t & 2"]:
    try:
        print(src, "->", repr(eval(src)))
    except Exception as e:
        print(src, "!!", type(e).__name__, e)
x = tf.constant([1.5, 2.0])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(tf.cast(t * x, tf.float32) * x)
print(g.gradient(y, x))
fn = tf.function(lambda a, b: a * b, autograph=False)
print(fn(t, 3), fn(i, t), fn(t, 2.5), fn(f, t))
""")
