"""JPEG bytes -> quantized DCT coefficients, as libjpeg-turbo reads them for TF
(tensorflow/core/lib/jpeg/jpeg_mem.cc): the markers (jdmarker.c), baseline and extended
sequential Huffman scans (jdhuff.c), progressive scans (jdphuff.c) and restart intervals.
`shape` is TF's ExtractJpegShape (GetImageInfo: the markers up to the first SOS).
image_codec_jpeg_pixels turns the coefficients into pixels.

Not decoded (NotImplementedError naming it): arithmetic coding, lossless and hierarchical
frames, 12-bit samples.
"""
import struct

import numpy as np

__all__ = []

MAGIC = b"\xff\xd8\xff"
# SOFn markers: every 0xC0..0xCF but DHT (C4), JPG (C8) and DAC (CC)
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_SOF_NAMES = {0xC3: "lossless", 0xC5: "hierarchical", 0xC6: "hierarchical",
              0xC7: "hierarchical", 0xCB: "lossless"}
# zigzag index -> natural index; 16 extra entries absorb corrupt runs past 63 (libjpeg's
# jpeg_natural_order)
ZIGZAG = (0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48,
          41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15,
          23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62,
          63) + (63,) * 16


class JpegError(Exception):
    """Data libjpeg rejects (TF: "Invalid JPEG data, size N" / "jpeg::Uncompress failed")."""


class Truncated(JpegError):
    """The data ends inside the image (before EOI). `rows`: inside the one scan of a
    single-scan image, where TF keeps the rows libjpeg output before the end."""

    rows = False


def _next(data, pos):
    """(marker, body, end of body) of the marker segment at or after `pos` (SOS's body
    runs to the end of its header; EOI and RSTn have no body)."""
    while pos < len(data) and data[pos] != 0xFF:   # (libjpeg skips garbage bytes)
        pos += 1
    while pos < len(data) and data[pos] == 0xFF:
        pos += 1
    if pos >= len(data):
        raise Truncated("truncated")
    marker = data[pos]
    pos += 1
    if marker in (0x01, 0xD9, *range(0xD0, 0xD8)):
        return marker, b"", pos
    if pos + 2 > len(data):
        raise Truncated("truncated")
    length = struct.unpack(">H", data[pos:pos + 2])[0]
    if length < 2:
        raise JpegError("bad length")
    if pos + length > len(data):
        raise Truncated("truncated")
    return marker, data[pos + 2:pos + length], pos + length


def _sof(body):
    if len(body) < 6:
        raise JpegError("bad SOF")
    precision, height, width, count = struct.unpack(">BHHB", body[:6])
    if not height or not width or not count or len(body) != 6 + 3 * count:
        raise JpegError("bad SOF")
    comps = [Component(*body[6 + 3 * i:9 + 3 * i]) for i in range(count)]
    return precision, height, width, comps


def shape(data):
    """[height, width, components] of the JPEG `data`."""
    if not data.startswith(b"\xff\xd8"):
        raise JpegError("Not a JPEG file")
    frame, pos = None, 2
    while True:
        marker, body, pos = _next(data, pos)
        if marker == 0xD9:
            raise JpegError("no image before EOI")
        if marker in _SOF:
            if frame is not None:
                raise JpegError("bad SOF")
            _, height, width, comps = _sof(body)
            frame = (height, width, len(comps))
        elif marker == 0xDA:
            if frame is None:
                raise JpegError("SOS before SOF")
            return frame


class Component:
    """One frame component: its id, sampling factors, quantization table, and its
    coefficients (a flat list, 64 per block, natural order, rows of `bw` blocks)."""

    def __init__(self, cid, hv, tq):
        self.id, self.h, self.v, self.tq = cid, hv >> 4, hv & 15, tq
        if not 1 <= self.h <= 4 or not 1 <= self.v <= 4 or tq > 3:
            raise JpegError("bad component")
        self.qt = None   # (latched at the component's first scan, as libjpeg does)
        self.coef_bits = [-1] * 64   # (progressive: the Al each coefficient has reached)


