"""Golden snippets for XlaCallModule: jax2tf.convert'ed functions (native serialization)
called eagerly, in tf.function and differentiated; tfxla.call_module on modules from
jax.export directly (its errors); and xla_data_pb2.OpSharding / xla_sharding, which jax2tf
imports.

jax2tf imports ``tensorflow``: under tfcompat the prelude registers tfcompat as it.
"""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

PRELUDE = textwrap.dedent("""
import sys
if "tensorflow" not in sys.modules:
    tf.register_as_tensorflow()
import jax
import jax.numpy as jnp
from jax import export
from jax.experimental import jax2tf
from tensorflow.compiler.tf2xla.python import xla as tfxla
def E(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0][:300])
        return
    for t in tf.nest.flatten(r):
        print(t.dtype.name, t.shape, np.round(t.numpy(), 5).tolist())
def G(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    for g in t.gradient(y, xs):
        print(None if g is None else (g.dtype.name, np.round(g.numpy(), 5).tolist()))
def module(f, *specs, poly=None, platforms=None):
    if poly is not None:
        specs = export.symbolic_args_specs(specs, poly)
    e = export.export(jax.jit(f), platforms=platforms)(*specs)
    return dict(version=e.calling_convention_version, module=e.mlir_module_serialized,
                Tout=[tf.as_dtype(a.dtype) for a in e.out_avals],
                Sout=[tuple(d if isinstance(d, int) else None for d in a.shape)
                      for a in e.out_avals], platforms=[p.upper() for p in e.platforms])
S = jax.ShapeDtypeStruct
X = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
Y = np.array([[1., -2., 3.], [0.5, 2., -1.]], np.float32)
""").lstrip("\n")

_x = SNIPPETS.adder(PRELUDE)

_x("convert_eager", """
f = jax2tf.convert(lambda x, y: jnp.sin(x) * y + jnp.sum(x))
E(lambda: f(tf.constant(X), tf.constant(Y)))
E(lambda: f(X, Y))
g = jax2tf.convert(lambda x, y: {"a": x @ y.T, "b": (jnp.cumsum(x, 1), x.astype(jnp.int32))})
E(lambda: g(tf.constant(X), tf.constant(Y)))
h = jax2tf.convert(lambda n: (n * 3 + 1) % 7)
E(lambda: h(tf.constant([1, 2, 30000], tf.int32)))
E(lambda: h(np.array([1.5, 2.0], np.float32)))
""")

_x("convert_64bit", """
h = jax2tf.convert(lambda n: (n * 3 + 1) % 7)
E(lambda: h(tf.constant([1, 2, 3], tf.int64)))
E(lambda: h(np.array([1.5, 2.0])))
k = jax2tf.convert(lambda x: x @ jnp.ones((3, 2)))
E(lambda: k(tf.constant(X)))
""")

_x("convert_polymorphic", """
f = jax2tf.convert(lambda x: jnp.concatenate([x, 2 * x], axis=0).T,
                   polymorphic_shapes=["(b, 3)"])
E(lambda: f(tf.constant(X)))
E(lambda: f(tf.ones((5, 3))))
E(lambda: f(tf.ones((4, 2))))
g = jax2tf.convert(lambda x, y: x * y, polymorphic_shapes=["(b, 3)", "(b, 3)"])
E(lambda: g(tf.ones((2, 3)), tf.ones((2, 3))))
E(lambda: g(tf.ones((2, 3)), tf.ones((3, 3))))
""")

_x("convert_in_function", """
f = jax2tf.convert(lambda x: jnp.tanh(x) @ jnp.ones((3, 2), x.dtype),
                   polymorphic_shapes=["(b, _)"])
tf_f = tf.function(f, autograph=False)
E(lambda: tf_f(tf.constant(X)))
E(lambda: tf_f(tf.ones((4, 3))))
cf = tf.function(f, autograph=False).get_concrete_function(tf.TensorSpec([None, 3]))
print(cf.structured_outputs.shape, cf.structured_outputs.dtype.name)
E(lambda: cf(tf.constant(X)))
E(lambda: cf(tf.ones((1, 3))))
@tf.function(autograph=False)
def twice(x):
    return f(x) * 2
E(lambda: twice(tf.constant(X)))
""")

_x("convert_gradient", """
f = jax2tf.convert(lambda x, y: jnp.sum(jnp.sin(x) * y ** 2))
G(f, X, Y)
@tf.function(autograph=False)
def grad_in_function(x, y):
    with tf.GradientTape() as t:
        t.watch(x)
        r = f(x, y)
    return t.gradient(r, x)
E(lambda: grad_in_function(tf.constant(X), tf.constant(Y)))
p = jax2tf.convert(lambda x: jnp.exp(x) * x, polymorphic_shapes=["(b, _)"])
G(lambda x: tf.reduce_sum(p(x) * 3.0), X)
v = tf.Variable(X)
with tf.GradientTape() as t:
    r = f(v, Y)
print(np.round(t.gradient(r, v).numpy(), 5).tolist())
n = jax2tf.convert(lambda x: x * 2, with_gradient=False)
E(lambda: G(n, X))
""")

