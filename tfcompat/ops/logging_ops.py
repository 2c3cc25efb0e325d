"""tf.print: TF's formatting of tensors (summarized), written when the op runs: eagerly at
once, inside tf.function on every call, in order (a jax.debug.callback)."""
import sys

import jax
import numpy as np

from ..framework import nest
from ..framework.function import executing_eagerly
from ..framework.host_callback import debug_callback
from ..framework.tensor import Tensor
from ..framework.variables import Variable

__all__ = ["print"]

# Significant digits TF prints per float type (std::numeric_limits<T>::max_digits10).
_DIGITS = {np.dtype(np.float16): 5, np.dtype(np.float32): 9, np.dtype(np.float64): 17}


def _scalar(x):
    if x.dtype.kind == "b":
        return "1" if x else "0"
    if x.dtype.kind == "f" or x.dtype.name == "bfloat16":
        return "%.*g" % (_DIGITS.get(x.dtype, 4), float(x))
    if x.dtype.kind == "c":
        return f"({_scalar(x.real)},{_scalar(x.imag)})"
    return str(x)


def format_tensor(a, summarize=3, indent=0):
    """A numpy value as tf.print writes it: [[1 2.5]\\n [3 4]], with '...' past
    `summarize` elements at each end of a dimension (-1: everything)."""
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
            return _Raw(format_tensor(np.asarray(next(it)), summarize))
        return x
    if isinstance(structure, (list, tuple, dict)):
        return str(nest.pack_sequence_as(structure, [fmt(x) for x in nest.flatten(structure)]))
    return str(fmt(structure))


class _Raw(str):
    """A string that reprs as itself, so containers print TF's unquoted values."""

    def __repr__(self):
        return str(self)


def print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):  # noqa: A001
    """tf.print."""
    tensors = [x._value if isinstance(x, Tensor) else x._read()._value
               for x in nest.flatten(inputs) if isinstance(x, (Tensor, Variable))]

    def emit(*values):
        it = iter(values)
        parts = []
        for x in inputs:
            n = sum(isinstance(v, (Tensor, Variable)) for v in nest.flatten(x))
            parts.append(_text(x, [next(it) for _ in range(n)], summarize))
        stream = output_stream
        stream.write(sep.join(parts) + end)
        stream.flush() if hasattr(stream, "flush") else None

    if not executing_eagerly() or any(isinstance(t, jax.core.Tracer) for t in tensors):
        debug_callback(emit, *tensors)   # on every call of the tf.function
    else:
        emit(*tensors)
