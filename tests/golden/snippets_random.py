"""Golden snippets for tf.random: TF's Philox streams (seeded stateful ops with TF's
global/op seed rules, stateless ops, tf.random.Generator), errors and gradients.

Every seeded snippet starts with tf.random.set_seed, which resets the op-seed sequence
and the stateful kernels, so the snippets do not depend on each other. Unseeded draws
print only shapes and dtypes.
"""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="np.set_printoptions(precision=6)\n")
_s = SNIPPETS.add


def _errs(name, *statements):
    """Run each statement in its own try block; print the exception (or the result)."""
    _s(name, "tf.random.set_seed(2)\n" + "\n".join(
        f"try:\n    print(repr({st}))\nexcept Exception as e:\n    print(type(e).__name__, e)"
        for st in statements))


_s("seed_rules", """
    tf.random.set_seed(1)
    print(repr(tf.random.uniform([5], seed=2)))
    print(repr(tf.random.uniform([5], seed=2)))
    print(repr(tf.random.uniform([3], seed=2)))
    print(tf.random.uniform([3]).numpy(), tf.random.uniform([3]).numpy())
    tf.random.set_seed(1)
    print(tf.random.uniform([3]).numpy(), tf.random.uniform([5], seed=2).numpy())
    tf.random.set_seed(None)
    print(tf.random.uniform([2], seed=5).numpy(), tf.random.uniform([2], seed=5).numpy())
    print(tf.random.uniform([2], dtype=tf.float64, seed=5).numpy())
    tf.random.set_seed(0)
    print(tf.random.uniform([2], seed=0).numpy())
    tf.random.set_seed(3)
    print(tf.random.normal([2], seed=5).numpy(), tf.random.uniform([2], seed=5).numpy())
    x = tf.random.uniform([4])
    print(x.shape, x.dtype)
""")

_s("uniform_values", """
    tf.random.set_seed(7)
    print(repr(tf.random.uniform([2, 3], maxval=10, dtype=tf.int32, seed=3)))
    print(repr(tf.random.uniform([3], minval=-5, maxval=2**40, dtype=tf.int64, seed=3)))
    print(repr(tf.random.uniform([3], minval=-5, maxval=2**40, dtype=tf.int64, seed=3)))
    print(repr(tf.random.uniform([7], minval=-1.0, maxval=3.0, seed=3)))
    print(repr(tf.random.uniform([1], maxval=4.0, seed=3)))
    print(repr(tf.random.uniform([], minval=2, maxval=3, dtype=tf.int64)).split(',')[:2])
    for dt in [tf.float16, tf.bfloat16, tf.float32, tf.float64]:
        print(repr(tf.random.uniform([5], dtype=dt, seed=8)))
    print(repr(tf.random.uniform([0, 3], seed=1)))
    print(repr(tf.random.uniform(tf.constant([2, 2], tf.int64), seed=1)))
    print(repr(tf.random.uniform(tf.TensorShape([3]), seed=1)))
""")

_s("normal_values", """
    tf.random.set_seed(11)
    for dt in [tf.float16, tf.bfloat16, tf.float32, tf.float64]:
        print(repr(tf.random.normal([5], dtype=dt, seed=7)))
        print(repr(tf.random.truncated_normal([9], dtype=dt, seed=7)))
    print(repr(tf.random.normal([2, 3], mean=2.0, stddev=3.0, seed=4)))
    print(repr(tf.random.truncated_normal([3, 3], mean=-1.0, stddev=0.5, seed=4)))
    print(repr(tf.random.truncated_normal([3, 3], seed=4)))
    print(repr(tf.random.normal([0])))
""")

