"""tf.dtypes: DType objects and TF's dtype rules (inference, no implicit promotion).

All dtype logic of tfcompat lives here. tfcompat runs JAX with 64-bit types on in its
own calls (framework/context.py's ``x64``), so every dtype TF can produce (int64,
float64, complex128) exists; callers always pass an explicit dtype to JAX.
"""
import itertools
import numbers

import ml_dtypes
import numpy as np

from . import strings


class DType:
    """tf.dtypes.DType: a TF dtype, comparable with numpy dtypes and strings."""

    __slots__ = ("_name", "_np", "_tf_name", "_enum")

    def __init__(self, name, np_type, tf_name, enum):
        self._name = name
        self._np = np.dtype(np_type) if np_type is not None else None
        self._tf_name = tf_name  # the name TF's kernels use in messages: 'float', 'double'
        self._enum = enum

    name = property(lambda self: self._name)
    as_numpy_dtype = property(lambda self: self._np.type if self._np is not None else object)
    as_datatype_enum = property(lambda self: self._enum)
    base_dtype = property(lambda self: self)
    is_floating = property(lambda self: self._name in _FLOATING)
    is_complex = property(lambda self: self._name in ("complex64", "complex128"))
    is_integer = property(lambda self: self._name in _INTEGER)
    is_unsigned = property(lambda self: self._name.startswith("uint"))
    is_bool = property(lambda self: self._name == "bool")
    is_quantized = property(lambda self: False)
    is_numeric = property(lambda self: self in NUMERIC)
    is_numpy_compatible = property(lambda self: self._np is not None)
    size = property(lambda self: self._np.itemsize if self._np is not None else 1)

    @property
    def real_dtype(self):
        return {"complex64": float32, "complex128": float64}.get(self._name, self)

    @property
    def min(self):
        return self._limits("minimum").min

    @property
    def max(self):
        return self._limits("maximum").max

    def _limits(self, which):
        """numpy's iinfo/finfo of a numeric dtype; TF's TypeError for others."""
        if self.is_integer:
            return np.iinfo(self._np)
        if self.is_floating:
            return ml_dtypes.finfo(self._np)
        if self.is_bool or self.is_complex or self._name == "string":
            raise TypeError(f"Cannot find {which} value of {self} with type {self}.")
        raise TypeError(f"Cannot find {which} value of {self}.")

    def is_compatible_with(self, other):
        return self == as_dtype(other)

    def __eq__(self, other):
        if isinstance(other, DType):
            return self is other
        try:
            return self is as_dtype(other)
        except TypeError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._name)

    def __repr__(self):
        return f"tf.{self._name}"

    def __str__(self):
        return f"<dtype: '{self._name}'>"

    def __reduce__(self):
        return as_dtype, (self._name,)


_FLOAT8 = ("float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz",
           "float8_e5m2fnuz")
_FLOATING = ("bfloat16", "float16", "float32", "float64") + _FLOAT8
_INTEGER = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")

float16 = DType("float16", np.float16, "half", 19)
half = float16
float32 = DType("float32", np.float32, "float", 1)
float64 = DType("float64", np.float64, "double", 2)
double = float64
bfloat16 = DType("bfloat16", ml_dtypes.bfloat16, "bfloat16", 14)
# The float8 dtypes (tensorflow.python.framework.dtypes; not exported as tf.float8_*):
# floating, not numeric (no arithmetic kernels; tf.cast converts to and from them).
float8_e5m2, float8_e4m3fn, float8_e4m3fnuz, float8_e4m3b11fnuz, float8_e5m2fnuz = (
    DType(n, getattr(ml_dtypes, n), n, e) for n, e in zip(_FLOAT8, range(24, 29)))
int8 = DType("int8", np.int8, "int8", 6)
int16 = DType("int16", np.int16, "int16", 5)
int32 = DType("int32", np.int32, "int32", 3)
int64 = DType("int64", np.int64, "int64", 9)
uint8 = DType("uint8", np.uint8, "uint8", 4)
uint16 = DType("uint16", np.uint16, "uint16", 17)
uint32 = DType("uint32", np.uint32, "uint32", 22)
uint64 = DType("uint64", np.uint64, "uint64", 23)
complex64 = DType("complex64", np.complex64, "complex64", 8)
complex128 = DType("complex128", np.complex128, "complex128", 18)
bool = DType("bool", np.bool_, "bool", 10)
string = DType("string", object, "string", 7)
resource = DType("resource", None, "resource", 20)
variant = DType("variant", None, "variant", 21)

