"""The protocol buffer wire format, written by hand (no protobuf): the fields of proto3
messages (default values are not written) and TF's TensorProto, written (tf.io's
serialize_tensor and serialize_sparse, tf.summary's event files) and read back
(parse_tensor, deserialize_many_sparse: TF's Tensor::FromProto)."""
import struct

import numpy as np

from ..framework import dtypes
from ..framework.proto_decode import MalformedProto, fields, read_varint


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


def tensor_content_proto(array):
    """TensorProto of a numpy array as TF's Tensor::AsProtoTensorContent writes it: its
    bytes in tensor_content; a string tensor's lengths (varints) then its bytes."""
    array = np.asarray(array)
    if array.dtype != object:
        return tensor_proto(array)
    items = array.ravel().tolist()
    content = b"".join(varint(len(b)) for b in items) + b"".join(items)
    return (varint_field(1, DT_STRING) + bytes_field(2, tensor_shape_proto(array.shape), True) +
            bytes_field(4, content))


class InvalidTensorProto(Exception):
    """A well-formed TensorProto that holds no valid tensor (Tensor::FromProto fails)."""


# TensorProto's typed value fields: field number -> struct format of one value
_VAL_FIELDS = {5: "f", 6: "d", 7: "i", 10: "q", 11: "?", 13: "i", 16: "I", 17: "Q",
               9: "f", 12: "d"}


def _values(wire, value, fmt):
    """The numbers of a typed value field, packed (wire type 2) or one."""
    size = struct.calcsize(fmt)
    if wire == 2 and fmt in "fd":
        if len(value) % size:
            raise MalformedProto
        return list(struct.unpack(f"<{len(value) // size}{fmt}", value))
    if wire == 2:
        out, i = [], 0
        while i < len(value):
            v, i = read_varint(value, i)
            out.append(v)
        return out
    if fmt in "fd":
        if wire not in (1, 5) or len(value) != size:
            raise MalformedProto
        return list(struct.unpack("<" + fmt, value))
    return [value]


def _string_list(content, n):
    """TF's DecodeStringList: `n` varint lengths, then the strings' bytes (exactly)."""
    lengths, i = [], 0
    for _ in range(n):
        length, i = read_varint(content, i)
        lengths.append(length)
    if i + sum(lengths) != len(content):
        raise InvalidTensorProto
    out = []
    for length in lengths:
        out.append(content[i:i + length])
        i += length
    return out


def _object_array(items, shape):
    out = np.empty(len(items), object)
    out[:] = items
    return out.reshape(shape)


def tensor_from_proto(buf):
    """(DType, numpy array) of TensorProto bytes `buf` (tensor_content or the typed value
    fields; strings as an object array of bytes). Raises MalformedProto when `buf` does
    not parse, InvalidTensorProto when it holds no valid tensor."""
    dtype_enum, shape, content, vals, string_vals = 0, [], None, [], []
    for number, wire, value in fields(buf):
        if number == 1 and wire == 0:
            dtype_enum = value
        elif number == 2 and wire == 2:
            for n, w, dim in fields(value):
                if n == 2 and w == 2:
                    size = dict((a, v) for a, _, v in fields(dim)).get(1, 0)
                    shape.append(size - (1 << 64) if size >> 63 else size)
                elif n == 3 and w == 0 and dim:
                    shape.append(-1)
        elif number == 4 and wire == 2:
            content = value
        elif number == 8 and wire == 2:
            string_vals.append(value)
        elif number in _VAL_FIELDS:
            vals += _values(wire, value, _VAL_FIELDS[number])
    try:
        dtype = dtypes.as_dtype(dtype_enum)
    except (TypeError, ValueError, KeyError):
        raise InvalidTensorProto from None
    if dtype._np is None or any(d < 0 for d in shape):
        raise InvalidTensorProto
    n = int(np.prod(shape, dtype=np.int64))
    np_type = np.dtype(dtype._np)
    if dtype is dtypes.string:
        if content is not None:
            return dtype, _object_array(_string_list(content, n), shape)
        items = string_vals
    elif content is not None:
        if len(content) != n * np_type.itemsize:
            raise InvalidTensorProto
        return dtype, np.frombuffer(content, np_type).reshape(shape).copy()
    else:
        items = vals
        if np_type.kind == "c":
            items = [complex(a, b) for a, b in zip(items[0::2], items[1::2])]
        elif dtype in (dtypes.float16, dtypes.bfloat16):   # (half_val: the bits)
            items = np.asarray(items, np.uint16).view(np_type).tolist()
    if len(items) > n:
        raise InvalidTensorProto
    items = items + [items[-1] if items else (b"" if dtype is dtypes.string else 0)] * \
        (n - len(items))
    if dtype is dtypes.string:
        return dtype, _object_array(items, shape)
    return dtype, np.asarray(items).astype(np_type).reshape(shape)
