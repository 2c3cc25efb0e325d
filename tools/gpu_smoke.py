"""A GPU smoke check of tfcompat's jit paths: training steps under tf.function and eagerly,
random ops, tf.data in tf.function, convolutions and their gradients, integer and float64
ops, host callbacks, control flow, Keras fit, checkpoints (tools/gpu_check.sh runs it).

    python tools/gpu_smoke.py --save gpu.npz      # on the GPU machine: run, save results
    .venv/bin/python tools/gpu_smoke.py --compare gpu.npz   # here, on the CPU: compare

The comparison is exact for integers and strings and reports float differences (float32
products and convolutions take TensorFloat-32 on a GPU, as TF's do).
"""
import argparse
import os
import tempfile
import time
import traceback

import numpy as np

import tfcompat as tf


def to_np(x):
    if isinstance(x, (list, tuple)):
        return [to_np(v) for v in x]
    if isinstance(x, dict):
        return {k: to_np(v) for k, v in x.items()}
    return x.numpy() if hasattr(x, "numpy") else np.asarray(x)


def flat(x):
    if isinstance(x, list):
        return [y for v in x for y in flat(v)]
    if isinstance(x, dict):
        return [y for k in sorted(x) for y in flat(x[k])]
    return [np.asarray(x)]


CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


@check
def mlp_function_step():
    tf.random.set_seed(0)
    w1 = tf.Variable(tf.random.normal([20, 64]))
    b1 = tf.Variable(tf.zeros([64]))
    w2 = tf.Variable(tf.random.normal([64, 3]) * 0.1)
    x = tf.random.normal([128, 20])
    y = tf.random.uniform([128], maxval=3, dtype=tf.int32)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ w1 + b1)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, h @ w2))
        for v, g in zip([w1, b1, w2], tape.gradient(loss, [w1, b1, w2])):
            v.assign_sub(0.05 * g)
        return loss
    return {"losses": [float(step(x, y)) for _ in range(10)], "w2": w2, "y": y,
            "dev": w1.device}


@check
def eager_step_and_jit_compile():
    tf.random.set_seed(1)
    v = tf.Variable(tf.random.uniform([16, 16]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.sin(v @ v))
    f = tf.function(lambda a: tf.reduce_sum(tf.exp(a) * 2.0, axis=0), jit_compile=True)
    return {"g": tape.gradient(loss, v), "jit": f(v)}


@check
def random_ops():
    tf.random.set_seed(5)
    g = tf.random.Generator.from_seed(7)

    @tf.function
    def f():
        return (tf.random.uniform([4], maxval=1000, dtype=tf.int32),
                g.uniform([3], maxval=9, dtype=tf.int64))
    return {"normal": tf.random.normal([6]),
            "uniform_int": tf.random.uniform([8], maxval=100, dtype=tf.int64),
            "stateless": tf.random.stateless_uniform([5], seed=[1, 2]),
            "stateless_int": tf.random.stateless_uniform([5], seed=[1, 2], minval=0,
                                                         maxval=1000, dtype=tf.int32),
            "generator": [g.normal([4]), g.uniform([4], maxval=50, dtype=tf.int32)],
            "function": list(f()), "shuffle": tf.random.shuffle(tf.range(10), seed=3)}


@check
def dataset_in_function():
    ds = tf.data.Dataset.range(10).shuffle(10, seed=1).batch(3)

    @tf.function
    def total(ds):
        s = tf.constant(0, tf.int64)
        for b in ds:
            s += tf.reduce_sum(b) * tf.cast(tf.shape(b)[0], tf.int64)
        return s

    @tf.function
    def reduced(ds):
        return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + tf.reduce_sum(b))
    element = next(iter(tf.data.Dataset.range(6).map(lambda i: i * i).batch(4)))
    return {"loop": total(ds), "reduce": reduced(ds), "element": element,
            "order": list(tf.data.Dataset.range(10).shuffle(10, seed=1).as_numpy_iterator()),
            "dev": element.device}


@check
def conv_and_transpose_gradients():
    x = tf.reshape(tf.cast(tf.range(2 * 8 * 8 * 3) % 7, tf.float32), [2, 8, 8, 3])
    w = tf.reshape(tf.cast(tf.range(3 * 3 * 3 * 4) % 5 - 2, tf.float32), [3, 3, 3, 4])
    wt = tf.reshape(tf.cast(tf.range(4 * 4 * 2 * 3) % 3 - 1, tf.float32), [4, 4, 2, 3])

    @tf.function
    def f(x, w, wt):
        with tf.GradientTape() as tape:
            tape.watch([x, w, wt])
            y = tf.nn.conv2d(x, w, 1, "SAME")
            z = tf.nn.conv2d_transpose(x, wt, [2, 16, 16, 2], 2, "SAME")
            p = tf.nn.max_pool2d(y, 2, 2, "VALID")
            loss = tf.reduce_sum(y * y) + tf.reduce_sum(z) + tf.reduce_sum(p)
        return [loss] + tape.gradient(loss, [x, w, wt])
    return {"function": f(x, w, wt)}


