"""Golden snippets for the tfcompat core (issue 2).

``SNIPPETS`` maps a name to a short TF2 program. Each program sees only ``tf`` and
``np`` (pre-bound) and prints what it checks; an exception that escapes is part of
the recorded answer. ``record.py`` runs them under real TensorFlow 2.21 and writes
``core.json``; ``tests/test_golden_core.py`` runs them under tfcompat and compares.

Scope: dtypes, conversion and promotion, printing, the Tensor protocol, TensorShape,
Variable, tf.errors, the first op set (values and gradients) and GradientTape.
Everything is deterministic: no randomness, no addresses, no timing.

Snippets named ``*_error`` let one exception escape. ``*_errors`` snippets run
several statements, each in its own try block, printing ``TypeName: message`` (or
``no error``) per statement, in order.
"""
import textwrap
from collections import OrderedDict

SNIPPETS = OrderedDict()


def _s(name, source):
    assert name not in SNIPPETS, f"duplicate snippet name {name}"
    SNIPPETS[name] = textwrap.dedent(source).strip("\n") + "\n"


def _reprs(name, *exprs):
    """Print repr() of each expression, one per line."""
    _s(name, "\n".join(f"print(repr({e}))" for e in exprs))


def _strs_reprs(name, *exprs):
    """Print str() then repr() of each expression."""
    _s(name, "\n".join(f"t = {e}\nprint(str(t))\nprint(repr(t))" for e in exprs))


def _errs(name, *statements):
    """Run each statement in its own try block; print the exception (or 'no error')."""
    blocks = []
    for st in statements:
        body = textwrap.indent(textwrap.dedent(st).strip("\n"), "    ")
        blocks.append(f"try:\n{body}\n    print('no error')\n"
                      f"except Exception as e:\n    print(type(e).__name__ + ':', e)")
    _s(name, "\n".join(blocks))


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
# printing (C.1, C.2)

_strs_reprs("print_scalars_float", "tf.constant(6.0)", "tf.constant(0.1)", "tf.exp(1.0)",
            "tf.constant(0.1, tf.float16)", "tf.constant(0.1, tf.float64)",
            "tf.constant(1.5, tf.bfloat16)", "tf.constant(1e-7)", "tf.constant(123456789.0)")
_strs_reprs("print_scalars_other", "tf.constant(3)", "tf.constant(True)", "tf.constant(1 + 2j)",
            "tf.constant(1 + 2j, tf.complex64)", "tf.constant(5, tf.int64)", "tf.constant(200, tf.uint8)",
            "tf.constant(-4, tf.int8)")
_strs_reprs("print_special_values", "tf.constant([-0.0, float('nan'), float('inf'), -float('inf')])",
            "tf.constant(float('nan'))", "tf.constant(-float('inf'), tf.float64)")
_strs_reprs("print_vectors", "tf.constant([0.1, 1.0 / 3.0])", "tf.constant([1, 2, 3])",
            "tf.constant([1, 2, 3], tf.int64)", "tf.constant([1.5, 2.0], tf.float64)",
            "tf.constant([1.5, 2.0], tf.float16)", "tf.constant([1.5, 2.0], tf.bfloat16)",
            "tf.constant([1, 255], tf.uint8)", "tf.constant([True, False])",
            "tf.constant([1 + 2j, 3 - 4j], tf.complex64)", "tf.constant([-1.0, 1e-3, 250.0])")
_strs_reprs("print_matrices", "tf.constant([[1.0, 2.0], [3.0, 4.0]])", "tf.constant([[1, 2, 3], [4, 5, 6]])",
            "tf.constant([[1e-8, 1.0], [1e8, 2.5]])", "tf.constant([[True], [False]])")
_strs_reprs("print_3d", "tf.reshape(tf.range(12.0), [2, 3, 2])")
_strs_reprs("print_empty", "tf.zeros([0])", "tf.zeros([0, 3])", "tf.constant([], tf.int32)",
            "tf.zeros([2, 0], tf.float64)")
_strs_reprs("print_large_range", "tf.range(2000)")
_strs_reprs("print_large_float", "tf.range(1001.0)")
_strs_reprs("print_large_2d", "tf.reshape(tf.range(2000), [40, 50])")
_s("print_format_scalar", """
t = tf.constant(6.5)
print(format(t))
print(f'{t}')
print(f'{t:.2f}')
print('{:.3f}'.format(t))
print('%s' % t)
print('%r' % (t,))
print('%.1f' % t)
print('%d' % tf.constant(3))
print(f'{tf.constant(3):04d}')
""")
_s("print_format_nonscalar_error", "print(f'{tf.constant([1.0, 2.0]):.2f}')")
_s("print_containers_use_repr", """
print([tf.constant(1.0), tf.constant([1, 2])])
print((tf.constant(True),))
print({'a': tf.constant(2.5)})
print('value:', tf.constant([1.0, 2.0]), tf.constant(3))
""")

# ---------------------------------------------------------------------------
# Tensor protocol (C.3)

