"""tf.summary.trace_on, trace_export and trace_off.

TF collects the graphs of the functions it runs while a trace is on and exports them as
a RunMetadata (plugin "graph_run_metadata_graph"; with the profiler,
"graph_run_metadata"): one FunctionGraphs per function, whose pre_optimization_graph
(the graph TensorBoard's graph plugin shows) is the function's body as TF instantiates
it. While a trace is on, tf.function reports each function it traces to
`function_traced`, and trace_export writes, per function, that graph made from its
ConcreteFunction.graph (func_graph.py): the Placeholders become ``_Arg`` nodes named as
TF names a function's arguments, one ``_Retval`` per output, in TF's node order.
Differences from TF: a function is reported when traced (TF: when run), so a function
traced before trace_on is not exported, and one traced again is exported again; TF also
exports the one-op function of each eager op run while the trace is on (``input`` ->
op -> ``output_RetVal``), its partition graphs and the post-optimization graphs, which
tfcompat does not write. A trace without a recorded graph is written as its jaxpr (op:
the JAX primitive, attr ``_jaxpr``: the equation's text).
"""
import collections
import heapq
import threading

from jax.extend.core import Literal

from ..polymorphic_function import tracing
from ..framework.context import executing_eagerly
from ..framework.tf_logging import get_logger
from ..ops.proto_wire import string_tensor_proto
from ..profiler import experimental as profiler_experimental
from . import _event_file
from ._writer import _step_tensor, summary_scope, write_summary

_TraceContext = collections.namedtuple("TraceContext", ("graph", "profiler"))
_lock = threading.Lock()
_context = []       # [TraceContext] while a trace is on
_functions = []     # (name, ClosedJaxpr, FuncGraph or None) traced while a trace is on


def function_traced(name, closed_jaxpr, graph=None):
    """tf.function's report of a function it traced: kept while a trace is on."""
    with _lock:
        if _context:
            _functions.append((name, closed_jaxpr, graph))


tracing.trace_listeners.append(function_traced)


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """tf.summary.trace_on: start collecting the tf.functions traced from now on (and,
    with `profiler`, a profile into `profiler_outdir`, see tf.profiler.experimental)."""
    if not executing_eagerly():
        get_logger().warning("Cannot enable trace inside a tf.function.")
        return
    with _lock:
        if _context:
            get_logger().warning("Trace already enabled")
            return
        if profiler:
            if profiler_outdir is None:
                get_logger().warning("No `profiler_outdir` passed to trace_on(). Profiler "
                                     "won't be enabled.")
            else:
                profiler_experimental.start(profiler_outdir)
        _functions.clear()
        _context.append(_TraceContext(graph=graph, profiler=profiler))


def trace_export(name, step=None, profiler_outdir=None):
    """tf.summary.trace_export: write the collected function graphs as a summary named
    `name` to the default writer (if any), stop the profiler if trace_on started it,
    and end the trace."""
    if step is not None:
        _step_tensor(step)
    if not executing_eagerly():
        get_logger().warning("Cannot export trace inside a tf.function.")
        return
    with _lock:
        if not _context:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
        graph, profiler = _context[0]
        functions = list(_functions)
    data = _event_file.run_metadata([function_graph(*f) for f in functions])
    plugin = "graph_run_metadata_graph" if graph and not profiler else "graph_run_metadata"
    with summary_scope(name, plugin + "_summary") as (tag, _):
        write_summary(tag, None, step, _event_file.summary_metadata(plugin, b"1"),
                      lambda: string_tensor_proto([data], []))
    if profiler:
        if profiler_outdir:
            get_logger().warning("Ignoring `profiler_outdir` passed to trace_export(). "
                                 "Please pass it to trace_on() instead.")
        profiler_experimental.stop()
    trace_off()


def trace_off():
    """tf.summary.trace_off: end the trace, discarding what it collected."""
    with _lock:
        if not _context:
            return
        _, profiler = _context.pop()
        _functions.clear()
    if profiler:
        try:
            profiler_experimental.stop()
        except Exception as e:  # noqa: BLE001 - TF logs any failure to stop
            get_logger().warning("Error while stopping profiler: %s", e)


