"""Autodiff benchmarks for tfcompat (issue 3), measured in one run on one machine.

    .venv/bin/python bench/bench_autodiff.py                  # tfcompat vs TF eager
    .venv/bin/python bench/bench_autodiff.py --tf-python /path/to/python-with-tensorflow
    /tmp/tfref/bin/python bench/bench_autodiff.py --emit-json # TF side only, prints JSON

Workloads (the same code runs under both frameworks: each takes the `tf` module):

  a. mlp:     bench_core's 784-128-10 MLP eager training step, batch 32 (imported from
              bench_core.py), against TF eager.  Target <= 0.4x.
  b. one-off tape: a tape of 200 elementwise ops on a 10-element float32 vector x (a
              fixed pseudo-random sequence of sin, cos, exp, tanh, sigmoid, square, y*c,
              y+c, and every 10th op y+x, which adds the watched input back), then
              gradient().  EVERY iteration's op sequence differs from all earlier
              ones (12 positions of the sequence spell the iteration number in base 4,
              as one of sin/cos/tanh/sigmoid), so no tape structure ever repeats and
              nothing compiled for a whole tape can be reused.  Against TF eager.
              Target <= 2x.  The step returns the value and the gradient: each gradient
              element must be at least 1e-3 in magnitude, and equal TF's (without the
              y+x ops the contracting chain's gradient underflows to zero).
  c. hvp:     a Hessian-vector product with nested tapes on a 1,000-parameter function
              f(w) = sum(tanh(A @ w)**2), A 1000x1000 (w a (1000, 1) Variable): inner
              tape gradient, dot with v, outer tape gradient.  Against TF eager.
              Target <= 0.5x.

Every step ends by reading a small result back to NumPy (`.numpy()`).  Timing,
the TF subprocess, the checks (each side's first 5 steps agree within rtol=1e-3,
atol=1e-5 here: float32 through 200 chained transcendental ops; a.'s loss decreases)
and the table are bench/_harness.py's (see bench_core.py).
"""
import sys
import time

import numpy as np

import _harness as H
from bench_core import mlp_step

# ----------------------------------------------------------------------------
# b. One-off tapes.

N_OPS = 200
SIN, COS, EXP, TANH, SIGMOID, SQUARE, MUL, ADD, SKIP = range(9)
SQUASH = (SIN, COS, TANH, SIGMOID)       # bounded outputs
# Positions overwritten by the base-4 digits of the iteration number (4**12 sequences).
VARY_POS = [3 + 17 * k for k in range(12)]
# Positions that add the watched input back (`y + x`): the chain's derivative contracts
# (sigmoid' <= 1/4, |sin'|, |cos'|, tanh' <= 1, x*c with c < 1), so without them the
# gradient of x underflows to zero; with them it is the sum over these positions of the
# derivative of what follows each, non-zero and checked.
SKIP_POS = [p for p in range(6, N_OPS, 10) if p not in VARY_POS]
GRAD_MIN = 1e-3   # each gradient element's magnitude, at least (a check)


def _base_sequence():
    """A fixed pseudo-random op sequence with SKIP at SKIP_POS.  exp and square only
    follow a squashing op (sin/cos/tanh/sigmoid), so values stay small (|x| < 4)
    whatever the iteration."""
    rng = np.random.default_rng(1234)
    ops = []
    for k in range(N_OPS):
        if k in SKIP_POS:
            ops.append(SKIP)
            continue
        while True:
            op = int(rng.integers(0, 8))
            if op in (EXP, SQUARE) and (k == 0 or ops[-1] not in SQUASH):
                continue
            break
        ops.append(op)
    mul_c = rng.uniform(0.5, 1.0, N_OPS).astype(np.float32)
    add_c = rng.uniform(-0.5, 0.5, N_OPS).astype(np.float32)
    return ops, mul_c, add_c


def sequence_for(i, base):
    """Iteration i's op sequence: the base with the 12 VARY_POS positions set to the
    base-4 digits of i (as squashing ops, which keeps values bounded).  Distinct for
    every i < 4**12."""
    ops = list(base)
    for p in VARY_POS:
        ops[p] = SQUASH[i % 4]
        i //= 4
    return ops