_s("tensor_isinstance", """
t = tf.constant(1.0)
print(isinstance(t, tf.Tensor), isinstance(t, tf.Variable))
print(t.__array_priority__)
""")
_s("tensor_hash_error", "hash(tf.constant(1.0))")
_s("tensor_hash_in_set_error", "{tf.constant([1, 2])}")
_s("tensor_scalar_conversions", """
t = tf.constant(2.5)
print(bool(t), float(t), int(t))
print(bool(tf.constant(0.0)), bool(tf.constant([1.0])), bool(tf.constant(False)), bool(tf.constant([[0]])))
print(float(tf.constant(3)), int(tf.constant(-2.7)), int(tf.constant(7, tf.int64)))
""")
_s("tensor_index_protocol", """
i = tf.constant(2)
print([10, 20, 30, 40][i], 'abcdef'[i:], hex(i), range(10)[i])
print([10, 20, 30][tf.constant(1, tf.int64)])
""")
_s("tensor_bool_nonscalar_error", "bool(tf.constant([1.0, 2.0]))")
_errs("tensor_scalar_conversion_errors", "float(tf.constant([1.0, 2.0]))", "int(tf.constant([1, 2]))",
      "float(tf.constant([4.0]))", "[1, 2, 3][tf.constant(1.0)]", "[1, 2, 3][tf.constant([1])]",
      "if tf.constant([1, 2]) > 0:\n    print('yes')")
_s("tensor_python_control_flow", """
x = tf.constant(3.0)
if x > 2:
    print('big')
while x > 0:
    x = x - 1.5
print(x)
print('yes' if tf.constant([5]) else 'no', 'yes' if tf.constant(0) else 'no')
""")
_s("tensor_len", "print(len(tf.zeros([3, 2])), len(tf.constant([1, 2])), len(tf.zeros([0, 4])))")
_s("tensor_len_scalar_error", "len(tf.constant(1.0))")
_s("tensor_iteration", """
for row in tf.constant([[1, 2], [3, 4]]):
    print(repr(row))
a, b = tf.constant([5.0, 6.0])
print(a, b)
print(list(tf.constant([1, 2, 3])))
""")
_s("tensor_iteration_scalar_error", """
for x in tf.constant(1.0):
    print(x)
""")
_s("tensor_eq_none", """
t = tf.constant([1.0, 2.0])
print(t == None, t != None)
print(repr(tf.constant(1) == None))
""")
_s("tensor_eq_elementwise", """
t = tf.constant([1, 2, 3])
print(repr(t == t)); print(repr(t != tf.constant([1, 0, 3])))
print(repr(t == [1, 5, 3])); print(repr(t == 2))
print(repr(tf.constant([1.0, 2.0]) == 2))
""")
_s("tensor_eq_incompatible_shapes", """
print(repr(tf.constant([1, 2]) == tf.constant([1, 2, 3])))
print(repr(tf.constant([1, 2]) != tf.constant([1, 2, 3])))
""")
_s("tensor_eq_different_dtype_error", "tf.constant([1, 2]) == tf.constant([1.0, 2.0])")
_s("tensor_in_list", """
t = tf.constant(2.0)
print(t in [t], t in [tf.constant(1.0), tf.constant(2.0)])
""")
_s("tensor_numpy_types", """
for t in [tf.constant(1.5), tf.constant(2), tf.constant(True), tf.constant(1.0, tf.float64),
          tf.constant(7, tf.int64), tf.constant([1.0, 2.0]), tf.constant([[1]])]:
    n = t.numpy()
    print(type(n).__name__, n.dtype, repr(n))
""")
_s("tensor_numpy_is_copy", """
t = tf.constant([1.0, 2.0])
n = t.numpy()
try:
    n[0] = 10.0
except ValueError as e:
    print('read-only:', e)
print(t)
""")
_s("tensor_np_asarray", """
t = tf.constant([[1, 2], [3, 4]])
a = np.asarray(t)
print(type(a).__name__, repr(a))
print(repr(np.array(tf.constant(1.5))))
print(repr(np.asarray(tf.constant([1.0, 2.0]), dtype=np.float64)))
""")
_s("tensor_numpy_ufuncs", """
t = tf.constant([1.0, 2.0])
r = np.square(t)
print(type(r).__name__, repr(r))
print(repr(np.sum(t)), type(np.sum(t)).__name__)
print(repr(np.mean(tf.constant([1, 2]))))
""")
_s("tensor_ndim_shape", """
for t in [tf.constant(1.0), tf.constant([1, 2]), tf.zeros([2, 3, 4])]:
    print(t.ndim, t.shape, repr(t.shape), t.shape.as_list(), t.shape.rank, t.get_shape())
""")
_s("tensor_shape_comparisons", """
t = tf.zeros([2, 3])
print(t.shape == (2, 3), t.shape == [2, 3], t.shape == tf.TensorShape([2, 3]), t.shape != (3, 2))
print(tf.constant(1.0).shape == (), tf.constant(1.0).shape == [])
print(t.shape[0], type(t.shape[0]).__name__, t.shape[-1], t.shape[1:], repr(t.shape[1:]))
print(tuple(t.shape), list(t.shape), len(t.shape), t.shape[0] * 2)
""")
_s("tensor_setitem_error", """
t = tf.constant([1.0, 2.0])
t[0] = 5.0
""")
_s("tensor_getitem_ints", """
t = tf.reshape(tf.range(24), [2, 3, 4])
print(repr(t[0]))
print(repr(t[-1, 1]))
print(repr(t[1, 2, 3]))
print(repr(t[0][1][-1]))
""")
_s("tensor_getitem_slices", """
t = tf.reshape(tf.range(24), [2, 3, 4])
print(repr(t[0, :, 1]))
print(repr(t[:, 1:3, ::2]))
print(repr(t[1, ::-1, -2:]))
print(repr(t[::-1, -1, ::-3]))
print(repr(t[:, 5:, :].shape), repr(t[0, 1:100]))
""")
_s("tensor_getitem_ellipsis_newaxis", """
t = tf.reshape(tf.range(6.0), [2, 3])
print(repr(t[..., 1]))
print(repr(t[..., tf.newaxis]))
print(t[tf.newaxis].shape, t[:, tf.newaxis, :].shape, t[None, ..., None].shape)
print(tf.newaxis is None)
print(repr(t[1, ...]))
""")
_s("tensor_getitem_tensor_indices", """
t = tf.constant([10, 20, 30, 40])
print(repr(t[tf.constant(1)]))
print(repr(t[tf.constant(1):tf.constant(3)]))
print(repr(t[np.int64(2)]))
print(repr(t[tf.constant(-1, tf.int64)]))
""")
_s("tensor_getitem_bool_mask", """
t = tf.constant([0.5, 1.5, 2.5, 1.0])
print(repr(t[t > 1.0]))
m = tf.constant([[1, 2], [3, 4]])
print(repr(m[m > 1]))
""")
_s("tensor_getitem_out_of_range_error", "tf.constant([1, 2, 3])[5]")
_errs("tensor_getitem_errors", "tf.constant([1, 2, 3])[1.0]", "tf.constant(1.0)[0]",
      "tf.constant([[1, 2]])[0, 0, 0]")
