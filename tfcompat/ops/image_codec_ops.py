"""tf.io's image codecs (decode_png, decode_gif, decode_bmp, decode_jpeg,
decode_and_crop_jpeg, decode_image, encode_png, encode_jpeg, is_jpeg, extract_jpeg_shape),
exported as tf.image.* too, and tf.image.adjust_jpeg_quality (encode, then decode): host
`strings.Kernel`s over numpy codecs (image_codec_png / _gif / _bmp / _jpeg /
_jpeg_pixels / _jpeg_encode), run as decode_raw runs (eagerly, in Dataset.map, and
inside a tf.function on constant bytes).

The kernel sniffs the format from the first bytes, as TF's DecodeImageV2Op does, and
raises TF's errors for bad data and bad `channels`. encode_png (batched like TF's
kernel), encode_jpeg and adjust_jpeg_quality run inside a tf.function too (their output
shapes are known; adjust_jpeg_quality's keeps the image's static height and width, which
TF's DecodeJpeg leaves unknown).
Deliberate differences: inside a tf.function, bytes computed there raise a TypeError
naming the API (the output shape depends on the values; TF gives [None, None, C]).
WebP data (which TF's decode_png / decode_gif / decode_image also decode) raises
NotImplementedError naming the API, after TF's checks of `channels`; so do truncated
JPEGs under `try_recover_truncated` or an `acceptable_fraction` below 1 (TF returns
the rows libjpeg got), and encode_jpeg's `progressive` and `optimize_size`.
"""
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.variables import Variable
from ..framework.dispatch import execute, mismatch_error
from . import image_codec_bmp as bmp, image_codec_gif as gif, image_codec_jpeg as jpeg
from . import image_codec_jpeg_encode as jpeg_encode, image_codec_jpeg_pixels as jpeg_pixels
from . import image_codec_png as png
from .comparison_ops import equal
from .image_ops import convert_image_dtype
from .io_ops import _check_bool, _check_str, _host_op, _string_arg
from .manip_ops import _make_int
from .op_args import attr_error, dims, dynamic_shape_error, kernel_error
from .spec_probes import probe_size
from .string_text_ops import _name, substr

__all__ = []

_MAGIC = ((jpeg.MAGIC, "JPEG"), (png.SIGNATURE, "PNG"), (b"GIF8", "GIF"), (b"BM", "BMP"))
_API = {"DecodePng": "tf.io.decode_png", "DecodeImage": "tf.io.decode_image",
        "DecodeBmp": "tf.io.decode_bmp", "DecodeGif": "tf.io.decode_gif",
        "DecodeJpeg": "tf.io.decode_jpeg", "DecodeAndCropJpeg": "tf.io.decode_and_crop_jpeg"}
_JPEG_FAILED = "jpeg::Uncompress failed. Invalid JPEG data or crop window."
# TF's jpeg::UncompressFlags for ops other than DecodeJpeg / DecodeAndCropJpeg
_JPEG_DEFAULTS = (1, True, False, 1.0, "")


