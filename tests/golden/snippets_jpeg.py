"""Golden snippets: tf.io.decode_jpeg, decode_and_crop_jpeg, and decode_image / decode_png
/ decode_gif on JPEG data, bit for bit against TF's libjpeg-turbo: baseline and
progressive, gray, 4:4:4, 4:2:2 and 4:2:0, Adobe CMYK, restart intervals, optimized
Huffman tables, odd sizes, with the default flags (INTEGER_FAST), INTEGER_ACCURATE, fancy_upscaling off,
channels 1 / 3, ratio 2 / 4 / 8, crop windows on and off MCU boundaries, uint16 / float
outputs, bad data and bad arguments, eagerly, in Dataset.map and inside tf.function;
and tf.io.encode_jpeg's bytes (baseline, every quality, with and without chroma
downsampling, densities, XMP).

The JPEG files are tests/golden/files/jpeg/*.jpg (written by make_jpegs.py there, with
TF's and Pillow's encoders); the prelude carries them as base64, so a changed file
changes every snippet's sha256. S(t) prints a decoded image's shape, dtype, sha256 and a
few of its values.
"""
import base64
import pathlib

from snippet_registry import ERR, P, Snippets

_DIR = pathlib.Path(__file__).resolve().parent / "files" / "jpeg"
_FILES = sorted(p.name for p in _DIR.glob("*.jpg"))
_DATA = "".join(f"    {n!r}: {base64.b64encode((_DIR / n).read_bytes()).decode()!r},\n"
                for n in _FILES)
_PRELUDE = P + ERR + """import base64, hashlib
J = {k: base64.b64decode(v) for k, v in {
""" + _DATA + """}.items()}
NAMES = [n for n in sorted(J) if 'cmyk' not in n]
def S(t):
    a = t.numpy()
    print(tuple(t.shape), t.dtype.name, hashlib.sha256(a.tobytes()).hexdigest()[:20],
          a.reshape(-1)[:5].tolist(), a.reshape(-1)[-3:].tolist())
"""

SNIPPETS = Snippets(prelude=_PRELUDE)
_s = SNIPPETS.add

_s("decode_default", """
for n in NAMES:
    print(n)
    S(tf.io.decode_jpeg(J[n]))
""")

_s("decode_dct_methods", """
for n in NAMES:
    print(n)
    S(tf.io.decode_jpeg(J[n], dct_method='INTEGER_ACCURATE'))
    S(tf.image.decode_jpeg(J[n], dct_method='INTEGER_FAST'))
""")

_s("decode_no_fancy_upscaling", """
for n in NAMES:
    print(n)
    S(tf.io.decode_jpeg(J[n], fancy_upscaling=False))
    S(tf.io.decode_jpeg(J[n], fancy_upscaling=False, dct_method='INTEGER_ACCURATE'))
""")

_s("decode_channels", """
for n in NAMES:
    print(n)
    S(tf.io.decode_jpeg(J[n], channels=1))
    S(tf.io.decode_jpeg(J[n], channels=3))
    S(tf.io.decode_jpeg(J[n], channels=1, dct_method='INTEGER_ACCURATE'))
""")

_s("decode_ratio", """
for n in NAMES:
    print(n)
    for ratio in (2, 4, 8):
        S(tf.io.decode_jpeg(J[n], ratio=ratio))
        S(tf.io.decode_jpeg(J[n], ratio=ratio, fancy_upscaling=False))
        S(tf.io.decode_jpeg(J[n], ratio=ratio, dct_method='INTEGER_ACCURATE', channels=3))
""")

_s("decode_cmyk", """
for n in ('pil_cmyk_27x21.jpg', 'pil_cmyk_prog_20x19.jpg'):
    print(n)
    S(tf.io.decode_jpeg(J[n]))
    S(tf.io.decode_jpeg(J[n], channels=3, fancy_upscaling=False))
    S(tf.io.decode_jpeg(J[n], dct_method='INTEGER_ACCURATE', ratio=2))
    S(tf.io.decode_and_crop_jpeg(J[n], [3, 9, 5, 6]))
    S(tf.io.decode_image(J[n], dtype=tf.float32))
    err(lambda: tf.io.decode_jpeg(J[n], channels=1))
""")

