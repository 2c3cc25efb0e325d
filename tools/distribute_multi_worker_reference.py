"""Prints the reference values of tests/test_distribute_multi_worker.py: run it under real
TF 2.21 (``/tmp/tfref/bin/python tools/distribute_multi_worker_reference.py [--cluster]``)
and under tfcompat (``python -m tfcompat tools/distribute_multi_worker_reference.py
[--cluster]``); the test holds TF's output as literals.

Without arguments, one process without TF_CONFIG: MultiWorkerMirroredStrategy is a
one-worker strategy (one replica on a CPU-only machine, whatever the number of logical
CPUs), CentralStorageStrategy; the cluster resolvers and tf.train.ClusterSpec.
``--cluster``: two worker processes of this script (``--worker I PORT0 PORT1``) on
127.0.0.1 with a TF_CONFIG naming both; each prints what its MultiWorkerMirroredStrategy
gives (variables' initial values, run, reduce, gather, the datasets each worker reads
under each auto-shard policy, a custom training loop), and this prints both."""
import json
import os
import pprint
import sys

import numpy as np
import tensorflow as tf

import reference_cluster

if sys.argv[1:2] == ["--cluster"]:
    outputs = reference_cluster.run_workers(tf, __file__)
    pprint.pprint(outputs, width=100)
    sys.exit(0)

if sys.argv[1:2] == ["--worker"]:
    index, port0, port1 = sys.argv[2:5]
    os.environ["TF_CONFIG"] = json.dumps({
        "cluster": {"worker": [f"127.0.0.1:{port0}", f"127.0.0.1:{port1}"]},
        "task": {"type": "worker", "index": int(index)}})
else:
    os.environ.pop("TF_CONFIG", None)
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2)


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return type(e).__name__, str(e).strip().split("\n")[0]
    return None


def local(strategy, value):
    return [t.numpy().tolist() for t in strategy.experimental_local_results(value)]


def strategy_facts(strategy):
    facts = {"replicas": strategy.num_replicas_in_sync,
             "worker_devices": list(strategy.extended.worker_devices),
             "should_checkpoint": strategy.extended.should_checkpoint,
             "should_save_summary": strategy.extended.should_save_summary}
    with strategy.scope():
        v = tf.Variable(2.0, name="v")
        s = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM, name="s")
    facts["variable_repr"] = repr(v)
    facts["variable_type"] = type(v).__name__

    def step(x):
        ctx = tf.distribute.get_replica_context()
        s.assign_add(tf.reduce_sum(x))
        return ctx.all_reduce("SUM", x) + tf.cast(ctx.replica_id_in_sync_group, tf.float32)

    out = strategy.run(step, args=(tf.constant([1.0, 2.0]),))
    facts["run"] = local(strategy, out)
    facts["s"] = float(s.numpy())
    facts["reduce_sum"] = strategy.reduce("SUM", out, axis=None).numpy().tolist()
    facts["reduce_mean_axis"] = strategy.reduce("MEAN", out, axis=0).numpy().tolist()

    def reduced(x):
        ctx = tf.distribute.get_replica_context()
        return ctx.all_reduce("MEAN", x * 2.0)

    @tf.function
    def traced(x):
        return strategy.run(reduced, args=(x,))

    facts["run_traced"] = local(strategy, traced(tf.constant([3.0, 4.0])))
    dataset = tf.data.Dataset.range(6).batch(4)
    facts["dataset"] = [local(strategy, b) for b in strategy.experimental_distribute_dataset(dataset)]
    return facts