_ALL = (float16, float32, float64, bfloat16, int8, int16, int32, int64, uint8, uint16,
        uint32, uint64, complex64, complex128, bool, string, resource, variant, float8_e5m2,
        float8_e4m3fn, float8_e4m3fnuz, float8_e4m3b11fnuz, float8_e5m2fnuz)
_BY_NAME = {d.name: d for d in _ALL}
_BY_NAME.update(half=float16, double=float64, float=float32)
_BY_PYTHON = {float: float32, type(True): bool, str: string, bytes: string}
_BY_NP = {d._np: d for d in _ALL if d._np is not None}
_BY_ENUM = {d.as_datatype_enum: d for d in _ALL}
_TF_NAMES = frozenset(d._tf_name for d in _ALL)   # TF's op-def spellings: float, half ...

FLOATING = frozenset((float16, bfloat16, float32, float64))
COMPLEX = frozenset((complex64, complex128))
INEXACT = FLOATING | COMPLEX
INTEGER = frozenset(_BY_NAME[n] for n in _INTEGER)
NUMERIC = INEXACT | INTEGER
ALL_NUMERIC = NUMERIC | {bool}
# tensorflow/python/eager/backprop_util.py IsTrainable
TRAINABLE = INEXACT


def as_dtype(type_value):
    """tf.as_dtype: a DType from a DType, numpy dtype/type, name or enum."""
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, str):
        d = _BY_NAME.get(type_value)
        if d is not None:
            return d
    elif isinstance(type_value, int) and not isinstance(type_value, type(True)):
        d = _BY_ENUM.get(type_value)
        if d is not None:
            return d
    elif type_value is None:
        pass
    elif isinstance(type_value, type) and type_value in _BY_PYTHON:
        return _BY_PYTHON[type_value]
    elif type_value is not int:
        try:
            d = _BY_NP.get(np.dtype(type_value))
        except (TypeError, ValueError):
            d = None
        if d is None and hasattr(type_value, "dtype"):   # an array: its dtype, as TF
            try:
                d = _BY_NP.get(np.dtype(type_value.dtype))
            except (TypeError, ValueError):
                d = None
        if d is not None:
            return d
    raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} "
                    f"to a TensorFlow DType.")


def from_numpy(np_dtype):
    """The DType of a numpy/jax array dtype (fast path for wrapping arrays)."""
    return _BY_NP[np_dtype]


_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1


def infer_numpy(value):
    """TF's conversion of a Python value (scalar or nested sequence) to a numpy array.

    Python float -> float32, int -> int32 (int64 when it does not fit), complex ->
    complex128, bool -> bool; numpy values keep their dtype.
    """
    arr = _short_list(value)
    if arr is not None:
        return arr
    with np.errstate(over="ignore"):
        arr = _infer_numpy(value)
    if arr.dtype == np.float32 and not isinstance(value, (np.ndarray, np.generic)):
        # A finite Python float beyond float32's range: TF refuses it.
        inf = np.isinf(arr)
        if inf.any() and np.isfinite(np.asarray(value, np.float64)[inf]).any():
            raise ValueError("Can't convert Python sequence with a value out of range for a "
                             "double-precision float.")
    return arr


FLOAT32_MAX = float(np.finfo(np.float32).max)   # (the largest finite float32)


def _short_list(value):
    """infer_numpy's result for a short flat list or tuple of Python ints in int32's range
    or of finite Python floats in float32's (the common `tf.constant([1, 2])`), else None."""
    if type(value) not in (list, tuple) or not 0 < len(value) <= 32:
        return None
    kind = type(value[0])
    if kind not in (int, float) or any(type(v) is not kind for v in value):
        return None
    if kind is int:
        if min(value) >= _INT32_MIN and max(value) <= _INT32_MAX:
            return np.array(value, np.int32)
    elif max(map(abs, value)) <= FLOAT32_MAX:   # (an inf fails; a nan, as numpy converts it)
        return np.array(value, np.float32)
    return None


