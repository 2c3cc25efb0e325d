"""Golden snippets: tf.debugging.check_numerics / assert_all_finite (TF's messages,
eagerly and as the graph node errors of a tf.function: the frames of the callers of the
snippet are left out), tf.debugging.assert_shapes in
and out of tf.function, and uint64 constants of 2**63 and above."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
import re
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        msg = re.sub(r'__inference_(\\w+?)_\\d+', r'__inference_\\1_N', str(e))
        # (the frames of a graph error: those of the snippet only, the callers' vary)
        print(type(e).__name__, re.sub(r'  File "(?!<snippet).*\\n\\n', '', msg))
""")
_s = SNIPPETS.add

_s("check_numerics_eager", """
    t(lambda: tf.debugging.check_numerics(tf.constant([1.0, np.nan, np.inf]), "bad x"))
    t(lambda: tf.debugging.check_numerics(tf.constant([1.0, np.inf]), "inf x", name="chk"))
    t(lambda: tf.debugging.check_numerics(tf.constant([np.nan], tf.float64), "nan x"))
    t(lambda: tf.debugging.check_numerics(tf.constant([1.0, 2.0]), "ok"))
    t(lambda: tf.debugging.assert_all_finite(tf.constant([np.inf]), "not finite"))
    t(lambda: tf.debugging.check_numerics(tf.constant([1, 2]), "int"))
""")

_s("check_numerics_function", """
    @tf.function
    def f(v):
        y = tf.debugging.check_numerics(v, "in fn")
        return tf.debugging.check_numerics(y * 2, "second")
    t(lambda: f(tf.constant([1.0, np.nan, np.inf])))
    t(lambda: f(tf.constant([1.0, np.inf])))
    t(lambda: f(tf.constant([np.nan, 2.0])))
    t(lambda: f(tf.constant([1.0, 2.0])))
    @tf.function
    def g(v):
        return tf.debugging.assert_all_finite(v, "all finite")
    t(lambda: g(tf.constant([np.nan])))
    t(lambda: g(tf.constant([3.0])))
""")

_s("assert_shapes", """
    t(lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ('N', 'D')), (tf.zeros([2, 4]), ('N', 'D'))]))
    t(lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ('N', 'D')), (tf.zeros([3]), ('N',))]))
    t(lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ('N', 3)), (tf.zeros([2]), ('N',))]))
    t(lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), (2, 3, 1))]))
    @tf.function
    def f(a, b):
        tf.debugging.assert_shapes([(a, ('N', 'D')), (b, ('N',))])
        return a
    t(lambda: f(tf.zeros([2, 3]), tf.zeros([2])).shape)
    t(lambda: f(tf.zeros([2, 3]), tf.zeros([4])))
""")

_s("uint64_constants", """
    t(lambda: tf.constant(2**63, tf.uint64))
    t(lambda: tf.constant([2**64 - 1, 5], tf.uint64))
    t(lambda: tf.constant([[2**63 + 1], [0]], dtype=tf.uint64))
    t(lambda: tf.cast(tf.constant(2**63, tf.uint64), tf.float64))
    t(lambda: tf.constant(2**63, tf.uint64) - tf.constant(1, tf.uint64))
    t(lambda: tf.convert_to_tensor(2**64 - 1, dtype=tf.uint64))
    @tf.function
    def f():
        return tf.constant(2**63 + 7, tf.uint64) // tf.constant(2, tf.uint64)
    t(f)
    t(lambda: tf.constant(2**63))
""")
