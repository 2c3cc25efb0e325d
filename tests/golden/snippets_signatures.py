"""Golden snippets: the static shapes a tf.function shows for what it cannot know when it
is traced, and the serving signatures tf.saved_model builds. An iterator's element inside
tf.function has the element_spec's shape (None for a batch of unknown size), also as the
argument of a nested tf.function (one trace, as TF); a tf.function method's signature has
no `self`; a saved signature flattens nested inputs to one keyword per tensor (inputs,
inputs_1 ... by the placeholder names), is positional only with one input, is made of a
get_concrete_function of unknown rank, and is chosen by default only from functions that
return a tensor. Signature dicts are printed sorted (TF orders them as a protobuf map)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("sig_iterator_element_shapes", """
ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(30.0), [10, 3]) // 3).batch(4)
@tf.function(reduce_retracing=True)
def inner(x):
    print('inner trace', x.shape, x)
    return tf.reduce_sum(x, axis=1) * 2
@tf.function
def outer(it):
    x = it.get_next()
    print('outer trace', x.shape, x.get_shape(), x.shape.rank, x.dtype)
    return inner(x)
it = iter(ds)
for _ in range(3):
    print(outer(it).numpy())
print(outer.experimental_get_tracing_count(), inner.experimental_get_tracing_count())
""")

_s("sig_iterator_next_and_optional", """
ds = tf.data.Dataset.from_tensor_slices(({'a': tf.ones([5, 2])}, tf.range(5))).batch(2)
@tf.function
def f(it):
    feats, label = next(it)
    print('next', feats['a'].shape, label.shape)
    opt = it.get_next_as_optional()
    v = opt.get_value()
    print('optional', v[0]['a'].shape, v[1].shape)
    return tf.reduce_sum(feats['a']) + tf.reduce_sum(v[0]['a'])
it = iter(ds)
print(f(it).numpy(), f.experimental_get_tracing_count())
fixed = tf.data.Dataset.range(8).batch(4, drop_remainder=True)
@tf.function
def g(it):
    x = next(it)
    print('fixed', x.shape)
    return x
print(g(iter(fixed)).numpy())
@tf.function
def h(it):
    x = next(it)
    x.set_shape([None])
    print('set_shape', x.shape)
    x.set_shape([4])
    print('set_shape', x.shape)
    return x
print(h(iter(tf.data.Dataset.range(8).batch(4))).numpy())
""")

_s("sig_method_signature", """
import inspect
class M:
    @tf.function(input_signature=[tf.TensorSpec([None, 1])])
    def call(self, inputs):
        return inputs
    @tf.function
    def g(self, x, y=1):
        return x
m = M()
print(inspect.signature(m.call), inspect.signature(m.g))
print(inspect.signature(M.call), inspect.signature(M.g))
print(m.call(tf.ones([2, 1])).shape)
""")

_s("sig_nested_inputs", """
import tempfile, os
class M(tf.Module):
    @tf.function(input_signature=[[tf.TensorSpec([None], tf.float32),
                                   tf.TensorSpec([1], tf.float32)],
                                  {'a': tf.TensorSpec([2], tf.int32, name='aa'),
                                   'b': tf.TensorSpec([], tf.int32)}])
    def f(self, pair, d):
        return {'s': pair[0] + pair[1], 't': d['a'] + d['b']}
m = M()
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(m, path, signatures=m.f)
r = tf.saved_model.load(path)
sig = r.signatures['serving_default']
args, kwargs = sig.structured_input_signature
print(args, sorted(kwargs.items()))
print(sorted(sig.structured_outputs.items()))
out = sig(pair=tf.constant([1.0, 4.0]), pair_1=tf.constant([2.0]), aa=tf.constant([1, 2]),
          d=tf.constant(3))
print(sorted((k, v.numpy().tolist()) for k, v in out.items()))
for call in (lambda: sig(tf.constant([1.0]), tf.constant([2.0]), tf.constant([1, 2]),
                         tf.constant(3)),
             lambda: sig(pair=tf.constant([1.0]))):
    try:
        call()
    except TypeError as e:
        print(type(e).__name__)
