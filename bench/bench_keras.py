"""tf.keras benchmarks for tfcompat (issue 14, "Speed"): the same Keras script on three sides.

    .venv/bin/python bench/bench_keras.py                  # tfcompat vs TF and Keras-on-JAX
    .venv/bin/python bench/bench_keras.py --tf-python /path/to/python-with-tensorflow
    /tmp/tfref/bin/python bench/bench_keras.py --emit-json # TF side only, prints JSON
    .venv/bin/python bench/bench_keras.py --emit-json --keras-jax  # Keras-on-JAX side only

The Keras code is written once, as functions of a `keras` module: `tf.keras` under
tfcompat (this process) and under TensorFlow (a subprocess with --tf-python), and Keras
3.15.1's own JAX backend (a subprocess of this interpreter with KERAS_BACKEND=jax that
imports keras directly, never tfcompat).  Each side is skipped when not importable.

Workloads (Adam(1e-3), sparse categorical cross entropy from logits, accuracy metric,
`compile()` defaults otherwise; a fixed synthetic dataset, no shuffling):

  mlp32   Dense 784-128(relu)-10, batch 32 (64 batches)
  mlp256  the same, batch 256 (16 batches)
  cnn     Conv2D 32 3x3 relu, MaxPool 2, Conv2D 64 3x3 relu, Flatten, Dense 10; 28x28x1,
          batch 64 (16 batches)
  lstm    Embedding 1000x32, LSTM(64), Dense 10; sequences of 40 tokens, batch 32
          (16 batches)

and for each:
  fit step     one `fit` call of 1 + --repeats epochs (verbose=0); an epoch-timing
               callback times each epoch; after the first (warm-up) epoch, the median
               epoch time / its batches.  Targets (issue 14): <= 0.6x TF, <= 1.2x
               Keras-on-JAX.
  evaluate,    a whole `evaluate` / `predict` call over the dataset (timed by the
  predict      harness's loops), divided by its batches, so per-call overhead included.
               Held to the fit step's targets.
  first epoch  the first `fit` epoch (trace and compile included; model built and
               compiled before the clock starts) in a fresh process.  Target <= 1.5x
               (as bench_function's first call).

Adapter to bench/_harness.py (whose step is timed by repeated calls): fit steps are
timed inside one fit call (measure_fit), with the harness's check; evaluate/predict
steps are whole calls, divided by the batches afterwards (per_batch).  `tf=None` means
Keras on JAX (as `tf=None` means plain JAX in the other benches).

Same start on each side: keras.utils.set_random_seed(0), then every weight is set from
one NumPy stream (Glorot-uniform kernels, zero biases) so the three backends start from
identical weights (their own initializers' random streams differ).  The checks: each
fit's losses over its first 5 epochs (which must decrease; rtol 3e-3 across sides, as
five epochs of Adam amplify float32 summation-order differences: TF's LSTM and Keras-JAX's
differ by 1.1e-3 relative at epoch 5), evaluate's loss and accuracy and predict's
outputs (rtol 1e-4, atol 1e-5), compared between the sides as printed under the tables.
"""
import json
import os
import re
import statistics
import sys
import time

import numpy as np

import _harness as H

N_CLASSES = 10
SPECS = {           # name: (batch size, batches in the dataset, label)
    "mlp32": (32, 64, "MLP 784-128-10, b32"),
    "mlp256": (256, 16, "MLP 784-128-10, b256"),
    "cnn": (64, 16, "CNN 28x28x1, b64"),
    "lstm": (32, 16, "LSTM(64) text, b32"),
}
SEQ_LEN, VOCAB = 40, 1000
RTOL, ATOL = 1e-4, 1e-5   # evaluate, predict: one forward pass from the same weights
FIT_RTOL, FIT_ATOL = 3e-3, 1e-4  # training: float32 kernels summing in other orders drift


def _keras(tf):
    """The keras module of a side: tf.keras, or (tf=None) Keras on its JAX backend."""
    if tf is None:
        os.environ["KERAS_BACKEND"] = "jax"
        import keras
        if keras.backend.backend() != "jax":
            raise RuntimeError(f"keras was imported with backend {keras.backend.backend()}")
        return keras
    return tf.keras


def _build(keras, name):
    layers = keras.layers
    if name.startswith("mlp"):
        return keras.Sequential([keras.Input((784,)), layers.Dense(128, activation="relu"),
                                 layers.Dense(N_CLASSES)])
    if name == "cnn":
        return keras.Sequential([
            keras.Input((28, 28, 1)), layers.Conv2D(32, 3, activation="relu"),
            layers.MaxPooling2D(2), layers.Conv2D(64, 3, activation="relu"),
            layers.Flatten(), layers.Dense(N_CLASSES)])
    return keras.Sequential([keras.Input((SEQ_LEN,), dtype="int32"),
                             layers.Embedding(VOCAB, 32), layers.LSTM(64),
                             layers.Dense(N_CLASSES)])


