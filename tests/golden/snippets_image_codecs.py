"""Golden snippets: tf.io / tf.image image decoders (decode_png, decode_image, is_jpeg):
every PNG color type and bit depth, palettes with tRNS, the five filters, Adam7
interlacing, `channels` conversions (gray <-> RGB, alpha added or stripped), uint8 /
uint16 / float outputs, bad data and bad arguments, eagerly, in Dataset.map and inside
tf.function. PNGs TF's encoder does not write are made by the small encoder of the
prelude (zlib + struct)."""
from snippet_registry import Snippets

_PNG = """
import struct, zlib, hashlib
def _chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
def _pack(rows, depth):
    if depth >= 8:
        return [r.astype('>u2' if depth == 16 else 'u1').tobytes() for r in rows]
    per = 8 // depth
    out = []
    for r in rows:
        r = list(r) + [0] * (-len(r) % per)
        out.append(bytes(sum(int(s) << (8 - depth * (j + 1)) for j, s in enumerate(r[i:i + per]))
                         for i in range(0, len(r), per)))
    return out
def _paeth(a, b, c):
    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
def _filter(rows, bpp, filters):
    out, prev = b'', bytes(len(rows[0]))
    for i, r in enumerate(rows):
        f = filters[i % len(filters)]
        x = bytearray([f])
        for j, v in enumerate(r):
            a = r[j - bpp] if j >= bpp else 0
            c = prev[j - bpp] if j >= bpp else 0
            x.append((v - [0, a, prev[j], (a + prev[j]) // 2, _paeth(a, prev[j], c)][f]) & 255)
        out, prev = out + bytes(x), r
    return out
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
def png(img, depth=8, ctype=None, palette=None, trns=None, interlace=0, filters=(0, 1, 2, 3, 4)):
    img = np.asarray(img)
    img = img[:, :, None] if img.ndim == 2 else img
    h, w, n = img.shape
    ctype = {1: 0, 2: 4, 3: 2, 4: 6}[n] if ctype is None else ctype
    bpp = max(1, n * depth // 8)
    def raw(sub):
        if sub.size == 0:
            return b''
        return _filter(_pack(sub.reshape(sub.shape[0], -1), depth), bpp, filters)
    data = (b''.join(raw(img[y::dy, x::dx]) for x, y, dx, dy in ADAM7) if interlace
            else raw(img))
    out = b'\\x89PNG\\r\\n\\x1a\\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace))
    if palette is not None:
        out += _chunk(b'PLTE', bytes(np.asarray(palette, np.uint8).ravel()))
    if trns is not None:
        out += _chunk(b'tRNS', trns)
    return out + _chunk(b'IDAT', zlib.compress(data)) + _chunk(b'IEND', b'')
def show(x):
    a = x.numpy()
    print(x.dtype, x.shape, hashlib.sha256(a.tobytes()).hexdigest()[:16], a.ravel()[:8].tolist(),
          a.ravel()[-4:].tolist())
def err(f):
    try:
        show(f())
    except Exception as e:
        print(type(e).__name__, str(e).split('\\n')[0])
rng = np.random.RandomState(7)
"""

SNIPPETS = Snippets(prelude=_PNG)
_s = SNIPPETS.add

_s("decode_png_tf_encoded", """
for shape in [(5, 7, 1), (9, 4, 2), (8, 8, 3), (6, 11, 4), (40, 33, 3)]:
    img = rng.randint(0, 256, shape).astype(np.uint8)
    data = tf.io.encode_png(img)
    for ch in (0, 1, 3, 4):
        out = tf.io.decode_png(data, channels=ch)
        show(out)
        if ch in (0, shape[2]):
            print(np.array_equal(out.numpy(), img))
        show(tf.io.decode_png(data, channels=ch, dtype=tf.uint16))
""")

_s("decode_png_16bit", """
for n in (1, 2, 3, 4):
    img = rng.randint(0, 65536, (6, 5, n)).astype(np.uint16)
    data = tf.io.encode_png(img)
    for ch in (0, 1, 3, 4):
        show(tf.io.decode_png(data, channels=ch, dtype=tf.uint16))
        show(tf.io.decode_png(data, channels=ch))
    print(np.array_equal(tf.io.decode_png(data, dtype=tf.uint16).numpy(), img))
""")

