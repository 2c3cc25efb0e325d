"""What tf.cond / tf.while_loop / tf.scan trace their branches and bodies with: ``_Traced``
(a function traced once to a jaxpr, with the Variables it assigns and the stateful random
ops it draws from), and the name scope of the cond/while node being built in a
tf.function's graph."""
import contextlib
import itertools

import jax
import jax.numpy as jnp
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from ..framework import func_graph
from ..framework.constant_op import aval
from ..framework.context import ctx, private_values
from ..framework.strings import StringIds, is_string, traced_dtype
from ..framework.strings import traced as handles
from ..framework.tensor import EagerTensor, Tensor
from ..framework.trace_state import (RandomDraws, body_checks, random_draws,
                                     unnamed_arguments, used_vars)
from ..framework.variables import live_variables
from . import control_flow_checks, random_seed
from .control_flow_carry import _arrays, _pack


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._value, jax.core.Tracer)


class _Traced:
    """A Python function of Tensors traced once: its jaxpr, output structure and the
    Variables it assigns. The Variables' values are inputs of the jaxpr (not captured),
    so that a loop body sees the values of the current iteration; what it captures
    (`consts`) becomes explicit inputs of the op that runs it. The stateful random ops
    it draws from (`sites`) take the draws made before as inputs and return the draws
    after (traced again once to take them), so that a loop draws new values on each
    iteration and a branch only when it runs, as TF's kernels do. The run-time checks it
    registers (`checks`, control_flow_checks.BodyChecks) are its last outputs. `names`:
    a function of the flat arguments' positions giving the names of TF's placeholders for
    them in its graph (``while/Placeholder_1``), which its ops' messages show; `kind`:
    what it is to its construct, which TF's name of its function tells ("body", "true",
    "branch1": ``while_body_7``)."""

    def __init__(self, fn, args_template, arg_specs, names=None, kind="body"):
        self._names, self._kind = names, kind
        with random_seed.same_op_seeds():
            sites = self._trace(fn, args_template, arg_specs, None)
        if sites:
            self._trace(fn, args_template, arg_specs, len(sites))

    def _args(self, args_template, arrays):
        """The arguments (as `args_template`) of the flat `arrays`, named in the graph."""
        tensors = [EagerTensor(a) for a in arrays]
        builder = func_graph.current()
        if self._names is not None and builder is not None:
            for k, t in enumerate(tensors):
                builder.placeholder(t, self._names(k), t.shape)
        return _pack(args_template, tensors)

    def _trace(self, fn, args_template, arg_specs, n_sites):
        self.variables = live_variables()
        before = [v._value for v in self.variables]
        box = {}

        def run(var_values, counts, *arrays):
            var_values = [StringIds(value) if is_string(b) else value
                          for value, b in zip(var_values, before)]
            for v, value in zip(self.variables, var_values):
                v._value = value
            try:
                with random_draws(RandomDraws(None if n_sites is None else list(counts))) \
                        as draws, body_checks() as checks:
                    out = fn(*self._args(args_template, arrays)) \
                        if args_template is not None else fn()
                box["out"], box["sites"], box["checks"] = out, draws.sites, checks
                box["assigned"] = [i for i, v in enumerate(self.variables)
                                   if v._value is not var_values[i]]
                return _arrays(out), [handles(self.variables[i]._value)
                                      for i in box["assigned"]], \
                    [jnp.asarray(n, jnp.uint64) for n in draws.final_counts()], \
                    control_flow_checks.outputs(checks)
            finally:
                for v, value in zip(self.variables, before):
                    v._value = value
        # (its ops: not in the outer graph; the tracers it assigns: this thread's)
        count_specs = [jax.ShapeDtypeStruct((), jnp.uint64)] * (n_sites or 0)
        with func_graph.branch(_branch_scope()) as graph, private_values():
            if graph is not None:   # (TF's util.unique_fn_name)
                graph.function_name = f"{graph.prefix}{self._kind}_{next(_uids)}".replace(
                    "/", "_")
            closed = jax.make_jaxpr(unnamed_arguments(run))([_spec(b) for b in before],
                                                            count_specs, *arg_specs)
        self.captures = [] if graph is None else graph.captures
        self.jaxpr, self.consts = closed.jaxpr, list(closed.consts)
        used = used_vars(self.jaxpr)
        self.reads = {i for i in range(len(self.variables)) if self.jaxpr.invars[i] in used}
        self.out = box["out"]
        self.assigned = [self.variables[i] for i in box["assigned"]]
        self.sites = box["sites"]
        self.checks = control_flow_checks.BodyChecks.traced(box["checks"], closed.out_avals)
        return self.sites

    def call(self, consts, var_values, arrays, assigned, counts=None):
        """Evaluate with explicit captured values and Variable values (aligned with
        `variables`) and draw counts (aligned with `sites`; by default none drawn);
        returns (outputs, values of the `assigned` Variables, draws after, the arrays of
        its checks)."""
        if counts is None:
            counts = [jnp.zeros((), jnp.uint64)] * len(self.sites)
        results = jaxpr_as_fun(ClosedJaxpr(self.jaxpr, list(consts)))(
            *var_values, *counts, *arrays)
        n_checks = self.checks.size
        results, checks = results[:len(results) - n_checks], \
            list(results[len(results) - n_checks:])
        n_sites = len(self.sites)
        results, finals = list(results[:len(results) - n_sites]), \
            list(results[len(results) - n_sites:])
        n_out = len(results) - len(self.assigned)
        mine = dict(zip(map(id, self.assigned), results[n_out:]))
        index = {id(v): i for i, v in enumerate(self.variables)}
        return list(results[:n_out]), [mine.get(id(v), var_values[index[id(v)]])
                                        for v in assigned], finals, checks


