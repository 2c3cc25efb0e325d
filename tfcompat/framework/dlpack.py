"""tf.experimental.dlpack (and tf.Tensor's `__dlpack__`): tensors to and from DLPack
capsules. A tensor's capsule is its jax array's, sharing its memory; a capsule is read as
TF's TFE_HandleFromDLPack checks it (its name, device, dtype, byte offset and strides,
with TF's errors) and then consumed by jax. Deliberate differences: jax copies a buffer
that is not aligned as XLA needs, where TF always shares it; a string or other
non-numeric tensor raises TF's "is not supported by dlpack" error, where TF 2.21 aborts
the process."""
import ctypes

import jax

from . import errors
from .context import x64_scope
from .tensor import EagerTensor, symbolic

_API = ctypes.pythonapi
_API.PyCapsule_IsValid.restype = ctypes.c_int
_API.PyCapsule_IsValid.argtypes = (ctypes.py_object, ctypes.c_char_p)
_API.PyCapsule_GetName.restype = ctypes.c_char_p
_API.PyCapsule_GetName.argtypes = (ctypes.py_object,)
_API.PyCapsule_GetPointer.restype = ctypes.c_void_p
_API.PyCapsule_GetPointer.argtypes = (ctypes.py_object, ctypes.c_char_p)


class _DLTensor(ctypes.Structure):
    """DLPack's DLTensor (dlpack.h, the unversioned "dltensor" ABI TF 2.21 reads)."""
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_CPU, _CUDA, _ROCM = 1, 2, 10
# DLDataTypeCode: the bit widths TF takes for each, and the name its errors give the code.
_BITS = {6: ((8,), None), 1: ((8, 16, 32, 64), "UInt"), 0: ((8, 16, 32, 64), "Int"),
         2: ((16, 32, 64), "Float"), 4: ((16,), "BFloat"), 5: ((64, 128), "Complex")}
_EXPORTABLE = frozenset(("bool", "float16", "float32", "float64", "int8", "int16", "int32",
                         "int64", "uint8", "uint16", "uint32", "uint64", "bfloat16",
                         "complex64", "complex128"))


def _invalid(message):
    return errors.InvalidArgumentError(None, None, message)


def to_dlpack(tf_tensor):
    """tf.experimental.dlpack.to_dlpack: a capsule named "dltensor" sharing the eager
    tensor's memory, to be consumed once by another framework."""
    if not isinstance(tf_tensor, EagerTensor) or symbolic(tf_tensor._value):
        raise _invalid("The argument to `to_dlpack` must be a TF tensor, not Python object")
    if tf_tensor.dtype.name not in _EXPORTABLE:
        raise _invalid(f"DT_{tf_tensor.dtype._tf_name.upper()} is not supported by dlpack")
    return tf_tensor._value.__dlpack__()


def device(tf_tensor):
    """tf.Tensor.__dlpack_device__: (DLDeviceType, device id) of the tensor's memory."""
    kind, index = tf_tensor._value.__dlpack_device__()
    return int(kind), int(index)


class _Capsule:
    """A checked capsule, handed to jax.dlpack.from_dlpack (which takes producers, not
    capsules)."""

    def __init__(self, capsule, dl_device):
        self._capsule, self._device = capsule, dl_device

    def __dlpack__(self, stream=None):
        return self._capsule

    def __dlpack_device__(self):
        return self._device


def from_dlpack(dlcapsule):
    """tf.experimental.dlpack.from_dlpack: the eager tensor a "dltensor" capsule holds,
    sharing its memory; the capsule is consumed (renamed "used_dltensor")."""
    if type(dlcapsule).__name__ != "PyCapsule":
        raise TypeError("TFE_FromDlpackCapsule(): incompatible function arguments. The "
                        "following argument types are supported:\n    1. (arg0: capsule, "
                        f"arg1: object) -> object\n\nInvoked with: {dlcapsule!r}")
    if not _API.PyCapsule_IsValid(dlcapsule, b"dltensor"):
        name = (_API.PyCapsule_GetName(dlcapsule) or b"").decode()
        raise _invalid('DLPack tensor must be a capsule with name "dltensor", got "%s". '
                       "Note that a DLPack tensor may be consumed at most once." + name)
    dl = _DLTensor.from_address(_API.PyCapsule_GetPointer(dlcapsule, b"dltensor"))
    if dl.device_type not in (_CPU, _CUDA, _ROCM):
        raise _invalid("Unsupported Device Type")
    _check_dtype(dl.code, dl.bits)
    if dl.byte_offset:
        raise _invalid(f"Unsupported byte_offset ({dl.byte_offset}) from DLPack, must be zero")
    if dl.strides and not _compact_row_major(dl):
        raise _invalid("Invalid strides array from DLPack")
    with x64_scope():   # (jax would make an int64 capsule int32 in its 32-bit mode)
        return EagerTensor(jax.dlpack.from_dlpack(
            _Capsule(dlcapsule, (dl.device_type, dl.device_id))))


def _check_dtype(code, bits):
    """TF's TfDataTypeFormDlDataType checks, with its errors."""
    if code not in _BITS:
        raise _invalid(f"Unsupported Type Codes: {code}")
    widths, kind = _BITS[code]
    if bits not in widths:
        raise _invalid(f"Only DLPack bools of bitwidth 8 are supported, got: {bits}"
                       if kind is None else f"Unsupported {kind} bits: {bits}")


def _compact_row_major(dl):
    """TF's IsValidStrideCompactRowMajorData: strides of a C-ordered buffer (a dimension
    of size 1 may have any stride; an empty tensor any strides)."""
    expected = 1
    valid = True
    for i in reversed(range(dl.ndim)):
        size = dl.shape[i]
        if size == 0:
            return True
        if size != 1 and dl.strides[i] != expected:
            valid = False
        expected *= size
    return valid
