"""Golden snippets: values inside tf.function where TF's graph optimizer (grappler) makes
them differ from the eager ones: a float or complex division by a constant of the
function becomes a product with the constant's reciprocal (constant folding's
ReduceDivToReciprocalMul), in branches, loops and gradients too; a division by a
captured tensor, a Variable, a shape unknown when traced, a constant by a constant, and
tf.data functions are left as divisions."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_X = """
import numpy as np
x = tf.constant(np.linspace(-7.3, 9.1, 24, dtype=np.float32) ** 3)
def show(name, t):
    print(name, t.dtype.name, t.numpy().tolist())
def function(fn, **kw):
    return tf.function(fn, autograph=False, **kw)
"""

_s("divide_by_function_constant", _X + """
c = tf.constant(3.0)
v = tf.Variable(3.0)
show("eager", x / 3.0)
show("literal", function(lambda x: x / 3.0)(x))
show("tf.constant", function(lambda x: x / tf.constant(3.0))(x))
show("folded", function(lambda x: x / (tf.constant(1.5) * 2.0))(x))
show("divide", function(lambda x: tf.math.divide(x, 7.0))(x))
show("truediv", function(lambda x: tf.math.truediv(x, 7.0))(x))
show("captured", function(lambda x: x / c)(x))
show("variable", function(lambda x: x / v)(x))
show("argument", function(lambda x, y: x / y)(x, c))
show("constants", function(lambda: tf.constant(x.numpy()) / 3.0)())
show("jit_compile", function(lambda x: x / 3.0, jit_compile=True)(x))
""")

_s("divide_by_function_constant_dtypes", _X + """
for dt in (tf.float64, tf.float16, tf.bfloat16):
    show(dt.name, function(lambda x: x / 3.0)(tf.cast(x, dt)))
show("int32", function(lambda x: x / 3)(tf.cast(x, tf.int32)))
z = tf.complex(x, x * 0.5)
show("complex64", function(lambda z: z / tf.constant(3.0 + 1.0j, tf.complex64))(z))
""")

_s("divide_by_shape", _X + """
f = function(lambda x: x / tf.cast(tf.shape(x)[0] // 8, tf.float32))
show("static shape", f(x))
g = function(lambda x: x / tf.cast(tf.shape(x)[0] // 8, tf.float32),
                input_signature=[tf.TensorSpec([None], tf.float32)])
show("unknown shape", g(x))
h = function(lambda x: x / tf.cast(tf.size(x) // 8, tf.float32),
                input_signature=[tf.TensorSpec([None], tf.float32)])
show("unknown size", h(x))
""")

_s("divide_in_branches_loops_gradients", _X + """
show("cond", function(lambda x, p: tf.cond(p, lambda: x / 3.0, lambda: x))(
    x, tf.constant(True)))
loop = function(lambda x: tf.while_loop(lambda i, x: i < 2, lambda i, x: (i + 1, x / 3.0),
                                       (tf.constant(0), x))[1])
show("while", loop(x))
w = tf.constant(np.linspace(1.3, -2.9, 24, dtype=np.float32))
@function
def grad(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum((x / 3.0) * w)
    return t.gradient(y, x)
show("gradient", grad(x))
""")

_s("divide_in_dataset_map", _X + """
show("map", next(iter(tf.data.Dataset.from_tensors(x).map(tf.autograph.experimental.do_not_convert(lambda t: t / 3.0)))))
""")

SNIPPETS.check_compiles()