_s("decode_small_full_values", """
b = J['tf_420_3x5.jpg']
print(tf.io.decode_jpeg(b).numpy().tolist())
print(tf.io.decode_jpeg(b, fancy_upscaling=False).numpy().tolist())
print(tf.io.decode_jpeg(b, dct_method='INTEGER_ACCURATE').numpy().tolist())
print(tf.io.decode_jpeg(b, channels=1).numpy().tolist())
print(tf.io.decode_jpeg(b, ratio=2).numpy().tolist())
print(tf.io.decode_jpeg(b, ratio=8).numpy().tolist())
print(tf.io.decode_jpeg(J['tf_gray_17x23.jpg'], ratio=4, channels=3).numpy()[:2].tolist())
""")

_s("decode_and_crop", """
for n in NAMES:
    h, w = [int(v) for v in tf.io.extract_jpeg_shape(J[n]).numpy()[:2]]
    print(n, h, w)
    windows = [[0, 0, h, w], [1, 2, h - 3, w - 5], [h // 2, 8, h - h // 2, w - 8],
               [3, 16, 5, w - 16], [0, w - 1, h, 1], [h - 1, 0, 1, w], [2, 9, 4, 7],
               [0, 15, 3, 2], [5, 17, 1, 1]]
    for win in windows:
        if win[1] + win[3] > w or win[3] < 1 or win[0] + win[2] > h or win[2] < 1:
            continue
        S(tf.io.decode_and_crop_jpeg(J[n], win))
        S(tf.image.decode_and_crop_jpeg(J[n], tf.constant(win), fancy_upscaling=False,
                                        dct_method='INTEGER_ACCURATE'))
    if h > 4 and w > 4:
        S(tf.io.decode_and_crop_jpeg(J[n], [1, 1, h // 2 - 1, w // 2 - 1], ratio=2))
    S(tf.io.decode_and_crop_jpeg(J[n], [0, 0, 1, 1], channels=1))
""")

_s("decode_and_crop_matches_slice", """
for n in NAMES:
    full = tf.io.decode_jpeg(J[n], fancy_upscaling=False).numpy()
    crop = tf.io.decode_and_crop_jpeg(J[n], [1, 1, 2, 3], fancy_upscaling=False).numpy()
    print(n, (full[1:3, 1:4] == crop).all())
""")

_s("decode_image_and_others_on_jpeg", """
b = J['tf_420_33x47.jpg']
S(tf.io.decode_image(b))
S(tf.io.decode_image(b, dtype=tf.uint16))
S(tf.io.decode_image(b, dtype=tf.float32))
S(tf.io.decode_image(b, dtype=tf.float16))
S(tf.io.decode_image(b, channels=1, expand_animations=False))
S(tf.io.decode_image(J['tf_gray_17x23.jpg'], channels=3))
S(tf.image.decode_image(J['pil_422_29x21.jpg'], expand_animations=True))
S(tf.io.decode_png(b))
S(tf.io.decode_png(b, channels=1))
S(tf.io.decode_gif(b))
S(tf.io.decode_gif(J['tf_gray_17x23.jpg']))
err(lambda: tf.io.decode_png(b, dtype=tf.uint16).dtype)
err(lambda: tf.io.decode_bmp(b))
err(lambda: tf.io.decode_image(b, channels=4))
""")

_s("decode_dataset_map", """
import os, tempfile
d = tempfile.mkdtemp()
paths = []
for n in NAMES[:6]:
    p = os.path.join(d, n)
    with open(p, 'wb') as f:
        f.write(J[n])
    paths.append(p)
def load(path):
    img = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
    return tf.image.convert_image_dtype(img, tf.float32)
ds = tf.data.Dataset.from_tensor_slices(paths).map(load)
print(ds.element_spec)
for t in ds:
    S(t)
def gray(b):
    return tf.io.decode_jpeg(b, channels=1, dct_method='INTEGER_ACCURATE')
ds = tf.data.Dataset.from_tensor_slices([J[n] for n in NAMES]).map(gray)
print(ds.element_spec)
for t in ds:
    S(t)
def small(b):
    return tf.image.resize(tf.io.decode_jpeg(b, channels=3), [8, 8], method='nearest')
ds = tf.data.Dataset.from_tensor_slices([J[n] for n in NAMES[:4]]).map(small)
print(ds.element_spec)
S(next(iter(ds.batch(4))))
def window(b):
    return tf.io.decode_and_crop_jpeg(b, [2, 3, 4, 5])
ds = tf.data.Dataset.from_tensors(J['tf_420_33x47.jpg']).map(window)
print(ds.element_spec)
S(next(iter(ds)))
ds = tf.data.Dataset.from_tensors(J['tf_420_33x47.jpg']).map(tf.io.decode_image)
print(ds.element_spec)
""")

