"""Golden snippets: ConcreteFunction.graph (FuncGraph, GraphDef) and the names of
symbolic tensors inside tf.function (framework/func_graph.py)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_SHOW = """
def show(f, *args):
    g = f.get_concrete_function(*args).graph
    nodes = g.as_graph_def().node
    print(g.name, len(nodes))
    for n in nodes:
        print(n.name, n.op, list(n.input))
    return g
"""

_s("graph_operators", _SHOW + """
@tf.function
def ops(x, y):
    a = x + y; b = x - y; c = x * y; d = x / y; e = x // y; f_ = x % y; g = x ** y
    h = -x; i = abs(x); j = x < y; k = x <= y; l = x > y; m = x >= y
    n = x == y; o = x != y
    p = 1.0 + x; q = 2.0 * x; r = x + 1.0
    print(a, d, h, p, r)
    print(repr(q))
    return a
show(ops, tf.constant(1.0), tf.constant(2.0))
""", verbatim=True)

_s("graph_tf_calls", _SHOW + """
@tf.function
def calls(x, y):
    a = tf.add(x, y); b = tf.subtract(x, y); c = tf.multiply(x, y)
    e = tf.abs(x); f_ = tf.nn.relu(x)
    h = tf.math.exp(x); i = tf.square(x); j = tf.sqrt(x); k = tf.maximum(x, y)
    l = tf.greater(x, 0.); o = tf.identity(x); p = tf.cast(x, tf.int32)
    r = tf.sigmoid(x); s = tf.tanh(x); t = tf.negative(x); u = tf.math.log(x)
    v = tf.add_n([x, y]); w = tf.realdiv(x, y)
    print(a, l, p, v)
    return a, [b, c], {"d": o}
g = show(calls, tf.constant(1.0), tf.constant(2.0))
print(g.inputs)
print(g.outputs)
print(g.structured_outputs)
""", verbatim=True)

_s("graph_matmul_relu", _SHOW + """
@tf.function
def mm(x, w):
    y = x @ w
    print(y)
    z = tf.nn.relu(y)
    print(z, x + 1.0)
    print(repr(z))
    return tf.matmul(x, w), tf.matmul(x, [[1.0, 0.0], [0.0, 1.0]])
g = show(mm, tf.ones([2, 2]), tf.ones([2, 2]))
op = g.get_operation_by_name("matmul")
print(op.name, op.type, op.inputs, op.outputs)
print(repr(op), op.outputs[0], g.get_tensor_by_name("Relu:0"))
print([o.name for o in g.get_operations()][:4])
print(op.node_def.name, op.node_def.op, list(op.node_def.input))
try:
    g.get_operation_by_name("nope")
except KeyError as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("graph_constants", _SHOW + """
@tf.function
def consts(x):
    a = x * tf.constant(3.0)
    b = tf.constant([1.0, 2.0]) + x
    return a + b
show(consts, tf.constant(1.0))
""", verbatim=True)

_s("graph_unique_names", _SHOW + """
@tf.function
def names(x):
    a = x + x
    b = a + x
    c = tf.add(b, x)
    d = tf.identity(c)
    print(a, b, c, d)
    return d, tf.identity(d)
show(names, tf.constant([1, 2]))
""", verbatim=True)

_s("graph_variables", _SHOW + """
v = tf.Variable(1.0)
w = tf.Variable(2.0, name="w")
@tf.function
def fv(x):
    a = x + v
    v.assign(a)
    v.assign_add(1.0)
    b = w * 2.0
    w.assign_sub(b)
    print(a, b)
    return a
g = show(fv, tf.constant(1.0))
print(g.inputs)
print(g.variables)
""", verbatim=True)

_s("graph_module_method", _SHOW + """
class Dense(tf.Module):
    def __init__(self):
        self.k = tf.Variable([[1.0, 2.0]], name="k")
    @tf.function
    def __call__(self, x):
        y = tf.nn.relu(x @ self.k)
        print(y)
        return y
m = Dense()
g = show(m.__call__, tf.ones([1, 1]))
print(g.inputs, g.outputs)
""", verbatim=True)

