"""The files tf.data's readers read: byte streams (plain, GZIP or ZLIB), text lines,
TFRecord framing and fixed-length records, read as TF's kernels read them.

Each reader is a generator of ``bytes`` records for one file; a failure is an
`ElementError` carrying TF's error class and message (raised by the iterator as TF's
IteratorGetNext error), raised when the element is pulled, as in TF.
"""
import os
import zlib

from ..framework import errors
from ..framework.deprecation import warn_deprecated
from ..io.tf_record import TFRecordOptions
from ..ops.record_format import inflate_message, read_tfrecords
from .iterator_ops import ElementError

DEFAULT_BUFFER_SIZE = 256 * 1024          # TF's default read buffer of the readers
_WBITS = {"ZLIB": zlib.MAX_WBITS, "GZIP": zlib.MAX_WBITS + 16}


def kernel_error(cls, text, node):
    """A reader kernel's error at run time (TF's message names the dataset node)."""
    return ElementError(cls, f"{text}\n\t [[{{{{node {node}}}}}]]")


def check_buffer_size(buffer_size, text, node):
    if buffer_size < 0:
        raise kernel_error(errors.InvalidArgumentError, f"`buffer_size` must be >= 0{text}",
                           node)
    return buffer_size or DEFAULT_BUFFER_SIZE


def wbits(compression_type, node=None):
    """zlib's window bits for TF's compression_type ('' None: a plain file). `node`: the
    kernel that rejects other types (TFRecordDataset reads them as plain files, as TF)."""
    if compression_type in _WBITS:
        return _WBITS[compression_type]
    if compression_type and node is not None:
        raise kernel_error(errors.InvalidArgumentError, "Unsupported compression_type.", node)
    return None


def open_file(filename):
    """The file `filename` (bytes) opened for reading, or TF's error for it."""
    path = os.fsdecode(filename)
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise ElementError(errors.NotFoundError, f"{path}; No such file or directory") from None
    except IsADirectoryError:
        raise ElementError(errors.FailedPreconditionError, f"{path}; Is a directory") from None
    except PermissionError:
        raise ElementError(errors.PermissionDeniedError, f"{path}; Permission denied") from None
    except OSError as e:
        raise ElementError(errors.UnknownError, f"{path}; {e.strerror}") from None


def chunks(f, buffer_size, window_bits):
    """The (decompressed) bytes of the open file `f`, in chunks."""
    raw = iter(lambda: f.read(buffer_size), b"")
    return raw if window_bits is None else _inflate(raw, window_bits)


def _inflate(raw, window_bits):
    """Decompressed chunks; concatenated streams (GZIP members) are read one after the
    other, and a truncated last stream ends the data without error, as TF reads them."""
    d = zlib.decompressobj(window_bits)
    for chunk in raw:
        while chunk:
            try:
                out = d.decompress(chunk)
            except zlib.error as e:
                raise ElementError(errors.DataLossError, inflate_message(e)) from None
            if out:
                yield out
            chunk = b""
            if d.eof:
                chunk = d.unused_data
                d = zlib.decompressobj(window_bits)
    out = d.flush()
    if out:
        yield out


class Stream:
    """Exact-size reads over chunks of bytes."""

    def __init__(self, chunk_iter):
        self._chunks = chunk_iter
        self._buf = bytearray()
        self._pos = 0

    def peek(self, n):
        """Up to `n` next bytes (fewer only at the end), not consumed."""
        while len(self._buf) - self._pos < n:
            chunk = next(self._chunks, None)
            if chunk is None:
                break
            if self._pos:
                del self._buf[:self._pos]
                self._pos = 0
            self._buf += chunk
        return bytes(self._buf[self._pos:self._pos + n])

    def read(self, n):
        out = self.peek(n)
        self._pos += len(out)
        return out


# -- the record formats ------------------------------------------------------------------

