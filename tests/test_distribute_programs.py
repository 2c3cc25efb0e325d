"""The programs MirroredStrategy compiles (issue 18, "Speed"): on four virtual CPU devices a
custom training step (strategy.run and strategy.reduce in a tf.function) and Keras fit in
the strategy's scope hold the collectives a hand-written data-parallel JAX step holds,
and few more: one all-reduce of the gradients (XLA combines them), one all-gather per
reduced per-replica result. A SyncOnRead variable's replica values enter the program
sharded (no all-gather), an ONLY_FIRST_REPLICA update of a value every replica computes
alike (the optimizer's iteration count) is no collective, and per-replica results are
combined without a collective per replica. Each collective costs a rendezvous of the
devices' threads. A distributed iterator's batch read by the compiled step reaches it as
host arrays (one transfer to the replicas' devices, not a copy from the first one).
The values are TF's (tests/test_distribute_mirrored.py); here only the programs."""
import collections
import os
import re
import subprocess
import sys

import reference_scripts

_PROGRAM = r"""
import numpy as np
import tfcompat as tf
from tfcompat.distribute import traced_partial

keras = tf.keras
strategy = tf.distribute.MirroredStrategy()
rng = np.random.default_rng(0)
x = rng.uniform(size=(64, 8)).astype(np.float32)
y = rng.integers(0, 4, 64).astype(np.int32)
with strategy.scope():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])
    optimizer = keras.optimizers.Adam(1e-3)
    optimizer.build(model.trainable_variables)
    mean = keras.metrics.Mean()
loss_obj = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
it = iter(strategy.experimental_distribute_dataset(
    tf.data.Dataset.from_tensor_slices((x, y)).batch(16).repeat()))


def replica_step(xb, yb):
    with tf.GradientTape() as tape:
        loss = tf.nn.compute_average_loss(loss_obj(yb, model(xb, training=True)),
                                          global_batch_size=16)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    mean.update_state(loss)
    return loss


@tf.function
def train_step(inputs):
    return strategy.reduce("SUM", strategy.run(replica_step, args=inputs), axis=None)


losses = [float(train_step(next(it))) for _ in range(3)]
print(strategy.num_replicas_in_sync, int(optimizer.iterations.numpy()),
      losses[-1] < losses[0], float(mean.count.numpy()))
read, pull = [], traced_partial._pull_fitting
traced_partial._pull_fitting = lambda *a: read.append(pull(*a)) or read[-1]
with strategy.scope():
    model.compile(optimizer=keras.optimizers.Adam(1e-3), metrics=["accuracy"],
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(x, y, batch_size=16, epochs=1, verbose=0)
print(len(read), sorted({type(a).__name__ for flat in read for a in flat}))
"""

_COLLECTIVE = re.compile(r"\s(all-reduce|all-gather|collective-permute)\(")


def _collectives(path):
    """{collective: count} in the entry computation of an optimized HLO dump."""
    with open(path) as f:
        text = f.read()
    entry = text[text.index("\nENTRY "):]
    return dict(collections.Counter(_COLLECTIVE.findall(entry[:entry.index("\n}")])))


def test_training_programs_hold_few_collectives(tmp_path):
    flags = (f"--xla_force_host_platform_device_count=4 --xla_dump_to={tmp_path} "
             f"--xla_dump_hlo_as_text")
    p = subprocess.run([sys.executable, "-c", _PROGRAM], capture_output=True, text=True,
                       timeout=400, cwd=reference_scripts.ROOT,
                       env=dict(os.environ, PYTHONPATH=str(reference_scripts.ROOT),
                                XLA_FLAGS=flags))
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.splitlines() == ["4 3 True 12.0", "4 ['ndarray']"]
    programs = collections.defaultdict(list)
    for name in os.listdir(tmp_path):
        found = re.search(r"jit___inference_(train_step|multi_step_on_iterator)_\d+\."
                          r"(?:cpu_)?after_optimizations\.txt$", name)
        if found:
            programs[found.group(1)].append(_collectives(tmp_path / name))
    # (the loss's SUM over the replicas: one all-gather; fit reduces its two logs)
    assert programs["train_step"] == [{"all-reduce": 1, "all-gather": 1}]
    assert programs["multi_step_on_iterator"]
    assert all(c == {"all-reduce": 1, "all-gather": 2}
               for c in programs["multi_step_on_iterator"]), programs
