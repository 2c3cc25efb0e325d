"""How tf.random.Generator sees tf.distribute (TF's stateful_random_ops asks
distribute_lib): a generator made in a strategy's scope draws, in a replica of a run,
with its key hashed with the replica id; in cross-replica context, as any generator.
Installed into the ops layer's generator when tf.distribute is imported.

Not supported: a generator made outside any strategy drawing in the replicas of a run
over several replicas. TF's replicas then draw from its one state in turn (replica 0
all its draws, then replica 1); tfcompat's replicas run as one program, so this raises
NotImplementedError rather than give every replica the same numbers."""
from ..ops import random_generator
from . import distribute_lib


class _Distribution:
    @staticmethod
    def strategy_in_scope():
        """The strategy a new generator belongs to (TF: has_strategy's get_strategy)."""
        return distribute_lib.get_strategy() if distribute_lib.has_strategy() else None

    @staticmethod
    def replica_id(strategy):
        """This replica's id in sync group, or None in cross-replica context (TF enters
        the generator's strategy first: outside any scope, that is cross-replica)."""
        if not distribute_lib.has_strategy() or distribute_lib.in_cross_replica_context():
            return None
        return distribute_lib.get_replica_context().replica_id_in_sync_group

    @staticmethod
    def check_unscoped_draw():
        """A generator made outside any strategy, drawing in a replica of a run."""
        context = None if distribute_lib.in_cross_replica_context() else \
            distribute_lib.get_replica_context()
        if context is not None and context.num_replicas_in_sync > 1:
            raise NotImplementedError(
                "tfcompat: a tf.random.Generator made outside any tf.distribute strategy "
                "draws in the replicas of a run over "
                f"{context.num_replicas_in_sync} replicas. TF's replicas draw from its one "
                "state in turn; tfcompat runs them as one program. Make the generator "
                "inside strategy.scope() (each replica its own stream), or draw outside "
                "strategy.run")


random_generator.distribution = _Distribution