_NPY_TIMES = {"M": "NPY_DATETIME", "m": "NPY_TIMEDELTA"}


def _numpy_error(arr):
    """TF's error for a NumPy array of a type no Tensor holds (None if it converts)."""
    kind = arr.dtype.kind
    if kind in _NPY_TIMES:
        return f"Unsupported numpy type: {_NPY_TIMES[kind]}"
    if kind == "O":
        bad = next((v for v in arr.ravel() if not isinstance(v, (str, bytes))), None)
        return None if bad is None else f"Unsupported object type {type(bad).__name__}"
    return None


def _infer_numpy(value):
    if isinstance(value, (np.ndarray, np.generic)):
        error = _numpy_error(np.asarray(value))
        if error:
            raise ValueError(f"Failed to convert a NumPy array to a Tensor ({error}).")
    if isinstance(value, np.ndarray):
        return strings.from_python(value) if value.dtype.kind in "USO" else value
    if isinstance(value, np.generic):
        return strings.from_python(value) if value.dtype.kind in "US" else np.asarray(value)
    if isinstance(value, range):   # a Python sequence to TF (numpy would make it int64)
        value = list(value)
    if isinstance(value, (list, tuple)):
        try:
            arr = np.array(value)
        except ValueError:
            if all(isinstance(v, (str, bytes)) for v in _flat(value)):   # str and non-ASCII
                return strings.from_python(value)                        # bytes
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        if arr.dtype == object:
            if all(isinstance(v, (str, bytes)) for v in arr.ravel()):   # (string Tensors)
                return strings.from_python(arr)
            if _has_big_int(value):
                return _floats_past_int64(value)
            first = next(_flat(value))   # TF infers the dtype from the first element
            if first is None or _sequence_without_len(first):
                raise unsupported_value_error(first)
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        if arr.dtype.kind in "US":
            if all(isinstance(v, (str, bytes, np.str_, np.bytes_)) for v in _flat(value)):
                return strings.from_python(value)
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        if arr.size == 0:
            return arr.astype(np.float32)
        kind = arr.dtype.kind
        if kind == "f":
            if sequence_holds(value, np.generic):
                return arr
            if np.abs(arr).max() >= 2.0 ** 63 and _has_big_int(value):   # (numpy: float64)
                return _floats_past_int64(value)
            return arr.astype(np.float32)
        if kind in "iu":
            if sequence_holds(value, np.generic):
                return arr
            if kind == "u":   # Python ints from 2**63 up (numpy: uint64)
                raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
            if arr.min() >= _INT32_MIN and arr.max() <= _INT32_MAX:
                return arr.astype(np.int32)
            return arr.astype(np.int64)
        return arr
    if isinstance(value, type(True)):
        return np.asarray(value, np.bool_)
    if isinstance(value, int):
        if _INT32_MIN <= value <= _INT32_MAX:
            return np.asarray(value, np.int32)
        if -(2 ** 63) <= value < 2 ** 63:
            return np.asarray(value, np.int64)
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if isinstance(value, float):
        return np.asarray(value, np.float32)
    if isinstance(value, complex):
        return np.asarray(value, np.complex128)
    if isinstance(value, (str, bytes)):
        return strings.from_python(value)
    arr = np.asarray(value)
    if arr.dtype == object:
        raise unsupported_value_error(value)
    return arr


def _sequence_without_len(value):
    t = type(value)
    return hasattr(t, "__getitem__") and not hasattr(t, "__len__")


def unsupported_value_error(value):
    """TF's ValueError for a value tf.convert_to_tensor cannot convert. TF's converter takes
    an object with __getitem__ for a sequence (a RaggedTensor among them) and reports the
    len() that fails."""
    if _sequence_without_len(value):
        return ValueError(f"TypeError: object of type '{type(value).__name__}' has no len()\n")
    return ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                      f"({type(value)}) to a Tensor.")


