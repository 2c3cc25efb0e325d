"""ConcreteFunction.graph: TF's FuncGraph of a traced tf.function, recorded op by op.

tfcompat traces with jax, so it has no op graph of its own. While a tf.function is
traced, every op that runs through dispatch.execute is also recorded here as TF's graph
would hold it: Placeholder nodes for the tensor arguments, Const nodes for constant
inputs (``<op>/<arg>`` for values an op wrapper converts, ``Const`` otherwise, made at
first use; a tf.constant's where it is called, by its name), one node
per op named as TF's Python wrappers name it (TF's unique-name rule: ``add``, ``add_1``,
case-insensitive), resource Placeholders with ReadVariableOp/Assign*VariableOp for
Variables (with TF's automatic control dependencies and the final NoOp), control flow as
single ``cond``/``while`` nodes, and one Identity per output. Symbolic tensors print with
these names (``Tensor("add:0", ...)``).

Recording happens at trace time only (``GraphBuilder``, which holds the trace's tensors
while it runs); a finished trace keeps a ``FuncGraph`` of names, dtypes, shapes and
constant values (no jax tracer). Deliberate differences from TF: ops tfcompat implements
as one op where TF's wrapper builds several (reductions, slicing) are one node; nodes
carry only the attribute ``T`` (Placeholder, Const, ReadVariableOp, Assign*VariableOp and
control flow carry TF's); branch and loop bodies are not in ``library`` (TF keeps them as
FunctionDefs there); a tf.function called inside another is one ``PartitionedCall`` node.

An op's run-time checks (host_callback.checked) are made to name its node when recorded:
a failure when the function runs is TF's "Graph execution error" at that node, with the
frames where it was defined (``runtime_error``).
"""
import contextlib
import functools
import re
import sys
import threading
import weakref

import jax
import numpy as np

from . import dtypes, errors, host_callback, op_def
from .graph_def import AttrValue, GraphDef, NodeDef, _Enum, _enum, _Shape, _TensorValue
from .tensor_shape import TensorShape
from .context import INTERNAL, ctx, current_trace

# The node name TF's Python wrapper gives an op whose type differs from it (tf.add,
# tf.math.floordiv).
_WRAPPER_NAMES = {"AddV2": "Add", "FloorDiv": "floordiv"}

# The reductions whose wrapper, reducing all axes of an input of known rank, converts
# those axes to a Const node before the op (math_ops._ReductionDims: np.arange(rank)),
# named "Const" where the reduction is called (so a later tf.constant is Const_1).
_ALL_AXES_REDUCTIONS = frozenset({"Sum", "Prod", "Mean", "Max", "Min", "All", "Any",
                                  "EuclideanNorm"})
# Stateful ops that TF's automatic control dependencies leave unordered and need not run
# (auto_control_deps.LEGACY_RANDOM_OPS): a function's final NoOp does not wait for them.
_LEGACY_RANDOM_OPS = frozenset(("RandomUniform", "RandomUniformInt", "RandomStandardNormal",
                                "ParameterizedTruncatedNormal", "TruncatedNormal",
                                "RandomShuffle", "Multinomial", "RandomGamma",
                                "RandomGammaGrad", "RandomPoisson", "RandomPoissonV2"))


def input_names(op_type, n):
    """TF's op-def names of the `n` inputs of an op, for the Const an op wrapper
    converts (``MatMul/b``); ``x``, ``y`` for ops TF does not have."""
    spec = op_def.get(op_type)
    if spec is not None:
        return spec.input_names(n)
    return ("x",) if n == 1 else ("x", "y") if n == 2 else ()


def _dims(shape):
    """A shape as a tuple of ints and None (None for an unknown rank)."""
    if shape is None:
        return None
    if isinstance(shape, TensorShape):
        return None if shape.rank is None else tuple(shape.as_list())
    return tuple(d if isinstance(d, int) else None for d in shape)


def _is_tracer(value):
    from .strings import StringIds
    return isinstance(value, jax.core.Tracer) or type(value) is StringIds


# -- the recording ----------------------------------------------------------------------

