"""Golden snippets: the default tf.distribute strategy and its replica context (what
Keras's optimizers call): merge_call and call_for_each_replica switch between replica and
cross-replica context, all_reduce keeps IndexedSlices, strategy_supports_no_merge_call."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("default_strategy_contexts", """
s = tf.distribute.get_strategy()
print(tf.__internal__.distribute.strategy_supports_no_merge_call(),
      tf.distribute.in_cross_replica_context())
ctx = tf.distribute.get_replica_context()
g = tf.IndexedSlices(tf.ones((2, 3)), tf.constant([0, 2]), tf.constant([4, 3]))
r = ctx.all_reduce(tf.distribute.ReduceOp.SUM, [g, tf.constant(2.0)])
print(type(r[0]).__name__, r[0].indices.numpy().tolist(), r[0].values.shape, r[1])

def in_replica(x):
    return (tf.distribute.in_cross_replica_context(),
            tf.distribute.get_replica_context() is None, x * 2)

def merge(strategy):
    print("merge_call", tf.distribute.in_cross_replica_context(),
          tf.distribute.get_replica_context() is None)
    out = strategy.extended.call_for_each_replica(in_replica, args=(tf.constant(3),))
    print("call_for_each_replica", out[0], out[1], out[2])
    return out[2]

print(ctx.merge_call(merge))
with s.scope():
    print("default scope", tf.distribute.in_cross_replica_context(),
          tf.__internal__.distribute.strategy_supports_no_merge_call())
""")

_s("strategy_and_context_classes", """
# The classes TF's default strategy, its extended and replica contexts print as.
print(type(tf.distribute.get_strategy()).__name__,
      type(tf.distribute.get_strategy().extended).__name__,
      type(tf.distribute.get_replica_context()).__name__)
print(isinstance(tf.distribute.get_strategy(), tf.distribute.Strategy),
      isinstance(tf.distribute.get_replica_context(), tf.distribute.ReplicaContext))
s = tf.distribute.MirroredStrategy()
print(type(s.extended).__name__,
      s.run(lambda: type(tf.distribute.get_replica_context()).__name__))
""")
