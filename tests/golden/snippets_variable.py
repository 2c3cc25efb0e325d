"""Golden snippets: tf.Variable (tf_semantics.md B): repr, names, trainable, dtype
inference, reads, assign/assign_add/assign_sub and their casts and errors, operators,
hashing and ref, Python conversions, indexing, initial values."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs
_reprs = SNIPPETS.reprs

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


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("var_names_trainable", "var_names", "var_trainable"),
    ("var_read_value", "var_numpy_value_read_value", "var_read_value_snapshot"),
    ("var_assign_returns", "var_assign_returns", "var_assign_chain", "var_assign_read_value_false"),
    ("var_assign_casts", "var_assign_python_int_into_float", "var_assign_numpy_float64_cast"),
    ("var_getitem_numpy_interop", "var_getitem", "var_numpy_interop"),
    ("var_initial_value", "var_callable_initial_value", "var_init_from_tensor_copies"),
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

v = tf.Variable(1.0)
for a in ["initializer", "initial_value", "op", "graph", "create", "_in_graph_mode"]:
    run(a, lambda a=a: getattr(v, a))
run("eval", lambda: v.eval())
print(hasattr(v, "op"), hasattr(v, "initializer"))
""")

_s("aggregation_enums", """
v = tf.Variable(1.0)
print(v.aggregation, repr(v.aggregation), v.synchronization)
w = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)
print(w.aggregation, repr(tf.VariableAggregation.MEAN), tf.VariableAggregation.__name__)
u = tf.Variable(1.0, aggregation=tf.compat.v1.VariableAggregation.ONLY_FIRST_TOWER)
print(repr(u.aggregation), tf.compat.v1.VariableAggregation.ONLY_FIRST_TOWER)
print(tf.VariableAggregation.SUM == tf.compat.v1.VariableAggregation.SUM,
      tf.compat.v1.VariableAggregation.SUM == tf.VariableAggregation.SUM,
      tf.VariableAggregation.SUM == tf.compat.v1.VariableAggregation.MEAN,
      len({tf.VariableAggregation.SUM, tf.compat.v1.VariableAggregation.SUM}),
      list(tf.compat.v1.VariableAggregation))
print(tf.Variable(1.0, aggregation=2).aggregation)
""")
