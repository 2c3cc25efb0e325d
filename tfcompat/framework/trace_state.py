"""The state of tf.function traces that ops and the framework use: the trace in progress
(``Trace``: its graph, run-time checks, random states, variables created),
tf.init_scope, tf.config.run_functions_eagerly, and what tensors print while traced."""
import contextlib
import io
import sys
import threading

import jax
import numpy as np
# (no public API: a trace's debug information; the jaxpr of a trace stopped mid-way)
from jax._src import source_info_util
from jax._src.api_util import fun_sourceinfo
from jax._src.interpreters import partial_eval as pe
from jax._src.linear_util import DebugInfo

from . import jaxpr_eval
from .context import ctx, shared_values
from .func_graph import GraphBuilder, dead_tensor
from .tape import TraceRecords

# tf.config.run_functions_eagerly is process-wide, as TF's is
_run_eagerly = [False]


def run_functions_eagerly(run_eagerly):
    """tf.config.run_functions_eagerly."""
    _run_eagerly[0] = bool(run_eagerly)


def tf_traced_by_jax():
    """The context in which tfcompat runs TF code under a JAX trace (a tf.function, a
    graph being built): JAX code may call jax2tf.convert'ed functions in it, as in code
    that jax2tf.call_tf traces (jax2tf's ``inside_call_tf``), once jax2tf is imported."""
    jax2tf = sys.modules.get("jax.experimental.jax2tf.jax2tf")
    return jax2tf.inside_call_tf() if jax2tf is not None else contextlib.nullcontext()


def functions_run_eagerly():
    """tf.config.functions_run_eagerly."""
    return _run_eagerly[0]


# The ops whose producers grappler's emulated rewrites ask for (ops/graph_rewrites.py):
# Log(Add(x, 1)), Sub(Exp(x), 1), RealDiv(x, Sqrt(y)), Log(Softmax(x)).
PRODUCERS = frozenset(("AddV2", "Add", "Exp", "Sqrt", "Softmax"))


