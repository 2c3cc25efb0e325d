"""Golden snippets: tf.experimental.ExtensionType (the extension types guide's MaskedTensor,
TensorGraph, Player, Pastry, Network ...): fields from annotations, conversion and its
errors, defaults, __validate__, immutability, repr, elementwise __eq__, the nested Spec
(serialization, relations, custom Spec classes), BatchableExtensionType specs, tf.nest,
tf.function arguments and results (retracing per spec, input_signature,
get_concrete_function), tf.cond/tf.while_loop/AutoGraph loops, gradients through fields,
and tf.experimental.dispatch_for_api / dispatch_for_*_elementwise_apis /
unregister_dispatch_for with their signature errors.

Snippets that register a dispatcher unregister it at their end (the registry is global)."""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()

HELPERS = """
from typing import Tuple, List, Mapping, Union, Optional
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    def with_values(self, v):
        return MaskedTensor(v, self.mask)
"""

_s = SNIPPETS.adder(textwrap.dedent(HELPERS).lstrip("\n"))

# ---------------------------------------------------------------------------
# fields, constructor, repr, conversion errors

_s("construct_repr", """
mt = MaskedTensor(values=[[1, 2, 3], [4, 5, 6]], mask=[[True, True, False], [True, False, True]])
print(mt.values)
print(mt)
print(repr(mt))
print(type(mt).__name__, type(mt).__qualname__, isinstance(mt, tf.experimental.ExtensionType))
print(tf.experimental.extension_type.as_dict(MaskedTensor([1], [True])))
E(lambda: MaskedTensor([1, 2, 3], None))
E(lambda: MaskedTensor(1))
E(lambda: MaskedTensor(1, 2, 3))
E(lambda: MaskedTensor(values=1, mask=True, z=3))
E(lambda: MaskedTensor(values=[1, "a"], mask=True))
E(lambda: tf.experimental.ExtensionType())
""")

_s("field_types_defaults", """
class P(tf.experimental.ExtensionType):
    color: str = "black"
    n: int = 3
    length: tf.Tensor = 1.0
    shape: tf.TensorShape = None
    d: tf.DType = tf.float32
    tags: Mapping[str, tf.Tensor] = {}
    t: Tuple[int, ...] = (1, 2)
    pair: Tuple[int, str] = (1, "a")
    u: Union[int, float] = 2.5
    o: Optional[tf.Tensor] = None
    b: bool = False
    by: bytes = b"x"
print(P())
print(P()._type_spec)
p = P(color="blue", n=4, length=[2, 3], shape=[2, None], d="int32", tags={"a": 1, "b": [2.]},
      t=[5, 6, 7], pair=[2, "b"], u=3, o=[1.5], b=True, by=b"y")
print(p)
print(p.tags["b"], p.t, type(p.tags).__name__, p.shape, p.d)
print(p._type_spec)
E(lambda: P(color=3))
E(lambda: P(n=1.0))
E(lambda: P(n=True))
E(lambda: P(shape="x"))
E(lambda: P(d=3.5))
E(lambda: P(tags=3))
E(lambda: P(tags={1: 2}))
E(lambda: P(t=5))
E(lambda: P(t=(1, "a")))
E(lambda: P(pair=(1,)))
E(lambda: P(u="s"))
E(lambda: P(o="s"))
E(lambda: P(b=1))
""")

_s("keyword_only_after_default", """
import inspect
class K(tf.experimental.ExtensionType):
    a: int
    b: int = 2
    c: tf.Tensor
print(inspect.signature(K.__init__).replace(return_annotation=inspect.Signature.empty)
      .__str__().replace("tfcompat.framework.tensor.Tensor", "T")
      .replace("tensorflow.python.framework.tensor.Tensor", "T"))
print(K(1, c=3))
E(lambda: K(1, 2, 3))
print(inspect.signature(K.Spec.__init__).replace(return_annotation=inspect.Signature.empty))
""")

_s("bad_annotations", """
def define(body):
    try:
        exec("class X(tf.experimental.ExtensionType):\\n" + body, {"tf": tf, "List": List,
                                                                  "Mapping": Mapping})
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
define("    x: list\\n")
define("    x: List[int]\\n")
define("    x: Mapping[tf.Tensor, int]\\n")
define("    x: object\\n")
define("    y = 3\\n")
define("    _type_spec: int\\n")
define("    Spec = 3\\n")
define("    x: int = 'a'\\n")
define("    x: tf.Tensor = [1, 2]\\n")
define("    _tf_extension_type_x: int\\n")
define("    __batch_encoder__ = None\\n")
""")

_s("validate_and_immutability", """
class MT(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    def __validate__(self):
        self.values.shape.assert_is_compatible_with(self.mask.shape)
        assert self.mask.dtype.is_bool, 'mask.dtype must be bool'
E(lambda: MT([1, 2, 3], [0, 1, 0]))
E(lambda: MT([1, 2, 3], [True, False]))
mt = MT([1, 2, 3], [True, False, True])
def setmask():
    mt.mask = [True, True, True]
def setitem():
    mt.mask[0] = False
def delmask():
    del mt.mask
def setnew():
    mt.zz = 1
E(setmask)
E(setitem)
E(delmask)
E(setnew)
E(lambda: mt.zz)
print(mt.mask)
""")

