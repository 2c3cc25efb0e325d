"""MirroredStrategy.run on per-replica inputs of different shapes (a distributed dataset's
partial last batch: TF gives each replica ceil(batch / n) rows in turn, so the last ones
get fewer or none). One SPMD program cannot hold replicas of different shapes, so the
replicas run one after another, each with its own inputs, and their collectives
(all_reduce, all_gather, merge_call, aggregated variable updates) are synchronization
points met by replaying: a pass runs every replica up to its next unanswered collective,
the replicas' values there are combined, and the next pass runs them again with that
answer known (the variables restored to what they held at the point each answer was
made). A run with k collectives traces or runs its function (k + 1) * n times (so its
Python side effects happen that often); the values are TF's (its replicas run as threads
meeting at the same points). Shared state (a tf.random.Generator made outside any
strategy: ``UnevenReplicaContext.share``) is passed on as TF's threads take turns: each
replica's stretch between two collectives starts from what the previous one in TF's
order (replica r - 1 at the same stretch, or the last replica at the one before) left."""
import jax
import jax.numpy as jnp

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable, VariableAggregation, live_variables
from ..ops import manip_ops
from . import distribute_lib
from .distribute_lib import ReduceOp, _state
from .distributed_variables import SyncOnReadVariable
from .mirrored_replica import _MirroredReplicaContext, non_distributed_error, reduce_op_of
from .values import PerReplica


class _Pause(BaseException):
    """A replica reached a collective whose answer is not known yet (BaseException: user
    code's ``except Exception`` must not swallow it)."""


class Sequential(BaseException):
    """Raised while an SPMD run traces where its replicas must run one after another
    (MirroredStrategy.run then runs them so)."""


class _Answer:
    def __init__(self, results, state):
        self.results = results   # each replica's result
        self.state = state   # the variables' values after the collective (a merge_call's)


class _Replay:
    """The collectives' answers so far, and the values the replicas bring to the next."""

    def __init__(self, strategy, variables):
        self.strategy = strategy
        self.variables = variables
        self.answers = []
        self.pending = {}
        self.merged = set()   # ids of merge_call results: one value for all replicas
        self.shared = {}   # id: variable the replicas pass on in turn
        self.ends = {}   # (stretch, replica): the shared variables' values at its end

    def meet(self, context, value, combine, merge=False):
        """This replica's answer at its next collective: known, or pause the replica."""
        k = context.count
        context.count += 1
        if k < len(self.answers):
            answer = self.answers[k]
            if answer.state is not None:
                _restore(self.variables, answer.state)
            self.begin(k + 1, context.replica)
            return answer.results[context.replica]
        self.end(k, context.replica)
        self.pending[context.replica] = (k, value, combine, merge)
        raise _Pause()

    def begin(self, stretch, replica):
        """The shared variables as TF's replica `replica` finds them at the start of its
        stretch `stretch` (0: the start of the run)."""
        n = self.strategy.num_replicas_in_sync
        before = (stretch, replica - 1) if replica else (stretch - 1, n - 1)
        for key, value in self.ends.get(before, {}).items():
            self.shared[key]._value = value

    def end(self, stretch, replica):
        self.ends[(stretch, replica)] = {k: v._value for k, v in self.shared.items()}


class UnevenReplicaContext(_MirroredReplicaContext):
    """The replica context of one replica of an uneven run: its id is a constant and its
    collectives are met through the replay."""

    def __init__(self, strategy, replica, replay, local):
        super().__init__(strategy)
        self.replica = replica
        self.count = 0
        self.local = local
        self._replay = replay

    @property
    def replica_id_in_sync_group(self):
        return convert_to_tensor(self.replica)

    def share(self, variable):
        """`variable` is one state the replicas use in turn (not a copy each)."""
        self._replay.shared.setdefault(id(variable), variable)

    def all_reduce(self, reduce_op, value, options=None):
        """The replicas' values reduced; a tensor that is the same object on all of them
        (one they capture) comes back with its own value, as TF's regroup keeps it."""
        op = reduce_op_of(reduce_op)
        return _own(self._replay.meet(self, value, lambda values: [nest.map_structure(
            lambda *xs: xs[0] if _same_tensor(xs) else reduce_values(op, xs),
            *values)] * len(values)))

    def all_gather(self, value, axis, options=None):
        return _own(self._replay.meet(self, value, lambda values: [nest.map_structure(
            lambda *xs: manip_ops.concat([convert_to_tensor(x) for x in xs], axis),
            *values)] * len(values)))

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """``merge_fn(strategy, ...)`` once, in cross-replica context, with the replicas'
        tensors as PerReplica values (as TF); every replica gets its result."""
        def combine(values):
            merged = nest.map_structure(
                lambda *xs: PerReplica(xs) if isinstance(xs[0], Tensor) else xs[0], *values)
            with distribute_lib._cross_replica():
                result = merge_fn(self._strategy, *merged[0], **merged[1])
            self._replay.merged.update(id(x) for x in nest.flatten(result))
            return [result] * len(values)
        return self._replay.meet(self, (tuple(args), dict(kwargs or {})), combine, merge=True)

    def aggregate(self, aggregation, value, dtype):
        if not isinstance(value, (Tensor, Variable)):   # (the same on every replica)
            if aggregation == VariableAggregation.SUM:
                raise non_distributed_error(value)
            return value
        value = convert_to_tensor(value, dtype=dtype)
        if aggregation == VariableAggregation.ONLY_FIRST_REPLICA:
            return self._replay.meet(self, value, lambda values: [values[0]] * len(values))
        op = ReduceOp.SUM if aggregation == VariableAggregation.SUM else ReduceOp.MEAN
        return self.all_reduce(op, value)