_s("decode_png_gray_low_bit_depths", """
for depth in (1, 2, 4, 8, 16):
    img = rng.randint(0, 1 << depth, (7, 13))
    for interlace in (0, 1):
        data = png(img, depth=depth, ctype=0, interlace=interlace)
        for ch in (0, 1, 3, 4):
            show(tf.io.decode_png(data, channels=ch))
            show(tf.io.decode_png(data, channels=ch, dtype=tf.uint16))
""")

_s("decode_png_palette", """
pal = rng.randint(0, 256, (16, 3))
for depth in (1, 2, 4, 8):
    img = rng.randint(0, min(16, 1 << depth), (9, 10))
    for trns in (None, bytes([0, 128, 255])[:min(3, 1 << depth)]):
        data = png(img, depth=depth, ctype=3, palette=pal[:1 << depth], trns=trns)
        for ch in (0, 1, 3, 4):
            show(tf.io.decode_png(data, channels=ch))
        show(tf.io.decode_png(data, dtype=tf.uint16))
# a palette longer than the bit depth allows is cut; a tRNS longer than it is dropped
data = png(rng.randint(0, 2, (3, 4)), depth=1, ctype=3, palette=pal[:6], trns=b'\\x10\\x20\\x30')
show(tf.io.decode_png(data))
show(tf.io.decode_png(data, channels=4))
# indices past the palette's end are black
show(tf.io.decode_png(png(np.arange(8).reshape(2, 4), depth=8, ctype=3, palette=pal[:3])))
""")

_s("decode_png_trns_color_key", """
img = rng.randint(0, 4, (5, 6, 3))
key = struct.pack('>HHH', *img[0, 0])
for depth in (8, 16):
    data = png(img * (1 if depth == 8 else 300), depth=depth, trns=struct.pack('>HHH', *(img[0, 0] * (1 if depth == 8 else 300))))
    for ch in (0, 1, 3, 4):
        show(tf.io.decode_png(data, channels=ch))
        show(tf.io.decode_png(data, channels=ch, dtype=tf.uint16))
g = rng.randint(0, 4, (4, 4))
for depth in (2, 8):
    data = png(g, depth=depth, ctype=0, trns=struct.pack('>H', 3))
    for ch in (0, 1, 3, 4):
        show(tf.io.decode_png(data, channels=ch))
""")

_s("decode_png_filters_interlace", """
for n, depth in [(1, 8), (2, 8), (3, 8), (4, 8), (3, 16), (4, 16), (2, 16)]:
    img = rng.randint(0, 1 << depth, (11, 17, n))
    for filters in [(0,), (1,), (2,), (3,), (4,), (4, 3, 2, 1, 0)]:
        for interlace in (0, 1):
            data = png(img, depth=depth, interlace=interlace, filters=filters)
            out = tf.io.decode_png(data, dtype=tf.uint16 if depth == 16 else tf.uint8)
            print(n, depth, filters, interlace, np.array_equal(out.numpy(), img))
    show(tf.io.decode_png(png(img, depth=depth, interlace=1), channels=1))
# tiny interlaced images (empty Adam7 passes)
for h, w in [(1, 1), (1, 3), (2, 1), (3, 2), (5, 9)]:
    img = rng.randint(0, 256, (h, w, 3))
    show(tf.io.decode_png(png(img, interlace=1)))
""")

_s("decode_png_bad_data", """
good = png(rng.randint(0, 256, (4, 5, 3)))
err(lambda: tf.io.decode_png(b''))
err(lambda: tf.io.decode_png(b'not an image'))
err(lambda: tf.io.decode_png(good[:20]))
err(lambda: tf.io.decode_png(good[:40]))
err(lambda: tf.io.decode_png(good[:-12]))
err(lambda: tf.io.decode_png(good[:-30]))
bad_crc = bytearray(good); bad_crc[29] ^= 1
err(lambda: tf.io.decode_png(bytes(bad_crc)))
bad_ihdr = bytearray(good); bad_ihdr[24] = 3
err(lambda: tf.io.decode_png(bytes(bad_ihdr)))
bad_zlib = good[:33] + _chunk(b'IDAT', b'\\x78\\x9c\\xff\\xff\\xff') + _chunk(b'IEND', b'')
err(lambda: tf.io.decode_png(bad_zlib))
short = good[:33] + _chunk(b'IDAT', zlib.compress(b'\\0' * 10)) + _chunk(b'IEND', b'')
err(lambda: tf.io.decode_png(short))
no_plte = png(np.zeros((2, 2), int), ctype=3)
err(lambda: tf.io.decode_png(no_plte))
err(lambda: tf.io.decode_png(tf.constant(good)))
# an ancillary chunk with a bad CRC is dropped
bad_trns = bytearray(png(np.array([[0, 1, 2]]), ctype=3, palette=[[1, 2, 3]] * 3, trns=b'\\x10'))
bad_trns[bad_trns.index(b'tRNS') + 4] ^= 1
show(tf.io.decode_png(bytes(bad_trns)))
""")

