"""Prints the reference values of tests/test_distribute_autoshard.py: what each worker of
a two-worker MultiWorkerMirroredStrategy reads from experimental_distribute_dataset under
each tf.data AutoShardPolicy. Run it under real TF 2.21
(``/tmp/tfref/bin/python tools/distribute_autoshard_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_autoshard_reference.py``); the test holds TF's
output as a literal.

This process writes four TFRecord files of four records each (and two text files) in a
temporary folder, starts two worker processes of this script (``--worker I PORT0 PORT1
FOLDER``, each bounded in time) on 127.0.0.1 with a TF_CONFIG naming both, and prints
what both print: per case, the worker's local values of each step (or the error class
and the start of its message). ``--local``: see local_cases."""
import json
import os
import pprint
import shutil
import sys
import tempfile

import tensorflow as tf

import reference_cluster

def local_cases():
    """``--local``: one process, the FILE rewrite of a worker's pipeline alone (TF's
    _AutoShardDataset; tfcompat's auto_shard.shard_by_file): {case: the values read, or
    the error class and the start of its message}."""
    if "tfcompat" in tf.__file__:
        from tfcompat.data import auto_shard
        from tfcompat.framework.context import x64_scope

        def shard(dataset, num_workers, index):
            with x64_scope():   # (an internal function, called here as a strategy calls it)
                sharded, error = auto_shard.shard_by_file(dataset, num_workers, index)
            if error is not None:
                raise error
            return sharded
    else:
        from tensorflow.python.data.experimental.ops import distribute

        def shard(dataset, num_workers, index):
            options = tf.data.Options()
            options.experimental_distribute.auto_shard_policy = \
                tf.data.experimental.AutoShardPolicy.FILE
            return distribute._AutoShardDataset(dataset.with_options(options), num_workers,
                                                index, num_workers)
    folder = tempfile.mkdtemp()
    names = []
    for f in range(4):
        names.append(os.path.join(folder, f"f{f}.tfrecord"))
        with tf.io.TFRecordWriter(names[-1]) as writer:
            for r in range(2):
                writer.write(str(10 * f + r).encode())
    cached = tf.data.TFRecordDataset(names).cache()
    cached_before = len(list(cached))
    cases = {
        "take_repeat": lambda: shard(tf.data.TFRecordDataset(names).take(3).repeat(2), 2, 1),
        "cache_filled_before": lambda: shard(cached, 2, 0),
        "three_files_4_3": lambda: shard(tf.data.TFRecordDataset(names[:3]), 4, 3),
        "three_files_4_0": lambda: shard(tf.data.TFRecordDataset(names[:3]), 4, 0),
        "three_files_4_1": lambda: shard(tf.data.TFRecordDataset(names[:3]), 4, 1),
        "three_files_2_1": lambda: shard(tf.data.TFRecordDataset(names[:3]), 2, 1),
        "names_shuffled": lambda: shard(tf.data.Dataset.from_tensor_slices(names)
                                        .shuffle(4, seed=5).map(lambda n: n)
                                        .shuffle(4, seed=7).flat_map(tf.data.TFRecordDataset),
                                        2, 1),
        "parallel_reads": lambda: shard(tf.data.TFRecordDataset(names, num_parallel_reads=2),
                                        2, 0),
        "concatenate": lambda: shard(tf.data.TFRecordDataset(names[:2]).concatenate(
            tf.data.TFRecordDataset(names[2:])), 2, 1),
        "from_tensors": lambda: shard(tf.data.Dataset.from_tensors(names)
                                      .flat_map(tf.data.TFRecordDataset), 2, 1),
        "range": lambda: shard(tf.data.Dataset.range(4), 2, 0),
        "tensor_slices": lambda: shard(tf.data.Dataset.from_tensor_slices(["1"]).map(
            lambda x: x + "0"), 2, 0),
        "generator": lambda: shard(tf.data.Dataset.from_generator(
            lambda: iter(["1"]), output_signature=tf.TensorSpec([], tf.string)), 2, 0),
        "scan": lambda: shard(tf.data.TFRecordDataset(names).scan(
            "", lambda s, x: (s, x)), 2, 0),
        "unique": lambda: shard(tf.data.TFRecordDataset(names).unique(), 2, 0),
        "csv": lambda: shard(tf.data.experimental.CsvDataset(names, [tf.string]), 2, 0),
    }
    out = {"cached_before": cached_before}
    for name, make in cases.items():
        try:
            out[name] = [int(r) for r in make().as_numpy_iterator()]
        except Exception as e:  # noqa: BLE001 - the class and message are what is compared
            text = str(e).split("}} ", 1)[-1]
            out[name] = type(e).__name__, text.split(":")[0].split("(s)")[0]
    shutil.rmtree(folder, ignore_errors=True)
    return out


if sys.argv[1:2] == ["--local"]:
    pprint.pprint(local_cases(), width=100)
    sys.exit(0)