_s("categorical_shuffle", """
    tf.random.set_seed(1)
    logits = [[1., 2., 3.], [0., -np.inf, 1.]]
    print(repr(tf.random.categorical(logits, 7, seed=1)))
    print(repr(tf.random.categorical(logits, 7, seed=1)))
    print(repr(tf.random.categorical(tf.math.log([[0.5, 0.5]]), 5, seed=2, dtype=tf.int32)))
    print(repr(tf.random.categorical(tf.constant([[0.1, 0.2, 0.7]], tf.float64), 3, seed=2)))
    print(repr(tf.random.categorical([[1., 2.]], 0)))
    print(repr(tf.random.categorical(tf.zeros([0, 3]), 2)))
    print(repr(tf.random.shuffle(tf.range(10), seed=3)))
    print(repr(tf.random.shuffle(tf.range(10), seed=3)))
    print(repr(tf.random.shuffle(tf.reshape(tf.range(12.0), [6, 2]), seed=3)))
    print(repr(tf.random.shuffle(5)), repr(tf.random.shuffle([])))
    tf.random.set_seed(5)
    print(tf.random.shuffle(tf.range(7)).numpy(), tf.random.uniform([2]).numpy())
""")

_s("stateless", """
    for seed in [[1, 2], [5, 6], [-1, 2**31 - 1], tf.constant([3, 4], tf.int64),
                 tf.constant([-7, 2**40], tf.int64)]:
        print(tf.random.stateless_uniform([5], seed=seed).numpy())
    s = [1, 2]
    for dt in [tf.float16, tf.bfloat16, tf.float64]:
        print(repr(tf.random.stateless_uniform([3], seed=s, dtype=dt)))
        print(repr(tf.random.stateless_normal([3], seed=s, dtype=dt)))
        print(repr(tf.random.stateless_truncated_normal([3], seed=s, dtype=dt)))
    print(repr(tf.random.stateless_uniform([2, 3], seed=s, minval=2.0, maxval=4.0)))
    print(repr(tf.random.stateless_normal([7], seed=s, mean=1.0, stddev=2.0)))
    print(repr(tf.random.stateless_truncated_normal([7], seed=s, alg='philox')))
    print(repr(tf.random.stateless_uniform([5], seed=s, minval=-3, maxval=9, dtype=tf.int32)))
    print(repr(tf.random.stateless_uniform([3], seed=s, minval=0, maxval=2**50,
                                           dtype=tf.int64)))
    for dt in [tf.int32, tf.int64, tf.uint32, tf.uint64]:
        print(repr(tf.random.stateless_uniform([3], seed=s, dtype=dt, minval=None,
                                               maxval=None)))
    print(repr(tf.random.stateless_categorical([[1., 2., 3.], [3., 2., 1.]], 6, seed=[5, 6])))
    print(repr(tf.random.split([1, 2], 3)), repr(tf.random.fold_in([1, 2], 7)))
    print(repr(tf.random.stateless_uniform([0, 2], seed=s)))
""")

_s("generator", """
    g = tf.random.Generator.from_seed(1)
    print(repr(g.state), g.algorithm)
    print(g.normal([3]).numpy(), g.state.numpy())
    print(g.uniform([5], dtype=tf.float64).numpy(), g.state.numpy())
    print(g.uniform([2, 3], maxval=10, minval=2, dtype=tf.int64).numpy(), g.state.numpy())
    print(repr(g.uniform_full_int([3])), g.state.numpy())
    print(g.truncated_normal([3], mean=1.0).numpy(), g.state.numpy())
    print(repr(g.uniform([2], maxval=5.0, dtype=tf.float16)))
    print(repr(g.make_seeds(2)), g.state.numpy())
    s = g.split(2)
    print([x.state.numpy() for x in s], g.state.numpy(), [x.state.name for x in s])
    print(s[0].normal([2]).numpy())
    print(tf.random.Generator.from_seed(2**64 + 5).state.numpy())
    print(tf.random.Generator.from_seed([1, 2]).state.numpy())
    g4 = tf.random.Generator.from_state([1, 2, 3], 'philox')
    print(g4.state.numpy(), g4.algorithm, g4.uniform([2]).numpy())
    g5 = tf.random.Generator.from_seed(-1)
    print(g5.state.numpy(), g5.normal([2]).numpy(), g5.state.numpy())
    g6 = tf.random.Generator.from_state([-1, -1, 3], alg=1)
    print(g6.normal([2]).numpy(), g6.state.numpy())
    print(repr(g.key))
    g.reset_from_seed(1)
    print(g.state.numpy(), g.normal([3]).numpy())
    g.reset([5, 6, 7])
    print(g.state.numpy())
    print(repr(g.skip(10)), g.state.numpy())
    g7 = tf.random.Generator.from_key_counter(key=4, counter=[1, 2], alg='philox')
    print(g7.state.numpy(), g7.uniform([1]).numpy())
    nd = tf.random.Generator.from_non_deterministic_state()
    print(nd.state.shape, nd.state.dtype, nd.normal([2, 2]).shape)
    print(repr(tf.random.create_rng_state(7, 'philox')))
""")

