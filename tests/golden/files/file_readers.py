"""Readers for the files TF writes (and tfcompat writes as TF does), without protobuf,
TensorFlow or TensorBoard: TFRecord framing with its masked CRC32Cs, the protobuf wire
format decoded by field schemas (event.proto, summary.proto, tensor.proto, graph.proto,
node_def.proto, attr_value.proto, config.proto's RunMetadata, tsl's xplane.proto), PNG.

The same code reads TF's files (tools/record_file_goldens.py, under real TensorFlow) and
tfcompat's (the tests), so that a golden value and the value it is compared with went
through one decoder. Everything returned is JSON-able (see `jsonable`).

This module must never import tensorflow.
"""
import glob
import gzip
import json
import os
import struct
import zlib

import numpy as np

# ---------------------------------------------------------------------------
# TFRecords.


def _crc32c_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC_TABLE = _crc32c_table()


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def records(path):
    """The records of a TFRecord file; both CRCs of each are checked."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (crc,) = struct.unpack("<I", data[pos + 8:pos + 12])
        assert crc == masked_crc32c(header), f"{path}: bad length CRC at {pos}"
        body = data[pos + 12:pos + 12 + length]
        (crc,) = struct.unpack("<I", data[pos + 12 + length:pos + 16 + length])
        assert crc == masked_crc32c(body), f"{path}: bad data CRC at {pos}"
        yield body
        pos += 16 + length


# ---------------------------------------------------------------------------
# Protobuf wire format, decoded by schema.
#
# A schema is {field number: (name, kind)}; kind is a scalar type name ("int64",
# "uint64", "int32", "bool", "enum", "float", "double", "string", "bytes"), a schema
# (a sub-message), ("repeated", kind) or ("map", key kind, value kind). A message
# decodes to a dict holding the fields present; repeated fields to lists (packed or not);
# maps to dicts. Unknown fields are an error: every field TF writes must be known here.


def _varint(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, pos


def _wire_fields(buf):
    """(field number, wire type, raw value) of each field of a message, in order."""
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            n, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + n], pos + n
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise AssertionError(f"wire type {wire}")
        yield number, wire, value


_FIXED = {"float": ("<f", 4), "double": ("<d", 8)}


def _scalar(kind, wire, raw):
    if kind in _FIXED:
        fmt, size = _FIXED[kind]
        assert wire == (5 if size == 4 else 1), (kind, wire)
        return struct.unpack(fmt, raw)[0]
    if kind in ("string", "bytes"):
        assert wire == 2, (kind, wire)
        return raw.decode("utf-8") if kind == "string" else bytes(raw)
    assert wire == 0, (kind, wire)
    if kind == "bool":
        return bool(raw)
    if kind in ("int64", "int32", "enum") and raw >= 1 << 63:
        return raw - (1 << 64)
    return raw


def _packed(kind, raw):
    if kind in _FIXED:
        fmt, size = _FIXED[kind]
        return [struct.unpack(fmt, raw[i:i + size])[0] for i in range(0, len(raw), size)]
    out, pos = [], 0
    while pos < len(raw):
        value, pos = _varint(raw, pos)
        out.append(_scalar(kind, 0, value))
    return out


def decode(schema, buf):
    """The message `buf` (bytes) as a dict, by `schema`."""
    out = {}
    for number, wire, raw in _wire_fields(buf):
        if number not in schema:
            raise AssertionError(f"field {number} (wire type {wire}) not in the schema "
                                 f"{sorted(v[0] for v in schema.values())}")
        name, kind = schema[number]
        if isinstance(kind, tuple) and kind[0] == "map":
            entry = decode({1: ("key", kind[1]), 2: ("value", kind[2])}, raw)
            default = {} if isinstance(kind[2], dict) else None
            out.setdefault(name, {})[entry.get("key", 0)] = entry.get("value", default)
        elif isinstance(kind, tuple):   # repeated
            item = kind[1]
            values = out.setdefault(name, [])
            if isinstance(item, dict):
                values.append(decode(item, raw))
            elif wire == 2 and item not in ("string", "bytes"):
                values.extend(_packed(item, raw))
            else:
                values.append(_scalar(item, wire, raw))
        elif isinstance(kind, dict):
            assert wire == 2, (name, wire)
            out[name] = decode(kind, raw)
        else:
            out[name] = _scalar(kind, wire, raw)
    return out


TENSOR_SHAPE = {2: ("dim", ("repeated", {1: ("size", "int64"), 2: ("name", "string")})),
                3: ("unknown_rank", "bool")}
TENSOR = {1: ("dtype", "enum"), 2: ("tensor_shape", TENSOR_SHAPE), 3: ("version_number", "int32"),
          4: ("tensor_content", "bytes"), 5: ("float_val", ("repeated", "float")),
          6: ("double_val", ("repeated", "double")), 7: ("int_val", ("repeated", "int32")),
          8: ("string_val", ("repeated", "bytes")), 9: ("scomplex_val", ("repeated", "float")),
          10: ("int64_val", ("repeated", "int64")), 11: ("bool_val", ("repeated", "bool")),
          12: ("dcomplex_val", ("repeated", "double")), 13: ("half_val", ("repeated", "int32")),
          16: ("uint32_val", ("repeated", "uint64")), 17: ("uint64_val", ("repeated", "uint64"))}
NAME_ATTR_LIST = {1: ("name", "string")}
ATTR_LIST = {2: ("s", ("repeated", "bytes")), 3: ("i", ("repeated", "int64")),
             4: ("f", ("repeated", "float")), 5: ("b", ("repeated", "bool")),
             6: ("type", ("repeated", "enum")), 7: ("shape", ("repeated", TENSOR_SHAPE)),
             8: ("tensor", ("repeated", TENSOR)), 9: ("func", ("repeated", NAME_ATTR_LIST))}
ATTR_VALUE = {1: ("list", ATTR_LIST), 2: ("s", "bytes"), 3: ("i", "int64"), 4: ("f", "float"),
              5: ("b", "bool"), 6: ("type", "enum"), 7: ("shape", TENSOR_SHAPE),
              8: ("tensor", TENSOR), 9: ("placeholder", "string"), 10: ("func", NAME_ATTR_LIST)}
NAME_ATTR_LIST[2] = ("attr", ("map", "string", ATTR_VALUE))
NODE_DEF = {1: ("name", "string"), 2: ("op", "string"), 3: ("input", ("repeated", "string")),
            4: ("device", "string"), 5: ("attr", ("map", "string", ATTR_VALUE)),
            6: ("experimental_debug_info", {1: ("original_node_names", ("repeated", "string")),
                                            2: ("original_func_names", ("repeated", "string"))}),
            7: ("experimental_type", "bytes")}
GRAPH_DEF = {1: ("node", ("repeated", NODE_DEF)), 2: ("library", "bytes"),
             3: ("version", "int32"),
             4: ("versions", {1: ("producer", "int32"), 2: ("min_consumer", "int32"),
                              3: ("bad_consumers", ("repeated", "int32"))})}
RUN_METADATA = {3: ("partition_graphs", ("repeated", GRAPH_DEF)),
                4: ("function_graphs", ("repeated", {
                    1: ("partition_graphs", ("repeated", GRAPH_DEF)),
                    2: ("pre_optimization_graph", GRAPH_DEF),
                    3: ("post_optimization_graph", GRAPH_DEF)}))}
SUMMARY_METADATA = {1: ("plugin_data", {1: ("plugin_name", "string"), 2: ("content", "bytes")}),
                    2: ("display_name", "string"), 3: ("summary_description", "string"),
                    4: ("data_class", "enum")}
SUMMARY = {1: ("value", ("repeated", {
    7: ("node_name", "string"), 1: ("tag", "string"), 9: ("metadata", SUMMARY_METADATA),
    2: ("simple_value", "float"), 8: ("tensor", TENSOR)}))}
EVENT = {1: ("wall_time", "double"), 2: ("step", "int64"), 3: ("file_version", "string"),
         5: ("summary", SUMMARY), 10: ("source_metadata", {1: ("writer", "string")})}

X_STAT = {1: ("metadata_id", "int64"), 2: ("double_value", "double"),
          3: ("uint64_value", "uint64"), 4: ("int64_value", "int64"), 5: ("str_value", "string"),
          6: ("bytes_value", "bytes"), 7: ("ref_value", "uint64")}
X_EVENT = {1: ("metadata_id", "int64"), 2: ("offset_ps", "int64"),
           5: ("num_occurrences", "int64"), 3: ("duration_ps", "int64"),
           4: ("stats", ("repeated", X_STAT))}
X_LINE = {1: ("id", "int64"), 10: ("display_id", "int64"), 2: ("name", "string"),
          11: ("display_name", "string"), 3: ("timestamp_ns", "int64"),
          9: ("duration_ps", "int64"), 4: ("events", ("repeated", X_EVENT))}
X_EVENT_METADATA = {1: ("id", "int64"), 2: ("name", "string"), 4: ("display_name", "string"),
                    3: ("metadata", "bytes"), 5: ("stats", ("repeated", X_STAT)),
                    6: ("child_id", ("repeated", "int64"))}
X_STAT_METADATA = {1: ("id", "int64"), 2: ("name", "string"), 3: ("description", "string")}
X_PLANE = {1: ("id", "int64"), 2: ("name", "string"), 3: ("lines", ("repeated", X_LINE)),
           4: ("event_metadata", ("map", "int64", X_EVENT_METADATA)),
           5: ("stat_metadata", ("map", "int64", X_STAT_METADATA)),
           6: ("stats", ("repeated", X_STAT))}
X_SPACE = {1: ("planes", ("repeated", X_PLANE)), 2: ("errors", ("repeated", "string")),
           3: ("warnings", ("repeated", "string")), 4: ("hostnames", ("repeated", "string"))}


# ---------------------------------------------------------------------------
# Event files.

_NP = {1: np.float32, 2: np.float64, 3: np.int32, 9: np.int64, 10: np.bool_}
_DTYPE_NAMES = {1: "float32", 2: "float64", 3: "int32", 7: "string", 9: "int64", 10: "bool"}


def tensor_value(tensor):
    """(dtype name, shape, values as nested lists) of a decoded TensorProto."""
    dtype = tensor.get("dtype", 0)
    shape = [d.get("size", 0) for d in tensor.get("tensor_shape", {}).get("dim", [])]
    if dtype == 7:
        return "string", shape, tensor.get("string_val", [])
    if "tensor_content" in tensor:
        array = np.frombuffer(tensor["tensor_content"], _NP[dtype])
    else:
        field = {1: "float_val", 2: "double_val", 10: "bool_val"}.get(
            dtype, "int64_val" if dtype == 9 else "int_val")
        array = np.asarray(tensor.get(field, []), _NP[dtype])
        if array.size == 1:
            array = np.full(shape, array[0], _NP[dtype])
    return _DTYPE_NAMES[dtype], shape, array.reshape(shape).tolist()


def decode_png(data):
    """The pixels of a non-interlaced 8-bit PNG (any of the five row filters)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            width, height, _, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    channels = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    stride = width * channels
    raw = zlib.decompress(idat)
    pixels, prior = [], [0] * stride
    for y in range(height):
        kind, line = raw[y * (stride + 1)], list(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prior[i], prior[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] += a
            elif kind == 2:
                line[i] += b
            elif kind == 3:
                line[i] += (a + b) // 2
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] += a if pa <= pb and pa <= pc else b if pb <= pc else c
            else:
                assert kind == 0, kind
            line[i] &= 0xFF
        pixels.append(line)
        prior = line
    return np.array(pixels, np.uint8).reshape(height, width, channels).tolist()