def _gradient_checked(values):
    """Each checked step returns (z, dz/dx...): the gradient must be finite and each
    element at least GRAD_MIN in magnitude."""
    for k, (_z, *g) in enumerate(values):
        g = np.asarray(g)
        if not np.all(np.isfinite(g)) or np.min(np.abs(g)) < GRAD_MIN:
            return (f"step {k + 1}: gradient {np.array2string(g, precision=3)} not finite "
                    f"or below {GRAD_MIN:g}")
    return None


@H.verified(_gradient_checked)
def oneoff_tape(tf):
    """200 elementwise ops on a 10-vector under a tape, then gradient(); the op
    sequence is new on every call.  The step returns (z, *dz/dx)."""
    base, mul_c, add_c = _base_sequence()
    x = tf.constant(np.linspace(-1.0, 1.0, 10, dtype=np.float32))
    mul = [tf.constant(c) for c in mul_c]
    add = [tf.constant(c) for c in add_c]
    unary = {SIN: tf.sin, COS: tf.cos, EXP: tf.exp, TANH: tf.tanh,
             SIGMOID: tf.sigmoid, SQUARE: tf.square}
    counter = [0]

    def step():
        ops = sequence_for(counter[0], base)
        counter[0] += 1
        with tf.GradientTape() as t:
            t.watch(x)
            y = x
            for k, op in enumerate(ops):
                if op == MUL:
                    y = y * mul[k]
                elif op == ADD:
                    y = y + add[k]
                elif op == SKIP:
                    y = y + x
                else:
                    y = unary[op](y)
            z = tf.reduce_sum(y)
        g = t.gradient(z, x)
        return (float(z.numpy()), *g.numpy().tolist())
    return step


# ----------------------------------------------------------------------------
# c. Hessian-vector product.

def hvp_step(tf):
    """H @ v for f(w) = sum(tanh(A @ w)**2), 1,000 parameters, nested tapes."""
    n = 1000
    rng = np.random.default_rng(0)
    A = tf.constant((rng.standard_normal((n, n)) / np.sqrt(n)).astype(np.float32))
    w = tf.Variable((rng.standard_normal((n, 1)) * 0.5).astype(np.float32), name="w")
    v = tf.constant(rng.standard_normal((n, 1)).astype(np.float32))

    def step():
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                f = tf.reduce_sum(tf.square(tf.tanh(tf.matmul(A, w))))
            g = inner.gradient(f, w)
            gv = tf.reduce_sum(g * v)
        hv = outer.gradient(gv, w)
        return float(hv.numpy().sum())
    return step


WORKLOADS = {
    "mlp": mlp_step,
    "oneoff": oneoff_tape,
    "hvp": hvp_step,
}
TFC_NAMES = list(WORKLOADS)

ROWS = [
    ("a. MLP 784-128-10 eager train step, batch 32", "mlp", "tf", "mlp", 0.4),
    ("b. one-off tape: 200 new elementwise ops + gradient", "oneoff", "tf", "oneoff", 2.0),
    ("c. HVP, nested tapes, 1,000 params (A 1000x1000)", "hvp", "tf", "hvp", 0.5),
]


def main(argv=None):
    opts = H.make_parser(__doc__).parse_args(argv)
    if opts.emit_json:
        return H.emit_json(TFC_NAMES, WORKLOADS, opts)

    t_start = time.perf_counter()
    errors = []
    ours, ours_ver = H.run_ours([], TFC_NAMES, WORKLOADS, opts, errors)
    base = {}
    base["tf"], tf_note = H.tf_side(__file__, opts)

    H.print_header("bench_autodiff", ours_ver, opts, tf_note)
    # Float32 through 200 chained transcendental ops: Eigen and XLA differ in the last bits.
    table = H.print_table(ROWS, ours, base, errors, label_width=52, rtol=1e-3)
    r = ours.get("oneoff")
    if r and "error" not in r:
        print(f"\n(one-off tape: {r['us'] / N_OPS:.2f} us per recorded op incl. its gradient; "
              f"{r['number'] * r['repeats']} timed tapes, every one a new structure)")
    return H.finish(opts, table, errors, t_start, tf_note)


if __name__ == "__main__":
    sys.exit(main())
