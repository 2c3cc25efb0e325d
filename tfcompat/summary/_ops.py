"""tf.summary.scalar, histogram, image, audio and text: TensorBoard 2.21's summary_v2
ops (tensor summaries with their plugin's metadata) on tfcompat's summary writing.

The bucketing, PNG and WAV encoding run on the host (numpy, zlib), on the value the op
receives, in float64 as TF computes them.
"""
import struct

import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.tensor import Tensor
from ..ops import image_codec_png, image_ops, cast_ops
from ..ops.op_args import static_int
from ..ops.proto_wire import string_tensor_proto, tensor_proto, varint_field
from . import _event_file
from ._writer import summary_scope, write_summary

DEFAULT_BUCKET_COUNT = 30


def _metadata(plugin_name, description, content=b""):
    return _event_file.summary_metadata(plugin_name, content, description=description or "")


def scalar(name, data, step=None, description=None):
    """tf.summary.scalar: `data` (a real scalar) as a float32 tensor summary
    (plugin "scalars")."""
    with summary_scope(name, "scalar_summary") as (tag, _):
        data = convert_to_tensor(data)
        if data.shape.rank != 0:
            raise ValueError(f"Expected scalar shape, saw shape: {data.shape}.")
        return write_summary(tag, cast_ops.cast(data, dtypes.float32), step,
                             _metadata("scalars", description), tensor_proto)