class _Record:
    """A node while its graph is recorded (and in the finished FuncGraph)."""

    __slots__ = ("name", "op", "inputs", "attrs", "outputs")

    def __init__(self, name, op, inputs, attrs, outputs):
        self.name, self.op, self.inputs, self.attrs = name, op, inputs, attrs
        self.outputs = outputs   # [(dims, DType)]


class GraphBuilder:
    """The graph of a trace in progress. Tensors are known by object (and tracers by
    value, for tensors re-wrapped around the same tracer); the builder holds them until
    `freeze`, which keeps names, dtypes, shapes and constant values only."""

    def __init__(self, prefix="", parent=None):
        self.prefix = prefix
        self.parent = parent
        self.records = []
        self._used = {}
        self._by_tensor = {}
        self._by_value = {}
        self._named = {}   # node name: its record (those add made)
        self._keep = []
        self._converted = set()   # id(tensor): converted by an op wrapper (named op/arg)
        self._inlined = set()     # id(tensor): an eager tensor captured as a Const
        self._pending_reads = {}  # id(tensor) -> Variable: a read an op has not named yet
        self._resources = {}      # id(variable handle) -> resource Placeholder name
        self._last_write = {}     # id(handle) -> the last Assign* node on it
        self._reads_since = {}    # id(handle) -> reads since that write
        self._stateful = []
        self.inputs = []          # (node name, dims, DType) of Placeholders, in order
        self.output_names = []
        self.control_outputs = None   # (once finished: the names of the ops that must run)
        self.suppressed = 0
        self.name_hint = None
        self.function_name = None   # TF's name of its function ("f", "while_body_3")
        self._ranges = {}         # id(tf.range's tensor) -> its (start, limit, delta)
        self.captures = []        # enclosing graphs' tensors this one used, in order
        self._captured = set()    # their ids (`captures` keeps them alive)

    # -- names ---------------------------------------------------------------------
    def scope(self):
        """TF's name stack in this graph: the innermost tf.name_scope opened in it, else
        its prefix (a branch's ``cond/``)."""
        current = ctx.name_scopes[-1]
        return current if current.startswith(self.prefix) else self.prefix

    def unique_name(self, name, mark=True, absolute=False):
        """TF's Graph.unique_name of `name` in the current name scope (`absolute`: a name
        already made from a node's): case-insensitive, ``name_1``, ``name_2`` ..."""
        if not absolute:
            name = self.scope() + name
        key = name.lower()
        i = self._used.get(key, 0)
        if mark:
            self._used[key] = i + 1
        if i > 0:
            base = key
            while key in self._used:
                key = f"{base}_{i}"
                i += 1
            if mark:
                self._used[key] = 1
            name = f"{name}_{i - 1}"
        return name

    def _register(self, tensor, node, index):
        ref = (node, index)
        self._keep.append(tensor)
        self._by_tensor[id(tensor)] = ref
        value = tensor._value
        if _is_tracer(value):
            self._by_value[id(value)] = ref

    def _own_ref(self, tensor):
        """(node name, output index) of a tensor recorded in this graph itself, or None."""
        ref = self._by_tensor.get(id(tensor))
        if ref is None and _is_tracer(tensor._value):
            ref = self._by_value.get(id(tensor._value))
        return ref

    def _find(self, tensor):
        """(the builder that recorded `tensor`, its ref) in this graph or an enclosing
        one, else (None, None)."""
        builder = self
        while builder is not None:
            ref = builder._own_ref(tensor)
            if ref is not None:
                return builder, ref
            builder = builder.parent
        return None, None

    def lookup(self, tensor):
        """(node name, output index) of a tensor this graph (or an enclosing one) knows."""
        return self._find(tensor)[1]

    def record_named(self, name):
        """The record of the node `name` added to this graph itself, or None."""
        return self._named.get(name)

    def display_name(self, tensor, made=False):
        """TF's name of `tensor` in this graph ('add:0'), or None; `made`: only where this
        graph's ops made it, not an eager tensor it captured as a constant."""
        owner, ref = self._find(tensor)
        if ref is None or made and id(tensor) in owner._inlined:
            return None
        return f"{ref[0]}:{ref[1]}"

    def rename_last(self, tensor, name):
        """The node that made `tensor`, if the last one added, takes TF's name for it in
        the current name scope: `name` made unique there ("norm/Squeeze"), or "" for the
        scope's own name (TF's op wrappers name their last op after their scope:
        ops/op_scope.py)."""
        ref = self._own_ref(tensor)
        if ref is None or not self.records or self.records[-1].name != ref[0]:
            return
        name = self.unique_name(name) if name else self.scope()[:-1]
        if name in self._named:
            return
        old = ref[0]
        self.records[-1].name = name
        self._named[name] = self._named.pop(old)
        for refs in (self._by_tensor, self._by_value):
            for key, (node, index) in list(refs.items()):
                if node == old:
                    refs[key] = (name, index)
        self._stateful = [name if n == old else n for n in self._stateful]

    # -- nodes -----------------------------------------------------------------------
    def add(self, name, op, inputs, attrs, outputs=()):
        """Append a node named `name` (already unique); `outputs`: its output tensors."""
        specs = [(_dims(t.shape), t.dtype) for t in outputs]
        self.records.append(_Record(name, op, list(inputs), list(attrs), specs))
        self._named[name] = self.records[-1]
        for i, t in enumerate(outputs):
            self._register(t, name, i)
        return name

    def range_node(self, name, bounds, converted, dtype, output=None):
        """tf.range's Range node on `bounds` (`converted`: which came from Python values,
        named ``range/start`` ...), its `output` when it has a value; AutoGraph's loop
        over that output finds the bounds again (`range_bounds`), as TF's reads them
        from the op's inputs. Returns the node's name."""
        node = self.unique_name(self.name_hint or name)
        self.name_hint = None
        wired = []
        for arg, t, conv in zip(("start", "limit", "delta"), bounds, converted):
            if conv:
                self.converted(t)
            wired.append(self.input_name(t, node, arg))
        self.add(node, "Range", wired, [("Tidx", _enum(dtype))],
                 [] if output is None else [output])
        if output is not None:
            self._ranges[id(output)] = tuple(bounds)
        else:   # (a traced bound: TF's output of unknown length)
            self.records[-1].outputs.append(((None,), dtype))
        return node

    def range_bounds(self, tensor):
        """The (start, limit, delta) Tensors of a tf.range output recorded here, or None."""
        return self._ranges.get(id(tensor))

    def placeholder(self, tensor, name, shape):
        node = self.unique_name(name)
        self.add(node, "Placeholder", [], [
            ("shape", _Shape(_dims(shape))), ("dtype", _enum(tensor.dtype)),
            ("_user_specified_name", name.encode())], [tensor])
        self.records[-1].outputs[0] = (_dims(shape), tensor.dtype)
        self.inputs.append(node)
        return node

    def const(self, tensor, name, absolute=False):
        value = np.asarray(tensor._value)
        node = self.unique_name(name, absolute=absolute)
        self.add(node, "Const", [], [("value", _TensorValue(value, tensor.dtype)),
                                     ("dtype", _enum(tensor.dtype))], [tensor])
        return node

    def _const_value(self, value, dtype, name):
        """A Const node of NumPy `value` that no tensor holds (an op wrapper's converted
        argument TF makes and tfcompat's op takes as an attribute). Returns its name."""
        node = self.unique_name(name)
        self.records.append(_Record(node, "Const", [], [
            ("value", _TensorValue(value, dtype)), ("dtype", _enum(dtype))],
            [(value.shape, dtype)]))
        self._named[node] = self.records[-1]
        return node

    def converted(self, tensor):
        """An op wrapper converted `tensor` from a Python value (named ``<op>/<arg>``)."""
        self._keep.append(tensor)
        self._converted.add(id(tensor))

    def input_name(self, tensor, scope=None, arg=None):
        """The input string ("name" or "name:i") of a tensor used by a node in `scope`:
        constants and variable reads not yet in the graph are added now."""
        variable = self._pending_reads.pop(id(tensor), None)
        owner, ref = (None, None) if variable is not None else self._find(tensor)
        if owner not in (None, self) and id(tensor) not in self._captured:
            self._captured.add(id(tensor))
            self.captures.append(tensor)
        if ref is None:
            if variable is not None:
                self.read(variable, tensor,
                          "ReadVariableOp" if scope is None else f"{scope}/ReadVariableOp",
                          absolute=scope is not None)
                ref = (self.records[-1].name, 0)
            elif not _is_tracer(tensor._value):
                named = scope is not None and arg is not None and id(tensor) in self._converted
                ref = (self.const(tensor, f"{scope}/{arg}" if named else "Const",
                                  absolute=named), 0)
                if not named:
                    self._inlined.add(id(tensor))
            else:
                return None   # made outside the op path (raw jax): not in the graph
        node, index = ref
        return node if index == 0 else f"{node}:{index}"

    def record(self, op, attrs, inputs, outputs, op_type=None):
        """dispatch.execute's hook: one node for one op."""
        if self.suppressed:
            return
        op_type = op_type or op.name
        hint, self.name_hint = self.name_hint, None
        all_axes = None
        if op_type in _ALL_AXES_REDUCTIONS and len(inputs) == 1 and \
                ("axis", None) in attrs:
            all_axes = self._const_value(np.arange(inputs[0]._value.ndim, dtype=np.int32),
                                         dtypes.int32, "Const")
        scope = hint or _WRAPPER_NAMES.get(op_type, op_type)
        node = self.unique_name(scope)
        names = input_names(op_type, len(inputs))
        wired = []
        for i, t in enumerate(inputs):
            name = self.input_name(t, node, names[i] if i < len(names) else None)
            if name is not None:
                wired.append(name)
        if all_axes is not None:
            wired.append(all_axes)
        first = inputs[0] if inputs else (outputs[0] if outputs else None)
        attrs = [] if first is None or first.dtype._np is None else [("T", _enum(first.dtype))]
        self.add(node, op_type, wired, attrs, outputs)
        if op.stateful and op_type not in _LEGACY_RANDOM_OPS:
            self._stateful.append(node)
        if outputs:
            _name_checks(outputs[0], node)

    # -- variables -------------------------------------------------------------------
    def pending_read(self, variable, tensor):
        """A Variable read whose node is named by the op that uses it."""
        self._keep.append(tensor)
        self._pending_reads[id(tensor)] = variable

    def _resource(self, handle, node):
        name = self._resources.get(id(handle))
        if name is None:
            self._keep.append(handle)
            name = self._resources[id(handle)] = self.unique_name(
                f"{node}/resource", absolute=True)
            self.records.append(_Record(name, "Placeholder", [], [
                ("shape", _Shape(())), ("dtype", _Enum("DT_RESOURCE")),
                ("_user_specified_name", b"resource")], [((), dtypes.resource)]))
            self.inputs.append(name)
        return name

    def read(self, variable, tensor, scope, absolute=False):
        """A ReadVariableOp named `scope` (made unique) whose output is `tensor`."""
        handle = variable._handle
        node = self.unique_name(scope, absolute=absolute)
        resource = self._resource(handle, node)
        last = self._last_write.get(id(handle))
        self.add(node, "ReadVariableOp", [resource] + ([f"^{last}"] if last else []),
                 [("dtype", _enum(variable.dtype))], [tensor])
        self._reads_since.setdefault(id(handle), []).append(node)
        self._stateful.append(node)
        return node

    def assign(self, variable, op_type, value):
        """An Assign*VariableOp of Tensor `value` into `variable`."""
        handle = variable._handle
        node = self.unique_name(op_type)
        resource = self._resource(handle, node)
        source = self.input_name(value)
        deps = [self._last_write.get(id(handle))] + self._reads_since.pop(id(handle), [])
        attrs = [("dtype", _enum(variable.dtype))]
        if op_type == "AssignVariableOp":
            attrs.append(("validate_shape", False))
        self.add(node, op_type, [resource] + ([source] if source else []) +
                 [f"^{d}" for d in deps if d], attrs)
        self._last_write[id(handle)] = node
        self._stateful.append(node)

    # -- the end of the trace ----------------------------------------------------------
    def finish(self, flat_outputs):
        """One Identity per output, then where there are outputs and ops that must run,
        the NoOp the outputs wait on that waits for those ops (TF's automatic control
        dependencies; with no outputs, they are the function's control outputs)."""
        from .constant_op import convert_to_tensor
        from .variables import Variable
        sources = []
        for x in flat_outputs:
            if x is None:
                continue
            t = x._read() if isinstance(x, Variable) else convert_to_tensor(x)
            sources.append((t, self.input_name(t)))
        self.control_outputs = sorted(set(self._stateful))
        control = ["^NoOp"] if self.control_outputs and sources else []
        for t, source in sources:
            node = self.unique_name("Identity")
            self.add(node, "Identity", ([source] if source else []) + control,
                     [("T", _enum(t.dtype))])
            self.records[-1].outputs.append((_dims(t.shape), t.dtype))
            self.output_names.append(node)
        if control:
            self.add(self.unique_name("NoOp"), "NoOp", [f"^{n}" for n in self.control_outputs],
                     [])

    def freeze(self, name):
        """The finished FuncGraph; the builder lets go of the trace's tensors (remembering
        their names while they live, for TF's error on one used after its trace)."""
        graph = FuncGraph.traced(name, self.records, self.inputs, self.output_names,
                                 self.control_outputs)
        _remember_dead(self, graph)
        self.clear()
        return graph

    def clear(self):
        self._keep = []
        self._by_tensor, self._by_value, self._pending_reads = {}, {}, {}
        self._named = {}
        self._converted = set()
        self._inlined = set()
        self._ranges = {}

    @contextlib.contextmanager
    def no_recording(self):
        self.suppressed += 1
        try:
            yield
        finally:
            self.suppressed -= 1


