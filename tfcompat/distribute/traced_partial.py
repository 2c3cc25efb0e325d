"""A distributed iterator that a tf.function over several replicas takes and reads with
get_next_as_optional, whose global batches may change shape within one call (a partial
last batch read in a loop). Where one device runs the call, the read's host callback
abandons the call (host_callback.Rerun: the function runs eagerly from its start, the
elements read given back). Over several devices, a callback that raises on the first
device leaves the others waiting in a collective, and XLA aborts the process. So these
reads never raise: a batch that does not fit the trace ends the call's reads (the
optional is empty, as at the end, which stops the loop that checks it), and a check that
the call runs after its program (polymorphic_function/deferred_checks.py) raises the
Rerun. The tf.prints the abandoned program wrote are not written again when the call runs
eagerly. (Dense elements; others read as the dataset iterator reads them.)"""
import functools

import numpy as np

from ..data import components, iterator_ops
from ..framework import host_callback
from ..framework.tensor import EagerTensor
from ..ops import logging_ops

_pending = {}   # iterator handle: (the Rerun of its abandoned call, the prints it wrote)
_started = {}   # iterator handle: logging_ops.printed when its last call started


def call_starts(iterator):
    """A tf.function call takes the dataset iterator `iterator` (eagerly, as it starts)."""
    handle = getattr(iterator, "_handle", None)
    if isinstance(handle, int):
        _started[handle] = logging_ops.printed[0]


def applies(strategy, inner):
    """Whether `inner`, the traced dataset iterator of a distributed iterator of
    `strategy`, is read here."""
    return strategy.num_replicas_in_sync > 1 and \
        isinstance(inner, iterator_ops._TracedIterator) and \
        inner._layout is not iterator_ops._STATIC and components.is_dense(inner._spec)


def guard(inner):
    """Give `inner`'s handle the check that raises its abandoned call's Rerun after the
    program (staged where the trace takes the iterator: its top level)."""
    handle = inner._handle
    array = handle._value if isinstance(handle, EagerTensor) else handle
    inner._handle = EagerTensor(host_callback.checked(array, _abandoned, array))


def _abandoned(handle):
    entry = _pending.pop(int(handle), None)
    if entry is None:
        return None
    rerun, printed = entry
    logging_ops.unwritten[0] = printed
    return rerun


def read_optional(inner):
    """inner.get_next_as_optional(), whose read never raises."""
    out = iterator_ops.staged_pull(functools.partial(_pull_fitting, inner._layout),
                                   inner._spec, "the iterator's dataset", True, inner._handle,
                                   layout=inner._layout)
    return iterator_ops._traced_optional(inner._spec, out)


def _pull_fitting(layout, handle):
    """The next element of the iterator `handle` names, or None (the end) once one does
    not fit `layout` (the call is then abandoned)."""
    key = int(handle)
    if key in _pending:
        return None
    flat = iterator_ops._pull_handle(handle)
    if flat is not None and any(tuple(np.shape(a)) != tuple(s) for a, s in zip(flat, layout)):
        _pending[key] = (
            host_callback.Rerun(f"tfcompat: a distributed iterator's element has component "
                                f"shapes {[np.shape(a) for a in flat]} within a call of a "
                                f"tf.function traced for {list(layout)}."),
            logging_ops.printed[0] - _started.get(key, logging_ops.printed[0]))
        return None
    return flat
