"""Golden snippets for tf.compat.v1.Dimension (TF1's value of one TensorShape dimension),
tf.compat.dimension_value and tf.compat.dimension_at_index, which Keras's legacy JSON
encoder and TF1-style shape code use."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("dimension_values_and_forms", """
D = tf.compat.v1.Dimension
for d in (D(3), D(None), D(0), D(D(5)), D(np.int64(4))):
    print(repr(d), str(d), d.value, bool(d), type(d.value).__name__)
print(int(D(7)), [10, 20, 30, 40][D(2)], list(range(D(3))))
print(tf.TensorShape([D(3), D(None), 2]), tf.TensorShape([D(3), D(None)]).as_list())
print(tf.compat.v1.Dimension is tf.compat.v1.Dimension, isinstance(D(1), D))
import pickle
print(repr(pickle.loads(pickle.dumps(D(6)))), repr(pickle.loads(pickle.dumps(D(None)))))
try:
    hash(D(1))
except TypeError as e:
    print("TypeError", e)
""")

_s("dimension_arithmetic", """
D = tf.compat.v1.Dimension
for a, b in ((D(7), D(2)), (D(7), 2), (7, D(2)), (D(None), D(2)), (D(7), None), (D(7), D(None))):
    print(repr(a + b), repr(a - b), repr(a * b), repr(a // b), repr(a % b))
for bad in (lambda: D(7) / D(2), lambda: 7 / D(2), lambda: D(7) / 2, lambda: D(2) - D(5),
            lambda: D(3) + "a", lambda: "a" + D(3), lambda: D(3) % "a", lambda: 5 - D(7),
            lambda: D(-1), lambda: D(2.5), lambda: D("3"), lambda: D(3) + 2.5):
    try:
        print("value", repr(bad()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
""")

_s("dimension_comparisons", """
D = tf.compat.v1.Dimension
for a, b in ((D(3), D(3)), (D(3), 4), (D(None), D(3)), (D(3), None), (D(None), None)):
    print(a == b, a != b, a < b, a <= b, a > b, a >= b)
print(D(3) == "a", D(3) != "a", D(3) == 3.5, D(3) == [3], 3 == D(3), None == D(None))
for bad in (lambda: D(3) < "a", lambda: D(3) >= 2.5):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(D(3).is_compatible_with(3), D(3).is_compatible_with(D(4)), D(None).is_compatible_with(4))
print(repr(D(None).merge_with(4)), repr(D(4).merge_with(None)), repr(D(4).merge_with(D(4))))
try:
    D(3).merge_with(4)
except ValueError as e:
    print("ValueError", e)
try:
    D(3).assert_is_compatible_with(D(5))
except ValueError as e:
    print("ValueError", e)
""")

_s("dimension_value_and_at_index", """
D = tf.compat.v1.Dimension
s = tf.TensorShape([2, None, 5])
print(repr(tf.compat.dimension_at_index(s, 0)), repr(tf.compat.dimension_at_index(s, 1)),
      repr(tf.compat.dimension_at_index(s, -1)))
print(repr(tf.compat.dimension_at_index(tf.TensorShape(None), 3)))
print(tf.compat.dimension_value(D(4)), tf.compat.dimension_value(D(None)),
      tf.compat.dimension_value(6), tf.compat.dimension_value(None))
print(tf.compat.v1.dimension_value(D(8)), repr(tf.compat.v1.dimension_at_index(s, 2)))
try:
    tf.compat.dimension_at_index(s, 3)
except IndexError as e:
    print("IndexError", e)

@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def f(x):
    d0 = tf.compat.dimension_at_index(x.shape, 0)
    d1 = tf.compat.dimension_at_index(x.shape, 1)
    print("traced", repr(d0), repr(d1), tf.compat.dimension_value(d1) * 2)
    return x * tf.compat.dimension_value(d1)

print(f(tf.ones([2, 3])))
""")
