"""Reading a traced function's iterator elements before it runs. TF's IteratorGetNext has
no control dependency on the other ops of a function, so nothing orders it after them.
A trace whose only host interaction is reading the next element of iterator arguments at
its top level (Keras's train, test and predict steps: ``iterator.get_next()``) has those
reads lifted out of its jaxpr: the call reads the elements on the host and passes them in
as trailing arguments. The compiled program then calls nothing back on the host, and jax
dispatches it on its fast path. Reads inside loops or conditionals (Keras's
steps_per_execution), or next to other host callbacks, stay in the program."""
import jax
from jax.extend.core import ClosedJaxpr

from ..framework import host_callback


def hoist_reads(closed, n_fixed):
    """(`closed` with its top-level prefetchable host reads made trailing inputs, the reads
    as [(host function, positions of its operands among the tensor arguments, result
    abstract values)]), or (`closed`, ()) when any other effect would be reordered.
    `n_fixed`: the leading inputs that are not tensor arguments (variable values)."""
    jaxpr = closed.jaxpr
    arg_index = {v: i - n_fixed for i, v in enumerate(jaxpr.invars) if i >= n_fixed}
    reads, kept, read_vars = [], [], []
    for eqn in jaxpr.eqns:
        fn = host_callback.host_function(eqn)
        if getattr(fn, "prefetchable", False) and all(
                isinstance(v, jax.extend.core.Var) and v in arg_index for v in eqn.invars) \
                and all(isinstance(v, jax.extend.core.Var) for v in eqn.outvars):
            reads.append((fn, [arg_index[v] for v in eqn.invars],
                          [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype)
                           for v in eqn.outvars]))
            read_vars.extend(eqn.outvars)
        elif eqn.effects:
            return closed, ()
        else:
            kept.append(eqn)
    if not reads:
        return closed, ()
    invars = list(jaxpr.invars) + read_vars
    jaxpr = jaxpr.replace(invars=invars, eqns=kept, effects=jax.extend.core.no_effects,
                          debug_info=jaxpr.debug_info._replace(
                              arg_names=tuple(f"arg{i}" for i in range(len(invars)))))
    return ClosedJaxpr(jaxpr, closed.consts), reads


def read(reads, values, staged):
    """The elements `reads` give for a call with tensor argument `values`: read on the host
    now, or (`staged`, the call is inside another trace) staged as that trace's reads."""
    out = []
    for fn, operands, avals in reads:
        args = [values[i] for i in operands]
        if staged:
            out.extend(host_callback.io_callback(fn, avals, *args))
        else:
            out.extend(fn(*args))
    return out
