"""Golden snippets from the audit of issue 15 (TF behaviours real programs hit), for what
the other suites did not cover: seeded shuffles over more seeds, buffer sizes and
pipelines; input_signature binding (defaults, Literal parameters, the printed signature);
TensorSpec names as placeholder, structured signature and keyword names, also in saved
signatures; the graph of an AutoGraph loop over tf.range with captures; tf.constant's
Const node; tf.nn sampling losses with their own samplers; the small checks
(ensure_shape, assert_*, check_numerics, uint64 constants, Variable properties)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("shuffle_seeds_buffers_epochs", """
for seed in (0, 3, 99):
    tf.random.set_seed(seed)
    for bs in (2, 5, 100):
        ds = tf.data.Dataset.range(15).shuffle(bs)
        for ep in range(2):
            print(seed, bs, list(ds.as_numpy_iterator()))
        ds = tf.data.Dataset.range(15).shuffle(bs, seed=11,
                                               reshuffle_each_iteration=False).repeat(2)
        print(list(ds.as_numpy_iterator()))
""")

_s("shuffle_in_pipelines", """
def plus_random(x):
    return tf.random.uniform([], maxval=100, dtype=tf.int64) + x
def seeded(x):
    return tf.random.uniform([], seed=3)
tf.random.set_seed(2)
ds = tf.data.Dataset.range(8).map(plus_random)
print(list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()))
print(list(tf.data.Dataset.range(4).map(seeded).as_numpy_iterator()))
print(list(tf.data.Dataset.random(seed=4).take(3).as_numpy_iterator()))
print(list(tf.data.Dataset.sample_from_datasets(
    [tf.data.Dataset.range(5), tf.data.Dataset.range(10, 15)], seed=3).as_numpy_iterator()))
@tf.function
def f():
    s = tf.constant(0, tf.int64)
    for x in tf.data.Dataset.range(6).shuffle(6, seed=2):
        s = s * 10 + x
    return s
print(f(), f())
ds = tf.data.Dataset.range(10).shuffle(4, seed=1).batch(3).shuffle(3, seed=2)
print([x.tolist() for x in ds.as_numpy_iterator()])
""")

_s("input_signature_defaults_and_literals", """
@tf.function(input_signature=[tf.TensorSpec([2], tf.int32), tf.TensorSpec([], tf.float32)])
def g(a=1, b=None, c=3):
    return a
@tf.function(input_signature=[tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.float32)])
def k(a=1, b=2.0, d=True):
    return a + tf.cast(b, tf.int32)
@tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
def h(a, *args):
    return a
calls = [lambda: g(tf.constant([1, 2, 3]), tf.constant(1.0)),
         lambda: g(tf.constant([1, 2]), 1.0, 4), lambda: g(d=1), lambda: g(),
         lambda: g(tf.constant([1, 2])), lambda: g(tf.constant([1, 2]), 1.0, c=3.0),
         lambda: k(), lambda: k(tf.constant(1)), lambda: k(d=1), lambda: k(d=np.array(1)),
         lambda: k(d=tf.constant(True)), lambda: h(tf.constant([1.0, 2.0]))]
for call in calls:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
""")

_s("tensor_spec_names", """
@tf.function
def f(x, y=None):
    print("trace", x, y)
    return x
cf = f.get_concrete_function(tf.TensorSpec([2], tf.float32, name="inp"))
print(cf.structured_input_signature, [t.name for t in cf.inputs])
print(cf(tf.constant([1.0, 2.0])), cf(inp=tf.constant([1.0, 2.0])))
cf2 = f.get_concrete_function((tf.TensorSpec([], name="a"), tf.TensorSpec([], name="b")),
                              tf.TensorSpec([], name="yy"))
print(cf2.structured_input_signature, [t.name for t in cf2.inputs])
print([op.name for op in cf2.graph.get_operations()])
@tf.function(input_signature=[tf.TensorSpec([], tf.float32, name="zz")])
def g(x):
    print("trace g", x)
    return x
