"""tf.string tensors.

Eagerly a string Tensor holds a NumPy object array of ``bytes`` (what TF's ``numpy()``
returns). XLA has no strings, so inside a tf.function's trace a string tensor is a
`StringIds`: int32 handles into a host-side table of byte strings, which the compiled
program only moves around (reshape, gather, concat, cond/while carries: ops registered
with ``strings=MOVE``); every op that reads or makes strings (``+``, ``==``,
tf.strings.*) is a host `Kernel` on the NumPy values, run through a host callback in a
trace. Handles are opaque (never compared): equal strings may have different handles.

Handles made while a program runs are valid for the call that made them (`scope`);
constants of a trace are interned for good (negative handles).
"""
import contextlib
import threading

import jax
import jax.numpy as jnp
import numpy as np

from . import host_callback

OBJECT = np.dtype(object)
MOVE = "move"   # Op(strings=MOVE): the op moves elements; it runs on handles as they are


def host_only(*arrays, **attrs):
    """The `fn` of an Op that only has a host Kernel (dispatch runs the Kernel)."""
    raise TypeError("a host op")


class StringIds:
    """A string tensor's value inside a trace: int32 handles (a jax tracer)."""

    __slots__ = ("ids",)
    dtype = OBJECT

    def __init__(self, ids):
        self.ids = ids

    shape = property(lambda self: self.ids.shape)
    ndim = property(lambda self: self.ids.ndim)
    size = property(lambda self: self.ids.size)

    def __repr__(self):
        return f"StringIds({self.ids!r})"


jax.tree_util.register_pytree_node(
    StringIds, lambda s: ((s.ids,), None), lambda _, children: StringIds(children[0]))


def is_string(value):
    """Whether a Tensor's value (array, tracer or StringIds) is a string one."""
    return type(value) is StringIds or getattr(value, "dtype", None) == OBJECT


# -- the table of handles -------------------------------------------------------------------

_lock = threading.Lock()
_constants = []        # handle -(i + 1) -> bytes, for good
_constant_ids = {}
_values = []           # handle i -> bytes, for the calls in flight
_depth = [0]
host_calls = [0]       # host kernels traced so far (a function with any runs in a scope)


@contextlib.contextmanager
def scope():
    """A region (a compiled call, an eager op on handles) whose handles stay valid; the
    table is emptied when no region is open."""
    with _lock:
        _depth[0] += 1
    try:
        yield
    finally:
        with _lock:
            _depth[0] -= 1
            if not _depth[0]:
                _values.clear()


def to_ids(arr, constant=False):
    """int32 handles (a NumPy array) for an object array of bytes."""
    arr = np.asarray(arr, dtype=object)
    flat = arr.ravel()
    with _lock:
        if constant:
            out = []
            for b in flat:
                i = _constant_ids.get(b)
                if i is None:
                    _constants.append(b)
                    i = _constant_ids[b] = -len(_constants)
                out.append(i)
            return np.asarray(out, np.int32).reshape(arr.shape)
        if not _depth[0]:
            raise RuntimeError("tfcompat: string handles made outside a strings.scope()")
        start = len(_values)
        _values.extend(flat)
    return np.arange(start, start + flat.size, dtype=np.int32).reshape(arr.shape)


def from_ids(ids):
    """The object array of bytes that int32 handles stand for."""
    ids = np.asarray(ids)
    out = np.empty(ids.shape, object)
    flat = out.reshape(-1)
    for k, i in enumerate(ids.ravel().tolist()):
        flat[k] = _constants[-i - 1] if i < 0 else _values[i]
    return out


def traced_ids(value):
    """A string value as handles inside a trace (constants interned for good)."""
    if type(value) is StringIds:
        return value.ids
    return jnp.asarray(to_ids(value, constant=True))


def traced(value):
    """Any tensor value as a jaxpr carries it (strings as handles)."""
    return traced_ids(value) if is_string(value) else value


def traced_dtype(dtype):
    """The dtype a jaxpr carries for a NumPy dtype (int32 handles for strings)."""
    return np.dtype(np.int32) if dtype == OBJECT else dtype


# -- conversion from Python -----------------------------------------------------------------

def as_bytes(x):
    """One element of a string tensor: str is UTF-8 encoded, bytes kept."""
    if type(x) is bytes:
        return x
    if isinstance(x, str):
        return x.encode("utf-8")
    if isinstance(x, bytes):   # (np.bytes_)
        return bytes(x)
    raise TypeError(f"Cannot convert {x!r} to EagerTensor of dtype string")


