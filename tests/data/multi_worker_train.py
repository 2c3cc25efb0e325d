"""A worker of tests/test_distribute_multi_worker.py: trains a linear model with a custom
loop (strategy.run in a tf.function, gradients all-reduced, SGD by assign_sub and by a
Keras optimizer) under the strategy named by argv[1], reads a distributed iterator inside
a tf.function, and prints the final weights, the losses, what it read and the errors of
what a multi-worker strategy refuses as JSON. ``multi``: MultiWorkerMirroredStrategy from TF_CONFIG; ``single``:
one process's MirroredStrategy over two CPUs on the same global batches; ``forever``:
the multi-worker loop without end (the test kills a worker)."""
import json
import sys

import numpy as np

import tfcompat as tf

mode = sys.argv[1]
if mode == "single":
    tf.config.set_logical_device_configuration(
        tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
else:
    strategy = tf.distribute.MultiWorkerMirroredStrategy(
        communication_options=tf.distribute.experimental.CommunicationOptions(
            implementation=tf.distribute.experimental.CommunicationImplementation.RING,
            timeout_seconds=10))

GLOBAL_BATCH = 8
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
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH).with_options(options)
dist = strategy.experimental_distribute_dataset(dataset)


def step(xb, yb):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(xb @ w + b - yb)) / GLOBAL_BATCH
        loss2 = tf.reduce_sum(tf.square(xb @ w2 - yb)) / GLOBAL_BATCH
    gw, gb, gw2 = tape.gradient([loss, loss2], [w, b, w2])
    gw, gb = tf.distribute.get_replica_context().all_reduce("SUM", [gw, gb])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    optimizer.apply_gradients([(gw2, w2)])   # (Keras all-reduces the gradient)
    return loss


@tf.function
def train_step(xb, yb):
    losses = strategy.run(step, args=(xb, yb))
    return strategy.reduce("SUM", losses, axis=None)


losses = []
epochs = 3
while mode == "forever" or epochs:
    epochs -= 1
    for xb, yb in dist:
        losses.append(float(train_step(xb, yb)))
    if mode == "forever":
        print("epoch", flush=True)


def errors():
    """The errors of what a multi-worker strategy refuses: the FILE auto-shard policy
    of a dataset without files (TF's NotFoundError), and a batch that does not split
    evenly across the cluster's replicas."""
    found = {}
    file_options = tf.data.Options()
    file_options.experimental_distribute.auto_shard_policy = \
        tf.data.experimental.AutoShardPolicy.FILE
    for name, make in [
            ("file", lambda: strategy.experimental_distribute_dataset(
                tf.data.Dataset.range(8).batch(4).with_options(file_options))),
            ("uneven", lambda: list(strategy.experimental_distribute_dataset(
                tf.data.Dataset.range(6).batch(3))))]:
        try:
            make()
        except (NotImplementedError, tf.errors.NotFoundError) as e:
            found[name] = str(e)
    return found


@tf.function
def read_inside(iterator):   # (a distributed iterator read inside a tf.function)
    return strategy.run(lambda v: v * 10, args=(next(iterator),))


iterator = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(16).batch(4)))
inside = [strategy.experimental_local_results(read_inside(iterator))[0].numpy().tolist()
          for _ in range(4)]
print(json.dumps({"inside": inside, "errors": errors() if mode == "multi" else None,
                  "w": w.numpy().tolist(), "b": b.numpy().tolist(), "w2": w2.numpy().tolist(),
                  "losses": losses, "replicas": strategy.num_replicas_in_sync,
                  "worker_devices": list(strategy.extended.worker_devices),
                  "should_checkpoint": strategy.extended.should_checkpoint}))
