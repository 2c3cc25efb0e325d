"""tf.experimental.numpy's dtypes and TF's NumPy promotion state (TF's np_dtypes.py):
`prefer_float32` (set by ``experimental_enable_numpy_behavior``) and `allow_float64`."""
import numpy as np

from ...framework import dtypes

bool_ = np.bool_
complex128 = np.complex128
complex64 = np.complex64
float16 = np.float16
float32 = np.float32
float64 = np.float64
inexact = np.inexact
int_ = np.int_
int16 = np.int16
int32 = np.int32
int64 = np.int64
int8 = np.int8
object_ = np.object_
string_ = np.bytes_
uint16 = np.uint16
uint32 = np.uint32
uint64 = np.uint64
uint8 = np.uint8
unicode_ = np.str_
complex_ = np.complex128   # (NumPy 2 removed np.complex_ and np.float_)
float_ = np.float64

iinfo = np.iinfo
issubdtype = np.issubdtype

_TO_FLOAT32 = {np.dtype("float64"): np.dtype("float32"),
               np.dtype("complex128"): np.dtype("complex64")}

_state = {"prefer_float32": False, "allow_float64": True}


def is_prefer_float32():
    return _state["prefer_float32"]


def set_prefer_float32(b):
    _state["prefer_float32"] = b


def is_allow_float64():
    return _state["allow_float64"]


def set_allow_float64(b):
    _state["allow_float64"] = b


def canonicalize_dtype(dtype):
    """`dtype`, narrowed to 32 bits when float64 is not allowed."""
    if not _state["allow_float64"]:
        return _TO_FLOAT32.get(dtype, dtype)
    return dtype


def numpy_result_type(*arrays_and_dtypes):
    """NumPy's result type of numpy values and dtypes as a TF DType (TF's
    np_dtypes._result_type): Python floats count as float32 under prefer_float32."""
    def preprocess_float(x):
        if is_prefer_float32():
            if isinstance(x, float):
                return np.float32(x)
            if isinstance(x, complex):
                return np.complex64(x)
        return x
    dtype = np.result_type(*[preprocess_float(x) for x in arrays_and_dtypes])
    return dtypes.as_dtype(canonicalize_dtype(dtype))


def default_float_type():
    """float64, or float32 under prefer_float32 or without float64."""
    if not is_prefer_float32() and is_allow_float64():
        return float64
    return float32