def text_lines(chunk_iter):
    """TextLineDataset's lines: split at b'\\n', a trailing b'\\r' removed; a last line
    without newline is a line, an empty remainder after the last newline is not."""
    rest = b""
    for chunk in chunk_iter:
        parts = (rest + chunk).split(b"\n")
        rest = parts.pop()
        for line in parts:
            yield line[:-1] if line.endswith(b"\r") else line
    if rest:
        yield rest[:-1] if rest.endswith(b"\r") else rest


def tfrecords(stream, compressed):
    """TFRecordDataset's records of a `Stream` (ops/record_format.py reads the framing
    and verifies the checksums; its errors are ElementErrors)."""
    return read_tfrecords(stream, compressed, ElementError)


def _not_a_multiple(cls, filename, header_bytes, footer_bytes, body, record_bytes):
    return ElementError(
        cls, f"Excluding the header ({header_bytes} bytes) and footer ({footer_bytes} bytes), "
             f"input file \"{os.fsdecode(filename)}\" has body length {body % (1 << 64)} "
             f"bytes, which is not an exact multiple of the record length ({record_bytes} "
             "bytes).")


def fixed_length_records(f, filename, record_bytes, header_bytes, footer_bytes,
                         buffer_size):
    """FixedLengthRecordDataset's records of a plain file: the body (the file less header
    and footer, unsigned as in TF) must be a multiple of `record_bytes`
    (InvalidArgumentError before any record)."""
    body = os.fstat(f.fileno()).st_size - header_bytes - footer_bytes
    if body % (1 << 64) % record_bytes:
        raise _not_a_multiple(errors.InvalidArgumentError, filename, header_bytes,
                              footer_bytes, body, record_bytes)
    if body <= 0:
        return
    f.seek(header_bytes)
    stream = Stream(chunks(f, buffer_size, None))
    for _ in range(body // record_bytes):
        yield stream.read(record_bytes)


def compressed_fixed_length_records(stream, filename, record_bytes, header_bytes,
                                    footer_bytes):
    """FixedLengthRecordDataset's records of a compressed file, read ahead by the footer's
    size: a body that is not a multiple of `record_bytes` fails (DataLossError) after the
    whole records."""
    if len(stream.read(header_bytes)) < header_bytes:
        raise ElementError(errors.InternalError,
                           "FixedLengthRecordV2 returned `OutOfRange`. This indicates an "
                           "implementation error as `OutOfRange` errors are not expected to "
                           "be returned here. Original message: EOF reached")
    count = 0
    while True:
        ahead = len(stream.peek(record_bytes + footer_bytes))
        if ahead < record_bytes + footer_bytes:
            rest = ahead - footer_bytes
            if rest:
                raise _not_a_multiple(errors.DataLossError, filename, header_bytes,
                                      footer_bytes, count * record_bytes + rest, record_bytes)
            return
        yield stream.read(record_bytes)
        count += 1


# -- reading a TFRecord file outside tf.data ------------------------------------------------

def tf_record_iterator(path, options=None):
    """tf.compat.v1.io.tf_record_iterator (tensorflow.python.lib.io.tf_record; deprecated,
    with TF's warning): the records of the TFRecord file `path` as ``bytes``, `options` a
    TFRecordOptions or a compression type (see `records`)."""
    warn_deprecated("tf_record_iterator", "tensorflow.python.lib.io.tf_record",
                    "Use eager execution and: \n`tf.data.TFRecordDataset(path)`")
    return records(path, wbits(TFRecordOptions.get_compression_type_string(options)))


def records(path, window_bits=None):
    """An iterator of the records of the TFRecord file `path`, opened now (TF's
    NotFoundError ...); a corrupt or truncated record raises TF's DataLossError when it
    is reached."""
    try:
        f = open_file(path)
    except ElementError as e:
        raise e.cls(None, None, e.text) from None
    return _read(f, window_bits)


def _read(f, window_bits):
    with f:
        yield from read_tfrecords(Stream(chunks(f, DEFAULT_BUFFER_SIZE, window_bits)),
                                  window_bits is not None,
                                  lambda cls, text: cls(None, None, text))
