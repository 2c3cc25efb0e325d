"""xla.OpSharding (XLA's xla_data.proto, tensorflow.compiler.xla.xla_data_pb2.OpSharding),
written by hand on the protobuf wire format (no protobuf package): keyword constructor,
attribute access, SerializeToString / FromString, == and the text format str() gives.

Deliberate difference: only the scalar and integer-list fields and ``tuple_shardings``
are kept (what jax2tf and tf2xla's xla_sharding set); ``tile_shape``, ``metadata`` and
``named_sharding`` raise NotImplementedError when given.
"""
from ..framework.proto_decode import fields, read_varint
from .proto_wire import bytes_field, varint, varint_field

# (name, number, repeated)
_INTS = (("type", 1, False), ("tile_assignment_dimensions", 3, True),
         ("tile_assignment_devices", 4, True), ("replicate_on_last_tile_dim", 6, False),
         ("last_tile_dims", 8, True), ("iota_reshape_dims", 9, True),
         ("iota_transpose_perm", 10, True), ("is_shard_group", 11, False),
         ("shard_group_id", 12, False), ("shard_group_type", 13, False))
_BOOLS = ("replicate_on_last_tile_dim", "is_shard_group")
_TYPES = ("REPLICATED", "MAXIMAL", "TUPLE", "OTHER", "MANUAL", "UNKNOWN", "UNREDUCED")


class OpSharding:
    """xla.OpSharding."""

    REPLICATED, MAXIMAL, TUPLE, OTHER, MANUAL, UNKNOWN, UNREDUCED = range(7)

    def __init__(self, **kwargs):
        for name, _, repeated in _INTS:
            setattr(self, name, [] if repeated else (False if name in _BOOLS else 0))
        self.tuple_shardings = []
        for name, value in kwargs.items():
            if name in ("tile_shape", "metadata", "named_sharding"):
                raise NotImplementedError(f"xla_data_pb2.OpSharding: tfcompat does not keep "
                                          f"the field {name}")
            spec = next((s for s in _INTS if s[0] == name), None)
            if name == "tuple_shardings":
                self.tuple_shardings = [v if isinstance(v, OpSharding) else OpSharding(**v)
                                        for v in value]
            elif spec is None:
                raise ValueError(f'Protocol message OpSharding has no "{name}" field.')
            elif spec[2]:
                setattr(self, name, [int(v) for v in value])
            else:
                setattr(self, name, bool(value) if name in _BOOLS else int(value))

    def SerializeToString(self, deterministic=None):
        out = b""
        for name, number, repeated in _INTS:
            value = getattr(self, name)
            if not repeated:
                out += varint_field(number, value)
            elif value:   # packed
                out += bytes_field(number, b"".join(varint(v) for v in value))
            if number == 4:
                out += b"".join(bytes_field(5, s.SerializeToString(), always=True)
                                for s in self.tuple_shardings)
        return out

    @classmethod
    def FromString(cls, data):
        message = cls()
        numbers = {number: (name, repeated) for name, number, repeated in _INTS}
        for number, wire, value in fields(bytes(data)):
            if number == 5:
                message.tuple_shardings.append(cls.FromString(value))
            elif number in numbers:
                name, repeated = numbers[number]
                if repeated:
                    getattr(message, name).extend([value] if wire == 0 else _unpack(value))
                else:
                    setattr(message, name, bool(value) if name in _BOOLS else value)
        return message

    def __eq__(self, other):
        return isinstance(other, OpSharding) and \
            self.SerializeToString() == other.SerializeToString()

    def __str__(self):
        lines = []
        for name, _, repeated in _INTS:
            value = getattr(self, name)
            if name == "type" and value:
                lines.append(f"type: {_TYPES[value]}")
            elif repeated:
                lines += [f"{name}: {_TYPES[v] if name == 'last_tile_dims' else v}"
                          for v in value]
            elif value:
                lines.append(f"{name}: {'true' if value is True else value}")
            if name == "tile_assignment_devices":
                for s in self.tuple_shardings:
                    inner = "".join(f"  {line}\n" for line in str(s).splitlines())
                    lines.append("tuple_shardings {\n" + inner + "}")
        return "".join(line + "\n" for line in lines)

    __repr__ = __str__


def _unpack(buf):
    """The varints of a packed repeated field."""
    out, i = [], 0
    while i < len(buf):
        v, i = read_varint(buf, i)
        out.append(v)
    return out
