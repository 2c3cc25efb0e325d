"""The consumers of a node of a tf.function's graph as grappler's arithmetic optimizer
counts them (NumNonControlOutputs), for the rewrites that depend on them: after pruning
the nodes no output or stateful op needs (function instantiation) and merging identical
elementwise computations and equal constants (common subgraph elimination); an output
of the function is one more consumer (its node is preserved)."""
import weakref

# Ops merged when they compute the same on the same inputs (their only attribute is T;
# a Softmax node of TF's graph is over the last axis).
_MERGED = frozenset((
    "Abs", "Add", "AddV2", "Exp", "Expm1", "Identity", "Log", "Log1p", "LogSoftmax",
    "Maximum", "Minimum", "Mul", "Neg", "Pow", "RealDiv", "Reciprocal", "Relu", "Rsqrt",
    "Sigmoid", "Softmax", "Sqrt", "Square", "SquaredDifference", "Sub", "Tanh"))


_COMMUTATIVE = frozenset(("Add", "AddV2", "Maximum", "Minimum", "Mul", "SquaredDifference"))


class Deferred:
    """Whether a rewrite applies, decided from the graph of `builder` (a
    func_graph.GraphBuilder: the function's, or a branch's or loop body's, which TF
    inlines, all of whose nodes count as live) once the function's graph is finished:
    `node` must have one consumer. Read when the trace's program is compiled, after the
    trace; a gradient of the rewritten op (whose ops are not in the graph) vetoes it
    first."""

    __slots__ = ("builder", "root", "node", "_applies")

    def __init__(self, builder, node):
        self.builder, self.node, self._applies = builder, node, None
        self.root = builder
        while self.root.parent is not None:
            self.root = self.root.parent

    def veto(self):
        if self._applies is None:
            self._applies = False

    @property
    def applies(self):
        if self._applies is None:
            root = self.root
            if root.control_outputs is None:
                return False   # (only a finished graph decides)
            canon, edges = _counted(self.builder, root)
            self._applies = edges.get(canon.get(self.node, self.node), 0) == 1
        return self._applies


_counts = weakref.WeakKeyDictionary()   # GraphBuilder -> its `consumers`, once finished


def _counted(builder, root):
    found = _counts.get(builder)
    if found is None:
        outputs = root.output_names if builder is root else None
        found = _counts[builder] = consumers(builder.records, outputs, root.control_outputs)
    return found

    def __repr__(self):
        return f"Deferred({self.node!r})"


def _ref(name):
    node, _, index = name.partition(":")
    return node, int(index or 0)


def consumers(records, outputs, control_outputs=()):
    """(node -> the node it is merged into, merged node -> the data edges from live
    nodes that read its output 0, a merged consumer's once); `outputs`: the output
    nodes, None when all nodes are live; `control_outputs`: the nodes that must run."""
    by_name = {r.name: r for r in records}
    live = set(by_name) if outputs is None else set()
    stack = [] if outputs is None else list(outputs) + list(control_outputs)
    while stack:
        name = stack.pop()
        if name not in live and name in by_name:
            live.add(name)
            stack.extend(_ref(i.lstrip("^"))[0] for i in by_name[name].inputs)
    canon, keys = {}, {}
    for r in records:
        if r.op in _MERGED:
            inputs = [(canon.get(n, n), k) for n, k in map(_ref, r.inputs)]
            key = (r.op, tuple((k, repr(v)) for k, v in r.attrs),
                   tuple(sorted(inputs) if r.op in _COMMUTATIVE else inputs))
        elif r.op == "Const":
            value = dict(r.attrs).get("value")
            array = getattr(value, "value", None)
            key = ("Const", r.name) if array is None else \
                ("Const", str(array.dtype), array.shape, array.tobytes())
        else:
            key = ("node", r.name)
        canon[r.name] = keys.setdefault(key, r.name)
    live = {canon[n] for n in live}
    counted, edges = set(), {}
    for r in records:
        merged = canon[r.name]
        if merged not in live or merged in counted:
            continue
        counted.add(merged)
        for name, index in map(_ref, r.inputs):
            if not index and not name.startswith("^"):
                target = canon.get(name, name)
                edges[target] = edges.get(target, 0) + 1
    return canon, edges
