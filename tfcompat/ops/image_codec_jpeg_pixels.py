"""JPEG coefficients -> pixels, bit for bit as TF's libjpeg-turbo (x86-64, SIMD) makes
them under TF's flags (tensorflow/core/lib/jpeg/jpeg_mem.cc): dequantization, the inverse
DCTs (jidctfst.c's IFAST as jidctfst-sse2.asm computes it in 16-bit lanes, jidctint.c's
ISLOW, jidctred.c's 4x4 / 2x2 / 1x1 for `ratio` 2 / 4 / 8, with chroma scaled up by the
IDCT where jdmaster.c chooses to), upsampling (jdsample.c's fancy h2v1 / h1v2 / h2v2
triangle filters, else replication, which is also what jdmerge.c's merged upsampler
computes), color conversion (jdcolor.c's tables), and jpeg_crop_scanline's MCU-aligned
decoding window for decode_and_crop_jpeg.

CMYK and YCCK JPEGs come out as TF converts libjpeg's CMYK to RGB. Not decoded
(NotImplementedError naming it): progressive JPEGs whose low AC coefficients never reach
full precision (libjpeg's block smoothing).
"""
import numpy as np

from .image_codec_jpeg import ZIGZAG, Frame, JpegError

__all__ = []

# jddctmgr.c's aanscales (IFAST's scaled quantization), 14 fractional bits
_AANSCALES = np.array([
    16384, 22725, 21407, 19266, 16384, 12873, 8867, 4520,
    22725, 31521, 29692, 26722, 22725, 17855, 12299, 6270,
    21407, 29692, 27969, 25172, 21407, 16819, 11585, 5906,
    19266, 26722, 25172, 22654, 19266, 15137, 10426, 5315,
    16384, 22725, 21407, 19266, 16384, 12873, 8867, 4520,
    12873, 17855, 16819, 15137, 12873, 10114, 6967, 3552,
    8867, 12299, 11585, 10426, 8867, 6967, 4799, 2446,
    4520, 6270, 5906, 5315, 4520, 3552, 2446, 1247], np.int64)


def _fix(x, bits=13):
    return int(x * (1 << bits) + 0.5)


def _w16(x):
    """x wrapped to int16, as SSE2's 16-bit lanes wrap."""
    return ((x + 32768) & 0xFFFF) - 32768


def _sat16(x):
    return np.clip(x, -32768, 32767)


def _descale(x, n):
    return (x + (1 << (n - 1))) >> n


# -- IFAST (jidctfst-sse2.asm: pmulhw of x << 2 by FIX(c) << 6, i.e. floor(x * c / 256)) --

def _mul8(x, c):
    return (_w16(x * 4) * (c << 6)) >> 16


def _ifast_1d(v):
    tmp10, tmp11 = _w16(v[0] + v[4]), _w16(v[0] - v[4])
    tmp13 = _w16(v[2] + v[6])
    tmp12 = _w16(_mul8(_w16(v[2] - v[6]), 362) - tmp13)
    tmp0, tmp3 = _w16(tmp10 + tmp13), _w16(tmp10 - tmp13)
    tmp1, tmp2 = _w16(tmp11 + tmp12), _w16(tmp11 - tmp12)
    z13, z10 = _w16(v[5] + v[3]), _w16(v[5] - v[3])
    z11, z12 = _w16(v[1] + v[7]), _w16(v[1] - v[7])
    tmp7 = _w16(z11 + z13)
    tmp11 = _mul8(_w16(z11 - z13), 362)
    z5 = _mul8(_w16(z10 + z12), 473)
    tmp10 = _w16(_mul8(z12, 277) - z5)
    tmp12 = _w16(_mul8(z10, -(669 - 256)) - z10 + z5)   # (-FIX(2.613) as -1.613 - 1)
    tmp6 = _w16(tmp12 - tmp7)
    tmp5 = _w16(tmp11 - tmp6)
    tmp4 = _w16(tmp10 + tmp5)
    return [_w16(tmp0 + tmp7), _w16(tmp1 + tmp6), _w16(tmp2 + tmp5), _w16(tmp3 - tmp4),
            _w16(tmp3 + tmp4), _w16(tmp2 - tmp5), _w16(tmp1 - tmp6), _w16(tmp0 - tmp7)]


