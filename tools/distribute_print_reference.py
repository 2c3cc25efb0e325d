"""Prints what tests/test_distribute_random.py's tf.print test compares: run it under real
TF 2.21 (``/tmp/tfref/bin/python tools/distribute_print_reference.py``) and under
tfcompat (``python -m tfcompat tools/distribute_print_reference.py``); the test holds TF's
stdout as a literal. tf.print in the replicas of MirroredStrategy runs of two and three
replicas (three virtual CPU devices), eagerly and inside tf.function: each replica
prints, replica by replica between the run's collectives (all_reduce, merge_call), once
per call."""
import sys

import tensorflow as tf

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 3)
two = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"])
three = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1", "cpu:2"])


def header(text):
    sys.stdout.flush()
    print(text)
    sys.stdout.flush()


def scaled(x):
    r = tf.distribute.get_replica_context().replica_id_in_sync_group
    tf.print("replica", r, "x", x * tf.cast(r + 1, tf.float32), output_stream=sys.stdout)
    return x + 1.0


def collectives():
    ctx = tf.distribute.get_replica_context()
    r = ctx.replica_id_in_sync_group
    tf.print("before", r, output_stream=sys.stdout)
    total = ctx.all_reduce("sum", r)
    tf.print("after", r, total, output_stream=sys.stdout)
    merged = ctx.merge_call(lambda strategy: tf.constant(7))
    tf.print("merged", r, merged, output_stream=sys.stdout)
    return total


def looped():
    r = tf.distribute.get_replica_context().replica_id_in_sync_group
    def body(i):
        tf.print("loop", r, i, output_stream=sys.stdout)
        return i + 1
    return tf.while_loop(lambda i: i < 2, body, [tf.constant(0)])


header("eager two")
two.run(scaled, args=(tf.constant([1.0, 2.0]),))
header("eager three")
three.run(scaled, args=(tf.constant(1.0),))


@tf.function
def run_two(x):
    return two.run(scaled, args=(x,))


@tf.function
def run_three():
    return three.run(collectives)


header("function two")
run_two(tf.constant(3.0))
run_two(tf.constant(4.0))
header("eager collectives")
three.run(collectives)
header("function collectives")
run_three()
run_three()
header("function loop")
tf.function(lambda: two.run(looped))()
header("dataset")
for batch in two.experimental_distribute_dataset(tf.data.Dataset.range(3).batch(3)):
    two.run(lambda x: tf.print("batch", x, output_stream=sys.stdout), args=(batch,))
header("end")
