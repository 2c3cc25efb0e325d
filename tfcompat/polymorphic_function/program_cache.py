"""One ``jax.jit`` per distinct small program, shared by the traces that produce it.

Keras and tf.data make new Python functions for each `fit`/`evaluate`/`predict` call
(the dataset's `map` and `flat_map` functions), so each call traces them again, as TF
does. TF then runs the new graph; XLA would compile it anew (tens of milliseconds per
function, per call). A trace whose jaxpr is the same program as an earlier one's reuses
that one's jitted callable, and so its compiled executables.

"The same program": the same equations (primitives, parameters, literals and types, with
variables numbered in order of appearance) and host callbacks whose functions are the
same code over equal plain values (ints, strings, dtypes, ...), so that they compute the
same. A callback over anything else (an iterator, a table, a mutable object), a custom
derivative rule, or a program of more than `_MAX_EQNS` equations is never shared."""
import collections
import functools
import threading
import types
import weakref

import jax
import numpy as np
from jax.extend.core import ClosedJaxpr, Jaxpr, Literal

_MAX_EQNS = 400     # larger programs (train steps) are traced once per model anyway
_MAX_ENTRIES = 256
_MAX_CONST = 1024    # elements of a constant compared by value
_PLAIN = (int, float, complex, bool, str, bytes, type(None), np.dtype, np.generic)

_cache = collections.OrderedDict()
_lock = threading.Lock()
# The jaxpr of an equation's parameter (an op's kernel, which jax traces once per shape and
# gives to each trace that calls it) -> (its encoding, its number of equations)
_inner = weakref.WeakKeyDictionary()


class _Unshareable(Exception):
    pass


def jit(jaxpr, fn):
    """``jax.jit(fn)`` for `fn`, the function of `jaxpr` (its constants are arguments),
    or the jitted callable of an earlier identical program."""
    try:
        key = _encode(jaxpr, [0, False])
        hash(key)
    except (_Unshareable, TypeError):
        return jax.jit(fn)
    with _lock:
        jitted = _cache.get(key)
        if jitted is None:
            jitted = _cache[key] = jax.jit(fn)
            if len(_cache) > _MAX_ENTRIES:
                _cache.popitem(last=False)
        else:
            _cache.move_to_end(key)
        return jitted


def _encode(jaxpr, size):
    """`jaxpr` as a hashable value, equal for the same program; _Unshareable for a
    program this cannot tell apart from others. `size`: [equations so far, whether a
    callback was met]."""
    size[0] += len(jaxpr.eqns)
    if size[0] > _MAX_EQNS:
        raise _Unshareable
    names = {}

    def var(v):
        if isinstance(v, Literal):
            return ("literal", _value(v.val), _aval(v.aval))
        if v not in names:
            names[v] = (len(names), _aval(v.aval))
        return names[v]
    return (tuple(map(var, jaxpr.constvars)), tuple(map(var, jaxpr.invars)),
            tuple((eqn.primitive.name, tuple(map(var, eqn.invars)),
                   tuple((k, _param(p, size)) for k, p in sorted(eqn.params.items())),
                   tuple(map(var, eqn.outvars)), frozenset(eqn.effects))
                  for eqn in jaxpr.eqns),
            tuple(map(var, jaxpr.outvars)), frozenset(jaxpr.effects))


def _aval(aval):
    shape, dtype = getattr(aval, "shape", None), getattr(aval, "dtype", None)
    if shape is None or dtype is None:
        return (type(aval), str(aval))
    return (type(aval), shape, dtype, getattr(aval, "weak_type", None))


def _value(value):
    if isinstance(value, (np.ndarray, jax.Array)):
        if value.size > _MAX_CONST:
            raise _Unshareable
        value = np.asarray(value)
        return (value.shape, value.dtype, value.tobytes())
    return (type(value), value)


def _encode_inner(jaxpr, size):
    """_encode of a parameter's jaxpr, remembered where it holds no callback (whose
    function's closure could change)."""
    hit = _inner.get(jaxpr)
    if hit is None:
        mine = [0, False]
        hit = (_encode(jaxpr, mine), mine[0])
        if mine[1]:
            size[1] = True
        else:
            _inner[jaxpr] = hit
    size[0] += hit[1]
    if size[0] > _MAX_EQNS:
        raise _Unshareable
    return hit[0]


def _param(value, size):
    if isinstance(value, ClosedJaxpr):
        return (_encode_inner(value.jaxpr, size), tuple(map(_value, value.consts)))
    if isinstance(value, Jaxpr):
        return _encode_inner(value, size)
    if isinstance(value, (tuple, list)):
        return (type(value), tuple(_param(v, size) for v in value))
    if hasattr(value, "callback_func"):   # pure_callback, io_callback
        size[1] = True
        fn = value.callback_func
        return ("callback", _fingerprint(getattr(fn, "host_fn", fn)))
    if isinstance(value, (types.FunctionType, types.MethodType, functools.partial)) or \
            type(value).__name__ == "WrappedFun":   # custom rules, debug callbacks
        raise _Unshareable
    if isinstance(value, (np.ndarray, jax.Array)):
        return _value(value)
    return value     # (hashable, as jax requires of parameters; compared by its __eq__)


def _fingerprint(value, depth=0):
    """A hashable value equal for functions that compute the same: code and plain
    closure values; _Unshareable for anything else."""
    if depth > 8:
        raise _Unshareable
    if isinstance(value, _PLAIN):
        return (type(value), value)
    if isinstance(value, tuple):
        return tuple(_fingerprint(v, depth + 1) for v in value)
    if isinstance(value, types.FunctionType):
        cells = tuple(_fingerprint(c.cell_contents, depth + 1)
                      for c in value.__closure__ or ())
        return (value.__code__, cells, _fingerprint(value.__defaults__, depth + 1),
                _fingerprint(tuple(sorted((value.__kwdefaults__ or {}).items())), depth + 1))
    raise _Unshareable