def _ifast(blocks, table):
    x = _w16(blocks * (table.reshape(8, 8)))
    ws = np.stack(_ifast_1d([x[..., k, :] for k in range(8)]), -2)
    out = np.stack(_ifast_1d([ws[..., k] for k in range(8)]), -1)
    return out >> 5


# -- ISLOW (jidctint.c) --------------------------------------------------------------------

def _islow_1d(v, n):
    z1 = (v[2] + v[6]) * _fix(0.541196100)
    tmp2 = z1 + v[6] * -_fix(1.847759065)
    tmp3 = z1 + v[2] * _fix(0.765366865)
    tmp0, tmp1 = (v[0] + v[4]) << 13, (v[0] - v[4]) << 13
    tmp10, tmp13, tmp11, tmp12 = tmp0 + tmp3, tmp0 - tmp3, tmp1 + tmp2, tmp1 - tmp2
    t0, t1, t2, t3 = v[7], v[5], v[3], v[1]
    z1, z2, z3, z4 = t0 + t3, t1 + t2, t0 + t2, t1 + t3
    z5 = (z3 + z4) * _fix(1.175875602)
    t0, t1 = t0 * _fix(0.298631336), t1 * _fix(2.053119869)
    t2, t3 = t2 * _fix(3.072711026), t3 * _fix(1.501321110)
    z1, z2 = z1 * -_fix(0.899976223), z2 * -_fix(2.562915447)
    z3, z4 = z3 * -_fix(1.961570560) + z5, z4 * -_fix(0.390180644) + z5
    t0, t1, t2, t3 = t0 + z1 + z3, t1 + z2 + z4, t2 + z2 + z3, t3 + z1 + z4
    return [_descale(a, n) for a in (tmp10 + t3, tmp11 + t2, tmp12 + t1, tmp13 + t0,
                                     tmp13 - t0, tmp12 - t1, tmp11 - t2, tmp10 - t3)]


def _islow(blocks, table):
    x = _w16(blocks * table.reshape(8, 8))
    ws = _sat16(np.stack(_islow_1d([x[..., k, :] for k in range(8)], 11), -2))
    return np.stack(_islow_1d([ws[..., k] for k in range(8)], 18), -1)


# -- jidctred.c: 4x4, 2x2, 1x1 -------------------------------------------------------------

def _red4_1d(v, n):
    tmp0 = v[0] << 14
    tmp2 = v[2] * _fix(1.847759065) + v[6] * -_fix(0.765366865)
    tmp10, tmp12 = tmp0 + tmp2, tmp0 - tmp2
    z1, z2, z3, z4 = v[7], v[5], v[3], v[1]
    tmp0 = (z1 * -_fix(0.211164243) + z2 * _fix(1.451774981) + z3 * -_fix(2.172734803)
            + z4 * _fix(1.061594337))
    tmp2 = (z1 * -_fix(0.509795579) + z2 * -_fix(0.601344887) + z3 * _fix(0.899976223)
            + z4 * _fix(2.562915447))
    return [_descale(a, n) for a in (tmp10 + tmp2, tmp12 + tmp0, tmp12 - tmp0, tmp10 - tmp2)]


def _red2_1d(v, n):
    tmp10 = v[0] << 15
    tmp0 = (v[7] * -_fix(0.720959822) + v[5] * _fix(0.850430095)
            + v[3] * -_fix(1.272758580) + v[1] * _fix(3.624509785))
    return [_descale(tmp10 + tmp0, n), _descale(tmp10 - tmp0, n)]


def _reduced(blocks, table, size):
    x = _w16(blocks * table.reshape(8, 8))
    if size == 1:
        dc = _descale(blocks[..., :1, :1] * int(table[0]), 3)
        return ((dc + 512) & 1023) - 512   # (jidctred.c's range_limit mask)
    one_d, n1, n2 = (_red4_1d, 12, 19) if size == 4 else (_red2_1d, 13, 20)
    ws = _sat16(np.stack(one_d([x[..., k, :] for k in range(8)], n1), -2))
    return np.stack(one_d([ws[..., k] for k in range(8)], n2), -1)