# -- run-time errors at a node ----------------------------------------------------------------

_RUNPY = "<frozen runpy>"   # (`python -m tfcompat SCRIPT`'s frames below the script's)


def definition_frames():
    """The user's frames (filename, line, function) of the op being traced now, outermost
    first: TF's traceback of a node's definition, without its own (here tfcompat's and
    jax's) frames."""
    from .tf_stack import GENERATED as _GENERATED
    frames = []
    f = sys._getframe(1)
    while f is not None:
        filename = f.f_code.co_filename
        if not filename.startswith(INTERNAL) and filename != _RUNPY:
            frames.append((filename, f.f_lineno, _GENERATED.get(f.f_code, f.f_code.co_name)))
        f = f.f_back
    return frames[::-1]


# The function names TF's error interpolation parses (error_interpolation._NAME_REGEX).
_TAG_NAME = re.compile(r"[A-Za-z0-9_.][A-Za-z0-9_.\-/]*")


def runtime_error(cls, node, frames, text, function_name):
    """TF's error for a node of a tf.function failing when the function runs (`frames`
    None: a loaded SavedModel's function, whose nodes have none). A function whose name
    TF cannot parse in the runtime's message (a lambda's, ``__inference_<lambda>_3``)
    keeps that message as it is, as TF does."""
    tail = f"\n\t [[{{{{node {node}}}}}]] [Op:{function_name}]"
    if not _TAG_NAME.fullmatch(function_name):
        return cls(None, None, f"{{{{function_node {function_name}}}}} {text}{tail}")
    where = "<stack traces unavailable>\n" if frames is None else "".join(
        f'  File "{filename}", line {line}, in {name}\n\n' for filename, line, name in frames)
    return cls(None, None, f"Graph execution error:\n\nDetected at node {node} defined at "
                           f"(most recent call last):\n{where}{text}{tail}")


