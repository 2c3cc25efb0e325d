"""Prints the reference values of tests/test_distribute_mirrored.py: run it under real TF
2.21 (``/tmp/tfref/bin/python tools/distribute_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_reference.py``); the test holds TF's output as
literals. Four virtual CPU devices (tf.config.set_logical_device_configuration) carry a
MirroredStrategy: printed forms of its values and variables, run/reduce, all_reduce,
distributed datasets (uneven last batch), variable aggregation and a custom training loop."""
import pprint

import numpy as np
import tensorflow as tf

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 4)


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        # (the last line: TF's errors raised inside tf.function start with "in user code")
        last = str(e).strip().split("\n")[-1].strip()
        return type(e).__name__, last.removeprefix(type(e).__name__ + ": ")
    return None


def local(value):
    return [t.numpy().tolist() for t in strategy.experimental_local_results(value)]


out = {"logical": [d.name for d in tf.config.list_logical_devices("CPU")]}
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1", "/cpu:2", "/cpu:3"])
out["replicas"] = strategy.num_replicas_in_sync
out["default_replicas"] = tf.distribute.MirroredStrategy().num_replicas_in_sync
with strategy.scope():
    v = tf.Variable(1.0, name="v")
    s = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM, name="s")
    m = tf.Variable(0.0, aggregation=tf.VariableAggregation.MEAN, name="m")
    n = tf.Variable(0.0, name="n")
    out["in_scope_cross_replica"] = tf.distribute.in_cross_replica_context()
out["variable_repr"] = repr(v)
out["variable_type"] = type(v).__name__
out["variable_value"] = float(v.numpy())


def replica_id():
    return tf.distribute.get_replica_context().replica_id_in_sync_group


ids = strategy.run(replica_id)
out["per_replica_repr"] = repr(ids)
out["per_replica_type"] = type(ids).__name__
out["ids"] = local(ids)


def scaled(x):
    ctx = tf.distribute.get_replica_context()
    return x * tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)


pr = strategy.run(scaled, args=(tf.constant([1.0, 2.0]),))
out["scaled"] = local(pr)
out["reduce_sum"] = strategy.reduce(tf.distribute.ReduceOp.SUM, pr, axis=None).numpy().tolist()
out["reduce_mean"] = strategy.reduce("MEAN", pr, axis=None).numpy().tolist()
out["reduce_sum_axis0"] = strategy.reduce("SUM", pr, axis=0).numpy().tolist()
out["reduce_mean_axis0"] = strategy.reduce("MEAN", pr, axis=0).numpy().tolist()
out["gather"] = strategy.gather(pr, axis=0).numpy().tolist()
same = tf.constant([1.0, 3.0])   # not a distributed value: the same on every replica
out["reduce_same"] = [error(lambda: strategy.reduce("SUM", same, axis=None)),
                      strategy.reduce("MEAN", same, axis=None).numpy().tolist(),
                      strategy.reduce("SUM", same, axis=0).numpy().tolist(),
                      strategy.reduce("MEAN", same, axis=0).numpy().tolist()]


def all_reduced(x):
    ctx = tf.distribute.get_replica_context()
    y = x * tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)
    return ctx.all_reduce("SUM", y), ctx.all_reduce(tf.distribute.ReduceOp.MEAN, y), \
        tf.distribute.in_cross_replica_context()


ar = strategy.run(all_reduced, args=(tf.constant(2.0),))
out["all_reduce_repr"] = repr(ar[0])
out["all_reduce"] = [local(ar[0]), local(ar[1]), ar[2]]
out["all_reduce_function"] = [local(x) for x in tf.function(
    lambda x: strategy.run(all_reduced, args=(x,))[:2])(tf.constant(2.0))]

# distributed datasets: each global batch split across the replicas
for name, ds in [("even", tf.data.Dataset.range(16).batch(8)),
                 ("uneven", tf.data.Dataset.range(10).batch(4)),
                 ("odd", tf.data.Dataset.range(13).batch(6))]:
    dist = strategy.experimental_distribute_dataset(ds)
    out["dataset_" + name] = [local(batch) for batch in dist]
dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(16).batch(8))
first = next(iter(dist))
out["dataset_repr"] = repr(first)
out["dataset_reduce"] = [strategy.reduce("SUM", strategy.run(
    lambda x: tf.reduce_sum(x), args=(batch,)), axis=None).numpy().tolist() for batch in dist]


def dataset_fn(input_context):
    return tf.data.Dataset.range(8).shard(input_context.num_input_pipelines,
                                          input_context.input_pipeline_id).batch(
        input_context.get_per_replica_batch_size(4))


out["from_function"] = [local(b) for b in strategy.distribute_datasets_from_function(dataset_fn)]


# variables updated in replica context: aggregated as their aggregation says
def update():
    ctx = tf.distribute.get_replica_context()
    x = tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)
    s.assign_add(x)
    m.assign_add(x)
    return s.read_value()


