"""Pixels -> JPEG bytes, byte for byte as TF's jpeg::Compress (jpeg_mem.cc) writes them
with libjpeg-turbo: a JFIF APP0 (TF's density), an XMP APP1, quantization tables scaled
by quality (jcparam.c), baseline sequential Huffman coding with the standard tables
(jstdhuff.c), RGB -> YCbCr (jccolor.c), 2x2 chroma downsampling (jcsample.c
h2v2_downsample, edges replicated as jcprepct.c pads them), the ISLOW forward DCT
(jfdctint.c) and libjpeg-turbo's reciprocal quantization (jcdctmgr.c).

Not written (NotImplementedError naming it): progressive JPEG and optimized Huffman
tables (TF's `progressive` and `optimize_size`).
"""
import numpy as np

from .image_codec_jpeg import ZIGZAG

__all__ = []

_LUMA_QT = (16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
            14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
            18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
            49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99)
_CHROMA_QT = (17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
              24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99) + (99,) * 32
# jstdhuff.c's tables as DHT bodies: luma DC, luma AC, chroma DC, chroma AC
_DHT = [bytes.fromhex(h) for h in (
    "0000010501010101010100000000000000000102030405060708090a0b",
    "100002010303020403050504040000017d01020300041105122131410613516107227114328191a1"
    "082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748"
    "494a535455565758595a636465666768696a737475767778797a838485868788898a929394959697"
    "98999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1"
    "e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa",
    "0100030101010101010101010000000000000102030405060708090a0b",
    "1100020102040403040705040400010277000102031104052131061241510761711322328108144291"
    "a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748"
    "494a535455565758595a636465666768696a737475767778797a82838485868788898a9293949596"
    "9798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9da"
    "e2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa")]