class Trace:
    """A trace in progress: names of the symbolic arguments, variables created; the
    variables whose storage holds tracers and their real values meanwhile."""

    def __init__(self, variables, real_values, allow_creation, jit_compile=False,
                 function=True, graph_rewrites=False):
        self.variables = variables
        # A tf.function (whose tf.Variables lift their initializers), not a graph built
        # in a Graph.as_default() block (whose tf.Variables refuse a graph tensor).
        self.function = function
        self.building_function = True   # (tf.inside_function; a plain tf.Graph's is not)
        self.real_values = real_values
        self.allow_creation = allow_creation
        self.jit_compile = jit_compile   # a tf.function(jit_compile=True) or one inside it
        self.graph = GraphBuilder()   # TF's graph of the trace (ConcreteFunction.graph)
        self.recorded = TraceRecords()   # what tf.gradients differentiates
        self.shapes = {}   # id(argument value) -> its spec's shape where traced per shape
        self.shape_sources = {}   # id(constant) -> (it, the element): shape_taint
        self.created = []
        self.lifted = None   # their initial values where the trace stopped (CallsRunEagerly)
        self.nested_created = []   # (variable, initial value) made by nested functions' traces
        self.checks = []    # (traced condition, message or graph Assert info[, its data])
        self.check_scopes = []   # the checks of the loop bodies and branches being traced
        self.random_states = []   # (state constant, advance(state) after a run) of random ops
        self.random_scopes = []   # the RandomDraws of the loop bodies and branches being traced
        self.random_finals = []   # (state constant, traced number of draws in a run)
        self.captures = {}   # id(value) -> the first Tensor of that value an op took
        self.scalars = {}   # the arrays of its Python scalar constants (constant_op)
        # Whether grappler's constant folding rewrites this graph, as it does a
        # tf.function's (not a tf.data function's): ops then compute what the rewritten
        # graph computes (arithmetic_ops: a division by a constant). Its arithmetic
        # optimizer rewrites both (ops/graph_rewrites.py).
        self.graph_rewrites = graph_rewrites and all(t.graph_rewrites for t in ctx.traces)
        self.constants = {}   # id(array) -> array: the trace's constants (see `constant`)
        # id(traced constant) -> its NumPy value, or how to compute it: (the kernel, its
        # input arrays, the output's index or None), see `constant_value`
        self.values = {}
        self.producers = {}   # id(array) -> (Op, attrs, input Tensors, array): `producer`
        self.known_arguments = KnownArguments()

    def constant(self, array, known=True, value=None):
        """Note `array`, made in this trace, as one of its constants, as grappler sees
        constants: a Const node made here (not a captured eager tensor, a placeholder in
        TF), an op's output on constants, a shape known when traced (`known`: False for
        one grappler cannot fold); `value`: the NumPy value of a traced `array`."""
        if known:
            self.constants[id(array)] = array
            if value is not None:
                self.values[id(array)] = value
        else:
            self.constants.pop(id(array), None)

    def is_constant(self, array):
        return id(array) in self.constants

    def constant_value(self, array):
        """The value of `array` as a NumPy array where it is a constant of the trace (one
        folded from ops on constants computed now, as grappler folds it), else None."""
        if id(array) not in self.constants:
            return None
        if not isinstance(array, jax.core.Tracer):
            return np.asarray(array)
        value = self.values.get(id(array))
        if type(value) is tuple:
            kernel, arrays, index = value
            inputs = [self.constant_value(a) for a in arrays]
            if any(v is None or v.dtype == object for v in inputs):
                return None
            with jax.ensure_compile_time_eval():
                out = kernel(*inputs)
            value = self.values[id(array)] = np.asarray(out if index is None else out[index])
        return value

    def fold(self, op, attrs, kernel, inputs, arrays, outputs):
        """dispatch.execute's hook: the outputs of a stateless op on constants are
        constants (grappler folds them); the op that made each output of the ops
        grappler's rewrites look through (PRODUCERS) is noted."""
        constants = self.constants
        if not op.stateful and all(id(a) in constants for a in arrays):
            several = type(outputs) is list   # (the kernel's outputs: a list or tuple)
            for i, t in enumerate(outputs):
                constants[id(t._value)] = t._value
                if isinstance(t._value, jax.core.Tracer):
                    self.values[id(t._value)] = (kernel, arrays, i if several else None)
        elif op.name in PRODUCERS:
            for t in outputs:
                self.producers[id(t._value)] = (op, attrs, inputs, t._value)

    def producer(self, tensor):
        """(the Op, its attrs, its input Tensors) that made `tensor` in this trace, for
        the ops in PRODUCERS; else None."""
        found = self.producers.get(id(tensor._value))   # (holding the array: ids stay unique)
        return None if found is None else found[:3]

    def capture(self, inputs):
        """Note the Tensors an op of the trace takes: those made outside it (eager ones,
        an enclosing trace's) become constants of the trace, and a tape sees gradients
        reach these Tensors (by object, as tensors may share one array)."""
        for t in inputs:
            self.captures.setdefault(id(t._value), t)

    def add_check(self, condition, info, data=None):
        """Register a run-time check: the traced `condition` must be all true after a call
        (`info`: the message, or TF's graph Assert info; `data`: the traced values it
        shows). Inside a loop body or branch being traced it is that body's (body_checks),
        which its construct returns and registers in turn."""
        checks = self.check_scopes[-1] if self.check_scopes else self.checks
        checks.append((condition, info) if data is None else (condition, info, data))

    def add_random_state(self, state, advance):
        """Register a stateful random op's state constant: each call of the function
        passes it advanced by `advance` from the previous call's."""
        self.random_states.append((state, advance))

    def random_draw(self, state, calls, shared=True):
        """A draw of the stateful random op whose Philox state constant is `state`
        (`calls` engine calls each) being traced: (the state it draws from, the number of
        draws made from that state in this run before it: 0, or inside a loop body or
        branch an input that the construct carries). In Python iterations of a loop the
        k-th op of each iteration is the first one's (`shared`: a direct op, whose state
        can be replaced)."""
        return self._draw(len(self.random_scopes), state, calls, shared)

    def _draw(self, depth, state, calls, shared=False):
        if not depth:
            return state, 0
        return self.random_scopes[depth - 1].draw(self, depth - 1, state, calls, shared)

    def random_drawn(self, state, total):
        """Note that after what is being traced the op of `state` has drawn `total` times
        in this run (a traced count where a loop drew from it)."""
        if self.random_scopes:
            self.random_scopes[-1].drawn(state, total)
        elif not (isinstance(total, int) and total == 1):
            self.random_finals.append((state, total))

    def variable_created(self, variable, value):
        """Variable's hook: its initializer is lifted out of the function after the trace
        (it must not depend on the function's arguments or variables). Where creation is
        not allowed this raises before the Variable exists."""
        self.check_creation()
        self.created.append((variable, value))

    def check_creation(self):
        """TF's error for a variable created in a trace other than the first."""
        if not self.allow_creation:
            raise singleton_variables_error()


