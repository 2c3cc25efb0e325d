"""tf.register_tensor_conversion_function (TF's framework/tensor_conversion_registry.py):
functions converting objects of a user's types to Tensors, which tf.convert_to_tensor and
every op's conversion of its inputs try, in order of priority, then of registration.

tfcompat converts TF's own kinds of values (Tensors, Variables, objects with
``__tf_tensor__``, Python numbers, strings, NumPy values, lists and tuples) itself, where
TF registers functions of priority 100 or less for them: a function registered for those
types is not used; nor is one of priority 200 or more, which runs after TF's conversion
of any object (which raises for an object it cannot convert)."""
import collections
import threading

import numpy as np

from . import dtypes
from .tensor import Tensor

_registry = collections.defaultdict(list)   # priority -> [(base_type, function)]
_cache = {}   # type -> the (base_type, function) pairs that apply to it, in order
_lock = threading.Lock()
_CONSTANT_OP_CONVERTIBLES = (int, float, np.generic, np.ndarray)
_OBJECT_PRIORITY = 200   # TF's conversion of any object (constant_op's)


def register_tensor_conversion_function(base_type, conversion_func, priority=100):
    """tf.register_tensor_conversion_function: `conversion_func(value, dtype=None,
    name=None, as_ref=False)` converts instances of `base_type` (a type or a tuple of
    types) to a Tensor, or returns NotImplemented to let the next function try."""
    base_types = base_type if isinstance(base_type, tuple) else (base_type,)
    if any(not isinstance(x, type) for x in base_types):
        raise TypeError(f"Argument `base_type` must be a type or a tuple of types. "
                        f"Obtained: {base_type}")
    if any(issubclass(x, _CONSTANT_OP_CONVERTIBLES) for x in base_types):
        raise TypeError("Cannot register conversions for Python numeric types and NumPy "
                        "scalars and arrays.")
    if not callable(conversion_func):
        raise TypeError(f"Argument `conversion_func` must be callable. Received "
                        f"{conversion_func}.")
    with _lock:
        _registry[priority].append((base_type, conversion_func))
        _cache.clear()


def _functions(cls):
    """The functions for `cls` that run before TF's own conversion of any object
    (priority 200, which raises for objects it cannot convert)."""
    found = _cache.get(cls)
    if found is None:
        with _lock:
            found = _cache[cls] = [
                (base, fn) for priority, at_priority in sorted(_registry.items())
                if priority < _OBJECT_PRIORITY
                for base, fn in at_priority if issubclass(cls, base)]
    return found


def _prefixed(message, name):
    return message if name is None else f"{name}: {message}"


def convert(value, dtype=None, name=None, preferred_dtype=None):
    """The Tensor the functions registered for `value`'s type make of it (TF's
    tensor_conversion_registry.convert), or None where none does (all return
    NotImplemented): tfcompat's own conversion then raises TF's error."""
    if not _registry:
        return None
    functions = _functions(type(value))
    if not functions:
        return None
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if preferred_dtype is not None:
        preferred_dtype = dtypes.as_dtype(preferred_dtype)
    for base, fn in functions:
        ret = None
        if dtype is None and preferred_dtype is not None:
            try:
                ret = fn(value, dtype=preferred_dtype, name=name, as_ref=False)
            except (TypeError, ValueError):   # (the preferred dtype is only a hint)
                pass
            else:
                if ret is not NotImplemented and ret.dtype.base_dtype != preferred_dtype:
                    raise RuntimeError(_prefixed(
                        f"Conversion function {fn!r} for type {base} returned incompatible "
                        f"dtype: requested = {preferred_dtype.name}, actual = "
                        f"{ret.dtype.base_dtype.name}", name))
        if ret is None:
            ret = fn(value, dtype=dtype, name=name, as_ref=False)
        if ret is NotImplemented:
            continue
        if not isinstance(ret, Tensor):
            raise RuntimeError(_prefixed(
                f"Conversion function {fn!r} for type {base} returned non-Tensor: {ret!r}",
                name))
        if dtype is not None and dtype != ret.dtype:
            raise RuntimeError(_prefixed(
                f"Conversion function {fn} for type {base} returned incompatible dtype: "
                f"requested = {dtype.name}, actual = {ret.dtype.name}", name))
        return ret
    return None
