"""Convolutional network benchmarks for tfcompat (issue 16), measured side by side in one run.

    .venv/bin/python bench/bench_conv.py                      # tfcompat vs JAX and TF
    .venv/bin/python bench/bench_conv.py --tf-python /path/to/python-with-tensorflow
    /tmp/tfref/bin/python bench/bench_conv.py --emit-json     # TF side only, prints JSON

Workloads (the TF code is written once, with tf.nn ops and Variables, and runs under
tfcompat and TF; the hand-written JAX baselines run in the tfcompat process):

  a. a small CNN's training step, batch 64 of 28x28x1: Conv2D 32 3x3 VALID, ReLU,
     MaxPool 2, Conv2D 64 3x3 VALID, ReLU, Flatten, Dense 10, softmax cross entropy,
     `assign_sub(0.01 * g)` on the six Variables.  As a @tf.function against TF's
     tf.function (target <= 1.0x) and against the same step hand-written with jax.jit
     (reference 1.15x); eagerly against TF eager (target <= 0.7x).
  b. a ResNet-style block's training step, batch 32 of 32x32x3: Conv2D 16 3x3 SAME,
     ReLU, then conv-ReLU-conv (16, 3x3 SAME) added to its input, ReLU, MaxPool 2,
     global average pooling, Dense 10; the same rows as a.
  c. a DCGAN-style generator's training step, batch 64 of 64 noise values: Dense 7x7x32,
     ReLU, conv2d_transpose 16 4x4 stride 2 SAME, ReLU, conv2d_transpose 1 4x4 stride 2
     SAME, sigmoid, mean squared error against 28x28x1 images; the same rows as a (the JAX
     baseline uses lax.conv_transpose, whose filter gradient JAX derives itself).

TF's CPU convolutions are oneDNN's; tfcompat's are XLA:CPU's own Eigen kernels (tfcompat
turns YNNPACK's convolutions off: framework/xla_flags.py; the hand-written JAX baseline runs
in the same process, so with the same flag).  Timing, the TF subprocess, the checks (each
side's first 5 steps agree within rtol 1e-4 and the loss decreases over them) and the table
are bench/_harness.py's; the tfcompat/JAX pairs are timed interleaved.
"""
import sys
import time

import numpy as np

import _harness as H

CNN = dict(batch=64, image=(28, 28, 1))
RES = dict(batch=32, image=(32, 32, 3))
DEC = dict(batch=64)


def _cnn_init():
    rng = np.random.default_rng(0)
    n, (h, w, c) = CNN["batch"], CNN["image"]
    params = [rng.standard_normal((3, 3, c, 32)) * 0.3, np.zeros(32),
              rng.standard_normal((3, 3, 32, 64)) * 0.06, np.zeros(64),
              rng.standard_normal((11 * 11 * 64, 10)) * 0.01, np.zeros(10)]
    x = rng.uniform(0.0, 1.0, (n, h, w, c))
    labels = np.eye(10)[rng.integers(0, 10, n)]
    return [p.astype(np.float32) for p in params], x.astype(np.float32), \
        labels.astype(np.float32)


def _res_init():
    rng = np.random.default_rng(1)
    n, (h, w, c) = RES["batch"], RES["image"]
    params = [rng.standard_normal((3, 3, c, 16)) * 0.2, np.zeros(16),
              rng.standard_normal((3, 3, 16, 16)) * 0.08, np.zeros(16),
              rng.standard_normal((3, 3, 16, 16)) * 0.08, np.zeros(16),
              rng.standard_normal((16, 10)) * 0.1, np.zeros(10)]
    x = rng.uniform(0.0, 1.0, (n, h, w, c))
    labels = np.eye(10)[rng.integers(0, 10, n)]
    return [p.astype(np.float32) for p in params], x.astype(np.float32), \
        labels.astype(np.float32)