_s("graph_cond", _SHOW + """
@tf.function
def fc(x):
    y = tf.cond(x > 0, lambda: x * 2.0, lambda: x - 1.0)
    print(y)
    return y
show(fc, tf.constant(1.0))
print(fc(tf.constant(3.0)), fc(tf.constant(-3.0)))
""", verbatim=True)

_s("graph_while", _SHOW + """
@tf.function
def fw(x):
    i = tf.constant(0)
    r = tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2.0), [i, x])
    print(r)
    return r[1]
show(fw, tf.constant(1.0))
print(fw(tf.constant(1.5)))
""", verbatim=True)

_s("graph_python_loop", """
def measure_graph_size(f, *args):
    g = f.get_concrete_function(*args).graph
    print("{}({}) contains {} nodes in its graph".format(
        f.__name__, ', '.join(map(str, args)), len(g.as_graph_def().node)))

@tf.function
def train(dataset):
    loss = tf.constant(0)
    for x, y in dataset:
        loss += tf.abs(y - x)
    return loss

measure_graph_size(train, [(1, 1)] * 3)
measure_graph_size(train, [(1, 1)] * 10)
""", verbatim=True)

_s("graph_strings", """
@tf.function
def double(a):
    print(a + a)
    return a + a
c = double.get_concrete_function(tf.constant("a"))
for node in c.graph.as_graph_def().node:
    print(f'{node.input} -> {node.name}')
print(c.graph.inputs, c.graph.outputs)
""", verbatim=True)

_s("graph_def_text", """
@tf.function
def relu(x):
    return tf.maximum(x, 0)
print(relu.get_concrete_function(tf.constant(1)).graph.as_graph_def())
@tf.function
def consts(x):
    return x + tf.constant([1.5, 2.0]), x * 0.1, x > 1e20
gd = consts.get_concrete_function(tf.TensorSpec([None, 2])).graph.as_graph_def()
print(gd)
print(gd.node[0])
print(gd.node[0].attr["dtype"])
""", verbatim=True)

_s("graph_autograph_if", _SHOW + """
def simple_relu(x):
    if tf.greater(x, 0):
        return x
    else:
        return 0
show(tf.function(simple_relu), tf.constant(1))

@tf.function
def h(x):
    y = x * 2
    if y > 3:
        y = y - 1
    return y
show(h, tf.constant(1.0))
""", verbatim=True)

_s("inside_function", """
print(tf.inside_function(), tf.executing_eagerly())
@tf.function
def f():
    return tf.inside_function()
print(f())
with tf.__internal__.FuncGraph("g").as_default():
    print(tf.inside_function(), tf.executing_eagerly())
with tf.Graph().as_default():
    print(tf.inside_function(), tf.executing_eagerly())
print(tf.inside_function())
""")

_s("function_def", """
v = tf.Variable([1.0, 2.0])

@tf.function
def f(x, y):
    return x * v + y, tf.nn.relu(x)

fd = f.get_concrete_function(tf.TensorSpec([2], tf.float32),
                             tf.TensorSpec([], tf.float32)).function_def
print(type(fd).__name__, fd.signature.name.startswith("__inference_f_"))
print(str(fd).replace(fd.signature.name, "<name>"))
print([n.op for n in fd.node_def], [a.name for a in fd.signature.input_arg],
      [a.name for a in fd.signature.output_arg], sorted(fd.ret.items()))
""")

_s("range_loop_ops", """
@tf.function
def f(x):
    s = x
    for i in tf.range(3, 10, 2):
        s = s * 2.0
    return s

@tf.function
def g(n):
    z = tf.zeros_like(n)
    return tf.not_equal(n // 2, z), tf.ones_like(n + 1), tf.zeros([2, 3])

for fn, spec in ((f, tf.TensorSpec([2], tf.float32)), (g, tf.TensorSpec([], tf.int32))):
    graph = fn.get_concrete_function(spec).graph
    for op in graph.get_operations():
        print(op.type, op.name, [t.name for t in op.inputs])
print(f(tf.constant([1.0, 2.0])))
""")