_s("gradients", """
    lo, hi = tf.Variable(1.0), tf.Variable(3.0)
    mean, std = tf.Variable(0.5), tf.Variable(2.0)
    tf.random.set_seed(2)
    with tf.GradientTape(persistent=True) as tape:
        u = tf.random.uniform([4], minval=lo, maxval=hi, seed=1)
        n = tf.random.normal([4], mean=mean, stddev=std, seed=1)
        t = tf.random.truncated_normal([4], mean=mean, stddev=std, seed=1)
        s = tf.random.stateless_uniform([4], seed=[1, 2], minval=lo, maxval=hi)
        m = tf.random.uniform([3], maxval=hi, seed=1)
    print(tape.gradient(u, [lo, hi]))
    print(tape.gradient(n, [mean, std]))
    print(tape.gradient(t, [mean, std]))
    print(tape.gradient(s, [lo, hi]))
    print(tape.gradient(m, hi))
""")

_errs("errors",
      "tf.random.uniform([-1])",
      "tf.random.uniform([[2]])",
      "tf.random.uniform(3)",
      "tf.random.uniform((), dtype=tf.int32)",
      "tf.random.uniform((), dtype=tf.int32, maxval=0)",
      "tf.random.uniform((2,), dtype=tf.int32, minval=[1, 2], maxval=5)",
      "tf.random.uniform((), dtype=tf.uint8, maxval=5)",
      "tf.random.normal((2,), dtype=tf.int32)",
      "tf.random.normal((2,), mean=[1., 2., 3.])",
      "tf.random.truncated_normal((2,), dtype=tf.complex64)",
      "tf.random.normal((2,), dtype=tf.complex64)",
      "tf.random.categorical([1., 2.], 2)",
      "tf.random.categorical([[1, 2]], 2, seed=3)",
      "tf.random.categorical([[1., 2.]], 2, dtype=tf.int16)",
      "tf.random.categorical([[1., 2.]], -1)",
      "tf.random.categorical(tf.zeros([2, 0]), 2)",
      "tf.random.stateless_uniform([2], seed=[1])",
      "tf.random.stateless_uniform([2], seed=[1, 2, 3])",
      "tf.random.stateless_uniform([2], seed=[1., 2.])",
      "tf.random.stateless_uniform([2], seed=[1, 2], alg='threefry')",
      "tf.random.stateless_uniform([2], seed=[1, 2], alg='foo')",
      "tf.random.stateless_uniform([2], seed=[1, 2], alg=5)",
      "tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32, maxval=3)",
      "tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.uint32, minval=0, maxval=3)",
      "tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32, minval=3, maxval=3)",
      "tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int8)",
      "tf.random.stateless_normal([2], seed=[1, 2], dtype=tf.complex64)",
      "tf.random.Generator.from_seed(1).uniform([2], dtype=tf.int32, maxval=3)",
      "tf.random.Generator.from_seed(1, alg='threefry').normal([2])",
      "tf.random.Generator.from_state([1, 2], alg='philox')",
      )

# -- gamma, Poisson, binomial: TF's rejection samplers ---------------------------------------

