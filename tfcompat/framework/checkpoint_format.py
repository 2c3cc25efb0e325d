"""The checkpoint files and their readers (tf.train.load_checkpoint, list_variables,
load_variable, CheckpointReader).

Deliberate difference: the format is our own. ``PATH.data-00000-of-00001`` is an .npz of
the values by key plus the object graph as JSON (key '_CHECKPOINTABLE_OBJECT_GRAPH');
``PATH.index`` (JSON: per key the shape, dtype and a CRC32 of the stored bytes, the data
file's size, and a CRC32 of the index itself) is written last and marks the checkpoint
complete. Restoring checks every checksum: a truncated or altered file, or the data file of
one save paired with the index of another, raises tf.errors.DataLossError naming the path
(TF's index and data carry CRC32Cs too); any other failure to read is a tf.errors class
with the path. Indexes of the earlier format (key -> [shape, dtype], no checksums) are
still read, unchecked. Nothing read is executed: JSON and NumPy without pickles. TF's own
checkpoints (its tensor bundle format) are read too (tensor_bundle.py).

Both files are written to temporary names (``.tmp-HOST.PID.UUID``), fsynced and then
renamed, so a save that fails or is killed part way leaves an existing checkpoint as it
was; the temporary files of a killed save (its process gone) are removed by the next save
into the directory and by a CheckpointManager opening it.
"""
import contextlib
import json
import os
import re
import socket
import threading
import uuid
import zipfile
import zlib

import numpy as np

from . import dtypes, errors, tensor_bundle
from .trackable import _GRAPH_KEY, _object_graph, tensors_of, variable_of


# -- files --------------------------------------------------------------------------

def _data_path(prefix):
    return prefix + ".data-00000-of-00001"


_FORMAT = "tfcompat-checkpoint-2"
_TEMP = re.compile(r"\.tmp-(?:([0-9a-f]{8})\.(\d+)\.)?[0-9a-f]{32}$")
_HOST = f"{zlib.crc32(socket.gethostname().encode()):08x}"
_active_temps = set()   # temporary files this process is writing now
_temps_lock = threading.Lock()


def _temp_name(final):
    """A temporary name beside `final`, naming this host and process (so that a later
    save can tell a killed save's leftovers from one in progress)."""
    name = f"{final}.tmp-{_HOST}.{os.getpid()}.{uuid.uuid4().hex}"
    with _temps_lock:
        _active_temps.add(os.path.abspath(name))
    return name


def _done_with(names):
    with _temps_lock:
        _active_temps.difference_update(os.path.abspath(n) for n in names)
    for name in names:
        with contextlib.suppress(FileNotFoundError):
            os.remove(name)


def _is_stale(path):
    match = _TEMP.search(path)
    if match is None:
        return False
    host, pid = match.groups()
    if host is None:          # the earlier tfcompat's names: no process named
        return True
    if host != _HOST:         # another machine's (shared file system): leave it
        return False
    pid = int(pid)
    if pid == os.getpid():
        with _temps_lock:
            return os.path.abspath(path) not in _active_temps
    if os.name == "nt":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:           # alive, someone else's
        return False
    return False


def remove_stale_temps(directory):
    """Remove the temporary files that saves killed part way left in `directory`."""
    try:
        names = os.listdir(directory or ".")
    except OSError:
        return
    for name in names:
        path = os.path.join(directory or ".", name)
        if _is_stale(path):
            with contextlib.suppress(OSError):
                os.remove(path)


def _write_synced(path, write):
    with open(path, "wb") as f:
        write(f)
        f.flush()
        os.fsync(f.fileno())


