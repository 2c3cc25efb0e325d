"""Values a trace computes from the unknown dimensions of a tf.data element.

Inside a tf.function, an element whose element_spec leaves dimensions unknown (a batch
without ``drop_remainder``) is traced at its concrete shape (relaxed_shapes), so
``tf.shape(x)`` is a constant of the trace and what is computed from it alone (Keras's
metrics count a batch's rows) is folded into constants. TF's graph computes those from
the element. The difference shows where a call's read of the element fails at the end
of the dataset: TF's executor still makes the Variable updates that do not depend on the
element (independent_updates.py), and a count of rows is not one of them.

So such a constant remembers the element (`mark`): ops on constants only pass the mark
on where they fold (integers), and where their output or a marked input enters the
program, it does so through an identity that takes the element as an input (`tie`),
which XLA folds away. Integer constants that meet traced values stay as they are: ops
take them as static sizes. A Variable assigned a marked constant ties it too.
"""
import jax
import jax.numpy as jnp
import numpy as np

from .context import ctx


def mark(array, source):
    """Note that `array`, a constant of the trace in progress, is computed from the
    unknown dimensions of `source` (a traced element)."""
    if ctx.traces and isinstance(source, jax.core.Tracer) and \
            not isinstance(array, jax.core.Tracer):
        ctx.traces[-1].shape_sources[id(array)] = (array, source)


def _source(sources, array):
    entry = sources.get(id(array))
    return entry[1] if entry is not None and entry[0] is array else None


def op_inputs(arrays):
    """An op's input arrays in a trace that has marked constants: (the arrays, each marked
    float or bool one tied to its element where the op also takes a traced value; the
    element its outputs derive from where all its inputs are constants, else None)."""
    sources = ctx.traces[-1].shape_sources
    found = [_source(sources, a) for a in arrays]
    source = next((s for s in found if s is not None), None)
    if source is None:
        return arrays, None
    if not any(isinstance(a, jax.core.Tracer) for a in arrays):
        return arrays, source
    return [a if s is None or np.issubdtype(np.dtype(a.dtype), np.integer) else tie(a, s)
            for a, s in zip(arrays, found)], None


def outputs(out, source):
    """An op's outputs computed from constants only, one of them marked: marked in turn
    where they are constants (integers, folded), tied to the element where the op ran as
    part of the program."""
    if type(out) in (tuple, list):
        return type(out)(outputs(o, source) for o in out)
    if isinstance(out, jax.core.Tracer):
        return tie(out, source)
    mark(out, source)
    return out


def assigned(array):
    """A value assigned to a Variable in a trace: tied to its element where marked."""
    if not ctx.traces[-1].shape_sources:
        return array
    source = _source(ctx.traces[-1].shape_sources, array)
    return array if source is None else tie(array, source)


def tie(array, source):
    """`array`, as a traced value that takes `source` as an input (the same value)."""
    taken = jnp.sum(jnp.ravel(source)[:0] != 0) == 0   # (True, computed from `source`)
    return jax.lax.select(jnp.broadcast_to(taken, jnp.shape(array)), array, array)