def event_file(logdir):
    """The one event file in `logdir`."""
    paths = glob.glob(os.path.join(logdir, "events.out.tfevents.*"))
    assert len(paths) == 1, paths
    return paths[0]


def events(logdir):
    """The decoded Events of the one event file in `logdir`, wall times left out."""
    out = []
    for record in records(event_file(logdir)):
        e = decode(EVENT, record)
        e.pop("wall_time", None)
        out.append(e)
    return out


def event_rows(logdir, raw_strings=False):
    """One row per file_version and per summary value: ["file_version", version] or
    [step, tag, plugin name, plugin content, description, dtype, shape, values], values
    as TF's tensor holds them; images as [their two dimension strings, the decoded pixels
    of each]; other strings by length (or as they are, with `raw_strings`)."""
    rows = []
    for e in events(logdir):
        if "file_version" in e:
            rows.append(["file_version", e["file_version"]])
        for v in e.get("summary", {}).get("value", []):
            meta = v.get("metadata", {})
            plugin = meta.get("plugin_data", {})
            dtype, shape, values = tensor_value(v["tensor"])
            name = plugin.get("plugin_name", "")
            if name == "images":
                values = [values[:2], [decode_png(s) for s in values[2:]]]
            elif dtype == "string" and not raw_strings:
                values = [len(s) for s in values]
            rows.append([e.get("step", 0), v.get("tag", ""), name, plugin.get("content", b""),
                         meta.get("summary_description", ""), dtype, shape, values])
    return jsonable(rows)


