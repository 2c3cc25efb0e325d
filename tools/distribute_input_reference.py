"""Prints the reference values of tests/test_distribute_input.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/distribute_input_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_input_reference.py``); the test holds TF's output
as literals. Three virtual CPU devices (set with TF1's
tf.config.experimental.set_virtual_device_configuration alias) carry MirroredStrategies of
two and three replicas: tf.random.Generator under a strategy (each replica's stream,
split, a checkpoint restored under another number of replicas; one made outside any
strategy, whose replicas draw from its state in turn), a PerReplicaSpec
input_signature, eager arguments of a run inside tf.function, distributed values and
datasets from functions (ValueContext, InputContext, element_spec), and Keras fit."""
import os
import pprint
import tempfile

import numpy as np
import tensorflow as tf

tf.config.experimental.set_virtual_device_configuration(
    tf.config.list_physical_devices("CPU")[0],
    [tf.config.experimental.VirtualDeviceConfiguration()] * 3)


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return type(e).__name__, str(e).strip().split("\n")[-1].strip()
    return None


out = {"logical": [d.name for d in tf.config.list_logical_devices("CPU")]}
two = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"])
three = tf.distribute.MirroredStrategy(["cpu:0", "cpu:1", "cpu:2"])

# -- tf.random.Generator under a strategy ------------------------------------------------
with two.scope():
    g = tf.random.Generator.from_seed(1)
    out["generator_runs"] = [repr(two.run(lambda: g.normal([]))),
                             repr(two.run(lambda: g.uniform([2])))]
    out["generator_state"] = g.state.numpy().tolist()
    # in cross-replica context: the plain stream
    out["generator_cross_replica"] = repr(g.normal([]))


# -- a generator made outside any strategy: the replicas draw from its state in turn ------
def local(value):
    return [t.numpy().tolist() for t in two.experimental_local_results(value)]


unscoped = tf.random.Generator.from_seed(1)
out["unscoped_generator_eager"] = [
    local(two.run(lambda: unscoped.normal([]))), unscoped.state.numpy().tolist(),
    [local(x) for x in two.run(lambda: (unscoped.uniform([2]), unscoped.uniform(
        [], maxval=1000, dtype=tf.int32)))], unscoped.state.numpy().tolist()]
with two.scope():   # (made outside: drawing in scope changes nothing)
    out["unscoped_generator_in_scope"] = [
        local(two.run(lambda: unscoped.uniform_full_int([2], tf.int64))),
        unscoped.state.numpy().tolist()]


@tf.function
def unscoped_in_function():
    return two.run(lambda: (unscoped.uniform([]), unscoped.uniform([3], 0, 50, tf.int64)))


out["unscoped_generator_in_function"] = [
    [[local(x) for x in unscoped_in_function()], unscoped.state.numpy().tolist()]
    for _ in range(2)]


def unscoped_with_all_reduce():
    a = unscoped.uniform([], 0, 100, tf.int64)
    total = tf.distribute.get_replica_context().all_reduce("sum", a)
    return a, total, unscoped.uniform([], 0, 100, tf.int64)


def unscoped_with_replica_id():
    replica = tf.distribute.get_replica_context().replica_id_in_sync_group
    return unscoped.uniform([], 0, 100, tf.int64) + 1000 * tf.cast(replica, tf.int64)


def unscoped_with_merge_call():
    a = unscoped.uniform([], 0, 100, tf.int64)
    merged = tf.distribute.get_replica_context().merge_call(
        lambda strategy: unscoped.uniform([], 0, 100, tf.int64))
    return a, merged, unscoped.uniform([], 0, 100, tf.int64)


out["unscoped_generator_collectives"] = [
    [local(x) for x in two.run(unscoped_with_all_reduce)], unscoped.state.numpy().tolist(),
    local(three.run(unscoped_with_replica_id)), unscoped.state.numpy().tolist()]
merged_run = two.run(unscoped_with_merge_call)
out["unscoped_generator_merge_call"] = [
    local(merged_run[0]), int(merged_run[1]), local(merged_run[2]),
    unscoped.state.numpy().tolist()]


def made_in_replica():
    r = tf.random.Generator.from_seed(1)
    return tf.stack([r.normal([]), r.normal([])])


with two.scope():
    out["generator_in_replica"] = [repr(two.run(made_in_replica)),
                                   repr(two.run(made_in_replica))]
    gf = tf.random.Generator.from_seed(7)

    @tf.function
    def drawn():
        return two.run(lambda: gf.normal([2]))
    out["generator_in_function"] = [repr(drawn()), repr(drawn()), gf.state.numpy().tolist()]

    split = tf.random.Generator.from_seed(3).split(2)
    out["split_in_scope"] = [repr(two.run(lambda: split[0].normal([]))),
                             repr(split[1].normal([]))]
out["split_outside"] = [repr(x.normal([])) for x in tf.random.Generator.from_seed(3).split(2)]

one = tf.distribute.OneDeviceStrategy("cpu:0")
with one.scope():
    og = tf.random.Generator.from_seed(1)
    out["one_device_generator"] = [repr(one.run(lambda: og.normal([]))), repr(og.normal([]))]