def singleton_variables_error():
    """TF's error for a tf.function that creates variables after its first trace."""
    return ValueError(
        "tf.function only supports singleton tf.Variables created on the first call. "
        "Make sure the tf.Variable is only created once or created outside "
        "tf.function. See https://www.tensorflow.org/guide/function#creating_tfvariables "
        "for more information.")


class RandomDraws:
    """The stateful random ops a loop body or branch draws from (TF's kernels, each of
    whose Philox stream advances on every execution): its `sites` (state constant,
    engine calls per draw) in tracing order, the draws each made before the body runs
    (`counts`: traced inputs; None while the body is first traced to find them) and the
    draws made after it (`finals`, by id of the state)."""

    def __init__(self, counts=None):
        self.counts = counts
        self.sites = []
        self.finals = {}

    def draw(self, trace, depth, state, calls, shared):
        self.sites.append((state, calls))
        return state, 0 if self.counts is None else self.counts[len(self.sites) - 1]

    def drawn(self, state, total):
        self.finals[id(state)] = total

    def final_counts(self):
        """The draws after the body, in the order of `sites`."""
        return [self.finals.get(id(state), base) for (state, _), base in
                zip(self.sites, self.counts or [0] * len(self.sites))]


class RandomRepeat:
    """The Python iterations of a loop (while nothing in it is traced, each traced in
    turn): the k-th random op of each iteration draws from the first iteration's k-th
    op's state, one TF kernel; `sites`: [state, calls, draws so far]."""

    def __init__(self):
        self.sites = []
        self.at = 0

    def next_iteration(self):
        self.at = 0

    def draw(self, trace, depth, state, calls, shared):
        k, self.at = self.at, self.at + 1
        if shared and k < len(self.sites) and self.sites[k][1] == calls:
            return self.sites[k][0], self.sites[k][2]
        state, base = trace._draw(depth, state, calls)
        self.sites.append([state, calls, base])
        return state, base

    def drawn(self, state, total):
        for site in self.sites:
            if site[0] is state:
                site[2] = total


@contextlib.contextmanager
def random_draws(draws):
    """Trace a loop body or branch (RandomDraws) or a loop's Python iterations
    (RandomRepeat) with `draws` (nothing outside a trace)."""
    trace = ctx.traces[-1] if ctx.traces else None
    if trace is not None:
        trace.random_scopes.append(draws)
    try:
        yield draws
    finally:
        if trace is not None:
            trace.random_scopes.pop()
            if isinstance(draws, RandomRepeat):
                for state, _, total in draws.sites:
                    trace.random_drawn(state, total)


@contextlib.contextmanager
def body_checks():
    """Collect the run-time checks registered while a loop body or branch is traced: yields
    the list of them (empty outside a trace)."""
    trace = ctx.traces[-1] if ctx.traces else None
    checks = []
    if trace is not None:
        trace.check_scopes.append(checks)
    try:
        yield checks
    finally:
        if trace is not None:
            trace.check_scopes.pop()


@contextlib.contextmanager
def init_scope():
    """tf.init_scope: the code inside runs eagerly, outside every tf.function being traced
    (on the variables' real values; what it assigns stays assigned), as TF lifts it out
    of function-building graphs."""
    if not ctx.traces:
        yield
        return
    traces = list(ctx.traces)
    traced_values = [[v._value for v in t.variables] for t in traces]
    saved_tapes = ctx.tapes[:]
    created = []   # (the Variables this thread makes in the block)
    ctx.lifted_created.append(created)
    ctx.traces.clear()
    try:
        # the variables' own values; ops on concrete values run now
        with shared_values(), jax.ensure_compile_time_eval():
            yield
    finally:
        ctx.traces[:] = traces
        ctx.lifted_created.pop()
        if ctx.lifted_created:   # (an enclosing block's too)
            ctx.lifted_created[-1].extend(created)
        # Variables created here are not state of the traces in progress (what they assign
        # to them would be lost): each is traced again with them, as for a nested trace's.
        for v in created:
            for t in traces:
                t.nested_created.append((v, v._value))
        ctx.tapes[:] = saved_tapes
        with shared_values():
            traces[0].real_values = [v._value for v in traces[0].variables]
        for t, values in zip(traces, traced_values):
            for v, value in zip(t.variables, values):
                v._value = value