_s("custom_init_methods_properties", """
class Toy(tf.experimental.ExtensionType):
    name: str
    price: tf.Tensor
    def __init__(self, name, price, discount=0):
        self.name = name
        self.price = price * (1 - discount)
print(Toy("ball", 5.0, discount=0.2))
class Toy2(tf.experimental.ExtensionType):
    name: str
    price: tf.Tensor
    def __init__(self, name):
        self.name = name
E(lambda: Toy2("x"))
class M(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    @property
    def dtype(self):
        return self.values.dtype
    def with_default(self, default):
        return tf.where(self.mask, self.values, default)
    @staticmethod
    def from_tensor_and_value_to_mask(values, value_to_mask):
        return M(values, values == value_to_mask)
    @classmethod
    def ones(cls, n):
        return cls(tf.ones([n]), tf.ones([n], tf.bool))
print(M([1, 2, 3], [True, False, True]).dtype)
print(M([1, 2, 3], [True, False, True]).with_default(0))
print(M.from_tensor_and_value_to_mask(tf.constant([[1, 0, 2], [3, 0, 0]]), 0))
print(M.ones(2))
""")

_s("equality", """
a = MaskedTensor([1, 2], [True, False])
b = MaskedTensor([[3, 4], [5, 6]], [[False, True], [True, True]])
print(f"a == a: {a == a}")
print(f"a == b: {a == b}")
print(f"a == a.values: {a == a.values}")
print(a != a, a != b, a != 3)
print(a == MaskedTensor([1, 3], [True, False]), a == MaskedTensor([1, 2], [True, False]))
print(a == MaskedTensor([1., 2.], [True, False]))
class S(tf.experimental.ExtensionType):
    x: tf.Tensor
    s: str
print(S(1, "a") == S(1, "b"), S(1, "a") == S(1, "a"), S(["a", "b"], "") == S(["a", "b"], ""))
class N(tf.experimental.ExtensionType):
    n: int
print(N(1) == N(2), N(1) != N(2))
E(lambda: N(1) == N(1))
E(lambda: hash(a))
class C(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    def __eq__(self, other):
        result = tf.math.equal(self.values, other.values)
        result = result | ~(self.mask & other.mask)
        return tf.reduce_all(result)
x = C([1, 2, 3, 4], [True, True, False, True])
y = C([5, 2, 0, 4], [False, True, False, True])
print(x == y, x != y)
""")

_s("forward_refs_subclasses", """
class Node(tf.experimental.ExtensionType):
    value: tf.Tensor
    children: Tuple["Node", ...] = ()
E(lambda: Node(3, [Node(5), Node(2)]))
class TensorGraph(tf.experimental.ExtensionType):
    num_nodes: tf.Tensor
    edge_src: tf.Tensor
    edge_dst: tf.Tensor
class TensorGraphWithNodeFeature(TensorGraph):
    node_features: tf.Tensor
    def propagate_features(self, weight=1.0):
        updates = tf.gather(self.node_features, self.edge_src) * weight
        new_node_features = tf.tensor_scatter_nd_add(
            self.node_features, tf.expand_dims(self.edge_dst, 1), updates)
        return TensorGraphWithNodeFeature(
            self.num_nodes, self.edge_src, self.edge_dst, new_node_features)
g = TensorGraphWithNodeFeature(
    num_nodes=5, edge_src=[0, 4, 2, 2], edge_dst=[1, 3, 2, 1],
    node_features=[10.0, 0.0, 2.0, 5.0, -1.0, 0.0])
print("Original features:", g.node_features)
print("After propagating:", g.propagate_features().node_features)
print(g._type_spec)
print(isinstance(g, TensorGraph), [f.name for f in g._tf_extension_type_fields()])
""")

# ---------------------------------------------------------------------------
# the Spec

_s("spec_basics", """
class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]
anne = Player("Anne", {"height": 8.3, "speed": 28.1})
anne_spec = tf.type_spec_from_value(anne)
print(anne_spec.name)
print(anne_spec.attributes)
print(anne_spec)
print(type(anne_spec).__name__, type(anne_spec).__qualname__, anne_spec.value_type.__name__)
print(isinstance(anne_spec, tf.experimental.ExtensionTypeSpec), isinstance(anne_spec, tf.TypeSpec))
spec1 = Player.Spec(name=tf.TensorSpec([], tf.float32), attributes={})
print(spec1, spec1 == anne_spec)
print(anne_spec._serialize())
print(anne_spec._component_specs)
print(Player.Spec._deserialize(anne_spec._serialize()) == anne_spec)
print(hash(anne_spec) == hash(tf.type_spec_from_value(Player("Bo", {"height": 1., "speed": 2.}))))
print(anne._type_spec is anne._type_spec)
E(lambda: Player.Spec(name=3, attributes={}))
E(lambda: Player.Spec(name=tf.TensorSpec([]), attributes={"a": 1}))
E(lambda: Player.Spec(name=tf.TensorSpec([])))
def mutate():
    spec1.name = tf.TensorSpec([3])
E(mutate)
import pickle
print(pickle.loads(pickle.dumps(anne_spec)) == anne_spec)
""")

