"""Golden snippets: input_signature and tf.TensorSpec, get_concrete_function and calling
ConcreteFunctions (TF's binding of Python arguments, the flat signature, printed
signatures), concrete functions of TensorSpecs of unknown rank, printed error classes."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


_s("unknown_rank_spec", """
import re
@tf.function
def pow(a, b):
    print("tracing", a)
    return a ** b

square = pow.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
print(square)
print(square(tf.constant(10.0)), square(tf.constant([1.0, 2.0])), square(a=tf.constant([[3.0]])))
print(square(tf.constant(1.0), 2), pow.experimental_get_tracing_count())
print(square.structured_input_signature, square.output_shapes, square.output_dtypes)
print(square.function_type)
for f in [lambda: square(tf.constant(10.0), b=3), lambda: square(tf.constant(10))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, re.sub(r"__inference_\\w+", "F", str(e)))
""", verbatim=True)

_s("unknown_rank_output_specs", """
@tf.function
def r(a):
    return tf.reduce_sum(a), tf.zeros([5]), a[0], tf.shape(a)
c = r.get_concrete_function(tf.TensorSpec(None, tf.float32))
print(c)
print(c(tf.constant([[1.0, 2.0], [3.0, 4.0]])))

@tf.function(input_signature=[tf.TensorSpec(None, tf.int32)])
def double(x):
    print("tracing", x)
    return x * 2
print(double(tf.constant(3)), double(tf.constant([1, 2])))
print(double.get_concrete_function())
""", verbatim=True)

_s("python_arguments_of_concrete_functions", """
@tf.function
def scale(x, k, shift=1.0):
    return x * k + shift

c = scale.get_concrete_function(tf.constant([1.0, 2.0]), 3.0)
print(c(tf.constant([1.0, 1.0])), c(x=tf.constant([0.0, 1.0])))
print(c(tf.constant([1.0, 1.0]), k=3.0, shift=1.0), c(tf.constant([2.0, 2.0]), 3.0, 1.0))
for f in [lambda: c(tf.constant([1.0, 1.0]), 3.0), lambda: c(tf.constant([1.0, 1.0]), 4.0, 1.0),
          lambda: c(tf.constant([1.0, 1.0]), shift=2.0), lambda: c(tf.constant([1.0]), k=5)]:
    try:
        print(f())
    except TypeError as e:
        print(type(e).__name__, e)
""", verbatim=True)

_s("flat_signature_call", """
class SimpleModel(tf.Module):
    def __init__(self):
        self.weight = tf.Variable(2.0)
        self.bias = tf.Variable(3.0)

def evaluate(model, x):
    return model.weight * x + model.bias

m = SimpleModel()
x = tf.constant(10.0)
c = tf.function(evaluate).get_concrete_function(m, x)
print(c(x), c(m, x), c(tf.constant(1.0)))
""", verbatim=True)

_s("error_classes_print_as_tf", """
print(tf.errors.InvalidArgumentError, tf.errors.OpError, tf.errors.OperatorNotAllowedInGraphError)
print(tf.errors.InvalidArgumentError.__name__, issubclass(tf.errors.NotFoundError, tf.errors.OpError))
try:
    tf.debugging.assert_equal(1, 2)
except tf.errors.InvalidArgumentError as e:
    print(type(e))
""", verbatim=True)
# ---------------------------------------------------------------------------
# input_signature

_s("input_signature_basic", """
@tf.function(input_signature=[tf.TensorSpec(shape=[2], dtype=tf.float32),
                              tf.TensorSpec(shape=[], dtype=tf.int32)])
def f(x, n):
    print('tracing', x.shape, n.shape)
    return x * tf.cast(n, tf.float32)