def worker_facts(worker):
    """What worker `worker` of a two-worker cluster sees."""
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    facts = {"replicas": strategy.num_replicas_in_sync,
             "worker_devices": list(strategy.extended.worker_devices),
             "should_checkpoint": strategy.extended.should_checkpoint,
             "should_save_summary": strategy.extended.should_save_summary,
             "task": [strategy.cluster_resolver.task_type, strategy.cluster_resolver.task_id]}
    with strategy.scope():
        # (each worker's own initial value: TF broadcasts worker 0's)
        v = tf.Variable(float(worker) + 1.0, name="v")
        s = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM, name="s")
        m = tf.Variable(0.0, aggregation=tf.VariableAggregation.MEAN, name="m")
    facts["variable_repr"] = repr(v)
    facts["variable_local"] = local(strategy, v)
    mine = tf.constant([1.0, 2.0]) * (worker + 1)

    def step(x):
        # (x * 1.0: TF cannot all-reduce a tf.function's argument itself inside a multi-
        # worker run, "destinations can not be empty")
        x = x * 1.0
        ctx = tf.distribute.get_replica_context()
        s.assign_add(tf.reduce_sum(x))
        m.assign(tf.reduce_sum(x))
        return x + tf.cast(ctx.replica_id_in_sync_group, tf.float32) * 10.0, \
            ctx.all_reduce("SUM", x), ctx.all_reduce("MEAN", x)

    values = strategy.experimental_distribute_values_from_function(lambda ctx: mine)
    out, total, mean = strategy.run(step, args=(values,))
    facts["run"] = [local(strategy, out), local(strategy, total), local(strategy, mean)]
    facts["run_repr"] = repr(out)
    facts["variables_after_run"] = [float(s.numpy()), float(m.numpy()), float(v.numpy())]
    facts["reduce"] = [strategy.reduce("SUM", out, axis=None).numpy().tolist(),
                       strategy.reduce("MEAN", out, axis=None).numpy().tolist(),
                       strategy.reduce("SUM", out, axis=0).numpy().tolist(),
                       strategy.reduce("MEAN", out, axis=0).numpy().tolist()]
    facts["reduce_repr"] = repr(strategy.reduce("SUM", out, axis=None))
    facts["gather"] = strategy.gather(out, axis=0).numpy().tolist()
    # a tensor argument: each worker's own
    plain = strategy.run(lambda x: x * 2.0, args=(mine,))
    facts["run_plain"] = [local(strategy, plain),
                          strategy.reduce("SUM", plain, axis=None).numpy().tolist(),
                          strategy.reduce("MEAN", mine, axis=None).numpy().tolist()]

    @tf.function
    def traced(x):
        out, total, mean = strategy.run(step, args=(x,))
        return strategy.reduce("SUM", out, axis=None), strategy.reduce("MEAN", total, axis=None)

    facts["traced"] = [t.numpy().tolist() for t in traced(values)]
    facts["variables_after_traced"] = [float(s.numpy()), float(m.numpy())]

    def read(policy):
        options = tf.data.Options()
        options.experimental_distribute.auto_shard_policy = policy
        dataset = tf.data.Dataset.range(16).batch(4).with_options(options)
        return [local(strategy, b) for b in strategy.experimental_distribute_dataset(dataset)]

    policies = tf.data.experimental.AutoShardPolicy
    facts["dataset"] = {p.name: read(p) for p in (policies.AUTO, policies.DATA, policies.OFF)}

    def dataset_fn(ctx):
        batch = ctx.get_per_replica_batch_size(4)
        return tf.data.Dataset.range(16).shard(ctx.num_input_pipelines,
                                               ctx.input_pipeline_id).batch(batch)

    facts["from_function"] = [local(strategy, b)
                              for b in strategy.distribute_datasets_from_function(dataset_fn)]
    facts["train"] = train(strategy)
    return facts


def train(strategy):
    """A custom loop: a linear model, gradients all-reduced, SGD by assign_sub and by a
    Keras optimizer, on the global batches of a DATA-sharded dataset."""
    rs = np.random.RandomState(0)
    x = rs.rand(32, 3).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
    with strategy.scope():
        w = tf.Variable(rs.rand(3, 1).astype("float32"), name="w")
        b = tf.Variable(tf.zeros([1]), name="b")
        w2 = tf.Variable(rs.rand(3, 1).astype("float32"), name="w2")
        optimizer = tf.keras.optimizers.SGD(0.1)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    dist = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(8).with_options(options))

    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(xb @ w + b - yb)) / 8.0
            loss2 = tf.reduce_sum(tf.square(xb @ w2 - yb)) / 8.0
        gw, gb, gw2 = tape.gradient([loss, loss2], [w, b, w2])
        gw, gb = tf.distribute.get_replica_context().all_reduce("SUM", [gw, gb])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
        optimizer.apply_gradients([(gw2, w2)])
        return loss

    @tf.function
    def train_step(xb, yb):
        return strategy.reduce("SUM", strategy.run(step, args=(xb, yb)), axis=None)

    losses = [float(train_step(xb, yb)) for _ in range(2) for xb, yb in dist]
    return {"losses": losses, "w": w.numpy().tolist(), "b": b.numpy().tolist(),
            "w2": w2.numpy().tolist()}