def reduce_values(op, values):
    """The SUM or MEAN of the replicas' `values` (on one device), as TF's reduce adds."""
    values = [convert_to_tensor(v) for v in values]
    total = values[0]
    for v in values[1:]:
        total = total + v
    if op is ReduceOp.MEAN:
        total = EagerTensor((total._value / len(values)).astype(total._value.dtype))
    return total


def _replicated(strategy, value):
    """A replica's value on every device (as the variables are), so that the replicas'
    eager ops combine it with the variables."""
    value = convert_to_tensor(value)
    if isinstance(value._value, jax.core.Tracer):
        return value
    return EagerTensor(jax.device_put(value._value, strategy._replicated))


def _restore(variables, values):
    for v, value in zip(variables, values):
        if v._value is not value:   # (a tf.function threads the variables a trace writes)
            v._value = value


def run(strategy, fn, args, kwargs):
    """strategy.run(fn, args, kwargs) with each replica's inputs run on their own."""
    n = strategy.num_replicas_in_sync
    flat = nest.flatten((args, kwargs))
    inputs = [nest.pack_sequence_as((args, kwargs), [
        _replicated(strategy, x.values[r]) if isinstance(x, PerReplica) else x for x in flat])
        for r in range(n)]
    variables = [v for v in live_variables() if not isinstance(v, SyncOnReadVariable)]
    before = [v._value for v in variables]
    synced = [v for v in live_variables() if isinstance(v, SyncOnReadVariable)
              and v._strategy is strategy]
    starts = [[_replicated(strategy, EagerTensor(v._locals._value[r]))._value for v in synced]
              for r in range(n)]
    replay = _Replay(strategy, variables)
    while True:
        replay.pending = {}
        results, finals = {}, {}
        for r in range(n):
            _restore(variables, before)
            context = UnevenReplicaContext(
                strategy, r, replay, {id(v): x for v, x in zip(synced, starts[r])})
            _state.contexts.append(context)
            _state.strategies.append(strategy)
            saved, _state.cross_replica = _state.cross_replica, 0
            _state.replica += 1
            try:
                replay.begin(0, r)
                a, k = inputs[r]
                results[r] = fn(*a, **k)
                replay.end(context.count, r)
                finals[r] = ([v._value for v in variables],
                             [context.local[id(v)] for v in synced])
            except _Pause:
                pass
            except BaseException:
                _restore(variables, before)
                raise
            finally:
                _state.replica -= 1
                _state.cross_replica = saved
                _state.contexts.pop()
                _state.strategies.pop()
        if not replay.pending:
            break
        if results or len({k for k, _, _, _ in replay.pending.values()}) != 1:
            _restore(variables, before)
            raise RuntimeError(
                "tfcompat's MirroredStrategy.run: the replicas of a run on inputs of "
                "different shapes did not call the same collectives (all_reduce, "
                "merge_call, aggregated variable updates) in the same order")
        values = [replay.pending[r][1] for r in range(n)]
        _, _, combine, merge = replay.pending[0]
        with distribute_lib._cross_replica():
            answer = combine(values)
        replay.end(len(replay.answers), n - 1)   # (what a merge_fn's draws left)
        replay.answers.append(_Answer(answer, [v._value for v in variables] if merge else None))
    _finish(strategy, variables, synced, starts, finals, replay.shared)
    return _outputs([results[r] for r in range(n)], replay.merged)


def _finish(strategy, variables, synced, starts, finals, shared):
    """The variables' values after the run: a MirroredVariable's (checked to agree
    between the replicas where it is not aggregated), each replica's SyncOnRead value, a
    shared one's as the last replica left it."""
    n = len(starts)
    for i, v in enumerate(variables):
        values = [finals[r][0][i] for r in range(n)]
        if id(v) in shared:
            _restore([v], values[-1:])
        elif all(x is values[0] for x in values):
            _restore([v], values[:1])
        else:
            strategy._write_back(v, jnp.stack(values))
    for j, v in enumerate(synced):
        values = [finals[r][1][j] for r in range(n)]
        if any(x is not start[j] for x, start in zip(values, starts)):
            value = jnp.stack(values)
            if not isinstance(value, jax.core.Tracer):
                value = jax.device_put(value, strategy._sharded)
            v._locals._value = value


def _own(value):
    """A collective's result as this replica's own tensors (not one object that all
    replicas share: a run returns them as PerReplica values)."""
    return nest.map_structure(lambda x: EagerTensor(x._value) if isinstance(x, Tensor) else x,
                              value)


def _same_tensor(values):
    """Whether the replicas' `values` are one tensor object (TF's regroup: not
    per-replica)."""
    return isinstance(values[0], Tensor) and all(x is values[0] for x in values)


def _outputs(results, merged):
    """The replicas' results: PerReplica values of their tensors; a merge_call's result
    (one value for all replicas), Python values and one object that all replicas return
    (a variable, a captured tensor: TF's regroup) as they are."""
    flats = [nest.flatten(x) for x in results]
    out = []
    for leaves in zip(*flats):
        if id(leaves[0]) in merged or not isinstance(leaves[0], (Tensor, Variable)) or \
                all(x is leaves[0] for x in leaves):
            out.append(leaves[0])
        else:
            out.append(PerReplica([convert_to_tensor(x) for x in leaves]))
    return nest.pack_sequence_as(results[0], out)
