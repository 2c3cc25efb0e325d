"""Golden snippets: printing tensors (str, repr, format; tf_semantics.md C.1, C.2),
the Tensor protocol (C.3: isinstance, hash, bool/int/float, __index__, len, iteration,
==, NumPy interop, shapes, indexing, ref) and tf.TensorShape."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs
_strs_reprs = SNIPPETS.strs_reprs

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


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("tensor_getitem_ints_slices", "tensor_getitem_ints", "tensor_getitem_slices"),
    ("tensor_getitem_newaxis_tensor_indices", "tensor_getitem_ellipsis_newaxis",
     "tensor_getitem_tensor_indices"),
    ("tensor_eq", "tensor_eq_none", "tensor_eq_elementwise", "tensor_eq_incompatible_shapes",
     "tensor_in_list"),
    ("tensor_numpy", "tensor_numpy_types", "tensor_numpy_is_copy"),
    ("tensor_numpy_interop", "tensor_np_asarray", "tensor_numpy_ufuncs"),
    ("tensor_len_iteration", "tensor_len", "tensor_iteration"),
    ("tensor_ndim_shape", "tensor_ndim_shape", "tensor_shape_comparisons"),
]:
    SNIPPETS.merge(_new, *_old)
del _new, _old

SNIPPETS.check_compiles()

_s("eager_only_attributes", """
def run(name, f):
    try:
        print(name, "->", f())
    except Exception as e:
        print(name, type(e).__name__, e)

t = tf.constant([1.0, 2.0])
for a in ["op", "graph", "name", "value_index"]:
    run(a, lambda a=a: getattr(t, a))
run("eval", lambda: t.eval())
run("consumers", lambda: t.consumers())
print(hasattr(t, "op"), hasattr(t, "eval"))

@tf.function
def f(x):
    run("eval in function", lambda: x.eval())
    return x

f(t)
""")

_s("constant_of_a_list_holding_tensors", """
import numpy as np

def run(name, make):
    try:
        print(name, repr(tf.constant(make())))
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0])

cases = {
    "scalars": lambda: [tf.constant(1), tf.constant(2)],
    "vectors": lambda: [tf.constant([1, 2]), tf.constant([3, 4])],
    "first_nested": lambda: [[tf.constant(1.0)]],
    "float_then_tensor": lambda: [2.0, tf.constant(1.0)],
    "numpy_then_tensor": lambda: [np.float32(1), tf.constant(1.0)],
    "array_then_tensor": lambda: [np.array([1.0, 2.0]), tf.constant([1.0, 2.0])],
    "variable": lambda: [tf.Variable(1.0)],
    "float_then_variable": lambda: [2.0, tf.Variable(1.0)],
    "string": lambda: ["a", tf.constant("b")],
}
for name, make in cases.items():
    run(name, make)

for name, make in cases.items():
    @tf.function(autograph=False)
    def f():
        return tf.constant(make())
    try:
        print("in function", name, f())
    except Exception as e:
        print("in function", name, type(e).__name__, str(e).splitlines()[0])

# tf.convert_to_tensor packs them, and a tf.data component list of tensors too
print(tf.convert_to_tensor([tf.constant(1), tf.constant(2)]))
print(tf.Variable([tf.constant(1.0), 2.0]))
print(list(tf.data.Dataset.from_tensor_slices([tf.constant(1.5), 2.5]).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([float(i) for i in range(5)]).as_numpy_iterator()))
print(tf.constant([[np.float64(1.5)], [2.0]]).dtype, tf.constant([[1.5], [2.0]]).dtype)
""")