def _name_checks(tensor, node):
    """Make the run-time checks (host_callback.checked) of the op whose kernel's jit call,
    being traced, made `tensor` name graph node `node` when they fail: that call's jaxpr
    (its equation is still open) is replaced by one whose check errors carry the node."""
    value = tensor._value   # (a jax DynamicJaxprTracer: its equation, that trace's list)
    eqn = getattr(value, "parent", None)
    eqns = getattr(getattr(getattr(value, "_trace", None), "frame", None), "tracing_eqns", None)
    if getattr(getattr(eqn, "primitive", None), "name", None) != "jit" or not eqns:
        return
    last = eqns[-1]
    if (last() if isinstance(last, weakref.ref) else last) is not eqn:
        return   # (an output the kernel forwards from an input: another op's equation)
    closed = eqn.params["jaxpr"]
    if host_callback.holds_check(closed.jaxpr):
        where = (node, tuple(definition_frames()))
        eqn.params = {**eqn.params, "jaxpr": host_callback.rewrap_checks(
            closed, functools.partial(node_check, where))}


def node_check(node, error):
    """`error` (a run-time check's: NumPy arrays -> exception or None) whose exception
    names `node`, (graph node name, definition frames), as `graph_node` (which the
    function that runs it words as TF: runtime_error). A node named first stays: that
    of a tf.function called in another is TF's."""
    name, frames = node

    def check(*arrays):
        exc = error(*arrays)
        if isinstance(exc, errors.OpError) and getattr(exc, "graph_node", None) is None:
            exc.graph_node = (name, frames, kernel_text(exc.message))
        return exc
    return check


