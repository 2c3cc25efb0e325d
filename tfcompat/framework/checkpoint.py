"""tf.train.Checkpoint, CheckpointManager and the checkpoint readers, on NumPy files.

The object graph is TF's: children are the attributes of tracked objects (``AutoTrackable``
such as tf.Module and Checkpoint, and plain Python objects holding Variables), list
indices and dict keys; an object reached twice is saved once, under its first
(breadth-first) path. Keys are TF's ('net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE').

Deliberate difference: the format is our own. ``PATH.data-00000-of-00001`` is an .npz of
the values by key plus the object graph as JSON (key '_CHECKPOINTABLE_OBJECT_GRAPH');
``PATH.index`` (JSON: per key the shape, dtype and a CRC32 of the stored bytes, the data
file's size, and a CRC32 of the index itself) is written last and marks the checkpoint
complete. Restoring checks every checksum: a truncated or altered file, or the data file of
one save paired with the index of another, raises tf.errors.DataLossError naming the path
(TF's index and data carry CRC32Cs too); any other failure to read is a tf.errors class
with the path. Indexes of the earlier format (key -> [shape, dtype], no checksums) are
still read, unchecked. Nothing read is executed: JSON and NumPy without pickles.

Both files are written to temporary names (``.tmp-HOST.PID.UUID``), fsynced and then
renamed, so a save that fails or is killed part way leaves an existing checkpoint as it
was; the temporary files of a killed save (its process gone) are removed by the next save
into the directory and by a CheckpointManager opening it.

An object that is not a tf.Variable but stands for one in checkpoints (keras.Variable)
exposes it as ``_checkpoint_variable``.
"""
import codecs
import collections
import contextlib
import functools
import json
import os
import re
import socket
import threading
import time
import types
import uuid
import zipfile
import zlib

import numpy as np

from . import dtypes, errors
from .tensor_shape import TensorShape
from .variables import Variable
from .context import ctx
from .trackable import Trackable

_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_MISSING = object()


# -- tracking -----------------------------------------------------------------------

class AutoTrackable(Trackable):
    """TF's AutoTrackable: lists and dicts set as attributes become ListWrapper and
    DictWrapper, and an attribute set after a ``restore()`` that named it is restored
    then (deferred restoration)."""

    def __setattr__(self, name, value):
        value = _wrap(value)
        object.__setattr__(self, name, value)
        _attached(self, name, value)


class ListWrapper(list):
    """A list attribute of a tracked object: appended items are restored if a restore()
    is waiting for them."""

    def __repr__(self):
        return f"ListWrapper({list.__repr__(self)})"

    def append(self, value):
        list.append(self, _wrap(value))
        _attached(self, str(len(self) - 1), self[-1])

    def extend(self, values):
        for value in values:
            self.append(value)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, index, value):
        list.__setitem__(self, index, _wrap(value))
        if isinstance(index, int):
            _attached(self, str(index % len(self)), self[index])


class DictWrapper(dict):
    """A dict attribute of a tracked object (TF's _DictWrapper)."""

    def __repr__(self):
        return f"DictWrapper({dict.__repr__(self)})"

    def __setitem__(self, key, value):
        dict.__setitem__(self, key, _wrap(value))
        _attached(self, str(key), self[key])

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


def _wrap(value):
    if type(value) is list:
        return ListWrapper(_wrap(v) for v in value)
    if type(value) is dict:
        return DictWrapper((k, _wrap(v)) for k, v in value.items())
    return value


def _attached(parent, name, value):
    """A child was set on a tracked object: restore it if a restore() named it."""
    pending = parent.__dict__.get("_self_pending")
    if pending and name in pending:
        restoration, node = pending.pop(name)
        restoration.restore(value, node)


def variable_of(x):
    """The Variable `x` is or holds (its ``_checkpoint_variable``: a Keras layer's weight),
    or None."""
    if isinstance(x, Variable):
        return x
    var = getattr(type(x), "_checkpoint_variable", None) and x._checkpoint_variable
    return var if isinstance(var, Variable) else None


