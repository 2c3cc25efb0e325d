"""Golden snippets: tf.autodiff.ForwardAccumulator (tf_semantics.md A.13): JVPs of tensors
and Variables, structures, unconnected primals, lifecycle and errors, nested
accumulators, Hessian-vector products (forward over backward and backward over
forward), accumulators together with tapes."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# ForwardAccumulator (A.13)

_s("fwd_basic_cube", """
x = tf.constant(2.0)
with tf.autodiff.ForwardAccumulator(primals=x, tangents=tf.constant(1.0)) as acc:
    y = x ** 3
print(repr(y))
print(repr(acc.jvp(y)))
""")
_s("fwd_vector_tangent", """
x = tf.constant([1.0, 2.0, 3.0])
t = tf.constant([1.0, 0.0, -1.0])
with tf.autodiff.ForwardAccumulator(x, t) as acc:
    y = x * x
    s = tf.reduce_sum(y)
print(repr(acc.jvp(y)), repr(acc.jvp(s)))
""")
_s("fwd_nested_structures", """
a = tf.constant(1.0)
b = tf.constant([2.0, 3.0])
with tf.autodiff.ForwardAccumulator(
        primals={'a': a, 'b': [b]}, tangents={'a': tf.constant(1.0), 'b': [tf.constant([0.5, 2.0])]}) as acc:
    y = a * b
    z = tf.reduce_sum(b * b)
r = acc.jvp({'y': y, 'rest': (z, [y])})
print(type(r).__name__, sorted(r), type(r['rest']).__name__)
print(repr(r['y']))
print(repr(r['rest'][0]))
print(repr(r['rest'][1][0]))
print(acc.jvp([y, z]))
""")
_s("fwd_python_float_tangent", """
x = tf.constant([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(x, np.array([1.0, -1.0])) as acc:
    y = x * 5.0
print(repr(acc.jvp(y)))
try:
    tf.autodiff.ForwardAccumulator(x, [1.0, 1.0])
except Exception as e:
    print(type(e).__name__, e)
x = tf.constant(3.0, tf.float64)
with tf.autodiff.ForwardAccumulator(x, 2.0) as acc:
    y = x * x
print(repr(acc.jvp(y)))
""")
_s("fwd_variable_primal", """
v = tf.Variable([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 1.0])) as acc:
    y = tf.reduce_sum(v * v * v)
    r = v.read_value()
print(repr(acc.jvp(y)))
print(repr(acc.jvp(r)))
""")
_s("fwd_variable_and_tensor_primals", """
w = tf.Variable(3.0)
x = tf.constant(2.0)
with tf.autodiff.ForwardAccumulator([w, x], [tf.constant(1.0), tf.constant(10.0)]) as acc:
    y = w * x
print(repr(acc.jvp(y)))
""")
_s("fwd_unconnected", """
x = tf.constant(2.0)
u = tf.constant(5.0)
with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
    y = x * 2.0
    z = u * 3.0
print(acc.jvp(z))
print(repr(acc.jvp(z, unconnected_gradients='zero')))
print(repr(acc.jvp(u, unconnected_gradients=tf.UnconnectedGradients.ZERO)))
print(acc.jvp([y, z]))
print(repr(acc.jvp(x)))
""")
_s("fwd_jvp_after_exit_and_outside_ops", """
x = tf.constant(2.0)
acc = tf.autodiff.ForwardAccumulator(x, tf.constant(1.0))
with acc:
    y = x * x
z = y * 3.0
print(repr(acc.jvp(y)))
print(acc.jvp(z))
w = x * x
print(acc.jvp(w))
""")
_s("fwd_ops_before_enter", """
x = tf.constant(2.0)
acc = tf.autodiff.ForwardAccumulator(x, tf.constant(1.0))
y = x * x
with acc:
    z = x * 3.0
print(acc.jvp(y))
print(repr(acc.jvp(z)))
""")
_s("fwd_duplicate_primal_error", """
x = tf.constant(1.0)
tf.autodiff.ForwardAccumulator([x, x], [tf.constant(1.0), tf.constant(2.0)])
""")
_errs("fwd_errors", """
x = tf.constant(1.0)
acc = tf.autodiff.ForwardAccumulator(x, tf.constant(1.0))
with acc:
    with acc:
        pass
""", """
v = tf.Variable(1.0)
tf.autodiff.ForwardAccumulator([v, v], [1.0, 1.0])
""")
_s("fwd_reenter_after_exit", """
x = tf.constant(2.0)
acc = tf.autodiff.ForwardAccumulator(x, tf.constant(1.0))
with acc:
    y = x * x
with acc:
    z = y * x
print(repr(acc.jvp(y)), repr(acc.jvp(z)))
""")
_s("fwd_int_primal_warning", """
x = tf.constant(3)
with tf.autodiff.ForwardAccumulator(x, tf.constant(1)) as acc:
    y = x * x
print(acc.jvp(y))
""")
_s("fwd_int_primal_warning_repeated", """
for i in range(7):
    x = tf.constant(i)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1)) as acc:
        y = x * 2
