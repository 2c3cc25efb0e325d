"""tf.summary.trace_on, trace_export and trace_off.

TF collects the graphs of the functions it runs while a trace is on and exports them as
a RunMetadata (plugin "graph_run_metadata_graph"; with the profiler,
"graph_run_metadata"). tfcompat has no TF graphs: a tf.function is a jaxpr. While a
trace is on, tf.function reports each function it traces to `function_traced`, and
trace_export writes one FunctionGraphs per function: a GraphDef whose nodes, under the
function's name, are the jaxpr's arguments (``_Arg``), equations (op: the JAX
primitive, attr ``_jaxpr``: the equation's text) and results (``_Retval``). Differences
from TF: the ops are JAX primitives, not TF ops; functions are reported when traced (TF:
when run, including the single-op functions of eager ops), so a function traced before
trace_on is not exported.
"""
import collections
import threading

from jax.extend.core import Literal

from ..framework import function as _function
from ..framework.function import executing_eagerly
from ..framework.tf_logging import get_logger
from ..profiler import _profiler
from . import _event_file
from ._writer import _step_tensor, summary_scope, write_summary

_TraceContext = collections.namedtuple("TraceContext", ("graph", "profiler"))
_lock = threading.Lock()
_context = []       # [TraceContext] while a trace is on
_functions = []     # (name, ClosedJaxpr) traced while a trace is on


def function_traced(name, closed_jaxpr):
    """tf.function's report of a function it traced: kept while a trace is on."""
    with _lock:
        if _context:
            _functions.append((name, closed_jaxpr))


_function.trace_listeners.append(function_traced)


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
                _profiler.start(profiler_outdir)
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
    data = _event_file.run_metadata([function_graph(n, j) for n, j in functions])
    plugin = "graph_run_metadata_graph" if graph and not profiler else "graph_run_metadata"
    with summary_scope(name, plugin + "_summary") as (tag, _):
        write_summary(tag, None, step, _event_file.summary_metadata(plugin, b"1"),
                      lambda: _event_file.string_tensor_proto([data], []))
    if profiler:
        if profiler_outdir:
            get_logger().warning("Ignoring `profiler_outdir` passed to trace_export(). "
                                 "Please pass it to trace_on() instead.")
        _profiler.stop()
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
            _profiler.stop()
        except Exception as e:  # noqa: BLE001 - TF logs any failure to stop
            get_logger().warning("Error while stopping profiler: %s", e)


def function_graph(name, closed_jaxpr):
    """A serialized GraphDef of a traced function: its jaxpr, node names under `name`."""
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