_NOT_NODES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
              types.MethodType, functools.partial)


def children_of(obj):
    """(name, child) of one object of the object graph a checkpoint (and a SavedModel)
    saves: a Checkpoint's objects, dict values, list items, attributes."""
    unsupported = getattr(type(obj), "_checkpoint_unsupported", None)
    if unsupported:
        raise ValueError(f"tfcompat cannot save or restore {unsupported} in a checkpoint "
                         f"(TF saves it as ITERATOR_STATE); leave {obj!r} out of it.")
    if isinstance(obj, Checkpoint):
        return obj._checkpoint_children()
    if isinstance(obj, dict):
        return [(str(k), v) for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj)]
    if hasattr(obj, "__dict__") and not isinstance(obj, _NOT_NODES) and \
            not callable(getattr(type(obj), "get_concrete_function", None)):
        return [(k, v) for k, v in vars(obj).items() if not k.startswith("_self_")]
    return []


def _child(obj, name):
    for key, value in children_of(obj):
        if key == name:
            return value
    return _MISSING


def _escape(name):
    return name.replace(".", "..").replace("/", ".S")


def prune(edges, wanted):
    """The nodes of a graph (edges[i]: [(name, j)], node 0 the root) to keep: the root
    and those with a `wanted` node at or beneath them, in order; and their new ids."""
    keep = set(wanted)
    changed = True
    while changed:
        changed = False
        for i, out in enumerate(edges):
            if i not in keep and any(j in keep for _, j in out):
                keep.add(i)
                changed = True
    order = [0] + sorted(keep - {0})
    return order, {old: new for new, old in enumerate(order)}


def _object_graph(root):
    """TF's object graph from `root`: (nodes, objects), breadth first, keeping only the
    objects with Variables beneath them. A node is {'children': {name: id}} and, for a
    Variable, also its 'key', 'full_name' and 'dtype'."""
    objects, paths, edges = [root], [()], [[]]
    ids = {id(root): 0}
    queue = collections.deque([0])
    while queue:
        i = queue.popleft()
        if variable_of(objects[i]) is not None:
            continue
        for name, child in children_of(objects[i]):
            j = ids.get(id(child))
            if j is None:
                if variable_of(child) is None and not children_of(child):
                    continue
                j = ids[id(child)] = len(objects)
                objects.append(child)
                paths.append(paths[i] + (name,))
                edges.append([])
                queue.append(j)
            edges[i].append((name, j))
    order, new_id = prune(edges, {i for i, o in enumerate(objects)
                                  if variable_of(o) is not None})
    nodes = []
    for i in order:
        node = {"children": {n: new_id[j] for n, j in edges[i] if j in new_id}}
        var = variable_of(objects[i])
        if var is not None:
            node.update(key="/".join(_escape(p) for p in paths[i]) + "/.ATTRIBUTES/VARIABLE_VALUE",
                        full_name=var.name[:-2], dtype=var.dtype.name)
        nodes.append(node)
    return nodes, [objects[i] for i in order]


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


def _read_index(prefix):
    path = prefix + ".index"
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise _os_error(e, path) from e

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
    if not os.path.exists(prefix + ".index"):
        raise errors.NotFoundError(None, None, f"Unsuccessful TensorSliceReader constructor: "
                                               f"Failed to find any matching files for {prefix}")
    tensors, data_size = _read_index(prefix)
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
            nodes = json.loads(str(out[_GRAPH_KEY]))
            if not isinstance(nodes, list) or not all(
                    isinstance(n, dict) and isinstance(n.get("children"), dict) for n in nodes):
                raise ValueError("the object graph is not a list of nodes")
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
        self._dtypes = {k: dtypes.as_dtype(dtype_names.get(k, "string")) for k in self._arrays}

    def _graph(self):
        return json.loads(self._arrays[_GRAPH_KEY].item())

    def has_tensor(self, key):
        return key in self._arrays

    def get_tensor(self, key):
        if key not in self._arrays:
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        value = self._arrays[key]
        return value.item() if key == _GRAPH_KEY else \
            value.view(self._dtypes[key].as_numpy_dtype).copy()

    def get_variable_to_shape_map(self):
        return {k: list(a.shape) for k, a in self._arrays.items()}

    def get_variable_to_dtype_map(self):
        return dict(self._dtypes)


