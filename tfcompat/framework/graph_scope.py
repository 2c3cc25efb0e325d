"""Graphs built outside tf.function: ``Graph.as_default()`` / ``FuncGraph(name).as_default()``
(the scratch graph of Keras's TF backend ``compute_output_spec``), tf.compat.v1.placeholder
inside one, and tf.compat.v1.get_default_graph / reset_default_graph.

A graph being built is traced as a tf.function is: a ``trace_state.Trace`` on
``ctx.traces`` (so ops are symbolic, recorded in the graph, and
``tf.executing_eagerly()`` is False), on a jax trace opened for the block (jax's
DynamicJaxprTrace; a ``with`` block is not a function that ``jax.make_jaxpr`` could
trace). Each placeholder is a new argument of that trace; its unknown dimensions are jax
symbolic dimensions, as in a shape-polymorphic tf.function trace, so a dimension
computed from unknown ones is unknown (None), as TF's static shape inference gives it.
Unknown dimensions at the same position of the placeholders of one graph are one symbol
(Keras's batch and time dimensions), so that ops combining them type-check. An op whose
output shape depends on values (boolean_mask, where, unique, range) gives an output of new
symbolic dimensions there (``unknown_output``), as TF's shape inference leaves them unknown.
Variables assigned in the block keep their values (their symbolic values stay private
to the block). Graphs cannot be run: there is no tf.compat.v1.Session.
"""
import contextlib

import jax
import numpy as np
from jax._src import core as jax_core   # (the trace of a `with` block: jax internals)
from jax._src import source_info_util
from jax._src.interpreters import partial_eval

from . import dtypes
from .context import ctx, private_values
from .func_graph import FuncGraph, Graph
from .tensor import EagerTensor
from .tensor_shape import TensorShape
from .trace_state import Trace, lift_initializers, tf_traced_by_jax


class _Building:
    """A graph while its ``as_default()`` block runs: its Trace and jax trace."""

    def __init__(self, graph):
        self.graph = graph
        self.trace = Trace([], [], True, function=False)
        self.trace.building_function = isinstance(graph, FuncGraph)   # (not a plain Graph)
        self.jax_trace = partial_eval.DynamicJaxprTrace(None)
        self.symbols = jax.export.SymbolicScope()
        self.unknowns = 0   # (outputs of value-dependent shape made: their symbols' names)


_building = []   # the graphs being built in this process, innermost last
_default = [Graph()]   # the global default graph (TF1's; TF2 programs only reset it)


def current():
    """The innermost graph being built in this thread, or None."""
    for b in reversed(_building):
        if b.trace in ctx.traces:
            return b
    return None


@contextlib.contextmanager
def building(graph):
    """Graph.as_default: the ops of the block build `graph` (see the module docstring)."""
    b = _Building(graph)
    saved_tapes = ctx.tapes[:]
    ctx.tapes.clear()
    ctx.traces.append(b.trace)
    _building.append(b)
    try:
        with private_values(), jax_core.set_current_trace(b.jax_trace), tf_traced_by_jax():
            yield graph
    finally:
        _building.remove(b)
        ctx.traces.remove(b.trace)
        ctx.tapes[:] = saved_tapes
        builder = b.trace.graph
        graph._set_records(graph._records + builder.records, [], [])
        builder.clear()
        _lift_created(b)
        b.jax_trace.invalidate()


def _lift_created(b):
    """TF lifts the initial value of a tf.Variable created while a graph is built out of
    the graph (it is an eager variable): computed now from the block's trace, where it
    depends on no placeholder; otherwise the Variable stays uninitialized (reading it
    raises)."""
    if not b.trace.created:
        return
    source = source_info_util.current()
    outs = [b.jax_trace.to_jaxpr_tracer(value, source) for _, value in b.trace.created]
    jaxpr, consts = b.jax_trace.to_jaxpr(outs, jax.extend.core.DebugInfo(
        "graph", "as_default", (), ()), source)
    try:
        values = lift_initializers(jax.extend.core.ClosedJaxpr(jaxpr, consts), len(outs))
    except ValueError:
        return
    for (v, _), value in zip(b.trace.created, values):
        v._value = value


def get_default_graph():
    """tf.compat.v1.get_default_graph: the innermost graph being built, else the global
    default graph."""
    b = current()
    return _default[0] if b is None else b.graph


def reset_default_graph():
    """tf.compat.v1.reset_default_graph: a new global default graph; TF's AssertionError
    while a graph is being built (or a tf.function traced)."""
    if ctx.traces:
        raise AssertionError(
            "Do not use tf.reset_default_graph() to clear nested graphs. If you need a "
            "cleared graph, exit the nesting and create a new graph.")
    _default[0] = Graph()