_s("gamma_values", """
    tf.random.set_seed(1)
    print(repr(tf.random.gamma([5], 0.5, seed=3)))
    print(repr(tf.random.gamma([5], 2.5, seed=3)))
    print(repr(tf.random.gamma([5], 2.5, seed=3)))
    print(repr(tf.random.gamma([3], [1.0, 0.25], dtype=tf.float64, seed=3)))
    print(repr(tf.random.gamma([2, 2], [[0.7], [4.0]], beta=[1.0, 2.0], seed=4)))
    for dt in [tf.float16, tf.float32, tf.float64]:
        print(repr(tf.random.gamma([4], [0.1, 1.0, 9.0], dtype=dt, seed=5)))
    print(repr(tf.random.gamma([3], 1e-3, seed=6)))
    print(repr(tf.random.gamma([3], 250.0, beta=0.5, seed=6)))
    print(repr(tf.random.gamma([0], 1.0)), repr(tf.random.gamma([2], [])))
    x = tf.random.gamma([2, 3], [1.0, 2.0])
    print(x.shape, x.dtype)
    tf.random.set_seed(7)
    print(tf.random.gamma([3], 2.0).numpy(), tf.random.gamma([3], 2.0).numpy())
""")

_s("poisson_values", """
    tf.random.set_seed(1)
    print(repr(tf.random.poisson([6], [1.5, 30.0], seed=3)))
    print(repr(tf.random.poisson([6], [1.5, 30.0], seed=3)))
    print(repr(tf.random.poisson([2, 3], 4.0, dtype=tf.int32, seed=2)))
    print(repr(tf.random.poisson([3], [0.0, -1.0, 9.99, 10.0, 1000.0], dtype=tf.int64, seed=2)))
    for dt in [tf.float16, tf.float64, tf.int32]:
        print(repr(tf.random.poisson([3], tf.cast([2.0, 50.0], dt), seed=9)))
    print(repr(tf.random.poisson([4], [2, 7], seed=9)))
    print(repr(tf.random.poisson([0], [1.0])))
""")

_s("stateless_samplers", """
    s = [1, 2]
    print(repr(tf.random.stateless_gamma([5], s, 0.5)))
    print(repr(tf.random.stateless_gamma([5], s, 1.0)))
    print(repr(tf.random.stateless_gamma([5], tf.constant([-3, 2**40], tf.int64), 2.5)))
    print(repr(tf.random.stateless_gamma([5, 2], s, [0.5, 3.0], beta=[2.0, 1.0],
                                         dtype=tf.float16)))
    print(repr(tf.random.stateless_gamma([4, 3], [7, 8], [0.2, 1.0, 30.0], dtype=tf.float64)))
    print(repr(tf.random.stateless_gamma([2, 0], s, tf.zeros([0]))))
    print(repr(tf.random.stateless_poisson([6, 2], s, [1.5, 30.0])))
    print(repr(tf.random.stateless_poisson([4], [3, 4], 12.0, dtype=tf.float32)))
    print(repr(tf.random.stateless_poisson([3, 2], [3, 4], tf.constant([1, 40]),
                                           dtype=tf.float16)))
    print(repr(tf.random.stateless_poisson([3], [3, 4], tf.constant(5.0, tf.float64),
                                           dtype=tf.int64)))
    print(repr(tf.random.stateless_binomial([6, 2], s, [10., 100.], [0.3, 0.6])))
    print(repr(tf.random.stateless_binomial([6, 2], s, [10., 100.], [0.7, 0.2])))
    print(repr(tf.random.stateless_binomial([5], s, 10, 0.5)))
    print(repr(tf.random.stateless_binomial([4, 3], s, [0., 5., 7.], [0.5, 1.5, np.nan],
                                            output_dtype=tf.float32)))
    print(repr(tf.random.stateless_binomial([3], [3, 4], 1000., 0.999, output_dtype=tf.float64)))
    print(repr(tf.random.stateless_binomial([3], [3, 4], tf.constant(30., tf.float16),
                                            tf.constant(0.4, tf.float16), output_dtype=tf.int64)))
    print(repr(tf.random.stateless_binomial([2, 2, 3], s, [[5.], [80.]],
                                            tf.constant([0.1, 0.5, 0.9], tf.float64))))
    print(repr(tf.random.stateless_binomial([0, 2], s, [1., 2.], 0.5)))
""")