_s("spec_relations", """
s = MaskedTensor([1, 2, 3], [True, False, True])._type_spec
S = MaskedTensor.Spec
t4 = S(tf.TensorSpec([4], tf.int32), tf.TensorSpec([4], tf.bool))
tn = S(tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.bool))
tr = S(tf.TensorSpec(None, tf.int32), tf.TensorSpec(None, tf.bool))
tf_ = S(tf.TensorSpec([3], tf.float32), tf.TensorSpec([3], tf.bool))
print(s == S(tf.TensorSpec([3], tf.int32), tf.TensorSpec([3], tf.bool)), s == t4, s != t4)
print(s.is_compatible_with(tn), s.is_compatible_with(t4), s.is_compatible_with(tf_))
print(s.is_compatible_with(MaskedTensor([1, 2, 3], [True, False, True])))
print(s.is_compatible_with(MaskedTensor([1, 2], [True, False])))
print(s.is_subtype_of(tn), tn.is_subtype_of(s), s.is_subtype_of(tr), s.is_subtype_of(s))
print(s.most_specific_common_supertype([t4]))
print(s.most_specific_common_supertype([tn, t4]))
print(s.most_specific_common_supertype([S(tf.TensorSpec([3, 1], tf.int32),
                                          tf.TensorSpec([3, 1], tf.bool))]))
print(s.most_specific_common_supertype([tf_]))
print(s.most_specific_common_supertype([]))
class V(tf.experimental.ExtensionType):
    x: tf.Tensor
    n: int
a, b = V(1, 1)._type_spec, V(1, 2)._type_spec
print(a == b, a.is_compatible_with(b), a.most_specific_common_supertype([b]))
print(a.most_specific_common_supertype([V(2., 1)._type_spec]))
print(a.most_specific_common_supertype([s]))
""")

_s("spec_custom", """
class MT(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)
    def with_values(self, new_values):
        return MT(new_values, self.mask)
    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)
        def __repr__(self):
            return f"MT.Spec(shape={self.shape}, dtype={self.dtype})"
        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)
s = MT.Spec([2, None])
print(s, s.values, s.mask, s.shape, s.dtype)
print(MT([1., 2.], [True, False])._type_spec)
print(MT([1., 2.], [True, False])._type_spec == MT.Spec([2]))
print(MT.Spec([2], tf.int32)._serialize())
def bad(body):
    try:
        exec(body, {"tf": tf})
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
bad("class A(tf.experimental.ExtensionType):\\n  x: int\\n  class Spec:\\n    x = 3\\n")
bad("class A(tf.experimental.ExtensionType):\\n  x: int\\n  class Spec:\\n    _to_components = 3\\n")
bad("class A(tf.experimental.ExtensionType):\\n  x: int\\n  class Spec(int):\\n    pass\\n")
bad("class A(tf.experimental.ExtensionType):\\n  x: int\\n  class Spec(tf.TypeSpec):\\n    pass\\n")
""")

_s("nested_and_composite_fields", """
class Pair(tf.experimental.ExtensionType):
    a: MaskedTensor
    b: Tuple[tf.Tensor, ...]
    r: tf.RaggedTensor
    tags: Mapping[str, int]
p = Pair(MaskedTensor([1, 2], [True, False]), (1., [2., 3.]),
         tf.ragged.constant([[1], [2, 3]]), {"z": 1, "a": 2})
print(p._type_spec)
for t in tf.nest.flatten(p, expand_composites=True):
    print(t)
print(tf.nest.flatten(p._type_spec, expand_composites=True))
print(len(tf.nest.flatten(p)), tf.nest.flatten(p)[0] is p)
q = tf.nest.map_structure(lambda t: t if t.dtype == tf.bool else t * 2, p,
                          expand_composites=True)
print(type(q).__name__, q.a, q.b, q.r, q.tags)
print(tf.nest.pack_sequence_as(p, tf.nest.flatten(p, expand_composites=True),
                               expand_composites=True) == p)
E(lambda: Pair(p.a, p.b, [[1]], {}))
E(lambda: Pair(MaskedTensor([1], [True]).values, p.b, p.r, {}))
E(lambda: tf.nest.assert_same_structure(p, MaskedTensor([1], [True]), expand_composites=True))
""")