_s("tensor_missing_numpy_methods", """
t = tf.constant([[1.0, 2.0]])
for name in ['T', 'reshape', 'astype', 'sum', 'mean', 'item', 'tolist']:
    try:
        getattr(t, name)
        print(name, 'present')
    except AttributeError as e:
        print(name, 'AttributeError:', e)
""")
_s("tensor_T_error", "tf.constant([[1.0, 2.0]]).T")
_s("tensor_ref", """
t = tf.constant([1.0, 2.0])
r = t.ref()
print(r.deref() is t, r == t.ref(), hash(r) == hash(t.ref()))
d = {r: 'x'}
print(d[t.ref()], t.ref() in d, tf.constant([1.0, 2.0]).ref() in d)
""")

# ---------------------------------------------------------------------------
# TensorShape

_s("tensorshape_known", """
s = tf.TensorShape([2, 3])
print(repr(s)); print(s)
print(s.as_list(), s.rank, s.ndims, s.num_elements(), s.is_fully_defined())
print(s[0], s[-1], repr(s[1:]), s[:1], len(s), list(s))
print(s == (2, 3), s == [2, 3], s == tf.TensorShape([2, 3]), s != (2, 4), s == (2, 3, 1))
""")
_s("tensorshape_scalar", """
s = tf.TensorShape([])
print(repr(s), s, s.as_list(), s.rank, s.num_elements(), s.is_fully_defined(), len(s))
print(s == (), s == [])
""")
_s("tensorshape_from_tuple_numpy", """
s = tf.TensorShape((4, np.int64(5)))
print(repr(s), s.as_list(), type(s[1]).__name__)
print(tf.TensorShape(tf.TensorShape([1, 2])) == (1, 2))
""")
_s("tensorshape_unknown", """
s = tf.TensorShape(None)
print(repr(s)); print(s)
print(s.rank, s.ndims, s.num_elements(), s.is_fully_defined())
""")
_s("tensorshape_partial", """
s = tf.TensorShape([None, 3])
print(repr(s)); print(s)
print(s.as_list(), s.rank, s.num_elements(), s.is_fully_defined(), s[0], s[1])
print(s == tf.TensorShape([None, 3]), s == (None, 3), s == (2, 3))
""")
_s("tensorshape_unknown_as_list_error", "tf.TensorShape(None).as_list()")
_errs("tensorshape_errors", "len(tf.TensorShape(None))", "tf.TensorShape([2, 3])[5]")

# ---------------------------------------------------------------------------
# Variable (B)

_s("var_repr_scalar", """
v = tf.Variable(1.0)
print(repr(v)); print(v); print(str(v) == repr(v))
""")
_s("var_repr_matrix", """
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
print(repr(v)); print(v)
""")
_reprs("var_repr_dtypes", "tf.Variable([1, 2, 3])", "tf.Variable(True)", "tf.Variable(0.1)",
       "tf.Variable([0.5, 1.0], dtype=tf.float64)", "tf.Variable(3, dtype=tf.int64)",
       "tf.Variable(tf.zeros([0]))")
