"""How tf.random.Generator sees tf.distribute (TF's stateful_random_ops asks
distribute_lib): a generator made in a strategy's scope draws, in a replica of a run,
with its key hashed with the replica id; in cross-replica context, as any generator.
Installed into the ops layer's generator when tf.distribute is imported.

A generator made outside any strategy drawing in the replicas of a MirroredStrategy run:
TF's replicas draw from its one state in turn (replica 0 up to its next collective, then
replica 1 ...). One SPMD program cannot, so such a run runs its replicas one after
another (uneven_run.py), the generator's state passed on from replica to replica (every
draw, binomial and skip alike). Not supported (NotImplementedError): the same across the
processes of a MultiWorkerMirroredStrategy; binomial of a generator made in the scope of a
strategy of several replicas (TF's kernel lets the replicas' copies of its state diverge);
split in a replica of a run (TF shares the first replica's new generators)."""
from ..ops import random_generator
from . import distribute_lib, uneven_run
from .distributed_variables import MirroredVariable
from .mirrored_replica import _MirroredReplicaContext


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
        if isinstance(context, _MirroredReplicaContext) and \
                not getattr(context.strategy, "_multi_worker", False):
            raise uneven_run.Sequential()
        raise NotImplementedError(
            "tfcompat: a tf.random.Generator made outside any tf.distribute strategy "
            "draws in the replicas of a run over "
            f"{context.num_replicas_in_sync} replicas across processes. TF's replicas "
            "draw from its one state in turn; make the generator inside strategy.scope() "
            "(each replica its own stream), or draw outside strategy.run")

    @staticmethod
    def check_binomial(state_var):
        """Generator.binomial of a generator made in a strategy's scope. TF's
        StatefulRandomBinomial reads its state through the variable's handle (in
        cross-replica context within a scope there is none: TF's ValueError) and, on CPU,
        updates the copy of the state it read before its copy-on-write, so the replicas'
        copies of a MirroredVariable diverge: tfcompat, one state for all replicas,
        raises NotImplementedError where there is more than one."""
        if not isinstance(state_var, MirroredVariable):
            return
        if distribute_lib.has_strategy() and distribute_lib.in_cross_replica_context():
            raise ValueError("DistributedVariable.handle is not available outside the replica "
                             "context or a `tf.distribute.Strategy.update()` call.")
        replicas = state_var._strategy.num_replicas_in_sync
        if replicas > 1:
            raise NotImplementedError(
                "tfcompat: Generator.binomial of a tf.random.Generator made in the scope of "
                f"a strategy of {replicas} replicas. TF's StatefulRandomBinomial kernel "
                "updates the replicas' copies of the generator's state unevenly (on CPU, "
                "the copy it read before its copy-on-write), so the copies diverge; "
                "tfcompat holds one state for all replicas. Make the generator outside the "
                "strategy's scope (the replicas then draw from its state in turn), or draw "
                "with tf.random.stateless_binomial and seeds from Generator.make_seeds")

    @staticmethod
    def check_split():
        """Generator.split in a replica of a run: TF creates the new generators' state
        variables once, with the first replica's keys, and every replica gets them."""
        context = None if distribute_lib.in_cross_replica_context() else \
            distribute_lib.get_replica_context()
        if context is not None and context.num_replicas_in_sync > 1:
            raise NotImplementedError(
                "tfcompat: Generator.split in a replica of a run over "
                f"{context.num_replicas_in_sync} replicas. TF creates the new generators' "
                "state variables once, from the first replica's keys, and shares them "
                "between the replicas; split outside strategy.run (in the strategy's scope, "
                "the new generators draw a stream per replica)")


random_generator.distribution = _Distribution