class Frame:
    """A decoded JPEG: its size, components (with coefficients), progressive flag and
    the markers that fix its color space (JFIF, Adobe transform). With `recover` (TF's
    try_recover_truncated), a single-scan image whose data ends after its scan's last
    MCU ends there, as at the EOI TF's source manager then inserts."""

    def __init__(self, data, recover=False):
        self.recover, self.ran_out = recover, False
        self.jfif, self.adobe, self.frame_seen, self.scans = False, None, False, 0
        if not data.startswith(b"\xff\xd8"):
            raise JpegError("Not a JPEG file")
        qts, huff, restart, pos = {}, {}, 0, 2
        while True:
            if self.ran_out:
                marker = 0xD9   # (the data ran out in the scan just decoded)
            else:
                marker, body, pos = _next(data, pos)
            if marker == 0xD9:
                if not self.scans:
                    raise JpegError("no image")
                return
            if marker == 0xE0 and len(body) >= 14 and body.startswith(b"JFIF\0"):
                self.jfif = True
            elif marker == 0xEE and len(body) >= 12 and body.startswith(b"Adobe"):
                self.adobe = body[11]
            elif marker == 0xDB:
                _dqt(body, qts)
            elif marker == 0xC4:
                _dht(body, huff)
            elif marker == 0xDD:
                if len(body) != 2:
                    raise JpegError("bad DRI")
                restart = struct.unpack(">H", body)[0]
            elif marker == 0xCC:
                raise NotImplementedError("tfcompat: JPEG arithmetic coding is not supported")
            elif marker in _SOF:
                self._start(marker, body)
            elif marker == 0xDA:
                if not self.frame_seen:
                    raise JpegError("SOS before SOF")
                pos = self._scan(data, body, pos, qts, huff, restart)

    def _start(self, marker, body):
        if self.frame_seen:
            raise JpegError("second SOF")
        if marker >= 0xC9:
            raise NotImplementedError("tfcompat: JPEG arithmetic coding is not supported")
        if marker in _SOF_NAMES:
            raise NotImplementedError(f"tfcompat: {_SOF_NAMES[marker]} JPEG is not "
                                      f"supported")
        precision, self.height, self.width, self.comps = _sof(body)
        if precision != 8:
            raise NotImplementedError(f"tfcompat: {precision}-bit JPEG is not supported")
        self.progressive = marker == 0xC2
        self.frame_seen = True
        self.hmax = max(c.h for c in self.comps)
        self.vmax = max(c.v for c in self.comps)
        self.mcux = _ceil(self.width, 8 * self.hmax)
        self.mcuy = _ceil(self.height, 8 * self.vmax)
        for c in self.comps:
            c.bw, c.bh = self.mcux * c.h, self.mcuy * c.v
            # blocks that hold image samples (a non-interleaved scan codes only these)
            c.used_w = _ceil(_ceil(self.width * c.h, self.hmax), 8)
            c.used_h = _ceil(_ceil(self.height * c.v, self.vmax), 8)
            c.coef = [0] * (c.bw * c.bh * 64)

    def _scan(self, data, body, end, qts, huff, restart):
        """Decode the scan whose SOS header is `body` (its entropy-coded data starts at
        `end`); return where its data ends."""
        if not body or len(body) != 4 + 2 * body[0] or not 1 <= body[0] <= 4:
            raise JpegError("bad SOS")
        by_id = {c.id: c for c in self.comps}
        comps, tables = [], []
        for i in range(body[0]):
            cid, t = body[1 + 2 * i], body[2 + 2 * i]
            if cid not in by_id or by_id[cid] in comps:
                raise JpegError("bad SOS component")
            comps.append(by_id[cid])
            tables.append((t >> 4, t & 15))
        ss, se, ahal = body[-3:]
        ah, al = ahal >> 4, ahal & 15
        if self.progressive:
            if ss > se or se > 63 or al > 13 or (ss == 0 and se) or (ss and len(comps) > 1):
                raise JpegError("bad progression")
        elif ss or se != 63 or ahal:
            raise JpegError("bad sequential scan")
        for c in comps:
            if c.qt is None:
                if c.tq not in qts:
                    raise JpegError("quantization table missing")
                c.qt = qts[c.tq]
        luts = [(_lut(huff, 0, td) if ss == 0 and not ah else None,
                 _lut(huff, 1, ta) if se else None) for td, ta in tables]
        try:
            segments, end = _segments(data, end, self.recover)
        except Truncated as e:
            e.rows = not self.scans and not self.progressive and len(comps) == len(self.comps)
            raise
        short = _decode_scan(self, comps, luts, ss, se, ah, al, segments, restart)
        self.ran_out = end == len(data)
        if self.ran_out and (short or self.scans or self.progressive
                             or len(comps) < len(self.comps)):
            # (recover: only a single-scan image whose data lacks just its EOI; where
            # libjpeg's zero-filled MCUs or a missing scan are involved, TF's recovery
            # differs, or hangs)
            raise Truncated("truncated")
        for c in comps:
            for k in range(ss, se + 1):
                c.coef_bits[k] = al
        self.scans += 1
        return end