out["sum_mean_update"] = [local(strategy.run(update)), float(s.numpy()), float(m.numpy())]
out["none_update_error"] = error(lambda: strategy.run(
    lambda: n.assign_add(tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group,
                                 tf.float32))))


def merged():
    def merge_fn(strat, value):
        return strat.reduce("SUM", value, axis=None), tf.distribute.in_cross_replica_context()
    ctx = tf.distribute.get_replica_context()
    return ctx.merge_call(merge_fn, args=(tf.cast(ctx.replica_id_in_sync_group, tf.float32),))


mc = strategy.run(merged)
out["merge_call"] = [local(mc[0]), mc[1]]
strategy.extended.update(v, lambda var, d: var.assign_add(d), args=(2.0,))
out["extended_update"] = [float(x.numpy()) for x in strategy.experimental_local_results(v)]
# a MirroredVariable's per-device component variables
out["variable_local_results"] = [[repr(c), c.name, c.device, float(c.read_value())]
                                  for c in strategy.experimental_local_results(v)] + [
    tf.function(lambda: strategy.experimental_local_results(v)[2] * 2.0)().numpy().tolist()]


# a custom training loop: a Dense layer's weights, gradients all-reduced, SGD by assign_sub
def train():
    rs = np.random.RandomState(0)
    x = rs.rand(32, 3).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
    with strategy.scope():
        w = tf.Variable(rs.rand(3, 1).astype("float32"), name="w")
        b = tf.Variable(tf.zeros([1]), name="b")
    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(8))

    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(xb @ w + b - yb)) / 8.0
        grads = tape.gradient(loss, [w, b])
        grads = tf.distribute.get_replica_context().all_reduce("SUM", grads)
        for var, g in zip([w, b], grads):
            var.assign_sub(0.1 * g)
        return loss

    @tf.function
    def train_step(xb, yb):
        losses = strategy.run(step, args=(xb, yb))
        return strategy.reduce("SUM", losses, axis=None)

    losses = []
    for _ in range(3):
        for xb, yb in dist:
            losses.append(float(train_step(xb, yb).numpy()))
    return losses, w.numpy().ravel().tolist(), b.numpy().tolist()


out["train"] = train()


def replica_number():
    return tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32) + 1


def aggregation(agg):
    """Updates in replica context of a MirroredVariable of aggregation `agg`, and the
    per-replica values of a SyncOnReadVariable (Keras's metric variables)."""
    result = {}
    with strategy.scope():
        a = tf.Variable(5.0, aggregation=getattr(tf.VariableAggregation, agg))
        r = tf.Variable(6.0, synchronization=tf.VariableSynchronization.ON_READ,
                        aggregation=getattr(tf.VariableAggregation, agg), name="r")
    for name, fn in [("assign_expr", lambda: a.assign(a + replica_number())),
                     ("assign_const", lambda: a.assign(3.0)),
                     ("assign_replica", lambda: a.assign(replica_number())),
                     ("assign_add", lambda: a.assign_add(replica_number())),
                     ("assign_sub", lambda: a.assign_sub(replica_number()))]:
        a.assign(5.0)
        failed = error(lambda f=fn: tf.function(lambda: strategy.run(f))())
        result[f"{agg} {name}"] = failed or float(a.numpy())
    on_read = [type(r).__name__, float(r.numpy()), local(r)]
    r.assign(4.0)
    on_read += [float(r.numpy()), local(r), error(lambda: r.assign_add(2.0))]

    def update():
        r.assign_add(replica_number())
        return r.read_value()
    values = tf.function(lambda: strategy.run(update))()
    on_read += [local(values), float(r.numpy()), local(r), repr(r) if agg == "MEAN" else None]
    result[f"{agg} on_read"] = on_read
    return result


out["aggregations"] = {k: v for agg in ["SUM", "MEAN", "ONLY_FIRST_REPLICA"]
                       for k, v in aggregation(agg).items()}


def keras_fit():
    """model.fit in a MirroredStrategy's scope (Keras's TF trainer: strategy.run, reduce,
    experimental_distribute_dataset, a loss metric of SyncOnReadVariables)."""
    keras = tf.keras
    rs = np.random.RandomState(0)
    x = rs.rand(64, 4).astype("float32")
    y = (x.sum(1, keepdims=True) > 2).astype("float32")
    keras.utils.set_random_seed(7)
    with strategy.scope():
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                                  keras.layers.Dense(1)])
        model.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0, shuffle=False)
    return ({k: [float(v) for v in vs] for k, vs in history.history.items()},
            [float(v) for v in model.evaluate(x, y, batch_size=16, verbose=0)],
            model.get_weights()[-1].tolist(), int(model.optimizer.iterations.numpy()))


out["keras_fit"] = keras_fit()


