"""tf.data.Dataset.save and Dataset.load (tf.data.experimental.save / load, deprecated):
TF's snapshot files, as its SaveDataset and LoadDataset kernels write and read them, so
that either library reads what the other saved.

    PATH/dataset_spec.pb           the element_spec, a StructuredValue (nested_structure_coder)
    PATH/snapshot.metadata         SnapshotMetadataRecord: run id, file format version 2,
                                   the components' dtypes, the number of elements, finalized
    PATH/RUN_ID/%08d.shard/00000000.snapshot
                                   a TFRecord file (plain, GZIP or ZLIB), one record per
                                   component of each element: its TensorProto (tensor_content)

Without a shard_func every element goes to shard 0 (TF's SaveDataset restarts its shard
counter at each element); with one, to the shard of the int64 it returns. Load lists the
shard folders in order and gives reader_func a dataset of one dataset per shard (TF's
default reader_func interleaves them over cycle_length=multiprocessing.cpu_count()).

Differs from TF: save runs eagerly only (TF stages a SaveDataset op inside tf.function),
without `checkpoint_args`; only dense tensor components are written (TF writes a ragged
or sparse component as a variant tensor); SNAPPY compression is not implemented. Each
raises an error that says so."""
import multiprocessing
import os
import secrets
import time

import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.deprecation import warn_deprecated
from ..framework.nested_structure_coder import StructuredValue, decode_proto, encode_structure
from ..framework.proto_decode import fields
from ..framework.tensor_spec import TensorSpec
from ..io.tf_record import TFRecordOptions, TFRecordWriter
from ..ops.proto_wire import bytes_field, tensor_content_proto, tensor_from_proto, varint, \
    varint_field
from . import record_io, structure
from .dataset_ops import AUTOTUNE, UNKNOWN_CARDINALITY, Dataset
from .dataset_spec import DatasetSpec
from .functions import StructuredFunction
from .iterator_ops import ElementError, next_flat
from .none_structure import NONE, is_none_spec

DATASET_SPEC_FILENAME = "dataset_spec.pb"
_METADATA = "snapshot.metadata"
_VERSION = 2   # (SaveDatasetOp::kFileFormatVersion: TFRecord files)


def _path(path):
    return os.fsdecode(convert_to_tensor(path, dtypes.string).numpy())


def _compression(compression):
    value = "" if compression is None else convert_to_tensor(
        compression, dtypes.string).numpy().decode()
    if value == "SNAPPY":
        raise errors.UnimplementedError(None, None, "tfcompat does not implement SNAPPY "
                                        "compression of tf.data snapshots (GZIP and ZLIB "
                                        "are)")
    return value


def _dense_specs(element_spec, what):
    """The element's flat specs; TypeError where a component is not a dense tensor."""
    specs = structure.flat_specs(element_spec)
    for spec in specs:
        if type(spec) is not TensorSpec and not is_none_spec(spec):
            raise TypeError(f"tfcompat's {what} handles dense tensor components only; the "
                            f"element_spec holds {spec!r} (TF writes it as a variant tensor, "
                            f"which tfcompat does not implement)")
    return specs


def _write_metadata(path, run_id, specs, num_elements, finalized):
    record = (bytes_field(2, str(run_id)) + varint_field(3, int(time.time() * 1e6)) +
              varint_field(4, _VERSION) +
              bytes_field(5, b"".join(varint(s.dtype.as_datatype_enum) for s in specs
                                      if not is_none_spec(s))) +
              varint_field(6, num_elements) + varint_field(1000, finalized))
    tmp = os.path.join(path, f"{_METADATA}.tmp{secrets.randbits(32)}")
    with open(tmp, "wb") as f:
        f.write(record)
    os.replace(tmp, os.path.join(path, _METADATA))