g(1.0)
print(g.get_concrete_function().structured_input_signature,
      [t.name for t in g.get_concrete_function().inputs], g.experimental_get_tracing_count())
v = tf.Variable(1.0)
@tf.function
def m(x):
    return x * v
print(m.get_concrete_function(tf.TensorSpec([], name="q")).inputs)
@tf.function(input_signature=[tf.TensorSpec([], name="a"), tf.TensorSpec([], name="a")])
def same(x, y):
    return x + y
print(same.get_concrete_function().inputs, same(1.0, 2.0))
""")

_s("saved_signatures_named_specs", """
import tempfile
class M(tf.Module):
    @tf.function
    def f(self, x, y):
        print("trace f", x, y)
        return x + y
m = M()
d = tempfile.mkdtemp()
c1 = m.f.get_concrete_function(tf.TensorSpec([2], name="inp"), tf.TensorSpec([2]))
m.f(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))
c2 = m.f.get_concrete_function(tf.TensorSpec([3]), tf.TensorSpec([3], name="b"))
tf.saved_model.save(m, d, signatures={"s1": c1, "s2": c2})
r = tf.saved_model.load(d)
for key in sorted(r.signatures):
    print(key, sorted(r.signatures[key].structured_input_signature[1].items()))
    print(r.signatures[key])
print(r.f(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0])))
print(r.signatures["s1"](inp=tf.constant([1.0, 2.0]), y=tf.constant([1.0, 2.0])))
""")

_s("saved_module_retrace_and_signatures", """
import tempfile
class M(tf.Module):
    def __init__(self):
        self.v = tf.Variable(2.0)
    @tf.function
    def f(self, x):
        print("tracing f", x)
        return x * self.v
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def g(self, x):
        print("tracing g")
        return x + self.v
m = M()
print(m.f(tf.constant(1.0)), m.g(tf.constant(1.0)))
d = tempfile.mkdtemp()
tf.saved_model.save(m, d + "/a")
r = tf.saved_model.load(d + "/a")
print(sorted(r.signatures.keys()), r.f(tf.constant(3.0)), r.g(tf.constant(3.0)), r.v.numpy())
tf.saved_model.save(m, d + "/b", signatures=m.g.get_concrete_function())
r = tf.saved_model.load(d + "/b")
s = r.signatures["serving_default"]
print(sorted(r.signatures.keys()), s.structured_input_signature, s.structured_outputs)
print(s(x=tf.constant(5.0)))
tf.saved_model.save(m, d + "/c", signatures={
    "one": m.g.get_concrete_function(),
    "two": m.f.get_concrete_function(tf.TensorSpec([2], tf.float32, name="inp"))})
r = tf.saved_model.load(d + "/c")
print(sorted(r.signatures.keys()), r.signatures["two"](inp=tf.constant([1.0, 2.0])))
print(r.signatures["one"].structured_input_signature)
try:
    r.f(tf.constant([3.0, 4.0, 5.0]))
except Exception as e:
    print(type(e).__name__, e)
""")

_s("range_loop_graph_with_captures", """
@tf.function
def f(x, n):
    s = tf.constant(0.0)
    for i in tf.range(n):
        s += tf.reduce_sum(x) * tf.cast(i, tf.float32)
    return s
cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32))
for op in cf.graph.get_operations():
    print(op.type, op.name, [t.name for t in op.inputs], [t.name for t in op.outputs])
fd = cf.function_def
print([n.op for n in fd.node_def])
print([a.name for a in fd.signature.input_arg], [a.name for a in fd.signature.output_arg],
      sorted(fd.ret.items()))
print(f(tf.constant([1.0, 2.0]), tf.constant(4)))
""")

_s("constant_nodes_where_made", """
@tf.function
def f(x):
    c = tf.constant(2.0)
    d = tf.constant(3.0, name="three")
    unused = tf.constant([5.0, 6.0])
    e = tf.constant(1.0, shape=[2])
    y = x * 4.0
    return y + c + d + e
for op in f.get_concrete_function(tf.TensorSpec([2], tf.float32)).graph.get_operations():
    print(op.type, op.name, [t.name for t in op.inputs], [t.name for t in op.outputs])