def placeholder(dtype, shape=None, name=None):
    """tf.compat.v1.placeholder: a symbolic input of the graph being built, of `dtype`
    and static `shape` (None dimensions unknown)."""
    b = current()
    if b is None:
        if not ctx.traces:
            raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
        raise NotImplementedError("tf.compat.v1.placeholder inside a tf.function is not "
                                  "supported by tfcompat (only in a Graph.as_default() block)")
    dtype = dtypes.as_dtype(dtype)
    shape = TensorShape(shape)
    if shape.rank is None:
        raise NotImplementedError("tf.compat.v1.placeholder of unknown rank is not supported "
                                  "by tfcompat (jax traces need the rank)")
    if dtype._np is None or dtype is dtypes.string:
        raise NotImplementedError(f"tf.compat.v1.placeholder of dtype {dtype.name} is not "
                                  f"supported by tfcompat")
    unknown = [i for i, d in enumerate(shape) if d is None]
    symbols = jax.export.symbolic_shape(", ".join(f"d{i}" for i in unknown),
                                        scope=b.symbols) if unknown else ()
    symbol = dict(zip(unknown, symbols))
    dims = tuple(symbol.get(i, d) for i, d in enumerate(shape))
    aval = jax_core.ShapedArray(dims, dtype._np)
    t = EagerTensor(b.jax_trace.new_arg(aval, source_info_util.current()))
    b.trace.graph.placeholder(t, name or "Placeholder", shape)
    return t


def building_here():
    """Whether the innermost trace is a graph's being built (Graph.as_default, Keras's
    scratch FuncGraph), which is never run: not a tf.function's, and not eager."""
    b = current()
    return b is not None and ctx.traces[-1] is b.trace


def unknown_output(shape, dtype, name):
    """The output of op `name` whose shape depends on values (None in `shape`), in the
    graph being built (innermost): as TF's shape inference leaves those dimensions
    unknown, a new input of the block's trace with new symbolic dimensions (a graph is
    never run). None where no graph is being built (a tf.function's trace, eagerly)."""
    if not building_here():
        return None
    b = current()
    b.unknowns += 1
    unknown = [i for i, d in enumerate(shape) if d is None]
    symbols = dict(zip(unknown, jax.export.symbolic_shape(
        ", ".join(f"u{b.unknowns}_{i}" for i in unknown), scope=b.symbols))) if unknown else {}
    aval = jax_core.ShapedArray(tuple(symbols.get(i, d) for i, d in enumerate(shape)),
                                dtype._np)
    t = EagerTensor(b.jax_trace.new_arg(aval, source_info_util.current()))
    b.trace.graph.placeholder(t, name, TensorShape(shape))
    return t


def sparse_placeholder(dtype, shape=None, name=None):
    """tf.compat.v1.sparse_placeholder: not supported (tfcompat has no sparse tensors)."""
    raise NotImplementedError("tf.compat.v1.sparse_placeholder is not supported by tfcompat "
                              "(sparse tensors)")


# -- TF's constant_value_as_shape: the known value of a traced shape tensor ----------------

def _bcast(x, shape, broadcast_dimensions, **_):
    x = np.asarray(x, object)
    expanded = [1] * len(shape)
    for i, d in enumerate(broadcast_dimensions):
        expanded[d] = x.shape[i]
    return np.broadcast_to(x.reshape(expanded), shape)


def _slice(x, start_indices, limit_indices, strides=None, **_):
    strides = strides or (1,) * len(start_indices)
    return x[tuple(slice(*s) for s in zip(start_indices, limit_indices, strides))]


# jax primitives on integer arrays whose elements may be symbolic dimensions (numpy object
# arrays): those TF's partial shape evaluation goes through (Shape, StridedSlice, Pack,
# ConcatV2, Cast, arithmetic on sizes)
_RULES = {
    "dim_as_value": lambda dim, **_: np.array(dim, object),
    "convert_element_type": lambda x, **_: x,
    "copy": lambda x, **_: x,
    "copy_p": lambda x, **_: x,
    "broadcast_in_dim": _bcast,
    "reshape": lambda x, new_sizes, **_: np.reshape(x, new_sizes),
    "squeeze": lambda x, dimensions, **_: np.squeeze(x, tuple(dimensions)),
    "expand_dims": lambda x, dimensions, **_: np.expand_dims(x, tuple(dimensions)),
    "slice": _slice,
    "concatenate": lambda *xs, dimension, **_: np.concatenate(
        [np.asarray(x, object) for x in xs], dimension),
    "stack": lambda *xs, axis=0, **_: np.stack([np.asarray(x, object) for x in xs], axis),
    "mul": lambda x, y, **_: np.multiply(x, y),
    "add": lambda x, y, **_: np.add(x, y),
    "sub": lambda x, y, **_: np.subtract(x, y),
    "reduce_prod": lambda x, axes, **_: np.prod(x, tuple(axes)),
}


