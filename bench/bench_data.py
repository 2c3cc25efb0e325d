"""tf.data input pipeline benchmarks for tfcompat (issue 16): reading the batches of a
`from_tensor_slices` dataset eagerly, against TF's tf.data.

    .venv/bin/python bench/bench_data.py                     # tfcompat vs TF
    /tmp/tfref/bin/python bench/bench_data.py --emit-json    # TF side only, JSON

Each step is `next(it)` on an endless iterator (the pipeline ends in `.repeat()`) and
reads the batch back (`.numpy()`: its labels' sum and its first feature), over
(x, y) = 4096 rows of 784 float32 features and int64 labels (bench_keras's MLP input):

  batch     from_tensor_slices((x, y)).batch(32)
  shuffle   from_tensor_slices((x, y)).shuffle(1000, seed=7).batch(32)
  map       from_tensor_slices((x, y)).map(lambda a, b: (a * 2.0, b + 1)).batch(32)
  map_batched  the same map after the batch (one traced call per batch)

Targets (issue 16): <= 1.0x TF for batch and shuffle, <= 0.5x for the two traced-map
rows. Checks: the first 5 batches' values agree with TF's (shuffle: TF's order).
"""
import sys
import time

import numpy as np

import _harness as H

ROWS_OF_DATA = 4096
BATCH = 32


def _data():
    rng = np.random.default_rng(0)
    x = rng.uniform(0.0, 1.0, (ROWS_OF_DATA, 784)).astype(np.float32)
    y = rng.integers(0, 10, ROWS_OF_DATA).astype(np.int64)
    return x, y


def _reader(make):
    """A workload reading one batch of the dataset `make(tf, x, y)` per step."""
    def factory(tf):
        x, y = _data()
        it = iter(make(tf, x, y).repeat())

        def step():
            xb, yb = next(it)
            return [float(yb.numpy().sum()), float(xb.numpy()[0, 0])]
        return step
    return factory


WORKLOADS = {
    "batch": _reader(lambda tf, x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(BATCH)),
    "shuffle": _reader(lambda tf, x, y: tf.data.Dataset.from_tensor_slices((x, y)).shuffle(
        1000, seed=7).batch(BATCH)),
    "map": _reader(lambda tf, x, y: tf.data.Dataset.from_tensor_slices((x, y)).map(
        lambda a, b: (a * 2.0, b + 1)).batch(BATCH)),
    "map_batched": _reader(lambda tf, x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(
        BATCH).map(lambda a, b: (a * 2.0, b + 1))),
}
NAMES = list(WORKLOADS)

# (label, tfcompat workload, baseline side, baseline workload, target ratio)
ROWS = [
    ("a. from_tensor_slices((x, y)).batch(32)", "batch", "tf", "batch", 1.0),
    ("b. ... .shuffle(1000).batch(32)", "shuffle", "tf", "shuffle", 1.0),
    ("c. ... .map(f).batch(32), f traced", "map", "tf", "map", 0.5),
    ("d. ... .batch(32).map(f), f traced", "map_batched", "tf", "map_batched", 0.5),
]


def main(argv=None):
    opts = H.make_parser(__doc__).parse_args(argv)
    if opts.emit_json:
        return H.emit_json(NAMES, WORKLOADS, opts)
    t_start = time.perf_counter()
    errors = []
    ours, ours_ver = H.run_ours([], NAMES, WORKLOADS, opts, errors)
    base = {}
    base["tf"], tf_note = H.tf_side(__file__, opts)
    H.print_header("bench_data", ours_ver, opts, tf_note)
    print("us per batch read\n")
    table = H.print_table(ROWS, ours, base, errors)
    return H.finish(opts, table, errors, t_start, tf_note)


if __name__ == "__main__":
    sys.exit(main())