_s("known_value_tensors_print_as_graph_tensors", """
c = tf.constant([1.0, 2.0])

@tf.function
def f(x):
    a = tf.ones((2,))
    b = tf.constant([3, 4])
    print(a, b, a + c, c)
    print(repr(a), repr(b * 2), tf.range(3), tf.zeros_like(a))
    print(a.name, (b * 2).name, tf.fill([1], 2).name)

    def branch():
        d = tf.fill([2], 5.0)
        print("branch", d, repr(d + x))
        return d
    return tf.cond(x > 0, branch, branch) + a

print(f(tf.constant(1.0)))
""")

_s("shape_size_rank_and_slice_names", """
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

@tf.function
def f(x, i):
    s = tf.shape(x)
    print(s, tf.size(x), tf.rank(x), tf.shape(x, name="dims"), tf.rank(x, name="r"))
    print(x[0], x[i], v[1], x[1:], tf.shape_n([x, x * 2.0]))
    return tf.cast(s, tf.float32) + x[0] + x[i]

print(f(tf.constant([1.0, 2.0]), tf.constant(1)))
""")

_s("name_scopes_name_the_nodes", """
v = tf.Variable([1.0, 2.0])

@tf.function
def f(x):
    with tf.name_scope("layer"):
        y = x * 2
        r = v + 1
        print(y, r, y.name)
        with tf.name_scope("inner") as s:
            print(s, tf.ones(2) + y, tf.shape(x))

        def br():
            z = y + 1
            with tf.name_scope("b"):
                print("branch", z, z * 3)
            return z
        c = tf.cond(x[0] > 0, br, br)
        print(c)
    with tf.name_scope("layer"):
        print(x - 1, tf.reduce_sum(x))
    with tf.name_scope("abs/"):
        print(x - 2)
    return c

print(f(tf.constant([1.0, 2.0])))
""")

_s("op_wrapper_names_in_function", """
v = tf.Variable([1.0, 2.0])
m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

@tf.function
def f(x, i):
    named = [
        v.value(), v.read_value(), v * 2, tf.identity(x), tf.eye(2), tf.eye(2, 3),
        tf.linspace(0.0, 1.0, 3), tf.convert_to_tensor([1, 2]), tf.constant(1.0), tf.stack([x, x]),
        tf.concat([x, x], 0), tf.reshape(x, [2, 1]), tf.transpose(m), tf.matmul(m, m), m @ m,
        tf.reduce_sum(x), tf.reduce_mean(x), tf.argmax(x), tf.expand_dims(x, 0),
        tf.zeros([2]), tf.fill([2], 1.0), tf.range(i), tf.cast(x, tf.int32),
        tf.where(x > 1, x, -x), tf.gather(x, [0]), tf.nn.relu(x), x / 2, x // 2,
        tf.split(m, 2)[0], tf.unstack(m)[1], tf.slice(m, [0, 0], [1, 1]),
        tf.random.uniform([2]), tf.random.normal([2]), tf.clip_by_value(x, 0.0, 1.0),
        tf.math.l2_normalize(x), tf.nn.sigmoid_cross_entropy_with_logits(x, x),
        tf.nn.sparse_softmax_cross_entropy_with_logits([1], [[1.0, 2.0]]),
        tf.strings.join(["a", "b"]), tf.one_hot([1], 2)]
    for t in named:
        print(t.name, t.shape)
    print(tf.range(i), repr(tf.range(1, i)))
    return x

f(tf.constant([1.0, 2.0]), tf.constant(3))
""")

_s("op_scope_names_given_and_default", """
@tf.function
def f(x, labels):
    for t in [tf.einsum("ij,jk->ik", x, x), tf.einsum("ij,jk->ik", x, x, name="e"),
              tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x),
              tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x, name="sx"),
              tf.nn.sparse_softmax_cross_entropy_with_logits(labels, x),
              tf.clip_by_value(x, 0.0, 1.0, "clip"), tf.clip_by_value(x, 0.0, 1.0, "clip"),
              tf.random.normal([2], name="noise"), tf.linspace(0.0, 1.0, 3, name="grid")]:
        print(t.name, t.shape)
    with tf.name_scope("outer"):
        print(tf.clip_by_value(x, 0.0, 1.0).name, tf.einsum("ij->ji", x).name)
    return x

f(tf.ones([2, 2]), tf.constant([0, 1]))
""")

