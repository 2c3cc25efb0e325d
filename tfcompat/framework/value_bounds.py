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

    def source(i):   # the name of input i's node
        return inputs[i].split(":")[0] if i < len(inputs) else None

    def of(i):
        return None if source(i) is None else _bound(builder, source(i), depth - 1)

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
        divisor = None if source(1) is None else _record(builder, source(1))
        if divisor is not None and divisor.op == "Const":
            values = np.asarray(dict(divisor.attrs)["value"].value)
            if values.size and np.issubdtype(values.dtype, np.integer) and values.min() > 0:
                return int(values.max()) - 1
        return None
    if op == "Cast":
        given_record = None if source(0) is None else _record(builder, source(0))
        given = given_record.outputs[0][1] if given_record is not None and \
            given_record.outputs else None
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