def _eval_jaxpr(closed, args):
    env = {}
    for var, value in zip(closed.jaxpr.constvars, closed.consts):
        env[var] = np.asarray(value)
    for var, value in zip(closed.jaxpr.invars, args):
        env[var] = value

    def read(atom):
        return atom.val if isinstance(atom, jax.extend.core.Literal) else env[atom]
    for eqn in closed.jaxpr.eqns:
        outs = _apply(eqn, [read(v) for v in eqn.invars])
        for var, value in zip(eqn.outvars, outs):
            env[var] = value
    return [read(v) for v in closed.jaxpr.outvars]


def _apply(eqn, args):
    """The outputs of `eqn` on known inputs: computed by its primitive where they are all
    numbers and it has no effects, else (symbolic dimensions) by `_RULES`."""
    symbolic = any(np.asarray(a).dtype == object for a in args) or \
        eqn.primitive.name == "dim_as_value"
    if not symbolic and not eqn.effects:
        with jax.ensure_compile_time_eval():
            out = eqn.primitive.bind(*args, **eqn.params)
        return [np.asarray(o) for o in out] if eqn.primitive.multiple_results else \
            [np.asarray(out)]
    name = eqn.primitive.name
    if name in ("jit", "pjit"):
        return _eval_jaxpr(eqn.params["jaxpr"], args)
    rule = _RULES.get(name)
    if rule is None:
        raise _Unknown(name)
    return [rule(*args, **eqn.params)]


class _Unknown(Exception):
    """A value partial evaluation cannot compute."""


def _value_of(tracer, memo):
    """The value of `tracer` from the equations that made it: from constants, the
    static shapes, and the arguments whose values a trace knows (`_argument_value`)."""
    if not isinstance(tracer, jax.core.Tracer):
        return np.asarray(tracer)
    if id(tracer) in memo:
        return memo[id(tracer)]
    trace = getattr(tracer, "_trace", None)
    if not isinstance(trace, partial_eval.DynamicJaxprTrace):
        raise _Unknown("another trace")
    eqn = tracer.parent
    if eqn is None:
        atom = tracer.val
        if isinstance(atom, jax.extend.core.Literal):
            out = np.asarray(atom.val)
        elif atom in trace.frame.constvar_to_val:   # (a constant, or a captured tracer)
            out = _value_of(trace.frame.constvar_to_val[atom], memo)
        else:
            out = _argument_value(atom)
    else:
        outs = _apply(eqn, [_value_of(t, memo) for t in eqn.in_tracers])
        out = outs[eqn.outvars.index(tracer.val)]
    memo[id(tracer)] = out
    return out


def _argument_value(var):
    """The value of a tf.function's argument (jaxpr input `var`) where its trace knows it
    (TF's compile-time constant arguments of an XLA cluster): the trace then depends on
    that value (Trace.known_arguments)."""
    for trace in ctx.traces:
        known = getattr(trace, "known_arguments", None)
        if known is not None and var in known.values:
            index, value = known.values[var]
            value = _value_of(value, {})   # (an enclosing trace's tracer: from there)
            known.read[index] = value
            return value
    raise _Unknown("an argument")   # a placeholder


def partial_value(value):
    """The value of a traced integer array of a graph being built or of a tf.function being
    traced, as far as TF's static shape inference knows it
    (``tensor_util.constant_value_as_shape``): a numpy object
    array of ints and jax symbolic dimensions (unknown ones), or None where it depends on
    more than the static shapes."""
    if not isinstance(value, jax.core.Tracer):
        return None
    b = current()   # (else a tf.function's trace, whose unknown dimensions are symbolic)
    if b is not None and getattr(value, "_trace", None) is not b.jax_trace:
        return None
    try:
        out = _value_of(value, {})
    except Exception:  # noqa: BLE001 -- a value it cannot compute (a primitive's error too)
        return None
    return np.asarray(out, object)


def known_value(array):
    """The value of traced `array` as a NumPy array of its dtype where its trace knows it
    (`partial_value`: from constants, static shapes and the argument values it reads),
    else None."""
    known = partial_value(array)
    if known is None or not all(isinstance(v, (int, np.integer, bool, np.bool_))
                                for v in known.reshape(-1).tolist()):
        return None
    return known.astype(array.dtype)