def graph_nodes(graph):
    """A decoded GraphDef's nodes as [name, op, inputs, device, attrs]."""
    return [[n.get("name", ""), n.get("op", ""), n.get("input", []), n.get("device", ""),
             n.get("attr", {})] for n in graph.get("node", [])]


def run_metadata(data):
    """A serialized RunMetadata (tf.summary.trace_export's tensor), decoded."""
    return decode(RUN_METADATA, data)


# ---------------------------------------------------------------------------
# Profiles (tf.profiler.experimental, tf.summary.trace_on(profiler=True)).


def profile_files(logdir):
    """The files under ``logdir/plugins/profile`` as [run, file name] pairs, with the run
    directory replaced by "<run>" when it is a timestamp as TF names it
    (``%Y_%m_%d_%H_%M_%S``) and the host name in a file name by "<host>"."""
    import re
    import socket
    host = socket.gethostname()
    root = os.path.join(logdir, "plugins", "profile")
    out = []
    for run in sorted(os.listdir(root)):
        shown = "<run>" if re.fullmatch(r"\d{4}(_\d\d){5}", run) else run
        for name in sorted(os.listdir(os.path.join(root, run))):
            if name.startswith(host + "."):
                name = "<host>" + name[len(host):]
            out.append([shown, name])
    return out