_s("decode_png_bad_args", """
good = png(rng.randint(0, 256, (4, 5, 3)))
err(lambda: tf.io.decode_png(good, channels=2))
err(lambda: tf.io.decode_png(good, channels=5))
err(lambda: tf.io.decode_png(good, dtype=tf.float32))
err(lambda: tf.io.decode_png([good, good]))
err(lambda: tf.io.decode_png(tf.constant([good])))
err(lambda: tf.io.decode_png(tf.constant(3)))
err(lambda: tf.io.decode_image(good, channels=2))
err(lambda: tf.io.decode_image(b'abcdef'))
err(lambda: tf.io.decode_image(b''))
""")

_s("decode_image_png", """
img = rng.randint(0, 256, (6, 7, 3)).astype(np.uint8)
data = tf.io.encode_png(img)
for dtype in (tf.uint8, tf.uint16, tf.float32, tf.float16, tf.float64, tf.int32):
    for ch in (None, 1, 4):
        out = tf.io.decode_image(data, channels=ch, dtype=dtype)
        a = out.numpy()
        print(out.dtype, out.shape, a.ravel()[:5].tolist(), float(a.astype(np.float64).sum()))
img16 = rng.randint(0, 65536, (3, 4, 2)).astype(np.uint16)
out = tf.io.decode_image(tf.io.encode_png(img16), dtype=tf.float32)
print(out.dtype, out.shape, out.numpy().ravel()[:6].tolist())
show(tf.image.decode_image(data, expand_animations=False))
show(tf.image.decode_png(data, 1))
""")

_s("is_jpeg", """
print(tf.io.is_jpeg(b'\\xff\\xd8\\xff\\xe0rest'))
print(tf.io.is_jpeg(tf.constant(b'\\x89PNG')))
print(tf.image.is_jpeg(b'\\xff\\xd8'))
@tf.function
def f(s):
    return tf.io.is_jpeg(s)
print(f(tf.constant(b'\\xff\\xd8\\xff')))
""")

_s("decode_png_dataset_map", """
imgs = [rng.randint(0, 256, (3 + i, 4, 3)).astype(np.uint8) for i in range(3)]
blobs = [tf.io.encode_png(i).numpy() for i in imgs]
def dec(b):
    return tf.io.decode_png(b, channels=3)
ds = tf.data.Dataset.from_tensor_slices(blobs).map(dec)
print(ds.element_spec)
for x in ds:
    show(x)
def dec_resize(b):
    return tf.image.resize(tf.io.decode_image(b, channels=3, expand_animations=False), [2, 2])
ds = tf.data.Dataset.from_tensor_slices(blobs).map(dec_resize)
print(ds.element_spec)
for x in ds:
    print(x.shape, x.dtype)
""")

_s("decode_png_tf_function_constant", """
img = rng.randint(0, 256, (3, 4, 3)).astype(np.uint8)
data = tf.io.encode_png(img).numpy()
@tf.function
def f():
    return tf.io.decode_png(data, channels=1)
show(f())
""")

_s("decode_image_dataset_map_shapes", """
blobs = [tf.io.encode_png(rng.randint(0, 256, (3, 2 + i, 1)).astype(np.uint8)).numpy()
         for i in range(2)]
def dec_any(b):
    return tf.io.decode_image(b)
def dec_png_any(b):
    return tf.io.decode_png(b, dtype=tf.uint16)
def dec_float(b):
    return tf.io.decode_image(b, channels=3, dtype=tf.float32, expand_animations=False)
for fn in (dec_any, dec_png_any, dec_float):
    ds = tf.data.Dataset.from_tensor_slices(blobs).map(fn)
    print(ds.element_spec)
    for x in ds:
        print(x.shape, x.dtype, float(tf.reduce_sum(tf.cast(x, tf.float64))))
""")


