"""Which values of MirroredStrategy.run's SPMD program are the same on every replica (the
variable updates that all-reduced values determine): those leave the program replicated,
with no per-replica copies to stack and compare. A conservative analysis of the jaxpr of
one replica: a value varies when it depends on a per-replica input or on an op whose
result may differ between replicas (the replica id, a host callback); a collective that
combines all the replicas (psum, all_gather) gives one value to all of them."""
from jax.extend.core import Var

_SAME_ON_ALL = frozenset({"psum", "pmax", "pmin", "all_gather"})
_DIFFERS = frozenset({"axis_index", "ppermute", "all_to_all", "reduce_scatter",
                      "psum_scatter", "pure_callback", "io_callback", "debug_callback",
                      "rng_uniform"})


def varying_outputs(jaxpr, varying_inputs):
    """Per output of `jaxpr` (its constants are the same on all replicas; `varying_inputs`
    says which inputs are not): whether it may differ between replicas."""
    varying = {v for v, x in zip(jaxpr.invars, varying_inputs) if x}
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name in _SAME_ON_ALL:
            continue
        if name in _DIFFERS or any(type(v) is Var and v in varying for v in eqn.invars) \
                or any(_differs(sub) for sub in _subjaxprs(eqn)):
            varying.update(eqn.outvars)
    return [type(v) is Var and v in varying for v in jaxpr.outvars]


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