directory = tempfile.mkdtemp()
path = os.path.join(directory, "checkpoint")
with two.scope():
    g1 = tf.random.Generator.from_seed(1)
    cp1 = tf.train.Checkpoint(my_generator=g1)
    first = repr(two.run(lambda: g1.normal([])))
    cp1.write(path)
    after_save = [repr(two.run(lambda: g1.normal([]))) for _ in range(2)]
with three.scope():
    g2 = tf.random.Generator.from_seed(1)
    cp2 = tf.train.Checkpoint(my_generator=g2)
    cp2.restore(path)
    restored = [repr(three.run(lambda: g2.normal([]))) for _ in range(2)]
out["checkpoint"] = [first, after_save, restored, g2.state.numpy().tolist()]


class Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.g = tf.random.Generator.from_seed(0)

    @tf.function
    def __call__(self):
        return self.g.normal([])

    @tf.function
    def state(self):
        return self.g.state


with two.scope():
    m = Module()
    out["module"] = [repr(two.run(m)), repr(m.state()), repr(two.run(m)), repr(m.state())]

# -- a PerReplicaSpec input_signature ---------------------------------------------------
dataset = tf.data.Dataset.from_tensors(([1.0], [2.0])).repeat(12).batch(6)
dist = two.experimental_distribute_dataset(dataset)
out["element_spec"] = [repr(dist.element_spec), repr(iter(dist).element_spec)]


@tf.function(input_signature=[dist.element_spec])
def step(inputs):
    return two.run(lambda x, y: x * 2 + y, args=inputs)


outputs = [repr(step(x)) for x in dist]
out["per_replica_spec_signature"] = [outputs, step.experimental_get_tracing_count()]
out["per_replica_spec_bad_input"] = error(
    lambda: step((tf.constant([[1.0]]), tf.constant([[1.0]]))))

# -- eager arguments of a run inside tf.function ----------------------------------------
values = two.experimental_distribute_values_from_function(
    lambda ctx: tf.constant(ctx.replica_id_in_sync_group))


@tf.function
def plus_one(x):
    return two.run(lambda y: y + 1, args=(x,))


out["eager_args_in_function"] = [repr(plus_one(tf.constant(5))), repr(plus_one(values)),
                                 repr(two.run(lambda y: y * 10, args=(values,)))]


@tf.function
def replica_ids():
    return two.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)


out["replica_id_in_function"] = repr(replica_ids())

# -- distributed values and datasets from functions -------------------------------------
contexts = []


def value_fn(ctx):
    contexts.append(ctx)
    return tf.constant([ctx.replica_id_in_sync_group * 1.0, ctx.num_replicas_in_sync])


out["values_from_function"] = [
    repr(three.experimental_distribute_values_from_function(value_fn)),
    [str(c) for c in contexts], type(contexts[0]).__name__,
    str(tf.distribute.experimental.ValueContext()),
    str(tf.distribute.experimental.ValueContext(1, 3))]
inputs = []


def dataset_fn(input_context):
    inputs.append(input_context)
    batch = input_context.get_per_replica_batch_size(4)
    return tf.data.Dataset.range(8).shard(input_context.num_input_pipelines,
                                          input_context.input_pipeline_id).batch(batch)


from_fn = two.distribute_datasets_from_function(dataset_fn)
c = inputs[0]
it = iter(from_fn)
out["datasets_from_function"] = [
    str(c), c.num_input_pipelines, c.input_pipeline_id, c.num_replicas_in_sync,
    c.get_per_replica_batch_size(8), error(lambda: c.get_per_replica_batch_size(5)),
    str(tf.distribute.InputContext()), tf.distribute.InputContext(2, 1, 4).num_input_pipelines,
    repr(from_fn.element_spec), repr(it.element_spec), repr(next(it)),
    isinstance(it, tf.distribute.DistributedIterator),
    isinstance(from_fn, tf.distribute.DistributedDataset)]

with two.scope():
    w = tf.Variable(1.0, name="w")
    with two.extended.colocate_vars_with(w):
        w2 = tf.Variable(2.0, name="w2")
    two.extended.update(w, lambda var, x: var.assign_add(x), args=(tf.constant(3.0),))
out["extended"] = [type(w2).__name__, float(w.numpy()), float(w2.numpy())]

# -- Keras: fit on a dataset, then on arrays ---------------------------------------------
with two.scope():
    model = tf.keras.Sequential([tf.keras.Input((1,)),
                                 tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(loss="mse", optimizer="sgd")
features = np.arange(20, dtype=np.float32).reshape(10, 2)[:, :1] / 10
data = tf.data.Dataset.from_tensor_slices((features, 1 - features)).batch(4)
first_fit = model.fit(data, epochs=2, verbose=0).history["loss"]
second_fit = model.fit(features, 1 - features, epochs=2, batch_size=4, verbose=0,
                       shuffle=False).history["loss"]
out["keras_fit_then_arrays"] = [[float(x) for x in first_fit], [float(x) for x in second_fit],
                                [w.numpy().tolist() for w in model.weights]]

if __name__ == "__main__":
    print(pprint.pformat(out, width=92))
