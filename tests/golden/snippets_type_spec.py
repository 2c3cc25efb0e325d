"""Golden snippets for tf.type_spec_from_value and TF's type_spec_registry
(tensorflow.python.framework.type_spec_registry) with TypeSpec._serialize/_deserialize,
and tf.nest's expand_composites on RaggedTensor, SparseTensor and their specs, which
Keras's legacy JSON encoder uses to write specs and composite tensors."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("type_spec_from_value_tensors", """
c = tf.constant
for v in (c([1.0, 2.0]), np.array([1, 2]), 3, [1, 2], (1, 2), [[1, 2], [3, 4]], 2.5, True,
          b"x", "ab", np.float64(2.5), [], c(1.0, name="foo"), [c(1), c(2)],
          [c([1]), c([1, 2])], [c([1]), c(1)], [c(1), 2], [2, c(1)]):
    print(repr(tf.type_spec_from_value(v)))
print(repr(tf.type_spec_from_value(tf.ragged.constant([[1], [2, 3]]))))
print(repr(tf.type_spec_from_value(tf.ragged.constant([[[1.0]], [[2.0], [3.0, 4.0]]]))))
print(repr(tf.type_spec_from_value(tf.sparse.from_dense([[1, 0]]))))
for bad in ({"a": 1}, [[1], [2, 3]], object):
    try:
        tf.type_spec_from_value(bad)
    except TypeError as e:
        print("TypeError", e)

@tf.function
def f(x):
    print("traced", repr(tf.type_spec_from_value(x)), repr(tf.type_spec_from_value(x * 2)))
    return x

f(tf.constant([[1]]))
g = tf.function(f.python_function, input_signature=[tf.TensorSpec([None, 2], tf.int32)])
g(tf.constant([[1, 2]]))
""")

_s("type_spec_registry_names", """
import importlib
r = importlib.import_module(tf.__name__ + ".python.framework.type_spec_registry")
for cls in (tf.TensorSpec, tf.RaggedTensorSpec, tf.SparseTensorSpec):
    name = r.get_name(cls)
    print(name, r.lookup(name) is cls)
for bad in (lambda: r.get_name(int), lambda: r.lookup("nope"), lambda: r.register(3)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
""")

_s("type_spec_serialize_round_trip", """
specs = [tf.TensorSpec([1, None], tf.int32, "x"), tf.TensorSpec(None, tf.string),
         tf.RaggedTensorSpec([2, None], tf.float32),
         tf.RaggedTensorSpec([2, None, None], tf.int32, 1, tf.int32),
         tf.SparseTensorSpec([2, None], tf.float64)]
for spec in specs:
    ser = spec._serialize()
    back = type(spec)._deserialize(ser)
    print(ser, repr(back), back == spec)
rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
spec = tf.type_spec_from_value(rt)
parts = tf.nest.flatten(rt, expand_composites=True)
print([p.numpy().tolist() for p in parts])
again = tf.nest.pack_sequence_as(type(spec)._deserialize(spec._serialize()), parts,
                                 expand_composites=True)
print(again)
""")

_s("nest_expand_composites", """
rt = tf.ragged.constant([[[1, 2]], [[3]], []])
sp = tf.sparse.from_dense([[1.0, 0.0, 2.0]])
s = tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([0]), tf.constant([3, 1]))
for x in (rt, sp, [rt, {"b": sp, "a": 1}], rt._type_spec, sp._type_spec, s):
    flat = tf.nest.flatten(x, expand_composites=True)
    print(len(flat), [repr(f) if isinstance(f, tf.TypeSpec) else f.numpy().tolist()
                      if hasattr(f, "numpy") else f for f in flat])
    print(len(tf.nest.flatten(x)))
flat = tf.nest.flatten([rt, {"b": sp, "a": 1}], expand_composites=True)
back = tf.nest.pack_sequence_as([rt, {"b": sp, "a": 1}], flat, expand_composites=True)
print(back[0], tf.sparse.to_dense(back[1]["b"]), back[1]["a"])
print(tf.nest.pack_sequence_as(rt._type_spec, tf.nest.flatten(rt, expand_composites=True),
                               expand_composites=True))
print(tf.nest.pack_sequence_as(rt, [tf.constant([5, 6, 7]), tf.constant([0, 1, 2, 2]),
                                    tf.constant([0, 2, 3])], expand_composites=True))
print(tf.nest.is_nested(rt), tf.nest.map_structure(lambda t: t * 2, [rt], expand_composites=True))
tf.nest.assert_same_structure(rt, tf.ragged.constant([[[5]], [], [[1, 2, 3]]]),
                              expand_composites=True)
try:
    tf.nest.pack_sequence_as(rt, [tf.constant([1])], expand_composites=True)
except ValueError as e:
    print("ValueError", str(e)[:60])

@tf.function
def f(x):
    parts = tf.nest.flatten(x, expand_composites=True)
    return tf.nest.pack_sequence_as(x, [parts[0] * 10] + parts[1:], expand_composites=True)

print(f(tf.ragged.constant([[1, 2], [3]])))
""")
