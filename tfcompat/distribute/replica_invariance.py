"""Which values of MirroredStrategy.run's SPMD program are the same on every replica (the
variable updates that all-reduced values determine): those leave the program replicated,
with no per-replica copies to stack and compare. A conservative analysis of the jaxpr of
one replica: a value varies when it depends on a per-replica input or on an op whose
result may differ between replicas (the replica id, a host callback); a collective that
combines all the replicas (psum, all_gather) gives one value to all of them, as does
`first_replica`, which the analysis also drops where its operand is the same on all."""
import jax
import jax.numpy as jnp
from jax.extend.core import Var

from .values import AXIS

_SAME_ON_ALL = frozenset({"psum", "pmax", "pmin", "all_gather"})
_DIFFERS = frozenset({"axis_index", "ppermute", "all_to_all", "reduce_scatter",
                      "psum_scatter", "pure_callback", "io_callback", "debug_callback",
                      "rng_uniform"})


@jax.jit
def _first_replica(value):
    first = jax.lax.axis_index(AXIS) == 0
    return jax.lax.psum(jnp.where(first, value, jnp.zeros_like(value)), AXIS)


def first_replica(value):
    """Replica 0's `value` on every replica (VariableAggregation.ONLY_FIRST_REPLICA): a
    psum of it masked on the others, a collective that `without_redundant_first` drops
    where the replicas have one value (an optimizer's iteration count)."""
    return _first_replica(value)


def _is_first_replica(eqn):
    return eqn.primitive.name in ("jit", "pjit") and eqn.params.get("name") == "_first_replica"


def varying_outputs(jaxpr, varying_inputs):
    """Per output of `jaxpr` (its constants are the same on all replicas; `varying_inputs`
    says which inputs are not): whether it may differ between replicas."""
    varying = {v for v, x in zip(jaxpr.invars, varying_inputs) if x}
    for eqn in jaxpr.eqns:
        _note(eqn, varying)
    return [type(v) is Var and v in varying for v in jaxpr.outvars]


def without_redundant_first(jaxpr, varying_inputs):
    """`jaxpr` without the `first_replica` calls (at its top level) of values that are
    the same on every replica: their results are their operands."""
    varying = {v for v, x in zip(jaxpr.invars, varying_inputs) if x}
    sub, eqns = {}, []
    for eqn in jaxpr.eqns:
        invars = [sub.get(v, v) if type(v) is Var else v for v in eqn.invars]
        if any(a is not b for a, b in zip(invars, eqn.invars)):
            eqn = eqn.replace(invars=invars)
        if _is_first_replica(eqn) and not (type(invars[0]) is Var and invars[0] in varying):
            sub[eqn.outvars[0]] = invars[0]
            continue
        _note(eqn, varying)
        eqns.append(eqn)
    if not sub:
        return jaxpr
    return jaxpr.replace(eqns=eqns, outvars=[sub.get(v, v) if type(v) is Var else v
                                             for v in jaxpr.outvars])


def _note(eqn, varying):
    """Add the outputs of `eqn` to the `varying` values where they may differ."""
    name = eqn.primitive.name
    if name in _SAME_ON_ALL or _is_first_replica(eqn):
        return
    if name in _DIFFERS or any(type(v) is Var and v in varying for v in eqn.invars) \
            or any(_differs(sub) for sub in _subjaxprs(eqn)):
        varying.update(eqn.outvars)


def _subjaxprs(eqn):
    for param in eqn.params.values():
        for sub in param if isinstance(param, (tuple, list)) else (param,):
            sub = getattr(sub, "jaxpr", sub)
            if hasattr(sub, "eqns"):
                yield sub


def _differs(jaxpr):
    """Whether `jaxpr` holds an op whose result may differ between replicas."""
    return any(e.primitive.name in _DIFFERS or any(_differs(s) for s in _subjaxprs(e))
               for e in jaxpr.eqns)