_s("decode_tf_function_constant", """
@tf.function
def f():
    return (tf.io.decode_jpeg(J['tf_420_prog_40x31.jpg'], ratio=2),
            tf.io.decode_and_crop_jpeg(J['pil_420_rst_37x26.jpg'], [4, 5, 6, 7]))
a, b = f()
S(a)
S(b)
""")

_s("decode_truncated_and_corrupt", """
b = J['tf_420_33x47.jpg']
err(lambda: tf.io.decode_jpeg(b[:-2]).shape)
err(lambda: tf.io.decode_jpeg(b[:-200]).shape)
err(lambda: tf.io.decode_jpeg(b[:300]).shape)
err(lambda: tf.io.decode_jpeg(J['tf_420_prog_40x31.jpg'][:-300], acceptable_fraction=0.1).shape)
S(tf.io.decode_jpeg(b[:-2], try_recover_truncated=True))
S(tf.io.decode_jpeg(b[:-2] + b'\\xff\\xd9'))
S(tf.io.decode_jpeg(b[:-2] + b'\\x00\\x00garbage\\xff\\xd9'))
bad = bytearray(b)
bad[900:920] = bytes(20)
S(tf.io.decode_jpeg(bytes(bad)))
err(lambda: tf.io.decode_jpeg(b'\\xff\\xd8\\xffgarbage'))
err(lambda: tf.io.decode_jpeg(b'\\xff\\xd8\\xff'))
err(lambda: tf.io.decode_jpeg(b''))
""")

_s("decode_corrupt_sampling_factors", """
# sampling factors rewritten in the frame header: the entropy data decodes to garbage
# (bad Huffman codes, coefficients overflowing IFAST's 16-bit lanes, data running out)
for n in ('tf_444_16x24.jpg', 'tf_420_33x47.jpg', 'pil_444_prog_48x40.jpg'):
    d = J[n]
    at = max(d.find(b'\\xff\\xc0'), d.find(b'\\xff\\xc2')) + 10
    for y, cb in ((0x12, 0x11), (0x21, 0x12), (0x22, 0x11), (0x14, 0x12), (0x41, 0x21)):
        b = bytearray(d)
        b[at + 1], b[at + 4] = y, cb
        print(n, hex(y), hex(cb))
        for kw in ({}, {'fancy_upscaling': False}, {'ratio': 2},
                   {'dct_method': 'INTEGER_ACCURATE'}):
            try:
                S(tf.io.decode_jpeg(bytes(b), **kw))
            except Exception as e:
                print(type(e).__name__, e)
""")

_s("decode_bad_args", """
b = J['tf_420_33x47.jpg']
err(lambda: tf.io.decode_jpeg(b, ratio=3))
err(lambda: tf.io.decode_jpeg(b, channels=4))
err(lambda: tf.io.decode_jpeg(b, channels=2))
err(lambda: tf.io.decode_jpeg(b, dct_method='FLOAT'))
err(lambda: tf.io.decode_jpeg([b]))
err(lambda: tf.io.decode_jpeg(b, fancy_upscaling=1))
err(lambda: tf.io.decode_jpeg(b, try_recover_truncated=0))
err(lambda: tf.io.decode_jpeg(b, acceptable_fraction='a'))
err(lambda: tf.io.decode_jpeg(b, dct_method=3))
print(tf.io.decode_jpeg(b, ratio=2.0).shape, tf.io.decode_jpeg(b, channels=3.0).shape,
      tf.io.decode_jpeg(b, dct_method=b'INTEGER_ACCURATE', acceptable_fraction=1).shape)
err(lambda: tf.io.decode_and_crop_jpeg(b, [0, 0, 40, 5]))
err(lambda: tf.io.decode_and_crop_jpeg(b, [0, 0, 3]))
err(lambda: tf.io.decode_and_crop_jpeg(b, [[0, 0, 3, 3]]))
err(lambda: tf.io.decode_and_crop_jpeg(b, [0, 0, 0, 3]))
err(lambda: tf.io.decode_and_crop_jpeg(b, [-1, 0, 2, 3]))
err(lambda: tf.io.decode_and_crop_jpeg(b, [0, 0, 20, 3], ratio=2))
err(lambda: tf.io.decode_and_crop_jpeg(b, tf.constant([0, 0, 2, 3], tf.int64)))
err(lambda: tf.io.decode_and_crop_jpeg(b'\\x89PNG\\r\\n\\x1a\\n', [0, 0, 2, 3]))
""")