_s("batchable_specs", """
class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor
    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        work_batch_shape = self.work.shape[:-1]
        bandwidth_batch_shape = self.bandwidth.shape[:-2]
        self.shape = work_batch_shape.merge_with(bandwidth_batch_shape)
net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
net2 = Network([3., 4, 2], [[0., 2, 2], [2, 0, 2], [2, 2, 0]])
batch = Network(work=tf.stack([net1.work, net2.work]),
                bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))
print(net1.shape, batch.shape)
print(net1)
print(batch._type_spec)
print(net1._type_spec._batch(2))
print(net1._type_spec._batch(None))
print(batch._type_spec._unbatch())
print(batch._type_spec._unbatch() == net1._type_spec)
print(isinstance(batch._type_spec, tf.experimental.ExtensionTypeSpec))
enc = tf.experimental.ExtensionTypeBatchEncoder()
print(enc.encoding_specs(net1._type_spec))
print(enc.decode(net1._type_spec, enc.encode(net1._type_spec, net1)).work)
""")

# ---------------------------------------------------------------------------
# tf.function, control flow, gradients

_s("function_retracing", """
class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]
@tf.function
def anonymize_player(player):
    print("<<TRACING>>")
    return Player("<anonymous>", player.attributes)
print(anonymize_player(Player("Anne", {"height": 8.3, "speed": 28.1})))
print(anonymize_player(Player("Bart", {"height": 8.1, "speed": 25.3})))
print(anonymize_player(Player("Chuck", {"height": 11.0, "jump": 5.3})))
class Tagged(tf.experimental.ExtensionType):
    x: tf.Tensor
    tag: str
@tf.function
def f(t):
    print("trace", t.tag)
    return t.x + 1, t.tag
print(f(Tagged(1, "a")), f(Tagged(2, "a")), f(Tagged(3, "b")))
""")

_s("function_signature_concrete", """
class Pastry(tf.experimental.ExtensionType):
    sweetness: tf.Tensor
    chewiness: tf.Tensor
@tf.function
def combine_pastry_features(x: Pastry):
    return (x.sweetness + x.chewiness) / 2
cookie = Pastry(sweetness=[1.2, 0.4], chewiness=[0.8, 0.2])
print(combine_pastry_features(cookie))
pastry_spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec(2))
@tf.function(input_signature=[pastry_spec])
def increase_sweetness(x: Pastry, delta=1.0):
    return Pastry(x.sweetness + delta, x.chewiness)
print(increase_sweetness(cookie))
E(lambda: increase_sweetness(Pastry([1., 2., 3.], [1., 2., 3.])))
cf = combine_pastry_features.get_concrete_function(pastry_spec)
print(cf(cookie))
print(cf.structured_input_signature)
print(cf.structured_outputs)
@tf.function
def make(x):
    return MaskedTensor(x, x > 0), [MaskedTensor(x * 2, x < 0)]
print(make(tf.constant([1., -1.])))
""")

_s("control_flow", """
a = MaskedTensor([1., 2, 3], [True, False, True])
b = MaskedTensor([22., 33, 108, 55], [True, True, True, False])
print(tf.cond(tf.constant(True), lambda: a, lambda: b))
print(tf.cond(tf.constant(False), lambda: a, lambda: b))
cond = lambda i, _: i < 10
def body(i, mt):
    return i + 1, mt.with_values(mt.values + 3 / 7)
print(tf.while_loop(cond, body, [0, b])[1])
@tf.function
def fn(x, b):
    if b:
        x = MaskedTensor(x, tf.less(x, 0))
    else:
        x = MaskedTensor(x, tf.greater(x, 0))
    for i in tf.range(5 if b else 7):
        x = x.with_values(x.values + 1 / 2)
    return x
print(fn(tf.constant([1., -2, 3]), tf.constant(True)))
print(fn(tf.constant([1., -2, 3]), tf.constant(False)))
@tf.function
def g(c):
    m = tf.cond(c, lambda: a, lambda: a.with_values(a.values * 10))
    _, m2 = tf.while_loop(lambda i, _: i < 3, lambda i, m: (i + 1, m.with_values(m.values + 1)),
                          [0, m])
    return m2
print(g(tf.constant(True)), g(tf.constant(False)))
@tf.function
def eq(x, y):
    return x == y, x != y
print(eq(a, a))
print(eq(a, MaskedTensor([1., 2, 4], [True, False, True])))
""")

_s("gradients", """
class Lin(tf.experimental.ExtensionType):
    w: tf.Tensor
    b: tf.Tensor
    def __call__(self, x):
        return x * self.w + self.b
x = tf.constant([1., 2., 3.])
w, bb = tf.constant(2.), tf.constant(0.5)
with tf.GradientTape() as tape:
    tape.watch([w, bb])
    y = tf.reduce_sum(Lin(w, bb)(x))
print(tape.gradient(y, [w, bb]))
@tf.function
def loss(m, x):
    return tf.reduce_sum(m(x) ** 2)
with tf.GradientTape() as tape:
    tape.watch([w, bb])
    y = loss(Lin(w, bb), x)
print(y, tape.gradient(y, [w, bb]))
""")

# ---------------------------------------------------------------------------
# dispatch

