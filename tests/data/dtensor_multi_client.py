"""A client of tests/test_dtensor.py's two-process case: JAX's multi-process runtime
(jax.distributed, two CPUs per process from XLA_FLAGS) under a DTensor mesh made by
create_distributed_mesh. argv: the coordinator's port and this process's id. Prints the
mesh, its client numbering, a batch-sharded DTensor's local components and a reduction
and a tf.function gradient over all four devices."""
import sys

import jax

jax.distributed.initialize(coordinator_address=f"127.0.0.1:{sys.argv[1]}", num_processes=2,
                           process_id=int(sys.argv[2]), initialization_timeout=60)

import tfcompat as tf  # noqa: E402 - after JAX's multi-process runtime starts
from tfcompat.experimental import dtensor  # noqa: E402

dtensor.initialize_accelerator_system()
mesh = dtensor.create_distributed_mesh([("batch", 4)])
client = dtensor.client_id()
layout = dtensor.Layout(["batch", dtensor.UNSHARDED], mesh)
x = dtensor.pack([tf.fill([1, 2], float(2 * client + i)) for i in range(2)], layout)
w = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout.replicated(mesh, 1),
                                               shape=[2]))


@tf.function
def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(x * w)
    return loss, tape.gradient(loss, w)


loss, grad = step(x)
print(dtensor.num_clients(), client, mesh.to_string(), mesh.local_device_ids(),
      [c.numpy().tolist() for c in dtensor.unpack(x)], float(tf.reduce_sum(x)), float(loss),
      dtensor.fetch_layout(grad).sharding_specs, grad.numpy().tolist(), flush=True)