_s("generator_binomial", """
    g = tf.random.Generator.from_seed(1)
    print(repr(g.binomial([4, 2], [10., 100.], [0.3, 0.6])), g.state.numpy())
    print(repr(g.binomial([3], 20., 0.9, dtype=tf.float32)), g.state.numpy())
    print(repr(g.binomial([2, 3], tf.constant([4., 40., 400.], tf.float64),
                          tf.constant(0.25, tf.float64), dtype=tf.int64)), g.state.numpy())
    print(repr(g.binomial([0], 10., 0.5)), g.state.numpy())
    print(hasattr(g, 'gamma'), hasattr(g, 'poisson'))
""")

_s("sampler_gradients", """
    alpha, beta = tf.Variable([0.5, 2.0]), tf.Variable(1.5)
    tf.random.set_seed(3)
    with tf.GradientTape(persistent=True) as tape:
        g = tf.random.gamma([3], alpha, beta=beta, seed=2)
        sg = tf.random.stateless_gamma([3, 2], [4, 5], alpha, beta=beta)
        loss = tf.reduce_sum(g * g)
    print(g.numpy(), sg.numpy())
    print(tape.gradient(g, alpha), tape.gradient(g, beta))
    print(tape.gradient(loss, [alpha, beta]))
    print(tape.gradient(sg, [alpha, beta]))
    a64 = tf.Variable(3.0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        y = tf.random.stateless_gamma([4], [1, 1], a64, dtype=tf.float64)
    print(y.numpy(), tape.gradient(y, a64))
    lam = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        sp = tf.random.stateless_poisson([3], [1, 2], lam, dtype=tf.float32)
        sb = tf.random.stateless_binomial([3], [1, 2], 10., lam / 10, output_dtype=tf.float32)
    print(tape.gradient(sp, lam), tape.gradient(sb, lam))
    with tf.GradientTape() as tape:
        p = tf.random.poisson([3], lam, seed=1)
    try:
        print(tape.gradient(p, lam))
    except Exception as e:
        print(type(e).__name__, e)
""")

_s("samplers_in_function", """
    @tf.function
    def f(alpha, lam):
        g = tf.random.stateless_gamma([3], [1, 2], alpha)
        p = tf.random.stateless_poisson([3], [1, 2], lam)
        b = tf.random.stateless_binomial([3], [1, 2], 20., 0.3)
        return g, p, b
    for r in f(tf.constant(0.5), tf.constant(4.0)):
        print(repr(r))
    for r in f(tf.constant(3.0), tf.constant(40.0)):
        print(repr(r))
    tf.random.set_seed(5)
    @tf.function
    def h():
        return tf.random.gamma([2], [0.5, 5.0], seed=1), tf.random.poisson([3], 7.0, seed=1)
    print([x.numpy() for x in h()])
    gen = tf.random.Generator.from_seed(3)
    @tf.function
    def k(p):
        return gen.binomial([2], 50., p)
    print(k(tf.constant(0.5)).numpy(), k(tf.constant(0.5)).numpy(), gen.state.numpy())
    @tf.function
    def grad(alpha):
        with tf.GradientTape() as tape:
            tape.watch(alpha)
            y = tf.random.stateless_gamma([2, 2], [1, 2], alpha)
        return y, tape.gradient(y, alpha)
    print([x.numpy() for x in grad(tf.constant([0.5, 3.0]))])
""")