def _shard_index(shard_func, flat):
    out = shard_func(flat)
    if len(out) != 1 or np.asarray(out[0]).dtype != np.int64 or np.asarray(out[0]).size != 1:
        raise errors.op_error(errors.InvalidArgumentError, "SaveDataset",
                              "`shard_func` must return a scalar int64.",
                              kernel="SaveDataset_Tshard_func_args_0")
    return int(np.asarray(out[0]).reshape(()))


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """tf.data.Dataset.save: write the dataset's elements to `path` (see the module)."""
    if checkpoint_args:
        raise NotImplementedError("tfcompat does not implement tf.data.Dataset.save's "
                                  "checkpoint_args")
    if not executing_eagerly():
        raise NotImplementedError("tfcompat's tf.data.Dataset.save runs eagerly only: call "
                                  "it outside tf.function")
    spec = dataset.element_spec
    specs = _dense_specs(spec, "tf.data.Dataset.save")
    sharder = None if shard_func is None else StructuredFunction(shard_func, spec, "save()")
    path, compression = _path(path), _compression(compression)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, DATASET_SPEC_FILENAME), "wb") as f:
        f.write(encode_structure(spec).SerializeToString())
    run_id = secrets.randbits(64)
    run_dir = os.path.join(path, str(run_id))
    os.makedirs(run_dir, exist_ok=True)
    _write_metadata(path, run_id, specs, 0, False)
    writers, count, it = {}, 0, dataset._iter_flat()
    try:
        while True:
            try:
                flat = next_flat(it, spec)
            except StopIteration:
                break
            count += 1
            shard = 0 if sharder is None else _shard_index(sharder, flat)
            if shard not in writers:
                folder = os.path.join(run_dir, "%08d.shard" % shard)
                os.makedirs(folder, exist_ok=True)
                writers[shard] = TFRecordWriter(os.path.join(folder, "00000000.snapshot"),
                                                TFRecordOptions(compression_type=compression))
            for s, array in zip(specs, flat):
                if not is_none_spec(s):
                    writers[shard].write(tensor_content_proto(np.asarray(array)))
    finally:
        for writer in writers.values():
            writer.close()
    _write_metadata(path, run_id, specs, count, True)


def experimental_save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """tf.data.experimental.save (deprecated for Dataset.save, with TF's warning)."""
    warn_deprecated("save", "tensorflow.python.data.experimental.ops.io",
                    "Use `tf.data.Dataset.save(...)` instead.")
    return save(dataset, path, compression, shard_func, checkpoint_args)


class _ShardDataset(Dataset):
    """The elements of one shard folder's snapshot files, in order."""

    def __init__(self, folder, spec, specs, compression):
        self._folder, self._spec, self._specs = folder, spec, specs
        self._bits = record_io.wbits(compression)

    def _iter_flat(self):
        n = sum(not is_none_spec(s) for s in self._specs)
        for name in sorted(f for f in os.listdir(self._folder) if f.endswith(".snapshot")):
            with record_io.open_file(os.path.join(self._folder, name)) as f:
                records = record_io.tfrecords(record_io.Stream(record_io.chunks(
                    f, record_io.DEFAULT_BUFFER_SIZE, self._bits)), self._bits is not None)
                while True:
                    tensors = [r for _, r in zip(range(n), records)]
                    if len(tensors) < n:   # (TF's reader ends at a partial element)
                        break
                    yield self._element(tensors)

    def _element(self, tensors):
        """One element of its components' TensorProtos, each checked against its spec
        (TF checks the dtype; tfcompat the shape too)."""
        arrays = iter(tensor_from_proto(t) for t in tensors)
        flat = []
        for spec in self._specs:
            if is_none_spec(spec):
                flat.append(NONE)
                continue
            dtype, array = next(arrays)
            if dtype != spec.dtype:
                raise ElementError(errors.InvalidArgumentError,
                                   f"Data type mismatch at component {len(flat)}: expected "
                                   f"{spec.dtype.name} but got {dtype.name}.")
            if not spec.shape.is_compatible_with(array.shape):
                raise ElementError(errors.InvalidArgumentError,
                                   f"tfcompat: component {len(flat)} of the snapshot has "
                                   f"shape {list(array.shape)}, which the element_spec's "
                                   f"{spec.shape} does not describe.")
            flat.append(array)
        return flat

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


