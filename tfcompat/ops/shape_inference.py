"""TF's trace-time shape-inference errors: inside a tf.function TF checks an op's static
shapes while it builds the graph and raises ValueError (``... for '{{node Add}} =
AddV2[T=DT_FLOAT](Add/x, Add/y)' with input shapes: [2,3], [2].``) where eagerly the
kernel raises InvalidArgumentError. `trace_checked` turns an op's static check into the
one or the other."""
import numpy as np

from ..framework import dtypes, func_graph
from ..framework.context import ctx
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .op_args import dims

# TF's node name of an op (its Python wrapper's name scope) where it is not the op type.
_SCOPES = {"AddV2": "Add", "Transpose": "transpose", "ConcatV2": "concat", "Fill": "zeros",
           "FloorDiv": "floordiv"}
# An op's inputs where TF's Python wrapper names them otherwise than the op-def's
# ``<node>/<arg>`` Consts (func_graph.input_names): it converts them under other names, or
# builds them with other ops.
_WRAPPER_INPUTS = {"BiasAdd": ("input", "bias"), "Fill": ("Const", "Const_1"),
                   "SoftmaxCrossEntropyWithLogits": ("Reshape", "Reshape_1")}


class _Value:
    """An array as `GraphBuilder.lookup` takes it (a traced value is known by value)."""

    def __init__(self, value):
        self._value = value


def tracing():
    """Whether a tf.function is being traced (TF builds a graph and infers shapes)."""
    return bool(ctx.traces)


def _shape(value):
    if isinstance(value, (Tensor, Variable)):
        return tuple(value.shape.as_list())
    return np.shape(value)


def _bool(v):
    return "true" if v else "false"


def _attr(value):
    """An attr value as TF's NodeDef summary prints it."""
    if isinstance(value, bool):
        return _bool(value)
    if isinstance(value, str):
        return value if value.startswith("DT_") else f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def node_error(text, op_type, inputs, attrs=(), scope=None, computed=None, partial=None,
               arg_names=None):
    """TF's ValueError of shape inference for op `op_type` on `inputs` (Tensors or Python
    values; the node's input shapes), `attrs` ((name, value) pairs, T first, as TF sorts
    them). `computed`: {input index: its constant value} (TF's "with computed input
    tensors"); `partial`: {input index: a shape} ("computed as partial shapes");
    `arg_names`: the names of the inputs the op's wrapper converts (default its op-def
    input names)."""
    graph = func_graph.current()
    node = graph.name_hint if graph is not None and graph.name_hint else \
        (scope or _SCOPES.get(op_type, op_type))
    if graph is not None:
        node = graph.unique_name(node, mark=False)
    args = arg_names or _WRAPPER_INPUTS.get(op_type) or \
        func_graph.input_names(op_type, len(inputs)) or ("x", "y")
    names, seen = [], {}
    for i, t in enumerate(inputs):
        ref = None if graph is None else graph.lookup(t if isinstance(t, Tensor) else _Value(t))
        if ref is not None:
            names.append(ref[0] if ref[1] == 0 else f"{ref[0]}:{ref[1]}")
            continue
        if op_type == "Fill":
            names.append(f"{node}/{args[i]}")
            continue
        key = id(t._value if isinstance(t, (Tensor, Variable)) else t)
        if key in seen:
            names.append(seen[key])
            continue
        arg = args[i] if i < len(args) else f"{args[-1]}_{i}"
        names.append(f"{node}/{arg}")
        if key is not None:
            seen[key] = names[-1]
    attr_text = ", ".join(f"{k}={_attr(v)}" for k, v in attrs)
    shapes = ", ".join(dims(_shape(t)) for t in inputs)
    tail = ""
    if computed:
        tail = " and with computed input tensors: " + ", ".join(
            f"input[{i}] = <{' '.join(str(x) for x in np.ravel(v))}>" for i, v in computed.items())
    elif partial:
        tail = " and with input tensors computed as partial shapes: " + ", ".join(
            f"input[{i}] = {dims('?' if d is None or d < 0 else d for d in s)}"
            for i, s in partial.items())
    return ValueError(f"{text} for '{{{{node {node}}}}} = {op_type}[{attr_text}]"
                      f"({', '.join(names)})' with input shapes: {shapes}{tail}.")


def dtype_enum(value):
    """The DT_ name of a dtype, or of a Tensor's or array's dtype, for `attrs`."""
    dtype = value if isinstance(value, dtypes.DType) else dtypes.as_dtype(value.dtype)
    return "DT_" + dtype._tf_name.upper()


def trace_checked(kernel_exc, text, op_type, inputs, attrs=(), **kw):
    """`kernel_exc` (an op's eager InvalidArgumentError) or, while a tf.function is
    traced, TF's shape-inference ValueError (`node_error` with `text`)."""
    if not tracing():
        return kernel_exc
    return node_error(text, op_type, inputs, attrs, **kw)