_EAGER = re.compile(r"\{\{function_node [^}]*\}\} (.*) \[Op:[^\]]*\](?: name: .*)?", re.S)


def kernel_text(message):
    """An eager op error's message without what eager execution adds to the kernel's
    text (``{{function_node __wrapped__Op_device_...}} `` and `` [Op:Op] name: ``)."""
    match = _EAGER.fullmatch(message)
    return message if match is None else match.group(1)


# -- tensors of finished traces -------------------------------------------------------------

_dead = {}   # id(tracer) -> (weakref to it, "node:index", its FuncGraph's name, FuncGraph id)
_dead_lock = threading.Lock()   # traces finish on several threads (tf.data prefetch's)


def _remember_dead(builder, graph):
    """Keep, while they live, the names of a finished trace's traced tensors: a tensor
    leaked out of a tf.function and used later is named as TF names it."""
    # In the order recorded, so that a value is named by the op that made it, not by the
    # Identity that returned it; tensors that are no node's output (converted arguments,
    # pending reads) are skipped.
    entries = {}
    for t in builder._keep:
        value, ref = t._value, builder._by_tensor.get(id(t))
        if ref is not None and isinstance(value, jax.core.Tracer) and id(value) not in entries:
            entries[id(value)] = (weakref.ref(value), f"{ref[0]}:{ref[1]}", graph.name, id(graph))
    with _dead_lock:
        if len(_dead) > 1024:
            for key in [k for k, (ref, *_) in _dead.items() if ref() is None]:
                del _dead[key]
        _dead.update(entries)



