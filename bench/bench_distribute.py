"""tf.distribute benchmarks for tfcompat (issue 18, "Speed"): data-parallel training on
virtual CPU devices, the same Keras model and data as bench_keras.py.

    .venv/bin/python bench/bench_distribute.py                 # tfcompat vs TF and JAX
    .venv/bin/python bench/bench_distribute.py --devices 4     # only the 4-device rows
    /tmp/tfref/bin/python bench/bench_distribute.py --emit-json  # TF side only, JSON

Both sides split the CPU into 4 logical devices with
tf.config.set_logical_device_configuration before their first op (tfcompat turns that
into XLA's host device count), and train on the first 1, 2 or 4 of them:

  loop  a custom training loop: `MirroredStrategy(devices)`, the bench_keras model built
        and `Adam(1e-3)` made in `scope()`, one `@tf.function` step that calls
        `strategy.run` on the next element of `experimental_distribute_dataset` and
        reduces the per-replica losses (`tf.nn.compute_average_loss` over the global
        batch, SUM across replicas)
  fit   `model.compile(...)` in `scope()`, then `model.fit` (bench_keras.measure_fit:
        the median epoch after the first, per batch)
  jax   hand-written JAX (the baseline): the same model as pure functions, Keras's Adam,
        one `jax.jit` step whose parameters are replicated and whose batch is placed
        sharded along the batch axis (NamedSharding over a 1-axis Mesh) from host NumPy
        each step, as the datasets of the other two sides hand it over

Workloads: mlp (Dense 784-128-10, global batch 256) and cnn (two convolutions, global
batch 64), 16 batches of bench_keras's data, its start weights (bench_keras._same_weights).
Targets (issue 18) at 4 devices: <= 0.6x TF's MirroredStrategy and <= 1.15x the
hand-written JAX step.  The 1- and 2-device rows report the scaling against the same
baselines.  Checks: the loop's and fit's first 5 losses agree with TF's (and the loop's
with JAX's) within bench_keras's training tolerance.
"""
import json
import os
import sys

import numpy as np

import _harness as H
import bench_keras as BK

N_DEVICES = 4
WORKLOADS_BY_NAME = ("mlp", "cnn")
DATA = {"mlp": "mlp256", "cnn": "cnn"}   # bench_keras's data and model of each workload


def _split_cpu(tf):
    """Four logical CPU devices, before the first op (TF and tfcompat alike)."""
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * N_DEVICES)


def _strategy(tf, k):
    return tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(k)])


def _compiled_model(tf, name, strategy):
    with strategy.scope():
        return BK._model(tf, DATA[name])


def loop_workload(name, k):
    """One custom-loop step per step(): returns the global-batch loss before the update."""
    @H.trains
    def factory(tf):
        strategy = _strategy(tf, k)
        keras = tf.keras
        x, y, batch = BK._data(DATA[name])
        with strategy.scope():
            keras.utils.set_random_seed(0)
            model = BK._build(keras, DATA[name])
            BK._same_weights(model)
            optimizer = keras.optimizers.Adam(1e-3)
            optimizer.build(model.trainable_variables)   # (slots made in scope, not traced)
        loss_obj = keras.losses.SparseCategoricalCrossentropy(
            from_logits=True, reduction="none")
        ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(batch).repeat()
        it = iter(strategy.experimental_distribute_dataset(ds))

        def replica_step(xb, yb):
            with tf.GradientTape() as tape:
                loss = tf.nn.compute_average_loss(loss_obj(yb, model(xb, training=True)),
                                                  global_batch_size=batch)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def train_step(inputs):
            per_replica = strategy.run(replica_step, args=inputs)
            return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

        return lambda: float(train_step(next(it)))
    return factory


def fit_workload(name, k):
    """bench_keras's fit workload, its model compiled in the strategy's scope."""
    def factory(tf):
        strategy = _strategy(tf, k)
        model = _compiled_model(tf, name, strategy)
        x, y, batch = BK._data(DATA[name])

        def step():
            hist = model.fit(x, y, batch_size=batch, epochs=1, shuffle=False, verbose=0)
            return float(hist.history["loss"][-1])
        step.fit_args = (tf.keras, model, x, y, batch)
        return step
    return H.trains(factory)