def _enc_show():
    return """
def enc(img, **kw):
    out = tf.io.encode_png(img, **kw)
    b = out.numpy()
    print(out.dtype, out.shape, len(b), hashlib.sha256(b).hexdigest()[:16], b[:8] == b'\\x89PNG\\r\\n\\x1a\\n')
    return b
"""


_s("encode_png_bytes", _enc_show() + """
smooth = (np.indices((50, 70, 3)).sum(0) * 3 % 256).astype(np.uint8)
for img in [rng.randint(0, 256, (1, 1, 1)), rng.randint(0, 256, (1, 9, 3)),
            rng.randint(0, 256, (9, 1, 1)), rng.randint(0, 256, (5, 6, 2)),
            rng.randint(0, 256, (33, 47, 4)), rng.randint(0, 256, (120, 100, 3)), smooth]:
    img = np.asarray(img, np.uint8)
    for level in (-1, 1, 6, 9):
        b = enc(img, compression=level)
    print(np.array_equal(tf.io.decode_png(b).numpy(), img))
    enc(img, compression=0) if img.size < 4000 else None
for shape in [(4, 5, 1), (7, 3, 3), (60, 50, 4)]:
    img16 = rng.randint(0, 65536, shape).astype(np.uint16)
    b = enc(img16)
    print(np.array_equal(tf.io.decode_png(b, dtype=tf.uint16).numpy(), img16))
enc((smooth.astype(np.uint16) * 250))
""")

_s("encode_png_batched_and_traced", _enc_show() + """
batch = rng.randint(0, 256, (2, 3, 4, 5, 3)).astype(np.uint8)
out = tf.io.encode_png(batch)
print(out.dtype, out.shape, [len(b) for b in out.numpy().ravel()])
print(np.array_equal(tf.io.decode_png(out[1, 2]).numpy(), batch[1, 2]))
print(tf.io.encode_png(np.zeros((0, 4, 4, 3), np.uint8)))
@tf.function
def f(x):
    return tf.io.encode_png(x * 2, compression=9)
b = f(tf.constant(batch[0, 0])).numpy()
print(len(b), hashlib.sha256(b).hexdigest()[:16])
@tf.function
def g(x):
    return tf.image.encode_png(x)
print(g(tf.constant(batch)).shape)
v = tf.Variable(batch[0, 0])
print(len(tf.io.encode_png(v).numpy()))
""")

_s("encode_png_errors", """
img = np.zeros((2, 3, 3), np.uint8)
err_ = lambda f: print(*(lambda e: (type(e).__name__, str(e).split('\\n')[0]))(_catch(f)))
def _catch(f):
    try:
        f()
        return ValueError('no error')
    except Exception as e:
        return e
err_(lambda: tf.io.encode_png(img, compression=10))
err_(lambda: tf.io.encode_png(img, compression=-2))
err_(lambda: tf.io.encode_png(np.zeros((2, 3, 5), np.uint8)))
err_(lambda: tf.io.encode_png(np.zeros((2, 3, 0), np.uint8)))
err_(lambda: tf.io.encode_png(np.zeros((2, 3), np.uint8)))
err_(lambda: tf.io.encode_png(np.zeros((0, 3, 3), np.uint8)))
err_(lambda: tf.io.encode_png(np.zeros((2, 2, 0, 3, 3), np.uint8)))
err_(lambda: tf.io.encode_png(np.zeros((2, 3, 3), np.float32)))
err_(lambda: tf.io.encode_png(tf.zeros((2, 3, 5), tf.uint8)))
""")

