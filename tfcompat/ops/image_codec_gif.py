"""GIF bytes -> numpy frames, as TF's gif::Decode (tensorflow/core/lib/gif/gif_io.cc, over
giflib's DGifSlurp) gives them: [frames, height, width, 3] uint8, the canvas the largest
frame's size, each frame drawn over the previous one (the first over black), pixels of a
frame's transparent index (its Graphics Control Extension) left as they were, disposal
methods ignored (as TF ignores them).

Deliberate difference: a file whose image data ends early, or whose LZW codes are
defective, raises (giflib hands TF a raster partly uninitialised there).
"""
import numpy as np

__all__ = []

# giflib's GifErrorString texts
NOT_GIF = "Data is not in GIF format"
NO_SCREEN = "No screen descriptor detected"
NO_IMAGE = "No Image Descriptor detected"
READ_FAILED = "Failed to read from given file"
WRONG_RECORD = "Wrong record type detected"
EOF_TOO_SOON = "Image EOF detected before image complete"
DATA_TOO_BIG = "Image is defective, decoding aborted"


class GifError(Exception):
    """TF's error text after "Invalid GIF data (size N), "."""


class _Bytes:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n, during):
        if self.pos + n > len(self.data):
            raise _Short(during)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def word(self, during):
        return int.from_bytes(self.take(2, during), "little")

    def blocks(self, during):
        """The data sub-blocks up to the 0 terminator, joined."""
        parts = []
        while True:
            size = self.take(1, during)[0]
            if not size:
                return b"".join(parts)
            parts.append(self.take(size, during))


class _Short(Exception):
    """The data ended; `args[0]`: whether inside an image ("image") or between records."""


def _color_table(reader, packed, during):
    if not packed & 0x80:
        return None
    count = 2 << (packed & 7)
    return np.frombuffer(reader.take(3 * count, during), np.uint8).reshape(count, 3)


def _lzw(data, min_size, count):
    """GIF's LZW codes of `data` decoded to `count` indices (giflib's checks)."""
    if not 1 <= min_size <= 11:   # (giflib: a code size over 12 bits is defective)
        raise GifError(f"failed to slurp gif file: {DATA_TOO_BIG}")
    clear, end = 1 << min_size, (1 << min_size) + 1
    size, next_code = min_size + 1, end + 1
    prefix, suffix, first = [0] * 4096, [0] * 4096, [0] * 4096
    for i in range(clear):
        suffix[i] = first[i] = i
    out, prev = bytearray(), -1
    bits = nbits = pos = 0
    while len(out) < count:
        while nbits < size:
            if pos >= len(data):
                raise GifError(f"failed to slurp gif file: {EOF_TOO_SOON}")
            bits |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = bits & ((1 << size) - 1)
        bits >>= size
        nbits -= size
        if code == clear:
            size, next_code, prev = min_size + 1, end + 1, -1
            continue
        if code == end:
            raise GifError(f"failed to slurp gif file: {EOF_TOO_SOON}")
        if prev < 0:
            if code >= clear:
                raise GifError(f"failed to slurp gif file: {DATA_TOO_BIG}")
            out.append(code)
            prev = code
            continue
        if code < next_code:
            head = first[code]
        elif code == next_code:
            head = first[prev]
        else:
            raise GifError(f"failed to slurp gif file: {DATA_TOO_BIG}")
        if next_code < 4096:
            prefix[next_code], suffix[next_code], first[next_code] = prev, head, first[prev]
            next_code += 1
            if next_code == 1 << size and size < 12:
                size += 1
        string, c = bytearray(), code
        while c >= clear:
            string.append(suffix[c])
            c = prefix[c]
        string.append(c)
        out += string[::-1]
        prev = code
    return np.frombuffer(bytes(out[:count]), np.uint8)


def _deinterlace(raster, height):
    order = np.concatenate([np.arange(0, height, 8), np.arange(4, height, 8),
                            np.arange(2, height, 4), np.arange(1, height, 2)])
    out = np.empty_like(raster)
    out[order] = raster
    return out


def _frames(data):
    """[(left, top, raster [h, w], color table, transparent index)] of each image."""
    reader = _Bytes(data)
    if reader.take(6, "open")[:3] != b"GIF":
        raise GifError(f"failed to open gif file: {NOT_GIF}")
    try:
        reader.take(4, "screen")
        packed = reader.take(3, "screen")[0]
        global_table = _color_table(reader, packed, "screen")
    except _Short:
        raise GifError(f"failed to open gif file: {NO_SCREEN}") from None
    frames, transparent = [], None
    try:
        while True:
            kind = reader.take(1, "record")[0]
            if kind == 0x3B:
                break
            if kind == 0x21:
                label = reader.take(1, "record")[0]
                body = reader.blocks("record")
                if label == 0xF9 and len(body) >= 4 and transparent is None:
                    transparent = body[3] if body[0] & 1 else -1
            elif kind == 0x2C:
                left, top = reader.word("image"), reader.word("image")
                width, height = reader.word("image"), reader.word("image")
                packed = reader.take(1, "image")[0]
                table = _color_table(reader, packed, "image")
                min_size = reader.take(1, "image")[0]
                codes = reader.blocks("image")
                raster = _lzw(codes, min_size, width * height).reshape(height, width)
                if packed & 0x40:
                    raster = _deinterlace(raster, height)
                table = table if table is not None else global_table
                frames.append((left, top, raster, table,
                               -1 if transparent is None else transparent))
                transparent = None
            elif frames:   # (giflib fails, TF keeps the complete frames read)
                break
            else:
                raise GifError(f"failed to slurp gif file: {WRONG_RECORD}")
    except _Short as e:
        if e.args[0] == "image" or not frames:
            raise GifError(f"failed to slurp gif file: {READ_FAILED}") from None
    if not frames:
        raise GifError(f"failed to slurp gif file: {NO_IMAGE}")
    return frames


def decode(data, expand_animations=True):
    """The frames of the GIF `data`: [frames, height, width, 3] uint8 (one frame when
    `expand_animations` is False)."""
    try:
        frames = _frames(data)
    except _Short:
        raise GifError(f"failed to open gif file: {READ_FAILED}") from None
    height = max(f[2].shape[0] for f in frames)
    width = max(f[2].shape[1] for f in frames)
    frames = frames if expand_animations else frames[:1]
    out = np.zeros((len(frames), height, width, 3), np.uint8)
    for k, (left, top, raster, table, transparent) in enumerate(frames):
        if k:
            out[k] = out[k - 1]
        if table is None:
            raise GifError(f"missing color map for frame {k}")
        h, w = raster.shape
        rows = slice(max(top, 0), min(top + h, height))
        cols = slice(max(left, 0), min(left + w, width))
        if rows.stop <= rows.start or cols.stop <= cols.start:
            continue
        part = raster[rows.start - top:rows.stop - top, cols.start - left:cols.stop - left]
        opaque = part != transparent
        bad = part[opaque & (part >= len(table))]
        if bad.size:
            raise GifError(f"found color index {bad[0]} outside of color map range "
                           f"{len(table)}")
        view = out[k, rows, cols]
        view[opaque] = table[np.minimum(part, len(table) - 1)][opaque]
        if k == 0:
            view[~opaque] = 0
    return out
