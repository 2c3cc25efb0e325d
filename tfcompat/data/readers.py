"""tf.data's file readers: TextLineDataset, TFRecordDataset, FixedLengthRecordDataset.

As in TF, a reader is a dataset of file names (a str, a list or string Tensor of any rank,
or a Dataset of scalar strings) read one file after the other, or, with
`num_parallel_reads`, `num_parallel_reads` files at a time in TF's deterministic
interleaved order (AUTOTUNE: TF's parallel interleave cycle). Files are opened when
elements are pulled, so a missing file fails at ``next()`` (TF's NotFoundError); the
records themselves are read by ``record_io``. Argument types are checked when the
dataset is made, their values when it is read, as TF does.
"""
import itertools
import os

import numpy as np

from ..framework import dtypes, errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import Tensor
from . import record_io
from .iterator_ops import ElementError
from .dataset_ops import AUTOTUNE, UNKNOWN_CARDINALITY, Dataset

_SPEC = TensorSpec([], dtypes.string)


def _filenames(filenames):
    """TF's _create_or_validate_filenames_dataset: a Dataset of scalar file names."""
    if isinstance(filenames, Dataset):
        spec = filenames.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype != dtypes.string:
            dtype = getattr(spec, "dtype", spec)
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                            f"a dataset of `{dtype!r}` elements.")
        if not spec.shape.is_compatible_with([]):
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements of "
                            f"shape [] (i.e. scalars). Got a dataset of element shape "
                            f"{spec.shape!r}.")
        return filenames
    filenames = nest.map_structure(
        lambda f: os.fspath(f) if isinstance(f, os.PathLike) else f, filenames)
    if isinstance(filenames, (list, tuple)) and not filenames:
        filenames = np.empty(0, object)   # (dtype_hint=tf.string: no names)
    try:
        tensor = convert_to_tensor(filenames, dtype=dtypes.string)
    except (TypeError, ValueError):
        tensor = convert_to_tensor(filenames)
    if tensor.dtype != dtypes.string:
        raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                        f"`{tensor.dtype!r}` elements.")
    from .sources import _TensorSliceDataset
    return _TensorSliceDataset(np.asarray(tensor._value).reshape(-1))


def _string_param(value):
    """An optional tf.string argument (compression_type) as str; None is ''."""
    if value is None:
        return ""
    if isinstance(value, Tensor) and value.dtype == dtypes.string:
        value = np.asarray(value._value)[()]
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if not isinstance(value, str):
        raise TypeError(f"Expected string, but got {value} of type '{type(value).__name__}'.")
    return value


def _int_param(value, default):
    """An optional tf.int64 argument (sizes) as int; None is `default`."""
    if value is None:
        return default
    if isinstance(value, Tensor) and value.dtype.is_integer:
        return int(value.numpy())
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"Expected int64, but got {value} of type '{type(value).__name__}'.")
    return int(value)


class _Reader(Dataset):
    """A dataset of the records of files; subclasses implement ``_records(filename)``, a
    generator of the bytes records of one file."""

    _spec = _SPEC

    _count = itertools.count(1)

    def __init__(self, filenames, num_parallel_reads):
        self._filenames = _filenames(filenames)
        self._inputs = (self._filenames,)
        self._parallel = _int_param(num_parallel_reads, None)
        self._number = next(_Reader._count)

    def _check(self):
        """The checks of the arguments by TF's kernel making a file's dataset: raises
        record_io.kernel_error."""

    def _made_in_function(self, text):
        """TF's text for an error of a file's dataset: TF makes one dataset per file in a
        function of flat_map (interleave where reads are parallel), whose errors name
        that transformation and its iterator (as where the reader itself is iterated)."""
        if self._parallel is None:
            name, path = "FlatMapDataset", "Iterator::Root::Prefetch::FlatMap"
        elif self._parallel == AUTOTUNE:
            name, path = "ParallelInterleaveDatasetV4", "Iterator::Root::ParallelInterleaveV4"
        else:
            name, path = ("LegacyParallelInterleaveDatasetV2",
                          "Iterator::Root::Prefetch::LegacyParallelInterleaveV2")
        return (f"Error in user-defined function passed to {name}:{self._number} "
                f"transformation with iterator: {path}: {text}")

    def _file(self, flat):
        try:
            self._check()
        except ElementError as e:
            raise ElementError(e.cls, self._made_in_function(e.text)) from None
        for record in self._records(np.asarray(flat[0])[()]):
            out = np.empty((), object)
            out[()] = record
            yield [out]

    def _iter_flat(self):
        names = self._filenames._iter_flat()
        if self._parallel is None:
            for flat in names:
                yield from self._file(flat)
            return
        from .transformations import interleave, parallel_cycle_length
        cycle = (parallel_cycle_length(AUTOTUNE, AUTOTUNE) if self._parallel == AUTOTUNE
                 else self._parallel)
        yield from interleave(names, self._file, cycle, 1)

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


