"""tf.print: TF's formatting of tensors (summarized), written when the op runs: eagerly at
once, inside tf.function on every call, in order (an ordered host callback,
framework/ordered_print.py, which also runs in programs over several devices)."""
import sys

import numpy as np

from ..framework import nest
from ..framework.context import executing_eagerly
from ..framework.host_callback import debug_callback
from ..framework.strings import StringIds, from_ids
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable

__all__ = ["print"]


def _float_text(value, double):
    """TF's FloatToBuffer/DoubleToBuffer: %.6g (%.15g for float64) when that reads back
    as the same value, else %.9g (%.17g); half and bfloat16 print as float."""
    short, full, kind = (15, 17, np.float64) if double else (6, 9, np.float32)
    text = "%.*g" % (short, value)
    return text if kind(text) == kind(value) else "%.*g" % (full, value)


def _scalar(x):
    if isinstance(x, bytes):   # tf.string elements: quoted, as TF's summarize writes them
        return '"' + x.decode("utf-8", "backslashreplace") + '"'
    if x.dtype.kind == "b":
        return "1" if x else "0"
    if x.dtype.kind == "f" or x.dtype.name == "bfloat16":
        return _float_text(float(x), x.dtype == np.float64)
    if x.dtype.kind == "c":
        return f"({_scalar(x.real)},{_scalar(x.imag)})"
    return str(x)


def format_tensor(a, summarize=3, indent=0):
    """A numpy value as tf.print writes it: [[1 2.5]\\n [3 4]], with '...' past
    `summarize` elements at each end of a dimension (-1: everything)."""
    if isinstance(a, bytes):   # (an element of a string tensor)
        return _scalar(a)
    if a.ndim == 0:
        return _scalar(a[()])
    n = a.shape[0]
    rows = list(range(n)) if summarize < 0 or n <= 2 * summarize else \
        list(range(summarize)) + [None] + list(range(n - summarize, n))
    parts = ["..." if i is None else format_tensor(a[i], summarize, indent + 1) for i in rows]
    sep = "\n" * (a.ndim - 1) + " " * (indent + 1) if a.ndim > 1 else " "
    return "[" + sep.join(parts) + "]"


def _text(structure, values, summarize):
    it = iter(values)

    def fmt(x):
        if isinstance(x, (Tensor, Variable)):
            value = next(it)
            if type(value) is StringIds:   # (inside a tf.function)
                value = from_ids(value.ids)
            return _Raw(format_tensor(np.asarray(value), summarize))
        return x
    if isinstance(structure, (list, tuple, dict)):
        return str(nest.pack_sequence_as(structure, [fmt(x) for x in nest.flatten(structure)]))
    return str(fmt(structure))


class _Raw(str):
    """A string that reprs as itself, so containers print TF's unquoted values."""

    def __repr__(self):
        return str(self)


class _Unreplicated:
    """How tf.print sees tf.distribute, which sits above the ops and installs its own
    (distribute/replica_print.py): `route()`, where a print runs, gives None (written as
    anywhere else), False (not written: an earlier pass of its run wrote it) or the
    function ``(emit, *arrays)`` that has a traced run write it; or raises where the run
    must run otherwise."""
    route = staticmethod(lambda: None)


distribution = _Unreplicated
printed = [0]   # the writes of tf.print so far
unwritten = [0]   # writes to drop: those a call abandoned for its eager rerun made before


def print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """tf.print."""
    route = distribution.route()
    if route is False:
        return
    tensors = [x._value if isinstance(x, Tensor) else x._read()._value
               for x in nest.flatten(inputs) if isinstance(x, (Tensor, Variable))]

    def emit(*values):
        if unwritten[0]:
            unwritten[0] -= 1
            return
        printed[0] += 1
        it = iter(values)
        parts = []
        for x in inputs:
            n = sum(isinstance(v, (Tensor, Variable)) for v in nest.flatten(x))
            parts.append(_text(x, [next(it) for _ in range(n)], summarize))
        stream = output_stream
        stream.write(sep.join(parts) + end)
        stream.flush() if hasattr(stream, "flush") else None

    if not executing_eagerly() or any(symbolic(t) for t in tensors):
        (route or debug_callback)(emit, *tensors)   # on every call of the tf.function
    else:
        emit(*tensors)