_s("var_names", """
print(tf.Variable(1.0).name, tf.Variable(2.0).name)
print(tf.Variable(1.0, name='w').name, tf.Variable(1.0, name='w').name)
print(repr(tf.Variable([1.0], name='weights')))
""")
_s("var_trainable", "print(tf.Variable(1.0).trainable, tf.Variable(1.0, trainable=False).trainable)")
_s("var_trainable_setter_error", """
v = tf.Variable(1.0)
v.trainable = False
""")
_s("var_dtype_inference", """
for x in [3, 3.0, np.float64(1.0), np.array([1.0]), np.array([1]), 2**40, True, [1, 2]]:
    v = tf.Variable(x)
    print(v.dtype, v.shape)
v = tf.Variable(1, dtype=tf.float64)
print(repr(v))
""")
_s("var_attributes", """
v = tf.Variable([[1.0, 2.0, 3.0]])
print(v.shape, repr(v.shape), v.dtype)
print(v.device)
print(isinstance(v, tf.Variable), isinstance(v, tf.Tensor))
print(repr(v.get_shape()))
""")
_s("var_numpy_value_read_value", """
v = tf.Variable([1.0, 2.0])
n = v.numpy()
print(type(n).__name__, repr(n))
print(repr(v.value())); print(repr(v.read_value()))
print(isinstance(v.value(), tf.Tensor), isinstance(v.read_value(), tf.Variable))
print(repr(tf.Variable(2.0).numpy()), type(tf.Variable(2.0).numpy()).__name__)
""")
_s("var_assign_returns", """
v = tf.Variable(1.0)
r = v.assign(2.0)
print(repr(r)); print(r.name, r is v, isinstance(r, tf.Variable))
print(repr(v))
print(repr(v.assign_add(3.0)))
print(repr(v.assign_sub(0.5)))
print(v.numpy())
""")
_s("var_assign_chain", """
v = tf.Variable(1.0)
v.assign(2.0).assign_add(3.0)
print(repr(v))
r = v.assign(10.0) * 2
print(repr(r), isinstance(r, tf.Tensor))
""")
_s("var_assign_read_value_false", """
v = tf.Variable([1.0, 2.0])
print(v.assign([3.0, 4.0], read_value=False))
print(v.assign_add([1.0, 1.0], read_value=False), v.assign_sub([0.5, 0.5], read_value=False))
print(repr(v))
""")
_s("var_assign_shape_mismatch_error", """
v = tf.Variable([1.0, 2.0])
v.assign([1.0, 2.0, 3.0])
""")
_errs("var_assign_shape_errors",
      "tf.Variable([1.0, 2.0]).assign([[1.0], [2.0]])",
      "tf.Variable([1.0, 2.0]).assign(5.0)",
      "tf.Variable([1.0, 2.0]).assign_add(1.0)",
      "tf.Variable([1.0, 2.0], name='w').assign_sub([1.0])")
_s("var_assign_python_int_into_float", """
v = tf.Variable(1.0)
v.assign(3)
v.assign_add(1)
print(repr(v))
""")
_s("var_assign_float_into_int_error", """
v = tf.Variable(1)
v.assign(1.5)
""")
_s("var_assign_float64_tensor_error", """
v = tf.Variable(1.0)
v.assign(tf.constant(2.0, tf.float64))
""")
_s("var_assign_numpy_float64_cast", """
v = tf.Variable([1.0, 2.0])
v.assign(np.array([3.5, 4.5]))
print(repr(v))
v.assign_add(np.array([1.0, 1.0]))
print(repr(v))
w = tf.Variable(1.0)
w.assign(np.float64(0.25))
print(repr(w))
""")
_s("var_read_value_snapshot", """
v = tf.Variable(1.0)
a = v.read_value()
b = v.value()
c = tf.identity(v)
v.assign(5.0)
print(a, b, c, v.numpy())
""")
_s("var_operators_return_tensors", """
v = tf.Variable(2.0)
for r in [v + 1, v * v, -v, v ** 2, 1 - v, abs(v), v / 4, v // 1.5, v % 1.5, v > 1]:
    print(isinstance(r, tf.Tensor), isinstance(r, tf.Variable), repr(r))
m = tf.Variable([[1.0, 2.0]])
print(repr(m @ tf.constant([[1.0], [1.0]])))
""")
_s("var_iadd_error", """
v = tf.Variable(1.0)
v += 1
""")
_s("var_hash_error", "hash(tf.Variable(2.0))")
_s("var_ref_and_eq", """
v = tf.Variable(2.0)
w = tf.Variable(2.0)
print(repr(v == w))
r = v.ref()
print(r.deref() is v, {r: 1}[v.ref()], w.ref() in {r: 1})
print(v in [w])
""")
_s("var_python_conversions", """
v = tf.Variable(2.5)
print(bool(v), float(v), int(v), '%.2f' % v)
print(bool(tf.Variable(0.0)), int(tf.Variable(7)))
""")
_s("var_bool_nonscalar_error", "bool(tf.Variable([1.0, 2.0]))")
_s("var_len_error", "len(tf.Variable([1.0, 2.0]))")
_s("var_getitem", """
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
print(repr(v[0])); print(repr(v[:, 1])); print(repr(v[-1, -1]))
print(isinstance(v[0], tf.Variable))
""")
_s("var_setitem_error", """
v = tf.Variable([1.0, 2.0])
v[0] = 5.0
""")
_s("var_none_error", "tf.Variable(None)")
_s("var_callable_initial_value", """
v = tf.Variable(lambda: tf.ones([2]))
print(repr(v))
w = tf.Variable(lambda: 3, dtype=tf.float32)
print(repr(w))
""")
_s("var_init_from_tensor_copies", """
t = tf.constant([1.0, 2.0])
v = tf.Variable(t)
v.assign([3.0, 4.0])
print(t, v.numpy())
w = tf.Variable(v)
v.assign([5.0, 6.0])
print(repr(w))
""")
_s("var_numpy_interop", """
v = tf.Variable([1.0, 2.0])
r = np.square(v)
print(type(r).__name__, repr(r))
print(repr(tf.square(v)))
print(repr(np.array(tf.Variable(1.5))))
""")

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

