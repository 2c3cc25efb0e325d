"""How tf.random.Generator sees tf.distribute (TF's stateful_random_ops asks
distribute_lib): a generator made in a strategy's scope draws, in a replica of a run,
with its key hashed with the replica id; in cross-replica context, as any generator.
Installed into the ops layer's generator when tf.distribute is imported.

A generator made outside any strategy drawing in the replicas of a MirroredStrategy run:
TF's replicas draw from its one state in turn (replica 0 up to its next collective, then
replica 1 ...). One SPMD program cannot, so such a run runs its replicas one after
another (uneven_run.py), the generator's state passed on from replica to replica. Not
supported: the same across the processes of a MultiWorkerMirroredStrategy
(NotImplementedError)."""
from ..ops import random_generator
from . import distribute_lib, uneven_run
from .mirrored_replica import MirroredReplicaContext


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
    def check_unscoped_draw(state_var):
        """Before a generator made outside any strategy draws from `state_var`, in a
        replica of a run: an SPMD run starts again with its replicas one after another;
        there, the replicas pass the state on."""
        context = None if distribute_lib.in_cross_replica_context() else \
            distribute_lib.get_replica_context()
        if context is None or context.num_replicas_in_sync == 1:
            return
        if isinstance(context, uneven_run.UnevenReplicaContext):
            context.share(state_var)
            return
        if isinstance(context, MirroredReplicaContext) and \
                not getattr(context.strategy, "_multi_worker", False):
            raise uneven_run.Sequential()
        raise NotImplementedError(
            "tfcompat: a tf.random.Generator made outside any tf.distribute strategy "
            "draws in the replicas of a run over "
            f"{context.num_replicas_in_sync} replicas across processes. TF's replicas "
            "draw from its one state in turn; make the generator inside strategy.scope() "
            "(each replica its own stream), or draw outside strategy.run")


random_generator.distribution = _Distribution
