"""Golden snippets for small TF framework names: tf.DeviceSpec, tf.IndexedSlicesSpec,
tf.NoneTensorSpec, tf.OptionalSpec, tf.TensorArraySpec, tf.RegisterGradient,
tf.no_gradient and tf.variable_creator_scope."""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()

_f = SNIPPETS.adder(textwrap.dedent("""
import re
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, re.sub(r"in register \\S+:\\d+", "in register FILE", str(e)))
""").lstrip("\n"))


_f("device_spec_parse", """
for s in ["/job:ps/replica:1/task:2/device:GPU:3", "/job:ps/replica:1/task:2/gpu:3",
          "/cpu:0", "CPU", "gpu:*", "/device:cpu:1", "/device:CUSTOM:2", "tpu:1",
          "/job:worker", "/replica:3", "", None, "/task:0/device:GPU:*"]:
    E(lambda: tf.DeviceSpec.from_string(s))
    E(lambda: tf.DeviceSpec.from_string(s).to_string())
for s in ["/foo:1", "/cpu:0/gpu:1", "/device:GPU:1/cpu:0", "/cpu:x", "/job:a:b", "/replica:x"]:
    E(lambda: tf.DeviceSpec.from_string(s))
""")

_f("device_spec_construct", """
d = tf.DeviceSpec(job="ps", replica="1", task=2.0, device_type="gpu", device_index="3")
print(repr(d), d.to_string())
print(d.job, type(d.job).__name__, d.replica, type(d.replica).__name__, d.task, d.device_type,
      d.device_index)
print(repr(tf.DeviceSpec()), repr(tf.DeviceSpec().to_string()))
print(tf.DeviceSpec(device_type="tpu").to_string(), tf.DeviceSpec(job=0).job)
print(tf.DeviceSpec(device_index=1).to_string(), repr(tf.DeviceSpec(device_index=1)))
E(lambda: tf.DeviceSpec(replica="x"))
E(lambda: tf.DeviceSpec(jobs="ps"))
E(lambda: setattr(d, "job", "w"))
print(str(d) == repr(d))
""")

_f("device_spec_merge_replace_eq", """
a = tf.DeviceSpec(job="ps", device_type="CPU")
b = tf.DeviceSpec(device_type="GPU", device_index=1)
print(repr(a.make_merged_spec(b)), repr(b.make_merged_spec(a)))
print(repr(a.replace(device_type=None, task=3)), repr(a.replace()))
E(lambda: a.replace(foo=1))
print(repr(a.parse_from_string("/gpu:2")), repr(a))
c = tf.DeviceSpec.from_string("/job:ps/device:CPU:*")
print(a == c, a != c, a == b, a == a.to_string(), hash(a) == hash(c),
      hash(a) == hash(a.to_string()))
print(len({a, c, b}), {a: 1}[c])
print(tf.DeviceSpec.from_string("/cpu:0") == tf.DeviceSpec.from_string("/device:CPU:0"))
""")

_f("device_spec_in_device_scope", """
with tf.device(tf.DeviceSpec(device_type="CPU", device_index=0)):
    print(tf.constant(1.0).device)
@tf.function
def f(x):
    with tf.device(tf.DeviceSpec(device_type="CPU", device_index=0)):
        return x + 1
print(f(tf.constant(1.0)))
""")

_f("indexed_slices_spec", """
s = tf.IndexedSlicesSpec([None, 3], tf.float32, tf.int64, tf.int32, [2])
print(repr(s))
print(repr(tf.IndexedSlicesSpec()), repr(tf.IndexedSlicesSpec(dtype="float64")))
print(s._component_specs)
print(tf.IndexedSlicesSpec()._component_specs)
print(tf.IndexedSlicesSpec() == tf.IndexedSlicesSpec(), s == tf.IndexedSlicesSpec(),
      hash(tf.IndexedSlicesSpec()) == hash(tf.IndexedSlicesSpec()), s.value_type.__name__)
print(s.is_compatible_with(tf.IndexedSlicesSpec([5, 3], tf.float32, tf.int64, tf.int32, [None])),
      s.is_compatible_with(tf.IndexedSlicesSpec([5, 4], tf.float32, tf.int64, tf.int32, [2])),
      s.is_compatible_with(tf.IndexedSlicesSpec([5, 3], tf.float64, tf.int64, tf.int32, [2])),
      s.is_compatible_with(tf.TensorSpec([2])))
E(lambda: tf.IndexedSlicesSpec(indices_shape=[2, 2]))
E(lambda: tf.IndexedSlicesSpec(dtype="nope"))
x = tf.IndexedSlices(tf.constant([[1., 2.]]), tf.constant([0]), tf.constant([3, 2]))
print(repr(tf.type_spec_from_value(x)))
print(repr(tf.type_spec_from_value(tf.IndexedSlices(tf.constant([[1., 2.], [3., 4.]]),
                                                    tf.constant([0, 2], tf.int64)))))
sp = tf.type_spec_from_value(x)
print(sp.is_compatible_with(x), tf.IndexedSlicesSpec([2]).is_compatible_with(x))
print(repr(sp._from_components(sp._to_components(x)).values))
""")