# ---------------------------------------------------------------------------
# GradientTape: watch

_s("tape_basic_printed_forms", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
dy = g.gradient(y, x)
print(dy)
print(repr(dy))
""")
_s("tape_watch_nested", """
a = tf.constant(1.0)
b = tf.constant(2.0)
c = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch([a, (b, {'k': c})])
    y = a * b * c
print(g.gradient(y, [a, b, c]))
""")
_s("tape_watch_variable_and_list", """
v = tf.Variable(2.0)
w = tf.Variable(3.0, trainable=False)
with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch([v, w])
    y = v * w
print(g.gradient(y, [v, w]))
""")
_s("tape_watch_int_tensor_warning", """
x = tf.constant(3)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
""")
_s("tape_watch_int64_and_bool_warnings", """
with tf.GradientTape() as g:
    g.watch(tf.constant([1, 2], tf.int64))
    g.watch(tf.constant(True))
    g.watch(tf.constant(1, tf.uint8))
print('done')
""")
_errs("tape_watch_errors", """
with tf.GradientTape() as g:
    g.watch(3.0)
""", """
with tf.GradientTape() as g:
    g.watch(np.array([1.0]))
""", """
with tf.GradientTape() as g:
    g.watch([tf.constant(1.0), 'a'])
""")
_s("tape_watch_log_first_n_is_per_call_site", """
for i in range(7):
    with tf.GradientTape() as g:
        g.watch(tf.constant(i))
with tf.GradientTape() as g:
    g.watch(tf.constant(1))
    g.watch(tf.constant(2, tf.int64))
print('done')
""")
_s("tape_watch_int_then_cast", """
x = tf.constant(3)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(x, tf.float32) ** 2
print(y, g.gradient(y, x))
""")
_s("tape_watch_after_use", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    y = x * x
    g.watch(x)
    z = y * x
print(g.gradient(z, x))
""")
_s("tape_watch_float16_float64_bfloat16", """
for dt in [tf.float16, tf.float64, tf.bfloat16]:
    x = tf.constant([1.5, 2.0], dt)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x * 3.0
    print(repr(g.gradient(y, x)))
""")
_s("tape_watched_variables_order", """
a = tf.Variable(1.0, name='a')
b = tf.Variable(2.0, name='b')
c = tf.Variable(3.0, name='c')
with tf.GradientTape() as g:
    y = c * b * a
wv = g.watched_variables()
print(type(wv).__name__, [v.name for v in wv])
print(wv[0] is a)
""")
_s("tape_watched_variables_contents", """
x = tf.constant(1.0)
v = tf.Variable(2.0)
n = tf.Variable(3.0, trainable=False)
i = tf.Variable(3)
with tf.GradientTape() as g:
    g.watch(x)
    print(g.watched_variables())
    y = x * v * n
    z = i * 2
    print(len(g.watched_variables()))
print(g.watched_variables())
print(g.gradient(y, [x, v, n]))
print(g.watched_variables())
""")
_s("tape_watched_variables_after_reset", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    y = v * v
    print(len(g.watched_variables()))
    g.reset()
    print(g.watched_variables())
""")
_s("tape_watch_accessed_variables_false", """
v = tf.Variable(2.0)
w = tf.Variable(5.0)
with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch(v)
    y = v * v + w * w
print(g.gradient(y, [v, w]))
print([x.name for x in g.watched_variables()])
""")
_s("tape_nontrainable_variable", """
v = tf.Variable(2.0, trainable=False)
w = tf.Variable(2.0, trainable=False)
with tf.GradientTape() as g:
    g.watch(w)
    y = v * v + w * w * w
print(g.gradient(y, [v, w]))
""")
_s("tape_int_variable_auto_watch", """
v = tf.Variable(3)
with tf.GradientTape() as g:
    y = v * v
print(g.gradient(y, v))
print(g.watched_variables())
""")

# ---------------------------------------------------------------------------
# GradientTape: lifecycle

_s("tape_persistent_multiple", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    z = y * y
print(g.gradient(z, x), g.gradient(y, x), g.gradient(z, y))
del g
""")
_s("tape_gradient_twice_nonpersistent_error", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
g.gradient(y, x)
""")
_s("tape_watch_after_exit", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    pass
g.watch(x)
print(g.gradient(x * x, x))
""")
_s("tape_reenter_active_error", """
g = tf.GradientTape()
with g:
    with g:
        pass
""")
_s("tape_reenter_after_exit_continues", """
x = tf.constant(2.0)
g = tf.GradientTape(persistent=True)
with g:
    g.watch(x)
    y = x * x
z = y * x
with g:
    w = y * 3.0
print(g.gradient(w, x), g.gradient(z, x), g.gradient(y, x))
""")
_s("tape_reenter_after_gradient_nonpersistent", """
x = tf.constant(2.0)
g = tf.GradientTape()
with g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
with g:
    g.watch(x)
    z = x * x * x
print(g.gradient(z, x))
""")
_s("tape_stop_recording", """
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    with g.stop_recording():
        y = x ** 2
    z = x * 3.0
print(g.gradient(y, x), g.gradient(z, x))
""")
_s("tape_stop_recording_other_tapes_record", """
x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        with inner.stop_recording():
            y = x * x
print(inner.gradient(y, x), outer.gradient(y, x))
""")
_errs("tape_lifecycle_errors", """
g = tf.GradientTape()
g.gradient(tf.constant(1.0), tf.constant(1.0))
""", """
g = tf.GradientTape()
g.watch(tf.constant(1.0))
""", """
g = tf.GradientTape()
with g.stop_recording():
    pass
""", """
with tf.GradientTape() as g:
    pass
with g.stop_recording():
    pass
""", """
with tf.GradientTape() as g:
    pass
g.reset()
""", """
with tf.GradientTape(persistent=True) as g:
    pass
g.reset()
""")
_s("tape_reset", """
x = tf.constant(2.0)
with tf.GradientTape() as t:
    t.watch(x)
    a = x * x
    t.reset()
    t.watch(x)
    b = a + x * 10.0
print(t.gradient(b, x))
""")
_s("tape_gradient_inside_context_nonpersistent", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    dy = g.gradient(y, x)
    z = y * x
print(dy)
try:
    g.gradient(z, x)
except RuntimeError as e:
    print('RuntimeError:', e)
""")
_s("tape_gradient_inside_context_persistent", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x ** 3
    dy = g.gradient(y, x)
    d2y = g.gradient(dy, x)
d3y = g.gradient(d2y, x)
print(dy, d2y, d3y)
""")
_s("tape_exception_inside_tape", """
x = tf.constant(2.0)
g = tf.GradientTape(persistent=True)
try:
    with g:
        g.watch(x)
        y = x * x
        raise ValueError('boom')
except ValueError as e:
    print('caught', e)
print(g.gradient(y, x))
with tf.GradientTape() as h:
    h.watch(x)
    z = x * 5.0
print(h.gradient(z, x))
""")
_s("tape_no_watch_constant_none", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    y = x * x
print(g.gradient(y, x))
""")

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
# GradientTape: complex

_s("tape_complex_holomorphic", """
z = tf.constant(1 + 2j)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(g.gradient(y, z)))
""")
_s("tape_complex_output_gradients", """
z = tf.constant(1 + 2j, tf.complex64)
with tf.GradientTape() as g:
    g.watch(z)
    y = z * z
