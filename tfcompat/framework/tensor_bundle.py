"""Reading TF's own checkpoint files (TF's tensor bundle), so that a checkpoint written by
TensorFlow restores in tfcompat: ``PREFIX.index`` is a LevelDB-style table (blocks of
prefix-compressed keys, each block with a masked CRC32C) mapping each key to a
BundleEntryProto (dtype, shape, shard, offset, size, CRC32C); the bytes are in
``PREFIX.data-SSSSS-of-NNNNN``; '_CHECKPOINTABLE_OBJECT_GRAPH' holds the
TrackableObjectGraph proto. Read into tfcompat's form: arrays by key, the object graph as
its JSON nodes. Every checksum is checked; a mismatch raises tf.errors.DataLossError."""
import json
import struct

import numpy as np

from . import dtypes, errors
from .crc32c import crc32c, mask
from .proto_decode import fields, read_varint

_MAGIC = struct.pack("<Q", 0xDB4775248B80FB57)
_FOOTER = 48


def is_tensor_bundle_index(raw):
    """Whether `raw` (an .index file's bytes) is TF's table format."""
    return len(raw) >= _FOOTER and raw[-8:] == _MAGIC


def _fields(buf):
    """A protobuf message's fields: {number: [value]} (varints as int, length-delimited
    as bytes, fixed32/64 as int)."""
    out = {}
    for number, wire, value in fields(buf):
        if wire in (1, 5):
            value = int.from_bytes(value, "little")
        out.setdefault(number, []).append(bytes(value) if wire == 2 else value)
    return out


def _block(raw, handle, path):
    """The (key, value) entries of the table block at `handle` (offset, size)."""
    offset, size = handle
    block = raw[offset:offset + size]
    trailer = raw[offset + size:offset + size + 5]
    if len(block) != size or len(trailer) != 5:
        raise _corrupt(path, "truncated block")
    if struct.unpack("<I", trailer[1:])[0] != mask(crc32c(trailer[:1], crc32c(block))):
        raise _corrupt(path, "block checksum mismatch")
    if trailer[0] != 0:
        raise errors.UnimplementedError(None, None, f"{path}: tfcompat reads uncompressed "
                                                    f"checkpoint tables only")
    restarts = struct.unpack_from("<I", block, size - 4)[0]
    end, pos, key, out = size - 4 - 4 * restarts, 0, b"", []
    while pos < end:
        shared, pos = read_varint(block, pos)
        own, pos = read_varint(block, pos)
        n, pos = read_varint(block, pos)
        key = key[:shared] + bytes(block[pos:pos + own])
        pos += own
        out.append((key, bytes(block[pos:pos + n])))
        pos += n
    return out


def _handle(buf, pos=0):
    offset, pos = read_varint(buf, pos)
    size, pos = read_varint(buf, pos)
    return (offset, size), pos


def _corrupt(path, detail):
    return errors.DataLossError(None, None, f"Unable to read file ({path}). Perhaps the file "
                                            f"is corrupt or was produced by a newer version of "
                                            f"TensorFlow with format changes ({detail})")


def _entries(raw, path):
    """The number of data shards (the BundleHeaderProto's) and {key: BundleEntryProto
    fields} of an index table."""
    footer = raw[-_FOOTER:]
    _, pos = _handle(footer)
    index, _ = _handle(footer, pos)
    out, shards = {}, 1
    for _, value in _block(raw, index, path):
        for key, entry in _block(raw, _handle(value)[0], path):
            if key:
                out[key.decode()] = _fields(entry)
            else:
                shards = _fields(entry).get(1, [1])[0]
    return shards, out


def _shape(entry):
    shape = _fields(entry.get(2, [b""])[0])
    return [_fields(d).get(1, [0])[0] for d in shape.get(2, [])]


def _strings(data, n):
    """A string tensor's bytes (n varint lengths, their masked CRC32C, the strings): the
    strings, and the CRC32C TF records of them (over the lengths as uint32s, or uint64s
    past 2**32, the lengths' checksum and the strings)."""
    lengths, pos = [], 0
    for _ in range(n):
        length, pos = read_varint(data, pos)
        lengths.append(length)
    crc = crc32c(data[pos:pos + 4], crc32c(b"".join(
        struct.pack("<I" if n <= 0xFFFFFFFF else "<Q", n) for n in lengths)))
    pos += 4
    out = []
    for length in lengths:
        out.append(bytes(data[pos:pos + length]))
        pos += length
    return out, crc32c(data[pos - sum(lengths):pos], crc)


