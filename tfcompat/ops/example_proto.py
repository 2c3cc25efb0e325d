"""tf.train.Example and its messages (tensorflow/core/example/{example,feature}.proto),
written by hand on the protobuf wire format (no protobuf package): keyword constructors
(nested messages as messages or dicts), attribute access, repeated fields as lists,
`feature` maps as dicts (a missing key reads as a new entry), SerializeToString /
FromString / ParseFromString, ==, WhichOneof, HasField, CopyFrom, MergeFrom, Clear and
the text format that str() gives in TF.

Deliberate differences: TF's upb maps iterate (keys(), serialization) in an order that is
random per process; here both follow insertion order (str() sorts as upb's does). Unknown
fields of parsed bytes are dropped, not kept.
"""
import math
import operator
import struct

import numpy as np

from ..framework.graph_def import c_escape
from ..framework.proto_decode import MalformedProto, fields, read_varint
from .proto_wire import bytes_field, varint

__all__ = ["BytesList", "FloatList", "Int64List", "Feature", "Features", "FeatureList",
           "FeatureLists", "Example", "SequenceExample", "DecodeError"]


class DecodeError(Exception):
    """protobuf's google.protobuf.message.DecodeError."""


# -- scalar conversions ------------------------------------------------------------------

def _int64(v):
    if isinstance(v, (bool, np.bool_)):
        raise TypeError("Field tensorflow.Int64List.value: Expected an int, got a boolean.")
    v = operator.index(v)
    if not -2**63 <= v < 2**63:
        raise ValueError(f"Value out of range: {v}")
    return v


def _float(v):
    if not isinstance(v, (int, float, np.integer, np.floating)):
        raise TypeError(f"must be real number, not {type(v).__name__}")
    return float(np.float32(v))   # (a float field keeps float32 precision)


def _bytes(v):
    if not isinstance(v, bytes):
        raise TypeError(f"expected bytes, {type(v).__name__} found")
    return bytes(v)


class _Repeated(list):
    """A repeated scalar field: a list converting what it takes; changing it sets the
    field in its message's parent."""

    def __init__(self, convert, owner, values=()):
        super().__init__(convert(v) for v in values)
        self._convert, self._owner = convert, owner

    def append(self, v):
        super().append(self._convert(v))
        self._owner._attach()

    def extend(self, values):
        super().extend(self._convert(v) for v in values)
        self._owner._attach()

    def insert(self, i, v):
        super().insert(i, self._convert(v))
        self._owner._attach()

    def __setitem__(self, i, v):
        super().__setitem__(i, [self._convert(x) for x in v] if isinstance(i, slice)
                            else self._convert(v))
        self._owner._attach()


class _Map(dict):
    """A map<string, Message> field: reading a missing key adds a new entry."""

    def __init__(self, cls, owner):
        super().__init__()
        self._cls, self._owner = cls, owner

    def __missing__(self, key):
        if not isinstance(key, str):
            raise TypeError("bad argument type for built-in operation")
        value = self._cls()
        dict.__setitem__(self, key, value)
        self._owner._attach()
        return value

    def __setitem__(self, key, value):
        raise ValueError("Message objects may not be assigned")

    def get_or_create(self, key):
        return self[key]


class _RepeatedMessages(list):
    """A repeated message field: `add(**kw)` appends a new message."""

    def __init__(self, cls, owner):
        super().__init__()
        self._cls, self._owner = cls, owner

    def add(self, **kw):
        m = self._cls(**kw)
        self.append(m)
        return m

    def append(self, m):
        super().append(_message(self._cls, m))
        self._owner._attach()

    def extend(self, ms):
        for m in ms:
            self.append(m)


def _message(cls, value, what="initialize message field must be dict or"):
    if isinstance(value, dict):
        return cls(**value)
    if type(value) is not cls:
        raise TypeError(f"Parameter to {what} instance of same class: expected {cls} got "
                        f"{type(value)}.")
    return value


# -- messages -----------------------------------------------------------------------------