# ----------------------------------------------------------------------------
# The hand-written JAX baseline.

def _jax_params(name):
    """bench_keras's start weights for the model, in Keras's get_weights() order."""
    if name == "mlp":
        shapes = [(784, 128), (128,), (128, 10), (10,)]
    else:
        shapes = [(3, 3, 1, 32), (32,), (3, 3, 32, 64), (64,), (11 * 11 * 64, 10), (10,)]
    rng = np.random.default_rng(0)
    out = []
    for s in shapes:   # bench_keras._same_weights, over shapes
        if len(s) < 2:
            out.append(np.zeros(s, np.float32))
            continue
        field = int(np.prod(s[:-2]))
        lim = np.sqrt(6.0 / ((s[-2] + s[-1]) * field))
        out.append(rng.uniform(-lim, lim, s).astype(np.float32))
    return out


def _jax_logits(name, p, x):
    import jax
    import jax.numpy as jnp
    if name == "mlp":
        return jax.nn.relu(x @ p[0] + p[1]) @ p[2] + p[3]
    dims = ("NHWC", "HWIO", "NHWC")
    h = jax.lax.conv_general_dilated(x, p[0], (1, 1), "VALID", dimension_numbers=dims)
    h = jax.nn.relu(h + p[1])
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = jax.lax.conv_general_dilated(h, p[2], (1, 1), "VALID", dimension_numbers=dims)
    h = jax.nn.relu(h + p[3])
    return h.reshape(h.shape[0], -1) @ p[4] + p[5]


def jax_workload(name, k):
    """Forward, sparse softmax cross entropy (mean), grads and Keras's Adam in one jit."""
    @H.trains
    def factory(_tf):
        import jax
        import jax.numpy as jnp
        from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
        mesh = Mesh(np.array(jax.devices()[:k]), ("batch",))
        rep, shard = NamedSharding(mesh, P()), NamedSharding(mesh, P("batch"))
        x, y, batch = BK._data(DATA[name])
        lr, b1, b2, eps = 1e-3, 0.9, 0.999, 1e-7

        def loss_fn(p, xb, yb):
            logits = _jax_logits(name, p, xb)
            logp = jax.nn.log_softmax(logits)
            return -jnp.mean(jnp.take_along_axis(logp, yb[:, None], axis=1))

        @jax.jit
        def step_fn(p, m, v, t, xb, yb):
            loss, g = jax.value_and_grad(loss_fn)(p, xb, yb)
            t = t + 1
            alpha = lr * jnp.sqrt(1 - b2 ** t) / (1 - b1 ** t)
            m = [mi + (gi - mi) * (1 - b1) for mi, gi in zip(m, g)]
            v = [vi + (gi * gi - vi) * (1 - b2) for vi, gi in zip(v, g)]
            p = [pi - alpha * mi / (jnp.sqrt(vi) + eps) for pi, mi, vi in zip(p, m, v)]
            return p, m, v, t, loss

        params = [jax.device_put(w, rep) for w in _jax_params(name)]
        state = {"p": params, "m": [jnp.zeros_like(w) for w in params],
                 "v": [jnp.zeros_like(w) for w in params],
                 "t": jax.device_put(jnp.float32(0), rep), "i": 0}
        batches = len(x) // batch

        def step():
            i = state["i"] % batches
            state["i"] += 1
            xb = jax.device_put(x[i * batch:(i + 1) * batch], shard)
            yb = jax.device_put(y[i * batch:(i + 1) * batch], shard)
            state["p"], state["m"], state["v"], state["t"], loss = step_fn(
                state["p"], state["m"], state["v"], state["t"], xb, yb)
            return float(loss)
        return step
    return factory


# ----------------------------------------------------------------------------

def _device_counts(opts):
    return [opts.devices] if opts.devices else [1, 2, N_DEVICES]