def _dec_init():
    rng = np.random.default_rng(2)
    params = [rng.standard_normal((64, 7 * 7 * 32)) * 0.1, np.zeros(7 * 7 * 32),
              rng.standard_normal((4, 4, 16, 32)) * 0.05, np.zeros(16),
              rng.standard_normal((4, 4, 1, 16)) * 0.05, np.zeros(1)]
    z = rng.standard_normal((DEC["batch"], 64))
    images = rng.uniform(0.0, 1.0, (DEC["batch"], 28, 28, 1))
    return [p.astype(np.float32) for p in params], z.astype(np.float32), \
        images.astype(np.float32)


def _cross_entropy(tf, logits, labels):
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels, logits))


def _cnn_loss(tf, p, x, labels):
    return _cross_entropy(tf, _cnn_logits(tf, p, x), labels)


def _res_loss(tf, p, x, labels):
    return _cross_entropy(tf, _res_logits(tf, p, x), labels)


def _dec_loss(tf, p, z, images):
    n = DEC["batch"]
    h = tf.reshape(tf.nn.relu(tf.matmul(z, p[0]) + p[1]), [n, 7, 7, 32])
    h = tf.nn.relu(tf.nn.conv2d_transpose(h, p[2], [n, 14, 14, 16], 2, "SAME") + p[3])
    out = tf.nn.conv2d_transpose(h, p[4], [n, 28, 28, 1], 2, "SAME") + p[5]
    return tf.reduce_mean(tf.square(tf.sigmoid(out) - images))


def _cnn_logits(tf, p, x):
    h = tf.nn.relu(tf.nn.conv2d(x, p[0], 1, "VALID") + p[1])
    h = tf.nn.max_pool2d(h, 2, 2, "VALID")
    h = tf.nn.relu(tf.nn.conv2d(h, p[2], 1, "VALID") + p[3])
    return tf.matmul(tf.reshape(h, [CNN["batch"], -1]), p[4]) + p[5]


def _res_logits(tf, p, x):
    h = tf.nn.relu(tf.nn.conv2d(x, p[0], 1, "SAME") + p[1])
    r = tf.nn.relu(tf.nn.conv2d(h, p[2], 1, "SAME") + p[3])
    h = tf.nn.relu(h + tf.nn.conv2d(r, p[4], 1, "SAME") + p[5])
    h = tf.reduce_mean(tf.nn.max_pool2d(h, 2, 2, "VALID"), axis=[1, 2])
    return tf.matmul(h, p[6]) + p[7]


MODELS = {"cnn": (_cnn_init, _cnn_loss), "res": (_res_init, _res_loss),
          "dec": (_dec_init, _dec_loss)}


def tf_step(model, function):
    """Factory of the model's training step under tfcompat or TF, eager or tf.function."""
    init_fn, loss_fn = MODELS[model]

    def factory(tf):
        init, x_np, labels_np = init_fn()
        params = [tf.Variable(p) for p in init]
        x, labels = tf.constant(x_np), tf.constant(labels_np)

        def train_step(x, labels):
            with tf.GradientTape() as tape:
                loss = loss_fn(tf, params, x, labels)
            for v, g in zip(params, tape.gradient(loss, params)):
                v.assign_sub(0.01 * g)
            return loss
        run = tf.function(train_step) if function else train_step

        def step():
            return float(run(x, labels).numpy())
        return step
    return H.trains(factory)


