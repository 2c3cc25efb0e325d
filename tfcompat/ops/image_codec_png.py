"""PNG bytes <-> numpy images, as TF's libpng wrapper (tensorflow/core/lib/png/png_io.cc)
reads and writes them: pure numpy + zlib.

`decode` applies libpng's transformations in the order TF asks for them (CommonInitDecode):
palette and low bit depths expanded, tRNS turned into alpha or alpha stripped, a missing
alpha filled with (1 << bit_depth) - 1 (libpng's filler, so 1-bit gray with 4 channels has
alpha 1, as in TF), RGB -> gray with libpng's truncated integer weights (9797, 19234, 3737)
/ 32768 (16-bit: rounded), 16 -> 8 bits by dropping the low byte, 8 -> 16 by v * 257.
Deliberate difference: a gAMA chunk is ignored (libpng would gamma-correct RGB -> gray).

`encode` writes libpng 1.6's bytes: its adaptive filter choice, memLevel 9, Z_FILTERED,
a window fitted to small images, IDAT chunks of 8192 bytes (same bytes as TF where this
zlib deflates as TF's bundled zlib does).
"""
import struct
import zlib

import numpy as np

__all__ = []

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
          (1, 0, 2, 2), (0, 1, 1, 2))
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


class InitError(Exception):
    """Bad data before the image rows (TF: "Invalid PNG. Failed to initialize decoder.")."""


class DataError(Exception):
    """Bad image data (TF: "Invalid PNG data, size N")."""


class _Reader:
    """The chunks of a PNG file, read as libpng reads them (critical CRCs checked)."""

    def __init__(self, data, error):
        self.data, self.pos, self.error = data, len(SIGNATURE), error

    def chunk(self):
        if self.pos + 8 > len(self.data):
            raise self.error("truncated chunk header")
        length, kind = struct.unpack(">I4s", self.data[self.pos:self.pos + 8])
        end = self.pos + 12 + length
        # (libpng reads the first IDAT's data with the rows: errors there are data errors)
        error = DataError if kind == b"IDAT" else self.error
        if length > 0x7FFFFFFF or end > len(self.data):
            raise error("truncated chunk")
        body = self.data[self.pos + 8:end - 4]
        crc = struct.unpack(">I", self.data[end - 4:end])[0]
        self.pos = end
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            if not kind[0] & 0x20:
                raise error("CRC error")
            return kind, None   # (libpng drops an ancillary chunk with a bad CRC)
        return kind, body


class Header:
    """IHDR plus the PLTE and tRNS chunks read before the first IDAT."""

    def __init__(self, data):
        if not data.startswith(SIGNATURE):
            raise InitError("not a PNG")
        self.reader = _Reader(data, InitError)
        kind, body = self.reader.chunk()
        if kind != b"IHDR" or len(body) != 13:
            raise InitError("IHDR")
        (self.width, self.height, self.depth, self.color, comp, filt,
         self.interlace) = struct.unpack(">IIBBBBB", body)
        if (self.depth not in _DEPTHS.get(self.color, ()) or comp or filt or
                self.interlace > 1 or not 0 < self.width < 2 ** 31 or
                not 0 < self.height < 2 ** 31):
            raise InitError("IHDR values")
        self.palette, self.trns, self.first_idat = None, None, None
        while self.first_idat is None:
            kind, body = self.reader.chunk()
            if kind == b"PLTE" and self.color == 3:
                if len(body) % 3 or not 0 < len(body) <= 768:
                    raise InitError("PLTE length")
                palette = np.frombuffer(body, np.uint8).reshape(-1, 3)
                self.palette = palette[:1 << self.depth]
            elif kind == b"tRNS" and body is not None:
                self.trns = body if self._trns_ok(body) else None
            elif kind == b"IDAT":
                self.first_idat = body
            elif kind == b"IEND" or not kind[0] & 0x20:
                raise InitError(f"unexpected {kind!r}")
        if self.color == 3 and self.palette is None:
            raise InitError("missing PLTE")

    def _trns_ok(self, body):
        """libpng's checks on tRNS (an invalid one is dropped with a warning)."""
        if self.color == 3:
            return self.palette is not None and 0 < len(body) <= len(self.palette)
        return len(body) == {0: 2, 2: 6}.get(self.color)

    def channels(self):
        """The channels TF gives when `channels` is 0."""
        if self.color == 3:
            return 4 if self.trns is not None else 3
        return _SAMPLES[self.color]


def _unfilter(raw, rows, row_bytes, bpp):
    """The filtered scanlines `raw` (each a filter byte then `row_bytes`) unfiltered."""
    lines = np.frombuffer(raw, np.uint8)[:rows * (row_bytes + 1)].reshape(rows, row_bytes + 1)
    kinds = lines[:, 0]
    if kinds.max() > 4:
        raise DataError("bad filter")
    if kinds.max() >= 3:
        return _wavefront(lines, bpp)
    out = np.zeros((rows + 1, row_bytes), np.uint8)
    for y in range(rows):
        kind, line = kinds[y], lines[y, 1:]
        out[y + 1] = line if kind == 0 else _sub(line, bpp) if kind == 1 else line + out[y]
    return out[1:]