print(repr(f(tf.constant([1.0, 2.0]), tf.constant(3))))
print(repr(f(tf.constant([3.0, 4.0]), tf.constant(2))))
print(repr(f([5.0, 6.0], 2)))
print(f.experimental_get_tracing_count())
print(f.input_signature)
""")
_s("input_signature_none_dimension", """
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def f(x):
    print('tracing', x.shape)
    return tf.reduce_sum(x) + tf.cast(tf.size(x), tf.float32)
print(repr(f(tf.constant([1.0, 2.0]))))
print(repr(f(tf.constant([1.0, 2.0, 3.0]))))
print(f.experimental_get_tracing_count())
""")
_s("input_signature_incompatible_errors", """
@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def f(x):
    return x + 1.0
for arg in [tf.constant([1, 2]), tf.constant([1.0, 2.0, 3.0]), tf.constant(1.0)]:
    try:
        f(arg)
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)
try:
    f(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))
    print('no error')
except Exception as e:
    print(type(e).__name__, e)
print(repr(f(tf.constant([1.0, 2.0]))))
print(f.experimental_get_tracing_count())
""")
_s("tensorspec_repr_and_compat", """
s = tf.TensorSpec([2, None], tf.float32, name='x')
print(repr(s))
print(repr(tf.TensorSpec([], tf.int64)))
print(s.shape, repr(s.dtype), s.name)
print(s.is_compatible_with(tf.zeros([2, 5])), s.is_compatible_with(tf.zeros([3, 5])))
print(s.is_compatible_with(tf.zeros([2, 5], tf.int32)))
print(tf.TensorSpec([2], tf.float32) == tf.TensorSpec([2], tf.float32))
print(repr(tf.TensorSpec.from_tensor(tf.constant([[1, 2]]))))
""")

# ---------------------------------------------------------------------------
# concrete functions

_s("concrete_function_from_tensors", """
@tf.function
def f(x, y):
    print('tracing')
    return x * y
cf = f.get_concrete_function(tf.constant(2.0), tf.constant(3.0))
print(f.experimental_get_tracing_count())
print(repr(cf(tf.constant(4.0), tf.constant(5.0))))
print(repr(f(tf.constant(1.0), tf.constant(1.5))))
print(f.experimental_get_tracing_count())
cf2 = f.get_concrete_function(tf.constant(1.0), tf.constant(1.0))
print(f.experimental_get_tracing_count())
""")
_s("concrete_function_from_specs", """
import re
@tf.function
def f(x):
    return tf.reduce_sum(x, axis=0)
cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
print(repr(cf(tf.constant([[1.0, 2.0], [3.0, 4.0]]))))
print(repr(cf(tf.constant([[1.0, 2.0]]))))
try:
    cf(tf.constant([[1, 2]]))
    print('no error')
except Exception as e:  # __inference_f_N: TF numbers traced functions process-wide
    print(type(e).__name__, re.sub(r'(__inference_\\w+_)\\d+', r'\\1N', str(e)))
""")
_s("concrete_function_nested_output_and_signature", """
@tf.function
def f(x):
    return {'a': x, 'b': (x + 1, x * 2)}
cf = f.get_concrete_function(tf.TensorSpec([], tf.int32))
r = cf(tf.constant(3))
print(sorted(r), repr(r['a']), repr(r['b']))
@tf.function(input_signature=[tf.TensorSpec([3], tf.int32)])
def f(x):
    return x * x
cf = f.get_concrete_function()
print(repr(cf(tf.constant([1, 2, 3]))))
print(f.experimental_get_tracing_count())
""")


# ---------------------------------------------------------------------------
# more input signatures and concrete functions

_s("input_signature_none_dims_one_trace", """
v = tf.Variable(2.0)
@tf.function(input_signature=(tf.TensorSpec(shape=[None, 3], dtype=tf.float32),))
def h(x):
    print('Tracing with', x, x.shape, x.shape[0])
    s = tf.shape(x)
    y = tf.reduce_sum(x * v, axis=1) + tf.cast(s[0], tf.float32)
    return y, s, tf.size(x), tf.reduce_mean(x, axis=0)