def _format(data):
    """The image format TF's ClassifyFileFormat finds in `data` (None: unknown)."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data.startswith(b"RIFF") and len(data) > 12 and data[8:12] == b"WEBP":
        return "WebP"
    return None


def _png(data, channels, dtype, op, name):
    """DecodePngV2: the PNG in `data` (decoded at 16 bits for float32, then / 65535)."""
    bits = 8 if dtype == np.uint8 else 16
    try:
        if op == "DecodeBmp":
            png.Header(data)
            raise kernel_error(op, "Trying to decode PNG format using DecodeBmp op. Use "
                               "`decode_png` or `decode_image` instead.", name)
        if op == "DecodeAndCropJpeg":
            png.Header(data)
            raise kernel_error(op, "DecodeAndCropJpeg operation can run on JPEG only, but "
                               "detected PNG.", name)
        image = png.decode(data, channels, bits)
    except png.InitError:
        raise kernel_error(op, "Invalid PNG. Failed to initialize decoder.", name) from None
    except png.DataError:
        raise kernel_error(op, f"Invalid PNG data, size {len(data)}", name) from None
    if op == "DecodeGif":
        image = image[None]
    if dtype == np.float32:
        return image.astype(np.float32) * np.float32(1.0 / 65535)
    return image


def _from_uint8(image, dtype):
    """TF's conversion of a uint8 decoder's output: uint16 as v * 256, float32 as v / 255."""
    if dtype == np.uint16:
        return image.astype(np.uint16) * np.uint16(256)
    if dtype == np.float32:
        return image.astype(np.float32) * np.float32(1.0 / 255)
    return image


def _gif(data, channels, dtype, op, name, animations):
    """DecodeGifV2: [frames, h, w, 3]; 3-D for decode_png (one frame only) and for
    decode_image without `expand_animations`."""
    if channels not in (0, 3):
        raise kernel_error(op, f"channels must be 0 or 3 for GIF, got {channels}", name)
    if op == "DecodeBmp":
        raise kernel_error(op, "Trying to decode GIF format using DecodeBmp op. Use "
                           "`decode_gif` or `decode_image` instead.", name)
    if op == "DecodeAndCropJpeg":
        raise kernel_error(op, "DecodeAndCropJpeg operation can run on JPEG only, but "
                           "detected GIF.", name)
    try:
        frames = gif.decode(data, op != "DecodeImage" or animations)
    except gif.GifError as e:
        raise kernel_error(op, f"Invalid GIF data (size {len(data)}), {e}", name) from None
    if op in ("DecodePng", "DecodeJpeg"):
        if len(frames) != 1:
            raise kernel_error(op, f"Got {len(frames)} frames, but animated gifs can only "
                               f"be decoded by tf.io.decode_gif or tf.io.decode_image", name)
        frames = frames[0]
    elif op == "DecodeImage" and not animations:
        frames = frames[0]
    return _from_uint8(frames, dtype)


def _bmp(data, channels, dtype, op, name):
    """DecodeBmpV2: uint8 pixels, uint16 as v * 256, float32 as v / 255."""
    if channels == 1:
        raise kernel_error(op, f"`channels` must be 0, 3 or 4 for BMP, but got {channels}",
                           name)
    if op not in ("DecodeBmp", "DecodeImage"):
        raise kernel_error(op, f"Trying to decode BMP format using a wrong op. Use "
                           f"`decode_bmp` or `decode_image` instead. Op used: {op}", name)
    try:
        return _from_uint8(bmp.decode(data, channels), dtype)
    except bmp.BmpError as e:
        raise kernel_error(op, str(e), name) from None


def _jpeg(data, channels, dtype, op, name, flags, crop):
    """DecodeJpegV2: libjpeg-turbo's pixels (image_codec_jpeg_pixels) under TF's `flags`
    (ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction, dct_method);
    uint16 as v * 256, float32 as v / 255."""
    if channels == 4:
        raise kernel_error(op, "JPEG does not support 4 channels", name)
    if op == "DecodeBmp":
        raise kernel_error(op, "Trying to decode JPEG format using DecodeBmp op. Use "
                           "`decode_jpeg` or `decode_image` instead.", name)
    ratio, fancy, recover, fraction, dct = flags
    if crop is not None:
        if crop.ndim != 1:
            raise kernel_error(op, f"crop_window must be 1-D, got shape {dims(crop.shape)}",
                               name)
        if crop.shape[0] != 4:
            raise kernel_error(op, f"crop_size must have four elements {dims(crop.shape)}",
                               name)
        crop = tuple(int(v) for v in crop)
    try:
        image = jpeg_pixels.decode(data, channels, ratio, fancy, dct == "INTEGER_ACCURATE",
                                   crop, recover)
    except jpeg.Truncated as e:
        if recover or (e.rows and fraction < 1):
            raise NotImplementedError(
                f"tfcompat: {_API[op]} of this truncated JPEG with "
                f"{'try_recover_truncated' if recover else 'acceptable_fraction < 1'} is "
                f"not supported (TF keeps the rows libjpeg decoded)") from None
        raise kernel_error(op, _JPEG_FAILED, name) from None
    except jpeg.JpegError:
        raise kernel_error(op, _JPEG_FAILED, name) from None
    if op == "DecodeGif":
        image = image[None]
    return _from_uint8(image, dtype)


def _undecoded(data, channels, dtype, op, name):
    """WebP: TF's checks of `channels` and dtype before decoding; then tfcompat's
    NotImplementedError."""
    if channels == 1:
        raise kernel_error(op, "WebP only supports 3 or 4 channels", name)
    if dtype != np.uint8:
        raise kernel_error(op, "WebP only supports uint8 for dtype", name)
    raise NotImplementedError(f"tfcompat: {_API[op]} of WebP data is not supported "
                              f"(tfcompat decodes JPEG, PNG, GIF and BMP)")


def _decode(x, op, channels, dtype, animations, name, flags=_JPEG_DEFAULTS, crop=None):
    """The DecodePng / DecodeGif / DecodeBmp / DecodeJpeg / DecodeAndCropJpeg /
    DecodeImage kernel on the scalar string `x` (`crop`: DecodeAndCropJpeg's window)."""
    if x.ndim:
        raise kernel_error(op, f"`contents` must be scalar but got shape{dims(x.shape)}", name)
    data = x[()]
    if not data:
        raise kernel_error(op, "Input is empty.", name)
    kind = _format(data)
    if kind is None:
        raise kernel_error(op, "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, "
                           "BMP, WebP required.", name)
    if op == "DecodeGif":
        channels = 3   # (DecodeGif has no `channels`: TF's kernel sets 3)
    if kind == "PNG":
        return _png(data, channels, dtype, op, name)
    if kind == "BMP":
        return _bmp(data, channels, dtype, op, name)
    if kind == "GIF":
        return _gif(data, channels, dtype, op, name, animations)
    if kind == "JPEG":
        return _jpeg(data, channels, dtype, op, name, flags, crop)
    return _undecoded(data, channels, dtype, op, name)


_ops = {}


def _op(op, dtype):
    key = (op, dtype)
    if key not in _ops:
        _ops[key] = _host_op(op, lambda x, *crop, channels, dtype, animations, flags, name:
                             _decode(x, op, channels, dtype, animations, name, flags,
                                     *crop), outputs=(dtype,))
    return _ops[key]


def _probe(op, size, channels, dtype, animations, crop=None):
    """tf.data's spec probe (ops/spec_probes.py): TF's static shape [None, None, C] (C
    None when `channels` is 0), [crop height, crop width, C] for decode_and_crop_jpeg
    (its window's values: a window from the element differs between probes);
    decode_gif's [None, None, None, 3]; decode_image with `animations` has an unknown
    rank."""
    shape = (size, size, channels or size)
    if crop is not None and crop.shape == (4,):
        shape = (max(int(crop[2]), 0), max(int(crop[3]), 0), channels or size)
    if op == "DecodeGif":
        shape = (size, size, size, 3)
    elif animations and size == 3:
        shape = (1,) + shape
    return EagerTensor(jnp.zeros(shape, dtype._np))


def _jpeg_flags(ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction,
                dct_method):
    """DecodeJpeg's attributes, checked as TF's wrapper and kernel check them."""
    ratio = _make_int(ratio, "ratio")
    fancy = _check_bool(fancy_upscaling, "fancy_upscaling")
    recover = _check_bool(try_recover_truncated, "try_recover_truncated")
    if not isinstance(acceptable_fraction, (int, float, np.integer, np.floating)):
        raise TypeError(f"Expected float for argument 'acceptable_fraction' not "
                        f"{acceptable_fraction!r}.")
    dct = _check_str(dct_method, "dct_method")
    return ratio, fancy, recover, float(np.float32(acceptable_fraction)), dct


def _check_jpeg_flags(op, flags, name):
    """The DecodeJpeg kernel's checks of `ratio` and `dct_method`."""
    ratio, _, _, _, dct = flags
    if ratio not in (1, 2, 4, 8):
        raise kernel_error(op, f"ratio must be 1, 2, 4, or 8, got {ratio}", name)
    if dct not in ("", "INTEGER_FAST", "INTEGER_ACCURATE"):
        raise kernel_error(op, "dct_method must be one of {'', 'INTEGER_FAST', "
                           "'INTEGER_ACCURATE'}", name)


def _run(op, contents, channels, dtype, animations=False, flags=_JPEG_DEFAULTS,
         crop_window=None):
    nm = _name(contents)
    if op in ("DecodePng", "DecodeImage") and dtype._tf_name not in op_def.spec(op).allowed("dtype"):
        raise attr_error(op, "dtype", dtype, name=nm)
    if op in ("DecodeJpeg", "DecodeAndCropJpeg"):
        channels = _make_int(channels, "channels")
    elif not isinstance(channels, (int, np.integer)) or isinstance(channels, bool):
        raise TypeError(f"Expected int for argument 'channels' not {channels!r}.")
    x = _string_arg(contents, op)
    inputs = (x,)
    if crop_window is not None:
        if isinstance(crop_window, Variable):
            crop_window = crop_window._read()
        crop_window = convert_to_tensor(crop_window, dtype=dtypes.int32)
        inputs = (x, crop_window)
    if channels not in (0, 1, 3, 4):
        raise kernel_error(op, f"`channels` must be 0, 1, 3 or 4 but got {channels}", nm)
    if op in ("DecodeJpeg", "DecodeAndCropJpeg"):
        _check_jpeg_flags(op, flags, nm)
    if probe_size() is not None:
        crop = None if crop_window is None else np.asarray(crop_window._value)
        return _probe(op, probe_size(), channels, dtype, animations, crop)
    if symbolic(x._value):
        raise dynamic_shape_error(_API[op], "contents")
    if crop_window is not None and symbolic(crop_window._value):
        raise dynamic_shape_error(_API[op], "crop_window")
    np_dtype = np.dtype(dtype._np)
    return execute(_op(op, np_dtype), inputs, (
        ("channels", int(channels)), ("dtype", np_dtype), ("animations", bool(animations)),
        ("flags", flags), ("name", nm)))


def decode_png(contents, channels=0, dtype=dtypes.uint8, name=None):
    """tf.io.decode_png / tf.image.decode_png: a PNG as a uint8 or uint16
    [height, width, channels] tensor."""
    return _run("DecodePng", contents, channels, dtypes.as_dtype(dtype))


def decode_jpeg(contents, channels=0, ratio=1, fancy_upscaling=True,
                try_recover_truncated=False, acceptable_fraction=1, dct_method="",
                name=None):
    """tf.io.decode_jpeg / tf.image.decode_jpeg: a JPEG (also a PNG or a one-frame GIF)
    as a uint8 [height, width, channels] tensor, libjpeg-turbo's pixels bit for bit
    (dct_method '' is INTEGER_FAST, as in TF)."""
    flags = _jpeg_flags(ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction,
                        dct_method)
    return _run("DecodeJpeg", contents, channels, dtypes.uint8, flags=flags)


def decode_and_crop_jpeg(contents, crop_window, channels=0, ratio=1, fancy_upscaling=True,
                         try_recover_truncated=False, acceptable_fraction=1,
                         dct_method="", name=None):
    """tf.io.decode_and_crop_jpeg / tf.image.decode_and_crop_jpeg: the window
    [y, x, height, width] (of the `ratio`-scaled image) of a JPEG, as libjpeg-turbo's
    jpeg_crop_scanline decodes it (its MCU-aligned window changes the upsampled edge)."""
    flags = _jpeg_flags(ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction,
                        dct_method)
    return _run("DecodeAndCropJpeg", contents, channels, dtypes.uint8, flags=flags,
                crop_window=crop_window)


def decode_gif(contents, name=None):
    """tf.io.decode_gif / tf.image.decode_gif: the frames of a GIF (also of a PNG) as a
    uint8 [frames, height, width, 3] tensor."""
    return _run("DecodeGif", contents, 0, dtypes.uint8, animations=True)


def decode_bmp(contents, channels=0, name=None):
    """tf.io.decode_bmp / tf.image.decode_bmp: an uncompressed 8/24/32-bit BMP as a
    uint8 [height, width, channels] tensor."""
    return _run("DecodeBmp", contents, channels, dtypes.uint8)


def decode_image(contents, channels=None, dtype=dtypes.uint8, name=None,
                 expand_animations=True):
    """tf.io.decode_image / tf.image.decode_image: the image in `contents` (its format
    sniffed from the first bytes) as a `dtype` tensor; float32 is the uint16 image over
    65535, other dtypes convert_image_dtype of it."""
    channels = 0 if channels is None else channels
    dtype = dtypes.as_dtype(dtype)
    decode_as = dtype if dtype in (dtypes.float32, dtypes.uint8, dtypes.uint16) \
        else dtypes.uint16
    image = _run("DecodeImage", contents, channels, decode_as, expand_animations)
    return image if decode_as is dtype else convert_image_dtype(image, dtype)


def is_jpeg(contents, name=None):
    """tf.io.is_jpeg / tf.image.is_jpeg: whether `contents` starts with JPEG's magic
    bytes \\xff\\xd8\\xff (a bool scalar)."""
    return equal(substr(contents, 0, 3), jpeg.MAGIC)


def _jpeg_shape(x, output_type, name):
    if x.ndim:
        raise kernel_error("ExtractJpegShape", f"contents must be scalar, got shape "
                           f"{dims(x.shape)}", name)
    data = x[()]
    try:
        return np.array(jpeg.shape(data), output_type)
    except jpeg.JpegError:
        raise kernel_error("ExtractJpegShape", f"Invalid JPEG data, size {len(data)}",
                           name) from None


_shape_ops = {}


def extract_jpeg_shape(contents, output_type=dtypes.int32, name=None):
    """tf.io.extract_jpeg_shape / tf.image.extract_jpeg_shape: [height, width, channels]
    of a JPEG, from its header (runs inside a tf.function too: the shape is [3])."""
    nm = _name(contents)
    output_type = dtypes.as_dtype(output_type)
    if output_type._tf_name not in op_def.spec("ExtractJpegShape").allowed("output_type"):
        raise attr_error("ExtractJpegShape", "output_type", output_type, name=nm)
    x = _string_arg(contents, "ExtractJpegShape")
    np_type = np.dtype(output_type._np)
    if np_type not in _shape_ops:
        _shape_ops[np_type] = _host_op("ExtractJpegShape", _jpeg_shape, outputs=(np_type,),
                                       shape=lambda s, output_type, name: (3,))
    return execute(_shape_ops[np_type], (x,), (("output_type", np_type), ("name", nm)))


def _encode(image, compression, name):
    """The EncodePng kernel: each [height, width, channels] image of the batch `image`."""
    if image.ndim < 3:
        raise kernel_error("EncodePng", f"images must be at least rank 3{dims(image.shape)}",
                           name)
    channels = image.shape[-1]
    if not 1 <= channels <= 4:
        raise kernel_error("EncodePng", f"image must have 1, 2, 3, or 4 channels, got "
                           f"{channels}", name)
    batch = image.reshape((int(np.prod(image.shape[:-3])),) + image.shape[-3:])
    if batch.shape[0] and 0 in image.shape[-3:-1]:
        bad = ", ".join(str(i) for i in range(batch.shape[0]))
        raise kernel_error("EncodePng", f"PNG encoding failed at the following flattened "
                           f"batch indices: {bad}", name, cls=errors.InternalError)
    out = np.empty(len(batch), object)
    out[:] = [png.encode(im, compression) for im in batch]
    return out.reshape(image.shape[:-3])


_encode_op = _host_op("EncodePng", _encode,
                      shape=lambda s, compression, name: s[:-3] if len(s) >= 3 else ())


def encode_png(image, compression=-1, name=None):
    """tf.io.encode_png / tf.image.encode_png: PNG bytes of each uint8 or uint16 image
    ([..., height, width, channels]) as TF's libpng writes them. Differs only at
    compression=0 on images of more than 8 KB (stored blocks are split otherwise)."""
    nm = _name(image)
    if isinstance(image, Variable):
        image = image._read()
    image = image if isinstance(image, Tensor) else convert_to_tensor(image)
    if image.dtype._tf_name not in op_def.spec("EncodePng").allowed("T"):
        raise attr_error("EncodePng", "T", image.dtype, name=nm)
    if not isinstance(compression, (int, np.integer)) or isinstance(compression, bool):
        raise TypeError(f"Expected int for argument 'compression' not {compression!r}.")
    if not -1 <= compression <= 9:
        raise kernel_error("EncodePng", f"compression should be in [-1,9], got {compression}",
                           nm)
    return execute(_encode_op, (image,), (("compression", int(compression)), ("name", nm)))


def _encode_jpeg(image, fmt, quality, progressive, optimize_size, chroma_downsampling,
                 density_unit, x_density, y_density, xmp_metadata, name):
    """The EncodeJpeg kernel on the uint8 [height, width, channels] `image`."""
    op = "EncodeJpeg"
    if image.ndim != 3:
        raise kernel_error(op, f"image must be 3-dimensional{dims(image.shape)}", name)
    channels = image.shape[-1]
    want = {"grayscale": 1, "rgb": 3}.get(fmt)
    if want is not None and channels != want:
        raise kernel_error(op, f"format {fmt} expects {want} channels, got "
                           f"{dims(image.shape)}", name)
    if channels not in (1, 3):
        raise kernel_error(op, f"image must have 1 or 3 channels, got {dims(image.shape)}",
                           name)
    if not 0 <= quality <= 100:
        raise kernel_error(op, f"quality must be in [0,100], got {quality}", name)
    if progressive or optimize_size:
        raise NotImplementedError(
            f"tfcompat: tf.io.encode_jpeg with "
            f"{'progressive' if progressive else 'optimize_size'}=True is not supported "
            f"(tfcompat writes baseline JPEG with the standard Huffman tables)")
    if not image.shape[0] or not image.shape[1]:
        raise kernel_error(op, "JPEG encoding failed", name, cls=errors.InternalError)
    data = jpeg_encode.encode(image, quality, chroma_downsampling,
                              1 if density_unit == "in" else 2, x_density & 0xFFFF,
                              y_density & 0xFFFF, xmp_metadata)
    return np.array(data, object)


_encode_jpeg_op = _host_op("EncodeJpeg", _encode_jpeg, shape=lambda s, **attrs: ())


def encode_jpeg(image, format="", quality=95, progressive=False, optimize_size=False,
                chroma_downsampling=True, density_unit="in", x_density=300, y_density=300,
                xmp_metadata="", name=None):
    """tf.io.encode_jpeg / tf.image.encode_jpeg: the JPEG bytes of a uint8
    [height, width, 1 or 3] image, byte for byte as TF's libjpeg-turbo writes them
    (baseline; `progressive` and `optimize_size` raise NotImplementedError)."""
    op = "EncodeJpeg"
    nm = _name(image)
    fmt = _check_str(format, "format")
    quality = _make_int(quality, "quality")
    flags = [_check_bool(v, a) for v, a in ((progressive, "progressive"),
                                            (optimize_size, "optimize_size"),
                                            (chroma_downsampling, "chroma_downsampling"))]
    unit = _check_str(density_unit, "density_unit")
    x_density, y_density = _make_int(x_density, "x_density"), _make_int(y_density,
                                                                         "y_density")
    xmp = _check_str(xmp_metadata, "xmp_metadata").encode("utf-8")
    if isinstance(image, Variable):
        image = image._read()
    image = image if isinstance(image, Tensor) else convert_to_tensor(image, dtypes.uint8)
    if image.dtype is not dtypes.uint8:
        raise mismatch_error(op, 0, dtypes.uint8, image.dtype)
    for attr, value, allowed in (("format", fmt, ("", "grayscale", "rgb")),
                                 ("density_unit", unit, ("in", "cm"))):
        if value not in allowed:
            raise op_def.attr_value_error(op, attr, value, nm)
    return execute(_encode_jpeg_op, (image,), (
        ("fmt", fmt), ("quality", quality), ("progressive", flags[0]),
        ("optimize_size", flags[1]), ("chroma_downsampling", flags[2]),
        ("density_unit", unit), ("x_density", x_density), ("y_density", y_density),
        ("xmp_metadata", xmp), ("name", nm)))


def _jpeg_round_trip(image, quality, channels, dct, graph, name):
    """EncodeJpegVariableQuality (TF's default CompressFlags, format from the channels),
    then DecodeJpeg with `channels` and `dct` on its bytes: the uint8 image back.
    DecodeJpeg's checks of its attributes come after the encoding's eagerly, before it
    in a `graph` (where its kernel is built before any runs)."""
    op = "EncodeJpegVariableQuality"
    if graph:
        _check_decode_attrs(channels, dct)
    if image.ndim != 3:
        raise kernel_error(op, f"image must be 3-dimensional{dims(image.shape)}", name)
    if quality.ndim:
        raise kernel_error(op, f"quality must be scalar: {dims(quality.shape)}", name)
    quality = int(quality)
    if not 0 <= quality <= 100:
        raise kernel_error(op, f"quality must be in [0,100], got {quality}", name)
    if image.shape[-1] not in (1, 3):
        raise kernel_error(op, f"image must have 1 or 3 channels, got {dims(image.shape)}",
                           name)
    if not image.shape[0] or not image.shape[1]:
        raise kernel_error(op, "JPEG encoding failed", name, cls=errors.InternalError)
    data = jpeg_encode.encode(image, quality, True, 1, 300, 300, b"")
    _check_decode_attrs(channels, dct)
    return jpeg_pixels.decode(data, channels, accurate=dct == "INTEGER_ACCURATE")


def _check_decode_attrs(channels, dct):
    if channels not in (0, 1, 3, 4):
        raise kernel_error("DecodeJpeg", f"`channels` must be 0, 1, 3 or 4 but got {channels}")
    _check_jpeg_flags("DecodeJpeg", (1, True, False, 1.0, dct), None)


_round_trip_op = _host_op("EncodeJpegVariableQuality", _jpeg_round_trip, outputs=(np.uint8,),
                          shape=lambda s, q, **attrs: s)


def adjust_jpeg_quality(image, jpeg_quality, dct_method="", name=None):
    """tf.image.adjust_jpeg_quality: `image` (3-D, 1 or 3 channels) as uint8 (saturated),
    JPEG-encoded at `jpeg_quality` and decoded, then converted back to its dtype; one
    host kernel for TF's EncodeJpegVariableQuality and DecodeJpeg pair."""
    image = convert_to_tensor(image._read() if isinstance(image, Variable) else image)
    channels = image.shape[-1] if image.shape.rank else None
    orig_dtype = image.dtype
    image = convert_image_dtype(image, dtypes.uint8, saturate=True)
    if isinstance(jpeg_quality, Variable):
        jpeg_quality = jpeg_quality._read()
    if not isinstance(jpeg_quality, Tensor):
        jpeg_quality = convert_to_tensor(jpeg_quality, dtype=dtypes.int32)
    if jpeg_quality.dtype is not dtypes.int32:
        raise mismatch_error("EncodeJpegVariableQuality", 1, dtypes.int32, jpeg_quality.dtype)
    dct = _check_str(dct_method, "dct_method")
    channels = int(channels or 0)
    out = execute(_round_trip_op, (image, jpeg_quality), (
        ("channels", channels), ("dct", dct), ("graph", not executing_eagerly()),
        ("name", "")))
    return convert_image_dtype(out, orig_dtype, saturate=True)