def symbolic_name(tensor, made=False):
    """The graph name TF would print for a traced Tensor ('add:0'), if known; `made`:
    only for a tensor a trace's ops made (one of known value is a graph tensor in TF)."""
    for trace in reversed(ctx.traces):
        name = trace.graph.display_name(tensor, made)
        if name is not None:
            return name
    dead = dead_tensor(tensor._value)   # (leaked out of a finished trace)
    return None if dead is None else dead[0]


def symbolic_shape(value):
    """The shape TF would print for a traced argument traced per shape (its spec's)."""
    for trace in reversed(ctx.traces):
        shape = trace.shapes.get(id(value))
        if shape is not None:
            return shape
    return None


class CallsRunEagerly(Exception):
    """Raised while a tf.function is traced where XLA cannot compile it as one program:
    a loop over a dataset whose element shapes vary (a batch without drop_remainder; TF's
    graph loops over unknown shapes). The calls of that signature run its Python function
    eagerly instead (op by op; the tf.functions it calls still compile)."""

    def __init__(self, message):
        super().__init__(message)


class ValueDependentShape(CallsRunEagerly, TypeError):
    """An op inside a trace whose output shape (or a shape, axis or size argument) depends
    on values computed in it, which TF's graph leaves unknown and XLA cannot compile: the
    tf.function's calls run eagerly (CallsRunEagerly). Outside a tf.function's trace (a
    graph built with Graph.as_default) it is the TypeError naming the op."""


class KnownArguments:
    """The values of a tf.function's small integer and boolean tensor arguments, known
    while it is traced (graph_scope.partial_value reads them). TF's graph takes them as
    run-time values; where an op needs one to fix a shape (tf.range(n), tf.zeros([n])),
    XLA needs it as a constant, as TF's XLA clusters take compile-time constants. Those
    read make the trace one for these values (`read`: flat argument index -> value)."""

    def __init__(self):
        # jaxpr input -> (flat argument index, its value, or the tracer of an enclosing
        # trace that it is: its value where that trace knows it)
        self.values = {}
        self.read = {}

    def add(self, var, index, value):
        self.values[var] = (index, value)


class _Routed:
    """sys.stdout or sys.stderr while a thread holds its output (captured_output): each
    thread's writes go to its innermost held buffer (ctx.held_output), else to the stream
    this one stands in for, so that threads tracing at once never take each other's."""

    def __init__(self, stream, index):
        self.stands_for = getattr(stream, "stands_for", stream)   # (tf.print's stream)
        self._stream, self._index = stream, index

    def _target(self):
        held = ctx.held_output
        return held[-1][self._index] if held else self._stream

    def write(self, text):
        return self._target().write(text)

    def flush(self):
        return self._target().flush()

    def __getattr__(self, name):
        return getattr(self._target(), name)


_routing = {"holders": 0}   # (the captured_output blocks open in all threads)
_routing_lock = threading.Lock()


class captured_output:
    """Holds what this thread's trace prints until it is known to stand (then replays
    it); with `held` False, lets it through."""

    def __init__(self, held=True):
        self._held = held
        self._out = self._err = None

    def __enter__(self):
        if not self._held:
            return self
        with _routing_lock:
            if type(sys.stdout) is not _Routed:
                sys.stdout = _Routed(sys.stdout, 0)
            if type(sys.stderr) is not _Routed:
                sys.stderr = _Routed(sys.stderr, 1)
            _routing["holders"] += 1
        self._out, self._err = io.StringIO(), io.StringIO()
        self._out.stands_for, self._err.stands_for = \
            sys.stdout.stands_for, sys.stderr.stands_for
        ctx.held_output.append((self._out, self._err))
        return self

    def __exit__(self, *exc):
        if not self._held:
            return
        ctx.held_output.remove((self._out, self._err))
        with _routing_lock:
            _routing["holders"] -= 1
            if not _routing["holders"]:   # (the streams as they were)
                if type(sys.stdout) is _Routed:
                    sys.stdout = sys.stdout._stream
                if type(sys.stderr) is _Routed:
                    sys.stderr = sys.stderr._stream

    def replay(self):
        if self._out is None:
            return
        sys.stdout.write(self._out.getvalue())
        sys.stderr.write(self._err.getvalue())


