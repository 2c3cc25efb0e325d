"""Child process of tests/test_compilation_cache.py: one training step of a small model
under tf.function; prints its losses and how many programs JAX's persistent cache served (hits)
and how many XLA compiled (misses), as JSON."""
import json
import sys

from jax import monitoring

import tfcompat as tf

counts = {"cache_hits": 0, "cache_misses": 0}


def _event(event, **kwargs):
    name = event.rpartition("/")[2]
    if name in counts:
        counts[name] += 1


monitoring.register_event_listener(_event)

scale, activation = float(sys.argv[1]), getattr(tf.math, sys.argv[2])
w = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32), (4, 3)) / 10.0)
x = tf.reshape(tf.range(8, dtype=tf.float32), (2, 4)) * scale


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(activation(x @ w) ** 2)
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss


losses = [float(step()) for _ in range(3)]
print(json.dumps({"losses": losses, **counts}))