_s("dispatch_for_api_stack", """
@tf.experimental.dispatch_for_api(tf.stack)
def masked_stack(values: List[MaskedTensor], axis=0):
    return MaskedTensor(tf.stack([v.values for v in values], axis),
                        tf.stack([v.mask for v in values], axis))
x = MaskedTensor([1, 2, 3], [True, True, False])
y = MaskedTensor([4, 5, 6], [False, True, True])
print(tf.stack([x, y]))
print(tf.stack((x, y), axis=1))
print(tf.stack([tf.constant(1), tf.constant(2)]))
E(lambda: tf.stack([x, tf.constant([4, 5, 6])]))
print(masked_stack.__name__)
tf.experimental.unregister_dispatch_for(masked_stack)
try:
    tf.experimental.unregister_dispatch_for(masked_stack)
except ValueError as e:
    print(type(e).__name__, str(e).split(" at 0x")[0], str(e).split(">")[-1])
E(lambda: tf.stack([x, y]))
def convert_to_masked_tensor(x):
    if isinstance(x, MaskedTensor):
        return x
    return MaskedTensor(x, tf.ones_like(x, tf.bool))
@tf.experimental.dispatch_for_api(tf.stack)
def masked_stack_v2(values: List[Union[MaskedTensor, tf.Tensor]], axis=0):
    values = [convert_to_masked_tensor(v) for v in values]
    return MaskedTensor(tf.stack([v.values for v in values], axis),
                        tf.stack([v.mask for v in values], axis))
print(tf.stack([x, tf.constant([4, 5, 6]), x]))
print(tf.stack([tf.constant([4, 5, 6])]))
print(tf.stack([]) if False else "skip")
tf.experimental.unregister_dispatch_for(masked_stack_v2)
""")

_s("dispatch_elementwise", """
@tf.experimental.dispatch_for_unary_elementwise_apis(MaskedTensor)
def unary_handler(api_func, x):
    return MaskedTensor(api_func(x.values), x.mask)
x = MaskedTensor([1, -2, -3], [True, False, True])
print(tf.abs(x))
print(tf.ones_like(x, dtype=tf.float32))
print(tf.zeros_like(x))
print(tf.cast(x, tf.float64))
print(tf.math.negative(x, name="neg"))
print(tf.math.exp(MaskedTensor([0., 1.], [True, False])))
try:
    tf.experimental.dispatch_for_unary_elementwise_apis(MaskedTensor)(lambda f, x: x)
except ValueError as e:
    print(type(e).__name__, str(e).split("(")[0], str(e).split(")")[-1])
@tf.experimental.dispatch_for_binary_elementwise_apis(MaskedTensor, MaskedTensor)
def binary_handler(api_func, x, y):
    return MaskedTensor(api_func(x.values, y.values), x.mask & y.mask)
y = MaskedTensor([[4], [5]], [[True], [False]])
print(tf.math.add(x, y))
print(tf.maximum(x, y))
print(tf.math.equal(x, x))
E(lambda: tf.add(x, tf.constant(1)))
E(lambda: x + y)
@tf.function
def f(a, b):
    return tf.abs(a), tf.multiply(a, b)
print(f(x, x))
tf.experimental.unregister_dispatch_for(unary_handler)
tf.experimental.unregister_dispatch_for(binary_handler)
E(lambda: tf.abs(x))
E(lambda: tf.add(x, x))
""")

_s("dispatch_union_binary_and_matmul", """
class MT(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    def with_default(self, default):
        return tf.where(self.mask, self.values, default)
def to_mt(x):
    return x if isinstance(x, MT) else MT(x, tf.ones_like(x, tf.bool))
@tf.experimental.dispatch_for_binary_elementwise_apis(Union[MT, tf.Tensor], Union[MT, tf.Tensor])
def binary_elementwise_op_handler(op, x, y):
    x = to_mt(x)
    y = to_mt(y)
    return MT(op(x.values, y.values), x.mask & y.mask)
a = MT([1., 2.], [True, False])
print(tf.add(a, tf.constant([10., 20.])))
print(tf.subtract(tf.constant([10., 20.]), a))
print(tf.add(tf.constant(1.), tf.constant(2.)))
@tf.experimental.dispatch_for_api(tf.matmul)
def masked_matmul(a: MT, b, transpose_a=False, transpose_b=False, adjoint_a=False,
                  adjoint_b=False, a_is_sparse=False, b_is_sparse=False, output_type=None,
                  grad_a=False, grad_b=False, name=None):
    if isinstance(a, MT):
        a = a.with_default(0)
    if isinstance(b, MT):
        b = b.with_default(0)
    return tf.matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b, a_is_sparse,
                     b_is_sparse, output_type)
m = MT([[1., 2], [3, 4]], [[True, False], [True, True]])
print(tf.matmul(m, tf.eye(2)))
print(tf.matmul(m, tf.eye(2), transpose_b=True))
E(lambda: tf.matmul(tf.eye(2), m))
tf.experimental.unregister_dispatch_for(binary_elementwise_op_handler)
tf.experimental.unregister_dispatch_for(masked_matmul)
""")