_BMP = """
def bmp(img, top_down=False, header=54, bpp=None, pad=b''):
    img = np.asarray(img, np.uint8)
    h, w, n = img.shape
    px = img[:, :, ::-1] if n > 1 else img
    if n == 4:
        px = img[:, :, [2, 1, 0, 3]]
    row = (n * w + 3) // 4 * 4
    rows = [r.tobytes().ljust(row, b'\\0') for r in (px if top_down else px[::-1])]
    body = b''.join(rows)
    dib = struct.pack('<IiiHHIIiiII', 40, w, -h if top_down else h, 1, bpp or 8 * n, 0, len(body), 0, 0, 0, 0)
    head = b'BM' + struct.pack('<IHHI', header + len(body), 0, 0, header) + dib
    return head.ljust(header, b'\\0') + body + pad
"""


def _bmp_snippet(name, source):
    _s(name, _BMP + source)


_bmp_snippet("decode_bmp", """
for n in (1, 3, 4):
    for w in (1, 2, 3, 5):
        img = rng.randint(0, 256, (3, w, n))
        for top_down in (False, True):
            data = bmp(img, top_down)
            out = tf.io.decode_bmp(data)
            print(n, w, top_down, out.shape, out.dtype, np.array_equal(out.numpy(), img))
            for ch in (3, 4):
                show(tf.io.decode_bmp(data, channels=ch))
                show(tf.io.decode_image(data, channels=ch))
            show(tf.image.decode_bmp(data))
data = bmp(rng.randint(0, 256, (4, 3, 3)))
for dtype in (tf.uint16, tf.float32, tf.float64):
    out = tf.io.decode_image(data, dtype=dtype)
    print(out.dtype, out.shape, out.numpy().ravel()[:6].tolist())
""")

_bmp_snippet("decode_bmp_errors", """
good = bmp(rng.randint(0, 256, (3, 5, 3)))
err(lambda: tf.io.decode_bmp(good[:20]))
err(lambda: tf.io.decode_bmp(good[:-1]))
err(lambda: tf.io.decode_bmp(good + b'x'))
err(lambda: tf.io.decode_bmp(good, channels=1))
err(lambda: tf.io.decode_bmp(good, channels=2))
err(lambda: tf.io.decode_bmp(bmp(np.zeros((2, 2, 2), np.uint8))))
err(lambda: tf.io.decode_bmp(bmp(np.zeros((2, 2, 3), np.uint8), header=60)))
err(lambda: tf.io.decode_png(good))
err(lambda: tf.io.decode_png(good, channels=1))
err(lambda: tf.io.decode_image(good, channels=1))
png_data = tf.io.encode_png(np.zeros((2, 2, 3), np.uint8))
err(lambda: tf.io.decode_bmp(png_data))
err(lambda: tf.io.decode_bmp(png_data[:30]))
zero_w = bytearray(good); zero_w[18:22] = b'\\0\\0\\0\\0'
err(lambda: tf.io.decode_bmp(bytes(zero_w)))
zero_h = bytearray(good); zero_h[22:26] = b'\\0\\0\\0\\0'
err(lambda: tf.io.decode_bmp(bytes(zero_h)))
err(lambda: tf.io.decode_bmp(b'\\xff\\xd8\\xff\\xe0' + b'\\0' * 40))
err(lambda: tf.io.decode_bmp(b'\\xff\\xd8\\xff\\xe0' + b'\\0' * 40, channels=4))
err(lambda: tf.io.decode_bmp(b'GIF89a' + b'\\0' * 40, channels=4))
err(lambda: tf.io.decode_bmp(b'GIF89a' + b'\\0' * 40))
err(lambda: tf.io.decode_png(b'\\xff\\xd8\\xff\\xe0' + b'\\0' * 40, channels=4))
err(lambda: tf.io.decode_image(b'RIFF\\0\\0\\0\\0WEBPVP8 ' + b'\\0' * 20, channels=1))
err(lambda: tf.io.decode_image(b'RIFF\\0\\0\\0\\0WEBPVP8 ' + b'\\0' * 20, dtype=tf.uint16))
""")