if sys.argv[1:2] != ["--worker"]:
    folder = tempfile.mkdtemp()
    for f in range(4):
        with tf.io.TFRecordWriter(os.path.join(folder, f"f{f}.tfrecord")) as writer:
            for r in range(4):
                writer.write(str(10 * f + r).encode())
    for f in range(2):
        with open(os.path.join(folder, f"t{f}.txt"), "w") as text:
            text.write("".join(f"{100 + 10 * f + r}\n" for r in range(4)))
    try:
        outputs = reference_cluster.run_workers(tf, __file__, [folder])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    pprint.pprint(outputs, width=100)
    sys.exit(0)

index, port0, port1, folder = sys.argv[2:6]
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": [f"127.0.0.1:{port0}", f"127.0.0.1:{port1}"]},
    "task": {"type": "worker", "index": int(index)}})
strategy = tf.distribute.MultiWorkerMirroredStrategy()
records = [os.path.join(folder, f"f{f}.tfrecord") for f in range(4)]
texts = [os.path.join(folder, f"t{f}.txt") for f in range(2)]
policies = tf.data.experimental.AutoShardPolicy


def values(t):
    return t.numpy().tolist()


def number(record):
    """A record (file f's record r holds 10 * f + r) as an int64 (tfcompat's multi-worker
    per-replica values are numbers)."""
    return tf.strings.to_number(record, tf.int64)


def tfrecords(files=records):
    return tf.data.TFRecordDataset(files).map(number)


def read(dataset, policy):
    """The local values of each step of `dataset` distributed under `policy`, or the
    error (class, first line) of distributing or reading it."""
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = policy
    try:
        dist = strategy.experimental_distribute_dataset(dataset.with_options(options))
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return "distribute", type(e).__name__, _first_words(e)
    try:
        return [[values(t) for t in strategy.experimental_local_results(batch)]
                for batch in dist]
    except Exception as e:  # noqa: BLE001
        return "read", type(e).__name__, _first_words(e)


def _first_words(e):
    """The start of an error's message, after TF's {{function_node ...}} prefix."""
    text = str(e).split("}} ", 1)[-1]
    return text.split(":")[0]


out = {}
for policy in (policies.FILE, policies.AUTO, policies.DATA, policies.OFF):
    out[f"tfrecord_{policy.name}"] = read(tfrecords().batch(4), policy)
# (a partial last batch: TF's rebatching takes the next rows of the stream, not a split)
for policy in (policies.FILE, policies.OFF):
    out[f"partial_batch_{policy.name}"] = read(
        tfrecords().take(6).batch(4), policy)
out["tfrecord_map_shuffle_FILE"] = read(
    tfrecords().map(lambda r: r + 100).shuffle(8, seed=3).batch(4),
    policies.FILE)
out["list_files_AUTO"] = read(
    tf.data.Dataset.list_files(os.path.join(folder, "*.tfrecord"), shuffle=False)
    .interleave(tf.data.TFRecordDataset, cycle_length=2).map(number).batch(4), policies.AUTO)
out["list_files_shuffled_FILE"] = read(
    tf.data.Dataset.list_files(os.path.join(folder, "*.tfrecord"), seed=5)
    .interleave(lambda f: tfrecords(f), cycle_length=2).batch(4), policies.FILE)
out["files_flat_map_FILE"] = read(
    tf.data.Dataset.from_tensor_slices(records).shuffle(4, seed=1)
    .flat_map(tf.data.TFRecordDataset).map(number).batch(2), policies.FILE)
out["text_lines_AUTO"] = read(tf.data.TextLineDataset(texts).map(number).batch(2),
                               policies.AUTO)
out["zip_with_range_AUTO"] = read(
    tf.data.Dataset.zip((tfrecords(), tf.data.Dataset.range(16)))
    .map(lambda r, i: r * 100 + i).batch(4), policies.AUTO)
out["range_FILE"] = read(tf.data.Dataset.range(16).batch(4), policies.FILE)
out["range_AUTO"] = read(tf.data.Dataset.range(16).batch(4), policies.AUTO)
out["unique_FILE"] = read(tfrecords().unique().batch(4), policies.FILE)


def dataset_fn(ctx):
    # (the options of a dataset of distribute_datasets_from_function: not auto-sharded)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = policies.FILE
    return tfrecords(records[:2]).batch(2).with_options(options)


out["from_function_FILE"] = [[values(t) for t in strategy.experimental_local_results(b)]
                             for b in strategy.distribute_datasets_from_function(dataset_fn)]


def in_function(policy):
    """A distributed iterator read once eagerly, then inside a tf.function."""
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = policy
    iterator = iter(strategy.experimental_distribute_dataset(
        tfrecords().batch(4).with_options(options)))

    @tf.function
    def step(iterator):
        return strategy.run(lambda v: v * 10, args=(next(iterator),))

    first = [values(t) for t in strategy.experimental_local_results(next(iterator))]
    try:
        return [first] + [[values(t) for t in
                           strategy.experimental_local_results(step(iterator))]
                          for _ in range(3)]
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return "function", type(e).__name__, _first_words(e)


for policy in (policies.FILE, policies.OFF, policies.DATA):
    out[f"in_function_{policy.name}"] = in_function(policy)
# (fewer files than workers: worker 0 fails when it reads, worker 1 has no file)
out["one_file_FILE"] = read(tfrecords(records[:1]).batch(2), policies.FILE)
pprint.pprint(out, width=100)
