"""Core benchmarks for tfcompat (issue 2), measured in one run on one machine.

    .venv/bin/python bench/bench_core.py                      # tfcompat vs jnp and vs TF eager
    .venv/bin/python bench/bench_core.py --tf-python /path/to/python-with-tensorflow
    /tmp/tfref/bin/python bench/bench_core.py --emit-json     # TF side only, prints JSON

Workloads (the same code runs under both frameworks: each takes the `tf` module):

  a. dispatch: 100 chained `y = tf.multiply(y, c)` on a float32 scalar, against the
     same chain with plain `jnp.multiply` on JAX arrays (eager, no jit).  Target <= 1.3x.
  b. tape:     `with GradientTape: y = x*x; z = reduce_sum(y*y)`; `gradient(z, x)` on a
     100-element float32 vector, against TF eager.  Target <= 0.5x.
  c. mlp:      one 784-128-10 MLP training step, batch 32 (GradientTape, softmax cross
     entropy, `assign_sub(0.01 * g)` on the four Variables), against TF eager.
     Target <= 0.5x.

Every step ends by reading a small result back to NumPy (`.numpy()`), so asynchronous
dispatch cannot hide work.  Timing: warm-up calls, then `--repeats` timeit-style loops
(each about `--min-time` seconds long); the median per-iteration time is reported.
What is timed is checked: the first 5 steps of each side (fresh setup) must agree
within the tolerance the table states, and c.'s loss must decrease over them.
`--strict` exits 1 unless every row was measured (the TF side too) and passed.

TF timings come from running this same script with the TF interpreter in
`--emit-json` mode (`--tf-python`; default $TFREF_PYTHON, else /tmp/tfref/bin/python
if it exists; without one the TF columns are skipped).
"""
import sys
import time

import numpy as np

import _harness as H

CHAIN = 100  # ops in the dispatch chain


# ----------------------------------------------------------------------------
# Workloads.  Each factory does its setup and returns a step function; a step
# returns a Python float read back from the device.  The values of the first
# H.CHECK_STEPS steps are compared between the two sides (and a training step's
# loss must decrease over them), so both are known to compute the same thing.

def dispatch_chain(tf):
    """100 chained tf.multiply on a float32 scalar; c is a tensor."""
    y0 = tf.constant(1.0)
    c = tf.constant(1.0001)

    def step():
        y = y0
        for _ in range(CHAIN):
            y = tf.multiply(y, c)
        return float(y.numpy())
    return step


def dispatch_chain_jnp(_tf=None):
    """The same chain with plain jnp.multiply on JAX arrays (eager, no jit)."""
    import jax.numpy as jnp
    y0 = jnp.asarray(1.0, dtype=jnp.float32)
    c = jnp.asarray(1.0001, dtype=jnp.float32)

    def step():
        y = y0
        for _ in range(CHAIN):
            y = jnp.multiply(y, c)
        return float(np.asarray(y))
    return step


def tape_step(tf):
    """y = x*x; z = reduce_sum(y*y); dz/dx on a 100-vector of ones."""
    x = tf.constant(np.ones(100, np.float32))

    def step():
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
            z = tf.reduce_sum(y * y)
        g = t.gradient(z, x)
        return float(g.numpy().sum())
    return step


@H.trains
def mlp_step(tf):
    """One training step of a 784-128-10 MLP, batch 32, eager (returns the loss it
    computed, before its update)."""
    rng = np.random.default_rng(0)
    W1 = tf.Variable((rng.standard_normal((784, 128)) * 0.05).astype(np.float32), name="W1")
    b1 = tf.Variable(np.zeros(128, np.float32), name="b1")
    W2 = tf.Variable((rng.standard_normal((128, 10)) * 0.05).astype(np.float32), name="W2")
    b2 = tf.Variable(np.zeros(10, np.float32), name="b2")
    params = [W1, b1, W2, b2]
    x = tf.constant(rng.uniform(0.0, 1.0, (32, 784)).astype(np.float32))
    labels = tf.constant(np.eye(10, dtype=np.float32)[rng.integers(0, 10, 32)])

    def step():
        with tf.GradientTape() as tape:
            hidden = tf.nn.relu(tf.matmul(x, W1) + b1)
            logits = tf.matmul(hidden, W2) + b2
            probs = tf.nn.softmax(logits)
            loss = -tf.reduce_mean(tf.reduce_sum(labels * tf.math.log(probs), axis=1))
        grads = tape.gradient(loss, params)
        for v, g in zip(params, grads):
            v.assign_sub(0.01 * g)
        return float(loss.numpy())
    return step


WORKLOADS = {
    "dispatch": dispatch_chain,
    "dispatch_jnp": dispatch_chain_jnp,
    "tape": tape_step,
    "mlp": mlp_step,
}

# (label, tfcompat workload, baseline side, baseline workload, target ratio)
ROWS = [
    ("a. dispatch: 100 chained tf.multiply (scalar)", "dispatch", "jnp", "dispatch_jnp", 1.3),
    ("b. tape step: x*x, reduce_sum, gradient", "tape", "tf", "tape", 0.5),
    ("c. MLP 784-128-10 train step, batch 32", "mlp", "tf", "mlp", 0.5),
]


TFC_NAMES = ["dispatch", "tape", "mlp"]


def main(argv=None):
    opts = H.make_parser(__doc__).parse_args(argv)
    if opts.emit_json:
        return H.emit_json(TFC_NAMES, WORKLOADS, opts)

    t_start = time.perf_counter()
    errors = []
    ours, ours_ver = H.run_ours(["dispatch_jnp"], TFC_NAMES, WORKLOADS, opts, errors)
    # jnp baseline lives in the tfcompat process (JAX is not in the TF venv).
    base = {"jnp": {"dispatch_jnp": ours.get("dispatch_jnp")}}
    base["tf"], tf_note = H.tf_side(__file__, opts)

    H.print_header("bench_core", ours_ver, opts, tf_note)
    table = H.print_table(ROWS, ours, base, errors)
    tfd = base["tf"].get("dispatch")
    if tfd and "error" not in tfd:
        print(f"\n(for reference, TF eager dispatch chain: {H.fmt_us(tfd)} us, "
              f"{tfd['us'] / CHAIN:.2f} us/op)")
    d = ours.get("dispatch")
    if d and "error" not in d:
        print(f"(tfcompat dispatch chain: {d['us'] / CHAIN:.2f} us/op)")
    return H.finish(opts, table, errors, t_start, tf_note)


if __name__ == "__main__":
    sys.exit(main())
