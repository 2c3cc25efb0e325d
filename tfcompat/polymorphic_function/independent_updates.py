"""The Variable updates of a tf.function call that its failed iterator read does not stop,
as TF's executor makes them.

TF orders a function's stateful ops per resource (automatic control dependencies), so its
IteratorGetNext is ordered with no other op. When the read raises OutOfRangeError at the
end of a dataset, every update that does not depend on the element has still run: on the
step past the end of a dataset of unknown length, Keras's ``optimizer.iterations`` and
its dropout seed counters advance, which later epochs' learning rates, Adam's bias
corrections and dropout masks depend on. A tfcompat call is one XLA program, which the
read aborts whole. `program` builds, once per trace, the program of the assigned values
that depend on no host callback's result (a read, a check) and on no read made before
the call (hoisted_reads); the call runs it and assigns them. It does so where the reads'
element_specs have unknown dimensions too (a batch without ``drop_remainder``): what TF
computes from them (Keras's metrics count a batch's rows from ``tf.shape``) depends on
the read there (framework/shape_taint.py).

Differs from TF: a Variable updated twice, the second time from the element
(``v.assign(1.)`` then ``v.assign_add(x)``), keeps its old value, where TF's executor has
made the first update; stateful random ops (``tf.random.uniform``) do not advance; a
value computed from an element's unknown dimensions other than by ``tf.shape`` or
``tf.size`` (``tf.ones_like(x)``) counts as independent of it.
"""
import jax
from jax._src.interpreters import partial_eval as pe
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun, jaxprs_in_params

from ..framework import host_callback, jaxpr_eval

_UNAVAILABLE = object()   # a value computed from the failed read
# Calls whose body runs as its own jaxpr: evaluated equation by equation, so that their
# outputs that do not depend on the read stay available (a nested tf.function's updates).
_CALL_JAXPR = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr",
               "core_call": "call_jaxpr", "custom_jvp_call": "call_jaxpr",
               "custom_vjp_call": "call_jaxpr"}


def program(jaxpr, hoisted, outputs, unavailable=()):
    """(the indices among `outputs` (output positions of `jaxpr`) whose values do not
    depend on its trailing inputs read by `hoisted` (hoisted_reads'), on its inputs at the
    positions `unavailable` (string handles) or on a host callback, a jitted function of
    its other inputs giving those values), or ((), None) where there is none. (What TF
    computes from an element's unknown dimensions, which the trace has as constants, takes
    the element as an input: framework/shape_taint.py.)"""
    n_in = len(jaxpr.invars) - sum(len(avals) for _, _, avals in hoisted)
    given = [i for i in range(n_in) if i not in unavailable]
    avals = [jax.ShapeDtypeStruct(jaxpr.invars[i].aval.shape, jaxpr.invars[i].aval.dtype)
             for i in given]
    found = []

    def run(*args):
        inputs = [_UNAVAILABLE] * len(jaxpr.invars)
        for i, a in zip(given, args):
            inputs[i] = a
        outs = _evaluate(jaxpr, (), inputs)
        found[:] = [k for k, i in enumerate(outputs) if outs[i] is not _UNAVAILABLE]
        return [outs[outputs[k]] for k in found]
    closed = jax.make_jaxpr(run)(*avals)
    if not found:
        return (), None
    kept, used = pe.dce_jaxpr(closed.jaxpr, [True] * len(found))
    fn = jax.jit(jaxpr_as_fun(ClosedJaxpr(kept, closed.consts)))
    return tuple(found), lambda *args: fn(*(args[i] for i, u in zip(given, used) if u))


def _evaluate(jaxpr, consts, args):
    """jax's eval_jaxpr of `jaxpr`, where what a callback gives, and what is computed from
    an _UNAVAILABLE value, is _UNAVAILABLE (no callback runs)."""
    def available(eqn, values):
        inner = eqn.params.get(_CALL_JAXPR.get(eqn.primitive.name))
        if host_callback.calls_host(eqn):   # (not run again: a tf.print already printed)
            return [_UNAVAILABLE] * len(eqn.outvars)
        if isinstance(inner, ClosedJaxpr) and (
                _missing(values) or _holds_callback(inner.jaxpr)):
            return _evaluate(inner.jaxpr, inner.consts, values)
        if _missing(values) or any(_holds_callback(j) for j in jaxprs_in_params(eqn.params)):
            return [_UNAVAILABLE] * len(eqn.outvars)   # (a loop or branch: whole)
        return None
    return jaxpr_eval.evaluate(jaxpr, consts, args, available)


def _missing(values):
    return any(v is _UNAVAILABLE for v in values)


def _holds_callback(jaxpr):
    return host_callback.host_calls(jaxpr) is not None