def _checksum(data, dtype, count):
    """The masked CRC32C of a tensor's stored bytes, as its BundleEntryProto holds it."""
    return mask(_strings(data, count)[1] if dtype == dtypes.string else crc32c(data))


def _object_graph(proto, dtype_of):
    """TF's TrackableObjectGraph as tfcompat's JSON nodes."""
    nodes = []
    for node in _fields(proto).get(1, []):
        node = _fields(node)
        out = {"children": {}}
        for ref in node.get(1, []):
            ref = _fields(ref)
            out["children"][ref.get(2, [b""])[0].decode()] = ref.get(1, [0])[0]
        for attr in node.get(2, []):
            attr = _fields(attr)
            if attr.get(1, [b""])[0] == b"VARIABLE_VALUE":
                key = attr[3][0].decode()
                out.update(key=key, full_name=attr.get(2, [b""])[0].decode(),
                           dtype=dtype_of.get(key, "float32"))
            elif 3 in attr:   # (a SaveableObject's tensors: a table's 'table' + '-keys')
                name, key = attr[1][0].decode(), attr[3][0].decode()
                out.setdefault("tensors", {}).update(
                    (name + k[len(key):], {"key": k, "dtype": dtype_of.get(k, "float32")})
                    for k in dtype_of if k.startswith(key))
        nodes.append(out)
    return nodes


def read(prefix, raw):
    """The arrays of TF's checkpoint `prefix` by key (the object graph as tfcompat's JSON
    str), its index's bytes being `raw`."""
    out, dtype_of = read_arrays(prefix, raw)
    graph = out.pop("_CHECKPOINTABLE_OBJECT_GRAPH", None)
    if graph is None:
        raise errors.NotFoundError(None, None, f"{prefix} is a TF1 (name-based) checkpoint "
                                               f"without an object graph; tfcompat restores "
                                               f"object-based checkpoints only")
    out["_CHECKPOINTABLE_OBJECT_GRAPH"] = json.dumps(_object_graph(graph.item(), dtype_of))
    return out


def read_arrays(prefix, raw):
    """(The arrays of TF's tensor bundle `prefix` by key, their dtype names by key), its
    index's bytes being `raw`."""
    index_path = prefix + ".index"
    try:
        num_shards, entries = _entries(raw, index_path)
    except (IndexError, struct.error, ValueError) as e:
        raise _corrupt(index_path, str(e)) from e
    shards = {}
    out, dtype_of = {}, {}
    for key, entry in entries.items():
        if 7 in entry:
            raise errors.UnimplementedError(None, None, f"{prefix}: {key} is saved in slices "
                                                        f"(partitioned); tfcompat cannot read it")
        dtype = dtypes.as_dtype(entry.get(1, [1])[0])
        shape, shard = _shape(entry), entry.get(3, [0])[0]
        offset, size = entry.get(4, [0])[0], entry.get(5, [0])[0]
        if shard not in shards:
            path = f"{prefix}.data-{shard:05d}-of-{num_shards:05d}"
            try:
                with open(path, "rb") as f:
                    shards[shard] = f.read()
            except OSError as e:
                raise errors.NotFoundError(None, None, f"{path}; {e.strerror}") from e
        data = shards[shard][offset:offset + size]
        count = int(np.prod(shape, dtype=np.int64))
        if len(data) != size:
            raise errors.DataLossError(None, None, f"TensorBundle at {prefix} shard {shard}: "
                                                   f"the data of {key} is truncated")
        stored, calculated = entry.get(6, [None])[0], _checksum(data, dtype, count)
        if stored != calculated:
            raise errors.DataLossError(
                None, None, f"TensorBundle at {prefix} shard {shard} ({size} bytes): Checksum "
                            f"does not match: stored {stored} vs. calculated on the restored "
                            f"bytes {calculated}")
        if dtype == dtypes.string:
            values = _strings(data, count)[0]
            out[key] = np.array(values, dtype=object).reshape(shape)
        else:
            out[key] = np.frombuffer(data, dtype.as_numpy_dtype).reshape(shape).copy()
        dtype_of[key] = dtype.name
    return out, dtype_of
