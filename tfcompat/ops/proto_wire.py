"""The protocol buffer wire format, written by hand (no protobuf): the fields of proto3
messages (default values are not written) and TF's TensorProto, for tf.io's
serialize_tensor and tf.summary's event files."""
import struct

import numpy as np

from ..framework import dtypes


def varint(n):
    """The base-128 varint of the int `n` (negative int64 values as 10-byte two's
    complement)."""
    n &= 0xFFFFFFFFFFFFFFFF
    out = bytearray()
    while True:
        bits = n & 0x7F
        n >>= 7
        if n:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def varint_field(number, value):
    return varint(number << 3) + varint(int(value)) if value else b""


def double_field(number, value):
    return varint(number << 3 | 1) + struct.pack("<d", value) if value else b""


def bytes_field(number, value, always=False):
    if isinstance(value, str):
        value = value.encode("utf-8")
    if not value and not always:
        return b""
    return varint(number << 3 | 2) + varint(len(value)) + value


# ---------------------------------------------------------------------------
# TensorProto.

DT_STRING = 7


def tensor_shape_proto(shape):
    """TensorShapeProto: one `dim { size }` per dimension."""
    return b"".join(bytes_field(2, varint_field(1, d), always=True) for d in shape)


def tensor_proto(array):
    """TensorProto of a numpy array, as TF's WriteSummary stores it (tensor_content)."""
    array = np.asarray(array)
    enum = dtypes.as_dtype(array.dtype).as_datatype_enum
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return (varint_field(1, enum) + bytes_field(2, tensor_shape_proto(array.shape), True) +
            bytes_field(4, little.tobytes()))


def string_tensor_proto(strings, shape):
    """TensorProto of a string tensor (DT_STRING, one string_val per element)."""
    return (varint_field(1, DT_STRING) + bytes_field(2, tensor_shape_proto(shape), True) +
            b"".join(bytes_field(8, s, always=True) for s in strings))