_GIF = """
def lzw(indices, m):
    clear, end = 1 << m, (1 << m) + 1
    size, nxt = m + 1, end + 1
    table = {bytes([i]): i for i in range(clear)}
    codes, w = [(clear, size)], b''
    for k in indices:
        wk = w + bytes([int(k)])
        if wk in table:
            w = wk
            continue
        codes.append((table[w], size))
        table[wk] = nxt
        nxt += 1
        if nxt > (1 << size) and size < 12:
            size += 1
        w = bytes([int(k)])
    codes += [(table[w], size), (end, size)]
    acc = nbits = 0
    out = bytearray()
    for c, s in codes:
        acc |= c << nbits
        nbits += s
        while nbits >= 8:
            out.append(acc & 255)
            acc >>= 8
            nbits -= 8
    if nbits:
        out.append(acc)
    return bytes(out)
def blocks(data):
    return b''.join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)) + b'\\0'
def table_bits(n):
    return max(1, int(np.ceil(np.log2(max(n, 2)))))
def gif(frames, gtable=None, size=None, trailer=True):
    # frames: list of dicts: raster [h, w], left, top, table (local), transparent, interlace
    h = size[0] if size else max(f['raster'].shape[0] for f in frames)
    w = size[1] if size else max(f['raster'].shape[1] for f in frames)
    out = b'GIF89a' + struct.pack('<HH', w, h)
    if gtable is not None:
        b = table_bits(len(gtable))
        out += bytes([0x80 | (b - 1), 0, 0]) + bytes(np.asarray(gtable, np.uint8).ravel())
    else:
        out += bytes([0, 0, 0])
    for f in frames:
        r = np.asarray(f['raster'])
        if f.get('transparent') is not None:
            out += b'\\x21\\xf9\\x04' + bytes([1, 0, 0, f['transparent'], 0])
        packed = 0
        local = f.get('table')
        if local is not None:
            b = table_bits(len(local))
            packed |= 0x80 | (b - 1)
        rows = r
        if f.get('interlace'):
            packed |= 0x40
            n = r.shape[0]
            order = np.concatenate([np.arange(0, n, 8), np.arange(4, n, 8), np.arange(2, n, 4), np.arange(1, n, 2)])
            rows = r[order]
        out += b'\\x2c' + struct.pack('<HHHHB', f.get('left', 0), f.get('top', 0), r.shape[1], r.shape[0], packed)
        if local is not None:
            out += bytes(np.asarray(local, np.uint8).ravel())
        m = max(2, f.get('m', 2))
        out += bytes([m]) + blocks(lzw(rows.ravel(), m))
    return out + (b'\\x3b' if trailer else b'')
"""


def _gif_snippet(name, source):
    _s(name, _GIF + source)


_gif_snippet("decode_gif_frames", """
pal = rng.randint(0, 256, (16, 3))
one = gif([{'raster': rng.randint(0, 16, (7, 9)), 'm': 4}], gtable=pal)
for f in (tf.io.decode_gif, tf.image.decode_gif):
    show(f(one))
show(tf.io.decode_png(one))
show(tf.io.decode_image(one))
show(tf.io.decode_image(one, expand_animations=False))
show(tf.io.decode_image(one, channels=3, dtype=tf.uint16))
out = tf.io.decode_image(one, dtype=tf.float32)
print(out.dtype, out.shape, out.numpy().ravel()[:4].tolist())
frames = [{'raster': rng.randint(0, 4, (6, 5)), 'm': 2},
          {'raster': rng.randint(0, 4, (3, 2)), 'left': 1, 'top': 2, 'm': 2, 'transparent': 1},
          {'raster': rng.randint(0, 8, (6, 5)), 'table': pal[8:16], 'm': 3, 'interlace': True},
          {'raster': rng.randint(0, 4, (2, 2)), 'left': 4, 'top': 5, 'm': 2}]
anim = gif(frames, gtable=pal[:4])
show(tf.io.decode_gif(anim))
show(tf.io.decode_image(anim))
show(tf.io.decode_image(anim, expand_animations=False))
err(lambda: tf.io.decode_png(anim))
err(lambda: tf.io.decode_gif(anim[:-1]))
# first frame smaller than the canvas, with transparency: black around and under it
small = gif([{'raster': rng.randint(0, 4, (3, 3)), 'left': 1, 'top': 1, 'transparent': 2},
             {'raster': rng.randint(0, 4, (5, 6))}], gtable=pal[:4])
show(tf.io.decode_gif(small))
big = gif([{'raster': rng.randint(0, 256, (60, 50)), 'm': 8}], gtable=rng.randint(0, 256, (256, 3)))
show(tf.io.decode_gif(big))
interlaced = gif([{'raster': rng.randint(0, 4, (13, 4)), 'interlace': True}], gtable=pal[:4])
show(tf.io.decode_gif(interlaced))
""")

