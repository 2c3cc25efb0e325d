"""Prints what tests/test_distribute_partial_batches.py compares: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/distribute_partial_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_partial_reference.py``); the test holds TF's stdout
as a literal. On two virtual CPUs, a distributed dataset whose last global batch is
partial (10 elements, global batch 4): how its rows split across the replicas, and its end
(StopIteration, OutOfRangeError), eagerly and inside tf.function, with next() and
get_next() once per call (of an argument and of a captured iterator), twice in a call,
and in a tf.range loop past the end (tfcompat's
reads never raise on one device while the other waits in a collective), and tf.print in
such loops (written once). Errors print their class only."""
import sys

import tensorflow as tf

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2)
two = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"])
stdout = sys.stdout


def local(value):
    return [t.numpy().tolist() for t in two.experimental_local_results(value)]


def dist(n=10, batch=4):
    return two.experimental_distribute_dataset(tf.data.Dataset.range(n).batch(batch))


def show(name, fn, times):
    """`fn()` `times` times: the local results or the error's class."""
    out = []
    for _ in range(times):
        try:
            out.append(local(fn()))
        except (Exception, StopIteration) as e:  # noqa: BLE001 - the class is compared
            out.append(type(e).__name__)
    sys.stdout.flush()
    print(name, out)
    sys.stdout.flush()


it = iter(dist())
show("eager next", lambda: next(it), 4)
it = iter(dist())
show("eager get_next", lambda: it.get_next(), 4)


@tf.function
def step_next(iterator):
    return two.run(lambda v: v * 2, args=(next(iterator),))


@tf.function
def step_get_next(iterator):
    return two.run(lambda v: v * 2, args=(iterator.get_next(),))


@tf.function
def two_reads(iterator):
    a, b = iterator.get_next(), iterator.get_next()
    return two.run(lambda u, v: tf.reduce_sum(u) + tf.reduce_sum(v), args=(a, b))


for name, fn, times in [("function next", step_next, 4),
                        ("function get_next", step_get_next, 4),
                        ("function two reads", two_reads, 3)]:
    it = iter(dist())
    show(name, lambda fn=fn, it=it: fn(it), times)
for n, batch in [(9, 4), (3, 2), (5, 4), (1, 4), (8, 4)]:
    it = iter(dist(n, batch))
    show(f"range({n}).batch({batch})", lambda it=it: step_get_next(it), 4)


@tf.function
def loop_next(iterator):
    total = tf.constant(0, tf.int64)
    for _ in tf.range(5):
        results = two.run(lambda v: tf.reduce_sum(v), args=(next(iterator),))
        tf.print("loop", two.experimental_local_results(results), output_stream=stdout)
        total += two.reduce("SUM", results, axis=None)
    return total


@tf.function
def loop_get_next(iterator, steps):
    total = tf.constant(0, tf.int64)
    tf.print("start", output_stream=stdout)
    for _ in tf.range(steps):
        x = iterator.get_next()
        tf.print("rows", two.experimental_local_results(x), output_stream=stdout)
        total += two.reduce("SUM", two.run(tf.reduce_sum, args=(x,)), axis=None)
    tf.print("total", total, output_stream=stdout)
    return total


captured = iter(dist(8))   # (tfcompat traces for the element a captured iterator has next)


@tf.function
def step_captured():
    return two.run(lambda v: v * 2, args=(next(captured),))


show("function next of a captured iterator", step_captured, 3)
show("loop past the end", lambda: loop_next(iter(dist())), 1)
it = iter(dist())
show("loop within the end", lambda: loop_get_next(it, 3), 2)
it = iter(dist(16, 4))
show("loop of full batches", lambda: loop_get_next(it, 2), 3)
print("end")
