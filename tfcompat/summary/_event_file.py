"""TensorBoard event files, written without protobuf or TensorBoard.

An event file is a TFRecord file (each record: uint64 length, masked CRC32C of the
length, the bytes, masked CRC32C of the bytes) of serialized ``tensorflow.Event``
messages. The messages are encoded here by hand, field numbers as in TF's
``event.proto``, ``summary.proto``, ``tensor.proto``, ``tensor_shape.proto``,
``graph.proto``, ``node_def.proto``, ``attr_value.proto`` and ``config.proto``; the
TFRecord framing is ops/record_format.py, the wire format and TensorProto
ops/proto_wire.py.
"""
import itertools
import os
import socket
import struct
import threading
import time

from ..framework.dimension import dimension_value
from ..framework.graph_def import AttrValue
from ..ops.proto_wire import bytes_field, double_field, varint, varint_field
from ..ops.record_format import crc32c, tfrecord  # noqa: F401 - crc32c: checked by tests

def summary_metadata(plugin_name, content=b"", display_name="", description=""):
    """SummaryMetadata with its PluginData."""
    plugin = bytes_field(1, plugin_name) + bytes_field(2, content)
    return (bytes_field(1, plugin, always=True) + bytes_field(2, display_name) +
            bytes_field(3, description))


def summary_value(tag, tensor, metadata=b""):
    """Summary with one Value {tag, tensor, metadata}."""
    value = bytes_field(1, tag) + bytes_field(8, tensor, always=True) + bytes_field(9, metadata)
    return bytes_field(1, value, always=True)


def event(wall_time, step=0, file_version="", summary=None, source_writer=""):
    """Event: wall_time, step, and a file_version or a summary."""
    out = double_field(1, wall_time) + varint_field(2, step) + bytes_field(3, file_version)
    if summary is not None:
        out += bytes_field(5, summary, always=True)
    if source_writer:
        out += bytes_field(10, bytes_field(1, source_writer), always=True)
    return out


def _enum_number(value):
    """The DataType number of an enum value of graph_def ("DT_FLOAT")."""
    return AttrValue(value).type


def tensor_shape_of(dims):
    """TensorShapeProto of dims (ints or Dimensions, None or Dimension(None) for unknown:
    size -1; None: unknown rank)."""
    if dims is None:
        return varint_field(3, True)
    sizes = (dimension_value(d) for d in dims)
    return b"".join(bytes_field(2, varint_field(1, -1 if d is None else d), always=True)
                    for d in sizes)


_PACKED = {"float_val": (5, "<f"), "double_val": (6, "<d"), "int_val": (7, None),
           "scomplex_val": (9, "<f"), "int64_val": (10, None), "bool_val": (11, None),
           "dcomplex_val": (12, "<d"), "half_val": (13, None), "uint32_val": (16, None),
           "uint64_val": (17, None)}


def _packed(number, fmt, values):
    if fmt is None:
        data = b"".join(varint(int(v)) for v in values)
    else:
        data = b"".join(struct.pack(fmt, v) for v in values)
    return bytes_field(number, data, always=True)


def tensor_value_proto(value):
    """TensorProto of a Const's value (graph_def._TensorValue), fields as TF writes them:
    dtype, tensor_shape, then tensor_content or the typed values (repeated fields
    packed)."""
    out = b""
    run, run_field = [], None

    def flush():
        nonlocal out, run
        if run:
            out += _packed(*_PACKED[run_field], run)
            run = []
    for field, v in value._fields():
        if field != run_field:
            flush()
        run_field = field
        if field in _PACKED:
            run.append(v)
        elif field == "dtype":
            out += varint_field(1, _enum_number(v))
        elif field == "tensor_shape":
            out += bytes_field(2, tensor_shape_of(v.dims), always=True)
        elif field == "tensor_content":
            out += bytes_field(4, v)
        elif field == "string_val":
            out += bytes_field(8, v, always=True)
        else:
            raise ValueError(f"TensorProto field {field}")
    flush()
    return out


def _attr_kind(value):
    """The AttrValue field a Python attr value (a graph_def value) sets."""
    if type(value) is str:   # (an enum is a str of its own type)
        return "s"
    return AttrValue(value)._kind()


