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

TF timings come from running this same script with the TF interpreter in
`--emit-json` mode (`--tf-python`; default $TFREF_PYTHON, else /tmp/tfref/bin/python
if it exists; without one the TF columns are skipped).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

CHAIN = 100  # ops in the dispatch chain


# ----------------------------------------------------------------------------
# Workloads.  Each factory does its setup and returns a step function; a step
# returns a Python float read back from the device (used as a sanity check that
# both frameworks computed the same thing).

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


def mlp_step(tf):
    """One training step of a 784-128-10 MLP, batch 32, eager."""
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


# ----------------------------------------------------------------------------
# Timing.

def measure(factory, tf, warmup=5, repeats=7, min_time=0.2):
    """Median seconds per step over `repeats` loops of `number` steps each.

    The first step's value is returned as a check: every factory is called fresh,
    so it does not depend on what ran before.
    """
    step = factory(tf)
    check = step()
    for _ in range(warmup):
        step()
    # timeit.autorange-style: grow `number` until a loop lasts min_time.
    number = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(number):
            step()
        dt = time.perf_counter() - t0
        if dt >= min_time or number >= 1 << 20:
            break
        number = max(number * 2, int(number * min_time / max(dt, 1e-9) * 1.1))
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(number):
            step()
        times.append((time.perf_counter() - t0) / number)
    return {"us": statistics.median(times) * 1e6, "min_us": min(times) * 1e6,
            "number": number, "repeats": repeats, "check": check}


def run_side(tf, names, opts):
    out = {}
    for name in names:
        try:
            out[name] = measure(WORKLOADS[name], tf, opts.warmup, opts.repeats, opts.min_time)
        except Exception as e:  # report, keep going
            out[name] = {"error": f"{type(e).__name__}: {e}"[:300]}
    return out


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


def default_tf_python():
    env = os.environ.get("TFREF_PYTHON")
    if env:
        return env
    if os.path.exists("/tmp/tfref/bin/python"):
        return "/tmp/tfref/bin/python"
    return None


def run_tf_subprocess(py, opts):
    cmd = [py, os.path.abspath(__file__), "--emit-json", "--warmup", str(opts.warmup),
           "--repeats", str(opts.repeats), "--min-time", str(opts.min_time)]
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0")
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError(f"TF side failed (exit {p.returncode}): {p.stderr.strip()[-1000:]}")


def fmt_us(r):
    if r is None:
        return "-"
    if "error" in r:
        return "error"
    return f"{r['us']:.1f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--emit-json", action="store_true",
                    help="run only the TensorFlow side (in a TF interpreter) and print JSON")
    ap.add_argument("--tf-python", default=default_tf_python(),
                    help="python with TensorFlow for the TF columns "
                         "(default: $TFREF_PYTHON, else /tmp/tfref/bin/python)")
    ap.add_argument("--no-tf", action="store_true", help="skip the TF columns")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--min-time", type=float, default=0.2,
                    help="seconds per timed loop (default 0.2)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    opts = ap.parse_args(argv)

    if opts.emit_json:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import tensorflow as tf
        res = run_side(tf, ["dispatch", "tape", "mlp"], opts)
        print(json.dumps({"framework": "tensorflow", "version": tf.__version__,
                          "python": sys.executable, "results": res}))
        return 0

    t_start = time.perf_counter()
    errors = []
    # Let a checkout that is not pip-installed find tfcompat too.
    sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        import jax
        ours = run_side(None, ["dispatch_jnp"], opts)
        jax_ver = f"jax {jax.__version__}"
    except Exception as e:
        ours = {"dispatch_jnp": {"error": f"{type(e).__name__}: {e}"[:300]}}
        jax_ver = "jax (not importable)"
    try:
        import tfcompat as tf
        ours.update(run_side(tf, ["dispatch", "tape", "mlp"], opts))
        ours_ver = f"tfcompat {getattr(tf, '__version__', '?')}, {jax_ver}"
    except Exception as e:
        msg = f"{type(e).__name__}: {e}"[:300]
        errors.append(f"tfcompat import failed: {msg}")
        ours.update({k: {"error": "not importable"} for k in ("dispatch", "tape", "mlp")})
        ours_ver = f"tfcompat (not importable), {jax_ver}"
    # jnp baseline lives in the tfcompat process (JAX is not in the TF venv).
    base = {"jnp": {"dispatch_jnp": ours.get("dispatch_jnp")}, "tf": {}}

    tf_note = None
    if opts.no_tf or not opts.tf_python:
        tf_note = "TF columns skipped: " + ("--no-tf" if opts.no_tf else
                                            "no TF python (set --tf-python or TFREF_PYTHON)")
    elif not os.path.exists(opts.tf_python):
        tf_note = f"TF columns skipped: {opts.tf_python} does not exist"
    else:
        try:
            tfres = run_tf_subprocess(opts.tf_python, opts)
            base["tf"] = tfres["results"]
            tf_note = f"TF: tensorflow {tfres['version']} eager ({opts.tf_python})"
        except Exception as e:
            tf_note = f"TF columns skipped: {e}"

    print(f"bench_core: {ours_ver}; python {sys.version.split()[0]}; "
          f"{os.cpu_count()} CPUs; median of {opts.repeats} loops of >= {opts.min_time}s")
    print(tf_note)
    print()
    head = f"{'workload':<46} {'tfcompat us':>12} {'baseline us':>12} {'vs':<4} {'ratio':>7} {'target':>7}  result"
    print(head)
    print("-" * len(head))
    failed = False
    for label, mine, side, theirs, target in ROWS:
        r = ours.get(mine)
        b = base[side].get(theirs)
        if r and "error" in r and r["error"] != "not importable":
            errors.append(f"{mine} (tfcompat): {r['error']}")
        if b and "error" in b:
            errors.append(f"{theirs} ({side}): {b['error']}")
        ok = r and b and "error" not in r and "error" not in b
        if ok:
            ratio = r["us"] / b["us"]
            verdict = "PASS" if ratio <= target else "FAIL"
            failed |= verdict == "FAIL"
            if not np.isclose(r["check"], b["check"], rtol=1e-4, atol=1e-5):
                verdict += f" (results differ: {r['check']:.6g} vs {b['check']:.6g})"
                failed = True
            ratio_s = f"{ratio:.2f}x"
        else:
            ratio_s, verdict = "-", ("skipped" if not b else "ERROR")
            failed |= verdict == "ERROR"
        print(f"{label:<46} {fmt_us(r):>12} {fmt_us(b):>12} {side:<4} {ratio_s:>7} "
              f"{'<=' + format(target, '.1f') + 'x':>7}  {verdict}")
    tfd = base["tf"].get("dispatch")
    if tfd and "error" not in tfd:
        print(f"\n(for reference, TF eager dispatch chain: {fmt_us(tfd)} us, "
              f"{tfd['us'] / CHAIN:.2f} us/op)")
    d = ours.get("dispatch")
    if d and "error" not in d:
        print(f"(tfcompat dispatch chain: {d['us'] / CHAIN:.2f} us/op)")
    if errors:
        print("\nerrors:")
        for e in errors:
            print("  " + e)
    print(f"\ntotal time {time.perf_counter() - t_start:.1f}s")
    return 1 if (opts.strict and failed) else 0


if __name__ == "__main__":
    sys.exit(main())
