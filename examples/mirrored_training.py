"""Data-parallel training with tf.distribute.MirroredStrategy on 4 CPU devices: a Keras
model compiled and fit in the strategy's scope, then a custom training loop with
strategy.run inside a tf.function.

The CPU is split into 4 logical devices before the first op, as in TF (tfcompat makes
them JAX's host devices). The data are two Gaussian blobs made with NumPy (fixed seed),
and tf.keras.utils.set_random_seed fixes the initial weights.
"""
import numpy as np
import tfcompat as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 4)
strategy = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(4)])
print("replicas:", strategy.num_replicas_in_sync)

rng = np.random.default_rng(0)
labels = rng.integers(0, 2, size=256).astype(np.int32)
features = (rng.normal(0.0, 1.0, size=(256, 8)) + 2.0 * labels[:, None]).astype(np.float32)


def make_model():
    return tf.keras.Sequential([tf.keras.Input(shape=(8,)),
                                tf.keras.layers.Dense(16, activation="relu"),
                                tf.keras.layers.Dense(2)])


# 1. Keras: compile and fit in the scope; each global batch of 32 is split 4 ways.
tf.keras.utils.set_random_seed(1)
with strategy.scope():
    model = make_model()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
print("kernel:", type(model.layers[0].kernel).__name__)
history = model.fit(features, labels, batch_size=32, epochs=3, shuffle=False, verbose=0)
print("fit losses:", [round(v, 4) for v in history.history["loss"]])
print("fit accuracy:", round(history.history["accuracy"][-1], 4))

# 2. A custom loop: strategy.run on a distributed dataset, the loss averaged over the
# global batch and the per-replica losses summed.
tf.keras.utils.set_random_seed(1)
with strategy.scope():
    model = make_model()
    optimizer = tf.keras.optimizers.SGD(0.1)
    optimizer.build(model.trainable_variables)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
dataset = tf.data.Dataset.from_tensor_slices((features, labels)).batch(32)
distributed = strategy.experimental_distribute_dataset(dataset)


def replica_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)),
                                          global_batch_size=32)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


@tf.function
def train_step(batch):
    per_replica = strategy.run(replica_step, args=batch)
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)


for epoch in range(3):
    losses = [float(train_step(batch)) for batch in distributed]
    print(f"epoch {epoch}: mean loss {np.mean(losses):.4f}")
print("first kernel row:", np.round(model.layers[0].kernel.numpy()[0, :4], 4))