print(acc.jvp(y))
""")
_s("fwd_tangent_shape_mismatch", """
x = tf.constant([1.0, 2.0, 3.0])
try:
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 2.0])) as acc:
        print('constructed')
        y = x * 2.0
    print(acc.jvp(y))
except Exception as e:
    print(type(e).__name__, e)
""")
_s("fwd_nested_accumulators_order", """
x = tf.constant(1.0)
with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as outer:
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as inner:
        y = tf.exp(x) * tf.sin(x) + x ** 3
print(repr(y))
print(repr(inner.jvp(y)))
print(repr(outer.jvp(inner.jvp(y))))
print(inner.jvp(outer.jvp(y)))
print(repr(outer.jvp(y)))
x = tf.constant(2.0)
with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as outer:
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as inner:
        y = x ** 3
print(repr(inner.jvp(y)), repr(outer.jvp(inner.jvp(y))))
""")
_s("fwd_hvp_forward_over_backward", """
v = tf.Variable([1.0, 2.0])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0])) as acc:
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v ** 3)
    g = tape.gradient(y, v)
print(repr(g))
print(repr(acc.jvp(g)))
""")
_s("fwd_hvp_forward_over_backward_matrix", """
x = tf.constant([1.0, 2.0, 3.0])
A = tf.constant([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
t = tf.constant([1.0, -1.0, 0.5])
with tf.autodiff.ForwardAccumulator(x, t) as acc:
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = 0.5 * tf.reduce_sum(x * tf.linalg.matvec(A, x)) + tf.reduce_sum(tf.sin(x))
    g = tape.gradient(y, x)
print(repr(g))
print(repr(acc.jvp(g)))
""")
_s("fwd_hvp_backward_over_forward", """
x = tf.constant([1.0, 2.0])
t = tf.constant([1.0, 0.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.autodiff.ForwardAccumulator(x, t) as acc:
        y = tf.reduce_sum(x ** 3) + x[0] * x[1]
    jvp = acc.jvp(y)
print(repr(jvp))
print(repr(tape.gradient(jvp, x)))
""")
_s("fwd_hvp_backward_over_forward_variable", """
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    with tf.autodiff.ForwardAccumulator(v, tf.constant([0.0, 1.0, 0.0])) as acc:
        y = tf.reduce_sum(tf.exp(v * 0.5))
    jvp = acc.jvp(y)
print(repr(jvp))
print(repr(tape.gradient(jvp, v)))
""")
_s("fwd_jvp_through_ops", """
x = tf.constant([0.25, 1.0, 4.0])
t = tf.constant([1.0, 2.0, 3.0])
with tf.autodiff.ForwardAccumulator(x, t) as acc:
    ys = [tf.exp(x), tf.tanh(x), tf.sqrt(x), tf.nn.relu(x - 1.0), tf.math.log(x),
          tf.sin(x), x / (1.0 + x), tf.nn.sigmoid(x)]
for y in ys:
    print(repr(acc.jvp(y)))
""")
_s("fwd_jvp_relu_at_zero", """
x = tf.constant([-1.0, 0.0, 1.0])
with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0, 1.0])) as acc:
    y = tf.nn.relu(x)
    z = tf.abs(x)
    m = tf.maximum(x, 0.0)
print(repr(acc.jvp(y)), repr(acc.jvp(z)), repr(acc.jvp(m)))
""")
_s("fwd_jvp_matmul", """
W = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
x = tf.constant([[1.0], [-1.0]])
with tf.autodiff.ForwardAccumulator([W, x], [tf.ones([3, 2]), tf.constant([[0.5], [0.0]])]) as acc:
    y = tf.matmul(W, x)
    z = tf.reduce_sum(tf.tanh(y))
print(repr(y))
print(repr(acc.jvp(y)))
print(repr(acc.jvp(z)))
""")
_s("fwd_jvp_variable_layer", """
w = tf.Variable([[0.5, -1.0], [2.0, 0.25]])
b = tf.Variable([0.1, 0.2])
x = tf.constant([[1.0, 2.0]])
with tf.autodiff.ForwardAccumulator(primals=[w, b],
                                    tangents=[tf.ones_like(w), tf.zeros_like(b)]) as acc:
    y = tf.nn.relu(tf.matmul(x, w) + b)
print(repr(y))
print(repr(acc.jvp(y)))
""")
_s("fwd_with_tape_both_record", """
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = x * x
print(repr(acc.jvp(y)), repr(tape.gradient(y, x)))
""")
_s("fwd_through_ops_with_reverse_only_gradients", """
# Ops whose gradient is TF's own formula (max_pool, silu, softmax cross-entropy, norm,
# eigh, cumprod): their JVP is that gradient transposed, as TF computes every JVP.
x = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
v = tf.constant([[1.0, 0.0, 2.0], [0.5, 1.0, -1.0]])
m = tf.constant([[2.0, 0.5], [0.5, 1.0]])
fs = [("max_pool", lambda x: tf.nn.max_pool1d(x[None, :, :], 2, 1, "VALID")),
      ("silu", tf.nn.silu), ("norm", tf.norm),
      ("xent", lambda x: tf.nn.softmax_cross_entropy_with_logits([[0., 1, 0], [1, 0, 0]], x)),
      ("cumprod", lambda x: tf.math.cumprod(x, 1)),
      ("eigh", lambda x: tf.linalg.eigh(m + x[:, :2] @ tf.transpose(x[:, :2]))[0])]
for name, f in fs:
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        y = f(x)
    print(name, repr(acc.jvp(y)))
    if name == "cumprod":   # (TF's second derivative divides by x: rounding, not zeros)
        continue
    with tf.GradientTape() as t:   # a Hessian-vector product, forward over reverse
        t.watch(x)
        with tf.autodiff.ForwardAccumulator(x, v) as acc:
            y = tf.reduce_sum(f(x))
        jv = acc.jvp(y)
    print(name, repr(t.gradient(jv, x)))

@tf.function
def in_function(x):
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        y = tf.nn.silu(x) * tf.norm(x)
    return acc.jvp(y)
print(repr(in_function(x)))
""")

_s("fwd_mul_and_div_round_each_product", """
# TF's JVP of Mul is tx * y + ty * x and of RealDiv tx / y + ty * ((-x / y) / y), each
# product and quotient rounded on its own (XLA would fuse one product into the sum).
rs = np.random.RandomState(0)
x, y = (tf.constant(rs.uniform(0.1, 3, 64).astype(np.float32)) for _ in range(2))
tx, ty = (tf.constant(rs.normal(size=64).astype(np.float32)) for _ in range(2))
with tf.autodiff.ForwardAccumulator([x, y], [tx, ty]) as acc:
    p = x * y
    q = x / y
    r = tf.tanh(x) * tf.square(x)
print(acc.jvp(p).numpy().tolist())
print(acc.jvp(q).numpy().tolist())
print(acc.jvp(r).numpy().tolist())
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why.

from harness import Tolerance  # noqa: E402

TOLERANCE = {
    "fwd_through_ops_with_reverse_only_gradients": Tolerance(
        "float32 second derivatives of silu, norm and softmax cross-entropy: TF's "
        "gradients of their gradient ops multiply in another order than jax's transposes "
        "(the last place), and the cross-entropy JVP cancels to near zero", rtol=1e-6,
        atol=1e-7),
}
