"""tf.Assert (tf.debugging.Assert), tf.control_dependencies, tf.group, tf.tuple and
tf.no_op.

Eagerly tf.Assert raises TF's InvalidArgumentError at once. Inside a tf.function its
condition is checked after the call, with TF's graph Assert error ("assertion failed:
[...]"), as the tf.debugging assertions are (ops/check_ops.py). A tf.function runs every
stateful op and check it traced, in program order, so tf.control_dependencies has nothing
to add: eagerly it runs callable control inputs (as TF's), inside a function it is a
null context. For the same reason tf.group and tf.no_op do nothing: eagerly they give
None (as TF's), inside a function an `Operation` that only serves as a control input
(which a tf.function cannot return, as in TF), and tf.tuple the identities of its tensors.

Deliberate difference: a tf.string tensor computed inside the tf.function cannot be
shown in the error of a failed Assert there; it is shown as ``<tf.string>``.
"""
import contextlib

import numpy as np

from ..framework import dtypes, errors, func_graph, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.strings import StringIds
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .check_ops import _check, _graph_assert, summarize
from .manip_ops import identity
from .op_args import traced

__all__ = ["Assert", "control_dependencies", "group", "no_op", "tuple"]


def _summarize_eager(tensor, summarize):
    """TF's text of one data tensor in an eager Assert's error."""
    n = 3 if summarize is None else (tensor.shape.num_elements() if summarize < 0
                                     else summarize)
    value = np.asarray(tensor._value)
    if value.ndim:
        flat = value.reshape(-1)
        items = [str(x) for x in flat[:n]]
        if len(items) < flat.size:
            items.append("...")
        return ", ".join(items)
    return str(value[()]) if n else ""


def _item(t, n):
    """A data tensor of a traced Assert: strings are shown as text (see the docstring)."""
    if type(t._value) is StringIds:
        return "<tf.string>"
    if t.dtype is dtypes.string:
        n = 3 if n is None else n
        return summarize(np.asarray(t._value).reshape(-1)[:n], t.shape.as_list(),
                         t.shape.num_elements(), "string", n)
    return t


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 (TF's name)
    """tf.Assert: raises InvalidArgumentError showing `data` unless `condition` holds."""
    tensors = [convert_to_tensor(x) for x in data]
    symbolic = traced(condition, *tensors) or any(type(t._value) is StringIds for t in tensors)
    if executing_eagerly() and not symbolic:
        value = condition._value if isinstance(condition, Tensor) else condition
        if not np.all(np.asarray(value)):
            raise errors.InvalidArgumentError(
                None, None, "Expected '%s' to be true. Summarized data: %s" % (
                    condition, "\n".join(_summarize_eager(t, summarize) for t in tensors)))
        return None
    condition = convert_to_tensor(condition)
    items = [_item(t, summarize) for t in tensors]

    def graph(_):
        scope = func_graph.current().unique_name(name or "Assert")
        info, values = _graph_assert(scope, items, summarize)
        info["node"] = info["node"].replace(f"{scope}/Assert/", f"{scope}/", 1)
        return info, values
    def describe(cond):   # (a constant condition that fails: at once)
        return "" if cond is None else "assertion failed: " + " ".join(
            "[<traced>]" if symbolic else f"[{_summarize_eager(t, summarize)}]"
            for t in tensors)
    return _check(condition, describe, graph)


@contextlib.contextmanager
def _null():
    yield


def control_dependencies(control_inputs):
    """tf.control_dependencies: a context whose ops run after `control_inputs` (tfcompat
    runs a function's ops in program order; eagerly callables among them are called)."""
    if executing_eagerly() and control_inputs:
        for control in control_inputs:
            if callable(control):
                control()
    return _null()


class Operation:
    """What tf.group and tf.no_op give inside a tf.function (TF: a NoOp tf.Operation), and
    a numpy_function/py_function without outputs (its PyFunc or EagerPyFunc)."""

    def __init__(self, name, op_type="NoOp"):
        self.name = name
        self.type = op_type

    def __repr__(self):
        return f"<tf.Operation {self.name!r} type={self.type}>"


def no_op(name=None):
    """tf.no_op: does nothing (see the module docstring)."""
    return None if executing_eagerly() else Operation(name or "NoOp")


def group(*inputs, **kwargs):
    """tf.group: does nothing (see the module docstring), after TF's checks of its
    arguments inside a function."""
    if executing_eagerly():
        return None
    name = kwargs.pop("name", None)
    if kwargs:
        raise ValueError("Unknown keyword arguments: " + ", ".join(kwargs.keys()))
    for inp in nest.flatten(inputs, expand_composites=True):
        if not hasattr(inp, "device"):
            raise TypeError("'inputs' should be zero or more (nested) Tensors. "
                            f"Received '{inp}' with type '{type(inp)}'.")
    return Operation(name or "group_deps")


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 (TF's name)
    """tf.tuple: eagerly `tensors` as given; inside a function a list of their identities
    (None entries stay None), as TF's graph gates them."""
    if executing_eagerly():
        return tensors
    for c in control_inputs or ():
        if not isinstance(c, (Tensor, Variable, Operation)):
            raise TypeError("'control_inputs' must only contain Operation or Tensor. "
                            f"Received: {type(c)}")
    if all(t is None for t in tensors) and not control_inputs:
        raise ValueError(f"'tensors' must have at least one Tensor. Received: {list(tensors)}.")
    return [None if t is None else identity(t) for t in tensors]