def _data(name):
    batch, batches, _ = SPECS[name]
    n = batch * batches
    rng = np.random.default_rng(1)
    if name.startswith("mlp"):
        x = rng.uniform(0.0, 1.0, (n, 784)).astype(np.float32)
    elif name == "cnn":
        x = rng.uniform(0.0, 1.0, (n, 28, 28, 1)).astype(np.float32)
    else:
        x = rng.integers(0, VOCAB, (n, SEQ_LEN)).astype(np.int32)
    y = rng.integers(0, N_CLASSES, n).astype(np.int32)
    return x, y, batch


def _same_weights(model):
    """Glorot-uniform kernels (fans from the last two dims, receptive field folded in)
    and zero biases, from one NumPy stream: identical on every backend."""
    rng = np.random.default_rng(0)
    out = []
    for w in model.get_weights():
        if w.ndim < 2:
            out.append(np.zeros(w.shape, w.dtype))
            continue
        field = int(np.prod(w.shape[:-2]))
        lim = np.sqrt(6.0 / ((w.shape[-2] + w.shape[-1]) * field))
        out.append(rng.uniform(-lim, lim, w.shape).astype(w.dtype))
    model.set_weights(out)


def _model(tf, name):
    keras = _keras(tf)
    keras.utils.set_random_seed(0)
    model = _build(keras, name)
    _same_weights(model)
    model.compile(optimizer=keras.optimizers.Adam(1e-3),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def fit_workload(name):
    """One fit epoch per step (the check: 5 epochs' losses, which must decrease).  The
    factory keeps the model and data on `step.fit_args` for measure_fit's timed fit."""
    def factory(tf):
        model = _model(tf, name)
        x, y, batch = _data(name)

        def step():
            hist = model.fit(x, y, batch_size=batch, epochs=1, shuffle=False, verbose=0)
            return float(hist.history["loss"][-1])
        step.fit_args = (_keras(tf), model, x, y, batch)
        return step
    return H.trains(factory)


def measure_fit(factory, tf, opts):
    """The adapter for fit steps: the harness's check (5 one-epoch fits of a fresh model),
    then ONE fit of 1 + `repeats` epochs whose epochs an on_epoch_begin/end callback
    times: after the first (warm-up) epoch, the median epoch time / its batches."""
    step = factory(tf)
    checked = H.check_steps(factory, step)
    keras, model, x, y, batch = step.fit_args
    times = []

    class EpochTimer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.t0 = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            times.append(time.perf_counter() - self.t0)

    model.fit(x, y, batch_size=batch, epochs=1 + opts.repeats, shuffle=False, verbose=0,
              callbacks=[EpochTimer()])
    per_batch_s = [t / (len(x) // batch) for t in times[1:]]
    return {"us": statistics.median(per_batch_s) * 1e6, "min_us": min(per_batch_s) * 1e6,
            "number": len(x) // batch, "repeats": len(per_batch_s), **checked}


def run_fits(tf, opts):
    """measure_fit() each fit workload; an exception becomes {"error": ...}."""
    out = {}
    for name in FIT_NAMES:
        try:
            out[name] = measure_fit(WORKLOADS[name], tf, opts)
        except Exception as e:  # report, keep going
            out[name] = {"error": H.err_str(e)}
    return out


def run_all(tf, opts):
    return {**run_fits(tf, opts), **H.run_side(tf, CALL_NAMES, WORKLOADS, opts)}


def evaluate_workload(name):
    def factory(tf):
        model = _model(tf, name)
        x, y, batch = _data(name)

        def step():
            loss, acc = model.evaluate(x, y, batch_size=batch, verbose=0)
            return float(loss), float(acc)
        return step
    return factory


def predict_workload(name):
    def factory(tf):
        model = _model(tf, name)
        x, _, batch = _data(name)

        def step():
            out = np.asarray(model.predict(x, batch_size=batch, verbose=0))
            return (float(out.mean()), float(np.abs(out).mean()), *map(float, out[0, :3]))
        return step
    return factory


WORKLOADS = {}
for _n in SPECS:
    WORKLOADS[f"{_n}_fit"] = fit_workload(_n)
    WORKLOADS[f"{_n}_eval"] = evaluate_workload(_n)
    WORKLOADS[f"{_n}_predict"] = predict_workload(_n)
FIT_NAMES = [n for n in WORKLOADS if n.endswith("_fit")]
CALL_NAMES = [n for n in WORKLOADS if not n.endswith("_fit")]   # evaluate, predict

FIT_ROWS, FIRST_ROWS, CALL_ROWS = [], [], []
for _n, (_b, _nb, _label) in SPECS.items():
    FIT_ROWS += [(f"{_label}: fit step", f"{_n}_fit", "tf", f"{_n}_fit", 0.6),
                 ("   same, against Keras on JAX", f"{_n}_fit", "jax", f"{_n}_fit", 1.2)]
    FIRST_ROWS += [(f"{_label}: first epoch, new process", f"{_n}_first", "tf",
                    f"{_n}_first", 1.5),
                   ("   same, against Keras on JAX", f"{_n}_first", "jax", f"{_n}_first", 1.5)]
    for kind, what in (("eval", "evaluate"), ("predict", "predict")):
        CALL_ROWS += [(f"{_label}: {what} batch", f"{_n}_{kind}", "tf", f"{_n}_{kind}", 0.6),
                      ("   same, against Keras on JAX", f"{_n}_{kind}", "jax", f"{_n}_{kind}",
                       1.2)]


def per_batch(results):
    """The adapter for evaluate/predict: a harness step is a call over the dataset."""
    for name in CALL_NAMES:
        r = results.get(name)
        if r and "error" not in r:
            batches = SPECS[name.split("_")[0]][1]
            r["us"] /= batches
            r["min_us"] /= batches
    return results


def emit_keras_jax(opts):
    """--emit-json --keras-jax: Keras on its JAX backend (this interpreter), as JSON."""
    keras = _keras(None)
    res = run_all(None, opts)
    import jax
    print(json.dumps({"framework": "keras-jax", "python": sys.executable,
                      "version": f"keras {keras.__version__}, jax {jax.__version__}",
                      "results": res}))
    return 0


def _tfcompat_side(opts, errors):
    try:
        tf = H.import_tfcompat()
    except Exception as e:
        errors.append(f"tfcompat import failed: {H.err_str(e)}")
        return {k: {"error": "not importable"} for k in WORKLOADS}, "tfcompat (not importable)"
    return run_all(tf, opts), f"tfcompat {getattr(tf, '__version__', '?')}"


def _jax_side(opts):
    try:
        res = H.run_tf_subprocess(__file__, sys.executable, opts, ["--keras-jax"])
        return res["results"], f"Keras on JAX: {res['version']} ({sys.executable})"
    except Exception as e:
        return {}, f"Keras-on-JAX columns skipped: {H.err_str(e)}"


def _first_epochs(ours, base, opts):
    runs = opts.first_call_runs
    for n in SPECS:
        ours[f"{n}_first"] = H.first_call_subprocesses(sys.executable, __file__,
                                                       f"tfcompat:{n}_fit", runs)
        if base["jax"]:
            base["jax"][f"{n}_first"] = H.first_call_subprocesses(
                sys.executable, __file__, f"jax:{n}_fit", runs)
        if base["tf"]:
            base["tf"][f"{n}_first"] = H.first_call_subprocesses(
                opts.tf_python, __file__, f"tensorflow:{n}_fit", runs)


def main(argv=None):
    ap = H.make_parser(__doc__)
    ap.add_argument("--keras-jax", action="store_true",
                    help="with --emit-json: run the Keras-on-JAX side instead of TF")
    ap.add_argument("--first-call", metavar="FRAMEWORK:NAME",
                    help="(internal) time the first fit epoch of one workload in this process")
    ap.add_argument("--first-call-runs", type=int, default=1,
                    help="fresh processes per first-epoch figure (default 1)")
    ap.add_argument("--no-first", action="store_true", help="skip the first-epoch rows")
    ap.set_defaults(warmup=1, repeats=5, min_time=0.5)
    opts = ap.parse_args(argv)
    if opts.first_call:
        return H.first_call_main(opts.first_call, WORKLOADS)
    if opts.emit_json:
        if opts.keras_jax:
            return emit_keras_jax(opts)
        return H.emit_json(CALL_NAMES, WORKLOADS, opts, lambda tf: run_fits(tf, opts))

    t_start = time.perf_counter()
    errors = []
    base = {}
    base["tf"], tf_note = H.tf_side(__file__, opts, mode="tf.keras")
    base["jax"], jax_note = _jax_side(opts)
    ours, ours_ver = _tfcompat_side(opts, errors)
    for side in (ours, base["tf"], base["jax"]):
        per_batch(side)
    if not opts.no_first:
        _first_epochs(ours, base, opts)

    H.print_header("bench_keras", ours_ver, opts, tf_note + "\n" + jax_note)
    print("us per batch: fit, the median epoch of one fit call after its first epoch; "
          "evaluate and predict, a call over the dataset (per-call overhead included)\n")
    train_rows = FIT_ROWS + ([] if opts.no_first else FIRST_ROWS)
    table = H.print_table(train_rows, ours, base, errors, label_width=44, rtol=FIT_RTOL,
                          atol=FIT_ATOL)
    print()
    other = H.print_table(CALL_ROWS, ours, base, errors, label_width=44, rtol=RTOL, atol=ATOL)
    table.failed += other.failed
    table.skipped += other.skipped
    # One line per error (Keras's messages carry ANSI codes and newlines), each once.
    errors[:] = dict.fromkeys(" ".join(re.sub(r"\x1b\[[0-9;]*m", "", e).split())
                              for e in errors)
    return H.finish(opts, table, errors, t_start, tf_note + "; " + jax_note)


if __name__ == "__main__":
    sys.exit(main())
