"""Reading the protobuf wire format (what TensorProtos, TF's checkpoint index entries and
object graphs are written in), strictly: a truncated or malformed message raises
MalformedProto. ops/proto_wire.py writes it."""


class MalformedProto(ValueError):
    """The bytes are not a well-formed protobuf message."""


def read_varint(buf, i):
    """The varint at `buf[i:]` and the position after it."""
    shift = value = 0
    while True:
        if i >= len(buf) or shift > 63:
            raise MalformedProto("truncated varint")
        b = buf[i]
        value |= (b & 0x7F) << shift
        i += 1
        shift += 7
        if not b & 0x80:
            return value, i


def fields(buf):
    """(field number, wire type, value) of each field of a message: varints as int, the
    others (length-delimited, fixed64, fixed32) as their bytes."""
    i = 0
    while i < len(buf):
        key, i = read_varint(buf, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = read_varint(buf, i)
        elif wire == 1:
            value, i = buf[i:i + 8], i + 8
        elif wire == 2:
            n, i = read_varint(buf, i)
            value, i = buf[i:i + n], i + n
        elif wire == 5:
            value, i = buf[i:i + 4], i + 4
        else:
            raise MalformedProto(f"unsupported protobuf wire type {wire}")
        if i > len(buf) or number == 0:
            raise MalformedProto("truncated message")
        yield number, wire, value
