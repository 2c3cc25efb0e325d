"""Shared machinery of the bench/ scripts: timing loops, the TF subprocess, the table.

A bench script defines workloads as factories `factory(tf) -> step` (setup done by the
factory; `step()` runs one iteration and returns a Python float, or a tuple of floats,
read back from the device), a dict WORKLOADS of them, and ROWS of the table.  The same
script runs twice: under the project interpreter (tfcompat side, plus any plain-JAX
baselines), and with a TensorFlow interpreter in `--emit-json` mode (TF side, printed as
one JSON line).

What is timed is verified: every measurement starts from a fresh factory, and the values
of its first CHECK_STEPS steps are its check.  The table compares the two sides' checks
(all of them, within a tolerance it states), and a factory may carry a `verify(values)`
(set by `trains` or `verified`) that must hold on each side: a training step's loss must
have decreased over those steps, so a step that never updates fails.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


CHECK_STEPS = 5   # steps of a fresh workload whose values are its check


def err_str(e):
    return f"{type(e).__name__}: {e}"[:300]


# ----------------------------------------------------------------------------
# Checks: what the timed steps compute.

def verified(verify):
    """Decorator: `verify(values)` (values: each checked step's floats) returns None when
    the workload computed what it should, else what is wrong."""
    def mark(factory):
        factory.verify = verify
        return factory
    return mark


def _loss_decreases(values):
    losses = [v[0] for v in values]
    if not all(np.isfinite(losses)):
        return f"loss not finite: {losses}"
    if not losses[-1] < losses[0]:
        return (f"loss did not decrease over {len(losses)} steps: "
                f"{losses[0]:.7g} -> {losses[-1]:.7g}")
    return None


def trains(factory):
    """Mark a training-step factory (its step returns the loss it computed before its
    update): over the CHECK_STEPS checked steps the loss must decrease."""
    return verified(_loss_decreases)(factory)


def _floats(value):
    if isinstance(value, (tuple, list)):
        return [float(v) for v in value]
    return [float(value)]


def check_steps(factory, step, n=CHECK_STEPS):
    """Run the first `n` steps of a fresh `step`: {"check": their values, "check_error":
    what the factory's verify() finds wrong, or None}."""
    values = [_floats(step()) for _ in range(n)]
    verify = getattr(factory, "verify", None)
    return {"check": values, "check_error": verify(values) if verify else None}


# ----------------------------------------------------------------------------
# Timing.

def _autorange(step, min_time):
    """timeit.autorange-style: grow `number` until a loop of it lasts min_time."""
    number = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(number):
            step()
        dt = time.perf_counter() - t0
        if dt >= min_time or number >= 1 << 20:
            return number
        number = max(number * 2, int(number * min_time / max(dt, 1e-9) * 1.1))


def _loop(step, number):
    t0 = time.perf_counter()
    for _ in range(number):
        step()
    return (time.perf_counter() - t0) / number


def _result(times, number, checked):
    return {"us": statistics.median(times) * 1e6, "min_us": min(times) * 1e6,
            "number": number, "repeats": len(times), **checked}


def measure(factory, tf, warmup=5, repeats=7, min_time=0.2):
    """Median seconds per step over `repeats` loops of `number` steps each.

    The values of the first CHECK_STEPS steps are returned as the check (see
    check_steps): every factory is called fresh, so they do not depend on what ran
    before.
    """
    step = factory(tf)
    checked = check_steps(factory, step)
    for _ in range(warmup):
        step()
    number = _autorange(step, min_time)
    times = [_loop(step, number) for _ in range(repeats)]
    return _result(times, number, checked)


def measure_interleaved(items, warmup=5, repeats=7, min_time=0.2):
    """Like measure() for several (factory, tf) items at once, their timed loops
    interleaved (A B A B ...), so that load drifting on a busy machine hits all of
    them alike.  Returns one result (or {"error": ...}) per item."""
    out, live = [None] * len(items), []
    for k, (factory, tf) in enumerate(items):
        try:
            step = factory(tf)
            checked = check_steps(factory, step)
            for _ in range(warmup):
                step()
            live.append((k, step, checked, _autorange(step, min_time)))
        except Exception as e:
            out[k] = {"error": err_str(e)}
    times = {k: [] for k, *_ in live}
    for _ in range(repeats):
        for k, step, _checked, number in list(live):
            try:
                times[k].append(_loop(step, number))
            except Exception as e:
                out[k] = {"error": err_str(e)}
                live = [x for x in live if x[0] != k]
    for k, _step, checked, number in live:
        out[k] = _result(times[k], number, checked)
    return out


def run_side(tf, names, workloads, opts):
    """measure() each named workload; an exception becomes {"error": ...}."""
    out = {}
    for name in names:
        try:
            out[name] = measure(workloads[name], tf, opts.warmup, opts.repeats, opts.min_time)
        except Exception as e:  # report, keep going
            out[name] = {"error": err_str(e)}
    return out


def import_tfcompat():
    """Import tfcompat (from this checkout when it is not installed)."""
    if REPO_ROOT not in sys.path:
        sys.path.append(REPO_ROOT)
    import tfcompat
    return tfcompat


def run_ours(jax_names, tfc_names, workloads, opts, errors, pairs=()):
    """The tfcompat process's side: plain-JAX workloads (called with tf=None), then each
    (tfcompat, plain-JAX) pair of `pairs` timed interleaved, then the tfcompat ones.
    Returns (results, version string)."""
    try:
        import jax
        ours = run_side(None, jax_names, workloads, opts)
        jax_ver = f"jax {jax.__version__}"
    except Exception as e:
        ours = {k: {"error": err_str(e)} for k in jax_names}
        jax_ver = "jax (not importable)"
    try:
        tf = import_tfcompat()
        for tfc_name, jax_name in pairs:
            ours[tfc_name], ours[jax_name] = measure_interleaved(
                [(workloads[tfc_name], tf), (workloads[jax_name], None)],
                opts.warmup, opts.repeats, opts.min_time)
        ours.update(run_side(tf, tfc_names, workloads, opts))
        ours_ver = f"tfcompat {getattr(tf, '__version__', '?')}, {jax_ver}"
    except Exception as e:
        errors.append(f"tfcompat import failed: {err_str(e)}")
        ours.update({k: {"error": "not importable"} for k in tfc_names})
        ours_ver = f"tfcompat (not importable), {jax_ver}"
    return ours, ours_ver


# ----------------------------------------------------------------------------
# The TF side.

def default_tf_python():
    env = os.environ.get("TFREF_PYTHON")
    if env:
        return env
    if os.path.exists("/tmp/tfref/bin/python"):
        return "/tmp/tfref/bin/python"
    return None


def tf_env():
    return dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0")


def last_json_line(p, what):
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError(f"{what} failed (exit {p.returncode}): {p.stderr.strip()[-1000:]}")


def run_tf_subprocess(script, py, opts, extra_args=()):
    cmd = [py, os.path.abspath(script), "--emit-json", "--warmup", str(opts.warmup),
           "--repeats", str(opts.repeats), "--min-time", str(opts.min_time), *extra_args]
    p = subprocess.run(cmd, capture_output=True, text=True, env=tf_env(), timeout=600)
    return last_json_line(p, "TF side")


def tf_side(script, opts, mode="eager", extra_args=()):
    """Run `script --emit-json` with the TF interpreter.  Returns (results, note line)."""
    if opts.no_tf or not opts.tf_python:
        return {}, "TF columns skipped: " + (
            "--no-tf" if opts.no_tf else "no TF python (set --tf-python or TFREF_PYTHON)")
    if not os.path.exists(opts.tf_python):
        return {}, f"TF columns skipped: {opts.tf_python} does not exist"
    try:
        tfres = run_tf_subprocess(script, opts.tf_python, opts, extra_args)
        return tfres["results"], f"TF: tensorflow {tfres['version']} {mode} ({opts.tf_python})"
    except Exception as e:
        return {}, f"TF columns skipped: {e}"


def have_tf(opts):
    return bool(not opts.no_tf and opts.tf_python and os.path.exists(opts.tf_python))


def emit_json(names, workloads, opts, extra=None):
    """The --emit-json side: import TensorFlow, measure, print one JSON line."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    res = run_side(tf, names, workloads, opts)
    if extra:
        res.update(extra(tf))
    print(json.dumps({"framework": "tensorflow", "version": tf.__version__,
                      "python": sys.executable, "results": res}))
    return 0


# ----------------------------------------------------------------------------
# First calls, each in a fresh process.

def time_first_call(factory, tf):
    """Set up (outside the timing), then time the very first step() of the process;
    then the rest of its checked steps (untimed)."""
    step = factory(tf)
    t0 = time.perf_counter()
    first = step()
    s = time.perf_counter() - t0
    values = [_floats(first)] + [_floats(step()) for _ in range(CHECK_STEPS - 1)]
    verify = getattr(factory, "verify", None)
    return {"s": s, "check": values, "check_error": verify(values) if verify else None}


def first_call_subprocesses(py, script, spec, runs, cache_dir=None):
    """Run `py script --first-call FRAMEWORK:NAME` `runs` times, each a fresh process
    that prints one JSON line {"s": seconds, "check": values, "check_error": ...}.
    FRAMEWORK is tensorflow, tfcompat or jax (tf=None).  Without `cache_dir` JAX's
    persistent compilation cache is off; with it, tfcompat's cache is that folder and an
    untimed first process fills it.  Returns a result dict like measure()'s (median; the
    check of the last run)."""
    if cache_dir is None:
        env = dict(tf_env(), JAX_ENABLE_COMPILATION_CACHE="false")
    else:
        env = dict(tf_env(), TFCOMPAT_COMPILATION_CACHE=cache_dir)
        runs += 1
    times, checked = [], {}
    try:
        for _ in range(runs):
            p = subprocess.run([py, os.path.abspath(script), "--first-call", spec],
                               capture_output=True, text=True, env=env, timeout=300)
            r = last_json_line(p, f"first call {spec} ({py})")
            if "error" in r:
                return r
            times.append(r["s"])
            checked = {"check": r["check"], "check_error": r["check_error"]}
    except Exception as e:
        return {"error": err_str(e)}
    if cache_dir is not None:
        times = times[1:]
    return {"us": statistics.median(times) * 1e6, "min_us": min(times) * 1e6,
            "number": 1, "repeats": len(times), "all_s": times, **checked}


def first_call_main(spec, factories):
    """Body of a `--first-call FRAMEWORK:NAME` child: prints {"s":..., "check":...}."""
    framework, name = spec.split(":", 1)
    try:
        if framework == "tensorflow":
            os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
            import tensorflow as tf
        elif framework == "tfcompat":
            tf = import_tfcompat()
        else:
            tf = None
        r = time_first_call(factories[name], tf)
    except Exception as e:
        r = {"error": err_str(e)}
    print(json.dumps(r))
    return 0


# ----------------------------------------------------------------------------
# Arguments and the table.

def make_parser(doc):
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
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
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 unless every row was measured against its baseline (TF "
                         "included), met its target and passed its checks")
    return ap


def fmt_us(r):
    if r is None:
        return "-"
    if "error" in r:
        return "error"
    return f"{r['us']:.1f}"


def fmt_target(t):
    return format(t, ".1f") if round(t, 1) == t else format(t, ".2f")


def print_header(script_name, ours_ver, opts, tf_note):
    print(f"{script_name}: {ours_ver}; python {sys.version.split()[0]}; "
          f"{os.cpu_count()} CPUs; median of {opts.repeats} loops of >= {opts.min_time}s")
    print(tf_note)
    print()


def _check_text(values):
    last = values[-1]
    return "[" + ", ".join(f"{v:.7g}" for v in last[:3]) + (", ...]" if len(last) > 3 else "]")


def _compare_checks(r, b, rtol, atol):
    """None when the two sides' checked steps agree within rtol/atol (or a side's check
    is None: a baseline timed only), else how not."""
    if r["check"] is None or b["check"] is None:
        return None
    mine, theirs = np.asarray(r["check"], float), np.asarray(b["check"], float)
    if mine.shape != theirs.shape:
        return f"results differ: shapes {mine.shape} vs {theirs.shape}"
    if np.allclose(mine, theirs, rtol=rtol, atol=atol):
        return None
    bad = np.argwhere(~np.isclose(mine, theirs, rtol=rtol, atol=atol))[0]
    return (f"results differ at step {bad[0] + 1}: {_check_text(r['check'][:bad[0] + 1])} "
            f"vs {_check_text(b['check'][:bad[0] + 1])}")


class Table:
    """What print_table found: `failed` (a missed target, an error, a failed check or
    results that differ) and `skipped` (rows not measured against their baseline: the
    TF side missing, or a row it lacks)."""

    def __init__(self):
        self.failed, self.skipped = [], []


def print_table(rows, ours, base, errors, label_width=46, rtol=1e-4, atol=1e-5):
    """rows: (label, tfcompat workload, baseline side, baseline workload, target ratio).

    `ours` maps workload -> result; `base` maps side -> {workload -> result}.  Prints
    one line per row, then the tolerance of the checks; returns a Table.  A row fails
    on a missed target, an error, a side whose check_error is set (its own verify()
    failed), or checks that differ beyond rtol/atol."""
    head = (f"{'workload':<{label_width}} {'tfcompat us':>12} {'baseline us':>12} "
            f"{'vs':<8} {'ratio':>7} {'target':>7}  result")
    print(head)
    print("-" * len(head))
    table = Table()
    for label, mine, side, theirs, target in rows:
        r = ours.get(mine)
        b = base.get(side, {}).get(theirs)
        if r and "error" in r and r["error"] != "not importable":
            errors.append(f"{mine} (tfcompat): {r['error']}")
        if b and "error" in b:
            errors.append(f"{theirs} ({side}): {b['error']}")
        ok = r and b and "error" not in r and "error" not in b
        if ok:
            ratio = r["us"] / b["us"]
            verdict = "PASS" if ratio <= target else "FAIL"
            problems = [f"{who}: {x['check_error']}" for who, x in (("tfcompat", r), (side, b))
                        if x.get("check_error")]
            differ = _compare_checks(r, b, rtol, atol)
            if differ:
                problems.append(differ)
            if problems:
                verdict = "FAIL (" + "; ".join(problems) + ")"
            if verdict != "PASS":
                table.failed.append(label.strip())
            ratio_s = f"{ratio:.2f}x"
        else:
            ratio_s, verdict = "-", ("skipped" if not b else "ERROR")
            (table.skipped if verdict == "skipped" else table.failed).append(label.strip())
        print(f"{label:<{label_width}} {fmt_us(r):>12} {fmt_us(b):>12} {side:<8} {ratio_s:>7} "
              f"{'<=' + fmt_target(target) + 'x':>7}  {verdict}")
    print(f"\nchecks: each side's first {CHECK_STEPS} steps (fresh setup) agree within "
          f"rtol={rtol:g}, atol={atol:g}; training losses decrease over them")
    return table


def print_footer(errors, t_start):
    if errors:
        print("\nerrors:")
        for e in errors:
            print("  " + e)
    print(f"\ntotal time {time.perf_counter() - t_start:.1f}s")


def finish(opts, table, errors, t_start, tf_note):
    """Print the footer; the exit status: with --strict, 1 (and why) unless every row
    was measured against its baseline, the TF side included, and passed."""
    print_footer(errors, t_start)
    if not opts.strict:
        return 0
    reasons = []
    if table.skipped:
        reasons.append(f"{len(table.skipped)} row(s) not measured against their baseline "
                       f"({'; '.join(table.skipped)}): {tf_note}")
    if table.failed:
        reasons.append(f"{len(table.failed)} row(s) failed ({'; '.join(table.failed)})")
    if reasons:
        print("\n--strict: FAIL: " + "\n--strict: FAIL: ".join(reasons))
        return 1
    print("\n--strict: every row measured against its baseline and passed")
    return 0
