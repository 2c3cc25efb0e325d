"""Write the JPEG files of the golden suite `jpeg` (tests/golden/snippets_jpeg.py):
TF's encoder (tf.io.encode_jpeg) and Pillow's (for 4:2:2, restart intervals, optimized
Huffman tables and Adobe CMYK). Run with the reference venv, from the repository root:

    /tmp/tfref/bin/python tests/golden/files/jpeg/make_jpegs.py
"""
import io
import pathlib

import numpy as np
import tensorflow as tf
from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent


def picture(h, w, seed, channels=3):
    """Gradients, stripes and noise: every frequency band gets some energy."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    planes = []
    for c in range(channels):
        p = (128 + 90 * np.sin(x / (2.5 + c) + y / (4.0 + 2 * c))
             + 40 * np.cos((x - y) / 7.0 + c) + rng.normal(0, 18, (h, w)))
        planes.append(p)
    img = np.stack(planes, -1)
    img[h // 3:h // 2, w // 4:w // 2] = [250, 10, 60, 128][:channels]   # (a hard edge)
    return np.clip(img, 0, 255).astype(np.uint8)


def tf_jpeg(name, img, **kw):
    (HERE / name).write_bytes(tf.io.encode_jpeg(img, **kw).numpy())


def pil_jpeg(name, img, **kw):
    buf = io.BytesIO()
    mode = {1: "L", 3: "RGB", 4: "CMYK"}[img.shape[-1]]
    Image.fromarray(img[..., 0] if img.shape[-1] == 1 else img, mode).save(buf, "JPEG", **kw)
    (HERE / name).write_bytes(buf.getvalue())


tf_jpeg("tf_gray_17x23.jpg", picture(17, 23, 1, 1), quality=75)
tf_jpeg("tf_420_33x47.jpg", picture(33, 47, 2), quality=90)
tf_jpeg("tf_444_16x24.jpg", picture(16, 24, 3), quality=50, chroma_downsampling=False)
tf_jpeg("tf_420_prog_40x31.jpg", picture(40, 31, 4), quality=80, progressive=True)
tf_jpeg("tf_gray_prog_21x18.jpg", picture(21, 18, 5, 1), quality=95, progressive=True)
tf_jpeg("tf_444_prog_opt_19x13.jpg", picture(19, 13, 6), quality=100,
        chroma_downsampling=False, progressive=True, optimize_size=True)
tf_jpeg("tf_420_q10_64x48.jpg", picture(64, 48, 7), quality=10)
tf_jpeg("tf_420_3x5.jpg", picture(3, 5, 8), quality=85)
pil_jpeg("pil_422_29x21.jpg", picture(29, 21, 9), quality=88, subsampling=1)
pil_jpeg("pil_420_rst_37x26.jpg", picture(37, 26, 10), quality=70, subsampling=2,
         restart_marker_blocks=3)
pil_jpeg("pil_422_prog_rst_opt_27x35.jpg", picture(27, 35, 11), quality=92, subsampling=1,
         progressive=True, optimize=True, restart_marker_rows=1)
pil_jpeg("pil_gray_rst_opt_30x22.jpg", picture(30, 22, 12, 1), quality=60, optimize=True,
         restart_marker_blocks=5)
pil_jpeg("pil_444_prog_48x40.jpg", picture(48, 40, 13), quality=97, subsampling=0,
         progressive=True)
pil_jpeg("pil_cmyk_27x21.jpg", picture(21, 27, 14, 4), quality=85)
pil_jpeg("pil_cmyk_prog_20x19.jpg", picture(20, 19, 15, 4), quality=60, progressive=True)
for p in sorted(HERE.glob("*.jpg")):
    print(p.name, len(p.read_bytes()))