class _JaxNN:
    """The tf.nn/tf.* names the models use, as plain JAX (NHWC, HWIO)."""

    def __init__(self):
        import jax
        import jax.numpy as jnp
        from jax import lax
        self.jnp, self.lax = jnp, lax
        self.nn = self
        self.relu, self.sigmoid = jax.nn.relu, jax.nn.sigmoid
        self.reshape, self.matmul, self.square = jnp.reshape, jnp.matmul, jnp.square
        self.log_softmax = jax.nn.log_softmax

    def conv2d(self, x, w, stride, padding):
        return self.lax.conv_general_dilated(x, w, (stride, stride), padding,
                                             dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def max_pool2d(self, x, k, s, padding):
        return self.lax.reduce_window(x, -self.jnp.inf, self.lax.max, (1, k, k, 1),
                                      (1, s, s, 1), padding)

    def conv2d_transpose(self, x, w, output_shape, stride, padding):
        return self.lax.conv_transpose(x, w, (stride, stride), padding,
                                       dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                       transpose_kernel=True)

    def softmax_cross_entropy_with_logits(self, labels, logits):
        return -self.jnp.sum(labels * self.log_softmax(logits), axis=-1)

    def reduce_mean(self, x, axis=None):
        return self.jnp.mean(x, axis=None if axis is None else tuple(axis))


def jax_step(model):
    """Factory of the same step hand-written with jax.jit + jax.value_and_grad."""
    init_fn, loss_fn = MODELS[model]

    def factory(_tf=None):
        import jax
        import jax.numpy as jnp
        nn = _JaxNN()
        init, x_np, labels_np = init_fn()
        x, labels = jnp.asarray(x_np), jnp.asarray(labels_np)

        @jax.jit
        def train_step(params, x, labels):
            loss, grads = jax.value_and_grad(
                lambda p: loss_fn(nn, p, x, labels))(params)
            return loss, [p - 0.01 * g for p, g in zip(params, grads)]

        state = [[jnp.asarray(p) for p in init]]

        def step():
            loss, state[0] = train_step(state[0], x, labels)
            return float(loss)
        return step
    return H.trains(factory)


WORKLOADS = {
    "cnn_fn": tf_step("cnn", True), "cnn_eager": tf_step("cnn", False),
    "cnn_jax": jax_step("cnn"),
    "res_fn": tf_step("res", True), "res_eager": tf_step("res", False),
    "res_jax": jax_step("res"),
    "dec_fn": tf_step("dec", True), "dec_eager": tf_step("dec", False),
    "dec_jax": jax_step("dec"),
}
TF_NAMES = ["cnn_fn", "cnn_eager", "res_fn", "res_eager", "dec_fn", "dec_eager"]
PAIRS = [("cnn_fn", "cnn_jax"), ("res_fn", "res_jax"), ("dec_fn", "dec_jax")]

ROWS = [
    ("a. CNN step, b64 28x28x1, tf.function", "cnn_fn", "tf", "cnn_fn", 1.0),
    ("   same, against hand-written jax.jit", "cnn_fn", "jax", "cnn_jax", 1.15),
    ("   same step eager, against TF eager", "cnn_eager", "tf", "cnn_eager", 0.7),
    ("b. ResNet-style block step, b32 32x32x3, tf.function", "res_fn", "tf", "res_fn", 1.0),
    ("   same, against hand-written jax.jit", "res_fn", "jax", "res_jax", 1.15),
    ("   same step eager, against TF eager", "res_eager", "tf", "res_eager", 0.7),
    ("c. DCGAN-style generator step, b64, tf.function", "dec_fn", "tf", "dec_fn", 1.0),
    ("   same, against hand-written jax.jit", "dec_fn", "jax", "dec_jax", 1.15),
    ("   same step eager, against TF eager", "dec_eager", "tf", "dec_eager", 0.7),
]


def main(argv=None):
    opts = H.make_parser(__doc__).parse_args(argv)
    if opts.emit_json:
        return H.emit_json(TF_NAMES, WORKLOADS, opts)

    t_start = time.perf_counter()
    errors = []
    ours, ours_ver = H.run_ours([], ["cnn_eager", "res_eager", "dec_eager"], WORKLOADS, opts, errors,
                                pairs=PAIRS)
    base = {"jax": {k: ours.get(k) for k in ("cnn_jax", "res_jax", "dec_jax")}}
    base["tf"], tf_note = H.tf_side(__file__, opts, mode="eager and tf.function")

    H.print_header("bench_conv", ours_ver, opts, tf_note)
    table = H.print_table(ROWS, ours, base, errors, label_width=54)
    return H.finish(opts, table, errors, t_start, tf_note)


if __name__ == "__main__":
    sys.exit(main())