_s("dispatch_signatures", """
@tf.experimental.dispatch_for_api(tf.math.add, {'x': MaskedTensor, 'y': MaskedTensor})
def masked_add(x, y, name=None):
    return MaskedTensor(x.values + y.values, x.mask & y.mask)
mt = tf.add(MaskedTensor([1, 2], [True, False]), MaskedTensor(10, True))
print(f"values={mt.values.numpy()}, mask={mt.mask.numpy()}")
E(lambda: tf.add(MaskedTensor([1, 2], [True, False]), 1))
tf.experimental.unregister_dispatch_for(masked_add)
@tf.experimental.dispatch_for_api(tf.math.add, {'x': MaskedTensor}, {'y': MaskedTensor})
def masked_add2(x, y):
    xv = x.values if isinstance(x, MaskedTensor) else x
    yv = y.values if isinstance(y, MaskedTensor) else y
    xm = x.mask if isinstance(x, MaskedTensor) else True
    ym = y.mask if isinstance(y, MaskedTensor) else True
    return MaskedTensor(xv + yv, xm & ym)
print(tf.add(MaskedTensor([1, 2], [True, False]), 10))
print(tf.add(10, MaskedTensor([1, 2], [True, False])))
print(tf.add(10, 1))
print(masked_add2.__name__)
tf.experimental.unregister_dispatch_for(masked_add2)
@tf.experimental.dispatch_for_api(tf.shape)
def masked_shape(input: MaskedTensor, out_type=tf.int32, name=None):
    return tf.shape(input.values, out_type)
print(tf.shape(MaskedTensor([1, 2], [True, False])))
print(tf.shape(MaskedTensor([[1]], [[True]]), tf.int64))
tf.experimental.unregister_dispatch_for(masked_shape)
@tf.experimental.dispatch_for_api(tf.concat, {'values': List[MaskedTensor]})
def masked_concat(values, axis):
    return MaskedTensor(tf.concat([v.values for v in values], axis),
                        tf.concat([v.mask for v in values], axis))
print(tf.concat([MaskedTensor([1], [True]), MaskedTensor([2, 3], [False, True])], 0))
print(tf.concat([], 0) if False else tf.concat([tf.constant([1])], 0))
tf.experimental.unregister_dispatch_for(masked_concat)
E(lambda: tf.experimental.dispatch_for_api(tf.shape, {'zz': MaskedTensor}))
E(lambda: tf.experimental.dispatch_for_api(tf.shape, {'input': 3}))
E(lambda: tf.experimental.dispatch_for_api(tf.shape, {'input': Tuple[int]}))
E(lambda: tf.experimental.dispatch_for_api(tf.shape, ['input']))
E(lambda: tf.experimental.dispatch_for_api(tf.shape, {1.5: MaskedTensor}))
E(lambda: tf.experimental.dispatch_for_api(tf.shape)(lambda input, out_type, name: 1))
E(lambda: tf.experimental.dispatch_for_api(tf.shape)(3))
E(lambda: tf.experimental.dispatch_for_api(tf.reshape)(lambda x, shape, name=None: 1))
E(lambda: tf.experimental.dispatch_for_api(tf.matmul)(lambda a, b: a))
def masked_matmul_old(a: MaskedTensor, b, transpose_a=False, transpose_b=False,
                      adjoint_a=False, adjoint_b=False, a_is_sparse=False, b_is_sparse=False,
                      output_type=None):
    return a
E(lambda: tf.experimental.dispatch_for_api(tf.matmul)(masked_matmul_old))
""")

_s("dispatch_conflict_and_subclass", """
@tf.experimental.dispatch_for_api(tf.math.abs, {'x': MaskedTensor})
def abs1(x, name=None):
    return "abs1"
print(tf.math.abs(MaskedTensor([1], [True])))
@tf.experimental.dispatch_for_api(tf.math.abs, {'x': Union[MaskedTensor, tf.Tensor]})
def abs2(x, name=None):
    return "abs2"
try:
    tf.math.abs(MaskedTensor([1], [True]))
except ValueError as e:
    print(type(e).__name__, str(e).split("(")[0], str(e).split(")")[-1].split(" to ")[0])
print(tf.math.abs(tf.constant(-1)))
tf.experimental.unregister_dispatch_for(abs2)
class Sub(MaskedTensor):
    extra: int = 0
print(tf.math.abs(Sub([1], [True])))
class Base(tf.experimental.ExtensionType):
    v: tf.Tensor
@tf.experimental.dispatch_for_api(tf.math.abs)
def abs3(x: Base, name=None):
    return "abs3"
class Derived(Base):
    w: int = 1
print(tf.math.abs(Base(1)), tf.math.abs(Derived(1)))
tf.experimental.unregister_dispatch_for(abs1)
tf.experimental.unregister_dispatch_for(abs3)
E(lambda: tf.math.abs(Base(1)))
""")