def unnamed_arguments(fn):
    """`fn` (traced by jax.make_jaxpr) with its debug information made once, without
    argument names: jax names every flattened argument of a trace (each live Variable
    is one) by its tree path, at ~5 us each, for error messages tfcompat words itself."""
    info = _UNNAMED.get(fn.__code__)
    if info is None:
        info = _UNNAMED[fn.__code__] = DebugInfo("make_jaxpr", fun_sourceinfo(fn), None, None)
    fn.__fun_debug_info__ = info
    return fn


_UNNAMED = {}   # code object -> the DebugInfo of the functions with that code


def used_vars(jaxpr):
    """The variables a jaxpr's equations or outputs read."""
    used = set()
    for eqn in jaxpr.eqns:
        used.update(v for v in eqn.invars if not isinstance(v, jax.extend.core.Literal))
    used.update(v for v in jaxpr.outvars if not isinstance(v, jax.extend.core.Literal))
    return used


def lift_initializers(closed, n, inputs=None):
    """The values of the last `n` outputs of a traced function, the initial values of the
    variables it created, computed outside it (TF lifts initializers out of functions):
    from constants, or where they depend on the function's arguments or variables, from
    `inputs` (the concrete values of the jaxpr's inputs, None where not known: TF then
    initializes them in its first call's graph, from that call's values)."""
    jaxpr = closed.jaxpr
    outs = jaxpr.outvars[len(jaxpr.outvars) - n:]
    live = {v for v in outs if not isinstance(v, jax.extend.core.Literal)}
    eqns = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in live for v in eqn.outvars):
            eqns.append(eqn)
            live.update(v for v in eqn.invars if not isinstance(v, jax.extend.core.Literal))
    used = [i for i, v in enumerate(jaxpr.invars) if v in live]
    if used and (inputs is None or any(_unknown(inputs[i]) for i in used)):
        raise ValueError("tfcompat cannot lift the initial value of a tf.Variable created "
                         "inside tf.function: it depends on the function's arguments or on "
                         "other variables.")
    init = jaxpr.replace(invars=[jaxpr.invars[i] for i in used], outvars=outs,
                         eqns=eqns[::-1], effects=jax.extend.core.no_effects,
                         debug_info=jaxpr.debug_info._replace(
                             arg_names=(), result_paths=tuple(f"init{i}" for i in range(n))))
    if any(isinstance(c, jax.core.Tracer) for c in closed.consts):
        raise ValueError("tfcompat cannot lift the initial value of a tf.Variable created "
                         "inside tf.function: it depends on values of an enclosing "
                         "tf.function.")
    with jax.ensure_compile_time_eval():   # now, also inside an enclosing trace
        return _evaluate(init, closed.consts, [inputs[i] for i in used])


def _unknown(value):
    return value is None or isinstance(value, jax.core.Tracer) or \
        not isinstance(value, (jax.Array, np.ndarray, np.generic))


def lift_partial_initializers(values):
    """lift_initializers for a trace that stops before its end (CallsRunEagerly, while
    jax still traces it): the initial values of the variables it created (`values`: their
    traced initial values), from what it has traced so far; None for each where they
    cannot be lifted (reading such a variable raises, as after a failed trace)."""
    tracers = [v for v in values if isinstance(v, jax.core.Tracer)]
    if not tracers:
        return list(values)
    trace = tracers[0]._trace
    if any(t._trace is not trace for t in tracers) or \
            not isinstance(trace, pe.DynamicJaxprTrace):   # (made in a branch or loop body)
        return [None] * len(values)
    jaxpr, consts = trace.to_jaxpr(tracers, trace.frame.debug_info,
                                   source_info_util.current())
    try:
        lifted = iter(lift_initializers(jax.extend.core.ClosedJaxpr(jaxpr, consts),
                                        len(tracers)))
    except ValueError:   # (it depends on the function's arguments or variables)
        return [None] * len(values)
    return [next(lifted) if isinstance(v, jax.core.Tracer) else v for v in values]


def _evaluate(jaxpr, consts, args=()):
    """jax.core.eval_jaxpr, with fills of a constant (zeros, ones: a scalar's
    broadcast_in_dim) made on the host: no XLA kernel compiled per variable shape."""
    def host_fill(eqn, args):
        if eqn.primitive.name == "broadcast_in_dim" and np.ndim(args[0]) == 0 and \
                not isinstance(args[0], jax.core.Tracer) and eqn.params.get("sharding") is None:
            return [jax.device_put(np.full(eqn.params["shape"], np.asarray(args[0]),
                                           eqn.outvars[0].aval.dtype))]
        return None
    return jaxpr_eval.evaluate(jaxpr, consts, args, host_fill)