def _ceil(a, b):
    return -(-a // b)


def _dqt(body, qts):
    pos = 0
    while pos < len(body):
        pq, tq = body[pos] >> 4, body[pos] & 15
        size = 128 if pq else 64
        if tq > 3 or pq > 1 or pos + 1 + size > len(body):
            raise JpegError("bad DQT")
        raw = np.frombuffer(body[pos + 1:pos + 1 + size], ">u2" if pq else "u1")
        table = np.zeros(64, np.int32)
        table[list(ZIGZAG[:64])] = raw
        qts[tq] = table
        pos += 1 + size


def _dht(body, huff):
    pos = 0
    while pos < len(body):
        if pos + 17 > len(body):
            raise JpegError("bad DHT")
        tc, th = body[pos] >> 4, body[pos] & 15
        counts = body[pos + 1:pos + 17]
        total = sum(counts)
        if tc > 1 or th > 3 or total > 256 or pos + 17 + total > len(body):
            raise JpegError("bad DHT")
        huff[(tc, th)] = (bytes(counts), body[pos + 17:pos + 17 + total])
        pos += 17 + total


_luts = {}


def _lut(huff, tc, th):
    """A 65536-entry table: the next 16 bits -> symbol << 5 | code length (libjpeg's
    bad-code answer, symbol 0 after 17 bits, for bits that start no code)."""
    if (tc, th) not in huff:
        raise JpegError("Huffman table missing")
    key = huff[(tc, th)]
    if tc == 0 and any(v > 15 for v in key[1]):
        raise JpegError("bad DC Huffman table")
    if key not in _luts:
        counts, symbols = key
        lut = [17] * 65536
        code, k = 0, 0
        for length in range(1, 17):
            for _ in range(counts[length - 1]):
                if code >= 1 << length:
                    raise JpegError("bad Huffman table")
                lo = code << (16 - length)
                hi = (code + 1) << (16 - length)
                lut[lo:hi] = [symbols[k] << 5 | length] * (hi - lo)
                code += 1
                k += 1
            code <<= 1
        _luts[key] = lut
    return _luts[key]


def _segments(data, pos, recover):
    """The entropy-coded data from `pos`: its restart intervals (byte stuffing removed)
    and where the data ends (at a marker other than RSTn; with `recover`, at the end)."""
    segments, start = [], pos
    while True:
        pos = data.find(b"\xff", pos)
        if pos < 0 or pos + 1 >= len(data):
            if not recover or data.endswith(b"\xff"):
                raise Truncated("truncated")
            segments.append(data[start:].replace(b"\xff\x00", b"\xff"))
            return segments, len(data)
        nxt = data[pos + 1]
        if nxt == 0:
            pos += 2
        elif nxt == 0xFF:
            pos += 1
        elif 0xD0 <= nxt <= 0xD7:
            segments.append(data[start:pos].replace(b"\xff\x00", b"\xff"))
            pos += 2
            start = pos
        else:
            segments.append(data[start:pos].replace(b"\xff\x00", b"\xff"))
            return segments, pos


class _Bits:
    """An MSB-first bit reader over one restart interval; past its end it reads zeros
    and sets `short` (libjpeg's insufficient_data: the rest of the interval's MCUs are
    left zero)."""

    __slots__ = ("data", "n", "pos", "acc", "nb", "short")

    def __init__(self, data):
        self.data, self.n, self.pos, self.acc, self.nb = data, len(data), 0, 0, 0
        self.short = False

    def _check(self, nb):
        if self.pos > self.n and (self.pos - self.n) * 8 > nb:
            self.short = True

    def bits(self, k):
        acc, nb = self.acc, self.nb
        while nb < k:
            acc = (acc << 8) | (self.data[self.pos] if self.pos < self.n else 0)
            self.pos += 1
            nb += 8
        nb -= k
        self.acc, self.nb = acc & ((1 << nb) - 1), nb
        if self.pos > self.n:
            self._check(nb)
        return acc >> nb

    def huff(self, lut):
        acc, nb = self.acc, self.nb
        while nb < 17:
            acc = (acc << 8) | (self.data[self.pos] if self.pos < self.n else 0)
            self.pos += 1
            nb += 8
        entry = lut[(acc >> (nb - 16)) & 0xFFFF]
        nb -= entry & 31
        self.acc, self.nb = acc & ((1 << nb) - 1), nb
        if self.pos > self.n:
            self._check(nb)
        return entry >> 5

    def receive(self, s):
        """JPEG's RECEIVE + EXTEND of an `s`-bit magnitude."""
        if not s:
            return 0
        v = self.bits(s)
        return v if v >> (s - 1) else v - (1 << s) + 1

    def sequential(self, coef, base, dc_lut, ac_lut, pred):
        """One block of a sequential scan; returns the new DC predictor."""
        pred += self.receive(self.huff(dc_lut))
        coef[base] = pred
        zz, k = ZIGZAG, 1
        while k < 64:
            rs = self.huff(ac_lut)
            s = rs & 15
            if s:
                k += rs >> 4
                coef[base + zz[k]] = self.receive(s)
                k += 1
            elif rs == 0xF0:
                k += 16
            else:
                break
        return pred


def _decode_scan(frame, comps, luts, ss, se, ah, al, segments, restart):
    """Decode one scan's entropy-coded `segments` into the components' coefficients;
    returns whether any restart interval ran out of data."""
    if len(comps) == 1:
        c = comps[0]
        units = [[(0, (by * c.bw + bx) * 64)] for by in range(c.used_h)
                 for bx in range(c.used_w)]
    else:
        units = []
        for my in range(frame.mcuy):
            for mx in range(frame.mcux):
                units.append([(i, ((my * c.v + v) * c.bw + mx * c.h + h) * 64)
                              for i, c in enumerate(comps)
                              for v in range(c.v) for h in range(c.h)])
    per = restart or len(units)
    coefs = [c.coef for c in comps]
    kind = (not frame.progressive, ss == 0, ah != 0)
    short = any_short = False
    for n, start in enumerate(range(0, len(units), per)):
        bits = _Bits(segments[n] if n < len(segments) else b"")
        # (past the data, libjpeg keeps insufficient_data set when the last interval
        # ran out of bits: it stands at the same marker)
        bits.short = n >= len(segments) and short
        preds, eob = [0] * len(comps), [0]
        for unit in units[start:start + per]:
            if bits.short:
                break
            for i, base in unit:
                coef = coefs[i]
                if kind[0]:
                    preds[i] = bits.sequential(coef, base, luts[i][0], luts[i][1], preds[i])
                elif kind[1] and not kind[2]:
                    preds[i] += bits.receive(bits.huff(luts[i][0]))
                    coef[base] = preds[i] * (1 << al)
                elif kind[1]:
                    if bits.bits(1):
                        coef[base] |= 1 << al
                elif not kind[2]:
                    _ac_first(bits, coef, base, luts[i][1], ss, se, al, eob)
                else:
                    _ac_refine(bits, coef, base, luts[i][1], ss, se, al, eob)
        short = bits.short
        any_short = any_short or short
    return any_short


def _ac_first(bits, coef, base, lut, ss, se, al, eob):
    """jdphuff.c decode_mcu_AC_first: one block's first pass over bands ss..se."""
    if eob[0]:
        eob[0] -= 1
        return
    k = ss
    while k <= se:
        rs = bits.huff(lut)
        r, s = rs >> 4, rs & 15
        if s:
            k += r
            coef[base + ZIGZAG[k]] = bits.receive(s) * (1 << al)
        elif r == 15:
            k += 15
        else:
            eob[0] = (1 << r) + (bits.bits(r) if r else 0) - 1
            return
        k += 1


def _ac_refine(bits, coef, base, lut, ss, se, al, eob):
    """jdphuff.c decode_mcu_AC_refine: one block's correction bits and new coefficients."""
    p1, m1 = 1 << al, -1 << al
    zz, k = ZIGZAG, ss
    if not eob[0]:
        while k <= se:
            rs = bits.huff(lut)
            r, s = rs >> 4, rs & 15
            if s:
                s = p1 if bits.bits(1) else m1
            elif r != 15:
                eob[0] = (1 << r) + (bits.bits(r) if r else 0)
                break
            while k <= se:
                pos = base + zz[k]
                if coef[pos]:
                    if bits.bits(1) and not coef[pos] & p1:
                        coef[pos] += p1 if coef[pos] >= 0 else m1
                else:
                    r -= 1
                    if r < 0:
                        break
                k += 1
            if s:
                coef[base + zz[k]] = s
            k += 1
    if eob[0]:
        while k <= se:
            pos = base + zz[k]
            if coef[pos] and bits.bits(1) and not coef[pos] & p1:
                coef[pos] += p1 if coef[pos] >= 0 else m1
            k += 1
        eob[0] -= 1
