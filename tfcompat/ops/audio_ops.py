"""tf.audio.decode_wav / tf.audio.encode_wav (raw ops DecodeWav / EncodeWav): 16-bit PCM
WAV files as TF's core/lib/wav/wav_io.cc reads and writes them, byte for byte, on the
host (`strings.Kernel`s, run as the image codecs run).

decode_wav scales each int16 sample by 1 / 32768; encode_wav writes roundf(x * 32768)
clamped to int16 after TF's 44-byte header. Deliberate difference: inside a tf.function,
decode_wav of bytes computed there needs both `desired_samples` and `desired_channels`
(else the output shape depends on the values: a TypeError naming the API; TF gives
unknown dimensions).
"""
import collections
import struct

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import execute, mismatch_error
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from .io_ops import _host_op, _string_arg
from .manip_ops import _make_int
from .op_args import dims, dynamic_shape_error, kernel_error
from .shape_inference import trace_checked
from .string_text_ops import _name

__all__ = []

DecodeWav = collections.namedtuple("DecodeWav", ["audio", "sample_rate"],
                                   module="tensorflow.python.ops.gen_audio_ops")

# the chunks wav_io.cc skips between "WAVE" and "fmt "
_SKIPPED = (b"JUNK", b"bext", b"iXML", b"qlty", b"mext", b"levl", b"link", b"axml")
_INT32_MAX = 2**31 - 1
_UINT32_MAX = 2**32 - 1


class _WavError(Exception):
    """A wav_io.cc InvalidArgument status."""


def _text(data):
    return data.decode("utf-8", "replace")


class _Reader:
    """wav_io.cc's offset arithmetic: IncrementOffset, ExpectText, ReadString, ReadValue."""

    def __init__(self, data):
        self.data, self.offset = data, 0

    def advance(self, increment):
        if self.offset > len(self.data):
            raise _WavError(f"Initial offset is outside data range: {self.offset}")
        new = self.offset + increment
        if new > len(self.data):
            raise _WavError("Data too short when trying to read string")
        self.offset = new

    def string(self, length):
        start = self.offset
        self.advance(length)
        return self.data[start:self.offset]

    def expect(self, text):
        found = self.string(len(text))
        if found != text:
            raise _WavError(f"Header mismatch: Expected {_text(text)} but found {_text(found)}")

    def value(self, fmt):
        return struct.unpack("<" + fmt, self.string(struct.calcsize(fmt)))[0]


def _format_chunk(reader):
    """The format chunk's (channels, sample rate, bytes per frame), checked as wav_io.cc
    checks them."""
    size = reader.value("I")
    if size not in (16, 18):
        raise _WavError(f"Bad format chunk size for WAV: Expected 16 or 18, but got{size}")
    audio_format = reader.value("H")
    if audio_format != 1:
        raise _WavError(f"Bad audio format for WAV: Expected 1 (PCM), but got{audio_format}")
    channels = reader.value("H")
    if channels < 1:
        raise _WavError(f"Bad number of channels for WAV: Expected at least 1, but got "
                        f"{channels}")
    rate = reader.value("I")
    bytes_per_second = reader.value("I")
    bytes_per_frame = reader.value("H")
    bits = reader.value("H")
    if bits != 16:
        raise _WavError(f"Can only read 16-bit WAV files, but received {bits}")
    expected = (bits * channels + 7) // 8
    if bytes_per_frame != expected:
        raise _WavError(f"Bad bytes per sample in WAV header: Expected {expected} but got "
                        f"{bytes_per_frame}")
    expected = (bytes_per_frame * rate) & _UINT32_MAX
    if bytes_per_second != expected:
        raise _WavError(f"Bad bytes per second in WAV header: Expected {expected} but got "
                        f"{bytes_per_second} (sample_rate={rate}, bytes_per_sample="
                        f"{bytes_per_frame})")
    if size == 18:
        reader.offset += 2
    return channels, rate, bytes_per_frame


def _decode_lin16(data):
    """DecodeLin16WaveAsFloatVector: the samples ([frames, channels] float32) and the
    sample rate of the WAV file `data`."""
    reader = _Reader(data)
    reader.expect(b"RIFF")
    reader.value("I")
    reader.expect(b"WAVE")
    found = reader.string(4)
    while found != b"fmt ":
        if found not in _SKIPPED:
            raise _WavError(f"Unexpected field {_text(found)}")
        reader.advance(reader.value("I"))
        found = reader.string(4)
    channels, rate, bytes_per_frame = _format_chunk(reader)
    samples = None
    while reader.offset < len(data):
        chunk = reader.string(4)
        size = reader.value("I")
        if size > _INT32_MAX:
            raise _WavError(f"WAV data chunk '{_text(chunk)}' is too large: {size} bytes, but "
                            f"the limit is {_INT32_MAX}")
        if chunk != b"data":
            reader.offset += size
            continue
        if samples is not None:
            raise _WavError("More than one data chunk found in WAV")
        frames = size // bytes_per_frame
        count = (frames * channels) & _UINT32_MAX
        start = reader.offset
        reader.advance(2 * count)
        samples = np.frombuffer(data, "<i2", count, start).reshape(frames, channels)
    if samples is None:
        raise _WavError("No data chunk found in WAV")
    return samples.astype(np.float32) * np.float32(1 / 32768), rate