def function_graph(name, closed_jaxpr, graph=None):
    """A serialized GraphDef of a traced function: TF's instantiated body of its
    FuncGraph, or (without one) its jaxpr, node names under `name`."""
    if graph is not None:
        return instantiated_graph(graph)
    jaxpr = closed_jaxpr.jaxpr
    taken = set()
    sources = {}

    def unique(base):
        node, i = f"{name}/{base}", 1
        while node in taken:
            node, i = f"{name}/{base}_{i}", i + 1
        taken.add(node)
        return node

    nodes = []
    for i, v in enumerate(list(jaxpr.constvars) + list(jaxpr.invars)):
        sources[v] = unique(f"arg{i}")
        nodes.append(_event_file.node_def(sources[v], "_Arg",
                                          attrs=[("index", i), ("_aval", str(v.aval))]))
    for eqn in jaxpr.eqns:
        node = unique(eqn.primitive.name)
        inputs = [sources[v] for v in eqn.invars if not isinstance(v, Literal)]
        for k, v in enumerate(eqn.outvars):
            sources[v] = node if k == 0 else f"{node}:{k}"
        nodes.append(_event_file.node_def(node, eqn.primitive.name, inputs,
                                          [("_jaxpr", str(eqn))]))
    for i, v in enumerate(jaxpr.outvars):
        inputs = [] if isinstance(v, Literal) else [sources[v]]
        nodes.append(_event_file.node_def(unique(f"output_{i}_RetVal"), "_Retval", inputs,
                                          [("index", i)]))
    return _event_file.graph_def(nodes)


def _normalized(name):
    """TF's name for a function argument or result made from a node name
    (graph_to_functiondef.cc): lowercase, other characters than letters and digits as
    '_', from the first letter on."""
    out = "".join(c.lower() if c.isascii() and c.isalnum() else "_" for c in name)
    for i, c in enumerate(out):
        if c.isalpha():
            return out[i:]
    return "unknown"


class _Names:
    """TF's uniquifier of a FunctionDef's names: a taken name gets ``_0``, ``_1`` ..."""

    def __init__(self):
        self._used = {}

    def unique(self, name):
        if name not in self._used:
            self._used[name] = 0
            return name
        while True:
            candidate = f"{name}_{self._used[name]}"
            self._used[name] += 1
            if candidate not in self._used:
                self._used[candidate] = 0
                return candidate


def _input_node(name):
    return name.lstrip("^").partition(":")[0]


def instantiated_graph(graph):
    """The serialized pre-optimization graph TF exports for a function whose FuncGraph
    is `graph`: ``_Arg`` nodes (index, _user_specified_name, _output_shapes but for
    resources, T) for the inputs, the other nodes as they are (inputs renamed to the
    arguments), ``<result>_RetVal`` ``_Retval`` nodes (index, T) for the outputs; in the
    order TF's GraphConstructor adds them (arguments, body, results; the first ready node
    first)."""
    from ..framework.graph_def import PRODUCER, enum_of
    names = _Names()
    args = {}
    nodes = []    # (name, op, inputs, attrs)
    for i, t in enumerate(graph.inputs):
        attrs = {k: v._value for k, v in t.op.node_def.attr.items()}
        arg = names.unique(_normalized(t.op.name))
        args[t.op.name] = arg
        node_attrs = [("index", i)]
        if "_user_specified_name" in attrs:
            node_attrs.append(("_user_specified_name", attrs["_user_specified_name"]))
        if attrs["dtype"] != "DT_RESOURCE":
            node_attrs.append(("_output_shapes", [attrs["shape"]]))
        node_attrs.append(("T", attrs["dtype"]))
        nodes.append((arg, "_Arg", [], node_attrs))

    def renamed(name):
        node = _input_node(name)
        return name.replace(node, args[node], 1) if node in args else name
    for op in graph.get_operations():
        if op.name in args:
            continue
        names.unique(op.name)
        nd = op.node_def
        nodes.append((op.name, op.type, [renamed(i) for i in nd.input],
                      [(k, v._value) for k, v in nd.attr.items()]))
    for j, t in enumerate(graph.outputs):
        result = names.unique(_normalized(t.op.name))
        source = t.op.name if t.value_index == 0 else f"{t.op.name}:{t.value_index}"
        nodes.append((f"{result}_RetVal", "_Retval", [renamed(source)],
                      [("index", j), ("T", enum_of(t.dtype))]))
    return _event_file.graph_def([_event_file.node_def(*n) for n in _ready_order(nodes)],
                                 producer=PRODUCER)


def _ready_order(nodes):
    """`nodes` in a topological order that always takes the first ready one."""
    index = {n[0]: i for i, n in enumerate(nodes)}
    waiting = [0] * len(nodes)
    users = [[] for _ in nodes]
    for i, (_, _, inputs, _) in enumerate(nodes):
        for source in {_input_node(x) for x in inputs}:
            if source in index:
                waiting[i] += 1
                users[index[source]].append(i)
    ready = [i for i, n in enumerate(waiting) if n == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        i = heapq.heappop(ready)
        order.append(nodes[i])
        for u in users[i]:
            waiting[u] -= 1
            if not waiting[u]:
                heapq.heappush(ready, u)
    return order if len(order) == len(nodes) else nodes
