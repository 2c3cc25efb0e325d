"""JPEG headers, as libjpeg's jpeg_read_header reads them for TF's ExtractJpegShape
(tensorflow/core/lib/jpeg/jpeg_mem.cc GetImageInfo): the markers from SOI up to the
first SOS, the frame's size and component count from its SOFn marker.
tfcompat does not decode JPEG pixels.
"""
import struct

__all__ = []

MAGIC = b"\xff\xd8\xff"
# SOFn markers: every 0xC0..0xCF but DHT (C4), JPG (C8) and DAC (CC)
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class JpegError(Exception):
    """Data libjpeg rejects (TF: "Invalid JPEG data, size N")."""


def shape(data):
    """[height, width, components] of the JPEG `data`."""
    if not data.startswith(b"\xff\xd8"):
        raise JpegError("Not a JPEG file")
    pos, frame = 2, None
    while True:
        while pos < len(data) and data[pos] != 0xFF:   # (libjpeg skips garbage bytes)
            pos += 1
        while pos < len(data) and data[pos] == 0xFF:
            pos += 1
        if pos >= len(data):
            raise JpegError("truncated")
        marker = data[pos]
        pos += 1
        if marker == 0xD9:
            raise JpegError("no image before EOI")
        if marker in (0x01, *range(0xD0, 0xD8)):   # (no length)
            continue
        if pos + 2 > len(data):
            raise JpegError("truncated")
        length = struct.unpack(">H", data[pos:pos + 2])[0]
        if length < 2 or pos + length > len(data):
            raise JpegError("bad length")
        body = data[pos + 2:pos + length]
        pos += length
        if marker in _SOF:
            if frame is not None or len(body) < 6:
                raise JpegError("bad SOF")
            _, height, width, components = struct.unpack(">BHHB", body[:6])
            if not height or not width or not components or len(body) < 6 + 3 * components:
                raise JpegError("bad SOF")
            frame = (height, width, components)
        elif marker == 0xDA:
            if frame is None:
                raise JpegError("SOS before SOF")
            return frame