class _CompressedReader(_Reader):
    """A reader of files that may be GZIP/ZLIB compressed, read through a buffer."""

    def __init__(self, filenames, compression_type=None, buffer_size=None,
                 num_parallel_reads=None, name=None):
        super().__init__(filenames, num_parallel_reads)
        self._compression = _string_param(compression_type)
        self._buffer_size = _int_param(buffer_size, 0)


class TextLineDatasetV2(_CompressedReader):
    """tf.data.TextLineDataset: the lines of text files (without their b'\\n' or b'\\r\\n';
    a last line without newline included), GZIP/ZLIB compressed or not."""

    def _check(self):
        record_io.wbits(self._compression, "TextLineDataset")
        record_io.check_buffer_size(self._buffer_size, " (0 == default)", "TextLineDataset")

    def _records(self, filename):
        bits = record_io.wbits(self._compression)
        size = self._buffer_size or record_io.DEFAULT_BUFFER_SIZE
        with record_io.open_file(filename) as f:
            yield from record_io.text_lines(record_io.chunks(f, size, bits))


class TFRecordDatasetV2(_CompressedReader):
    """tf.data.TFRecordDataset: the records of TFRecord files (checksums verified);
    compression_type 'GZIP'/'ZLIB' (other values read the files as plain, as TF)."""

    def _check(self):
        if self._buffer_size != -1:   # (TF's kernel takes -1 for its default too)
            record_io.check_buffer_size(self._buffer_size, " (0 == no buffering)",
                                        "TFRecordDataset")

    def _records(self, filename):
        bits = record_io.wbits(self._compression)
        size = max(self._buffer_size, 0) or record_io.DEFAULT_BUFFER_SIZE
        with record_io.open_file(filename) as f:
            stream = record_io.Stream(record_io.chunks(f, size, bits))
            yield from record_io.tfrecords(stream, bits is not None)


class FixedLengthRecordDatasetV2(_Reader):
    """tf.data.FixedLengthRecordDataset: records of `record_bytes` bytes between a header
    and a footer of each file, GZIP/ZLIB compressed or not."""

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None,
                 buffer_size=None, compression_type=None, num_parallel_reads=None,
                 name=None):
        super().__init__(filenames, num_parallel_reads)
        if record_bytes is None:
            convert_to_tensor(record_bytes)   # (TF's ValueError for None)
        self._record_bytes = _int_param(record_bytes, None)
        self._header_bytes = _int_param(header_bytes, 0)
        self._footer_bytes = _int_param(footer_bytes, 0)
        self._buffer_size = _int_param(buffer_size, 0)
        self._compression = _string_param(compression_type)

    def _check(self):
        node = "FixedLengthRecordDatasetV2"
        for what, value, rule in (("header_bytes", self._header_bytes, ">= 0"),
                                  ("record_bytes", self._record_bytes, "> 0"),
                                  ("footer_bytes", self._footer_bytes, ">= 0"),
                                  ("buffer_size", self._buffer_size, ">= 0")):
            if value < 0 or (value == 0 and rule == "> 0"):
                raise record_io.kernel_error(errors.InvalidArgumentError,
                                             f"`{what}` must be {rule}", node)
        record_io.wbits(self._compression, node)

    def _records(self, filename):
        bits = record_io.wbits(self._compression)
        size = self._buffer_size or record_io.DEFAULT_BUFFER_SIZE
        with record_io.open_file(filename) as f:
            if bits is None:
                yield from record_io.fixed_length_records(
                    f, filename, self._record_bytes, self._header_bytes, self._footer_bytes,
                    size)
            else:
                yield from record_io.compressed_fixed_length_records(
                    record_io.Stream(record_io.chunks(f, size, bits)), filename,
                    self._record_bytes, self._header_bytes, self._footer_bytes)


TextLineDataset = TextLineDatasetV2
TFRecordDataset = TFRecordDatasetV2
FixedLengthRecordDataset = FixedLengthRecordDatasetV2