def _decode(x, desired_channels, desired_samples, name):
    """The DecodeWav kernel on the scalar string `x`."""
    if x.ndim:
        raise kernel_error("DecodeWav", f"contents must be scalar, got shape {dims(x.shape)}",
                           name)
    try:
        samples, rate = _decode_lin16(x[()])
    except _WavError as e:
        raise kernel_error("DecodeWav", str(e), name) from None
    for arg, value in (("channels", desired_channels), ("samples", desired_samples)):
        if value < -1:
            raise kernel_error("DecodeWav", f"desired_{arg} must be >= -1, got {value}", name)
    frames = samples.shape[0] if desired_samples == -1 else desired_samples
    channels = samples.shape[1] if desired_channels == -1 else desired_channels
    out = np.zeros((frames, channels), np.float32)
    if samples.size and channels:
        kept = samples[:frames, np.minimum(np.arange(channels), samples.shape[1] - 1)]
        out[:len(kept)] = kept
    return out, np.int32(rate)


def _sample(audio):
    """FloatToInt16Sample: roundf(x * 32768) (halves away from zero) clamped to int16."""
    scaled = audio.astype(np.float32) * np.float32(32768)
    rounded = np.where(np.isnan(scaled), 0.0,
                       np.copysign(np.floor(np.abs(scaled.astype(np.float64)) + 0.5), scaled))
    return np.clip(rounded, -32768, 32767).astype("<i2")


def _encode(audio, sample_rate, name):
    """The EncodeWav kernel: EncodeAudioAsS16LEWav of the float32 [frames, channels]
    `audio` at `sample_rate`."""
    if audio.ndim != 2:
        raise kernel_error("EncodeWav", f"audio must be 2-dimensional{dims(audio.shape)}", name)
    if sample_rate.ndim:
        raise kernel_error("EncodeWav", f"Input sample_rate should be a scalar tensor, got "
                           f"{dims(sample_rate.shape)} instead.", name)
    if audio.size >= _INT32_MAX:
        raise kernel_error("EncodeWav", "Cannot encode audio with >= max int32 elements", name)
    rate = int(sample_rate) % 2**64   # (a size_t in wav_io.cc)
    frames, channels = audio.shape
    if frames and not audio.size:   # (an empty tensor's buffer is null)
        raise kernel_error("EncodeWav", "audio is null", name)
    if rate == 0 or rate > _UINT32_MAX:
        raise kernel_error("EncodeWav", f"sample_rate must be in (0, 2^32), got: {rate}", name)
    if channels == 0 or channels > 0xffff:
        raise kernel_error("EncodeWav", f"num_channels must be in (0, 2^16), got: {channels}",
                           name)
    size = 2 * frames * channels
    if 44 + size > _UINT32_MAX:
        raise kernel_error("EncodeWav", "Provided channels and frames cannot be encoded as a "
                           "WAV.", name)
    header = struct.pack("<4sI4s4sIHHIIHH4sI", b"RIFF", 36 + size, b"WAVE", b"fmt ", 16, 1,
                         channels, rate, (rate * 2 * channels) & _UINT32_MAX, 2 * channels,
                         16, b"data", size)
    return np.array(header + _sample(audio).tobytes(), object)


_decode_ops = {}
_encode_op = _host_op("EncodeWav", _encode, shape=lambda audio, rate, name: ())


def _decode_op(static):
    """DecodeWav's host op; `static`: its output shape is known from the attributes."""
    if static not in _decode_ops:
        shape = None if not static else (
            lambda s, desired_channels, desired_samples, name:
            ((desired_samples, desired_channels), ()))
        _decode_ops[static] = _host_op("DecodeWav", _decode, outputs=(np.float32, np.int32),
                                       shape=shape)
    return _decode_ops[static]


def decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None):
    """tf.audio.decode_wav: a 16-bit PCM WAV file as DecodeWav(audio: float32
    [samples, channels] in [-1, 1), sample_rate: int32), padded with zeros to
    `desired_samples` or cut to it, channels cut or the last one repeated."""
    nm = _name(contents)
    desired_channels = _make_int(desired_channels, "desired_channels")
    desired_samples = _make_int(desired_samples, "desired_samples")
    x = _string_arg(contents, "DecodeWav")
    attrs = (("desired_channels", desired_channels), ("desired_samples", desired_samples),
             ("name", nm))
    if x.ndim != 0:
        text = f"Shape must be rank 0 but is rank {x.ndim}"
        exc = kernel_error("DecodeWav", f"contents must be scalar, got shape {dims(x.shape)}",
                           nm)
        node_attrs = attrs[:2]
        raise trace_checked(exc, text, "DecodeWav", [x], node_attrs)
    static = desired_channels >= 0 and desired_samples >= 0
    if symbolic(x._value) and not static:
        raise dynamic_shape_error("tf.audio.decode_wav", "contents")
    audio, rate = execute(_decode_op(static), (x,), attrs)
    return DecodeWav(audio, rate)


def encode_wav(audio, sample_rate, name=None):
    """tf.audio.encode_wav: the float32 [samples, channels] `audio` as the bytes of a
    16-bit PCM WAV file at `sample_rate` (a scalar string)."""
    nm = _name(audio, sample_rate)
    if isinstance(audio, Variable):
        audio = audio._read()
    audio = audio if isinstance(audio, Tensor) else convert_to_tensor(audio, dtypes.float32)
    if audio.dtype != dtypes.float32:
        raise mismatch_error("EncodeWav", 0, dtypes.float32, audio.dtype)
    if isinstance(sample_rate, Variable):
        sample_rate = sample_rate._read()
    rate = sample_rate if isinstance(sample_rate, Tensor) else \
        convert_to_tensor(sample_rate, dtypes.int32)
    if rate.dtype != dtypes.int32:
        raise mismatch_error("EncodeWav", 1, dtypes.int32, rate.dtype)
    return execute(_encode_op, (audio, rate), (("name", nm),))