_errs("sampler_errors",
      "tf.random.gamma([2], 1.0, dtype=tf.int32)",
      "tf.random.gamma([2], 1, dtype=tf.int32)",
      "tf.random.gamma([2], 1.0, dtype=tf.bfloat16)",
      "tf.random.gamma([-1], 1.0)",
      "tf.random.gamma([2], [1.0, 2.0], beta=[1.0, 2.0, 3.0])",
      "tf.random.poisson([2], 1.0, dtype=tf.bfloat16)",
      "tf.random.poisson([2], tf.constant(1.0, tf.bfloat16))",
      "tf.random.stateless_gamma([5], [1], 0.5)",
      "tf.random.stateless_gamma([5], [1, 2], [0.5, 1.0])",
      "tf.random.stateless_gamma([5], [1., 2.], 0.5)",
      "tf.random.stateless_gamma([5], [1, 2], 0.5, dtype=tf.bfloat16)",
      "tf.random.stateless_poisson([5], [1], 0.5)",
      "tf.random.stateless_poisson([5], [1., 2.], 0.5)",
      "tf.random.stateless_poisson([5], [1, 2], [0.5, 1.0])",
      "tf.random.stateless_poisson([5], [1, 2], 0.5, dtype=tf.bfloat16)",
      "tf.random.stateless_poisson([5], [1, 2], tf.constant(0.5, tf.bfloat16))",
      "tf.random.stateless_binomial([5], [1], 10., 0.5)",
      "tf.random.stateless_binomial([5], [1, 2], [10., 20.], 0.5)",
      "tf.random.stateless_binomial([5], [1, 2], 10., [0.5, 0.2, 0.1])",
      "tf.random.stateless_binomial([5, 2], [1, 2], [10., 20.], [[0.5], [0.2]])",
      "tf.random.stateless_binomial([5], [1, 2], tf.constant(10), tf.constant(0.5))",
      "tf.random.stateless_binomial([5], [1, 2], 10., 0.5, output_dtype=tf.int8)",
      "tf.random.Generator.from_seed(1).binomial([2], 10., tf.constant(0.5, tf.float64))",
      "tf.random.Generator.from_seed(1).binomial([2], 10., [0.5, 0.1, 0.2])",
      "tf.random.Generator.from_seed(1, alg='threefry').binomial([2], 10., 0.5)",
      )


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

from harness import Tolerance

_F64 = "float64 libm rounding and summation order: XLA's float64 transcendental and matmul results are within a few ulps of glibc's/Eigen's, which TF uses"
_KERN = "float32 math kernels: TF's Eigen functions (vectorised for the CPU at hand) and XLA's polynomials differ in the last ulps"

TOLERANCE = {
    'sampler_gradients': Tolerance(_KERN + '; ' + _F64, rtol=5e-07, float64_ulps=4),
}

_s("stateful_ops_in_nested_function", """
    tf.random.set_seed(4)
    @tf.function
    def inner(x):
        return x + tf.random.uniform([2], seed=3)
    @tf.function
    def outer(x):
        return inner(x) * 2.0
    print(outer(tf.zeros(2)).numpy(), outer(tf.zeros(2)).numpy())
    print(inner(tf.zeros(2)).numpy(), outer(tf.zeros(2)).numpy())
    @tf.function
    def outer_tape(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = inner(x) * x
        return y, tape.gradient(y, x)
    print([r.numpy() for r in outer_tape(tf.ones(2))], [r.numpy() for r in outer_tape(tf.ones(2))])
    @tf.function
    def unseeded(x):
        return tf.random.normal([3]) + x
    @tf.function
    def calls_unseeded(x):
        return unseeded(x)
    a, b = calls_unseeded(tf.zeros(3)), calls_unseeded(tf.zeros(3))
    print(a.shape, bool(tf.reduce_all(a == b)))
""")

_s("tf2_initializers", """
    i = tf.random_normal_initializer(mean=1., stddev=2., seed=3)
    print(repr(i((2, 2))), repr(i((2, 2), dtype=tf.float64)), i.get_config())
    tf.random.set_seed(1)
    print(repr(tf.random_normal_initializer()((2,))), repr(tf.random_uniform_initializer()((2,))))
    print(repr(tf.random_uniform_initializer(-1, 1, seed=2)((3,))))
    print(repr(tf.random_uniform_initializer(0, 10, seed=2)((3,), dtype=tf.int32)))
    print(repr(tf.zeros_initializer()((2,))), repr(tf.ones_initializer()((2,), tf.bool)))
    print(repr(tf.constant_initializer([1, 2, 3, 4])((2, 2))))
    print(repr(tf.constant_initializer(3)((2,), tf.int32)), repr(tf.ones_initializer()([2], partition_shape=[1])))
    print(tf.random_uniform_initializer.from_config({"minval": 0, "maxval": 2, "seed": 1, "dtype": "x"}).get_config())
    v = tf.Variable(tf.random_normal_initializer(seed=1)(shape=[3]))
    print(v.numpy())
    for call in (lambda: tf.random_normal_initializer()((2,), tf.int32),
                 lambda: tf.zeros_initializer()((2,), tf.string),
                 lambda: tf.random_uniform_initializer()((2,), tf.bool),
                 lambda: tf.ones_initializer()((2,), foo=1),
                 lambda: tf.constant_initializer(object()),
                 lambda: tf.constant_initializer(1)((2,), partition_shape=[1]),
                 lambda: tf.constant_initializer([1, 2, 3])((2,))):
        try:
            print(call())
        except Exception as e:
            print(type(e).__name__, e)
""")

