"""Golden snippets: tf.string tensors (creation, printing, errors, the ops that move or
compare strings), eagerly, across the tf.function boundary and in traced control flow."""
from snippet_registry import CAPTURE, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("create_and_print", """
a = tf.constant("a")
print(a, repr(a), a.numpy(), type(a.numpy()).__name__, a.dtype, a.shape)
b = tf.constant(["x", "yé"])
print(b, repr(b), b.numpy(), b.numpy().dtype)
print(tf.constant(np.array(["u", "v"])), tf.constant(b"q"), tf.constant(["a", b"b"]))
print(tf.constant([["a"], ["b"]]))
print(tf.constant(["a"], shape=[3]), tf.constant("z", shape=[2, 1]))
print(tf.convert_to_tensor("s").dtype, tf.convert_to_tensor([b"s"]).shape)
print(tf.zeros([2], tf.string), tf.zeros_like(b), tf.fill([2], "k"))
print(tf.string, tf.string.is_numpy_compatible, tf.as_dtype(object), len(b), [t for t in b])
""", verbatim=True)

_s("conversion_errors", """
a = tf.constant("a")
for f in [lambda: a * 2, lambda: tf.abs(a), lambda: a + 1, lambda: tf.constant(["a", 1]),
          lambda: tf.constant(1, dtype=tf.string), lambda: tf.constant("a", dtype=tf.int32),
          lambda: tf.cast(a, tf.int32), lambda: tf.cast(tf.constant(1), tf.string),
          lambda: tf.reduce_sum(tf.constant(["a"])), lambda: tf.ones([2], tf.string),
          lambda: tf.ones_like(a)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
""", verbatim=True)

_s("concat_and_compare", """
a = tf.constant("a")
b = tf.constant(["x", "yé"])
print(a + a, a + "z", "z" + a, b + a, tf.add(b, "!"))
print(a == a, a == "a", a != "b", tf.equal(b, "x"), tf.not_equal(b, ["x", "q"]))
print(b == tf.constant(["x", "y", "z"]))
""", verbatim=True)

_s("moving_ops", """
a = tf.constant("a")
b = tf.constant(["x", "yé"])
print(tf.reshape(b, [2, 1]), tf.concat([b, b], 0), tf.stack([a, a]), b[1], b[::-1])
print(tf.gather(b, [1, 0]), tf.identity(a), tf.expand_dims(a, 0), tf.tile(b, [2]))
print(tf.where([True, False], b, "z"), tf.reverse(b, [0]), tf.transpose([b, b]))
print(tf.shape(b), tf.size(b), tf.rank(b), tf.squeeze(tf.reshape(b, [1, 2])))
print(tf.unstack(b), tf.split(tf.constant(["p", "q", "r", "s"]), 2), tf.broadcast_to(a, [2]))
print(tf.gather_nd(tf.reshape(b, [1, 2]), [[0, 1]]), tf.slice(b, [1], [1]))
""", verbatim=True)

# tf.print writes to file descriptor 1 under TF (see snippet_registry.CAPTURE).
_s("tf_print", CAPTURE + """
print(captured(lambda: tf.print(tf.constant("a"), tf.constant(["x", "yé"]), 3,
                                output_stream=sys.stdout)), end="")
@tf.function
def f(s):
    tf.print(s + "!", output_stream=sys.stdout)
    return s
print(captured(f, tf.constant(["p", "q"])), end="")
""", verbatim=True)

_s("variable", """
v = tf.Variable("abc")
print(v, v.dtype, v.numpy())
v.assign("d")
print(v.numpy(), v.read_value())
@tf.function
def h(s):
    v.assign(v + s)
    return v.read_value()
print(h(tf.constant("!")), h(tf.constant("?")), v.numpy())
""", verbatim=True)

_s("function_boundary", """
@tf.function
def double(a):
    print("Tracing with", a)
    return a + a

print(double(tf.constant(1)))
print(double(tf.constant("a")))
print(double(tf.constant("b")))
print(double(tf.constant(["c", "d"])))
c = double.get_concrete_function(tf.constant("a"))
print(c(tf.constant("e")), c(a=tf.constant("f")))
c2 = double.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.string))
print(c2 is c, c2(tf.constant("g")))
print(c)
print(c.function_type)
print(c.inference_fn(tf.constant("h")))
try:
    c(tf.constant(1))
except Exception as e:
    print(type(e).__name__, str(e).split(" as input")[1].split("[Op:")[0])
print(double.experimental_get_tracing_count())
""", verbatim=True)

_s("function_outputs_and_constants", """
@tf.function
def g(x):
    print(x)
    y = x + x
    return y, y == "xx", tf.reshape(y, [2, 1])[0], tf.constant("k"), 1

print(g(tf.constant(["x", "yé"])))

@tf.function
def const_only():
    return tf.constant("a") + "b", tf.constant(["c"]) == "c"
print(const_only())
""", verbatim=True)

_s("script_functions", """
def up(s):
    return tf.strings.upper(s)
def np_up(s):
    print(type(s).__name__, s.dtype if hasattr(s, "dtype") else "")
    return np.array([b.upper() for b in s], dtype=object)
def scalar_up(s):
    print(type(s).__name__)
    return s.upper() if isinstance(s, bytes) else s[()].upper()
x = tf.constant(["ab", "c"])
print(tf.py_function(up, [x], tf.string), tf.numpy_function(np_up, [x], tf.string))
print(tf.numpy_function(scalar_up, [tf.constant("q")], tf.string))
@tf.function
def f(s):
    return (tf.py_function(up, [s], tf.string), tf.numpy_function(np_up, [s + "!"], tf.string),
            tf.numpy_function(scalar_up, [s[0]], tf.string),
            tf.py_function(lambda t: tf.strings.length(t), [s], tf.int32))
print(f(x))
""", verbatim=True)

_s("traced_control_flow", """
@tf.function
def k(x):
    if x > 0:
        r = tf.constant("pos")
    else:
        r = tf.constant("neg")
    return r
print(k(tf.constant(1)), k(tf.constant(-1)))

@tf.function
def h(x, s):
    while tf.reduce_sum(x) < 3:
        s = s + "b"
        x += 1
    return s, tf.cond(x > 4, lambda: s, lambda: tf.constant("small"))
print(h(tf.constant(0), tf.constant("a")), h(tf.constant(5), tf.constant("a")))

@tf.function
def m(xs):
    return tf.map_fn(lambda s: s + "!", xs), tf.scan(lambda a, s: a + s, xs,
                                                      initializer=tf.constant(""))
print(m(tf.constant(["a", "b"])))

@tf.function
def bad(x):
    return tf.cond(x > 0, lambda: tf.constant("a"), lambda: tf.constant(1))
try:
    bad(tf.constant(1))
except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[-6])
""", verbatim=True)