def from_python(value):
    """An object array of bytes from a str/bytes, numpy string array or nested lists."""
    arr = np.asarray(value, dtype=object) if not isinstance(value, (str, bytes)) else None
    if arr is None:
        out = np.empty((), object)
        out[()] = as_bytes(value)
        return out
    out = np.empty(arr.shape, object)
    flat = out.reshape(-1)
    for k, x in enumerate(arr.ravel()):
        flat[k] = as_bytes(x)
    return out


# -- running ops on strings -----------------------------------------------------------------

class Kernel:
    """An op's host implementation on strings: ``fn(*numpy arrays, **attrs)`` returning
    NumPy arrays (object arrays of bytes for strings); `outputs`: the dtype of each
    output (OBJECT for strings); `shape`: ``shape(*input shapes, **attrs)`` -> the output
    shapes (default: the inputs' broadcast shape for each output); `name`: TF's op name
    where its string kernel is another op (tf.add on strings is Add, not AddV2)."""

    __slots__ = ("fn", "outputs", "shape", "name")

    def __init__(self, fn, outputs=(OBJECT,), shape=None, name=None):
        self.fn = fn
        self.outputs = tuple(np.dtype(d) for d in outputs)
        self.shape = shape
        self.name = name

    def shapes(self, shapes, attrs):
        if self.shape is None:
            out = np.broadcast_shapes(*shapes)
            return [out] * len(self.outputs)
        out = self.shape(*shapes, **attrs)
        return [tuple(out)] if len(self.outputs) == 1 else [tuple(s) for s in out]


def run(op, kernel, arrays, attrs):
    """Run `op` (whose jitted `kernel` takes handles for strings) on values some of
    which are strings; returns the output values (a list, or one value)."""
    how = op.strings
    traced = any(type(a) is StringIds or isinstance(a, jax.core.Tracer) for a in arrays)
    if how is MOVE:
        if traced:
            out = kernel(*[traced_ids(a) if is_string(a) else a for a in arrays])
            return _map(out, StringIds)
        with scope(), jax.ensure_compile_time_eval():   # (constants, also in a trace)
            out = kernel(*[to_ids(a) if is_string(a) else a for a in arrays])
            return _map(out, from_ids)
    if not traced:
        out = how.fn(*[np.asarray(a) for a in arrays], **attrs)
        return _map(out, _eager_output)
    return _host_call(how, arrays, attrs)


def output_shapes(op, kernel, arrays, attrs, shapes):
    """The output shapes `op` (see run) gives for inputs of `shapes`, computed without
    running it."""
    how = op.strings
    if how is MOVE:
        specs = [jax.ShapeDtypeStruct(s, np.int32 if is_string(a) else a.dtype)
                 for a, s in zip(arrays, shapes)]
        return [o.shape for o in jax.tree_util.tree_leaves(jax.eval_shape(kernel, *specs))]
    return how.shapes(shapes, attrs)


def _map(out, fn):
    if type(out) in (tuple, list):
        return [fn(o) for o in out]
    return fn(out)


def _eager_output(x):
    x = np.asarray(x)
    if x.dtype == OBJECT:
        return x
    from .constant_op import device_array
    return device_array(x)


def _host_call(how, arrays, attrs):
    """A host Kernel in a trace: a callback on the traced values (constants stay in it)."""
    host_calls[0] += 1
    traced = [i for i, a in enumerate(arrays) if type(a) is StringIds or
              isinstance(a, jax.core.Tracer)]
    strings = [type(arrays[i]) is StringIds for i in traced]
    fixed = list(arrays)
    shapes = [tuple(a.shape) for a in arrays]
    out_shapes = how.shapes(shapes, attrs)
    specs = [jax.ShapeDtypeStruct(s, traced_dtype(d))
             for s, d in zip(out_shapes, how.outputs)]

    def host(*values):
        full = list(fixed)
        for i, s, v in zip(traced, strings, values):
            full[i] = from_ids(v) if s else np.asarray(v)
        out = how.fn(*[np.asarray(a) for a in full], **attrs)
        out = list(out) if type(out) in (tuple, list) else [out]
        return [to_ids(o) if d == OBJECT else np.asarray(o, d)
                for o, d in zip(out, how.outputs)]

    args = [arrays[i].ids if s else arrays[i] for i, s in zip(traced, strings)]
    out = jax.pure_callback(host_callback.keeping_errors(host), specs, *args)
    out = [StringIds(o) if d == OBJECT else o for o, d in zip(out, how.outputs)]
    return out if len(out) > 1 else out[0]
