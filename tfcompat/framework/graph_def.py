"""GraphDef, NodeDef and AttrValue as TF's protos print them (protobuf text format), for
ConcreteFunction.graph (func_graph.py); plain Python objects, no protobuf dependency."""
import numpy as np

from . import dtypes
from .tensor_shape import TensorShape
from .versions import GRAPH_DEF_VERSION as PRODUCER


def enum_of(dtype):
    """The DataType enum value of `dtype` ("DT_FLOAT") as NodeDef attrs hold it (printed
    bare, written as a type by summary's GraphDefs)."""
    return _Enum("DT_" + dtype._tf_name.upper())


_enum = enum_of   # (func_graph.py's name for it)


class _Enum(str):
    """An enum value (DT_FLOAT): printed bare."""


class _Shape:
    """A TensorShapeProto (dims: ints and -1 for unknown, None: unknown rank)."""

    def __init__(self, dims):
        self.dims = dims

    def _fields(self):
        if self.dims is None:
            return [("unknown_rank", True)]
        return [("dim", _Message([("size", -1 if d is None else d)])) for d in self.dims]


class _TensorValue:
    """A TensorProto of a constant: scalars as typed values, arrays as tensor_content."""

    _FIELDS = {"float": "float_val", "double": "double_val", "int64": "int64_val",
               "bool": "bool_val", "string": "string_val", "uint32": "uint32_val",
               "uint64": "uint64_val", "half": "half_val", "bfloat16": "half_val"}

    def __init__(self, value, dtype):
        self.value, self.dtype = value, dtype

    def _fields(self):
        value, dtype = self.value, self.dtype
        fields = [("dtype", enum_of(dtype)), ("tensor_shape", _Shape(value.shape))]
        kind = dtype._tf_name
        field = self._FIELDS.get(kind, "int_val")
        if kind == "string":
            fields += [(field, bytes(v) if not isinstance(v, str) else v.encode())
                       for v in value.reshape(-1)]
        elif value.ndim == 0:
            item = value.item()
            if kind in ("half", "bfloat16"):
                item = int(value.view(np.uint16))
            elif kind.startswith("complex"):
                field = "scomplex_val" if kind == "complex64" else "dcomplex_val"
                return fields + [(field, _Float(item.real, kind == "complex64")),
                                 (field, _Float(item.imag, kind == "complex64"))]
            elif kind in ("float", "double"):
                item = _Float(item, kind == "float")
            fields.append((field, item))
        elif value.size:
            fields.append(("tensor_content", np.ascontiguousarray(value).tobytes()))
        return fields


class _Float(float):
    """A float printed as protobuf prints it: the shortest form that reads back."""

    def __new__(cls, value, single):
        self = float.__new__(cls, value)
        self.single = single
        return self

    def text(self):
        v = float(self)
        if v != v:
            return "nan"
        if v in (float("inf"), float("-inf")):
            return "inf" if v > 0 else "-inf"
        for p in range(1, 18):
            s = "%.*g" % (p, v)
            back = float(s)
            if (np.float32(back) == np.float32(v)) if self.single else back == v:
                return s
        return repr(v)


class _Message:
    """A message given as its (field, value) pairs."""

    def __init__(self, fields):
        self.fields = fields

    def _fields(self):
        return self.fields


class AttrValue:
    """An AttrValue proto: `.type`, `.shape`, `.s`, `.i`, `.f`, `.b`, `.tensor`, `.list`."""

    def __init__(self, value):
        self._value = value

    def _kind(self):
        v = self._value
        if isinstance(v, _Enum):
            return "type"
        if isinstance(v, _Shape):
            return "shape"
        if isinstance(v, _TensorValue):
            return "tensor"
        if isinstance(v, bytes):
            return "s"
        if isinstance(v, bool):
            return "b"
        if isinstance(v, int):
            return "i"
        if isinstance(v, float):
            return "f"
        if isinstance(v, _Message):
            return "func"
        return "list"

    def _fields(self):
        v = self._value
        kind = self._kind()
        if kind == "list":
            return [("list", _Message([(AttrValue(x)._kind(), x) for x in v]))]
        return [(kind, v)]

    def python_value(self):
        v = self._value
        if isinstance(v, _Enum):
            return dtypes.as_dtype(v[3:].lower()) if v != "DT_RESOURCE" else dtypes.resource
        if isinstance(v, _Shape):
            return TensorShape(v.dims)
        if isinstance(v, _TensorValue):
            return v.value
        return v

    @property
    def type(self):
        v = self._value
        return self.python_value().as_datatype_enum if isinstance(v, _Enum) else 0

    s = property(lambda self: self._value if isinstance(self._value, bytes) else b"")
    b = property(lambda self: self._value if isinstance(self._value, bool) else False)
    i = property(lambda self: self._value if self._kind() == "i" else 0)
    f = property(lambda self: self._value if self._kind() == "f" else 0.0)

    def __str__(self):
        return _text(self._fields())


class NodeDef:
    """A NodeDef proto: `.name`, `.op`, `.input`, `.device`, `.attr` (name -> AttrValue)."""

    def __init__(self, name, op, inputs, attrs):
        self.name, self.op, self.input, self.device = name, op, inputs, ""
        self.attr = {k: AttrValue(v) for k, v in attrs.items()}

    def _fields(self):
        return ([("name", self.name), ("op", self.op)] +
                [("input", i) for i in self.input] +
                ([("device", self.device)] if self.device else []) +
                [("attr", _Message([("key", k), ("value", v)])) for k, v in self.attr.items()])

    def __str__(self):
        return _text(self._fields())

    def __repr__(self):
        return str(self)


class FunctionDefLibrary:
    """GraphDef.library: tfcompat keeps no FunctionDefs (branch bodies are not kept)."""

    def __init__(self):
        self.function = []
        self.gradient = []


class GraphDef:
    """A GraphDef proto: `.node` (NodeDefs), `.library`, `.versions`; str() is TF's text
    format."""

    def __init__(self, nodes):
        self.node = nodes
        self.library = FunctionDefLibrary()
        self.versions = _Message([("producer", PRODUCER)])

    def _fields(self):
        return [("node", n) for n in self.node] + [("versions", self.versions)]

    def __str__(self):
        return _text(self._fields())

    def __repr__(self):
        return str(self)


def c_escape(data):
    """protobuf's CEscape of a string or bytes field, without the quotes."""
    if isinstance(data, str):
        data = data.encode()
    out = []
    for b in data:
        c = chr(b)
        if c in '"\'\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    return "".join(out)


def _scalar(value):
    if isinstance(value, _Enum):
        return str(value)
    if isinstance(value, (str, bytes)):
        return f'"{c_escape(value)}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Float):
        return value.text()
    if isinstance(value, float):
        return _Float(value, True).text()
    return str(value)


def _text(fields, indent=0):
    pad = " " * indent
    lines = []
    for name, value in fields:
        if isinstance(value, AttrValue) or hasattr(value, "_fields"):
            lines.append(f"{pad}{name} {{")
            inner = _text(value._fields(), indent + 2)
            if inner:
                lines.append(inner.rstrip("\n"))
            lines.append(f"{pad}}}")
        else:
            lines.append(f"{pad}{name}: {_scalar(value)}")
    return "\n".join(lines) + ("\n" if lines and indent == 0 else "")