@check
def integers_and_float64():
    a = tf.constant([7, -7, 9, 2**31 - 1], tf.int32)
    b = tf.constant([2, 2, -4, 3], tf.int32)
    d = tf.constant([1.0, 2.0, 3.0], tf.float64)

    @tf.function
    def f(a, b, d):
        return [a // b, a % b, tf.bitwise.left_shift(a, 1), tf.math.cumsum(a),
                tf.math.unsorted_segment_sum(a, [0, 1, 0, 1], 2), tf.sort(-a),
                tf.argmax(tf.cast(a, tf.float32)), d ** 0.5, tf.math.lgamma(d),
                tf.linalg.inv(tf.eye(3, dtype=tf.float64) * d)]
    return {"function": f(a, b, d), "eager": [a // b, a % b, tf.math.reduce_prod(b)]}


@check
def host_callbacks_in_function():
    @tf.function
    def f(x):
        y = tf.py_function(lambda v: v * 2, [x], tf.float32)
        z = tf.numpy_function(lambda v: (v + 1).astype(np.float32), [x], tf.float32)
        tf.print("tf.print in a function:", tf.reduce_sum(x))
        return y + z, tf.strings.length(tf.strings.as_string(tf.cast(x, tf.int32)))
    return {"function": list(f(tf.constant([1.0, 22.0, 333.0])))}


@check
def run_time_check_in_a_loop():
    x = tf.constant([1.0, 2.0, 3.0])

    @tf.function
    def f(i):
        return tf.while_loop(lambda k, acc: k < 3,
                             lambda k, acc: (k + 1, acc + tf.gather(x, i + k)), [0, 0.0])
    try:
        f(tf.constant(1))
        error = "none"
    except tf.errors.InvalidArgumentError as e:   # (raised by the call, as TF raises it)
        error = str(e).splitlines()[-1]
    return {"ok": f(tf.constant(0))[1], "error": np.array(error)}


@check
def control_flow_and_tensor_array():
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=8)
        i, acc = tf.constant(0), tf.constant(0.0)
        while i < n:
            acc = acc + tf.cast(i, tf.float32) ** 2
            ta = ta.write(i, acc)
            i += 1
        return acc, ta.stack(), tf.cond(n > 3, lambda: tf.constant(1), lambda: tf.constant(2))
    return {"six": list(f(tf.constant(6))), "two": list(f(tf.constant(2)))}


@check
def keras_fit():
    tf.keras.utils.set_random_seed(0)
    x = np.random.RandomState(0).rand(256, 8).astype("float32")
    y = (x.sum(1) > 4).astype("int32")
    model = tf.keras.Sequential([tf.keras.layers.Input((8,)),
                                 tf.keras.layers.Dense(16, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=32, epochs=3, verbose=0, shuffle=False)
    return {"loss": history.history["loss"], "predict": model.predict(x[:4], verbose=0),
            "dev": model.weights[0].value.device}


@check
def checkpoint_and_saved_model():
    v = tf.Variable(tf.range(5, dtype=tf.float32))
    ckpt = tf.train.Checkpoint(v=v)
    folder = tempfile.mkdtemp()
    path = ckpt.write(os.path.join(folder, "ckpt"))
    v.assign(tf.zeros([5]))
    ckpt.read(path)
    module = tf.Module()
    module.v = tf.Variable([1.0, 2.0])
    module.f = tf.function(lambda x: x * module.v,
                           input_signature=[tf.TensorSpec([2], tf.float32)])
    tf.saved_model.save(module, os.path.join(folder, "saved"))
    loaded = tf.saved_model.load(os.path.join(folder, "saved"))
    return {"restored": v, "saved_model": loaded.f(tf.constant([3.0, 4.0]))}


def compare(x, y):
    """What differs between arrays `x` (the GPU's) and `y` (the CPU's), or None."""
    if x.dtype.kind in "USO" or x.dtype.kind in "iub":
        return None if np.array_equal(x, y) else f"{x!r} vs {y!r}"
    if x.dtype != y.dtype or x.shape != y.shape:
        return f"dtype/shape {x.dtype}{x.shape} vs {y.dtype}{y.shape}"
    if np.array_equal(x, y, equal_nan=True):
        return None
    rel = np.max(np.abs(x - y) / (np.abs(y) + 1e-6))
    return f"{x.dtype} max relative difference {rel:.2e}" + (" (over 2e-3)" if rel > 2e-3 else "")


def run_checks():
    import jax
    print("jax", jax.__version__, jax.devices(), "| physical", tf.config.list_physical_devices())
    print("built_with_cuda", tf.test.is_built_with_cuda(), "| constant on",
          tf.constant(1.0).device, "| variable on", tf.Variable(1.0).device)
    results = {}
    for fn in CHECKS:
        t0 = time.time()
        try:
            out = fn()
        except Exception:   # noqa: BLE001 (reported; the other checks still run)
            print(f"{fn.__name__}: EXCEPTION")
            traceback.print_exc(limit=6)
            continue
        print(f"{fn.__name__}: ok in {time.time() - t0:.1f}s", out.pop("dev", ""), flush=True)
        for i, a in enumerate(flat(to_np(out))):
            results[f"{fn.__name__}|{i}"] = a
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--save", help="write the results to this .npz")
    ap.add_argument("--compare", help="run here and compare with this .npz")
    opts = ap.parse_args()
    results = run_checks()
    if opts.save:
        np.savez(opts.save, **results)
    if opts.compare:
        with np.load(opts.compare, allow_pickle=True) as saved:
            for key in sorted(set(saved.files) | set(results)):
                if key not in saved.files or key not in results:
                    print(key, "only on", "the CPU" if key in results else "the GPU")
                    continue
                diff = compare(saved[key], results[key])
                if diff:
                    print(key, diff)


if __name__ == "__main__":
    main()
