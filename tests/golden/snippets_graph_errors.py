"""Golden snippets for run-time errors inside a tf.function (issue 15): an op's check that
fails when the function runs (a gather index out of range, tf.debugging assertions,
check_numerics, unravel_index, a reshape of a loaded SavedModel) raises TF's
"Graph execution error:" naming the node of the function's graph (``while/GatherV2``,
``cond/GatherV2``, ``GatherV2_1``, the inner function's node for nested functions), the
frames where it was defined, the kernel's text, ``[[{{node X}}]]`` and the function
(``[Op:__inference_f_N]``, the outer one for nested functions).

Each error prints its class, message (only the snippet's own "File" lines: the others
are the harness's, which differ between TF's recording and the test), whether
``e.message`` is ``str(e)``, and ``e.op``/``e.node_def``.
"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_SHOW = """def show(f, *args):
    try:
        print('ok', f(*args))
    except Exception as e:
        text = str(e)
        print(type(e).__name__, '\\n'.join(l for l in text.splitlines() if l.strip() and (
            not l.startswith('  File ') or '<snippet' in l)))
        print('message is str:', e.message == text, 'op:', e.op, 'node_def:', e.node_def)
"""
_t = SNIPPETS.adder(_SHOW)


_t("gather_index_out_of_range", """
@tf.function
def f(x, i):
    return tf.gather(x, i)
x = tf.constant([1., 2., 3.])
show(f, x, tf.constant([2, 0]))
show(f, x, tf.constant([5]))
show(f, x, tf.constant([1, -1]))
show(f, x, tf.constant([1]))
""")

_t("gather_nd_scatter_nd_unravel_index", """
@tf.function
def g(x, i):
    y = x * 2.
    return tf.gather_nd(y, i)
show(g, tf.constant([1., 2., 3.]), tf.constant([[5]]))

@tf.function
def sc(i):
    return tf.scatter_nd(i, tf.constant([1.]), [3])
show(sc, tf.constant([[5]]))
show(sc, tf.constant([[1]]))

@tf.function
def tsu(t, i):
    return tf.tensor_scatter_nd_update(t, i, tf.constant([9.]))
show(tsu, tf.zeros([2]), tf.constant([[2]]))

@tf.function
def ur(i):
    return tf.unravel_index(i, [2, 3])
show(ur, tf.constant([7]))
show(ur, tf.constant([4]))
""")

_t("second_node_of_a_type", """
@tf.function
def twice(x, i):
    a = tf.gather(x, 0)
    return a + tf.gather(x, i)
show(twice, tf.constant([1., 2., 3.]), tf.constant(5))
""")

_t("integer_division_by_zero", """
@tf.function
def d(x, y):
    # (one failing op: when several fail, TF's executor reports whichever fails first)
    return tf.math.floordiv(x, y)
show(d, tf.constant([7, 8]), tf.constant([2, 0]))
@tf.function
def m(x, y):
    return tf.math.floormod(x, y)
show(m, tf.constant([7, 8]), tf.constant([0, 3]))
show(m, tf.constant([7, 8]), tf.constant([2, 3]))
""")

_t("assertions_and_check_numerics", """
@tf.function
def h(x):
    tf.debugging.assert_positive(x)
    return x + 1
show(h, tf.constant([-1.]))

@tf.function
def h2(x):
    tf.Assert(tf.reduce_all(x > 0), [x])
    return x + 1
show(h2, tf.constant([-1.]))

@tf.function
def cn(x):
    return tf.debugging.check_numerics(x, "bad")
show(cn, tf.constant([float('nan')]))
show(cn, tf.constant([float('inf'), 1.]))
""")

_t("check_in_autograph_loop_and_branch", """
@tf.function
def w2(x, i):
    acc = 0.
    for k in tf.range(3):
        acc += tf.gather(x, i + k)
    return acc
show(w2, tf.constant([1., 2., 3.]), tf.constant(0))
show(w2, tf.constant([1., 2., 3.]), tf.constant(1))

@tf.function
def c(x, i):
    if i > 0:
        r = tf.gather(x, i)
    else:
        r = x[0]
    return r
show(c, tf.constant([1., 2., 3.]), tf.constant(5))
show(c, tf.constant([1., 2., 3.]), tf.constant(2))
""")

_t("check_in_while_loop_body_function", """
def body(x, i, k, acc):
    return k + 1, acc + tf.gather(x, i + k)

@tf.function
def w(x, i):
    return tf.while_loop(lambda k, acc: k < 3, lambda k, acc: body(x, i, k, acc), [0, 0.])
