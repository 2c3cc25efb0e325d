"""How tf.print sees tf.distribute: in the replicas of a MirroredStrategy run, TF's
replicas run as threads that take turns (replica 0 up to its next collective, then
replica 1 ...), so their prints come replica by replica between the run's collectives.
One SPMD program cannot write them so: a run that prints runs its replicas one after
another (uneven_run.py), whose passes replay the stretches before the collectives they
have answered; a print is written in the pass that runs its stretch for the first time.
Traced (a run in a tf.function), the program spans the replicas' devices, where XLA has
no ordered host callbacks: each print is a host callback that waits for the previous
one's token, a hidden variable the replicas pass on in turn. Installed into the ops
layer's tf.print when tf.distribute is imported. Not supported: a print in the replicas
of a MultiWorkerMirroredStrategy run (NotImplementedError)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

from ..framework import host_callback
from ..framework.tensor import EagerTensor
from ..framework.trace_state import init_scope
from ..framework.variables import Variable
from ..ops import logging_ops
from . import uneven_run
from .mirrored_replica import spmd_context

_token = []   # the hidden variable, made at the first print in a replica


class _Distribution:
    @staticmethod
    def route():
        """logging_ops' route of a print (see its _Unreplicated)."""
        context = spmd_context()
        if context is None or context.num_replicas_in_sync == 1:
            return None
        if isinstance(context, uneven_run.UnevenReplicaContext):
            if context.count != len(context._replay.answers):
                return False
            if not _token:
                with init_scope():
                    _token.append(Variable(np.int32(0), trainable=False, name="print_token"))
            context.share(_token[0])
            return _chained
        if getattr(context.strategy, "_multi_worker", False):
            raise NotImplementedError(
                "tfcompat: tf.print in the replicas of a MultiWorkerMirroredStrategy run "
                f"over {context.num_replicas_in_sync} replicas; print outside "
                "strategy.run (or return the values and print them)")
        raise uneven_run.Sequential()


def _chained(emit, *arrays):
    """`emit(*arrays)` when the traced run runs, after the previous print."""
    def call(token, *values):
        emit(*values)
        return np.int32(0)
    token = _token[0]
    new = io_callback(host_callback.keeping_errors(call), jax.ShapeDtypeStruct((), jnp.int32),
                      token._value, *arrays, ordered=False)
    token.assign(EagerTensor(new), read_value=False)


logging_ops.distribution = _Distribution