def histogram_buckets(data, bucket_count=DEFAULT_BUCKET_COUNT):
    """TensorBoard's bucketing: a [bucket_count, 3] float64 array of (left edge, right
    edge, count); equal-width buckets over [min, max] (the last one closed); all data
    in the last bucket when it holds one value; zeros when there is no data."""
    bucket_count = max(0, bucket_count)
    data = np.asarray(data)
    data = (data.real if data.dtype.kind == "c" else data).astype(np.float64).reshape(-1)
    if data.size == 0 or bucket_count == 0:
        return np.zeros((bucket_count, 3), np.float64)
    min_, max_ = data.min(), data.max()
    range_ = max_ - min_
    if range_ == 0:
        counts = np.zeros(bucket_count)
        counts[-1] = data.size
        edges = np.full(bucket_count, max_)
        return np.stack([edges, edges, counts], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        width = range_ / np.float64(bucket_count)
        indices = np.floor((data - min_) / width).astype(np.int32)
    indices = np.minimum(indices, bucket_count - 1)
    counts = np.bincount(indices[indices >= 0], minlength=bucket_count).astype(np.float64)
    # tf.linspace: start + i * step, the last edge exactly max.
    edges = min_ + np.arange(bucket_count + 1) * ((max_ - min_) / bucket_count)
    edges[-1] = max_
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def histogram(name, data, step=None, buckets=None, description=None):
    """tf.summary.histogram: the [buckets, 3] float64 bucket tensor (default 30 buckets;
    plugin "histograms"). `buckets` must be known when the op is traced (a Python int
    or an eager int32 scalar)."""
    bucket_count = DEFAULT_BUCKET_COUNT if buckets is None else _static_int(
        buckets, "tf.summary.histogram", "buckets")
    with summary_scope(name, "histogram_summary") as (tag, _):
        data = convert_to_tensor(data)
        return write_summary(tag, data, step, _metadata("histograms", description),
                             lambda a: tensor_proto(
                                 histogram_buckets(a, bucket_count)))


def _static_int(value, api, arg):
    """An int32 scalar argument known when the op is traced."""
    if isinstance(value, Tensor) and value.dtype != dtypes.int32:
        raise TypeError(f"{api}: `{arg}` must be an int32 scalar, got {value.dtype!r}.")
    return static_int(value, api, arg)


def _of_rank(data, rank):
    """`data` as a tensor, checked as tf.debugging.assert_rank(data, rank) checks it
    eagerly (the summaries of tensorboard's image and audio plugins do)."""
    data = convert_to_tensor(data)
    if data.shape.rank != rank:
        raise ValueError(f"Tensor  must have rank {rank}.  Received rank {data.shape.rank}, "
                         f"shape {data.shape}")
    return data


def image(name, data, step=None, max_outputs=3, description=None):
    """tf.summary.image: the first `max_outputs` images of `data` ([k, h, w, c], floats
    in [0, 1] or integers, converted as tf.image.convert_image_dtype with saturation),
    PNG-encoded in a string tensor [width, height, png...] (plugin "images")."""
    max_outputs = _static_int(max_outputs, "tf.summary.image", "max_outputs")
    with summary_scope(name, "image_summary") as (tag, _):
        data = _of_rank(data, 4)
        channels = data.shape[3]
        if channels not in (1, 2, 3, 4):
            raise errors.op_error(errors.InvalidArgumentError, "EncodePng",
                                  f"image must have 1, 2, 3, or 4 channels, got {channels}",
                                  kernel="EncodePng")
        images = image_ops.convert_image_dtype(data, dtypes.uint8, saturate=True)

        def to_proto(array):
            encoded = [image_codec_png.encode(im) for im in array[:max_outputs]]
            strings = [str(array.shape[2]), str(array.shape[1])] + encoded
            return string_tensor_proto(strings, [len(strings)])
        return write_summary(tag, images, step, _metadata("images", description), to_proto)


_WAV_ENCODING = 11   # AudioPluginData.Encoding.WAV


def encode_wav(audio, sample_rate):
    """tf.audio.encode_wav: 16-bit PCM WAV bytes of float [frames, channels] samples
    (scaled by 2**15, rounded half away from zero, saturated)."""
    frames, channels = audio.shape
    scaled = audio.astype(np.float32) * np.float32(32768.0)
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + np.float32(0.5))  # C's roundf
    pcm = np.clip(rounded, -32768, 32767).astype("<i2")
    data = pcm.tobytes()
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE" +
            b"fmt " + struct.pack("<IHHIIHH", 16, 1, channels, sample_rate,
                                  sample_rate * channels * 2, channels * 2, 16) +
            b"data" + struct.pack("<I", len(data)) + data)


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None,
          description=None):
    """tf.summary.audio: the first `max_outputs` clips of `data` ([k, frames, channels],
    floats in [-1, 1]) as WAV, in a string tensor [clips, 2] of (wav, label "")
    (plugin "audio")."""
    if encoding not in (None, "wav"):
        raise ValueError(f"Unknown encoding: {encoding!r}")
    sample_rate = _static_int(sample_rate, "tf.summary.audio", "sample_rate")
    max_outputs = _static_int(max_outputs, "tf.summary.audio", "max_outputs")
    with summary_scope(name, "audio_summary") as (tag, _):
        data = _of_rank(data, 3)

        def to_proto(array):
            clips = array[:max_outputs]
            strings = [s for clip in clips for s in (encode_wav(clip, sample_rate), b"")]
            return string_tensor_proto(strings, [len(clips), 2])
        content = varint_field(2, _WAV_ENCODING)
        return write_summary(tag, data, step, _metadata("audio", description, content),
                             to_proto)


def text(name, data, step=None, description=None):
    """tf.summary.text: a string tensor as a tensor summary (plugin "text"). Eagerly only:
    inside a tf.function it raises a TypeError (tfcompat's traced string tensors are
    handles this op's host call does not read)."""
    with summary_scope(name, "text_summary") as (tag, _):
        data = convert_to_tensor(data)
        if data.dtype != dtypes.string:
            raise TypeError(f"tensor must be of type tf.string; got {data.dtype!r}")
        if not executing_eagerly():
            raise TypeError("tfcompat: tf.summary.text is not supported inside a "
                            "tf.function (call it eagerly)")
        return write_summary(tag, data, step, _metadata("text", description),
                             lambda a: string_tensor_proto(a.ravel().tolist(), a.shape))