def dead_tensor(value):
    """("node:index", FuncGraph name, FuncGraph id) of a traced value whose trace is over,
    or None."""
    entry = _dead.get(id(value))
    if entry is None or entry[0]() is not value:
        return None
    return entry[1:]


def out_of_scope_error(value):
    """TF's TypeError for a use of `value`, a tensor of a finished trace (leaked out of
    its tf.function), or None if it is not one."""
    dead = dead_tensor(value)
    if dead is None:
        return None
    name, graph, graph_id = dead
    tensor = (f"<tf.Tensor '{name}' shape={TensorShape(value.aval.shape)} "
              f"dtype={dtypes.as_dtype(value.aval.dtype).name}>")
    # (TF lists here the frames where the tensor was made: tfcompat keeps none)
    return TypeError(
        f"{tensor} is out of scope and cannot be used here. Use return values, explicit "
        f"Python locals or TensorFlow collections to access it.\nPlease see "
        f"https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be_"
        f"return_values for more information.\n\n{tensor} was defined here:\n\nThe tensor "
        f"{tensor} cannot be accessed from here, because it was defined in "
        f"FuncGraph(name={graph}, id={graph_id}), which is out of scope.")


# -- access from the op path (all no-ops when nothing is traced) --------------------------

def current():
    """The GraphBuilder of the innermost trace in progress, or None."""
    trace = current_trace()
    return None if trace is None else trace.graph