_x("call_module_direct", """
m = module(lambda x, y: (jnp.sin(x) * y, jnp.sum(x)), S((2, 3), jnp.float32), S((2, 3), jnp.float32))
x, y = tf.constant(X), tf.constant(Y)
E(lambda: tfxla.call_module([x, y], **m))
E(lambda: tfxla.call_module([tf.ones((3, 3)), y], **m))
E(lambda: tfxla.call_module([tf.cast(x, tf.float64), y], **m))
E(lambda: tfxla.call_module([x], **m))
E(lambda: tfxla.call_module([x, y], **{**m, "version": 1}))
E(lambda: tfxla.call_module([x, y], **{**m, "version": 11}))
E(lambda: tfxla.call_module([x, y], **{**m, "platforms": ["TPU"]}))
E(lambda: tfxla.call_module([x, y], **{**m, "platforms": ["TPU"],
                                       "disabled_checks": ["platform"]}))
E(lambda: tfxla.call_module([x, y], **{**m, "platforms": []}))
E(lambda: tfxla.call_module([x, y], **{**m, "platforms": [], "version": 5}))
E(lambda: tfxla.call_module([x, y], **{**m, "Sout": [(5,), ()]}))
try:
    tfxla.call_module([x, y], **{**m, "module": b"garbage"})
except Exception as e:
    print(type(e).__name__, str(e).split(" Cannot deserialize computation:")[0])
E(lambda: tf.function(lambda a, b: tfxla.call_module([a, b], **m), autograph=False)(x, y))
mm = module(lambda x: x + 1, S((2,), jnp.float32), platforms=["cpu", "cuda"])
E(lambda: tfxla.call_module([tf.ones((2,))], **mm))
print(tfxla.call_module_maximum_supported_version(), tfxla.call_module_disable_check_platform())
""")

_x("call_module_polymorphic", """
m = module(lambda x, y: jnp.sin(x) * y, S((2, 3), jnp.float32), S((2, 3), jnp.float32),
           poly=["(b, 3)", "(b, 3)"])
print(m["Sout"], m["Tout"][0].name)
E(lambda: tfxla.call_module([tf.constant(X), tf.constant(Y)], **m))
E(lambda: tfxla.call_module([tf.ones((4, 3)), tf.ones((4, 3))], **m))
E(lambda: tfxla.call_module([tf.ones((2, 3)), tf.ones((3, 3))], **m))
cf = tf.function(lambda a, b: tfxla.call_module([a, b], **m),
                 autograph=False).get_concrete_function(
    tf.TensorSpec([None, 3]), tf.TensorSpec([None, 3]))
print([t.shape for t in cf.structured_outputs])
E(lambda: cf(tf.ones((3, 3)), tf.ones((3, 3))))
r = module(lambda x: jnp.reshape(x, (-1,)), S((2, 3), jnp.float32), poly=["(b, 3)"])
E(lambda: tfxla.call_module([tf.constant(X)], **r))
print(tf.function(lambda a: tfxla.call_module([a], **r), autograph=False).get_concrete_function(
    tf.TensorSpec([None, 3])).structured_outputs[0].shape)
""")

_x("call_module_gradient", """
m = module(lambda x: jnp.sin(x), S((2, 3), jnp.float32))
x = tf.constant(X)
def grad():
    with tf.GradientTape() as t:
        t.watch(x)
        r = tfxla.call_module([x], **m)
    return t.gradient(r[0], x)
E(grad)
E(lambda: tf.function(grad, autograph=False)())
""")

_x("op_sharding", """
from tensorflow.compiler.xla import xla_data_pb2
from tensorflow.python.compiler.xla.experimental import xla_sharding
s = xla_data_pb2.OpSharding(type=xla_data_pb2.OpSharding.OTHER,
                            tile_assignment_dimensions=[2, 1],
                            tile_assignment_devices=[0, 1], last_tile_dims=[0])
print(s)
print(s.SerializeToString())
print(xla_data_pb2.OpSharding(type=3, tile_assignment_dimensions=[2, 1],
                              tile_assignment_devices=[0, 1], last_tile_dims=[0]) == s)
print(xla_data_pb2.OpSharding() == s, xla_data_pb2.OpSharding.REPLICATED,
      xla_data_pb2.OpSharding.MANUAL)
print(xla_sharding.Sharding.replicate().proto)
print(xla_sharding.Sharding.tile(np.arange(4).reshape(2, 2)).proto.SerializeToString())
print(xla_sharding.Sharding.assign_device(1).proto.SerializeToString())
print(xla_sharding.get_sharding_tile_shape(s.SerializeToString()),
      xla_sharding.get_sharding_tile_shape(None))
print(xla_data_pb2.OpSharding.FromString(s.SerializeToString()) == s)
xla_sharding.get_sharding_tile_shape(s)
""")

_x("prevent_gradient", """
x = tf.constant([1., 2.])
E(lambda: tf.raw_ops.PreventGradient(input=x * 2, message="no"))
E(lambda: G(lambda a: tf.raw_ops.PreventGradient(input=a * 2, message="no"), [1., 2.]))
E(lambda: G(lambda a: tf.raw_ops.PreventGradient(input=a * 2), [1., 2.]))
E(lambda: tf.function(lambda a: tf.raw_ops.PreventGradient(input=a, message="m"),
                      autograph=False)(x))
""")