def load_checkpoint(ckpt_dir_or_file):
    """tf.train.load_checkpoint: a reader of a checkpoint, or of a directory's latest."""
    return CheckpointReader(_resolve(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file):
    """tf.train.list_variables: sorted (key, shape) pairs."""
    return sorted(load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map().items())


def load_variable(ckpt_dir_or_file, name):
    """tf.train.load_variable: one value of a checkpoint, as a NumPy array."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


def _resolve(ckpt_dir_or_file):
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given "
                             f"directory {path}")
        return latest
    return path


# -- restoring ----------------------------------------------------------------------

class _Restoration:
    """One restore(): the saved graph matched against live objects, now and as they are
    attached later."""

    def __init__(self, arrays):
        self.nodes = json.loads(str(arrays[_GRAPH_KEY]))
        self.arrays = arrays
        self.matched = set()      # node ids
        self.bound = set()        # ids of live objects given a node

    def restore(self, obj, node_id):
        node = self.nodes[node_id]
        self.matched.add(node_id)
        self.bound.add(id(obj))
        if "key" in node:
            var = variable_of(obj)
            if var is not None:
                _assign(var, self.arrays[node["key"]], node)
            return
        for name, child_id in node["children"].items():
            child = _child(obj, name)
            if child is not _MISSING:
                self.restore(child, child_id)
            elif isinstance(obj, (AutoTrackable, ListWrapper, DictWrapper)):
                obj.__dict__.setdefault("_self_pending", {})[name] = (self, child_id)

    def paths(self):
        out = {0: "(root)"}
        queue = collections.deque([0])
        while queue:
            i = queue.popleft()
            for name, j in self.nodes[i]["children"].items():
                if j not in out:
                    out[j] = f"{out[i]}.{name}"
                    queue.append(j)
        return out


def _assign(var, value, node):
    dtype = dtypes.as_dtype(node["dtype"])
    if value.dtype.kind == "V":   # bfloat16 and other ml_dtypes come back as raw bytes
        value = value.view(dtype.as_numpy_dtype)
    if not var.shape.is_compatible_with(value.shape):
        raise ValueError(f"Received incompatible tensor with shape {TensorShape(value.shape)} "
                         f"when attempting to restore variable with shape {var.shape} and "
                         f"name {var.name}.")
    if var.dtype != dtype:
        raise errors.InvalidArgumentError(
            None, None, f"tensor_name = {node['key']}; expected dtype {var.dtype.name} does "
                        f"not equal original dtype {dtype.name}")
    var.assign(value)
    # A variable created inside a tf.function trace keeps the restored value as its
    # initial value (the trace sets it back to that).
    for trace in ctx.traces:
        trace.created[:] = [(v, var._value if v is var else init) for v, init in trace.created]


class CheckpointLoadStatus:
    """What Checkpoint.restore and read return."""

    def __init__(self, restoration, root):
        self._restoration = restoration
        self._root = root

    def assert_consumed(self):
        """Every saved object matched, and every live object given a saved value."""
        r = self._restoration
        paths = r.paths()
        for i, node in enumerate(r.nodes):
            if i not in r.matched:
                raise AssertionError(f"Unresolved object in checkpoint {paths[i]}: "
                                     f"{_proto_text(node)}")
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self):
        """Every live object of the graph given a saved value."""
        _, objects = _object_graph(self._root)
        unmatched = [o for o in objects if id(o) not in self._restoration.bound]
        if unmatched:
            raise AssertionError(
                f"Found {len(unmatched)} Python objects that were not bound to checkpointed "
                f"values, likely due to changes in the Python program. Showing "
                f"{min(len(unmatched), 10)} of {len(unmatched)} unmatched objects: "
                f"{unmatched[:10]}")
        return self

    def expect_partial(self):
        """TF silences its warnings about unrestored values; tfcompat logs none."""
        return self


def _proto_text(node):
    if "key" in node:
        return (f'attributes {{\n  name: "VARIABLE_VALUE"\n  full_name: "{node["full_name"]}"'
                f'\n  checkpoint_key: "{node["key"]}"\n}}\nhas_checkpoint_values {{\n'
                f'  value: true\n}}\n')
    return "".join(f'children {{\n  node_id: {j}\n  local_name: "{n}"\n}}\n'
                   for n, j in node["children"].items())


class InitializationOnlyStatus:
    """What Checkpoint.restore(None) returns."""

    def assert_consumed(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being "
                             "restored.")

    assert_existing_objects_matched = assert_consumed

    def expect_partial(self):
        return self


# -- Checkpoint -----------------------------------------------------------------------

def _is_trackable(x):
    return variable_of(x) is not None or isinstance(x, (AutoTrackable, list, tuple, dict)) \
        or bool(children_of(x))


class Checkpoint(AutoTrackable):
    """tf.train.Checkpoint(root=None, **kwargs): saves and restores the graph of objects
    reachable from its attributes (and from ``root``'s)."""

    def __init__(self, root=None, **kwargs):
        for name, value in sorted(kwargs.items()):
            if not _is_trackable(value):
                raise ValueError(
                    f"`Checkpoint` was expecting {name} to be a trackable object (an object "
                    f"derived from `Trackable`), got {value}. If you believe this object "
                    f"should be trackable (i.e. it is part of the TensorFlow Python API and "
                    f"manages state), please open an issue.")
        self._self_root = root
        self._self_save_counter = None
        for name, value in kwargs.items():
            setattr(self, name, value)

    def _checkpoint_children(self):
        out = children_of(self._self_root) if self._self_root is not None else []
        out = out + [(k, v) for k, v in vars(self).items() if not k.startswith("_self_")]
        if self._self_save_counter is not None:
            out.append(("save_counter", self._self_save_counter))
        return out

    @property
    def save_counter(self):
        """The number of save() calls (an int64 Variable, created on first use)."""
        if self._self_save_counter is None:
            ctx.name_scopes.append("")
            try:
                self._self_save_counter = Variable(0, dtype=dtypes.int64, trainable=False,
                                                   name="save_counter")
            finally:
                ctx.name_scopes.pop()
            _attached(self, "save_counter", self._self_save_counter)
        return self._self_save_counter

    def write(self, file_prefix, options=None):
        """Write a checkpoint at exactly `file_prefix`; return it."""
        return _write(file_prefix, self)

    def save(self, file_prefix, options=None):
        """Write `file_prefix-N` (N counting the saves) and record it as the directory's
        latest checkpoint; return the path."""
        number = int(self.save_counter.assign_add(1).numpy())
        path = self.write(f"{os.fspath(file_prefix)}-{number}")
        _record_state(os.path.dirname(path), path, [path])
        return path

    def read(self, save_path, options=None):
        """Restore from `save_path` (no save_counter is created)."""
        restoration = _Restoration(_read(save_path))
        restoration.restore(self, 0)
        return CheckpointLoadStatus(restoration, self)

    def restore(self, save_path, options=None):
        """read(), also restoring save_counter; None restores nothing."""
        if save_path is None:
            return InitializationOnlyStatus()
        self.save_counter  # noqa: B018 - created so that it is restored too
        try:
            return self.read(save_path)
        except errors.NotFoundError as e:
            raise errors.NotFoundError(
                None, None, f"Error when restoring from checkpoint or SavedModel at "
                            f"{save_path}: {e.message}\nPlease double-check that the path is "
                            f"correct. You may be missing the checkpoint suffix (e.g. the '-1' "
                            f"in 'path/to/ckpt-1').") from None


# -- CheckpointManager and the 'checkpoint' state file ----------------------------------

class CheckpointState:
    """The parsed 'checkpoint' file (TF's CheckpointState proto)."""

    def __init__(self):
        self.model_checkpoint_path = ""
        self.all_model_checkpoint_paths = []
        self.all_model_checkpoint_timestamps = []
        self.last_preserved_timestamp = 0.0


_STATE_FIELDS = {"model_checkpoint_path": str, "all_model_checkpoint_paths": list,
                 "all_model_checkpoint_timestamps": float, "last_preserved_timestamp": float}
_STATE_TOKEN = re.compile(r"""(?P<skip>\s+|\#[^\n]*)
    |(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    |(?P<num>[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|inf(?:inity)?|nan)[fF]?(?![\w.]))
    |(?P<name>[A-Za-z_]\w*)|(?P<colon>:)|(?P<sep>[,;])""", re.X | re.I)


class _ParseError(ValueError):
    pass


def _parse_state(text):
    """The fields of a CheckpointState in protobuf text format, parsed as data (never
    evaluated); _ParseError where TF's text_format.Merge raises ParseError."""
    tokens, pos = [], 0
    while pos < len(text):
        m = _STATE_TOKEN.match(text, pos)
        line = text.count("\n", 0, pos) + 1
        col = pos - text.rfind("\n", 0, pos)
        if m is None:
            raise _ParseError(f"{line}:{col} : Unexpected character {text[pos]!r}")
        if m.lastgroup != "skip":
            tokens.append((m.lastgroup, m.group(), f"{line}:{col}"))
        pos = m.end()
    fields = {"model_checkpoint_path": "", "all_model_checkpoint_paths": [],
              "all_model_checkpoint_timestamps": [], "last_preserved_timestamp": 0.0}
    i = 0
    while i < len(tokens):
        kind, name, where = tokens[i]
        if kind != "name" or name not in _STATE_FIELDS:
            raise _ParseError(f'{where} : Message type "tensorflow.CheckpointState" has no '
                              f'field named "{name}".')
        if i + 1 >= len(tokens) or tokens[i + 1][0] != "colon":
            raise _ParseError(f'{where} : Expected ":" after "{name}".')
        i += 2
        if _STATE_FIELDS[name] is float:
            if i >= len(tokens) or tokens[i][0] != "num":
                raise _ParseError(f"{where} : Expected a number for {name}.")
            number = tokens[i][1]
            number = float(number[:-1] if number[-1] in "fF" and
                           not number.lower().endswith("inf") else number)
            fields[name] = [*fields[name], number] \
                if name == "all_model_checkpoint_timestamps" else number
            i += 1
        else:
            parts = []
            while i < len(tokens) and tokens[i][0] == "str":
                body = tokens[i][1][1:-1]
                try:
                    parts.append(codecs.escape_decode(body.encode())[0].decode()
                                 if "\\" in body else body)
                except ValueError as e:
                    raise _ParseError(f"{tokens[i][2]} : {e}") from e
                i += 1
            if not parts:
                raise _ParseError(f"{where} : Expected string for {name}.")
            value = "".join(parts)
            if name == "model_checkpoint_path":
                fields[name] = value
            else:
                fields[name].append(value)
        if i < len(tokens) and tokens[i][0] == "sep":
            i += 1
    return fields


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """tf.train.get_checkpoint_state: the directory's 'checkpoint' file, paths joined to
    the directory, or None. As TF: a file that cannot be read or parsed is logged and
    ignored (None); one naming no model_checkpoint_path raises ValueError."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or "checkpoint")
    if not os.path.exists(path):
        return None
    try:
        with open(path, "rb") as f:
            # TF 2.21 raises UnicodeDecodeError on bytes that are not UTF-8; tfcompat
            # treats them as the unparsable file they are (deliberate difference).
            fields = _parse_state(f.read().decode("utf-8"))
    except (OSError, ValueError) as e:
        from .tf_logging import get_logger
        get_logger().warning(f"ParseError: {e}" if isinstance(e, ValueError) else
                             f"{type(e).__name__}: {e}")
        get_logger().warning(f"{path}: Checkpoint ignored")
        return None
    if not fields["model_checkpoint_path"]:
        raise ValueError(f"Invalid checkpoint state loaded from {checkpoint_dir}")
    state = CheckpointState()
    state.model_checkpoint_path = os.path.join(checkpoint_dir, fields["model_checkpoint_path"])
    state.all_model_checkpoint_paths = [os.path.join(checkpoint_dir, p)
                                        for p in fields["all_model_checkpoint_paths"]]
    state.all_model_checkpoint_timestamps = fields["all_model_checkpoint_timestamps"]
    state.last_preserved_timestamp = fields["last_preserved_timestamp"]
    return state


def _record_state(directory, latest, paths, timestamps=(), last_preserved=None):
    """Write the 'checkpoint' file (paths relative to `directory`), fsynced, atomically."""
    directory = directory or "."
    lines = [f"model_checkpoint_path: {json.dumps(os.path.relpath(latest, directory), ensure_ascii=False)}"]
    lines += [f"all_model_checkpoint_paths: {json.dumps(os.path.relpath(p, directory), ensure_ascii=False)}"
              for p in paths]
    lines += [f"all_model_checkpoint_timestamps: {t!r}" for t in timestamps]
    if last_preserved is not None:
        lines.append(f"last_preserved_timestamp: {last_preserved!r}")
    path = os.path.join(directory, "checkpoint")
    tmp = _temp_name(path)
    try:
        _write_synced(tmp, lambda f: f.write(("\n".join(lines) + "\n").encode()))
        os.replace(tmp, path)
        _fsync_dir(directory)
    finally:
        _done_with([tmp])


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """tf.train.latest_checkpoint: the prefix the 'checkpoint' file names, if it exists."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path and \
            os.path.exists(state.model_checkpoint_path + ".index"):
        return state.model_checkpoint_path
    return None


class CheckpointManager:
    """tf.train.CheckpointManager(checkpoint, directory, max_to_keep,
    checkpoint_name='ckpt'): numbered saves, keeping the newest `max_to_keep` (all when
    None), picking up the directory's existing 'checkpoint' file."""

    def __init__(self, checkpoint, directory, max_to_keep, checkpoint_name="ckpt"):
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._maybe_delete = {}   # path -> timestamp, oldest first
        self._latest_checkpoint = None
        self._last_preserved = time.time()
        remove_stale_temps(self._directory)
        state = get_checkpoint_state(self._directory)
        if state is not None:
            self._latest_checkpoint = latest_checkpoint(self._directory)
            stamps = state.all_model_checkpoint_timestamps
            for i, path in enumerate(state.all_model_checkpoint_paths):
                self._maybe_delete[path] = stamps[i] if i < len(stamps) else self._last_preserved
            self._last_preserved = state.last_preserved_timestamp or self._last_preserved

    directory = property(lambda self: self._directory)
    checkpoint = property(lambda self: self._checkpoint)
    latest_checkpoint = property(lambda self: self._latest_checkpoint)
    checkpoints = property(lambda self: list(self._maybe_delete))

    def save(self, checkpoint_number=None):
        """Write `directory/checkpoint_name-N` (N: `checkpoint_number`, else the
        checkpoint's save_counter after counting this save); delete the oldest beyond
        max_to_keep; return the path."""
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = int(counter.numpy()) if checkpoint_number is None else int(checkpoint_number)
        path = self._checkpoint.write(f"{self._prefix}-{number}")
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest_checkpoint = path
        self._record()
        if self._max_to_keep is not None:
            while len(self._maybe_delete) > self._max_to_keep:
                old = next(iter(self._maybe_delete))
                del self._maybe_delete[old]
                for f in (old + ".index", _data_path(old)):
                    if os.path.exists(f):
                        os.remove(f)
            self._record()
        return path

    def _record(self):
        _record_state(self._directory, self._latest_checkpoint, list(self._maybe_delete),
                      list(self._maybe_delete.values()), self._last_preserved)