def _idct(comp, size, accurate):
    """The component's samples: [rows, cols] uint8 of its blocks' IDCTs (`size` x `size`
    each)."""
    blocks = np.array(comp.coef, np.int64).astype(np.int16).astype(np.int64)
    blocks = blocks.reshape(comp.bh, comp.bw, 8, 8)
    q = comp.qt.astype(np.int64)
    if size < 8:
        out = _reduced(blocks, q, size)
    elif accurate:
        out = _islow(blocks, q)
    else:
        out = _ifast(blocks, _descale(q * _AANSCALES, 12))
    out = (np.clip(out, -128, 127) + 128).astype(np.uint8)
    return out.transpose(0, 2, 1, 3).reshape(comp.bh * size, comp.bw * size)


# -- upsampling (jdsample.c) ---------------------------------------------------------------

def _h2_fancy(x, scale, bias_lo, bias_hi, shift):
    """Horizontal triangle filter over columns of `x` (already `scale`-weighted sums)."""
    rows, dw = x.shape
    out = np.empty((rows, 2 * dw), np.int64)
    out[:, 0] = (x[:, 0] * scale + bias_lo) >> shift if scale != 1 else x[:, 0]
    out[:, 2::2] = (x[:, 1:] * 3 + x[:, :-1] + bias_lo) >> shift
    out[:, 1:-1:2] = (x[:, :-1] * 3 + x[:, 1:] + bias_hi) >> shift
    out[:, -1] = (x[:, -1] * scale + bias_hi) >> shift if scale != 1 else x[:, -1]
    return out


def _v_sums(x):
    """h2v2 / h1v2: for each output row, 3 * nearer + further input row (context rows
    repeat the first and last rows); returns (above-weighted, below-weighted)."""
    up = np.concatenate([x[:1], x[:-1]])
    down = np.concatenate([x[1:], x[-1:]])
    return x * 3 + up, x * 3 + down


def _interleave_rows(a, b):
    out = np.empty((2 * a.shape[0],) + a.shape[1:], a.dtype)
    out[0::2], out[1::2] = a, b
    return out


def _upsample(x, hx, vy, fancy):
    """jdsample.c's method for expansion (hx, vy) of the samples `x` (int64)."""
    if fancy and (hx, vy) == (2, 1):
        return _h2_fancy(x, 1, 1, 2, 2)
    if fancy and (hx, vy) == (1, 2):
        above, below = _v_sums(x)
        return _interleave_rows((above + 1) >> 2, (below + 2) >> 2)
    if fancy and (hx, vy) == (2, 2):
        above, below = _v_sums(x)
        return _interleave_rows(_h2_fancy(above, 4, 8, 7, 4), _h2_fancy(below, 4, 8, 7, 4))
    return np.repeat(np.repeat(x, vy, 0), hx, 1)


# -- color conversion (jdcolor.c) ----------------------------------------------------------

def _ycc_rgb(y, cb, cr):
    x = np.arange(256, dtype=np.int64) - 128
    cr_r = (_fix(1.40200, 16) * x + 32768) >> 16
    cb_b = (_fix(1.77200, 16) * x + 32768) >> 16
    cr_g = -_fix(0.71414, 16) * x
    cb_g = -_fix(0.34414, 16) * x + 32768
    r = y + cr_r[cr]
    g = y + ((cb_g[cb] + cr_g[cr]) >> 16)
    b = y + cb_b[cb]
    return np.clip(np.stack([r, g, b], -1), 0, 255)


def _rgb_gray(r, g, b):
    return (_fix(0.29900, 16) * r + _fix(0.58700, 16) * g + _fix(0.11400, 16) * b
            + 32768) >> 16


def _cmyk_rgb(planes, ycck, adobe):
    """libjpeg's CMYK output (jdcolor.c ycck_cmyk_convert for YCCK), then TF's own
    CMYK -> RGB (jpeg_mem.cc: inverted CMYK when an Adobe marker was seen)."""
    if ycck:
        planes = [255 - p for p in np.moveaxis(_ycc_rgb(*planes[:3]), -1, 0)] + planes[3:]
    c, m, y, k = planes
    cmy = np.stack([c, m, y], -1)
    return k[..., None] * cmy // 255 if adobe else (255 - k[..., None]) * (255 - cmy) // 255


