"""The largest value an integer tensor of a trace in progress can hold, where the ops its
graph recorded prove one: constants, clips (Minimum, ClipByValue), FloorMod by a positive
constant, and ops that only move values (Reshape, Gather ...). It lets an op whose output
size depends on its input's values have a static size inside a tf.function where the
size is in fact fixed, as tf.math.bincount's with a `minlength` above every value
(Keras's Equalization clips its bin indices, then counts them with minlength=bins). TF's
shape inference gives such an output an unknown dimension; XLA needs a static one."""
import numpy as np

from .graph_def import _TensorValue

# ops whose output's values are some of their first input's
_MOVING = frozenset(("Identity", "Reshape", "ExpandDims", "Squeeze", "Transpose", "Tile",
                     "StridedSlice", "Slice", "BroadcastTo", "ReverseV2", "GatherV2",
                     "GatherNd", "Sort", "TopKV2"))
_DEPTH = 64


def upper_bound(builder, tensor):
    """The largest value integer `tensor` can hold, as an int, or None where the ops
    recorded in `builder` (a GraphBuilder, or its enclosing ones) do not bound it."""
    if not tensor.dtype.is_integer:
        return None
    ref = builder.lookup(tensor)
    return None if ref is None else _bound(builder, ref[0], _DEPTH)


def _bound(builder, name, depth):
    record = _record(builder, name)
    if record is None or depth == 0:
        return None
    op, inputs = record.op, [i for i in record.inputs if not i.startswith("^")]

    def of(i):
        return _bound(builder, inputs[i].split(":")[0], depth - 1) if i < len(inputs) \
            else None

    if op == "Const":
        value = dict(record.attrs).get("value")
        if isinstance(value, _TensorValue) and np.asarray(value.value).size and \
                np.issubdtype(np.asarray(value.value).dtype, np.integer):
            return int(np.max(value.value))
        return None
    if op == "Minimum":
        known = [b for b in (of(0), of(1)) if b is not None]
        return min(known) if known else None
    if op == "ClipByValue":
        return of(2)
    if op in ("Maximum", "Pack"):
        bounds = [of(i) for i in range(len(inputs))]
        return None if not bounds or None in bounds else max(bounds)
    if op == "FloorMod":
        divisor = of(1)
        low = _record(builder, inputs[1].split(":")[0]) if len(inputs) > 1 else None
        if low is not None and low.op == "Const" and divisor is not None and \
                int(np.min(dict(low.attrs)["value"].value)) > 0:
            return divisor - 1
        return None
    if op == "Cast":
        source = _record(builder, inputs[0].split(":")[0]) if inputs else None
        given = source.outputs[0][1] if source is not None and source.outputs else None
        target = record.outputs[0][1] if record.outputs else None
        if given is None or target is None or not given.is_integer or not target.is_integer:
            return None
        bound = of(0)   # (kept where the cast keeps every value up to it)
        return bound if bound is not None and bound <= target.max and \
            given.min >= target.min else None
    if op in _MOVING:
        return of(0)
    return None


def _record(builder, name):
    """The node named `name` in `builder` or an enclosing one (the nearest)."""
    while builder is not None:
        record = builder.record_named(name)
        if record is not None:
            return record
        builder = builder.parent
    return None