_gif_snippet("decode_gif_png_and_errors", """
png_data = tf.io.encode_png(rng.randint(0, 256, (3, 4, 4)).astype(np.uint8))
show(tf.io.decode_gif(png_data))
one = gif([{'raster': rng.randint(0, 4, (4, 4))}], gtable=rng.randint(0, 256, (4, 3)))
err(lambda: tf.io.decode_gif(one[:10]))
err(lambda: tf.io.decode_gif(one[:14]))
err(lambda: tf.io.decode_gif(one[:30]))
err(lambda: tf.io.decode_gif(b'GIF89a' + struct.pack('<HH', 2, 2) + b'\\0\\0\\0\\x3b'))
err(lambda: tf.io.decode_gif(gif([{'raster': np.zeros((2, 2), int)}])))
err(lambda: tf.io.decode_gif(gif([{'raster': np.full((2, 2), 3)}], gtable=[[1, 2, 3], [4, 5, 6]])))
show(tf.io.decode_gif(gif([{'raster': np.full((2, 2), 3), 'transparent': 3}], gtable=[[1, 2, 3], [4, 5, 6]])))
err(lambda: tf.io.decode_image(one, channels=1))
err(lambda: tf.io.decode_image(one, channels=4))
err(lambda: tf.io.decode_bmp(one))
bad_record = one[:-1] + b'\\x99'
err(lambda: tf.io.decode_gif(bad_record))
err(lambda: tf.io.decode_gif(tf.io.encode_png(np.zeros((2, 2, 3), np.uint8))[None]))
""")

_gif_snippet("decode_gif_dataset_map", """
pal = rng.randint(0, 256, (4, 3))
blobs = [gif([{'raster': rng.randint(0, 4, (3, 2 + i))}] * (1 + i), gtable=pal) for i in range(2)]
def dec(b):
    return tf.io.decode_gif(b)
ds = tf.data.Dataset.from_tensor_slices(blobs).map(dec)
print(ds.element_spec)
for x in ds:
    show(x)
""")

_s("extract_jpeg_shape", """
# a 2x3 gray JPEG that TF's encode_jpeg wrote (quality 50)
gray = bytes.fromhex(
    'ffd8ffe000104a46494600010101012c012c0000ffdb004300100b0c0e0c0a100e0d0e1211101318281a18161618'
    '3123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc0000b'
    '080002000301011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b510'
    '0002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1'
    'f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a6364656667'
    '68696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2'
    'c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00'
    'e0abffd9')
print(tf.io.extract_jpeg_shape(gray))
print(tf.image.extract_jpeg_shape(tf.constant(gray), output_type=tf.int64))
print(tf.io.is_jpeg(gray))
color = gray.replace(bytes.fromhex('ffc0000b080002000301011100'),
                     bytes.fromhex('ffc0001108012c00c803011100021100031100'))
color = color.replace(bytes.fromhex('ffda000801010000'), bytes.fromhex('ffda000c03010002000300'))
print(tf.io.extract_jpeg_shape(color))
@tf.function
def f(b):
    return tf.io.extract_jpeg_shape(b)
print(f(tf.constant(gray)))
def shape_of(b):
    return tf.io.extract_jpeg_shape(b)
print(list(tf.data.Dataset.from_tensors(gray).map(shape_of).as_numpy_iterator()))
err(lambda: tf.io.extract_jpeg_shape(gray[:100]))
err(lambda: tf.io.extract_jpeg_shape(gray[:200]))
err(lambda: tf.io.extract_jpeg_shape(b'abc'))
err(lambda: tf.io.extract_jpeg_shape(b''))
err(lambda: tf.io.extract_jpeg_shape(tf.constant(gray[:30])))
err(lambda: tf.io.extract_jpeg_shape(gray, output_type=tf.float32))
err(lambda: tf.io.extract_jpeg_shape([gray]))
err(lambda: tf.io.decode_image(gray, channels=4))
err(lambda: tf.io.decode_png(gray, channels=4))
err(lambda: tf.io.decode_gif(gray, name='x') if False else tf.io.decode_bmp(gray))
""")