show(w, tf.constant([1., 2., 3.]), tf.constant(0))
show(w, tf.constant([1., 2., 3.]), tf.constant(1))
""")

_t("check_in_nested_while_loop_body", """
@tf.function
def w(x, i):
    def body(k, acc):
        return k + 1, acc + tf.gather(x, i + k)
    return tf.while_loop(lambda k, acc: k < 3, body, [0, 0.])
show(w, tf.constant([1., 2., 3.]), tf.constant(1))
""")

_t("nested_functions", """
@tf.function
def inner(x, i):
    return tf.gather(x, i) * 2
@tf.function
def outer(x, i):
    return inner(x, i) + 1
show(outer, tf.constant([1., 2., 3.]), tf.constant(5))
show(outer, tf.constant([1., 2., 3.]), tf.constant(6))
show(inner, tf.constant([1., 2., 3.]), tf.constant(7))
""")

_t("check_under_name_scope", """
@tf.function
def ns(x, i):
    with tf.name_scope("foo"):
        return tf.gather(x, i)
show(ns, tf.constant([1., 2., 3.]), tf.constant(5))
""")

_t("loaded_saved_model_reshape", """
import tempfile
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def f(self, x):
        return tf.reshape(x, [-1, 3])
d = tempfile.mkdtemp()
tf.saved_model.save(M(), d)
m = tf.saved_model.load(d)
print(m.f(tf.ones([2, 3])).shape)
show(m.f, tf.ones([1, 5]))
show(m.f, tf.ones([3, 1]))
""")

_t("keras_fit_bad_sparse_label", """
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3)])
model.compile(loss="sparse_categorical_crossentropy", optimizer="sgd")
show(lambda: model.fit(np.ones((4, 2), np.float32), np.array([0, 1, 5, 2]), verbose=0,
                       batch_size=4, shuffle=False))
""")

_t("more_kernel_checks", """
@tf.function
def bp(x, lo):
    return tf.linalg.band_part(x, lo, -1)
show(bp, tf.ones([2, 2]), tf.constant(5))

@tf.function
def ss(d, ids):
    return tf.math.unsorted_segment_sum(d, ids, 2)
show(ss, tf.ones([3]), tf.constant([0, 1, 2]))

@tf.function
def inv(p):
    return tf.math.invert_permutation(p)
show(inv, tf.constant([0, 0, 1]))
show(inv, tf.constant([2, 0, 1]))
""")

_t("lambda_function_keeps_runtime_message", """
f32 = tf.constant([1., 2.])
show(tf.function(lambda: tf.gather(f32, [5]), autograph=False))
show(tf.function(lambda x: tf.gather(x, [5]) * 2., autograph=False), f32)
show(tf.function(lambda x: tf.debugging.check_numerics(x, "m"), autograph=False),
     tf.constant([np.nan]))
show(tf.function(lambda x: tf.gather(x, [1]) * 2., autograph=False), f32)
""")

_t("nested_lambda_functions", """
@tf.function
def inner(x):
    return tf.gather(x, [5])
show(tf.function(lambda x: inner(x), autograph=False), tf.constant([1.]))
lam = tf.function(lambda x: tf.gather(x, [5]), autograph=False)
@tf.function
def outer(x):
    return lam(x)
show(outer, tf.constant([1.]))
""")

_t("traceback_filtering_keeps_the_message", """
@tf.function
def f(x, i):
    return tf.gather(x, i)
x = tf.constant([1., 2., 3.])
show(f, x, tf.constant([5]))
tf.debugging.disable_traceback_filtering()
print(tf.debugging.is_traceback_filtering_enabled())
try:
    show(f, x, tf.constant([6]))
finally:
    tf.debugging.enable_traceback_filtering()
print(tf.debugging.is_traceback_filtering_enabled())
""")

_t("check_in_map_fn_scan_switch_case", """
x = tf.constant([1., 2., 3.])
@tf.function
def m(x, i):
    return tf.map_fn(lambda k: tf.gather(x, k), i, fn_output_signature=tf.float32)
show(m, x, tf.constant([0, 5]))
show(m, x, tf.constant([0, 2]))

@tf.function
def sc(x, i):
    return tf.scan(lambda a, k: a + tf.gather(x, k), i, initializer=0.)
show(sc, x, tf.constant([0, 7]))

@tf.function
def sw(x, i):
    return tf.switch_case(i, [lambda: tf.gather(x, 1), lambda: tf.gather(x, 5)])
show(sw, x, tf.constant(1))
show(sw, x, tf.constant(0))
""")