class _Message:
    """The protobuf message protocol on `_FIELDS`: (name, number, kind, type) with kind
    'packed' (int64/float), 'bytes' (repeated), 'message', 'messages' (repeated), 'map'."""

    _FIELDS = ()
    _ONEOF = None   # (oneof name, its field names)

    def __init__(self, **kw):
        self._values = {}
        self._parent = None
        for name, _, kind, typ in self._FIELDS:
            if kind in ("packed", "bytes"):
                self._values[name] = _Repeated(typ, self)
            elif kind == "messages":
                self._values[name] = _RepeatedMessages(typ, self)
            elif kind == "map":
                self._values[name] = _Map(typ, self)
        for key, value in kw.items():
            spec = self._spec(key)
            if spec is None:
                raise ValueError(f'Protocol message {type(self).__name__} has no "{key}" field.')
            if value is None:
                continue
            kind, typ = spec[2], spec[3]
            if kind == "message":
                self._set_message(key, _message(typ, value).__copy__())
            elif kind == "map":
                for k, v in value.items():
                    self._values[key][k].CopyFrom(_message(typ, v))
            else:
                self._values[key].extend(value)

    @classmethod
    def _spec(cls, name):
        for f in cls._FIELDS:
            if f[0] == name:
                return f
        return None

    def _set_message(self, name, value):
        if self._ONEOF and name in self._ONEOF[1]:
            for other in self._ONEOF[1]:
                self._values.pop(other, None)
        self._values[name] = value
        value._parent = None
        self._attach()

    def _attach(self):
        """Give this message (read through a parent's unset field) its place there."""
        parent = self._parent
        if parent is not None:
            self._parent = None
            parent._set_message(parent._child_name(self), self)

    def _child_name(self, child):
        return next(n for n, c in getattr(self, "_pending", {}).items() if c is child)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        spec = type(self)._spec(name)
        if spec is None:
            raise AttributeError(name)
        if name in self._values:
            return self._values[name]
        pending = self.__dict__.setdefault("_pending", {})
        child = pending.get(name)
        if child is None or child._parent is not self:
            child = pending[name] = spec[3]()   # an unset field: set once changed
            child._parent = self
        return child

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        spec = type(self)._spec(name)
        if spec is None:
            raise AttributeError(f'Assignment not allowed (no field "{name}" in protocol '
                                 f'message object).')
        if spec[2] == "message":
            raise AttributeError(f'Assignment not allowed to message field "{name}" in protocol '
                                 f'message object.')
        raise AttributeError(f'Assignment not allowed to repeated field "{name}" in protocol '
                             f'message object.')

    # -- the protobuf Message API --

    def HasField(self, name):
        spec = type(self)._spec(name)
        if spec is None or spec[2] != "message":
            raise ValueError(f'Protocol message {type(self).__name__} has no "{name}" field.')
        return name in self._values

    def WhichOneof(self, group):
        if not self._ONEOF or group != self._ONEOF[0]:
            raise ValueError(f'Protocol message {type(self).__name__} has no "{group}" field.')
        return next((n for n in self._ONEOF[1] if n in self._values), None)

    def Clear(self):
        self.__init__()

    def CopyFrom(self, other):
        if other is self:
            return
        self.Clear()
        self.MergeFrom(other)

    def MergeFrom(self, other):
        other = _message(type(self), other, "MergeFrom() must be")
        for name, _, kind, _ in self._FIELDS:
            if kind in ("packed", "bytes", "messages"):
                if other._values[name]:
                    self._values[name].extend(other._values[name])
            elif kind == "map":
                for k, v in other._values[name].items():
                    self._values[name][k].CopyFrom(v)
            elif name in other._values:
                if name in self._values:
                    self._values[name].MergeFrom(other._values[name])
                else:
                    self._set_message(name, other._values[name].__copy__())
        self._attach()

    def __copy__(self):
        out = type(self)()
        out.MergeFrom(self)
        return out

    def __deepcopy__(self, memo=None):
        return self.__copy__()

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented if not isinstance(other, _Message) else False
        return all(self._values.get(n) == other._values.get(n) for n, *_ in self._FIELDS)

    __hash__ = None

    def SerializeToString(self, deterministic=False):
        out = []
        for name, number, kind, typ in self._FIELDS:
            value = self._values.get(name)
            if kind == "packed" and value:
                if typ is _int64:
                    body = b"".join(varint(v) for v in value)
                else:
                    body = struct.pack(f"<{len(value)}f", *value)
                out.append(bytes_field(number, body))
            elif kind == "bytes":
                out += [bytes_field(number, v, always=True) for v in value]
            elif kind == "messages":
                out += [bytes_field(number, m.SerializeToString(deterministic), always=True)
                        for m in value]
            elif kind == "map":
                items = sorted(value.items()) if deterministic else value.items()
                out += [bytes_field(number, bytes_field(1, k, always=True) +
                                    bytes_field(2, v.SerializeToString(deterministic), True),
                                    always=True) for k, v in items]
            elif kind == "message" and value is not None:
                out.append(bytes_field(number, value.SerializeToString(deterministic), True))
        return b"".join(out)

    def ByteSize(self):
        return len(self.SerializeToString())

    def ParseFromString(self, data):
        self.Clear()
        self.MergeFromString(data)
        return len(data)

    def MergeFromString(self, data):
        try:
            self._merge(bytes(data))
        except (MalformedProto, UnicodeDecodeError, struct.error) as e:
            raise DecodeError(f"Error parsing message with type "
                              f"'tensorflow.{type(self).__name__}': Wire format was corrupt"
                              ) from e
        self._attach()
        return len(data)

    @classmethod
    def FromString(cls, data):
        out = cls()
        out.MergeFromString(data)
        return out

    def _merge(self, data):
        by_number = {f[1]: f for f in self._FIELDS}
        for number, wire, value in fields(data):
            spec = by_number.get(number)
            if spec is None:
                continue   # (an unknown field)
            name, _, kind, typ = spec
            if kind == "packed":
                self._values[name].extend(_scalars(typ, wire, value))
            elif wire != 2:
                raise MalformedProto("wrong wire type")
            elif kind == "bytes":
                self._values[name].append(bytes(value))
            elif kind == "messages":
                m = typ()
                m._merge(value)
                list.append(self._values[name], m)
            elif kind == "map":
                key, entry = "", typ()
                for n, w, v in fields(value):
                    if n == 1 and w == 2:
                        key = bytes(v).decode("utf-8")
                    elif n == 2 and w == 2:
                        entry = typ()
                        entry._merge(v)
                dict.__setitem__(self._values[name], key, entry)
            else:
                m = self._values.get(name)
                if m is None:
                    m = typ()
                    self._set_message(name, m)
                m._merge(value)

    def __str__(self):
        return "".join(_text(self, ""))

    __repr__ = __str__

    def __reduce__(self):
        return type(self).FromString, (self.SerializeToString(),)