with tf.GradientTape() as t:
    y, s, n, m = h(tf.ones([2, 3]))
print(y, s, n, m)
print(t.gradient(y, v))
print(h(tf.reshape(tf.range(12.0), [4, 3])))
print(h.experimental_get_tracing_count())
""", verbatim=True)

_s("concrete_function_signatures_printed", """
@tf.function
def double(a):
    return a + a
double(tf.constant(1))
double(tf.constant(1.1))
print(double.pretty_printed_concrete_signatures())
print(double.pretty_printed_concrete_signatures(verbose=False))

@tf.function
def f(x, y=2, *, z=None):
    return {"s": x * y, "t": (x, [x + 1])}
c = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32), 3)
print(c)
print(repr(c).split(' at 0x')[0])
print(c.structured_input_signature)
print(c.output_shapes, c.output_dtypes)
print(c(tf.ones([2, 3]))["t"][1][0])

@tf.function
def h(x, n):
    pass
h(tf.constant([[1]]), tf.constant(2, tf.int64))
print(h.pretty_printed_concrete_signatures())
v = tf.Variable(1.0)
@tf.function
def g(x):
    return x * v
g(tf.constant([1.0, 2.0]))
print(g.pretty_printed_concrete_signatures().split('Captures:')[0])
""", verbatim=True)

_s("var_positional_and_keyword_parameters_and_spec_names", """
# TF's FunctionType: the arguments past the positional parameters are the var-positional
# one's (a_0, a_1 ...; the positional parameters are then positional-only, printed before
# "/"), extra keyword arguments keyword-only; an input_signature's spec names are kept
# (Keras's export prints its endpoints so), and name the placeholders.
def show(f, *a, **k):
    c = f.get_concrete_function(*a, **k)
    print(c.pretty_printed_signature(verbose=False))
    print(c.structured_input_signature)
    print([op.name for op in c.graph.get_operations() if op.type == "Placeholder"])
def first(*a):
    return a[0]
def pos_var_kw(x, *a, **kw):
    return x
def with_default(x, y=2):
    return x
def two(x, y):
    return x
show(tf.function(first), tf.constant(1.), tf.constant(2))
show(tf.function(pos_var_kw), tf.constant(1.), tf.constant(2), z=tf.constant(3.))
show(tf.function(with_default), tf.TensorSpec([None], tf.float32, name="nm"))
def default_then_var(a, b=2, *args):
    return a
show(tf.function(default_then_var), tf.constant(1.))
show(tf.function(two, input_signature=[
    tf.TensorSpec([None], tf.float32, name="nm"), tf.TensorSpec([], tf.int32)]))
def h(a, *args, k=1, **kw):
    return a
show(tf.function(h, input_signature=[tf.TensorSpec([], tf.float32),
                                     tf.TensorSpec([2], tf.int32, name="x"),
                                     tf.TensorSpec([3], tf.int32)]))
def serve(*args):
    return args[0] * 2
f = tf.function(serve, input_signature=[tf.TensorSpec([None, 4], tf.float32,
                                                      name="keras_tensor")])
print(f.get_concrete_function().pretty_printed_signature())
print(f.pretty_printed_concrete_signatures() == f.get_concrete_function().pretty_printed_signature())
print(f(tf.ones([1, 4])))
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="inp")])
    def __call__(self, x):
        return x
print(M().__call__.get_concrete_function().pretty_printed_signature())
""")

_s("python_outputs_typed_as_tensors", """
# A tf.function's Python outputs are the tensors TF makes of them, also in its printed
# FunctionType (not Literal).
@tf.function
def f(x, scale=2.0):
    return x * scale, 'done', 3, {'flag': True}
print(f(2.0))
print(f.get_concrete_function(2.0).pretty_printed_signature())
print(f.get_concrete_function(tf.constant(1.0)).pretty_printed_signature(verbose=False))
""")
