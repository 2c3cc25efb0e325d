"""Golden snippets: calling ConcreteFunctions (TF's binding of Python arguments, the flat
signature), concrete functions of TensorSpecs of unknown rank, printed error classes."""
import collections

SNIPPETS = collections.OrderedDict()

SNIPPETS["unknown_rank_spec"] = """
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
"""

SNIPPETS["unknown_rank_output_specs"] = """
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
"""

SNIPPETS["python_arguments_of_concrete_functions"] = """
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
"""

SNIPPETS["flat_signature_call"] = """
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
"""

SNIPPETS["error_classes_print_as_tf"] = """
print(tf.errors.InvalidArgumentError, tf.errors.OpError, tf.errors.OperatorNotAllowedInGraphError)
print(tf.errors.InvalidArgumentError.__name__, issubclass(tf.errors.NotFoundError, tf.errors.OpError))
try:
    tf.debugging.assert_equal(1, 2)
except tf.errors.InvalidArgumentError as e:
    print(type(e))
"""