out = r.f([tf.constant([1.0]), tf.constant([2.0])], {'a': tf.constant([1, 2]), 'b': tf.constant(3)})
print(sorted(out.items()))
""")

_s("sig_tuple_input_one_tensor_positional", """
import tempfile, os
class M(tf.Module):
    @tf.function(input_signature=[(tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2]))])
    def f(self, xy):
        return xy[0] * tf.reduce_sum(xy[1])
    @tf.function(input_signature=[tf.TensorSpec([None, 2])])
    def one(self, x):
        return {'y': x + 1.0}
m = M()
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(m, path, signatures={'pair': m.f, 'one': m.one})
r = tf.saved_model.load(path)
print(sorted(r.signatures.keys()))
print(sorted(r.signatures['pair'].structured_input_signature[1].items()))
print(r.signatures['pair'](xy=tf.ones([1, 2]), xy_1=tf.fill([1, 2], 3.0)))
print(r.signatures['one'](tf.ones([1, 2])))
print(r.signatures['one'](x=tf.ones([1, 2])))
""")

_s("sig_unknown_rank_concrete_function", """
import tempfile, os
class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)
    @tf.function
    def __call__(self, x):
        return x * self.v
m = M()
call = m.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
print(call.structured_input_signature)
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(m, path, signatures=call)
r = tf.saved_model.load(path)
sig = r.signatures['serving_default']
print(list(r.signatures.keys()), sig.structured_input_signature, sig.structured_outputs)
print([v.numpy() for v in sig.variables], [v.numpy() for v in sig.trainable_variables])
print(sig(tf.constant([[1.0, 2.0]])), sig(x=tf.constant(3.0)))
print(r(tf.constant(3.0)), r(tf.constant([[3.0]])))
""")

_s("sig_default_needs_outputs", """
import tempfile, os
class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)
    @tf.function
    def __call__(self, x):
        return x * self.v
m = M()
m(tf.constant(0.0))
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(m, path)
r = tf.saved_model.load(path)
print(list(r.signatures.keys()))
r.mutate(tf.constant(2.0))
print(r(tf.constant(3.0)))
class N(M):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def get(self, x):
        return self.v + x
n = N()
path = os.path.join(tempfile.mkdtemp(), 'n')
tf.saved_model.save(n, path)
r = tf.saved_model.load(path)
print(list(r.signatures.keys()), r.signatures['serving_default'](tf.constant(1.0)))
""")

_s("sig_saved_reshape_unknown_dims", """
import tempfile, os
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None, None, None], tf.uint8)])
    def __call__(self, x):
        y = tf.reshape(x, [-1, 6]) / 255
        print('trace', y.shape)
        return tf.argmax(y, axis=1), tf.reduce_sum(y, axis=1)
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(M(), path)
loaded = tf.saved_model.load(path)
for shape in ([2, 3, 2], [1, 4, 3], [3, 2, 1]):
    x = tf.reshape(tf.range(tf.reduce_prod(shape)) % 7 * 30, shape)
    i, s = loaded(tf.cast(x, tf.uint8))
    print(shape, i.numpy(), i.dtype, s.numpy(), s.dtype)
try:
    loaded(tf.ones([1, 5, 1], tf.uint8))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
""")

_s("sig_saved_nested_function_derived_dims", """
import tempfile, os
class Dense(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.reshape(tf.range(12.0), [6, 2]) / 10)
    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w)