def _sub(line, bpp):
    pad = -len(line) % bpp
    cols = np.concatenate([line, np.zeros(pad, np.uint8)]).reshape(-1, bpp)
    return np.cumsum(cols, axis=0, dtype=np.uint8).ravel()[:len(line)]


def _wavefront(lines, bpp):
    """Rows with Average (3) or Paeth (4) filters: pixel (y, x) needs (y, x-1), (y-1, x)
    and (y-1, x-1), so each anti-diagonal y + x is unfiltered at once."""
    rows, row_bytes = lines.shape[0], lines.shape[1] - 1
    pixels = -(-row_bytes // bpp)
    filtered = np.zeros((rows, pixels * bpp), np.int32)
    filtered[:, :row_bytes] = lines[:, 1:]
    filtered = filtered.reshape(rows, pixels, bpp)
    kinds = lines[:, 0].astype(np.int32)
    out = np.zeros((rows + 1, pixels + 1, bpp), np.int32)   # (a zero row above, column left)
    for d in range(rows + pixels - 1):
        ys = np.arange(max(0, d - pixels + 1), min(rows, d + 1))
        xs = d - ys
        a, b, c = out[ys + 1, xs], out[ys, xs + 1], out[ys, xs]
        pa, pb, pc = np.abs(b - c), np.abs(a - c), np.abs(a + b - 2 * c)
        paeth = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
        kind = kinds[ys][:, None]
        pred = np.select([kind == 1, kind == 2, kind == 3, kind == 4],
                         [a, b, (a + b) >> 1, paeth], 0)
        out[ys + 1, xs + 1] = (filtered[ys, xs] + pred) & 255
    return out[1:, 1:].reshape(rows, -1)[:, :row_bytes].astype(np.uint8)


def _samples(lines, width, depth, n):
    """Unfiltered rows as [rows, width, n] samples (uint16 at depth 16)."""
    if depth == 16:
        return lines.view(">u2").astype(np.uint16).reshape(len(lines), width, n)
    if depth == 8:
        return lines.reshape(len(lines), width, n)
    bits = np.unpackbits(lines, axis=1).reshape(len(lines), -1, depth)
    weights = (1 << np.arange(depth - 1, -1, -1)).astype(np.uint8)
    values = (bits * weights).sum(axis=2, dtype=np.uint8)
    return values[:, :width * n].reshape(len(lines), width, n)


def _pixels(head, stream):
    """The image's samples [height, width, samples] from the decompressed `stream`."""
    n = _SAMPLES[head.color]
    bpp = max(1, n * head.depth // 8)
    passes = _ADAM7 if head.interlace else ((0, 0, 1, 1),)
    dtype = np.uint16 if head.depth == 16 else np.uint8
    image = np.zeros((head.height, head.width, n), dtype)
    pos = 0
    for x0, y0, dx, dy in passes:
        w = (head.width - x0 + dx - 1) // dx
        h = (head.height - y0 + dy - 1) // dy
        if w <= 0 or h <= 0:
            continue
        row_bytes = (w * n * head.depth + 7) // 8
        size = h * (row_bytes + 1)
        if pos + size > len(stream):
            raise DataError("Not enough image data")
        lines = _unfilter(stream[pos:pos + size], h, row_bytes, bpp)
        image[y0::dy, x0::dx] = _samples(lines, w, head.depth, n)
        pos += size
    return image


def _stream(head):
    """The decompressed IDAT data; the chunks after it read up to IEND."""
    reader = head.reader
    reader.error = DataError
    inflater = zlib.decompressobj()
    parts, body = [], head.first_idat
    try:
        while True:
            parts.append(inflater.decompress(body))
            kind, body = reader.chunk()
            if kind != b"IDAT":
                break
        while kind != b"IEND":
            kind, _ = reader.chunk()
    except zlib.error as e:
        raise DataError(str(e)) from None
    return b"".join(parts)


def _gray(rgb, depth):
    """libpng's png_do_rgb_to_gray without gamma (weights 0.299, 0.587 as 15-bit ints)."""
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    total = 9797 * r + 19234 * g + 3737 * b
    if depth == 16:
        total += 16384
    gray = np.where((r == g) & (r == b), r, total >> 15)
    return gray.astype(rgb.dtype)[..., None]


def decode(data, channels, bits):
    """`data` decoded as TF's DecodePng kernel does: [height, width, C] uint8 (bits 8) or
    uint16 (bits 16), C = `channels` or the image's own count when it is 0."""
    head = Header(data)
    channels = channels or head.channels()
    raw = _pixels(head, _stream(head))
    depth, color, maximum = head.depth, head.color, (1 << head.depth) - 1
    alpha = None
    if color == 3:
        palette = np.zeros((256, 3), np.uint8)
        palette[:len(head.palette)] = head.palette[:256]
        index = raw[..., 0]
        pixels = palette[index]
        if head.trns is not None:
            table = np.full(256, 255, np.uint8)
            table[:len(head.trns)] = np.frombuffer(head.trns[:256], np.uint8)
            alpha = table[index][..., None]
        depth, maximum = 8, maximum if head.trns is None else 255
    else:
        has_alpha = color in (4, 6)
        pixels = raw[..., :-1] if has_alpha else raw
        if has_alpha:
            alpha = raw[..., -1:]
        elif head.trns is not None:
            key = np.frombuffer(head.trns[:2 * pixels.shape[-1]], ">u2").astype(np.int64)
            if len(key) == pixels.shape[-1]:
                match = np.all(pixels == (key & maximum), axis=-1, keepdims=True)
                alpha = np.where(match, 0, maximum).astype(pixels.dtype)
        if depth < 8:
            pixels = (pixels * (255 // maximum)).astype(np.uint8)
            if alpha is not None:
                alpha = (alpha * (255 // maximum)).astype(np.uint8)
            depth = 8
    if channels % 2 == 0 and alpha is None:
        alpha = np.full(pixels.shape[:2] + (1,), maximum, pixels.dtype)
    if channels < 3 and pixels.shape[-1] == 3:
        pixels = _gray(pixels, depth)
    elif channels >= 3 and pixels.shape[-1] == 1:
        pixels = np.repeat(pixels, 3, axis=-1)
    out = np.concatenate([pixels, alpha], axis=-1) if channels % 2 == 0 else pixels
    if depth == 16 and bits == 8:
        return (out >> 8).astype(np.uint8)
    if depth == 8 and bits == 16:
        return out.astype(np.uint16) * np.uint16(257)
    return out


def _candidates(rows, bpp):
    """Each row filtered by None, Sub, Up, Average and Paeth: [5, height, row_bytes]."""
    x = rows.astype(np.int16)
    a = np.zeros_like(x)
    a[:, bpp:] = x[:, :-bpp]
    b = np.zeros_like(x)
    b[1:] = x[:-1]
    c = np.zeros_like(x)
    c[:, bpp:] = b[:, :-bpp]
    pa, pb, pc = np.abs(b - c), np.abs(a - c), np.abs(a + b - 2 * c)
    paeth = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
    return (np.stack([x, x - a, x - b, x - ((a + b) >> 1), x - paeth]) & 255).astype(np.uint8)


def _filtered(rows, bpp, channels):
    """libpng's adaptive filtering (png_write_find_filter): per row, the filter whose
    bytes, read as signed, have the least sum of absolute values (ties: the first)."""
    allowed = [True] * 5
    if len(rows) == 1:
        allowed[2] = allowed[3] = allowed[4] = False
    if rows.shape[1] == bpp and channels == 1:
        allowed[1] = allowed[3] = allowed[4] = False
    candidates = _candidates(rows, bpp)
    cost = np.where(candidates < 128, candidates, 256 - candidates.astype(np.int64)).sum(axis=2)
    cost[~np.array(allowed)] = np.iinfo(np.int64).max
    best = np.argmin(cost, axis=0)
    chosen = candidates[best, np.arange(len(rows))]
    return np.concatenate([best.astype(np.uint8)[:, None], chosen], axis=1).tobytes()


def _zlib_stream(data, level):
    """`data` deflated as libpng 1.6 does for IDAT: memLevel 9, Z_FILTERED, the window
    shrunk for small images and the header's CINFO then lowered (optimize_cmf)."""
    size, bits = len(data), 15
    if size <= 16384:
        while size + 262 <= 1 << (bits - 1):
            bits -= 1
    compressor = zlib.compressobj(level, zlib.DEFLATED, max(bits, 9), 9, zlib.Z_FILTERED)
    stream = bytearray(compressor.compress(data) + compressor.flush())
    if size <= 16384 and stream[0] & 0x0F == 8 and stream[0] & 0xF0 <= 0x70:
        cinfo = stream[0] >> 4
        half = 1 << (cinfo + 7)
        if size <= half:
            while cinfo > 0 and size <= half:
                half >>= 1
                cinfo -= 1
            stream[0] = stream[0] & 0x0F | cinfo << 4
            flags = stream[1] & 0xE0
            stream[1] = flags + 0x1F - ((stream[0] << 8) + flags) % 0x1F
    return bytes(stream)


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def encode(image, level=-1):
    """PNG bytes of a uint8 or uint16 [height, width, channels] image (1 to 4 channels)
    as TF's libpng writes them: adaptive filters, zlib `level` (-1: zlib's default),
    IDAT chunks of 8192 bytes."""
    height, width, channels = image.shape
    depth = 16 if image.dtype == np.uint16 else 8
    color_type = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    rows = np.ascontiguousarray(image, ">u2" if depth == 16 else np.uint8)
    rows = rows.view(np.uint8).reshape(height, -1)
    stream = _zlib_stream(_filtered(rows, channels * depth // 8, channels), level)
    idat = b"".join(_chunk(b"IDAT", stream[i:i + 8192]) for i in range(0, len(stream), 8192))
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + idat + _chunk(b"IEND", b"")
