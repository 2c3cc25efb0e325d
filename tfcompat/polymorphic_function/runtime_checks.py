"""The run-time checks of a tf.function: its tf.debugging assertions, checked after a
call (TF's graph Assert errors), and TF's error for a tensor leaked out of a trace."""
import jax
import numpy as np

from ..framework import errors, func_graph
from ..framework.context import ctx
from ..framework.func_graph import out_of_scope_error
from ..ops.check_ops import summarize


def check_data(check):
    """How many outputs of a traced function hold the data of a tf.debugging check (TF's
    graph Assert: a dict; a message alone for traces saved before)."""
    return check["data"] if isinstance(check, dict) else 0


def _assertion_failed(check, data, function_name):
    """TF's error for an Assert of a tf.function whose condition does not hold."""
    if not isinstance(check, dict):
        return errors.InvalidArgumentError(None, None, "assertion failed: " + check)
    if "numerics" in check:   # (a CheckNumerics node: data = has NaN, has Inf)
        nan, inf = (bool(d._value) for d in data)
        kind = "Inf and NaN" if nan and inf else "NaN" if nan else "Inf"
        return func_graph.runtime_error(errors.InvalidArgumentError, check["node"],
                                        check["frames"],
                                        f"{check['numerics']} : Tensor had {kind} values",
                                        function_name)
    values = iter(data)
    items = []
    for item in check["items"]:
        if isinstance(item, dict):
            first, shape = next(values)._value, [int(d) for d in next(values)._value]
            items.append(summarize(first, shape, int(np.prod(shape)), item["dtype"],
                                   check["summarize"]))
        else:
            items.append(item)
    text = "assertion failed: " + " ".join(f"[{item}]" for item in items)
    return func_graph.runtime_error(errors.InvalidArgumentError, check["node"],
                                    check["frames"], text, function_name)


def _check_out_of_scope(consts):
    """TF's TypeError for a tensor of a finished trace (leaked out of its tf.function)
    used in this one: it is a constant of this trace's jaxpr."""
    for c in consts:
        # (a tensor of an enclosing trace, still running, is a capture, not a leak)
        if isinstance(c, jax.core.Tracer) and \
                not any(id(c) in t.graph._by_value for t in ctx.traces):
            error = out_of_scope_error(c)
            if error is not None:
                raise error


_OUT_OF_SCOPE = (
    "A tensor created while tracing another tf.function is out of scope and cannot be used "
    "here. Use return values, explicit Python locals or TensorFlow collections to access it.")