class Export(tf.Module):
    def __init__(self):
        self.model = Dense()
    @tf.function(input_signature=[tf.TensorSpec([None, None, None], tf.uint8)])
    def __call__(self, x):
        return tf.argmax(self.model(tf.reshape(x, [-1, 6]) / 255), axis=1)
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(Export(), path)
loaded = tf.saved_model.load(path)
print(loaded(tf.ones([2, 3, 2], tf.uint8)), loaded(tf.ones([1, 1, 6], tf.uint8)))
print(loaded.model.w.numpy().sum(), len(loaded.model.__call__.concrete_functions))
""")

_s("sig_inputs_whose_unknown_dimensions_must_match", """
# Two inputs of unknown batch size combined: TF checks their sizes when it runs; the
# SavedModel (and a multi-input Keras export) takes inputs where they are equal.
import os, tempfile
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def add(self, x, y):
        return x[:, 0] + tf.cast(y, tf.float32)
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def xent(self, x, y):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(y, x)
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(M(), path)
r = tf.saved_model.load(path)
x, y = tf.reshape(tf.range(6.0), [2, 3]), tf.constant([1, 2])
print(r.add(x, y), r.xent(x, y))
for f in (r.add, r.xent):
    try:
        f(x, tf.constant([1, 2, 0]))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
a, b = tf.keras.Input((4,)), tf.keras.Input((2,))
model = tf.keras.Model([a, b], tf.keras.layers.concatenate([a, b]))
model.export(os.path.join(path, 'keras'), verbose=False)
served = tf.saved_model.load(os.path.join(path, 'keras'))
print(served.serve([tf.ones([2, 4]), tf.zeros([2, 2])]))
""")

_s("sig_loaded_variable_class", """
# A loaded Variable is TF's UninitializedVariable (a tf.Variable, not a ResourceVariable);
# its copies and a new Variable from it are ResourceVariables.
import copy, os, tempfile
m = tf.Module()
m.v = tf.Variable([1., 2.], name='w')
path = os.path.join(tempfile.mkdtemp(), 'm')
tf.saved_model.save(m, path)
r = tf.saved_model.load(path)
print(type(r.v).__name__, type(r.v).__module__, isinstance(r.v, tf.Variable))
print(repr(r.v), r.v.name, r.v.trainable)
print(type(r.v.assign([3., 4.])).__name__, r.v.numpy())
print(type(copy.deepcopy(r.v)).__name__, type(tf.Variable(r.v)).__name__)
""")

_s("sig_calls_bind_as_concrete_functions", """
# A loaded signature is TF's _WrapperFunction: keyword arguments cast to the structured
# signature, else the flat one (tensors by position or name), else TF's error naming both;
# named signature_wrapper_<tf.function> (a ConcreteFunction's: signature_wrapper); a dtype
# its program does not take fails as TF's function call kernel fails.
import tempfile
class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="inp"),
                                  tf.TensorSpec([], tf.int32, name="k")])
    def scale(self, a, k):
        return {"out": a * tf.cast(k, tf.float32)}
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def one(self, a):
        return a * 2
    @tf.function
    def two(self, a, b):
        return {"x": a + b}
m = M()
c = m.two.get_concrete_function(tf.TensorSpec([2], tf.float32, name="aa"),
                                 tf.TensorSpec([2], tf.float32))
d = tempfile.mkdtemp()
tf.saved_model.save(m, d, signatures={"s": m.scale, "o": m.one, "c": c})
l = tf.saved_model.load(d)
s, o, c2 = l.signatures["s"], l.signatures["o"], l.signatures["c"]
def show(f):
    try:
        print({k: v.numpy().tolist() for k, v in f().items()})
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: s(inp=tf.constant([1.]), bad=1))
show(lambda: s(inp=tf.constant([1.])))
show(lambda: s(tf.constant([1.]), tf.constant(1)))
show(lambda: s(inp=[1., 2.], k=3))
show(lambda: s(inp=tf.constant([1.]), k=tf.constant(1.)))
show(lambda: o(tf.constant([1.])))
show(lambda: o(tf.constant([1.]), tf.constant([1.])))
show(lambda: o(x=tf.constant([1.])))
show(lambda: o(a=[3.]))
show(lambda: o([1., 2.]))
show(lambda: o(tf.constant([1])))
show(lambda: c2(aa=tf.constant([1., 2.]), b=tf.constant([1., 2.])))
show(lambda: c2(aa=tf.constant([1., 2.])))
show(lambda: c2(tf.constant([1., 2.]), b=tf.constant([1., 2.])))
print(type(o).__name__, o.function_type)
print(callable(l), callable(o))
""")