def _scalars(typ, wire, value):
    """The values of one packed (wire 2) or unpacked field of an int64/float list."""
    if typ is _int64:
        if wire == 0:
            values = [value]
        elif wire == 2:
            values, i = [], 0
            while i < len(value):
                v, i = read_varint(value, i)
                values.append(v)
        else:
            raise MalformedProto("wrong wire type")
        return [v - 2**64 if v >= 2**63 else v for v in values]
    if wire not in (2, 5) or len(value) % 4:
        raise MalformedProto("wrong wire type")
    return [float(v) for v in np.frombuffer(bytes(value), "<f4")]


# -- the text format (as upb's encoder writes it) -------------------------------------------

def _float_text(v):
    """%.6g, or %.9g where that does not read back as the same float32 (upb's
    _upb_EncodeRoundTripFloat)."""
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    s = f"{v:.6g}"
    return s if float(np.float32(s)) == v else f"{v:.9g}"


def _upb_key(key):
    """upb's map sorter on string keys: bytes in descending order, a prefix first."""
    b = key.encode("utf-8")
    return tuple(255 - c for c in b) + (-1,)


def _text(msg, indent):
    for name, _, kind, typ in msg._FIELDS:
        value = msg._values.get(name)
        if kind == "packed":
            fmt = str if typ is _int64 else _float_text
            for v in value:
                yield f"{indent}{name}: {fmt(v)}\n"
        elif kind == "bytes":
            for v in value:
                yield f'{indent}{name}: "{c_escape(v)}"\n'
        elif kind == "messages":
            for m in value:
                yield from _block(name, m, indent)
        elif kind == "map":
            for k in sorted(value, key=_upb_key):
                yield f"{indent}{name} {{\n"
                yield f'{indent}  key: "{c_escape(k.encode("utf-8"))}"\n'
                yield from _block("value", value[k], indent + "  ")
                yield f"{indent}}}\n"
        elif value is not None:
            yield from _block(name, value, indent)


def _block(name, msg, indent):
    yield f"{indent}{name} {{\n"
    yield from _text(msg, indent + "  ")
    yield f"{indent}}}\n"


class BytesList(_Message):
    """tf.train.BytesList."""
    _FIELDS = (("value", 1, "bytes", _bytes),)


class FloatList(_Message):
    """tf.train.FloatList."""
    _FIELDS = (("value", 1, "packed", _float),)


class Int64List(_Message):
    """tf.train.Int64List."""
    _FIELDS = (("value", 1, "packed", _int64),)


class Feature(_Message):
    """tf.train.Feature: one of bytes_list, float_list, int64_list (oneof `kind`)."""
    _FIELDS = (("bytes_list", 1, "message", BytesList), ("float_list", 2, "message", FloatList),
               ("int64_list", 3, "message", Int64List))
    _ONEOF = ("kind", ("bytes_list", "float_list", "int64_list"))


class Features(_Message):
    """tf.train.Features: map<string, Feature> feature."""
    _FIELDS = (("feature", 1, "map", Feature),)


class FeatureList(_Message):
    """tf.train.FeatureList: repeated Feature feature."""
    _FIELDS = (("feature", 1, "messages", Feature),)


class FeatureLists(_Message):
    """tf.train.FeatureLists: map<string, FeatureList> feature_list."""
    _FIELDS = (("feature_list", 1, "map", FeatureList),)


class Example(_Message):
    """tf.train.Example."""
    _FIELDS = (("features", 1, "message", Features),)


class SequenceExample(_Message):
    """tf.train.SequenceExample."""
    _FIELDS = (("context", 1, "message", Features), ("feature_lists", 2, "message", FeatureLists))
