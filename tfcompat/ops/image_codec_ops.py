"""tf.io's image codecs (decode_png, decode_gif, decode_bmp, decode_image, encode_png,
is_jpeg, extract_jpeg_shape), exported as tf.image.* too: host `strings.Kernel`s over
numpy codecs (image_codec_png / _gif / _bmp / _jpeg), run as decode_raw runs (eagerly,
in Dataset.map, and inside a tf.function on constant bytes).

The kernel sniffs the format from the first bytes, as TF's DecodeImageV2Op does, and
raises TF's errors for bad data and bad `channels`. encode_png (batched like TF's
kernel) runs inside a tf.function too (its output shape is the batch shape).
Deliberate differences: inside a tf.function, bytes computed there raise a TypeError
naming the API (the output shape depends on the values; TF gives [None, None, C]).
JPEG and WebP data (which TF's decode_png / decode_gif / decode_image also decode) raise
NotImplementedError naming the API, after TF's checks of `channels`.
"""
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.variables import Variable
from ..framework.dispatch import execute
from . import image_codec_bmp as bmp, image_codec_gif as gif, image_codec_jpeg as jpeg
from . import image_codec_png as png
from .comparison_ops import equal
from .image_ops import convert_image_dtype
from .io_ops import _host_op, _string_arg
from .op_args import attr_error, dims, dynamic_shape_error, kernel_error
from .spec_probes import probe_size
from .string_text_ops import _name, substr

__all__ = []

_MAGIC = ((jpeg.MAGIC, "JPEG"), (png.SIGNATURE, "PNG"), (b"GIF8", "GIF"), (b"BM", "BMP"))
_API = {"DecodePng": "tf.io.decode_png", "DecodeImage": "tf.io.decode_image",
        "DecodeBmp": "tf.io.decode_bmp", "DecodeGif": "tf.io.decode_gif"}


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
    try:
        frames = gif.decode(data, op != "DecodeImage" or animations)
    except gif.GifError as e:
        raise kernel_error(op, f"Invalid GIF data (size {len(data)}), {e}", name) from None
    if op == "DecodePng":
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


def _undecoded(data, channels, dtype, op, name, kind):
    """JPEG and WebP: TF's checks of `channels` (and which op) before decoding; then
    tfcompat's NotImplementedError."""
    checks = {"JPEG": (channels != 4, "JPEG does not support 4 channels"),
              "WebP": (channels != 1, "WebP only supports 3 or 4 channels")}
    ok, text = checks[kind]
    if not ok:
        raise kernel_error(op, text, name)
    if kind == "WebP" and dtype != np.uint8:
        raise kernel_error(op, "WebP only supports uint8 for dtype", name)
    if op == "DecodeBmp" and kind != "WebP":
        raise kernel_error(op, f"Trying to decode {kind} format using DecodeBmp op. Use "
                           f"`decode_{kind.lower()}` or `decode_image` instead.", name)
    raise NotImplementedError(f"tfcompat: {_API[op]} of {kind} data is not supported "
                              f"(tfcompat decodes PNG, GIF and BMP)")


def _decode(x, op, channels, dtype, animations, name):
    """The DecodePng / DecodeGif / DecodeBmp / DecodeImage kernel on the scalar string
    `x`."""
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
    return _undecoded(data, channels, dtype, op, name, kind)


_ops = {}


def _op(op, dtype):
    key = (op, dtype)
    if key not in _ops:
        _ops[key] = _host_op(op, lambda x, channels, dtype, animations, name: _decode(
            x, op, channels, dtype, animations, name), outputs=(dtype,))
    return _ops[key]


def _probe(op, size, channels, dtype, animations):
    """tf.data's spec probe (ops/spec_probes.py): TF's static shape [None, None, C] (C
    None when `channels` is 0); decode_gif's [None, None, None, 3]; decode_image with
    `animations` has an unknown rank."""
    shape = (size, size, channels or size)
    if op == "DecodeGif":
        shape = (size, size, size, 3)
    elif animations and size == 3:
        shape = (1,) + shape
    return EagerTensor(jnp.zeros(shape, dtype._np))


def _run(op, contents, channels, dtype, animations=False):
    nm = _name(contents)
    if op in ("DecodePng", "DecodeImage") and dtype._tf_name not in op_def.spec(op).allowed("dtype"):
        raise attr_error(op, "dtype", dtype, name=nm)
    if not isinstance(channels, (int, np.integer)) or isinstance(channels, bool):
        raise TypeError(f"Expected int for argument 'channels' not {channels!r}.")
    x = _string_arg(contents, op)
    if channels not in (0, 1, 3, 4):
        raise kernel_error(op, f"`channels` must be 0, 1, 3 or 4 but got {channels}", nm)
    if probe_size() is not None:
        return _probe(op, probe_size(), channels, dtype, animations)
    if symbolic(x._value):
        raise dynamic_shape_error(_API[op], "contents")
    np_dtype = np.dtype(dtype._np)
    return execute(_op(op, np_dtype), (x,), (
        ("channels", int(channels)), ("dtype", np_dtype), ("animations", bool(animations)),
        ("name", nm)))


def decode_png(contents, channels=0, dtype=dtypes.uint8, name=None):
    """tf.io.decode_png / tf.image.decode_png: a PNG as a uint8 or uint16
    [height, width, channels] tensor."""
    return _run("DecodePng", contents, channels, dtypes.as_dtype(dtype))


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