def sequence_holds(seq, classes):
    """Whether a nested list or tuple has a leaf that is an instance of `classes`. It walks
    one nesting level at a time over the set of types present, so a long list of Python
    numbers costs one pass in C rather than a Python loop."""
    level = seq
    while level:
        types = set(map(type, level))
        if any(issubclass(t, classes) for t in types):
            return True
        if not any(issubclass(t, (list, tuple)) for t in types):
            return False
        level = list(itertools.chain.from_iterable(
            v for v in level if isinstance(v, (list, tuple))))
    return False


def python_misfit(value, dtype):
    """The first element of a Python value (nested lists and tuples) that TF's graph-mode
    conversion to `dtype` refuses (tensor_util._AssertCompatible), or None: integer types
    take Python and NumPy integers (bools too), floating ones real numbers, complex ones
    numbers, bool bools and string str or bytes."""
    if dtype.is_bool:
        fits = bool
    elif dtype.is_integer:
        fits = (numbers.Integral, np.integer)
    elif dtype.is_floating:
        fits = (numbers.Real, np.integer, np.floating)
    elif dtype.is_complex:
        fits = (numbers.Complex, np.number)
    elif dtype == string:
        fits = (str, bytes)
    else:
        return None
    flat = _flat(value) if isinstance(value, (list, tuple)) else (value,)
    return next((v for v in flat if not isinstance(v, fits)), None)


def _flat(seq):
    for v in seq:
        if isinstance(v, (list, tuple)):
            yield from _flat(v)
        else:
            yield v


def _has_big_int(seq):
    return any(isinstance(v, int) and not -(2 ** 63) <= v < 2 ** 63 for v in _flat(seq))


def _floats_past_int64(seq):
    """A sequence holding Python ints beyond int64 as TF converts it: its scan of the
    elements in order fails at such an int unless a float came before it, which makes
    the whole sequence float32 (float64 first: an int beyond it fails too)."""
    for v in _flat(seq):
        if isinstance(v, float):
            break
        if isinstance(v, int) and not -(2 ** 63) <= v < 2 ** 63:
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    try:
        return np.array(seq, np.float64).astype(np.float32)
    except OverflowError:
        raise ValueError("Can't convert Python sequence with a value out of range for a "
                         "double-precision float.") from None


def _uint64_only(value):
    """Whether `value` is Python ints (or nested sequences of them) that only uint64
    holds: all in [0, 2**64), some 2**63 or above."""
    flat = list(_flat(value)) if isinstance(value, (list, tuple)) else [value]
    return all(type(v) is int for v in flat) and any(v >= 2 ** 63 for v in flat) and \
        all(0 <= v < 2 ** 64 for v in flat)


def cast_python(value, dtype):
    """Convert a Python or numpy value to a numpy array of `dtype`, as TF's `dtype=` does.

    numpy values are cast; Python ints wrap into narrower integer dtypes and convert to
    floats; Python floats into integers, complex into real and numbers into bool raise
    TypeError (``Cannot convert 1.5 to EagerTensor of dtype int32``).
    """
    target = dtype._np
    if target is None:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype._tf_name}")
    if target == np.uint64 and _uint64_only(value):   # (2**63 and above: no int64 first)
        return np.array(value, np.uint64)
    with np.errstate(over="ignore"):
        arr = _infer_numpy(value)
    if target == strings.OBJECT and arr.size == 0:
        return np.empty(arr.shape, object)
    if (arr.dtype == strings.OBJECT) != (target == strings.OBJECT):
        shown = value.item() if isinstance(value, np.generic) else value
        raise TypeError(f"Cannot convert {shown!r} to EagerTensor of dtype {dtype._tf_name}")
    if target == strings.OBJECT:
        return arr
    if isinstance(value, (np.ndarray, np.generic)) or arr.size == 0:
        return arr.astype(target)
    src, dst = arr.dtype.kind, target.kind
    if (src == "f" and dst in "iub") or (src == "c" and dst != "c") or \
            (src in "iu" and dst == "b"):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype._tf_name}")
    if src in "fc":   # Python floats: convert at full precision (inference made float32)
        with np.errstate(over="ignore"):
            return np.asarray(value).astype(target)
    return arr.astype(target)
