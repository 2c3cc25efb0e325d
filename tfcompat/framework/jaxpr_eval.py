"""Evaluating a jaxpr equation by equation (jax's ``eval_jaxpr``), for the passes that
treat some equations their own way: deferred op checks, lifted initializers, independent
updates, loop trip counts."""
from jax.extend.core import Literal


def bind(eqn, values):
    """The outputs (a list) of equation `eqn` applied to `values`, as jax binds it."""
    outs = eqn.primitive.bind(*values, **eqn.primitive.get_bind_params(eqn.params))
    return outs if eqn.primitive.multiple_results else [outs]


def evaluate(jaxpr, consts, args, rule=None):
    """The outputs of `jaxpr` for `consts` and `args`; `rule(eqn, values)`, where given,
    gives an equation's outputs, or None for `bind`'s."""
    env = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))

    def read(v):
        return v.val if isinstance(v, Literal) else env[v]
    for eqn in jaxpr.eqns:
        values = [read(v) for v in eqn.invars]
        outs = None if rule is None else rule(eqn, values)
        env.update(zip(eqn.outvars, bind(eqn, values) if outs is None else outs))
    return [read(v) for v in jaxpr.outvars]