class _ShardsDataset(Dataset):
    """The dataset of the shards' datasets that reader_func reads (listed when iterated)."""

    def __init__(self, run_dir, spec, compression):
        self._run_dir, self._element_spec = run_dir, spec
        self._specs = _dense_specs(spec, "tf.data.Dataset.load")
        self._compression = compression
        self._spec = DatasetSpec(spec)

    def _iter_flat(self):
        folders = sorted(f for f in os.listdir(self._run_dir) if f.endswith(".shard"))
        for folder in folders:
            yield [_ShardDataset(os.path.join(self._run_dir, folder), self._element_spec,
                                 self._specs, self._compression)]

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _read_metadata(path):
    try:
        with open(os.path.join(path, _METADATA), "rb") as f:
            buf = f.read()
    except FileNotFoundError:
        e = errors.op_error(errors.NotFoundError, "LoadDataset",
                            f"Could not find metadata file [{path}]",
                            kernel="LoadDataset_Treader_func_args_0")
        raise type(e)(None, None, e.message.removesuffix(" name: ")) from None
    record = {number: value for number, _, value in fields(buf)}
    return record.get(2, b"").decode(), record.get(4, 0), record.get(6, 0)


def _element_spec(path):
    name = os.path.join(path, DATASET_SPEC_FILENAME)
    if not os.path.exists(name):
        raise errors.NotFoundError(None, None,
                                   f"tf.data snapshot element_spec file not found: {name}.")
    with open(name, "rb") as f:
        return decode_proto(StructuredValue.FromString(f.read()))


def _default_reader(datasets):
    return datasets.interleave(_identity, cycle_length=multiprocessing.cpu_count(),
                               num_parallel_calls=AUTOTUNE)


def _identity(x):
    return x


class _LoadDataset(Dataset):
    """tf.data.Dataset.load's dataset: reader_func's dataset over the shards, of the saved
    (or given) element_spec and the saved number of elements."""

    def __init__(self, path, element_spec, compression, reader_func):
        run_id, version, self._count = _read_metadata(path)
        if version != _VERSION:
            raise errors.UnimplementedError(None, None, f"tfcompat reads tf.data snapshots "
                                            f"of file format version {_VERSION}; {path} is "
                                            f"of version {version}")
        self._spec = element_spec
        shards = _ShardsDataset(os.path.join(path, run_id), element_spec,
                                _compression(compression))
        self._reader = (reader_func or _default_reader)(shards)
        if not isinstance(self._reader, Dataset):
            raise TypeError(f"`reader_func` must return a `tf.data.Dataset` object; got "
                            f"{type(self._reader).__name__}.")
        self._inputs = (self._reader,)

    def _iter_flat(self):
        return self._reader._iter_flat()

    def _cardinality(self):
        return self._count


def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
    """tf.data.Dataset.load: the dataset saved at `path` (see the module). `wait` polls
    every 5 seconds until the snapshot exists, as TF's."""
    path = _path(path)
    while True:
        try:
            spec = _element_spec(path) if element_spec is None else element_spec
            return _LoadDataset(path, spec, compression, reader_func)
        except errors.NotFoundError:
            if not wait:
                raise
            time.sleep(5)


def experimental_load(path, element_spec=None, compression=None, reader_func=None):
    """tf.data.experimental.load (deprecated for Dataset.load, with TF's warning)."""
    warn_deprecated("load", "tensorflow.python.data.experimental.ops.io",
                    "Use `tf.data.Dataset.load(...)` instead.")
    return load(path, element_spec, compression, reader_func)