_ENC = """
def picture(h, w, c, seed):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    img = 128 + 90 * np.sin(x / 3.0 + y / 5.0)[..., None] + rng.normal(0, 25, (h, w, c))
    return np.clip(img, 0, 255).astype(np.uint8)
def B(t):
    b = t.numpy()
    print(tuple(t.shape), t.dtype.name, len(b), hashlib.sha256(b).hexdigest()[:20])
"""

_s("encode_jpeg_bytes", _ENC + """
for h, w, c in ((17, 23, 1), (33, 47, 3), (16, 24, 3), (3, 5, 3), (1, 1, 3), (40, 31, 3),
                (9, 17, 1), (25, 18, 3)):
    img = picture(h, w, c, h * w)
    for q in (95, 75, 50, 10, 100, 0):
        B(tf.io.encode_jpeg(img, quality=q))
    B(tf.io.encode_jpeg(img, chroma_downsampling=False))
    B(tf.image.encode_jpeg(tf.constant(img), quality=80, chroma_downsampling=False))
    B(tf.io.encode_jpeg(img, density_unit='cm', x_density=72, y_density=70000))
    B(tf.io.encode_jpeg(img, xmp_metadata='<x:xmpmeta/>'))
    B(tf.io.encode_jpeg(img, format='grayscale' if c == 1 else 'rgb'))
""")

_s("encode_jpeg_round_trip", _ENC + """
img = picture(33, 47, 3, 1)
for q in (95, 50):
    b = tf.io.encode_jpeg(img, quality=q)
    S(tf.io.decode_jpeg(b))
    S(tf.io.decode_jpeg(b, dct_method='INTEGER_ACCURATE'))
    print(tf.io.extract_jpeg_shape(b).numpy().tolist(), tf.io.is_jpeg(b).numpy())
@tf.function
def f(x):
    return tf.io.encode_jpeg(x, quality=90)
print(f.get_concrete_function(tf.TensorSpec([None, None, 3], tf.uint8)).structured_outputs)
B(f(img))
def enc(x):
    return tf.io.encode_jpeg(x)
ds = tf.data.Dataset.from_tensors(img).map(enc)
print(ds.element_spec)
B(next(iter(ds)))
""")

_s("encode_jpeg_errors", _ENC + """
img = picture(2, 3, 3, 0)
def err2(f):
    try:
        B(f())
    except Exception as e:
        print(type(e).__name__, str(e).split(' [Op:')[0].split('; NodeDef')[0])
err2(lambda: tf.io.encode_jpeg(img, format='grayscale'))
err2(lambda: tf.io.encode_jpeg(img[..., :1], format='rgb'))
err2(lambda: tf.io.encode_jpeg(np.zeros((2, 3, 4), np.uint8)))
err2(lambda: tf.io.encode_jpeg(np.zeros((2, 3, 2), np.uint8)))
err2(lambda: tf.io.encode_jpeg(np.zeros((2, 3), np.uint8)))
err2(lambda: tf.io.encode_jpeg(np.zeros((1, 2, 3, 3), np.uint8)))
err2(lambda: tf.io.encode_jpeg(np.zeros((0, 3, 3), np.uint8)))
err2(lambda: tf.io.encode_jpeg(img, quality=101))
err2(lambda: tf.io.encode_jpeg(img, quality=-5))
err2(lambda: tf.io.encode_jpeg(img, quality=95.5))
err2(lambda: tf.io.encode_jpeg(img, format='foo'))
err2(lambda: tf.io.encode_jpeg(img, density_unit='mm'))
err2(lambda: tf.io.encode_jpeg(img, progressive=1))
err2(lambda: tf.io.encode_jpeg(img, xmp_metadata=3))
err2(lambda: tf.io.encode_jpeg(img, x_density=-1))
""")
