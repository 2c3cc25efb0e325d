"""The TFRecord format, shared by tf.io (TFRecordWriter, decode_compressed), tf.data's
readers and tf.summary's event files: each record is a uint64 length, the masked CRC32C
of the length, the bytes, and the masked CRC32C of the bytes. Also zlib's errors as TF's
inflate() reports them."""
import struct

from ..framework import errors
from ..framework.crc32c import crc32c, masked_crc32c  # noqa: F401 - crc32c: re-exported

HEADER_BYTES = 12   # uint64 length + masked crc32c
FOOTER_BYTES = 4    # masked crc32c of the record

# ---------------------------------------------------------------------------
# Writing and reading records.


def tfrecord(data):
    """One TFRecord: the framing around the serialized message `data`."""
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", masked_crc32c(header)) + data +
            struct.pack("<I", masked_crc32c(data)))


def read_tfrecords(stream, compressed, error):
    """The records of a TFRecord file, as TFRecordDataset reads them: uint64 length, its
    masked crc32c, the data, the data's masked crc32c; both checksums verified
    (DataLossError, TF's messages). A partial header ends the file, as in TF.

    stream: has ``read(n)``, which returns fewer than `n` bytes only at the end.
    compressed: whether the file is (for the message of a truncated record).
    error: ``error(cls, message)``, the exception to raise for a corrupt file (`cls`:
      the tfcompat.errors class TF raises)."""
    offset = 0
    unpack_len, unpack_crc = struct.Struct("<Q").unpack, struct.Struct("<I").unpack
    while True:
        header = stream.read(HEADER_BYTES)
        if len(header) < HEADER_BYTES:
            return
        if masked_crc32c(header[:8]) != unpack_crc(header[8:])[0]:
            hint = " (Is this even a TFRecord file?)" if offset == 0 else ""
            raise error(errors.DataLossError, f"corrupted record at {offset}{hint}")
        (length,) = unpack_len(header[:8])
        data = stream.read(length + FOOTER_BYTES)
        if len(data) < length + FOOTER_BYTES:
            why = "EOF reached" if compressed else "Read less bytes than requested"
            raise error(errors.DataLossError,
                        f"truncated record at {offset}' failed with {why}")
        record = data[:length]
        if masked_crc32c(record) != unpack_crc(data[length:])[0]:
            raise error(errors.DataLossError, f"corrupted record at {offset + HEADER_BYTES}")
        yield record
        offset += HEADER_BYTES + length + FOOTER_BYTES


# ---------------------------------------------------------------------------
# Compressed files.


def inflate_message(e):
    """zlib's 'Error -3 while decompressing data: why' as TF's inflate() message."""
    text = str(e)
    head, _, why = text.partition(" while decompressing data: ")
    code = head.rpartition(" ")[2]
    return f"inflate() failed with error {code}: {why}" if why else text