_s("function_run_eagerly_draws_as_its_graph", """
    # tfcompat runs this function's calls eagerly (unicode_split's shape depends on the
    # values); its random ops still draw as the ops of TF's graph do: op seeds 0, 1 ...,
    # streams of their own that go on from call to call (two ops with one seed each have
    # theirs), each trace its own, and the eager op-seed sequence is left alone.
    tf.random.set_seed(3)
    logits = tf.math.log([[0.1, 0.2, 0.3, 0.4]] * 2)
    @tf.function
    def f(s, l):
        chars = tf.strings.unicode_split(s, "UTF-8")
        return (tf.random.categorical(l, 4), tf.random.uniform([2], seed=7),
                tf.random.uniform([2], seed=7), tf.random.normal([2]), chars.row_lengths())
    for s in (["héllo", "ab"], ["héllo", "ab"], ["a"], ["a"], ["xyz", "b"]):
        print([t.numpy().tolist() for t in f(tf.constant(s), logits)])
    print(tf.random.uniform([2]).numpy(), tf.random.uniform([2], seed=7).numpy())
    tf.random.set_seed(3)
    print(f(tf.constant(["héllo", "ab"]), logits)[0].numpy().tolist())
""")

_s("function_random_ops_restart_after_set_seed", """
    # tf.random.set_seed clears TF's kernel cache: a traced function's stateful random
    # ops start their streams again, with the seeds of their trace (no retrace).
    tf.random.set_seed(3)
    @tf.function
    def f(x):
        return tf.random.uniform([2]) + x, tf.random.normal([1], seed=5)
    print(f(0.), f(0.))
    tf.random.set_seed(3)
    print(f(0.), f(0.), f.experimental_get_tracing_count())
    tf.random.set_seed(4)
    print(f(0.), f(1.), f.experimental_get_tracing_count())
    print(tf.random.uniform([2]))
""")

_s("fills_across_chunks_and_empty_shapes", """
# Eager random fills of many shapes (tfcompat runs them in chunks of one kernel's size,
# 65,536 values, and keeps the first ones): TF's values on both sides of a chunk's end,
# for each kernel and dtype; empty shapes give empty tensors.
np.set_printoptions(precision=8)
def ends(t):
    v = t.numpy().reshape(-1)
    return v[[0, 65535, 65536, -1]].tolist() if v.size > 65536 else v[[0, -1]].tolist()
for dtype in (tf.float32, tf.float64, tf.float16, tf.bfloat16):
    for name, fn in (("uniform", tf.random.stateless_uniform),
                     ("normal", tf.random.stateless_normal),
                     ("truncated", tf.random.stateless_truncated_normal)):
        print(name, dtype.name, ends(fn((70001,), seed=(1, 2), dtype=dtype)),
              ends(fn((3, 5), seed=(1, 2), dtype=dtype)))
for dtype in (tf.int32, tf.int64):
    print(dtype.name, ends(tf.random.stateless_uniform((70001,), (3, 4), -5, 1000, dtype)),
          ends(tf.random.stateless_uniform((70001,), (3, 4), None, None, dtype)))
tf.random.set_seed(11)
print(ends(tf.random.truncated_normal((300, 300), seed=3)),
      ends(tf.random.truncated_normal((300, 300), seed=3)), ends(tf.random.normal((7,))))
g = tf.random.Generator.from_seed(5)
print(ends(g.truncated_normal((70000,))), ends(g.normal((9,))), ends(g.uniform((70000,))))
@tf.function
@tf.autograph.experimental.do_not_convert
def empty():
    return tf.random.stateless_truncated_normal((2, 0), (1, 2))
for f in (lambda: tf.random.stateless_truncated_normal((0,), seed=(1, 2)),
          lambda: tf.random.truncated_normal((2, 0)),
          lambda: g.truncated_normal((0, 3)), empty):
    print(repr(f()))
""")