_s("dispatch_assert_apis", """
@tf.experimental.dispatch_for_binary_elementwise_assert_apis(MaskedTensor, MaskedTensor)
def assert_handler(assert_func, x, y):
    merged_mask = tf.logical_and(x.mask, y.mask)
    selected_x_values = tf.boolean_mask(x.values, merged_mask)
    selected_y_values = tf.boolean_mask(y.values, merged_mask)
    assert_func(selected_x_values, selected_y_values)
a = MaskedTensor([1, 1, 0, 1, 1], [False, False, True, True, True])
b = MaskedTensor([2, 2, 0, 2, 2], [True, True, True, False, False])
print(tf.debugging.assert_equal(a, b))
a = MaskedTensor([1, 1, 1, 1, 1], [True, True, True, True, True])
b = MaskedTensor([0, 0, 0, 0, 2], [True, True, True, True, True])
E(lambda: tf.debugging.assert_greater(a, b))
E(lambda: tf.debugging.assert_less(b, a))
E(lambda: tf.debugging.assert_equal(a, a))
tf.experimental.unregister_dispatch_for(assert_handler)   # (TF's KeyError)
""")

# ---------------------------------------------------------------------------
# tf.map_fn over BatchableExtensionTypes, tf.identity, tf.data

_s("map_fn_batchable", """
class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor
    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])
    def __repr__(self):
        work = " ".join(str(self.work.numpy()).split()) if hasattr(self.work, "numpy") \\
            else self.work
        bandwidth = " ".join(str(self.bandwidth.numpy()).split()) \\
            if hasattr(self.bandwidth, "numpy") else self.bandwidth
        return f"<Network shape={self.shape} work={work} bandwidth={bandwidth}>"
net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
net2 = Network([3., 4, 2], [[0., 2, 2], [2, 0, 2], [2, 2, 0]])
batch_of_networks = Network(work=tf.stack([net1.work, net2.work]),
                            bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))
print(f"net1={net1}")
print(f"batch={batch_of_networks}")
NC = tf.autograph.experimental.do_not_convert   # (TF's AutoGraph cannot read a snippet)
@NC
def balance_work_greedy(network):
    delta = (tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2))
    delta /= 4
    delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
    new_work = network.work + tf.reduce_sum(delta, -1)
    return Network(new_work, network.bandwidth)
print(tf.map_fn(balance_work_greedy, batch_of_networks))
print(tf.function(NC(lambda b: tf.map_fn(balance_work_greedy, b)))(batch_of_networks))
print(tf.map_fn(NC(lambda n: tf.reduce_sum(n.work)), batch_of_networks,
                fn_output_signature=tf.float32))
class BM(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
b = BM([[1, 2], [3, 4]], [[True, False], [True, True]])
E(lambda: tf.map_fn(NC(lambda m: m.values * 2), b))
E(lambda: tf.map_fn(NC(lambda m: BM(m.values * 2, m.mask)), b))
E(lambda: tf.map_fn(NC(lambda x: BM(x, x > 1)), tf.constant([[1, 2], [3, 4]]),
                    fn_output_signature=BM.Spec(tf.TensorSpec([2], tf.int32),
                                                tf.TensorSpec([2], tf.bool))))
E(lambda: tf.map_fn(NC(lambda m: MaskedTensor(m.values, m.mask)), b))
E(lambda: tf.map_fn(NC(lambda m: m.values), MaskedTensor([[1, 2]], [[True, False]])))
E(lambda: tf.map_fn(NC(lambda t: (t[0].values + t[1], t[0])), (b, tf.constant([10, 20]))))
""")

_s("identity_and_nest_map", """
a = MaskedTensor([1., 2.], [True, False])
print(tf.identity(a))
@tf.function
def f(x):
    return tf.identity(x)
print(f(a))
print(tf.nest.map_structure(lambda t: t, {"m": a}, expand_composites=True))
print(tf.nest.flatten({"m": a, "b": [a]}, expand_composites=True))
""")

_s("data_elements", """
class Pastry(tf.experimental.ExtensionType):
    sweetness: tf.Tensor
    chewiness: tf.Tensor
ds = tf.data.Dataset.from_tensors(Pastry(5, 5))
print(ds.element_spec)
print(iter(ds).next())
class BM(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
mt = BM(tf.reshape(tf.range(8), [4, 2]), tf.ones([4, 2]) > 0)
ds = tf.data.Dataset.from_tensor_slices(mt)
for value in ds.take(2):
    print(value)
print(ds.batch(2).element_spec)
for value in ds.batch(3):
    print(value)
for value in ds.batch(2).unbatch().take(1):
    print(value)
print(list(ds.map(tf.autograph.experimental.do_not_convert(
    lambda m: tf.reduce_sum(m.values))).as_numpy_iterator()))
""")

