"""Golden snippets: tf.random's candidate samplers (TF's seeded Philox streams: the
sampled candidates exactly, the expected counts), tf.nn.compute_accidental_hits, and
tf.nn.nce_loss / sampled_softmax_loss (values and gradients, with explicit
sampled_values and with their own samplers), eagerly and in tf.function."""
from harness import Tolerance
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
np.set_printoptions(precision=5, suppress=True)
tc = tf.constant([[1, 2], [3, 4], [0, 5]], tf.int64)
def show(r):
    print(type(r).__name__, r[0].numpy(), r[1].numpy().round(5).tolist(), r[2].numpy().round(5).tolist())
""")
_s = SNIPPETS.add

for _fn, _kw in [("uniform", "range_max=10"), ("uniform", "range_max=16"),
                 ("log_uniform", "range_max=10"), ("log_uniform", "range_max=1000"),
                 ("fixed_unigram", "range_max=10, unigrams=[1., 2, 3, 4, 5, 6, 7, 8, 9, 10]"),
                 ("fixed_unigram", "range_max=6, unigrams=[1., 2, 3, 4, 5, 6, 7, 8, 9, 10], "
                                   "distortion=0.75, num_reserved_ids=2, num_shards=2, shard=1"),
                 ("learned_unigram", "range_max=10")]:
    _s(f"{_fn}_{_kw.split(',')[0].split('=')[1]}{'_shard' if 'shard' in _kw else ''}", f"""
        tf.random.set_seed(1)
        for unique in (True, False):
            show(tf.random.{_fn}_candidate_sampler(tc, 2, 5, unique, seed=3, {_kw}))
            show(tf.random.{_fn}_candidate_sampler(tc, 2, 5, unique, seed=3, {_kw}))
        print(tf.random.{_fn}_candidate_sampler(tc, 2, 4, True, {_kw})[0].numpy())
        print(tf.random.{_fn}_candidate_sampler(tc, 2, 4, False, {_kw})[0].numpy())
    """)

_s("all_candidates", """
    show(tf.random.all_candidate_sampler(tc, 2, 6, True, seed=1))
    show(tf.nn.all_candidate_sampler(tc, 2, 3, False))
""")

_s("expected_counts_in_float_math", """
    # 1 - (1 - p)^tries: each of log1p, the product and expm1 rounded to float32, as
    # TF's kernel computes it (full float32 digits printed).
    tf.random.set_seed(None)
    labels = tf.constant([[3], [8], [2], [28], [0], [9], [6]], tf.int64)
    for seed in (2, 6, 9):
        s = tf.random.log_uniform_candidate_sampler(labels, 1, 6, True, 50, seed=seed)
        print(s[0].numpy().tolist(), s[1].numpy().ravel().tolist(), s[2].numpy().tolist())
""")

_s("op_seed_only", """
    tf.random.set_seed(None)
    show(tf.random.uniform_candidate_sampler(tc, 2, 5, True, 20, seed=7))
    show(tf.random.log_uniform_candidate_sampler(tc, 2, 5, False, 20, seed=7))
""")

_s("samplers_in_function", """
    tf.random.set_seed(2)
    @tf.function
    def f():
        return (tf.random.uniform_candidate_sampler(tc, 2, 4, True, 50, seed=1),
                tf.random.log_uniform_candidate_sampler(tc, 2, 4, True, 50),
                tf.random.fixed_unigram_candidate_sampler(tc, 2, 3, False, 6, unigrams=[1., 2, 3, 4, 5, 6]))
    for r in f() + f():
        show(r)
""")

_s("sampler_in_loop", """
    tf.random.set_seed(3)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int64, size=3)
        for i in tf.range(n):
            ta = ta.write(i, tf.random.uniform_candidate_sampler(tc, 2, 4, True, 100, seed=4)[0])
        return ta.stack()
    print(sorted(f(tf.constant(3)).numpy().tolist()))