def _codes(body):
    """{symbol: (code, length)} of a DHT body (its class/id byte first)."""
    counts, symbols = body[1:17], body[17:]
    out, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(counts[length - 1]):
            out[symbols[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return out


_CODES = [_codes(b) for b in _DHT]


def _fix(x):
    return int(x * (1 << 13) + 0.5)


def _descale(x, n):
    return (x + (1 << (n - 1))) >> n


def quant_table(basic, quality):
    """jpeg_set_quality's table: jpeg_quality_scaling, then jpeg_add_quant_table
    (force_baseline)."""
    quality = min(max(quality, 1), 100)
    scale = 5000 // quality if quality < 50 else 200 - quality * 2
    return np.clip((np.array(basic, np.int64) * scale + 50) // 100, 1, 255)


def _fdct(blocks):
    """jfdctint.c on [..., 8, 8] samples minus 128: rows, then columns."""
    def one_d(d, first):
        tmp0, tmp7 = d[0] + d[7], d[0] - d[7]
        tmp1, tmp6 = d[1] + d[6], d[1] - d[6]
        tmp2, tmp5 = d[2] + d[5], d[2] - d[5]
        tmp3, tmp4 = d[3] + d[4], d[3] - d[4]
        tmp10, tmp13, tmp11, tmp12 = tmp0 + tmp3, tmp0 - tmp3, tmp1 + tmp2, tmp1 - tmp2
        n = 11 if first else 15
        out = [None] * 8
        if first:
            out[0], out[4] = (tmp10 + tmp11) << 2, (tmp10 - tmp11) << 2
        else:
            out[0], out[4] = _descale(tmp10 + tmp11, 2), _descale(tmp10 - tmp11, 2)
        z1 = (tmp12 + tmp13) * _fix(0.541196100)
        out[2] = _descale(z1 + tmp13 * _fix(0.765366865), n)
        out[6] = _descale(z1 + tmp12 * -_fix(1.847759065), n)
        z1, z2, z3, z4 = tmp4 + tmp7, tmp5 + tmp6, tmp4 + tmp6, tmp5 + tmp7
        z5 = (z3 + z4) * _fix(1.175875602)
        tmp4, tmp5 = tmp4 * _fix(0.298631336), tmp5 * _fix(2.053119869)
        tmp6, tmp7 = tmp6 * _fix(3.072711026), tmp7 * _fix(1.501321110)
        z1, z2 = z1 * -_fix(0.899976223), z2 * -_fix(2.562915447)
        z3, z4 = z3 * -_fix(1.961570560) + z5, z4 * -_fix(0.390180644) + z5
        out[7] = _descale(tmp4 + z1 + z3, n)
        out[5] = _descale(tmp5 + z2 + z4, n)
        out[3] = _descale(tmp6 + z2 + z3, n)
        out[1] = _descale(tmp7 + z1 + z4, n)
        return out
    rows = np.stack(one_d([blocks[..., k] for k in range(8)], True), -1)
    return np.stack(one_d([rows[..., k, :] for k in range(8)], False), -2)


def _quantize(coef, qt):
    """jcdctmgr.c quantize with compute_reciprocal's divisors (qt << 3)."""
    out = np.empty_like(coef)
    for i in range(64):
        divisor = int(qt[i]) << 3
        if divisor == 1:
            recip, corr, shift = 1, 0, -16
        else:
            r = 16 + divisor.bit_length() - 1
            fq, fr = divmod(1 << r, divisor)
            c = divisor // 2
            if fr == 0:
                fq >>= 1
                r -= 1
            elif fr <= divisor // 2:
                c += 1
            else:
                fq += 1
            recip, corr, shift = fq, c, r - 16
        v = coef[..., i]
        mag = ((np.abs(v) + corr) * recip) >> (shift + 16)
        out[..., i] = np.where(v < 0, -mag, mag)
    return out


def _pad(plane, rows, cols):
    """`plane` with its last row and column repeated out to rows x cols."""
    return np.pad(plane, ((0, rows - plane.shape[0]), (0, cols - plane.shape[1])), "edge")


def _rgb_ycc(rgb):
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    f = lambda x: int(x * 65536 + 0.5)   # noqa: E731 - jccolor.c's FIX(x)
    half = 1 << 15
    y = (f(0.29900) * r + f(0.58700) * g + f(0.11400) * b + half) >> 16
    cb = (-f(0.16874) * r - f(0.33126) * g + f(0.5) * b + (128 << 16) + half - 1) >> 16
    cr = (f(0.5) * r - f(0.41869) * g - f(0.08131) * b + (128 << 16) + half - 1) >> 16
    return [y, cb, cr]


def _h2v2(plane, out_cols):
    """jcsample.c h2v2_downsample: 2x2 sums plus the alternating bias 1, 2."""
    p = _pad(plane, plane.shape[0] + plane.shape[0] % 2, out_cols * 2)
    s = p[0::2, 0::2] + p[0::2, 1::2] + p[1::2, 0::2] + p[1::2, 1::2]
    bias = np.tile([1, 2], out_cols)[:out_cols]
    return (s + bias) >> 2


class _Writer:
    """Huffman-coded bits with 0xFF byte stuffing (jchuff.c)."""

    def __init__(self):
        self.out, self.acc, self.nb = bytearray(), 0, 0

    def bits(self, code, n):
        self.acc = (self.acc << n) | (code & ((1 << n) - 1))
        self.nb += n
        while self.nb >= 8:
            self.nb -= 8
            byte = (self.acc >> self.nb) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0)
        self.acc &= (1 << self.nb) - 1

    def flush(self):
        self.bits(0x7F, 7)   # (pad with 1 bits)
        self.acc = self.nb = 0


def _block(w, zz, last_dc, dc, ac):
    diff = zz[0] - last_dc
    mag = abs(diff)
    n = mag.bit_length()
    w.bits(*dc[n])
    if n:
        w.bits(diff if diff >= 0 else diff - 1, n)
    run = 0
    for k in range(1, 64):
        v = zz[k]
        if not v:
            run += 1
            continue
        while run > 15:
            w.bits(*ac[0xF0])
            run -= 16
        n = abs(v).bit_length()
        w.bits(*ac[(run << 4) | n])
        w.bits(v if v >= 0 else v - 1, n)
        run = 0
    if run:
        w.bits(*ac[0])
    return zz[0]


def _marker(code, body):
    return bytes([0xFF, code]) + (len(body) + 2).to_bytes(2, "big") + body


def encode(image, quality, chroma_downsampling, density_unit, x_density, y_density, xmp):
    """The JPEG of the uint8 [height, width, 1 or 3] `image`."""
    h, w, channels = image.shape
    gray = channels == 1
    qts = [quant_table(_LUMA_QT, quality)] + ([] if gray else [quant_table(_CHROMA_QT,
                                                                           quality)])
    sub = 2 if chroma_downsampling and not gray else 1
    head = bytearray(b"\xff\xd8")
    head += _marker(0xE0, b"JFIF\0\x01\x01" + bytes([density_unit])
                    + x_density.to_bytes(2, "big") + y_density.to_bytes(2, "big") + b"\0\0")
    if xmp:
        head += _marker(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp)
    for t, qt in enumerate(qts):
        head += _marker(0xDB, bytes([t]) + bytes(int(qt[z]) for z in ZIGZAG[:64]))
    comps = [(1, sub, 0)] if gray else [(1, sub, 0), (2, 1, 1), (3, 1, 1)]
    head += _marker(0xC0, bytes([8]) + h.to_bytes(2, "big") + w.to_bytes(2, "big")
                    + bytes([len(comps)])
                    + b"".join(bytes([i, s * 17, t]) for i, s, t in comps))
    for t in range(len(qts)):
        head += _marker(0xC4, _DHT[2 * t]) + _marker(0xC4, _DHT[2 * t + 1])
    head += _marker(0xDA, bytes([len(comps)]) + b"".join(bytes([i, t * 17]) for i, _, t in comps)
                    + b"\x00\x3f\x00")
    planes = [image[..., 0].astype(np.int64)] if gray else _rgb_ycc(image)
    mcux, mcuy = -(-w // (8 * sub)), -(-h // (8 * sub))
    blocks = []   # per component: [block rows, block cols, 64] zigzag coefficients
    for ci, (_, s, t) in enumerate(comps):
        cw, ch = -(-w * s // sub), -(-h * s // sub)   # (component samples)
        bw, bh = -(-cw // 8), -(-ch // 8)
        if s == sub:
            plane = _pad(planes[ci], bh * 8, bw * 8)
        else:
            plane = _h2v2(planes[ci], bw * 8)
            plane = _pad(plane, bh * 8, bw * 8)
        b = plane.reshape(bh, 8, bw, 8).transpose(0, 2, 1, 3) - 128
        coef = _quantize(_fdct(b).reshape(bh, bw, 64), qts[t])[..., list(ZIGZAG[:64])]
        full = np.zeros((mcuy * s, mcux * s, 64), np.int64)
        full[:bh, :bw] = coef
        if len(comps) > 1:   # (jccoefct.c's dummy blocks: DC of the block before)
            for bx in range(bw, mcux * s):
                full[:bh, bx, 0] = full[:bh, bx - 1, 0]
            for by in range(bh, mcuy * s):
                for bx in range(mcux * s):
                    full[by, bx, 0] = full[by - 1, bx // s * s + s - 1, 0]
        blocks.append((full if len(comps) > 1 else coef, s, t))
    writer = _Writer()
    if gray:
        coef = blocks[0][0]
        last = 0
        for by in range(coef.shape[0]):
            for bx in range(coef.shape[1]):
                last = _block(writer, coef[by, bx].tolist(), last, _CODES[0], _CODES[1])
    else:
        lasts = [0] * len(blocks)
        for my in range(mcuy):
            for mx in range(mcux):
                for ci, (coef, s, t) in enumerate(blocks):
                    for v in range(s):
                        for u in range(s):
                            lasts[ci] = _block(writer, coef[my * s + v, mx * s + u].tolist(),
                                               lasts[ci], _CODES[2 * t], _CODES[2 * t + 1])
    writer.flush()
    return bytes(head) + bytes(writer.out) + b"\xff\xd9"