def _draw_bases(traced):
    """The draws made before a construct from the random ops its traced functions draw
    from (their sites, in order), as op inputs."""
    trace = ctx.traces[-1] if ctx.traces else None
    return [EagerTensor(jnp.asarray(0 if trace is None else
                                    trace.random_draw(state, calls, shared=False)[1],
                                    jnp.uint64))
            for t in traced for state, calls in t.sites]


def _drawn(traced, finals):
    """Note the draws after a construct (its outputs `finals`, aligned with the sites)."""
    trace = ctx.traces[-1] if ctx.traces else None
    if trace is not None:
        sites = [state for t in traced for state, _ in t.sites]
        for state, n in zip(sites, finals):
            trace.random_drawn(state, n._value)


def _split_counts(traced, counts):
    """`counts` (aligned with the sites of all of `traced`) per traced function."""
    it = iter(counts)
    return [[next(it) for _ in t.sites] for t in traced]


# -- the graph of a tf.function being traced: cond and while as single nodes ---------------

_uids = itertools.count(1)   # (numbering the functions of branches and bodies, as TF's uid)


@contextlib.contextmanager
def _graph_scope(kind, op_type, pred=None, inner=None):
    """Names the cond/while node being built (before its branches are traced, as TF's
    name scope does; `inner`: the node's name in that scope, tf.scan's ``scan/while``);
    nothing outside a tf.function's trace."""
    builder = func_graph.current()
    if builder is None:
        yield
        return
    name = builder.unique_name(kind)
    ctx.constructs.append((name if inner is None else f"{name}/{inner}", op_type, pred,
                           builder))
    try:
        yield
    finally:
        ctx.constructs.pop()


def _branch_scope():
    """The name scope of branches traced now (an autograph `if` opens none: "cond")."""
    builder = func_graph.current()
    if builder is None:
        return None
    constructs = ctx.constructs
    if constructs and constructs[-1][3] is builder:
        return constructs[-1][0]
    return builder.unique_name("cond", mark=False)


def _spec(a):
    return aval(a.shape, traced_dtype(a.dtype))