_f("indexed_slices_spec_input_signature", """
@tf.function(input_signature=[tf.IndexedSlicesSpec([None, 2], tf.float32, tf.int32, tf.int32)])
def g(s):
    return s.values * 2.0, s.indices + 1, s.dense_shape
x = tf.IndexedSlices(tf.constant([[1., 2.], [5., 6.]]), tf.constant([0, 2]), tf.constant([3, 2]))
print(g(x))
print(g.get_concrete_function().structured_input_signature)
E(lambda: g(tf.IndexedSlices(tf.constant([[1., 2., 3.]]), tf.constant([0]), tf.constant([3, 3]))))
""")

_f("none_tensor_spec", """
n = tf.NoneTensorSpec()
print(repr(n), n == tf.NoneTensorSpec(), hash(n) == hash(tf.NoneTensorSpec()), n != n)
print(n.value_type, n._component_specs, repr(tf.NoneTensorSpec.from_value(None)))
print(repr(tf.type_spec_from_value(None)), n.is_compatible_with(None),
      n.is_compatible_with(tf.NoneTensorSpec()), n.is_compatible_with(tf.TensorSpec([])))
@tf.function
def f():
    return repr(tf.type_spec_from_value(None))
print(f())
""")

_f("optional_spec", """
o = tf.experimental.Optional.from_value({"a": tf.constant(1.0), "b": tf.constant([1, 2])})
s = tf.type_spec_from_value(o)
print(repr(s), s.value_type.__name__)
print(s == tf.OptionalSpec.from_value(o), hash(s) == hash(tf.OptionalSpec.from_value(o)))
t = tf.OptionalSpec(tf.TensorSpec([2], tf.int32))
print(repr(t), t == tf.OptionalSpec(tf.TensorSpec([2], tf.int32)), t == s)
print(t.is_compatible_with(tf.OptionalSpec(tf.TensorSpec([None], tf.int32))),
      t.is_compatible_with(tf.OptionalSpec(tf.TensorSpec([3], tf.int32))),
      t.is_compatible_with(tf.experimental.Optional.from_value(tf.constant([1, 2]))),
      t.is_compatible_with(tf.experimental.Optional.from_value(tf.constant([1., 2.]))))
e = tf.experimental.Optional.empty(tf.TensorSpec([], tf.float32))
print(repr(tf.type_spec_from_value(e)))
@tf.function
def f(x):
    return repr(tf.type_spec_from_value(tf.experimental.Optional.from_value(x)))
print(f(tf.constant([1.0, 2.0])))
""")

_f("tensor_array_spec", """
print(repr(tf.TensorArraySpec()), repr(tf.TensorArraySpec([2], tf.int32, True, False)))
a = tf.TensorArraySpec([2])
print(a == tf.TensorArraySpec([2]), a == tf.TensorArraySpec([2], infer_shape=False),
      hash(a) == hash(tf.TensorArraySpec([2])), a.value_type.__name__)
print(a.is_compatible_with(tf.TensorArraySpec([None], infer_shape=False)),
      a.is_compatible_with(tf.TensorArraySpec([2], dynamic_size=True)),
      a.is_compatible_with(tf.TensorArraySpec([2], tf.int32)),
      a.is_compatible_with(tf.TensorArray(tf.float32, size=2, element_shape=[2])))
for ta in [tf.TensorArray(tf.float32, size=2),
           tf.TensorArray(tf.int32, size=0, dynamic_size=True, element_shape=[3]),
           tf.TensorArray(tf.float64, size=1, infer_shape=False)]:
    print(repr(tf.type_spec_from_value(ta)), tf.TensorArraySpec.from_value(ta) == tf.type_spec_from_value(ta))
print(repr(tf.type_spec_from_value(tf.TensorArray(tf.float32, size=2).write(0, [1., 2.]))))
E(lambda: tf.TensorArraySpec.from_value(3))
E(lambda: tf.TensorArraySpec(dtype="nope"))
@tf.function
def f():
    ta = tf.TensorArray(tf.float32, size=2, dynamic_size=False, element_shape=[2])
    return repr(tf.type_spec_from_value(ta))
print(f())
""")