def xspace(path):
    """A ``.xplane.pb`` (a serialized XSpace), decoded."""
    with open(path, "rb") as f:
        return decode(X_SPACE, f.read())


def xspace_events(space):
    """Every event of a decoded XSpace as [plane, line, event name, {stat name: value}]
    (a stat's ``ref_value`` is the name of the stat metadata it refers to)."""
    out = []
    for plane in space.get("planes", []):
        stat_names = {k: m.get("name", "") for k, m in plane.get("stat_metadata", {}).items()}
        metadata = plane.get("event_metadata", {})

        def stats(items, names=stat_names):
            values = {}
            for s in items:
                value = next((s[k] for k in ("double_value", "uint64_value", "int64_value",
                                             "str_value", "bytes_value") if k in s), None)
                if "ref_value" in s:
                    value = names.get(s["ref_value"], "")
                values[names.get(s.get("metadata_id", 0), "")] = value
            return values
        for line in plane.get("lines", []):
            for event in line.get("events", []):
                meta = metadata.get(event.get("metadata_id", 0), {})
                out.append([plane.get("name", ""), line.get("name", ""), meta.get("name", ""),
                            stats(meta.get("stats", []) + event.get("stats", []))])
    return out


def trace_json_events(path):
    """The complete ("X") events of a ``.trace.json.gz`` (jax's Chrome trace) as
    [name, args]."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        trace = json.load(f)
    return [[e.get("name", ""), e.get("args", {})] for e in trace.get("traceEvents", [])
            if e.get("ph") == "X"]


# ---------------------------------------------------------------------------


def jsonable(value):
    """`value` as JSON holds it: tuples as lists, bytes as latin-1 strings, NumPy scalars
    as Python's, dict keys as strings."""
    return json.loads(json.dumps(value, default=_default))


def _default(value):
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("latin-1")
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"not JSON-able: {value!r}")
