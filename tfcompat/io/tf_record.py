"""tf.io.TFRecordWriter and tf.io.TFRecordOptions: TFRecord files (uint64 length, masked
CRC32C of it, the record, masked CRC32C of the record), plain or ZLIB/GZIP compressed
with TF's zlib settings (memory level 9, Z_PARTIAL_FLUSH on flush()), byte for byte as
TF writes them; tf.data.TFRecordDataset (TF's or tfcompat's) reads them.

Deliberate differences: only local files (ops/file_io.py); `flush_mode` other than
Z_NO_FLUSH and `compression_method` other than Z_DEFLATED raise ValueError; the buffer
sizes are accepted and do not change the bytes written.
"""
import zlib

from ..framework import errors
from ..ops import file_io
from ..ops.record_format import tfrecord


class TFRecordCompressionType:
    """TF's compression types of TFRecord files (plain ints, as in TF)."""
    NONE = 0
    ZLIB = 1
    GZIP = 2


class TFRecordOptions:
    """tf.io.TFRecordOptions: the compression of a TFRecord file and zlib's settings
    (None: TF's defaults)."""

    compression_type_map = {
        TFRecordCompressionType.ZLIB: "ZLIB",
        TFRecordCompressionType.GZIP: "GZIP",
        TFRecordCompressionType.NONE: "",
    }

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None,
                 output_buffer_size=None, window_bits=None, compression_level=None,
                 compression_method=None, mem_level=None, compression_strategy=None):
        self.get_compression_type_string(compression_type)
        self.compression_type = compression_type
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options):
        """'ZLIB', 'GZIP' or '' for a TFRecordOptions, TFRecordCompressionType or string."""
        if not options:
            return ""
        if isinstance(options, TFRecordOptions):
            return cls.get_compression_type_string(options.compression_type)
        if isinstance(options, TFRecordCompressionType):
            return cls.compression_type_map[options]
        if options in cls.compression_type_map:
            return cls.compression_type_map[options]
        if options in cls.compression_type_map.values():
            return options
        raise ValueError(f'Not a valid compression_type: "{options}"')

    def _compressor(self):
        """A zlib compressobj for the file, or None for a plain one."""
        kind = self.get_compression_type_string(self)
        if not kind:
            return None
        if self.flush_mode not in (None, zlib.Z_NO_FLUSH):
            raise ValueError(f"tfcompat: TFRecordOptions(flush_mode={self.flush_mode}) is not "
                             f"supported; only Z_NO_FLUSH (the default) is")
        if self.compression_method not in (None, zlib.DEFLATED):
            raise ValueError(f"tfcompat: TFRecordOptions(compression_method="
                             f"{self.compression_method}) is not supported; zlib has only "
                             f"Z_DEFLATED ({zlib.DEFLATED})")
        wbits = self.window_bits if self.window_bits is not None else (
            zlib.MAX_WBITS + 16 if kind == "GZIP" else zlib.MAX_WBITS)
        return zlib.compressobj(
            -1 if self.compression_level is None else self.compression_level, zlib.DEFLATED,
            wbits, 9 if self.mem_level is None else self.mem_level,
            zlib.Z_DEFAULT_STRATEGY if self.compression_strategy is None else
            self.compression_strategy)


class TFRecordWriter:
    """tf.io.TFRecordWriter: writes records (bytes or str) to a TFRecord file; also a
    context manager that closes it."""

    def __init__(self, path, options=None):
        if not isinstance(options, TFRecordOptions):
            options = TFRecordOptions(compression_type=options)
        self._compressor = options._compressor()
        local = _local(path)
        try:
            self._file = open(local, "wb")   # noqa: SIM115 - closed by close()
        except OSError as e:
            raise file_io.os_error(local, e).tf_error() from None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _check_open(self):
        if self._file is None:
            raise errors.FailedPreconditionError(None, None, "Writer is closed.")

    def write(self, record):
        """Write one record (bytes, or str as UTF-8)."""
        if isinstance(record, str):
            record = record.encode("utf-8")
        elif not isinstance(record, bytes):
            raise TypeError(
                "write(): incompatible function arguments. The following argument types are "
                "supported:\n    1. (self: tensorflow.python.lib.io._pywrap_record_io."
                f"RecordWriter, record: str) -> None\n\nInvoked with: {self!r}, {record!r}")
        self._check_open()
        data = tfrecord(record)
        self._file.write(data if self._compressor is None else self._compressor.compress(data))

    def flush(self):
        """Flush what was written to the file (compressed data: zlib's partial flush)."""
        self._check_open()
        if self._compressor is not None:
            self._file.write(self._compressor.flush(zlib.Z_PARTIAL_FLUSH))
        self._file.flush()

    def close(self):
        """Finish and close the file (a second close does nothing)."""
        if self._file is None:
            return
        if self._compressor is not None:
            self._file.write(self._compressor.flush())
        self._file.close()
        self._file = None


def _local(path):
    try:
        return file_io.local(path)
    except file_io.FileError as e:
        raise e.tf_error() from None
