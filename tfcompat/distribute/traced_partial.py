"""The reads of a distributed iterator that a tf.function over several replicas takes or
captures (get_next, next, get_next_as_optional). A host callback that raises
on the program's first device leaves the others waiting in a collective, and XLA aborts
the process; so these reads never raise. A read past the end (get_next: TF's
OutOfRangeError) or of a global batch that does not fit the trace (a partial last batch
read in a loop: the call is abandoned, host_callback.Rerun, and runs eagerly from its
start, the elements read given back) ends the call's reads: they give zeros, an optional
is empty (which stops the loop that checks it), the program's later tf.prints are not
written, and a check that the call runs after its program
(polymorphic_function/deferred_checks.py) raises the error. The tf.prints the abandoned
program wrote are not written again when the call runs eagerly. (Dense elements; others
read as the dataset iterator reads them. A captured iterator's check runs where it is
read: read in a loop past its end, it still raises there.)"""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..data import components, iterator_ops
from ..framework import host_callback
from ..framework.tensor import EagerTensor
from ..ops import logging_ops

_pending = {}   # iterator handle: the error its running call raises after its program


def call_starts(iterator):
    """A tf.function call takes the dataset iterator `iterator` (eagerly, as it starts)."""
    handle = getattr(iterator, "_handle", None)
    if isinstance(handle, int):
        _pending.pop(handle, None)   # (left by a call whose program failed otherwise)


def applies(strategy, inner):
    """Whether `inner`, the traced dataset iterator of a distributed iterator of
    `strategy`, is read here."""
    return strategy.num_replicas_in_sync > 1 and \
        isinstance(inner, iterator_ops._TracedIterator) and components.is_dense(inner._spec)


def applies_captured(strategy, iterator):
    """Whether the dataset iterator `iterator` of a distributed iterator of `strategy`,
    captured by the tf.function being traced, is read here."""
    return strategy.num_replicas_in_sync > 1 and \
        isinstance(iterator, iterator_ops.OwnedIterator) and components.is_dense(
            iterator._spec)


def guard(inner):
    """Stage, where the trace takes `inner` (its top level: deferred_checks runs it after
    the program), the check that raises its call's pending error; the reads' results
    depend on it (so that it stays), their operand is the handle alone (so that a read
    at the top level stays one a call may hoist: hoisted_reads)."""
    handle = inner._handle
    handle = handle._value if isinstance(handle, EagerTensor) else handle
    inner._handle = handle
    inner.checked = host_callback.checked(jnp.bool_(True), _failed, handle)


def _failed(handle, *_):
    host_callback.silenced[0] = False
    return _pending.pop(int(handle), None)


def read(inner, optional, replicas):
    """inner.get_next_as_optional() (`optional`) or inner.get_next(), whose read never
    raises. A call that starts at the end is traced with a row for each of the `replicas`
    where the element_spec's dimensions are unknown (all empty, the program over them
    does not compile; its reads give nothing)."""
    spec, layout = inner._spec, inner._layout
    if layout is not iterator_ops._STATIC and layout == components.layout(spec, None):
        layout = tuple(tuple(replicas if d is None else d for d in s.shape.as_list())
                       for s in components.component_specs(spec))
    out = _staged(iterator_ops._pull_handle, spec, layout, optional, inner._handle, True)
    return _result(spec, optional, [jnp.where(inner.checked, x, jnp.zeros_like(x))
                                    for x in out])


def read_captured(iterator, optional):
    """The same read of the dataset iterator `iterator` that the function captures (not
    an argument): traced for its next element (an element of other shapes is TypeError,
    as iterator_ops raises), its check staged where it reads (after the program where
    that is the function's top level; in a loop, a host callback there)."""
    handle = np.int64(iterator._handle)
    layout = iterator_ops._STATIC if iterator._static else iterator._next_layout()
    out = _staged(lambda h: iterator._pull(), iterator._spec, layout, optional, handle,
                  False)
    ok = host_callback.checked(jnp.bool_(True), _failed, handle, out[0])
    return _result(iterator._spec, optional, [jnp.where(ok, x, jnp.zeros_like(x))
                                              for x in out])


def _staged(pull, spec, layout, optional, handle, rerun):
    shapes = [tuple(s.shape.as_list()) for s in components.component_specs(spec)] \
        if layout is iterator_ops._STATIC else layout
    node = None if optional else iterator_ops.get_next_node()
    return iterator_ops.staged_pull(
        functools.partial(_pull_fitting, pull, shapes, None if optional else (spec, node),
                          rerun),
        spec, "the iterator's dataset", True, handle, prefetch=rerun, layout=layout)


def _result(spec, optional, out):
    if optional:
        return iterator_ops._traced_optional(spec, out)
    return iterator_ops._traced_element(spec, out[1:])


def _pull_fitting(pull, shapes, end, rerun, handle, *_):
    """The next element `pull(handle)` gives of the iterator `handle` names, or None (the
    end) once the call failed: `end` (the spec and graph node of a get_next) past the
    end, or an element that does not fit `shapes` (the call is then abandoned if
    `rerun`, else TypeError)."""
    key = int(handle)
    if key in _pending:
        return None
    flat = pull(handle)
    if flat is None:
        if end is not None:
            _fail(key, iterator_ops.end_of_sequence(*end))
        return None
    if any(tuple(np.shape(a)) != tuple(s) for a, s in zip(flat, shapes)):
        text = (f"tfcompat: a distributed iterator's element has component shapes "
                f"{[np.shape(a) for a in flat]} within a call of a tf.function traced for "
                f"{list(shapes)}")
        if rerun:
            logging_ops.abandon()
        _fail(key, host_callback.Rerun(text + ".") if rerun else TypeError(
            text + " (pass the iterator to the function as an argument instead)."))
        return None
    return [_on_host(a) for a in flat]


def _on_host(array):
    """A component as host NumPy where it is a CPU device's array (no copy): the program
    takes its replicas' rows as one transfer from the host, where an array on the first
    device would be sliced there and copied to each replica's device."""
    if isinstance(array, jax.Array) and [d.platform for d in array.devices()] == ["cpu"]:
        return np.asarray(array)
    return array


def _fail(key, exc):
    _pending[key] = exc
    host_callback.silenced[0] = True