def fold(op_type, name, inputs, outputs):
    """A node of TF's `op_type` named `name` (made unique) on `inputs` in the graph of
    the trace in progress, whose `outputs` tfcompat computed without an op (tf.shape_n)."""
    builder = current()
    if builder is None or builder.suppressed:
        return
    node = builder.unique_name(name)
    wired = [builder.input_name(t, node) for t in inputs]
    builder.add(node, op_type, [w for w in wired if w is not None], [], outputs)


_NO_TRACE = contextlib.nullcontext()


def named(name):
    """The next op recorded is named `name` (TF's operators: ``x + y`` is "add"). Eagerly
    a shared no-op context, as it is on every op's path."""
    builder = current()
    return _NO_TRACE if builder is None else _named(builder, name)


@contextlib.contextmanager
def _named(builder, name):
    builder.name_hint = name
    try:
        yield
    finally:
        builder.name_hint = None


@contextlib.contextmanager
def branch(scope):
    """Ops traced for a branch or loop body go to a graph of their own (TF's branch
    functions), named in `scope` ("cond/mul"): not in the enclosing graph. Yields that
    graph (its `captures` stay after the block), or None outside a recorded trace."""
    trace = current_trace()
    if trace is None or trace.graph is None:
        yield None
        return
    outer = trace.graph
    trace.graph = GraphBuilder(scope + "/", outer)
    try:
        yield trace.graph
    finally:
        trace.graph.clear()
        trace.graph = outer


def control_flow(builder, scope, op_type, inputs, outputs, identities, leading=(),
                 pred=None):
    """A cond/while node named `scope` (already unique) with its input tensors; with
    `identities`, each output is read through an Identity ``<scope>/Identity`` (tf.cond),
    else the output tensors are the node's outputs after the `leading` ones: (input
    name, dims, DType) of tf.while_loop's counters (``while:2`` is the first loop
    variable). `pred`: a cond's predicate (or switch_case's index), its first input."""
    inputs = ([pred] if pred is not None else []) + list(inputs)
    named = {}
    for t in inputs:
        name = builder.input_name(t)
        if name is not None:
            named.setdefault(name, t)
    names = [name for name, _, _ in leading] + list(named)
    types = [t.dtype for t in outputs]
    attrs = [("Tout" if identities else "T", [_enum(d) for d in types])]
    if identities:
        attrs.insert(0, ("Tcond", _enum(pred.dtype) if pred is not None else
                         _Enum("DT_BOOL")))
    attrs.append(("output_shapes", [_Shape(_dims(t.shape)) for t in outputs]))
    if identities:
        builder.add(scope, op_type, names, attrs)
        builder.records[-1].outputs.extend((_dims(t.shape), t.dtype) for t in outputs)
        for i, t in enumerate(outputs):
            node = builder.unique_name(scope + "/Identity", absolute=True)
            builder.add(node, "Identity", [scope if i == 0 else f"{scope}:{i}"],
                        [("T", _enum(t.dtype))], [t])
    else:
        builder.add(scope, op_type, names, attrs)
        record = builder.records[-1]
        record.outputs.extend((dims, dtype) for _, dims, dtype in leading)
        for i, t in enumerate(outputs):
            record.outputs.append((_dims(t.shape), t.dtype))
            builder._register(t, scope, len(leading) + i)
        # (TF's While has an output per input: the loop-invariant captures pass through)
        passed = list(named.values())[len(outputs):] if len(named) > len(outputs) else []
        record.outputs.extend((_dims(t.shape), t.dtype) for t in passed)


# -- the finished graph -----------------------------------------------------------------

