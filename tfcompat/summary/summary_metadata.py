"""tf.compat.v1.SummaryMetadata: the ``tensorflow.SummaryMetadata`` protocol message (TF's
summary.proto) that tf.summary.write takes as `metadata`, written without protobuf: its
fields, their presence (a PluginData field set, even to "", makes `plugin_data` present),
the wire form of SerializeToString / FromString, text format and equality. Other
protobuf message methods (CopyFrom, ListFields, ...) are not provided."""
from ..framework.graph_def import c_escape
from ..framework.proto_decode import fields
from ..ops.proto_wire import bytes_field, varint_field

_DATA_CLASSES = ("DATA_CLASS_UNKNOWN", "DATA_CLASS_SCALAR", "DATA_CLASS_TENSOR",
                 "DATA_CLASS_BLOB_SEQUENCE")


class _Message:
    """A proto3 message of scalar fields (`_FIELDS`: name -> (number, default))."""
    _FIELDS = {}

    def __init__(self, **kwargs):
        object.__setattr__(self, "_values", {})
        object.__setattr__(self, "_parent", None)
        for name, value in kwargs.items():
            if name not in self._FIELDS:
                raise ValueError(f'Protocol message {type(self).__name__} has no "{name}" '
                                 f"field.")
            setattr(self, name, value)

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._FIELDS:
            raise AttributeError(name)
        return self._values.get(name, self._FIELDS[name][1])

    def __setattr__(self, name, value):
        if name not in self._FIELDS:
            raise AttributeError(f"Assignment not allowed (no field \"{name}\" in protocol "
                                 f"message object).")
        default = self._FIELDS[name][1]
        if not isinstance(value, type(default)) or isinstance(value, bool) != isinstance(
                default, bool):
            raise TypeError("bad argument type for built-in operation")
        self._values[name] = value
        if self._parent is not None:
            object.__setattr__(self._parent, "_present", True)

    def __eq__(self, other):
        return type(other) is type(self) and \
            self.SerializeToString() == other.SerializeToString()

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __str__(self):
        return "".join(f"{line}\n" for line in self._text_lines())

    __repr__ = __str__

    def _text_lines(self):
        lines = []
        for name, (_, default) in self._FIELDS.items():
            value = getattr(self, name)
            if value == default:
                continue
            if isinstance(value, (str, bytes)):
                lines.append(f'{name}: "{c_escape(value)}"')
            else:
                lines.append(f"{name}: {self._enum_text(name, value)}")
        return lines

    def _enum_text(self, name, value):
        return str(value)

    @classmethod
    def FromString(cls, data):  # noqa: N802 (protobuf's name)
        message = cls()
        message.ParseFromString(data)
        return message

    def ParseFromString(self, data):  # noqa: N802 (protobuf's name)
        """Replace the fields with those of the serialized message `data`."""
        self._values.clear()
        self.MergeFromString(data)
        return len(data)

    def MergeFromString(self, data):  # noqa: N802 (protobuf's name)
        for number, _, value in fields(bytes(data)):
            self._merge_field(number, value)
        return len(data)

    def _merge_field(self, number, value):
        name = next((n for n, (k, _) in self._FIELDS.items() if k == number), None)
        if name is None:
            return   # (an unknown field: protobuf keeps it; dropped here)
        default = self._FIELDS[name][1]
        if isinstance(default, str):
            value = bytes(value).decode("utf-8")
        elif isinstance(default, bytes):
            value = bytes(value)
        setattr(self, name, value)

    def SerializeToString(self, deterministic=None):  # noqa: N802 (protobuf's name)
        out = b""
        for name, (number, default) in self._FIELDS.items():
            value = getattr(self, name)
            out += varint_field(number, value) if isinstance(default, int) else \
                bytes_field(number, value)
        return out


class PluginData(_Message):
    """SummaryMetadata.PluginData: the plugin's name and its content."""
    _FIELDS = {"plugin_name": (1, ""), "content": (2, b"")}


class SummaryMetadata(_Message):
    """tf.compat.v1.SummaryMetadata (see the module docstring)."""
    _FIELDS = {"display_name": (2, ""), "summary_description": (3, ""),
               "data_class": (4, 0)}
    PluginData = PluginData

    def __init__(self, plugin_data=None, **kwargs):
        object.__setattr__(self, "_present", False)
        object.__setattr__(self, "_plugin", PluginData())
        object.__setattr__(self._plugin, "_parent", self)
        super().__init__(**kwargs)
        if plugin_data is not None:
            self._plugin._values.update(plugin_data._values)
            object.__setattr__(self, "_present", True)

    @property
    def plugin_data(self):
        return self._plugin

    def __setattr__(self, name, value):
        if name == "plugin_data":
            raise AttributeError("Assignment not allowed to field \"plugin_data\" in "
                                 "protocol message object.")
        super().__setattr__(name, value)

    def HasField(self, name):  # noqa: N802 (protobuf's name)
        if name == "plugin_data":
            return self._present
        raise ValueError(f'Protocol message SummaryMetadata has no singular "{name}" field.')

    def ParseFromString(self, data):  # noqa: N802 (protobuf's name)
        self._plugin._values.clear()
        object.__setattr__(self, "_present", False)
        return super().ParseFromString(data)

    def _merge_field(self, number, value):
        if number == 1:
            self._plugin.MergeFromString(value)
            object.__setattr__(self, "_present", True)
        else:
            super()._merge_field(number, value)

    def SerializeToString(self, deterministic=None):  # noqa: N802 (protobuf's name)
        plugin = bytes_field(1, self._plugin.SerializeToString(), always=True) \
            if self._present else b""
        return plugin + super().SerializeToString()

    def _text_lines(self):
        lines = []
        if self._present:
            lines = ["plugin_data {"] + [f"  {line}" for line in self._plugin._text_lines()] \
                + ["}"]
        return lines + super()._text_lines()

    def _enum_text(self, name, value):
        return _DATA_CLASSES[value] if 0 <= value < len(_DATA_CLASSES) else str(value)