def _fsync_dir(directory):
    try:
        fd = os.open(directory or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _crc(array):
    """CRC32 of an array as stored: its shape and item size, then its bytes."""
    head = zlib.crc32(f"{list(array.shape)}|{array.dtype.itemsize}".encode())
    flat = np.ascontiguousarray(array).reshape(-1)
    return zlib.crc32(flat.view(np.uint8), head)


def _index_crc(index):
    body = {k: v for k, v in index.items() if k != "crc32"}
    return zlib.crc32(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())


def _write(prefix, root):
    prefix = os.fspath(prefix)
    nodes, objects = _object_graph(root)
    arrays = {_GRAPH_KEY: np.array(json.dumps(nodes))}
    for node, obj in zip(nodes, objects):
        if "key" in node:
            var = variable_of(obj)
            arrays[node["key"]] = np.asarray(
                var.numpy(), object if var.dtype is dtypes.string else None)
        if "tensors" in node:
            for name, t in tensors_of(obj).items():
                arrays[node["tensors"][name]["key"]] = np.asarray(
                    t.numpy(), object if t.dtype is dtypes.string else None)
    return write_arrays(prefix, arrays)


def write_arrays(prefix, arrays):
    """Write `arrays` (key -> NumPy array, tf.string ones as object arrays of bytes) at
    `prefix` in this format, atomically: a checkpoint's, or a tf.data file cache's."""
    prefix = os.fspath(prefix)
    arrays = dict(arrays)
    tensors = {k: {"shape": list(a.shape), "dtype": str(a.dtype)} for k, a in arrays.items()}
    for k, a in arrays.items():
        if a.dtype == object:   # tf.string: stored as length-prefixed bytes
            arrays[k] = _pack_strings(a)
            tensors[k]["dtype"] = "string"
        tensors[k]["crc32"] = _crc(arrays[k])
    directory = os.path.dirname(prefix)
    os.makedirs(directory or ".", exist_ok=True)
    remove_stale_temps(directory)
    finals = [_data_path(prefix), prefix + ".index"]
    temps = [_temp_name(f) for f in finals]
    try:
        _write_synced(temps[0], lambda f: np.savez(f, **arrays))
        index = {"format": _FORMAT, "data_size": os.path.getsize(temps[0]), "tensors": tensors}
        index["crc32"] = _index_crc(index)
        _write_synced(temps[1], lambda f: f.write(json.dumps(index).encode()))
        for temporary, final in zip(temps, finals):
            os.replace(temporary, final)
        _fsync_dir(directory)
    finally:
        _done_with(temps)
    return prefix


def _data_loss(message):
    return errors.DataLossError(None, None, message)


def _os_error(error, path):
    """An OSError reading `path` as the tf.errors class TF raises."""
    cls = {FileNotFoundError: errors.NotFoundError, IsADirectoryError: errors.FailedPreconditionError,
           PermissionError: errors.PermissionDeniedError}.get(type(error), errors.UnknownError)
    return cls(None, None, f"{path}; {error.strerror or error}")


def _read_index_bytes(prefix):
    path = prefix + ".index"
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise _os_error(e, path) from e


def _read_index(prefix, raw):
    path = prefix + ".index"

    def corrupt(detail):
        return _data_loss(f"Unable to read file ({path}). Perhaps the file is corrupt or was "
                          f"produced by a newer version of TensorFlow with format changes "
                          f"({detail})")

    try:
        index = json.loads(raw.decode("utf-8"))
    except ValueError as e:     # also UnicodeDecodeError
        raise corrupt(f"not a checkpoint index: {e}") from e
    if not isinstance(index, dict):
        raise corrupt("not a checkpoint index")
    if "format" not in index:   # the earlier format: {key: [shape, dtype]}, no checksums
        try:
            return {k: {"shape": list(v[0]), "dtype": str(v[1])} for k, v in index.items()}, None
        except (TypeError, IndexError, KeyError) as e:
            raise corrupt("not a checkpoint index") from e
    if index.get("format") != _FORMAT:
        raise corrupt(f"unknown format {index.get('format')!r}")
    if index.get("crc32") != _index_crc(index):
        raise corrupt(f"index checksum does not match: stored {index.get('crc32')} vs. "
                      f"calculated {_index_crc(index)}")
    return index["tensors"], index["data_size"]


def _read(prefix):
    """The arrays of a checkpoint by key (the object graph as a str), every checksum
    checked."""
    prefix = os.fspath(prefix)
    raw = _index_of(prefix)
    if tensor_bundle.is_tensor_bundle_index(raw):     # written by TensorFlow
        return tensor_bundle.read(prefix, raw)
    out = _read_own(prefix, raw)
    try:
        nodes = json.loads(str(out[_GRAPH_KEY]))
        if not isinstance(nodes, list) or not all(
                isinstance(n, dict) and isinstance(n.get("children"), dict) for n in nodes):
            raise ValueError("the object graph is not a list of nodes")
    except (KeyError, ValueError) as e:
        raise _data_loss(f"TensorBundle at {prefix} shard 0: {_data_path(prefix)} is corrupt "
                         f"({type(e).__name__}: {e})") from e
    return out


def read_arrays(prefix):
    """The arrays `write_arrays` wrote at `prefix` (or a tensor bundle TensorFlow wrote)
    by key, every checksum checked."""
    prefix = os.fspath(prefix)
    raw = _index_of(prefix)
    if tensor_bundle.is_tensor_bundle_index(raw):
        return tensor_bundle.read_arrays(prefix, raw)[0]
    return _read_own(prefix, raw)


def _index_of(prefix):
    if not os.path.exists(prefix + ".index"):
        raise errors.NotFoundError(None, None, f"Unsuccessful TensorSliceReader constructor: "
                                               f"Failed to find any matching files for {prefix}")
    return _read_index_bytes(prefix)


def _read_own(prefix, raw):
    tensors, data_size = _read_index(prefix, raw)
    path = _data_path(prefix)
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below; errors opening it told apart
    except OSError as e:
        raise _os_error(e, path) from e
    try:
        with f:
            size = os.fstat(f.fileno()).st_size
            if data_size is not None and size != data_size:
                raise _data_loss(f"TensorBundle at {prefix} shard 0: {path} has {size} bytes, "
                                 f"its index expects {data_size} (truncated, or not the data "
                                 f"of the save that wrote the index)")
            with np.load(f, allow_pickle=False) as data:
                if sorted(data.files) != sorted(tensors):
                    raise _data_loss(f"TensorBundle at {prefix} shard 0: {path} holds other "
                                     f"tensors than its index names (not the data of the "
                                     f"save that wrote the index)")
                out = {}
                for k in data.files:
                    entry = tensors[k]
                    try:
                        stored = data[k]
                    except zipfile.BadZipFile as e:   # the zip member's own CRC32
                        if "CRC" not in str(e):
                            raise
                        raise _data_loss(f"TensorBundle at {prefix} shard 0: Checksum does "
                                         f"not match for {k} in {path} ({e})") from e
                    if data_size is not None and _crc(stored) != entry["crc32"]:
                        raise _data_loss(
                            f"TensorBundle at {prefix} shard 0 ({stored.nbytes} bytes): "
                            f"Checksum does not match: stored {entry['crc32']} vs. "
                            f"calculated on the restored bytes {_crc(stored)}")
                    out[k] = _unpack_strings(stored, entry["shape"]) \
                        if entry["dtype"] == "string" else stored
            return out
    except errors.OpError:
        raise
    except Exception as e:      # zipfile (bad offsets: OSError too), NumPy's header
        # parsing, a refused pickle
        raise _data_loss(f"TensorBundle at {prefix} shard 0: {path} is corrupt "
                         f"({type(e).__name__}: {e})") from e


def _pack_strings(arr):
    """An object array of bytes as uint8: each element's 8-byte length, then its bytes
    (NumPy's own string arrays would drop trailing NULs; pickles are not loaded)."""
    parts = []
    for b in arr.ravel():
        parts += [len(b).to_bytes(8, "little"), b]
    return np.frombuffer(b"".join(parts), np.uint8)


def _unpack_strings(buf, shape):
    data = buf.tobytes()
    out = np.empty(int(np.prod(shape, dtype=np.int64)), object)
    pos = 0
    for i in range(out.size):
        n = int.from_bytes(data[pos:pos + 8], "little")
        out[i] = data[pos + 8:pos + 8 + n]
        pos += 8 + n
    return out.reshape(shape)


class CheckpointReader:
    """What tf.train.load_checkpoint returns."""

    def __init__(self, prefix):
        self._arrays = _read(prefix)
        self._arrays[_GRAPH_KEY] = np.array(str(self._arrays[_GRAPH_KEY]).encode())
        dtype_names = {n["key"]: n["dtype"] for n in self._graph() if "key" in n}
        dtype_names.update((t["key"], t["dtype"]) for n in self._graph()
                           for t in n.get("tensors", {}).values())
        self._dtypes = {k: dtypes.as_dtype(dtype_names.get(k, "string")) for k in self._arrays}

    def _graph(self):
        return json.loads(self._arrays[_GRAPH_KEY].item())

    def has_tensor(self, key):
        return key in self._arrays

    def get_tensor(self, key):
        if key not in self._arrays:
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        if self._dtypes[key] == dtypes.variant:   # (an iterator's ITERATOR_STATE)
            raise errors.InternalError(None, None,
                                       "Tensorflow type 21 not convertible to numpy dtype.")
        value = self._arrays[key]
        if key == _GRAPH_KEY:
            return value.item()
        value = value.view(self._dtypes[key].as_numpy_dtype).copy()
        return value[()] if value.ndim == 0 else value   # (a scalar as NumPy's, as TF's)

    def get_variable_to_shape_map(self):
        return {k: list(a.shape) for k, a in self._arrays.items()}

    def get_variable_to_dtype_map(self):
        return dict(self._dtypes)
