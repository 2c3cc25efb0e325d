"""tf.print: TF's formatting of tensors (summarized), written when the op runs: eagerly at
once, inside tf.function on every call, in order (an ordered host callback,
framework/ordered_print.py, which also runs in programs over several devices)."""
import functools
import sys

import numpy as np

from ..framework import host_callback, nest
from ..framework.context import executing_eagerly
from ..framework.host_callback import debug_callback
from ..framework.strings import StringIds, from_ids
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from .spec_probes import probe_size

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


def _value_text(value, summarize):
    if type(value) is StringIds:   # (inside a tf.function)
        value = from_ids(value.ids)
    return format_tensor(np.asarray(value), summarize)


def _line(inputs, texts, sep, end):
    """What tf.print writes for `inputs`, its tensors written as `texts`."""
    it = iter(texts)

    def fmt(x):
        return _Raw(next(it)) if isinstance(x, (Tensor, Variable)) else x
    parts = []
    for x in inputs:
        if isinstance(x, (list, tuple, dict)):
            parts.append(str(nest.pack_sequence_as(x, [fmt(v) for v in nest.flatten(x)])))
        else:
            parts.append(str(fmt(x)))
    return sep.join(parts) + end


_MARK = "\x00"   # where a saved print's template takes a tensor


def _saved(inputs, n, output_stream, summarize, sep, end):
    """(template, summarize, stream) of a tf.print that a SavedModel keeps (saved_print),
    or None where it cannot (another stream than sys.stdout or sys.stderr)."""
    stream = next((name for name in ("stdout", "stderr") if output_stream in (
        getattr(sys, name), getattr(sys, f"__{name}__"))), None)
    if output_stream is print.__kwdefaults__["output_stream"]:
        stream = "stderr"
    template = _line(inputs, [_MARK] * n, sep, end)
    return None if stream is None or template.count(_MARK) != n else \
        (template, summarize, stream)


class _FileStream:
    """TF's "file://PATH" output stream: each write appends to the file (PrintV2)."""

    def __init__(self, path):
        self.path = path

    def write(self, text):
        with open(self.path, "a") as f:
            f.write(text)


def saved_print(template, summarize, stream, *arrays):
    """A tf.print of a loaded SavedModel's function (run on the host after each call, as a
    run-time check that passes: saved_model/export.py); None."""
    pieces = template.split(_MARK)
    out = getattr(sys, stream)
    out.write(pieces[0] + "".join(format_tensor(np.asarray(a), summarize) + p
                                  for a, p in zip(arrays, pieces[1:])))
    out.flush()


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
_call_start = [0]   # `printed` when the last call that may be abandoned started


def call_starts():
    """A tf.function call that reads an iterator argument starts (it may be abandoned and
    rerun eagerly: host_callback.Rerun)."""
    _call_start[0] = printed[0]
    host_callback.silenced[0] = False


def abandon():
    """The running call is abandoned for an eager rerun: the rerun does not write again
    what the call's program wrote before (TF runs the call once)."""
    unwritten[0] = printed[0] - _call_start[0]


def print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """tf.print (output_stream: a stream, or "file://PATH", which each print appends to)."""
    if isinstance(output_stream, str):
        if not output_stream.startswith("file://"):
            raise ValueError(f"Unsupported output stream, logging level, or file."
                             f"{output_stream}. Supported streams are sys.stdout, sys.stderr, "
                             f"tf.logging.info, tf.logging.warning, tf.logging.error. File "
                             f"needs to be in the form of 'file://<filepath>'.")
        output_stream = _FileStream(output_stream[len("file://"):])
    route = distribution.route()
    if route is False:
        return
    tensors = [x._value if isinstance(x, Tensor) else x._read()._value
               for x in nest.flatten(inputs) if isinstance(x, (Tensor, Variable))]

    def emit(*values, eager=False):
        if host_callback.silenced[0] and not eager:
            return
        if unwritten[0]:
            unwritten[0] -= 1
            return
        printed[0] += 1
        # (sys.stdout while a call reruns eagerly holds that run's Python prints; TF's
        # stdout is the process's)
        stream = getattr(output_stream, "stands_for", output_stream)
        stream.write(_line(inputs, [_value_text(v, summarize) for v in values], sep, end))
        stream.flush() if hasattr(stream, "flush") else None

    if not executing_eagerly() or any(symbolic(t) for t in tensors):
        emit.saved = _saved(inputs, len(tensors), output_stream, summarize, sep, end)
        # (on every call of the tf.function; vectorized, once: TF's vectorized_map)
        (route or functools.partial(debug_callback, first_example=True))(emit, *tensors)
    elif probe_size() is None:   # (tf.data's calls on probe elements print nothing)
        emit(*tensors, eager=True)
