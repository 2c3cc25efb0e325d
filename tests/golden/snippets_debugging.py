"""Golden snippets: tf.debugging assertions, eagerly and inside tf.function."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("assert_elementwise_sign", """
for f in [tf.debugging.assert_positive, tf.debugging.assert_non_negative,
          tf.debugging.assert_negative, tf.debugging.assert_non_positive]:
    for x in [tf.constant([-1.0, 2.0]), tf.constant([0, 3]), tf.constant(-2.5, tf.float64)]:
        try:
            print(f.__name__, f(x))
        except Exception as e:
            print(f.__name__, type(e).__name__, repr(str(e)))
""", verbatim=True)

_s("assert_comparisons", """
pairs = [(tf.constant([1, 2]), tf.constant([1, 3])), (tf.constant(3.0), tf.constant(2.0)),
         (tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 2], [3, 4]])),
         (tf.constant([1, 2, 3, 4, 5]), tf.constant(2))]
for f in [tf.debugging.assert_equal, tf.debugging.assert_none_equal, tf.debugging.assert_less,
          tf.debugging.assert_less_equal, tf.debugging.assert_greater,
          tf.debugging.assert_greater_equal]:
    for x, y in pairs:
        try:
            print(f.__name__, f(x, y))
        except Exception as e:
            print(f.__name__, type(e).__name__, repr(str(e)))
""", verbatim=True)

_s("assert_message_argument", """
try:
    tf.debugging.assert_equal(tf.constant(1), tf.constant(2), message="custom text")
except Exception as e:
    print(type(e).__name__, repr(str(e)))
try:
    tf.debugging.assert_positive(tf.constant([-1.0]), message="must be positive")
except Exception as e:
    print(type(e).__name__, repr(str(e)))
""", verbatim=True)

_s("assert_inside_function", """
import re
@tf.function
def f(x):
    tf.debugging.assert_less(x, 10.0)
    return x * 2
print(repr(f(tf.constant(3.0))))
try:
    f(tf.constant(30.0))
    print('no error')
except Exception as e:
    # TF's "defined at" traceback starts with the frames of whatever runs the snippet (the
    # recorder, pytest): only the snippet's own are kept. __inference_f_N: TF numbers
    # traced functions process-wide.
    text = re.sub(r'(__inference_\\w+_)\\d+', r'\\1N', str(e))
    print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
        not l.startswith('  File ') or '<snippet' in l)))
print(repr(f(tf.constant(4.0))))
""", verbatim=True)

_s("assert_in_nested_function", """
import re
@tf.function
def inner(x):
    tf.debugging.assert_positive(x)
    tf.debugging.Assert(tf.reduce_all(x < 5.0), [x, 'too big'])
    return x * 2

@tf.function
def outer(x):
    return inner(x) + 1

print(repr(outer(tf.constant([1.0, 2.0]))))
for bad in ([-1.0, 2.0], [1.0, 7.0]):
    try:
        outer(tf.constant(bad))
        print('no error')
    except Exception as e:
        # (as in assert_inside_function: only the snippet's own frames are kept)
        text = re.sub(r'(__inference_\\w+_)\\d+', r'\\1N', str(e))
        print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
            not l.startswith('  File ') or '<snippet' in l)))
""", verbatim=True)
_s("binary_assert_python_number_dtype", """
# TF's binary asserts convert y without x's dtype: a Python 3 is int32, a 3. float32.
x = tf.constant([1, 2], tf.int64)
for fn in [lambda: tf.debugging.assert_less(x, 3), lambda: tf.debugging.assert_equal(x, 1),
           lambda: tf.debugging.assert_none_equal(x, 0),
           lambda: tf.debugging.assert_greater_equal(x, 0),
           lambda: tf.debugging.assert_less_equal(tf.constant([1.], tf.float64), 3.),
           lambda: tf.debugging.assert_greater(3, x),
           lambda: tf.debugging.assert_less(tf.constant([1, 2]), 3),
           lambda: tf.debugging.assert_less(x, tf.constant(3, tf.int64)),
           lambda: tf.debugging.assert_near(tf.constant([1.], tf.float64), 1.)]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f(v):
    return tf.debugging.assert_less(v, 3)
try:
    f(x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
@tf.function
def g(v):
    tf.debugging.assert_greater(v, tf.constant(0, tf.int64))
    return v + 1
print(g(x))
""")