""")

_s("sampler_errors", """
    for call in ["tf.random.uniform_candidate_sampler(tc, 3, 2, True, 10)",
                 "tf.random.uniform_candidate_sampler(tc, 2, 20, True, 10)",
                 "tf.random.uniform_candidate_sampler(tc, 2, 2, True, 4)",
                 "tf.random.uniform_candidate_sampler(tc, 2, 2, True, 0)",
                 "tf.random.uniform_candidate_sampler(tf.constant([1, 2], tf.int64), 1, 2, True, 10)",
                 "tf.random.fixed_unigram_candidate_sampler(tc, 2, 2, True, 7, unigrams=[1., 2, 3, 4, 5, 6])",
                 "tf.random.fixed_unigram_candidate_sampler(tc, 2, 2, True, 7)"]:
        try:
            eval(call)
        except Exception as e:
            print(type(e).__name__, e)
""")

_s("accidental_hits", """
    r = tf.nn.compute_accidental_hits(tc, tf.constant([4, 1, 4, 7, 5], tf.int64), 2)
    print(r)
    print(tf.nn.compute_accidental_hits(tc, tf.constant([8, 9], tf.int64), 2))
""")

_LOSS_PRELUDE = SNIPPETS.prelude + """\
rng = np.random.RandomState(0)
W = tf.Variable(rng.randn(10, 4).astype(np.float32))
b = tf.Variable(rng.randn(10).astype(np.float32))
x = tf.constant(rng.randn(3, 4).astype(np.float32))
labels1 = tf.constant([[1], [3], [7]], tf.int64)
labels2 = tf.constant([[1, 2], [3, 4], [7, 0]], tf.int64)
sv1 = (tf.constant([2, 3, 5, 3], tf.int64), tf.constant([[0.5], [0.25], [0.75]]),
       tf.constant([0.1, 0.2, 0.3, 0.4]))
sv2 = (tf.constant([2, 3, 5, 3], tf.int64), tf.constant([[0.5, 0.3], [0.25, 0.6], [0.75, 0.1]]),
       tf.constant([0.1, 0.2, 0.3, 0.4]))
def run(fn, labels, sv, num_true, rah):
    with tf.GradientTape() as tape:
        loss = fn(W, b, labels=labels, inputs=x, num_sampled=4, num_classes=10,
                  num_true=num_true, sampled_values=sv, remove_accidental_hits=rah)
    gW, gb = tape.gradient(loss, [W, b])
    print(fn.__name__, num_true, rah, loss.numpy())
    print(type(gW).__name__, gW.indices.numpy(), tf.convert_to_tensor(gW).numpy())
    print(gb.numpy() if hasattr(gb, 'numpy') else tf.convert_to_tensor(gb).numpy())
"""
_loss = SNIPPETS.adder(_LOSS_PRELUDE)

for _name in ("nce_loss", "sampled_softmax_loss"):
    _loss(f"{_name}_given_samples", f"""
        for rah in (False, True):
            run(tf.nn.{_name}, labels1, sv1, 1, rah)
            run(tf.nn.{_name}, labels2, sv2, 2, rah)
    """)

_loss("losses_own_sampler", """
    tf.random.set_seed(4)
    print(tf.nn.sampled_softmax_loss(W, b, labels1, x, 3, 10, seed=2).numpy())
    print(tf.nn.nce_loss(W, b, labels1, x, 3, 10).numpy())
    print(tf.nn.sampled_softmax_loss(W, b, labels2, x, 3, 10, num_true=2).numpy())
    print(tf.nn.nce_loss(W, b, labels2, x, 3, 10, num_true=2, remove_accidental_hits=True).numpy())
""")

_loss("losses_in_function", """
    tf.random.set_seed(5)
    @tf.function
    def f():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.sampled_softmax_loss(W, b, labels1, x, 3, 10, seed=2))
            loss += tf.reduce_sum(tf.nn.nce_loss(W, b, labels2, x, 3, 10, num_true=2))
        return loss, tape.gradient(loss, [W, b])
    for _ in range(2):
        loss, (gW, gb) = f()
        print(loss.numpy(), tf.convert_to_tensor(gW).numpy(), gb.numpy() if hasattr(gb, 'numpy') else tf.convert_to_tensor(gb).numpy())
""")

_SUM = ("float32 summation order: TF's Eigen/oneDNN matmuls and reductions order their sums "
        "by the CPU's vector width, XLA by its own")

TOLERANCE = {
    "nce_loss_given_samples": Tolerance(_SUM, rtol=1e-06),
    "losses_in_function": Tolerance(_SUM, rtol=2e-07),
}
