"""Golden snippets: how the calls of an already traced tf.function pass their arguments
(tf.function's fast path, polymorphic_function.py): keyword arguments in any order,
defaults, the same tensor or Variable passed twice, Variables as arguments, lists and
dicts of tensors, an input_signature, calls inside another tf.function and under a
GradientTape, and the tracing counts and errors of repeated calls."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("call_keywords_any_order", """
@tf.function
def f(a, b, c=2.0):
    print('tracing')
    return a - 10.0 * b + 100.0 * c
x, y, z = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
for call in [lambda: f(x, y), lambda: f(a=x, b=y), lambda: f(b=y, a=x),
             lambda: f(b=x, a=y), lambda: f(y, b=x), lambda: f(x, y, z),
             lambda: f(c=z, b=y, a=x), lambda: f(c=x, a=z, b=y), lambda: f(z, c=y, b=x),
             lambda: f(b=z, a=y), lambda: f(b=y, a=z)]:
    print(call().numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_same_tensor_twice", """
@tf.function
def f(a, b):
    return a * 3.0 - b
x, y, z = tf.constant(1.0), tf.constant(2.0), tf.constant(5.0)
print(f(b=x, a=x).numpy(), f(b=y, a=z).numpy(), f(b=z, a=y).numpy(), f(b=y, a=y).numpy())
print(f(x, x).numpy(), f(y, z).numpy(), f(z, y).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_python_values_keywords", """
@tf.function
def f(x, scale=1, shift=0.0):
    print('tracing', scale, shift)
    return x * scale + shift
x = tf.constant([1.0, 2.0])
print(f(x).numpy(), f(x, scale=2).numpy(), f(x, shift=1.0, scale=2).numpy())
print(f(x, scale=2, shift=1.0).numpy(), f(x, 3).numpy(), f(shift=-1.0, x=x).numpy())
print(f(x, scale=True).numpy(), f(x, scale=1).numpy(), f(x, scale=1.0).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_variables_as_arguments", """
@tf.function
def f(v, w, x):
    v.assign_add(x)
    w.assign_sub(x)
    return v + 10.0 * w
a = tf.Variable(1.0)
b = tf.Variable(2.0)
c = tf.Variable(3.0)
x = tf.constant(0.5)
print(f(a, b, x).numpy(), f(b, c, x).numpy(), f(w=a, v=c, x=x).numpy(),
      f(w=b, v=a, x=x).numpy(), f(x=x, w=c, v=b).numpy(), f(x=x, w=a, v=c).numpy())
print(a.numpy(), b.numpy(), c.numpy())
print(f(a, a, x).numpy(), f(b, b, x).numpy(), f(w=c, v=c, x=x).numpy())
print(a.numpy(), b.numpy(), c.numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_lists_and_dicts", """
@tf.function
def f(xs, d, scale=1.0):
    print('tracing', len(xs), sorted(d))
    return xs[0] - 2.0 * xs[-1] + 10.0 * d['p'] - 100.0 * d['q'] * scale
x, y, z = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
u, w = tf.constant(5.0), tf.constant(7.0)
print(f(d={'q': y, 'p': z}, xs=[u, x]).numpy(), f(d={'q': x, 'p': w}, xs=[z, u]).numpy())
print(f(d={'p': y, 'q': z}, xs=(u, x)).numpy(), f(d={'q': x, 'p': w}, xs=(z, u)).numpy())
print(f([x, y], {'p': z, 'q': x}).numpy(), f([y, x], {'q': z, 'p': x}).numpy())
print(f(d={'q': y, 'p': z}, xs=[z, x]).numpy(), f(d={'q': x, 'p': y}, xs=[x, z]).numpy())
print(f((x, y), {'p': z, 'q': x}).numpy(), f([x, y, z], {'p': z, 'q': x}, scale=2.0).numpy())
print(f(scale=2.0, d={'p': x, 'q': y}, xs=[z, y, x]).numpy())
print(f([x, x], {'p': x, 'q': x}).numpy(), f([y, z], {'p': x, 'q': y}).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_input_signature_keywords", """
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                              tf.TensorSpec([], tf.float32)])
def f(x, s):
    print('tracing')
    return x * s
x = tf.constant([1.0, 2.0])
print(f(x, tf.constant(3.0)).numpy(), f(s=tf.constant(4.0), x=x).numpy())
print(f(tf.constant([1.0, 2.0, 3.0]), tf.constant(5.0)).numpy())
print(f(s=tf.constant(2.0), x=tf.constant([7.0])).numpy())
print(f(x, 2.0).numpy(), f(x, 3.0).numpy(), f([1.0], s=2.0).numpy())
for bad in [lambda: f(x, tf.constant([1.0])), lambda: f(tf.constant([1, 2]), tf.constant(1.0)),
            lambda: f(x, tf.constant([1.0]))]:
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, str(e)[:160])
print(f.experimental_get_tracing_count())
""")
_s("call_errors_repeat", """
@tf.function
def f(a, b=1.0):
    return a * b
x = tf.constant(2.0)
print(f(x).numpy())
for _ in range(2):
    for bad in [lambda: f(x, c=1.0), lambda: f(b=x), lambda: f(x, x, x)]:
        try:
            bad()
        except TypeError as e:
            print(type(e).__name__, str(e)[:120])
print(f(b=x, a=x).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_inside_function_and_tape", """
@tf.function
def inner(a, b, k=1.0):
    return a * a * k - b
@tf.function
def outer(x, y):
    return inner(b=x, a=y) + inner(x, y, k=2.0) + inner(k=3.0, b=y, a=x)
x, y = tf.constant(2.0), tf.constant(3.0)
print(outer(x, y).numpy(), outer(y, x).numpy())
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    r1 = inner(b=x, a=y)
    r2 = inner(b=y, a=x, k=2.0)
print(r1.numpy(), r2.numpy())
print([g.numpy() for g in tape.gradient(r1, [x, y])])
print([g.numpy() for g in tape.gradient(r2, [x, y])])
print(inner.experimental_get_tracing_count(), outer.experimental_get_tracing_count())
""")
_s("call_method_keywords", """
class M(tf.Module):
    def __init__(self):
        self.v = tf.Variable(1.0)
    @tf.function
    def __call__(self, x, training=False, scale=1.0):
        print('tracing', training)
        if training:
            self.v.assign_add(x * scale)
        return self.v * x
m = M()
x = tf.constant(2.0)
print(m(x).numpy(), m(x, training=True).numpy(), m(scale=2.0, x=x, training=True).numpy())
print(m(x, True, 2.0).numpy(), m(training=False, x=x).numpy(), m.v.numpy())
print(m.__call__.experimental_get_tracing_count())
""")
_s("call_numpy_and_nested_structures", """
import numpy as np
@tf.function
def f(x, pair):
    print('tracing', type(pair).__name__)
    return x + pair[0] * 10.0 + pair[1] * 100.0
a = np.array([1.0, 2.0], np.float32)
t = tf.constant([3.0, 4.0])
print(f(a, (t, t)).numpy(), f(t, [a, t]).numpy(), f(x=t, pair=(a, a)).numpy())
print(f(pair=(t, tf.constant([5.0, 6.0])), x=t).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_mutable_default", """
@tf.function
def f(x, opts=[1.0]):
    print('tracing', opts)
    return x * opts[0]
x = tf.constant(2.0)
print(f(x).numpy(), f(x).numpy(), f(x=x).numpy())
f.python_function.__defaults__[0].append(3.0)
print(f(x).numpy(), f(x=x).numpy())
print(f.experimental_get_tracing_count())
""")
_s("call_outputs_structures", """
@tf.function
def f(x):
    return {'b': None, 'a': (x, None, [x * 2.0, 3]), 'c': 'text'}, None, x + 1.0
x = tf.constant(1.0)
for y in [x, tf.constant(5.0)]:
    r = f(y)
    print(sorted(r[0]), r[0]['b'], r[1], r[2].numpy(), r[0]['c'])
    print(r[0]['a'][0].numpy(), r[0]['a'][1], [repr(t) for t in r[0]['a'][2]])
@tf.function
def g(x):
    return None
print(g(x), g(tf.constant(2.0)))
@tf.function
def h(x):
    return ()
print(h(x), h(tf.constant(2.0)))
@tf.function
def k(x):
    return 7
print(repr(k(x)), repr(k(tf.constant(2.0))))
""")
_s("call_outputs_composites_and_checks", """
v = tf.Variable([1.0, 2.0, 3.0])
@tf.function
def f(x, i):
    tf.debugging.assert_positive(x)
    sp = tf.sparse.SparseTensor([[0, 1]], x[:1], [2, 3])
    opt = tf.experimental.Optional.from_value(x * 2.0)
    y = tf.reduce_sum(tf.gather(v, i) * x[0])
    g = tf.IndexedSlices(tf.gather(x, i), i, tf.constant([3]))
    v.assign_add(x)
    return sp, opt, g, y
for x in [tf.constant([1.0, 2.0, 3.0]), tf.constant([4.0, 5.0, 6.0])]:
    sp, opt, g, y = f(x, tf.constant([0, 2]))
    print(type(sp).__name__, sp.values.numpy(), sp.indices.numpy().tolist())
    print(type(opt).__name__, opt.get_value().numpy(), type(g).__name__)
    print(g.values.numpy(), g.indices.numpy(), y.numpy(), v.numpy())
try:
    f(tf.constant([-1.0, 2.0, 3.0]), tf.constant([0, 2]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0][:100])
print(v.numpy(), f.experimental_get_tracing_count())
""")
