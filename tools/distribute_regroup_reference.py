"""Prints what tests/test_distribute_regroup.py compares: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/distribute_regroup_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_regroup_reference.py``); the test holds TF's stdout
as a literal. On two virtual CPUs: tf.print outside the replicas of a tf.function whose
program spans both devices (in order, once per call, in loops too);
ReplicaContext.all_reduce of a tensor the replicas capture (TF's regroup keeps the one
object: not summed) and of tensors each replica makes; what MirroredStrategy.run returns
(PerReplica, one tensor, the variable itself) over one and two devices and
OneDeviceStrategy.run's plain tensor."""
import sys

import tensorflow as tf

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2)
two = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"])
one = tf.distribute.MirroredStrategy(["cpu:0"])
with two.scope():
    mirrored = tf.Variable(3.0)
with one.scope():
    one_mirrored = tf.Variable(6.0)
plain = tf.Variable(5.0)
captured = tf.constant(2.0)


def header(text):
    sys.stdout.flush()
    print(text)
    sys.stdout.flush()


def show(name, result):
    """The result's types and printed form."""
    header(f"{name}: {tf.nest.map_structure(lambda x: type(x).__name__, result)}")
    header(str(result))


header("== print outside the replicas")
dataset = tf.data.Dataset.range(8).batch(4)
iterator = iter(two.experimental_distribute_dataset(dataset))


@tf.function
def loop(iterator):
    for _ in tf.range(5):
        optional = iterator.get_next_as_optional()
        if not optional.has_value():
            break
        results = two.run(lambda x: x * 10, args=(optional.get_value(),))
        tf.print("step", two.experimental_local_results(results), output_stream=sys.stdout)


loop(iterator)
# (a partial last batch within the call: one row for the first replica, none for the
# second; the stream is the one sys.stdout was when the script started)
stdout = sys.stdout
iterator = iter(two.experimental_distribute_dataset(tf.data.Dataset.range(9).batch(4)))


@tf.function
def partial_loop(iterator):
    for _ in tf.range(5):
        optional = iterator.get_next_as_optional()
        if not optional.has_value():
            break
        results = two.run(lambda x: x + 1, args=(optional.get_value(),))
        tf.print("partial", two.experimental_local_results(results), output_stream=stdout)


partial_loop(iterator)
header("after partial")


@tf.function
def step(x):
    tf.print("start", mirrored, output_stream=sys.stdout)
    results = two.run(lambda x: x * 2.0 + mirrored, args=(x,))
    tf.print("local", two.experimental_local_results(results), output_stream=sys.stdout)
    total = two.reduce("SUM", results, axis=None)
    for i in tf.range(2):
        tf.print("loop", i, total + tf.cast(i, tf.float32), output_stream=sys.stdout)
    mirrored.assign_add(1.0)
    tf.print("end", mirrored, output_stream=sys.stdout)
    return total


header(str(step(tf.constant(1.0))))
header(str(step(tf.constant(2.0))))
mirrored.assign(3.0)

header("== all_reduce")
values = {
    "captured": lambda: captured,
    "computed": lambda: captured * 2.0,
    "made": lambda: tf.constant(4.0),
    "mirrored_read": lambda: mirrored.read_value(),
    "plain_read": lambda: plain.read_value(),
    "mirrored": lambda: mirrored,
}
for name, make in values.items():
    for op in ("SUM", "MEAN"):
        def reduced(op=op, make=make):
            return tf.distribute.get_replica_context().all_reduce(op, make())

        eager = two.run(reduced)
        traced = tf.function(lambda: two.run(reduced))()
        header(f"{name} {op} eager {type(eager).__name__} "
               f"{[float(x) for x in two.experimental_local_results(eager)]} function "
               f"{type(traced).__name__} "
               f"{[float(x) for x in two.experimental_local_results(traced)]}")


def reduce_argument(x):
    return tf.distribute.get_replica_context().all_reduce("SUM", x)


header(str(two.run(reduce_argument, args=(captured,))))


def uneven(x):
    ctx = tf.distribute.get_replica_context()
    return ctx.all_reduce("SUM", captured), ctx.all_reduce("SUM", tf.reduce_sum(x) + 1.0)


# (a partial last batch: one row on the first replica, none on the second)
for batch in two.experimental_distribute_dataset(tf.data.Dataset.range(3).map(
        lambda i: tf.cast(i, tf.float32)).batch(2)):
    show("uneven", two.run(uneven, args=(batch,)))

header("== run results")
for strategy_name, strategy, variable in (("one", one, one_mirrored), ("two", two, mirrored)):
    results = {
        "captured": lambda: captured,
        "computed": lambda: captured * 2.0,
        "all_reduce": lambda: tf.distribute.get_replica_context().all_reduce(
            "SUM", captured * 1.0),
        "mirrored": lambda variable=variable: variable,
        "mirrored_read": lambda variable=variable: variable.read_value(),
        "python": lambda: 3,
        "replica_id": lambda: tf.distribute.get_replica_context().replica_id_in_sync_group,
    }
    for name, fn in results.items():
        show(f"{strategy_name} {name} eager", strategy.run(fn))
        show(f"{strategy_name} {name} function",
             tf.function(lambda strategy=strategy, fn=fn: strategy.run(fn))())
with one.scope():
    one_summed = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)
with two.scope():
    two_summed = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)
for strategy_name, strategy, variable in (("one", one, one_summed), ("two", two, two_summed)):
    def update(variable=variable):
        return variable.assign_add(captured * 2.0)

    show(f"{strategy_name} update eager", strategy.run(update))
    header(str(variable.numpy()))
    show(f"{strategy_name} update function",
         tf.function(lambda strategy=strategy, update=update: strategy.run(update))())
    header(str(variable.numpy()))
header(str(one.run(lambda: one_summed.assign_add(captured))))
header(str(one.reduce("SUM", captured, axis=None)))
single = tf.distribute.OneDeviceStrategy("cpu:0")
show("one_device eager", single.run(lambda: captured * 2.0))
show("one_device function", tf.function(lambda: single.run(lambda: captured * 2.0))())
header("end")