_s("random_experimental_namespace", """
# tf.random.experimental: index_shuffle (a [2] seed padded to RandomIndexShuffle's [3]),
# stateless_shuffle, stateless_fold_in/split, the Generator names; gradients TF has no
# entry for (StatelessShuffle, Bitcast, DenseBincount) raise its LookupError.
from tensorflow.random import experimental as rx
e = tf.random.experimental
print(rx is e, sorted(n for n in dir(e) if not n.startswith("_")))
print(e.index_shuffle(index=tf.range(4), seed=[5, 9], max_index=3))
@tf.autograph.experimental.do_not_convert
def position(idx):
    return e.index_shuffle(idx, [5, 8], 9)
print([a.item() for a in tf.data.Dataset.range(10).map(position).as_numpy_iterator()])
print(e.index_shuffle(3, tf.constant([7, 8], tf.uint32), 10))
print(e.stateless_shuffle(tf.range(6), seed=[1, 2]),
      e.stateless_shuffle(tf.reshape(tf.range(6.), [3, 2]), seed=[3, 4], alg="philox"))
print(e.stateless_fold_in([1, 2], 3), e.stateless_split([1, 2], 3))
print(e.stateless_fold_in is tf.random.fold_in, e.Generator is tf.random.Generator,
      e.Algorithm is tf.random.Algorithm)
print(e.create_rng_state(5, "philox"), e.get_global_generator() is tf.random.get_global_generator())
print(e.index_shuffle.__name__, e.stateless_shuffle.__name__, e.stateless_split.__name__)
@tf.function
def shuffled(i):
    return e.index_shuffle(i, [1, 2], 99)
print(shuffled(tf.constant(7)))
for f in (lambda: e.index_shuffle(1, [1, 2, 3], 3),
          lambda: e.index_shuffle(tf.constant([0, 1], tf.int64), [[1, 2], [3, 4]], tf.constant([5, 5], tf.int64))):
    try:
        print(f())
    except Exception as ex:
        print(type(ex).__name__, ex)
v = tf.Variable([1., 2., 3.])
for f in (lambda: e.stateless_shuffle(v, [1, 2]), lambda: tf.bitcast(v, tf.float32),
          lambda: tf.math.bincount([0, 1, 1], weights=v),
          lambda: tf.math.bincount([[0, 1, 1]], weights=[v], axis=-1)):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(f())
    try:
        print(t.gradient(y, v))
    except LookupError as ex:
        print("LookupError", ex)
with tf.GradientTape() as t:
    y = tf.reduce_sum(tf.math.confusion_matrix([0, 1, 1], [1, 1, 0], weights=v * v,
                                               dtype=tf.float32) * [[1., 2.], [3., 4.]])
print(t.gradient(y, v))
with tf.GradientTape() as t:
    y = tf.reduce_sum(tf.cast(tf.bitcast(v, tf.int32), tf.float32))
print(t.gradient(y, v), tf.bitcast(v, tf.float32))
# a list of Variables converts as a Pack of their reads, on the tape
w = tf.Variable([1., 1., 1.])
for f in (lambda: tf.convert_to_tensor([v, v]), lambda: tf.convert_to_tensor((v, w)),
          lambda: tf.add([v, v], 0.), lambda: tf.reduce_sum([[v], [w]], axis=[0, 1])):
    with tf.GradientTape() as t:
        y = tf.reduce_sum(f())
    print([None if g is None else g.numpy().tolist() for g in t.gradient(y, [v, w])])
""")