def attr_value(value):
    """AttrValue of a NodeDef attr as tfcompat records them (func_graph.py): an enum
    ("DT_FLOAT"), a shape, a Const's tensor, bytes or str, bool, int, float, or a list
    of those; written as TF writes it (a oneof: set even when zero)."""
    kind = _attr_kind(value)
    if kind == "list":
        items = list(value)
        body = b""
        for name, number, fmt in (("s", 2, None), ("i", 3, None), ("f", 4, "<f"),
                                  ("b", 5, None), ("type", 6, None)):
            chosen = [v for v in items if _attr_kind(v) == name]
            if not chosen:
                continue
            if name == "s":
                body += b"".join(bytes_field(2, v, always=True) for v in chosen)
            else:
                if name == "type":
                    chosen = [_enum_number(v) for v in chosen]
                body += _packed(number, fmt, chosen)
        body += b"".join(bytes_field(7, tensor_shape_of(v.dims), always=True)
                         for v in items if _attr_kind(v) == "shape")
        body += b"".join(bytes_field(8, tensor_value_proto(v), always=True)
                         for v in items if _attr_kind(v) == "tensor")
        return bytes_field(1, body, always=True)
    if kind == "type":
        return varint(6 << 3) + varint(_enum_number(value))
    if kind == "shape":
        return bytes_field(7, tensor_shape_of(value.dims), always=True)
    if kind == "tensor":
        return bytes_field(8, tensor_value_proto(value), always=True)
    if kind == "b":
        return varint(5 << 3) + varint(int(value))
    if kind == "i":
        return varint(3 << 3) + varint(value)
    if kind == "f":
        return varint(4 << 3 | 5) + struct.pack("<f", value)
    if kind == "func":
        name = dict(value._fields()).get("name", "")
        return bytes_field(10, bytes_field(1, name), always=True)
    return bytes_field(2, value, always=True)


def attr_entry(key, value):
    """One entry of a NodeDef's attr map: key -> AttrValue (see attr_value)."""
    return bytes_field(5, bytes_field(1, key) + bytes_field(2, attr_value(value), always=True),
                       True)


def node_def(name, op, inputs=(), attrs=()):
    """NodeDef: name, op, inputs and (key, value) attrs."""
    return (bytes_field(1, name) + bytes_field(2, op) +
            b"".join(bytes_field(3, i, always=True) for i in inputs) +
            b"".join(attr_entry(k, v) for k, v in attrs))


def graph_def(nodes, producer=None):
    """GraphDef of serialized NodeDefs; with `producer`, an (empty) library and the
    versions, as a function's instantiated graph has them."""
    out = b"".join(bytes_field(1, n, always=True) for n in nodes)
    if producer is not None:
        out += bytes_field(2, b"", always=True) + bytes_field(4, varint_field(1, producer),
                                                               always=True)
    return out


def run_metadata(function_graphs):
    """RunMetadata with one FunctionGraphs (its pre_optimization_graph) per GraphDef."""
    return b"".join(bytes_field(4, bytes_field(2, g, always=True), always=True)
                    for g in function_graphs)


# ---------------------------------------------------------------------------
# The file.

_file_ids = itertools.count()   # TF numbers the event files of a process 0, 1, ...
_SOURCE_WRITER = "tensorflow.core.util.events_writer"   # (TF's, as its files are)


class EventFile:
    """An event file in `logdir`, named as TF names it
    (``events.out.tfevents.<seconds>.<host>.<pid>.<n><suffix>``), opened with TF's first
    event (file_version "brain.Event:2"). Events are queued and written when the queue
    holds `max_queue` of them, when `flush_millis` have passed since the last flush, and
    on flush() and close()."""

    def __init__(self, logdir, max_queue=10, flush_millis=120000, filename_suffix=".v2"):
        os.makedirs(logdir, exist_ok=True)
        now = time.time()
        name = "events.out.tfevents.%010d.%s.%d.%d%s" % (
            int(now), socket.gethostname(), os.getpid(), next(_file_ids), filename_suffix)
        self.path = os.path.join(logdir, name)
        self._max_queue = max_queue
        self._flush_secs = flush_millis / 1000.0
        self._lock = threading.Lock()
        self._queue = []
        self._file = open(self.path, "wb")  # noqa: SIM115 - closed by close()
        self._last_flush = now
        self._file.write(tfrecord(event(float(int(now)), file_version="brain.Event:2",
                                        source_writer=_SOURCE_WRITER)))
        self._file.flush()

    closed = property(lambda self: self._file is None)

    def add_summary(self, step, summary, wall_time=None):
        """Queue an Event holding the serialized Summary `summary` at `step`."""
        wall_time = time.time() if wall_time is None else wall_time
        with self._lock:
            if self._file is None:
                return
            self._queue.append(tfrecord(event(wall_time, step, summary=summary)))
            if len(self._queue) >= self._max_queue or \
                    wall_time - self._last_flush >= self._flush_secs:
                self._flush_locked()

    def flush(self):
        with self._lock:
            if self._file is not None:
                self._flush_locked()

    def _flush_locked(self):
        self._file.write(b"".join(self._queue))
        self._queue.clear()
        self._file.flush()
        self._last_flush = time.time()

    def close(self):
        with self._lock:
            if self._file is not None:
                self._flush_locked()
                self._file.close()
                self._file = None