class Graph:
    """tf.Graph: its operations and GraphDef. ``as_default()`` builds it
    (graph_scope.py): ops run in it are symbolic and recorded."""

    building_function = False

    def __init__(self):
        self._set_records([], [], [])
        self.seed = None

    def _set_records(self, records, inputs, outputs):
        """The graph's nodes: the recorded `records`, `inputs` and `outputs` node names."""
        self._records = records
        self._ops = [Operation(self, r) for r in records]
        self._by_name = {op.name: op for op in self._ops}
        self.inputs = [self._by_name[n].outputs[0] for n in inputs]
        self.outputs = [self._by_name[n].outputs[0] for n in outputs]

    def as_default(self):
        """Graph.as_default: ops run inside build this graph (symbolic tensors, TF's
        static shapes); tf.compat.v1.placeholder makes its inputs."""
        from .graph_scope import building
        return building(self)

    def as_graph_def(self, add_shapes=False):
        """Graph.as_graph_def: a GraphDef of the nodes."""
        return GraphDef([op.node_def for op in self._ops])

    def get_operations(self):
        return list(self._ops)

    def get_operation_by_name(self, name):
        op = self._by_name.get(name)
        if op is None:
            raise KeyError(f"The name {name!r} refers to an Operation not in the graph.")
        return op

    def get_tensor_by_name(self, name):
        op_name, _, index = name.partition(":")
        if not index:
            raise ValueError(f"The name {name!r} looks a like an Operation name, not a "
                             f"Tensor name.")
        op = self._by_name.get(op_name)
        if op is None:
            raise KeyError(f"The name {name!r} refers to a Tensor which does not exist. "
                           f"The operation, {op_name!r}, does not exist in the graph.")
        return op.outputs[int(index)]

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at 0x{id(self):x}>"


class FuncGraph(Graph):
    """TF's FuncGraph: the graph of a tf.function's trace (ConcreteFunction.graph, built
    from the recorded nodes, holding no tracer) or one built with ``as_default()``
    (Keras's scratch graph of compute_output_spec)."""

    building_function = True

    def __init__(self, name, collections=None, capture_by_value=None,
                 structured_input_signature=None, structured_outputs=None):
        super().__init__()
        self.name = name
        self.variables = ()
        self.structured_outputs = structured_outputs
        self.structured_input_signature = structured_input_signature
        self.control_outputs = []

    @classmethod
    def traced(cls, name, records, inputs, outputs, control_outputs=()):
        """The FuncGraph of a finished trace; `control_outputs`: the names of the ops that
        must run (FuncGraph.control_outputs)."""
        graph = cls(name)
        graph._set_records(records, inputs, outputs)
        graph.control_outputs = [graph._by_name[n] for n in control_outputs]
        return graph


class Operation:
    """tf.Operation of a FuncGraph: name, type, inputs, outputs, node_def."""

    def __init__(self, graph, record):
        self.graph = graph
        self._record = record
        self.name = record.name
        self.type = record.op
        self.device = ""
        self.outputs = [GraphTensor(self, i, dims, dtype)
                        for i, (dims, dtype) in enumerate(record.outputs)]

    @property
    def inputs(self):
        out = []
        for name in self._record.inputs:
            if name.startswith("^"):
                continue
            node, _, index = name.partition(":")
            out.append(self.graph._by_name[node].outputs[int(index or 0)])
        return tuple(out)

    @property
    def control_inputs(self):
        return [self.graph._by_name[n[1:]] for n in self._record.inputs if n.startswith("^")]

    @property
    def node_def(self):
        return NodeDef(self.name, self.type, list(self._record.inputs),
                       dict(self._record.attrs))

    def get_attr(self, name):
        for key, value in self._record.attrs:
            if key == name:
                return AttrValue(value).python_value()
        raise ValueError(f"Operation {self.name!r} has no attr named {name!r}.")

    def __repr__(self):
        return f"<tf.Operation {self.name!r} type={self.type}>"


class GraphTensor:
    """A tensor of a finished FuncGraph (TF's SymbolicTensor): printed by name."""

    def __init__(self, op, index, dims, dtype):
        self.op, self.value_index, self.dtype = op, index, dtype
        self.shape = TensorShape(dims)
        self.name = f"{op.name}:{index}"
        self.graph = op.graph

    def get_shape(self):
        return self.shape

    def __str__(self):
        if self.shape.rank is None:
            return f'Tensor("{self.name}", dtype={self.dtype.name})'
        return f'Tensor("{self.name}", shape={self.shape}, dtype={self.dtype.name})'

    def __repr__(self):
        return f"<tf.Tensor '{self.name}' shape={self.shape} dtype={self.dtype.name}>"


GraphTensor.__name__ = GraphTensor.__qualname__ = "SymbolicTensor"
Graph.__module__ = "tensorflow.python.framework.ops"
FuncGraph.__module__ = "tensorflow.python.framework.func_graph"