def _names(opts):
    if opts.only:
        return [opts.only]
    return [f"{w}_{mode}{k}" for k in _device_counts(opts) for w in WORKLOADS_BY_NAME
            for mode in ("loop", "fit")]


WORKLOADS = {}
for _k in (1, 2, N_DEVICES):
    for _w in WORKLOADS_BY_NAME:
        WORKLOADS[f"{_w}_loop{_k}"] = loop_workload(_w, _k)
        WORKLOADS[f"{_w}_fit{_k}"] = fit_workload(_w, _k)
        WORKLOADS[f"{_w}_jax{_k}"] = jax_workload(_w, _k)


def run_side(tf, opts):
    """Loops through the harness's timing, fits through bench_keras.measure_fit."""
    out = {}
    for name in _names(opts):
        try:
            if "_fit" in name:
                out[name] = BK.measure_fit(WORKLOADS[name], tf, opts)
            else:
                out[name] = H.measure(WORKLOADS[name], tf, opts.warmup, opts.repeats,
                                      opts.min_time)
        except Exception as e:  # report, keep going
            out[name] = {"error": H.err_str(e)}
    return out


def _rows(opts):
    rows = []
    for k in _device_counts(opts):
        gate = k == N_DEVICES
        for w in WORKLOADS_BY_NAME:
            for mode, what in (("loop", "strategy.run loop"), ("fit", "fit in scope()")):
                rows += [(f"{w} {what}, {k} device{'s' * (k > 1)}", f"{w}_{mode}{k}", "tf",
                          f"{w}_{mode}{k}", 0.6 if gate else float("inf")),
                         ("   same, against hand-written JAX", f"{w}_{mode}{k}",
                          "jax" if mode == "loop" else "jax_step", f"{w}_jax{k}",
                          1.15 if gate else float("inf"))]
    return rows


def main(argv=None):
    ap = H.make_parser(__doc__)
    ap.add_argument("--devices", type=int, choices=(1, 2, N_DEVICES),
                    help="only the rows of this many devices (default: 1, 2 and 4)")
    ap.add_argument("--only", choices=sorted(WORKLOADS),
                    help="(internal) with --emit-json: one workload")
    ap.set_defaults(warmup=2, repeats=5, min_time=0.3)
    opts = ap.parse_args(argv)
    if opts.emit_json:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import tensorflow as tf
        _split_cpu(tf)
        print(json.dumps({"framework": "tensorflow", "version": tf.__version__,
                          "python": sys.executable, "results": run_side(tf, opts)}))
        return 0

    import time
    t_start = time.perf_counter()
    errors = []
    # (TF's side: a process per workload; TF's collectives fail once a process has made
    # several MirroredStrategies over the same devices)
    base = {"tf": {}}
    for name in _names(opts):
        result, tf_note = H.tf_side(__file__, opts, mode="MirroredStrategy",
                                    extra_args=["--only", name])
        base["tf"].update(result)
    tf = H.import_tfcompat()
    _split_cpu(tf)
    base["jax"] = {}
    for k in _device_counts(opts):
        for w in WORKLOADS_BY_NAME:
            try:
                base["jax"][f"{w}_jax{k}"] = H.measure(WORKLOADS[f"{w}_jax{k}"], None,
                                                       opts.warmup, opts.repeats,
                                                       opts.min_time)
            except Exception as e:  # report, keep going
                base["jax"][f"{w}_jax{k}"] = {"error": H.err_str(e)}
    ours = run_side(tf, opts)
    # fit's check is its epoch losses, not comparable with a step's: time only
    base["jax_step"] = {n: {**r, "check": None} for n, r in base["jax"].items()}
    import jax
    H.print_header("bench_distribute", f"tfcompat {tf.__version__}, jax {jax.__version__}",
                   opts, tf_note)
    print(f"us per global batch; targets apply at {N_DEVICES} devices (inf: reported only)\n")
    table = H.print_table(_rows(opts), ours, base, errors, label_width=46,
                          rtol=BK.FIT_RTOL, atol=BK.FIT_ATOL)
    return H.finish(opts, table, errors, t_start, tf_note)


if __name__ == "__main__":
    sys.exit(main())