print(f(tf.constant([1.0, 2.0])))
""")

_s("sampling_losses_own_samplers", """
np.set_printoptions(precision=4, suppress=True)
tf.random.set_seed(11)
tc = tf.constant([[0, 7], [3, 9]], tf.int64)
for fn in [tf.random.log_uniform_candidate_sampler, tf.random.uniform_candidate_sampler,
           tf.random.learned_unigram_candidate_sampler]:
    r = fn(tc, 2, 6, True, 50)
    print(fn.__name__, r[0].numpy(), r[1].numpy(), r[2].numpy())
r = tf.random.fixed_unigram_candidate_sampler(tc, 2, 6, False, 12,
                                              unigrams=list(range(1, 13)), distortion=0.5)
print(r[0].numpy(), r[1].numpy(), r[2].numpy())
rng = np.random.RandomState(1)
W = tf.Variable(rng.randn(50, 8).astype(np.float32))
b = tf.Variable(np.zeros(50, np.float32))
x = tf.constant(rng.randn(4, 8).astype(np.float32))
lab = tf.constant([[1], [20], [33], [49]], tf.int64)
def losses():
    tf.random.set_seed(5)
    l1 = tf.nn.nce_loss(W, b, lab, x, num_sampled=5, num_classes=50)
    l2 = tf.nn.sampled_softmax_loss(W, b, lab, x, num_sampled=5, num_classes=50)
    return l1, l2
print([l.numpy() for l in losses()])
print([l.numpy() for l in tf.function(losses)()])
""")

_s("small_checks", """
x = tf.constant([1.0, 2.0])
print(tf.is_tensor(x), tf.is_tensor(1.0), tf.is_tensor(tf.Variable(1.0)),
      tf.is_tensor(np.ones(2)), tf.is_tensor(tf.sparse.from_dense([1, 0])),
      tf.is_tensor(tf.ragged.constant([[1], []])))
def attempt(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: tf.debugging.check_numerics(tf.constant([1.0, np.inf]), "bad"))
attempt(lambda: tf.debugging.assert_all_finite(tf.constant([1.0, np.nan]), "bad2"))
attempt(lambda: tf.debugging.assert_shapes([(x, ('N',)), (tf.ones([3]), ('N',))]))
attempt(lambda: tf.debugging.assert_rank(x, 2))
attempt(lambda: tf.debugging.assert_type(x, tf.int32))
attempt(lambda: tf.ensure_shape(x, [3]))
attempt(lambda: tf.ensure_shape(x, [None]))
print(tf.VariableAggregation.MEAN, repr(tf.VariableAggregation.SUM), list(tf.VariableAggregation))
print(tf.compat.v1.VariableAggregation.MEAN, tf.VariableSynchronization.ON_READ)
attempt(lambda: x.eval())
attempt(lambda: x.consumers())
v = tf.Variable([1.0])
for a in ["initializer", "op", "graph", "initial_value", "constraint", "aggregation",
          "synchronization", "create"]:
    attempt(lambda: getattr(v, a))
attempt(lambda: v.eval())
attempt(lambda: tf.constant([2**64 - 1, 2**63], tf.uint64))
attempt(lambda: tf.constant(2**63))
attempt(lambda: tf.cast(tf.constant(2**63 + 5, tf.uint64), tf.float64))
@tf.function
def fn(t):
    tf.debugging.assert_shapes([(t, ('N', 2))])
    t = tf.ensure_shape(t, [None, 2])
    tf.debugging.assert_rank(t, 2)
    tf.debugging.assert_type(t, tf.float32)
    return tf.debugging.check_numerics(t, "in fn") + tf.constant(2**63, tf.uint64).dtype.size
attempt(lambda: fn(tf.ones([3, 2])))
attempt(lambda: fn(tf.ones([3, 3])))
@tf.function
def fn2(t):
    return tf.ensure_shape(t, [4])
attempt(lambda: fn2(tf.ones([3])))
""")
