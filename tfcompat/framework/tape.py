"""Recording ops on the active tapes.

Every op that runs while a tape is active and has a watched input is appended to that
tape as ``(op, attrs, inputs, outputs, mask)``: `op.fn` is the op's pure JAX function, so
the tape holds a closure of the computation (backprop.py differentiates it). A read of a
Variable is a node of its own on each tape that watches the variable.
"""
import numpy as np

from . import dtypes
from .context import ctx


_TRAINABLE_NP = frozenset(np.dtype(d.as_numpy_dtype) for d in dtypes.TRAINABLE)


class _State:
    """What one tape has recorded. Holding the tensors keeps their ids unique."""

    __slots__ = ("ids", "records", "reads", "variables", "watch_accessed", "keep")

    def __init__(self, watch_accessed):
        self.ids = set()          # ids of watched tensors and of outputs of recorded ops
        self.records = []         # (op, attrs, inputs, outputs, mask)
        self.reads = {}           # id(variable handle) -> [read tensors]
        self.variables = {}       # id(variable handle) -> variable, for watched_variables()
        self.watch_accessed = watch_accessed
        self.keep = []            # watched tensors, kept alive


def record(op, attrs, inputs, outputs, mask=None):
    """Append an op to every active tape that watches one of its inputs."""
    for state in ctx.tapes:
        ids = state.ids
        for t in inputs:
            if id(t) in ids:
                break
        else:
            continue
        state.records.append((op, attrs, inputs, outputs, mask))
        for o in outputs:
            if o._value.dtype in _TRAINABLE_NP:
                ids.add(id(o))


class VariableWatcher:
    """Collects the trainable variables read while it is active, in order of first read."""

    def __enter__(self):
        self.variables = []
        ctx.watchers.append(self)
        return self

    def __exit__(self, *exc):
        ctx.watchers.remove(self)

    def on_read(self, handle, read):
        if handle._trainable and all(v is not handle for v in self.variables):
            self.variables.append(handle)


def record_read(variable, read):
    """A read of `variable` produced tensor `read`: make it a node of each tape that
    watches the variable (trainable ones are watched on access)."""
    handle = variable._handle
    key = id(handle)
    for watcher in ctx.watchers:
        watcher.on_read(handle, read)
    for state in ctx.tapes:
        if key not in state.variables:
            if not (state.watch_accessed and handle._trainable):
                continue
            state.variables[key] = handle
        if read._value.dtype in _TRAINABLE_NP:
            state.reads.setdefault(key, []).append(read)
            state.ids.add(id(read))