if sys.argv[1:2] == ["--worker"]:
    pprint.pprint(worker_facts(int(sys.argv[2])), width=100)
    sys.exit(0)


out = {}
mw = tf.distribute.MultiWorkerMirroredStrategy()
out["mw"] = strategy_facts(mw)
out["mw_type"] = type(mw).__name__
out["mw_resolver"] = type(mw.cluster_resolver).__name__
out["mw_experimental_isinstance"] = isinstance(
    mw, tf.distribute.experimental.MultiWorkerMirroredStrategy)
options = tf.distribute.experimental.CommunicationOptions(
    implementation=tf.distribute.experimental.CommunicationImplementation.RING,
    bytes_per_pack=50, timeout_seconds=10.0)
out["options"] = [str(options.implementation), options.bytes_per_pack, options.timeout_seconds]
out["implementations"] = [str(m) for m in tf.distribute.experimental.CommunicationImplementation]
out["collective_alias"] = (tf.distribute.experimental.CollectiveCommunication
                           is tf.distribute.experimental.CommunicationImplementation)
out["mw_nccl"] = tf.distribute.MultiWorkerMirroredStrategy(
    communication_options=tf.distribute.experimental.CommunicationOptions(
        implementation="NCCL")).num_replicas_in_sync
out["bad_options"] = error(lambda: tf.distribute.experimental.CommunicationOptions(
    implementation="ring"))
out["cs"] = strategy_facts(tf.distribute.experimental.CentralStorageStrategy())
out["cs_one"] = tf.distribute.experimental.CentralStorageStrategy(
    compute_devices=["/cpu:0"]).num_replicas_in_sync

# the cluster resolvers and ClusterSpec
spec = tf.train.ClusterSpec({"worker": ["localhost:2222", "localhost:2223"],
                             "chief": ["localhost:2224"]})
out["spec"] = [repr(spec), spec.jobs, spec.num_tasks("worker"), spec.task_indices("worker"),
               spec.task_address("worker", 1), spec.job_tasks("chief"), spec.as_dict(),
               bool(spec), bool(tf.train.ClusterSpec({}))]
out["spec_sparse"] = tf.train.ClusterSpec({"ps": {1: "h:1", 3: "h:3"}}).as_dict()
out["spec_errors"] = [error(lambda: spec.task_address("worker", 5)),
                      error(lambda: spec.num_tasks("ps")),
                      error(lambda: tf.train.ClusterSpec(["a"]))]
resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
out["empty_resolver"] = [resolver.cluster_spec().as_dict(), resolver.task_type,
                         resolver.task_id, resolver.master(), resolver.rpc_layer,
                         resolver.environment]
os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["localhost:12345", "localhost:23456"], "chief": ["host:1"]},
    "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc"})
resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
out["tf_config_resolver"] = [resolver.cluster_spec().as_dict(), resolver.task_type,
                             resolver.task_id, resolver.master(), resolver.rpc_layer,
                             resolver.master("chief", 0), resolver.master(rpc_layer="")]
out["tf_config_override"] = [
    tf.distribute.cluster_resolver.TFConfigClusterResolver("chief", 0).master()]
os.environ["TF_CONFIG"] = "not json"
out["tf_config_bad"] = error(
    lambda: tf.distribute.cluster_resolver.TFConfigClusterResolver().cluster_spec())
del os.environ["TF_CONFIG"]
simple = tf.distribute.cluster_resolver.SimpleClusterResolver(
    spec, task_type="worker", task_id=0, num_accelerators={"GPU": 2}, rpc_layer="grpc")
out["simple"] = [simple.cluster_spec().as_dict(), simple.task_type, simple.task_id,
                 simple.master(), simple.num_accelerators(), simple.rpc_layer]
out["tpu_resolver"] = error(tf.distribute.cluster_resolver.TPUClusterResolver)
out["tpu_strategy"] = error(tf.distribute.TPUStrategy)
local_tpu = tf.distribute.cluster_resolver.TPUClusterResolver("local")
out["tpu_local"] = [local_tpu.master(), error(lambda: tf.distribute.TPUStrategy(local_tpu))[0]]
out["gpu_mirrored"] = [tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"]).num_replicas_in_sync]
pprint.pprint(out, width=100)