_s("tensordot_of_unknown_dimensions", """
@tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([4, None])])
def f(a, b):
    t = tf.tensordot(a, b, 1)
    u = tf.tensordot(a, tf.ones([4, 2]), 1)
    print(t.name, t.shape, u.name, u.shape)
    return t, u

for v in f(tf.reshape(tf.range(8.0), [2, 4]), tf.ones([4, 3])):
    print(v.numpy().tolist())
""")

_s("reduction_axes_consts_and_scopes", """
@tf.function
def f(x, b):
    out = [tf.reduce_sum(x), tf.constant(2.0), tf.reduce_mean(x, 1), tf.constant(3.0),
           tf.reduce_max(x), tf.reduce_min(x, keepdims=True), tf.reduce_prod(x),
           tf.reduce_any(b), tf.reduce_all(b), tf.math.reduce_variance(x),
           tf.math.reduce_std(x, axis=0), tf.math.count_nonzero(x),
           tf.math.count_nonzero(x, 1, keepdims=True, dtype=tf.int32),
           tf.reduce_logsumexp(x), tf.math.reduce_euclidean_norm(x), tf.constant(4.0)]
    for t in out:
        print(t.name, t.shape, t.dtype.name)
    return out

g = f.get_concrete_function(tf.ones([2, 3]), tf.constant([True, False])).graph
print([i.name for i in g.get_operation_by_name("Sum").inputs])
for v in f(tf.constant([[1.0, 0.0, 2.5], [-3.0, 4.0, 0.5]]), tf.constant([True, False])):
    print(v.numpy())
""")

_s("op_wrapper_result_names", """
@tf.function
def f(x, x3, xi):
    y = x * 2
    out = [tf.norm(x), tf.norm(x, keepdims=True), tf.norm(x, axis=1),
           tf.norm(x, ord=1, keepdims=True), tf.norm(x, ord=np.inf, keepdims=True),
           tf.norm(x, ord="fro", axis=[0, 1], keepdims=True),
           tf.tensordot(x, tf.transpose(x), 1), tf.tensordot(x3, x, [[2], [1]]),
           tf.tensordot(x, x, 0), tf.tensordot(x, tf.transpose(x), 1, name="td"),
           tf.reduce_logsumexp(x), tf.reduce_logsumexp(x, axis=1, keepdims=True),
           tf.sort(x, direction="DESCENDING"), tf.sort(x), tf.sort(xi),
           tf.sort(xi, direction="DESCENDING"), tf.sort(x, axis=0),
           tf.nn.dropout(x, 0.5, seed=1), tf.nn.dropout(x, 0.5, noise_shape=[3, 1], seed=1),
           tf.nn.dropout(y, 0.0)]
    for t in out:
        print(t.name, t.shape, t.dtype.name)
    return [tf.reduce_sum(t) for t in out[:17]]

for v in f(tf.reshape(tf.range(12.0), [3, 4]), tf.ones([2, 3, 4]),
           tf.constant([[3, 1], [2, 5]])):
    print(v.numpy())
""")

_s("final_noop_waits_for_ops_that_must_run", """
# TF's automatic control dependencies: the outputs wait on a NoOp that waits for the
# stateful ops, except the legacy random ops (order-free); with no outputs there is no
# NoOp, and the ops are the function's control outputs.
v = tf.Variable(1.0)

@tf.function
def draws(x):
    return tf.random.categorical(x, 2), tf.random.uniform([2])

@tf.function
def assigns(x):
    v.assign(x)

@tf.function
def both(x):
    v.assign_add(x)
    tf.random.normal([1])
    return x + 1.

for f, arg in ((draws, tf.ones([2, 3])), (assigns, tf.constant(1.0)), (both, tf.constant(1.0))):
    concrete = f.get_concrete_function(arg)
    g = concrete.graph
    print(len(g.get_operations()), [(n.name, list(n.input)) for n in g.as_graph_def().node
                                     if n.op in ("NoOp", "Identity")])
    print([op.name for op in g.control_outputs], dict(concrete.function_def.control_ret),
          list(concrete.function_def.signature.control_output))
""")