_s("data_generator_batch_map", """
NC = tf.autograph.experimental.do_not_convert   # (TF's AutoGraph cannot read a snippet)
class BM(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)
def value_gen():
    for i in range(2, 5):
        yield BM(tf.range(6), [j % i != 0 for j in range(6)])
ds = tf.data.Dataset.from_generator(value_gen, output_signature=BM.Spec(shape=[6],
                                                                        dtype=tf.int32))
print(ds.element_spec)
for value in ds:
    print(value)
batched_ds = ds.batch(2)
print(batched_ds.element_spec)
for value in batched_ds:
    print(value)
for value in batched_ds.unbatch():
    print(value.values)
m = tf.data.Dataset.range(3).map(NC(lambda i: BM(tf.fill([2], i), [True, False])))
print(m.element_spec)
print(list(m))
pairs = tf.data.Dataset.from_tensor_slices((BM([[1.], [2.]], [[True], [False]]), [5, 6]))
print(pairs.element_spec)
print(list(pairs.map(NC(lambda a, b: (a.values, b)))))
d2 = tf.data.Dataset.from_tensor_slices(BM([[1, 2], [3, 4], [5, 6]], [[True, False]] * 3))
print(d2.batch(2, drop_remainder=True).element_spec, list(d2.batch(2, drop_remainder=True)))
print(len(list(d2.shuffle(3, seed=1))), list(d2.repeat(2).skip(4)))
print(tf.data.Dataset.from_tensors(BM([1], [True])).concatenate(
    tf.data.Dataset.from_tensors(BM([1, 2], [True, False]))).element_spec)
class NB(tf.experimental.ExtensionType):
    x: tf.Tensor
E(lambda: tf.data.Dataset.from_tensor_slices(NB([1, 2])))
E(lambda: tf.data.Dataset.from_tensors(NB([1, 2])).batch(2))
E(lambda: tf.data.Dataset.from_tensors(NB([1, 2])).unbatch())
print(list(tf.data.Dataset.from_tensors(NB([1, 2])).repeat(2)))
E(lambda: tf.data.Dataset.from_tensor_slices(BM(1, True)))
E(lambda: tf.data.Dataset.from_generator(value_gen, output_signature=NB.Spec(
    tf.TensorSpec([6], tf.int32))).element_spec)
""")

_s("function_composite_and_nested_fields", """
class R(tf.experimental.ExtensionType):
    rt: tf.RaggedTensor
    k: Tuple[int, ...]
    m: Mapping[str, tf.Tensor]
@tf.function
def f(r):
    print("trace")
    return r.rt * 2, R(r.rt + 1, r.k, r.m)
print(f(R(tf.ragged.constant([[1, 2], [3]]), (1, 2), {"a": tf.constant(1.)})))
print(f(R(tf.ragged.constant([[1, 2], [3]]), (1, 2), {"a": tf.constant(2.)})))
print(f(R(tf.ragged.constant([[1, 2], [3]]), (1, 3), {"a": tf.constant(2.)})))
class S(tf.experimental.ExtensionType):
    s: tf.Tensor
    v: tf.Tensor
@tf.function
def g(x):
    return S(tf.strings.upper(x.s), x.v + 1)
print(g(S(["a", "b"], 1)))
class Outer(tf.experimental.ExtensionType):
    inner: S
    n: int
@tf.function
def h(o):
    return Outer(S(o.inner.s, o.inner.v * o.n), o.n + 1)
print(h(Outer(S("x", 2), 3)))
print(tf.nest.flatten(Outer(S("x", 2), 3), expand_composites=True))
print(tf.type_spec_from_value(Outer(S("x", 2), 3)))
class W(tf.experimental.ExtensionType):
    t: tf.Tensor
print(W(tf.Variable(3.)), type(W(tf.Variable(1.)).t).__name__)
""")

_s("py_function", """
NC = tf.autograph.experimental.do_not_convert   # (TF's AutoGraph cannot read a snippet)
mt = MaskedTensor([1, 2], [True, False])
print(tf.py_function(NC(lambda m: MaskedTensor(m.values * 2, m.mask)), [mt], Tout=mt._type_spec))
print(tf.py_function(NC(lambda m, k: [m.values + k, m]), [mt, 10],
                     Tout=[tf.int32, mt._type_spec]))
f = tf.function(NC(lambda m: tf.py_function(NC(lambda m: MaskedTensor(m.values * 2, m.mask)),
                                            [m], Tout=m._type_spec)))
print(f(mt))
print(tf.py_function(NC(lambda m: m.values), [mt], Tout=tf.int32))
print(tf.nest.pack_sequence_as(mt._type_spec, [tf.constant([1, 2]), tf.constant([True, True])],
                               expand_composites=True))
""")

_s("dispatch_for_api_by_tfs_parameter_names", r"""
class MT(tf.experimental.ExtensionType):
    v: tf.Tensor
@tf.experimental.dispatch_for_api(tf.math.atan2)
def _atan2(y: MT, x: MT, name=None):
    return MT(tf.math.atan2(y.v, x.v))
print(tf.math.atan2(MT(tf.constant(1.0)), MT(tf.constant(2.0))).v.numpy())
print(tf.math.atan2(y=MT(tf.constant(1.0)), x=MT(tf.constant(2.0))).v.numpy())
@tf.experimental.dispatch_for_api(tf.math.conj)
def _conj(x: MT, name=None):
    return MT(-x.v)
print(tf.math.conj(MT(tf.constant(1.0))).v.numpy())
rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
print(tf.math.atan2(rt, rt), tf.math.conj(rt))
tf.experimental.unregister_dispatch_for(_atan2)
tf.experimental.unregister_dispatch_for(_conj)
""")