def _color_space(frame):
    """libjpeg's jpeg_color_space (jdapimin.c default_decompress_parms)."""
    n = len(frame.comps)
    if n == 1:
        return "gray"
    if n == 3:
        if frame.jfif:
            return "ycc"
        if frame.adobe is not None:
            return "rgb" if frame.adobe == 0 else "ycc"
        ids = tuple(c.id for c in frame.comps)
        return "rgb" if ids == (82, 71, 66) else "ycc"
    if n == 4:
        return "ycck" if frame.adobe is not None and frame.adobe != 0 else "cmyk"
    return "unknown"


def _smoothing(frame):
    """Whether libjpeg would block-smooth this progressive image (jdcoefct.c
    smoothing_ok: DC known, some of the first 9 AC coefficients short of full precision)."""
    if not frame.progressive:
        return False
    for c in frame.comps:
        if c.coef_bits[0] < 0 or not all(c.qt[ZIGZAG[k]] for k in range(10)):
            return False
    return any(c.coef_bits[k] for c in frame.comps for k in range(1, 10))


def decode(data, channels=0, ratio=1, fancy=True, accurate=False, crop=None,
           recover=False):
    """[height, width, channels] uint8 pixels of the JPEG `data` as TF's jpeg::Uncompress
    gives them; `crop`: (y, x, height, width) in output pixels; `recover`: TF's
    try_recover_truncated."""
    frame = Frame(data, recover)
    space = _color_space(frame)
    components = channels or min(len(frame.comps), 3)
    if space == "unknown" or components not in (1, 3) or (
            space in ("cmyk", "ycck") and components == 1):
        raise JpegError("unsupported color conversion")
    if _smoothing(frame):
        raise NotImplementedError("tfcompat: progressive JPEG whose scans leave low AC "
                                  "coefficients incomplete (libjpeg's block smoothing) "
                                  "is not supported")
    min_size = 8 // ratio
    out_w = -(-frame.width // ratio)
    out_h = -(-frame.height // ratio)
    needed = frame.comps[:1] if components == 1 and space in ("gray", "ycc") \
        else frame.comps
    y0, x0, ch, cw = crop or (0, 0, out_h, out_w)
    if not (ch > 0 and cw > 0 and y0 >= 0 and x0 >= 0 and y0 + ch <= out_h
            and x0 + cw <= out_w):
        raise JpegError("bad crop window")   # (jpeg_mem.cc IsCropWindowValid)
    align = min_size if len(frame.comps) == 1 else min_size * frame.hmax
    start = 0 if cw == out_w else x0 // align * align
    region_w = x0 + cw - start
    do_fancy = fancy and min_size > 1
    planes = []
    for c in needed:
        size = min_size
        while (size < 8 and (frame.hmax * min_size) % (c.h * size * 2) == 0
               and (frame.vmax * min_size) % (c.v * size * 2) == 0):
            size *= 2
        h_in, v_in = c.h * size // min_size, c.v * size // min_size
        if frame.hmax % h_in or frame.vmax % v_in:
            raise JpegError("fractional sampling")
        hx, vy = frame.hmax // h_in, frame.vmax // v_in
        full_dw = -(-frame.width * c.h * size // (frame.hmax * 8))
        dw = -(-region_w * c.h * size // (frame.hmax * min_size))
        dh = -(-frame.height * c.v * size // (frame.vmax * 8))
        col0 = start // align * (c.h if len(frame.comps) > 1 else 1) * size
        x = _idct(c, size, accurate)[:dh, col0:col0 + dw].astype(np.int64)
        fancy_here = do_fancy and (hx == 1 or (full_dw > 2 and dw >= 2))
        planes.append(_upsample(x, hx, vy, fancy_here)[:out_h, :region_w])
    rows = slice(y0, y0 + ch)
    cols = slice(x0 - start, x0 - start + cw)
    planes = [p[rows, cols] for p in planes]
    if space in ("cmyk", "ycck"):
        pixels = _cmyk_rgb(planes, space == "ycck", frame.adobe is not None)
    elif space == "ycc" and components == 3:
        pixels = _ycc_rgb(*planes)
    elif space == "rgb" and components == 1:
        pixels = _rgb_gray(*planes)[..., None]
    elif components == 3 and space == "gray":
        pixels = np.repeat(planes[0][..., None], 3, -1)
    else:
        pixels = np.stack(planes[:components], -1)
    return pixels.astype(np.uint8)