_f("register_gradient", """
E(lambda: tf.no_gradient("FrameworkNamesOpA"))
E(lambda: tf.no_gradient("FrameworkNamesOpA"))
E(lambda: tf.RegisterGradient("FrameworkNamesOpA")(lambda op, g: g))
def grad(op, g):
    return g
r = tf.RegisterGradient("FrameworkNamesOpB")
print(type(r).__name__, r(grad) is grad)
E(lambda: tf.RegisterGradient("FrameworkNamesOpB")(grad))
E(lambda: tf.no_gradient("FrameworkNamesOpB"))
for name in ["Square", "MatMul", "Shape", "AddV2", "StatelessRandomUniformV2", "Size"]:
    E(lambda: tf.no_gradient(name))
    E(lambda: tf.RegisterGradient(name)(grad))
E(lambda: tf.RegisterGradient(3))
E(lambda: tf.no_gradient(None))
E(lambda: tf.RegisterGradient(b"FrameworkNamesOpC"))
x = tf.constant(3.0)
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.square(x)
print(t.gradient(y, x))
""")

_f("variable_creator_scope", """
log = []
def c1(next_creator, **kwargs):
    log.append(("c1", sorted((k, repr(v)) for k, v in kwargs.items())))
    return next_creator(**kwargs)
def c2(next_creator, **kwargs):
    log.append("c2")
    kwargs["name"] = "renamed"
    kwargs["trainable"] = False
    return next_creator(**kwargs)
with tf.variable_creator_scope(c1):
    with tf.variable_creator_scope(c2):
        v = tf.Variable(1.0, name="x")
    w = tf.Variable([1, 2], True, dtype=tf.int64, shape=[None])
for entry in log:
    print(entry)
print(v.name, v.trainable, w.name, w.dtype, w.shape, w.trainable)
u = tf.Variable(2.0)
print(u.name, len(log))
with tf.variable_creator_scope(lambda next_creator, **kw: "not a variable"):
    print(tf.Variable(3.0))
def double(next_creator, **kwargs):
    kwargs["initial_value"] = kwargs["initial_value"] * 2
    return next_creator(**kwargs)
with tf.variable_creator_scope(double):
    with tf.variable_creator_scope(double):
        print(tf.Variable(3.0).numpy())
with tf.variable_creator_scope(double):
    E(lambda: tf.Variable())
""")

_f("variable_creator_scope_function", """
seen = []
def creator(next_creator, **kwargs):
    seen.append(kwargs["name"])
    kwargs["trainable"] = False
    return next_creator(**kwargs)
vs = []
@tf.function
def f(x):
    if not vs:
        with tf.variable_creator_scope(creator):
            vs.append(tf.Variable(lambda: tf.ones([2]), name="fv"))
    return vs[0] * x
print(f(tf.constant(3.0)))
print(vs[0].name, vs[0].trainable, set(seen))
""")

_f("public_function_names", r"""
fns = [tf.sigmoid, tf.nn.sigmoid, tf.math.tanh, tf.add, tf.argmax, tf.negative, tf.math.floormod,
       tf.nn.relu, tf.nn.silu, tf.nn.conv2d, tf.reduce_sum, tf.reduce_all, tf.cond, tf.gather,
       tf.io.gfile.exists, tf.io.gfile.copy, tf.math.nextafter, tf.truncatediv, tf.shape,
       tf.nn.lrn, tf.nn.local_response_normalization, tf.print, tf.map_fn, tf.math.sign]
print([(f.__name__, f.__qualname__) for f in fns])
for act in [tf.nn.sigmoid, tf.tanh, tf.nn.relu, tf.math.softplus, tf.nn.elu, tf.math.sign]:
    cfg = tf.keras.layers.Dense(2, activation=act).get_config()
    print(cfg["activation"])
    try:
        print(tf.keras.layers.Dense.from_config(cfg).activation.__name__)
    except TypeError as e:
        print(type(e).__name__)
""")
