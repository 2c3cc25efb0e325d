"""The trip count of a traced tf.while_loop, where it is known when the loop is traced.

A while_loop with a static maximum_iterations runs as a lax.scan of that many iterations,
each masked by the loop's condition (control_flow_ops._staged_while). Where the condition
reads only loop variables that the body computes from those same variables alone, with
integer arithmetic and no effects, and their initial values and the constants involved
are known (a counter: Keras's RNN loop, ``time < time_steps`` with ``time`` from 0), the
condition's value at each iteration is known too: it is evaluated here, on those
variables alone, until it is False or maximum_iterations is reached. The loop then runs as a scan of exactly that
many iterations with no mask, which computes the same and costs XLA less (the masking
conditional in each iteration, and in its gradient, costs about a quarter of an LSTM
training step)."""
import jax
import numpy as np
from jax.extend.core import Literal

from ..framework import host_callback, jaxpr_eval

_MAX_EVALS = 2048   # equations evaluated on the host at most (else the loop stays masked)


def static_trip_count(cond_t, body_t, arrays, limit):
    """The number of iterations (at most `limit`) a while loop runs, when its trace tells
    it; else None. `cond_t`, `body_t`: the loop's traced condition and body
    (control_flow_traced._Traced, the loop variables their last inputs); `arrays`: the
    loop variables' initial values."""
    n = len(arrays)
    cond_in = cond_t.jaxpr.invars[len(cond_t.jaxpr.invars) - n:]
    body_in = body_t.jaxpr.invars[len(body_t.jaxpr.invars) - n:]
    pred = cond_t.jaxpr.outvars[0]
    if getattr(pred.aval, "shape", None) != ():
        return None
    cond_part = _slice(cond_t, [pred], cond_in)
    if cond_part is None:
        return None
    counters = set(cond_part[1])
    while True:   # (the loop variables the counters are computed from, until closed)
        body_part = _slice(body_t, [body_t.jaxpr.outvars[k] for k in sorted(counters)],
                           body_in)
        if body_part is None:
            return None
        if set(body_part[1]) <= counters:
            break
        counters |= set(body_part[1])
    counters = sorted(counters)
    if not all(isinstance(arrays[k], (jax.Array, np.ndarray)) and
               not isinstance(arrays[k], jax.core.Tracer) for k in counters) or \
            limit * (len(cond_part[0]) + len(body_part[0])) > _MAX_EVALS:
        return None
    values = {k: arrays[k] for k in counters}
    try:
        with jax.ensure_compile_time_eval():   # now, also inside the enclosing trace
            for trips in range(limit):
                if not bool(_evaluate(cond_part[0], cond_part[2], cond_in, values,
                                      [pred])[0]):
                    return trips
                outs = _evaluate(body_part[0], body_part[2], body_in, values,
                                 [body_t.jaxpr.outvars[k] for k in counters])
                values = {k: jax.numpy.asarray(o).astype(arrays[k].dtype)
                          for k, o in zip(counters, outs)}
    except Exception:  # noqa: BLE001 - what the loop's run would raise: it stays masked
        return None
    return limit


def _slice(traced, outs, loop_in):
    """(The equations `outs` of `traced`'s jaxpr depend on, the positions of the loop
    variables they read, their constants {variable: value}); None where they read
    anything else (Variables, random draws, a constant of the enclosing trace) or one of
    them has an effect."""
    jaxpr = traced.jaxpr
    live = {v for v in outs if not isinstance(v, Literal)}
    eqns = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in live for v in eqn.outvars):
            if eqn.effects or host_callback.reaches_host(eqn) or not all(map(_exact, eqn.outvars)):
                return None
            eqns.append(eqn)
            live.update(v for v in eqn.invars if not isinstance(v, Literal))
    position = {v: k for k, v in enumerate(loop_in)}
    consts = dict(zip(jaxpr.constvars, traced.consts))
    inputs = set(jaxpr.invars)
    if any(v in inputs and v not in position for v in live) or \
            any(isinstance(consts[v], jax.core.Tracer) for v in live if v in consts):
        return None
    return eqns[::-1], [position[v] for v in live if v in position], \
        {v: consts[v] for v in live if v in consts}


def _evaluate(eqns, consts, loop_in, values, outs):
    """The values of `outs` from `eqns`, given the loop variables' `values` by position."""
    env = dict(consts)
    env.update((loop_in[k], value) for k, value in values.items())

    def read(v):
        return v.val if isinstance(v, Literal) else env[v]
    for eqn in eqns:
        env.update(zip(eqn.outvars, jaxpr_eval.bind(eqn, list(map(read, eqn.invars)))))
    return [read(v) for v in outs]


def _exact(v):
    """Whether `v` holds integers or booleans: computed alike on the host, one op at a
    time, and in the compiled loop (a float counter might round otherwise there)."""
    dtype = getattr(v.aval, "dtype", None)
    return dtype is not None and (np.issubdtype(dtype, np.integer) or dtype == np.bool_)
