"""FunctionDef as TF's proto prints it (ConcreteFunction.function_def), built from the
trace's FuncGraph: its Placeholders are the signature's input_args, its outputs the
output_args ("identity", "identity_1" ...) and `ret`, and the other nodes are the
node_defs, each input named by its producer's OpDef output argument ("add:z:0") as
FunctionDefs name them."""
import re

from . import op_def
from .graph_def import AttrValue, NodeDef, _Message, _Shape, _text, enum_of


class FunctionDef:
    """A FunctionDef proto: `.signature` (`.name`, `.input_arg`, `.output_arg`,
    `.is_stateful`, `.control_output`), `.node_def`, `.ret`, `.attr`, `.control_ret`,
    `.arg_attr`; str() is TF's text format."""

    def __init__(self, graph, name):
        nodes = [op.node_def for op in graph.get_operations()]
        args = [n for n in nodes if n.op == "Placeholder"]
        arg_names = {n.name: _normalized(n.name) for n in args}
        by_name = {op.name: op for op in graph.get_operations()}
        outputs = [("identity" if i == 0 else f"identity_{i}", t)
                   for i, t in enumerate(graph.outputs)]
        control = [op.name for op in graph.control_outputs]
        self.signature = _Signature(
            name, [_Arg(arg_names[n.name], n.attr["dtype"]._value) for n in args],
            [_Arg(o, enum_of(t.dtype)) for o, t in outputs], control)
        self.node_def = [
            NodeDef(n.name, n.op, [_input(i, by_name, arg_names) for i in n.input],
                    {k: v._value for k, v in n.attr.items()})
            for n in nodes if n.name not in arg_names]
        self.ret = {o: _tensor_name(t.op, t.value_index) for o, t in outputs}
        self.attr = {"_construction_context": AttrValue(b"kEagerRuntime")}
        self.control_ret = {c: c for c in control}
        self.arg_attr = {i: _arg_attrs(n) for i, n in enumerate(args)}

    def _fields(self):
        return ([("signature", self.signature)] + [("node_def", n) for n in self.node_def] +
                [("ret", _Message([("key", k), ("value", v)])) for k, v in self.ret.items()] +
                [("attr", _Message([("key", k), ("value", v)])) for k, v in self.attr.items()] +
                [("control_ret", _Message([("key", k), ("value", v)]))
                 for k, v in self.control_ret.items()] +
                [("arg_attr", _Message([("key", k), ("value", v)]))
                 for k, v in self.arg_attr.items()])

    def __str__(self):
        return _text(self._fields())

    __repr__ = __str__


class _Arg(_Message):
    """An OpDef ArgDef: `.name`, `.type`."""

    def __init__(self, name, type_enum):
        super().__init__([("name", name), ("type", type_enum)])
        self.name, self.type = name, type_enum


def _normalized(name):
    """TF's NormalizeName of a FunctionDef argument: lower case, other characters '_'."""
    return re.sub(r"[^a-z0-9_]", "_", name.lower())


class _Signature(_Message):
    """The FunctionDef's OpDef: `.name`, `.input_arg`, `.output_arg`."""

    def __init__(self, name, input_arg, output_arg, control_output):
        super().__init__([("name", name)] + [("input_arg", a) for a in input_arg] +
                         [("output_arg", a) for a in output_arg] +
                         ([("is_stateful", True)] if control_output else []) +
                         [("control_output", c) for c in control_output])
        self.name, self.input_arg, self.output_arg = name, input_arg, output_arg
        self.is_stateful, self.control_output = bool(control_output), control_output


def _arg_attrs(node):
    """An input's arg_attr: its user-specified name and its shape."""
    fields = []
    if "_user_specified_name" in node.attr:
        fields.append(("attr", _Message([("key", "_user_specified_name"),
                                         ("value", node.attr["_user_specified_name"])])))
    if node.attr["dtype"]._value != "DT_RESOURCE":   # (a captured variable's has none)
        shape = node.attr["shape"]._value if "shape" in node.attr else _Shape(None)
        fields.append(("attr", _Message([("key", "_output_shapes"),
                                         ("value", AttrValue([shape]))])))
    return _Message(fields)


def _input(name, by_name, arg_names):
    """A GraphDef input ("add", "split:1", "^c") as a FunctionDef names it."""
    if name.startswith("^"):
        return name
    node, _, index = name.partition(":")
    if node in arg_names:
        return arg_names[node]
    return _tensor_name(by_name[node], int(index or 0))


def _tensor_name(op, index):
    """Output `index` of `op` as "op:arg:i", arg its OpDef output argument."""
    spec = op_def.get(op.type)
    if spec is None:
        return f"{op.name}:output:{index}"
    if len(spec.outputs) == 1:
        return f"{op.name}:{spec.outputs[0][0]}:{index}"
    for arg, number_attr, type_list_attr in spec.outputs:
        if number_attr:
            count = op.get_attr(number_attr)
        elif type_list_attr:
            count = len(op.get_attr(type_list_attr))
        else:
            count = 1
        if index < count:
            return f"{op.name}:{arg}:{index}"
        index -= count
    raise ValueError(f"tfcompat: {op.name} ({op.type}) has no output {index}")