print(repr(g.gradient(y, z, output_gradients=tf.constant(1 + 1j, tf.complex64))))
""")
_s("tape_complex_real_loss", """
z = tf.constant([1 + 2j, -0.5 + 1j], tf.complex64)
with tf.GradientTape() as g:
    g.watch(z)
    y = tf.reduce_sum(tf.abs(z) ** 2)
print(repr(g.gradient(y, z)))
""")
_s("tape_complex_exp_sin", """
z = tf.constant(0.5 - 1j)
with tf.GradientTape() as g:
    g.watch(z)
    y = tf.exp(z) + tf.sin(z) * z
print(repr(g.gradient(y, z)))
""")

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
_s("grad_stop_gradient", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * tf.stop_gradient(x)
    z = tf.stop_gradient(x * x)
print(g.gradient(y, x), g.gradient(z, x))
v = tf.Variable(1.0)
print(isinstance(tf.stop_gradient(v), tf.Variable))
""")
_s("grad_ones_like_zeros_like", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    a = tf.reduce_sum(tf.ones_like(x) * 2.0)
    b = tf.reduce_sum(tf.zeros_like(x) + x)
print(g.gradient(a, x), g.gradient(b, x))
""")
_s("grad_fill_value", """
x = tf.constant(1.5)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(tf.fill([2, 3], x) * tf.range(6.0)[:, tf.newaxis][:2] )
print(g.gradient(y, x))
""")
_s("grad_getitem_slice", """
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.reduce_sum(x[:, 1:] * 2.0) + x[0, 0] * 10.0 + tf.reduce_sum(x[-1, ::-2])
print(g.gradient(y, x))
""")


# ---------------------------------------------------------------------------
# gradients of every differentiable op at a generic point, float32 and float64.
# Each case prints its name and dtype, the value y, and d/dx sum(y * w).

def _grad_group(name, cases, x, w):
    lines = ["cases = ["]
    lines += [f"    ({label!r}, lambda x: {body})," for label, body in cases]
    lines += ["]",
              "for dt in [tf.float32, tf.float64]:",
              f"    x = tf.constant({x}, dt)",
              f"    w = tf.constant({w}, dt)",
              "    for label, f in cases:",
              "        with tf.GradientTape() as g:",
              "            g.watch(x)",
              "            y = f(x)",
              "            t = tf.reduce_sum(y * w) if y.shape == x.shape else tf.reduce_sum(y) * 1.5",
              "        print(label, dt.name)",
              "        print(repr(y))",
              "        print(repr(g.gradient(t, x)))"]
    _s(name, "\n".join(lines))


_X1 = "[0.3, 0.8, 1.7]"
_W1 = "[0.5, -1.0, 2.0]"
_grad_group("grad_arith", [
    ("add", "tf.add(x, x * 2.0) + 1.0"),
    ("subtract", "tf.subtract(1.0, x) - x * x"),
    ("multiply", "tf.multiply(x, x) * 3.0"),
    ("divide", "tf.divide(1.0, x) + x / 4.0"),
    ("truediv", "tf.math.truediv(x, x + 1.0)"),
    ("negative", "tf.negative(x) * x"),
], _X1, _W1)
_grad_group("grad_pow", [
    ("pow_scalar_exponent", "x ** 3 + tf.pow(x, 0.5)"),
    ("pow_tensor_exponent", "tf.pow(1.5, x) + tf.pow(x, x)"),
    ("pow_reflected", "2.0 ** x"),
], _X1, _W1)
_grad_group("grad_abs_square_sqrt_rsqrt", [
    ("abs", "tf.abs(x - 1.0)"),
    ("square", "tf.square(x)"),
    ("sqrt", "tf.sqrt(x)"),
    ("rsqrt", "tf.math.rsqrt(x)"),
], _X1, _W1)
_grad_group("grad_exp_log", [
    ("exp", "tf.exp(x)"),
    ("log", "tf.math.log(x)"),
    ("log1p", "tf.math.log1p(x)"),
], _X1, _W1)
_grad_group("grad_trig", [
    ("sin", "tf.sin(x)"),
    ("cos", "tf.cos(x)"),
    ("tan", "tf.tan(x)"),
], _X1, _W1)
_grad_group("grad_activations", [
    ("tanh", "tf.tanh(x)"),
    ("sigmoid", "tf.sigmoid(x)"),
    ("relu", "tf.nn.relu(x - 0.5)"),
    ("softmax", "tf.nn.softmax(x)"),
    ("softmax_axis0", "tf.reshape(tf.nn.softmax(tf.reshape(x, [3, 1]) * tf.constant([[1.0, 2.0]], x.dtype), axis=0)[:, 1], [3])"),
], _X1, _W1)
_grad_group("grad_max_min_clip_mod", [
    ("maximum", "tf.maximum(x, 1.0 - x)"),
    ("minimum", "tf.minimum(x * 2.0, 1.0)"),
    ("clip_by_value", "tf.clip_by_value(x, 0.5, 1.0)"),
    ("mod", "tf.math.mod(x * 5.0, 1.5)"),
], _X1, _W1)
_grad_group("grad_array_ops", [
    ("identity", "tf.identity(x) * x"),
    ("cast_roundtrip", "tf.cast(tf.cast(x, tf.float16), x.dtype) * 2.0"),
    ("where", "tf.where(x > 1.0, x * x, -x)"),
    ("expand_dims_squeeze", "tf.squeeze(tf.expand_dims(x, 0) * 2.0, axis=0)"),
    ("reshape_transpose", "tf.reshape(tf.transpose(tf.reshape(tf.concat([x, x * x], 0), [2, 3])), [-1])[:3]"),
    ("concat", "tf.concat([x[:1] * 2.0, x[1:] ** 2], axis=0)"),
    ("stack", "tf.reduce_sum(tf.stack([x, x * x], axis=1), axis=1)"),
], _X1, _W1)
_grad_group("grad_reductions", [
    ("sum_mean", "tf.reduce_sum(x) + tf.reduce_mean(x * x) + x"),
    ("max_min", "tf.reduce_max(x * x) - tf.reduce_min(x) + 0.0 * x"),
    ("prod", "tf.reduce_prod(x) * x"),
], _X1, _W1)

_X2 = "[[0.3, -0.8, 1.7], [1.1, 0.4, -0.6]]"
_W2 = "[[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]"
_grad_group("grad_matmul", [
    ("matmul", "tf.matmul(x, tf.transpose(x))"),
    ("matmul_transpose_flags", "tf.matmul(x, x, transpose_b=True) + tf.matmul(x, x, transpose_a=True)[:2, :2]"),
    ("matmul_operator", "x @ tf.ones([3, 3], x.dtype) * 0.5 + x"),
    ("mlp_layer", "tf.nn.relu(tf.matmul(x, tf.ones([3, 4], x.dtype) * 0.3) - 0.2)"),
], _X2, _W2)
_grad_group("grad_matrix_reductions", [
    ("sum_axis_keepdims", "tf.reduce_sum(x * x, axis=1, keepdims=True) + tf.reduce_sum(x, axis=-2)"),
    ("mean_axis", "tf.reduce_mean(x ** 2, axis=0)"),
    ("max_axis", "tf.reduce_max(x, axis=1)"),
    ("min_axis_tuple", "tf.reduce_min(x * 2.0, axis=(0, 1), keepdims=True)"),
    ("prod_axis", "tf.reduce_prod(x, axis=0)"),
], _X2, _W2)
_grad_group("grad_matrix_shape_ops", [
    ("softmax", "tf.nn.softmax(x)"),
    ("transpose_perm", "tf.transpose(x, perm=[1, 0]) * tf.constant([[1.0], [2.0], [3.0]], x.dtype)"),
    ("reshape_minus_one", "tf.reshape(x, [3, -1]) ** 2"),
    ("broadcast_add", "x + tf.reduce_sum(x, axis=0)"),
    ("getitem", "x[:, ::-1] * x"),
], _X2, _W2)


# ---------------------------------------------------------------------------
# Merge closely related snippets into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.

def _merge(new_name, *names):
    global SNIPPETS
    assert new_name not in SNIPPETS or new_name in names, new_name
    parts = [SNIPPETS[n] for n in names]
    first = names[0]
    merged = OrderedDict()
    for k, v in SNIPPETS.items():
        if k == first:
            merged[new_name] = "".join(parts)
        elif k not in names:
            merged[k] = v
    SNIPPETS.clear()
    SNIPPETS.update(merged)


for _new, *_old in [
    # ops: values
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
    # Tensor protocol
    ("tensor_getitem_ints_slices", "tensor_getitem_ints", "tensor_getitem_slices"),
    ("tensor_getitem_newaxis_tensor_indices", "tensor_getitem_ellipsis_newaxis",
     "tensor_getitem_tensor_indices"),
    ("tensor_eq", "tensor_eq_none", "tensor_eq_elementwise", "tensor_eq_incompatible_shapes",
     "tensor_in_list"),
    ("tensor_numpy", "tensor_numpy_types", "tensor_numpy_is_copy"),
    ("tensor_numpy_interop", "tensor_np_asarray", "tensor_numpy_ufuncs"),
    ("tensor_len_iteration", "tensor_len", "tensor_iteration"),
    ("tensor_ndim_shape", "tensor_ndim_shape", "tensor_shape_comparisons"),
    # Variable
    ("var_names_trainable", "var_names", "var_trainable"),
    ("var_read_value", "var_numpy_value_read_value", "var_read_value_snapshot"),
    ("var_assign_returns", "var_assign_returns", "var_assign_chain", "var_assign_read_value_false"),
    ("var_assign_casts", "var_assign_python_int_into_float", "var_assign_numpy_float64_cast"),
    ("var_getitem_numpy_interop", "var_getitem", "var_numpy_interop"),
    ("var_initial_value", "var_callable_initial_value", "var_init_from_tensor_copies"),
    # GradientTape
    ("tape_watch_structures", "tape_watch_nested", "tape_watch_variable_and_list"),
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
    ("tape_complex", "tape_complex_holomorphic", "tape_complex_output_gradients"),
    ("tape_complex_nonholomorphic", "tape_complex_real_loss", "tape_complex_exp_sin"),
    ("kink_maximum_minimum_ties", "kink_maximum_minimum_ties", "kink_maximum_vector_ties_broadcast"),
    ("kink_clip_by_value_bounds", "kink_clip_by_value_bounds", "kink_clip_by_value_bound_gradients"),
    ("kink_abs_relu_at_zero", "kink_abs_at_zero", "kink_relu_at_zero"),
    ("kink_reduce_ties", "kink_reduce_max_ties", "kink_reduce_min_ties_axis", "kink_reduce_max_all_equal"),
    ("kink_pow_prod_zero", "kink_pow_base_zero_and_negative", "kink_reduce_prod_with_zero"),
    ("grad_creation_and_slicing", "grad_ones_like_zeros_like", "grad_fill_value", "grad_getitem_slice"),
]:
    _merge(_new, *_old)
del _new, _old

for _name, _src in SNIPPETS.items():
    compile(_src, _name, "exec")  # every snippet is valid Python

SNIPPETS["float64_constants_keep_python_precision"] = """
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
"""


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'grad_activations': Tolerance(_KERN, rtol=2e-07),
    'grad_arith': Tolerance(_SUM, rtol=5e-07),
    'grad_exp_log': Tolerance(_KERN, rtol=2e-07),
    'grad_matmul': Tolerance(_SUM, rtol=1e-07),
    'grad_matrix_shape_ops': Tolerance(_SUM, rtol=5e-07),
    'grad_reductions': Tolerance(_SUM, rtol=1e-07),
    'grad_trig': Tolerance(_KERN, rtol=2e-07),
    'op_range_linspace': Tolerance(_SUM, rtol=1e-07),
    'op_relu_softmax': Tolerance(_KERN, rtol=1e-07),
    'op_unary_math': Tolerance(_KERN + '; ' + _F64, rtol=1e-07, float64_ulps=1),
    'tape_complex_nonholomorphic': Tolerance(_SUM + '; ' + _F64, rtol=1e-07, float64_ulps=2),
    'tape_linear_regression_step': Tolerance(_SUM, rtol=1e-07),
    'tape_second_order_matmul_loss': Tolerance(_SUM, rtol=1e-06),
    'tape_second_order_sigmoid_tanh': Tolerance(_KERN, rtol=2e-07),
}