# a partial last batch that does not split evenly: replicas of ceil(b / n) rows or fewer
def uneven_step(x):
    ctx = tf.distribute.get_replica_context()
    rows = tf.cast(tf.shape(x)[0], tf.float32)
    return (tf.shape(x)[0], tf.reduce_sum(x), ctx.all_reduce("SUM", tf.reduce_sum(x)),
            ctx.all_reduce("MEAN", rows), x * 2.0)


def uneven(run):
    result = []
    for batch in strategy.experimental_distribute_dataset(
            tf.data.Dataset.range(10).map(lambda i: tf.cast(i, tf.float32)).batch(4)):
        rows, total, summed, mean_rows, doubled = run(batch)
        result.append([local(rows), local(total), local(summed), local(mean_rows),
                       local(doubled),
                       strategy.reduce("SUM", total, axis=None).numpy().tolist(),
                       strategy.reduce("MEAN", total, axis=None).numpy().tolist(),
                       strategy.reduce("SUM", doubled, axis=0).numpy().tolist(),
                       strategy.reduce("MEAN", doubled, axis=0).numpy().tolist()])
    return result


out["uneven_run"] = uneven(lambda b: strategy.run(uneven_step, args=(b,)))
out["uneven_run_function"] = uneven(tf.function(lambda b: strategy.run(uneven_step, args=(b,))))


def uneven_variables():
    with strategy.scope():
        mean = tf.Variable(0.0, aggregation=tf.VariableAggregation.MEAN, name="um")
        first = tf.Variable(0.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
        counter = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ,
                              aggregation=tf.VariableAggregation.SUM)

    def step(x):
        mean.assign_add(tf.reduce_sum(x))
        first.assign_add(tf.reduce_sum(x) + 1.0)
        counter.assign_add(tf.cast(tf.size(x), tf.float32))

        def merge_fn(strat, value):
            return strat.reduce("SUM", value, axis=None)
        ctx = tf.distribute.get_replica_context()
        return ctx.merge_call(merge_fn, args=(tf.reduce_sum(x),)), mean.read_value()

    batch = list(strategy.experimental_distribute_dataset(
        tf.data.Dataset.range(6).map(lambda i: tf.cast(i, tf.float32)).batch(6)))[0]
    merged, read = tf.function(lambda b: strategy.run(step, args=(b,)))(batch)
    return [local(batch), merged.numpy().tolist(), local(read), float(mean.numpy()),
            float(first.numpy()), float(counter.numpy()), local(counter)]


out["uneven_variables"] = uneven_variables()


def keras_fit_uneven(samples):
    """model.fit on `samples` samples in batches of 16: a last batch of 7 splits 2, 2, 2,
    1; of 2: 1, 1, 0, 0."""
    keras = tf.keras
    rs = np.random.RandomState(1)
    x = rs.rand(samples, 4).astype("float32")
    y = (x.sum(1, keepdims=True) > 2).astype("float32")
    keras.utils.set_random_seed(7)
    with strategy.scope():
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                                  keras.layers.Dense(1)])
        model.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0, shuffle=False)
    number = lambda v: float(v) if v == v else "nan"  # noqa: E731 - (a literal NaN)
    return ({k: [number(v) for v in vs] for k, vs in history.history.items()},
            [number(v) for v in model.evaluate(x, y, batch_size=16, verbose=0)],
            model.get_weights()[-1].tolist(), int(model.optimizer.iterations.numpy()))


out["keras_fit_uneven"] = keras_fit_uneven(55)
out["keras_fit_empty_replica"] = keras_fit_uneven(50)

# distributed iterators: element_spec, get_next_as_optional (eagerly and in a tf.function)
dist = strategy.experimental_distribute_dataset(
    tf.data.Dataset.from_tensor_slices((np.arange(12.0).reshape(6, 2), np.arange(6))).batch(4))
it = iter(dist)
out["element_spec"] = [repr(dist.element_spec), repr(it.element_spec)]
optionals = []
for _ in range(3):
    optional = it.get_next_as_optional()
    optionals.append([type(optional).__name__, bool(optional.has_value())] + (
        [[local(t) for t in optional.get_value()]] if optional.has_value() else []))
out["get_next_as_optional"] = optionals


@tf.function
def optional_sum(iterator):
    optional = iterator.get_next_as_optional()
    return optional.has_value(), strategy.run(lambda x, y: tf.reduce_sum(x),
                                              args=optional.get_value())


has_value, sums = optional_sum(iter(dist))
out["get_next_as_optional_function"] = [bool(has_value), local(sums)]
one = tf.distribute.OneDeviceStrategy("/cpu:1")
out["one_device"] = [one.num_replicas_in_sync, repr(one.run(lambda: tf.constant(3)))]
with one.scope():
    ov = tf.Variable(2.0)
out["one_device_variable"] = [type(ov).__name__, float(ov.numpy())]

if __name__ == "__main__":
    print(pprint.pformat(out, width=92))
