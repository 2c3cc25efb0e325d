"""tf.signal beyond the Fourier transforms: frame, overlap_and_add, the windows, stft and
inverse_stft, the mel matrix and MFCCs, DCT and MDCT, built of ops as TF's Python does."""

import math

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from . import (
    arithmetic_ops, array_ops, cast_ops, comparison_ops, fft_ops, indexing_ops, manip_ops,
    nn_ops, reduction_ops, special_math_ops, unary_ops,
)
from .op_args import concrete, static_int

# -- framing ---------------------------------------------------------------------------------


def _frame(x, frame_length, frame_step, axis):
    num_frames = max(0, 1 + (x.shape[axis] - frame_length) // frame_step)
    index = np.arange(num_frames)[:, None] * frame_step + np.arange(frame_length)[None, :]
    return jnp.take(x, index, axis=axis)


def _overlap_and_add(x, frame_step):
    frames, frame_length = x.shape[-2:]
    length = max(0, frame_length + frame_step * (frames - 1))
    index = (np.arange(frames)[:, None] * frame_step + np.arange(frame_length)[None, :])
    flat = x.reshape(x.shape[:-2] + (frames * frame_length,))
    return jnp.zeros(x.shape[:-2] + (length,), x.dtype).at[..., index.reshape(-1)].add(flat)


_frame_op = Op("Frame", _frame)
_overlap_and_add_op = Op("OverlapAndAdd", _overlap_and_add)


def _scalar(value, api, arg):
    """A scalar int argument (Python int or rank-0 Tensor) as a Python int, with TF's
    assert_has_rank(0) error for a tensor of another rank."""
    if not isinstance(value, (int, np.integer)):
        t = convert_to_tensor(value)
        if t.ndim != 0:
            raise ValueError(f"Shape {t.shape} must have rank 0")
    return static_int(value, api, arg)


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """tf.signal.frame: the frames of `frame_length` samples, `frame_step` apart, of the
    `axis` dimension of `signal` (padded at the end with `pad_value` when pad_end)."""
    x = to_tensor(signal)
    x.shape.with_rank_at_least(1)
    length = _scalar(frame_length, "tf.signal.frame", "frame_length")
    step = _scalar(frame_step, "tf.signal.frame", "frame_step")
    axis = range(x.ndim)[_scalar(axis, "tf.signal.frame", "axis")]
    if pad_end:
        pad_value = convert_to_tensor(pad_value, x.dtype)
        if pad_value.ndim != 0:
            raise ValueError(f"Shape {pad_value.shape} must have rank 0")
        samples = x.shape[axis]
        num_frames = -(-samples // step)
        pad = max(0, length + step * (num_frames - 1) - samples)
        paddings = [[0, 0]] * x.ndim
        paddings[axis] = [0, pad]
        x = manip_ops.pad(x, paddings, constant_values=pad_value)
    return execute(_frame_op, (x,), (("frame_length", length), ("frame_step", step),
                                     ("axis", axis)))


def overlap_and_add(signal, frame_step, name=None):
    """tf.signal.overlap_and_add: the frames of `signal` ([..., frames, frame_length]) added
    up, each `frame_step` samples after the previous one."""
    x = to_tensor(signal)
    x.shape.with_rank_at_least(2)
    step = convert_to_tensor(frame_step)
    if step.ndim != 0:
        raise ValueError(f"Shape {step.shape} must have rank 0")
    if not step.dtype.is_integer:
        raise ValueError("frame_step must be an integer. Got %s" % (step.dtype,))
    step = static_int(step, "tf.signal.overlap_and_add", "frame_step")
    return execute(_overlap_and_add_op, (x,), (("frame_step", step),))


# -- windows -----------------------------------------------------------------------------------

def _window_length(window_length, dtype, api):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError("dtype must be a floating point type. Found %s" % (dtype,))
    return _scalar(window_length, api, "window_length"), dtype


def _raised_cosine_window(window_length, periodic, dtype, a, b, api):
    length, dtype = _window_length(window_length, dtype, api)
    if length == 1:
        return array_ops.ones([1], dtype=dtype)
    periodic = int(periodic) if isinstance(periodic, bool) else static_int(
        cast_ops.cast(convert_to_tensor(periodic, dtypes.bool), dtypes.int32), api, "periodic")
    n = cast_ops.cast(length + periodic * (1 - length % 2) - 1, dtype)
    count = cast_ops.cast(array_ops.range(length), dtype)
    cos_arg = convert_to_tensor(2 * np.pi, dtype) * count / n
    return cast_ops.cast(a - b * unary_ops.cos(cos_arg), dtype)


def hann_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """tf.signal.hann_window: 0.5 - 0.5 cos(2 pi n / N) (N: the length, or the length
    - 1 for a symmetric window)."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.5, 0.5,
                                 "tf.signal.hann_window")


def hamming_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """tf.signal.hamming_window: 0.54 - 0.46 cos(2 pi n / N)."""
    return _raised_cosine_window(window_length, periodic, dtype, 0.54, 0.46,
                                 "tf.signal.hamming_window")


def kaiser_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """tf.signal.kaiser_window."""
    length, dtype = _window_length(window_length, dtype, "tf.signal.kaiser_window")
    if length == 1:
        return array_ops.ones([1], dtype=dtype)
    half = (np.float32(length) - np.float32(1.0)) / np.float32(2.0)
    arg = cast_ops.cast(array_ops.range(-half, half + np.float32(0.1), dtype=dtypes.float32),
                        dtype)
    beta = cast_ops.cast(beta, dtype)
    half = cast_ops.cast(half, dtype)
    num = beta * unary_ops.sqrt(nn_ops.relu(cast_ops.cast(1.0, dtype) -
                                            unary_ops.square(arg / half)))
    return unary_ops.exp(num - beta) * (special_math_ops.bessel_i0e(num) /
                                        special_math_ops.bessel_i0e(beta))


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """tf.signal.kaiser_bessel_derived_window."""
    length, dtype = _window_length(window_length, dtype,
                                   "tf.signal.kaiser_bessel_derived_window")
    kaiser = kaiser_window(length // 2 + 1, beta, dtype=dtype)
    csum = reduction_ops.cumsum(kaiser)
    half = unary_ops.sqrt(csum[:-1] / csum[-1])
    return manip_ops.concat((half, half[::-1]), axis=0)


def vorbis_window(window_length, dtype=dtypes.float32, name=None):
    """tf.signal.vorbis_window: sin(pi/2 sin^2(pi (n + 0.5) / N))."""
    length, dtype = _window_length(window_length, dtype, "tf.signal.vorbis_window")
    arg = cast_ops.cast(array_ops.range(length), dtype)
    inner = unary_ops.sin(np.pi / cast_ops.cast(length, dtype) * (arg + 0.5))
    return unary_ops.sin(np.pi / 2.0 * arithmetic_ops.pow(inner, 2.0))


# -- short-time Fourier transforms -------------------------------------------------------------

def _enclosing_power_of_two(value):
    return int(2 ** np.ceil(np.log(value) / np.log(2.0)))


def _fft_length(fft_length, frame_length, api):
    if fft_length is None:
        return _enclosing_power_of_two(frame_length)
    return _scalar(fft_length, api, "fft_length")


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window,
         pad_end=False, name=None):
    """tf.signal.stft: the RFFT of each windowed frame of `signals`."""
    api = "tf.signal.stft"
    signals = to_tensor(signals)
    signals.shape.with_rank_at_least(1)
    length = _scalar(frame_length, api, "frame_length")
    step = _scalar(frame_step, api, "frame_step")
    fft_length = _fft_length(fft_length, length, api)
    framed = frame(signals, length, step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(convert_to_tensor(length), dtype=framed.dtype)
    return fft_ops.rfft(framed, [fft_length])


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """tf.signal.inverse_stft_window_fn: a window function making inverse_stft invert
    stft with `forward_window_fn`."""

    def inverse_stft_window_fn_inner(frame_length, dtype):
        api = "tf.signal.inverse_stft_window_fn"
        step = _scalar(frame_step, api, "frame_step")
        length = _scalar(frame_length, api, "frame_length")
        forward = forward_window_fn(frame_length, dtype=dtype)
        denom = unary_ops.square(forward)
        overlaps = -(-length // step)
        denom = manip_ops.pad(denom, [(0, overlaps * step - length)])
        denom = manip_ops.reshape(denom, [overlaps, step])
        denom = reduction_ops.reduce_sum(denom, 0, keepdims=True)
        denom = manip_ops.tile(denom, [overlaps, 1])
        denom = manip_ops.reshape(denom, [overlaps * step])[:length]
        return indexing_ops.where(comparison_ops.equal(denom, 0.0),
                                  array_ops.zeros_like(forward), forward / denom)

    return inverse_stft_window_fn_inner


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window,
                 name=None):
    """tf.signal.inverse_stft: the IRFFT of each frame, windowed and overlap-added."""
    api = "tf.signal.inverse_stft"
    stfts = to_tensor(stfts)
    stfts.shape.with_rank_at_least(2)
    length = _scalar(frame_length, api, "frame_length")
    step = _scalar(frame_step, api, "frame_step")
    fft_length = _fft_length(fft_length, length, api)
    real_frames = fft_ops.irfft(stfts, [fft_length])
    have = real_frames.shape[-1]
    if have > length:
        real_frames = real_frames[..., :length]
    elif have < length:
        real_frames = manip_ops.pad(real_frames, [[0, 0]] * (real_frames.ndim - 1) +
                                    [[0, length - have]])
    if window_fn is not None:
        real_frames = real_frames * window_fn(convert_to_tensor(length),
                                              dtype=stfts.dtype.real_dtype)
    return overlap_and_add(real_frames, step)


# -- DCT and MDCT --------------------------------------------------------------------------------

def _check_dct(x, dct_type, n, axis, norm):
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if n is not None and n < 1:
        raise ValueError("n should be a positive integer or None")
    if dct_type not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if dct_type == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        if x.shape[-1] is not None and x.shape[-1] < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")


def _dct(x, dct_type, n, norm):
    zero = convert_to_tensor(0.0, dtype=x.dtype)
    if n is not None:
        seq_len = x.shape[-1]
        x = x[..., 0:n] if n <= seq_len else manip_ops.pad(
            x, [[0, 0]] * (x.ndim - 1) + [[0, n - seq_len]])
    dim = x.shape[-1]
    dim_float = cast_ops.cast(dim, x.dtype)
    if dct_type == 1:
        return unary_ops.real(fft_ops.rfft(manip_ops.concat([x, x[..., -2:0:-1]], axis=-1)))
    if dct_type == 2:
        scale = 2.0 * unary_ops.exp(unary_ops.complex(
            zero, -cast_ops.cast(array_ops.range(dim), x.dtype) * math.pi * 0.5 / dim_float))
        result = unary_ops.real(fft_ops.rfft(x, fft_length=[2 * dim])[..., :dim] * scale)
        if norm == "ortho":
            n1 = 0.5 * unary_ops.rsqrt(dim_float)
            weights = manip_ops.pad(manip_ops.expand_dims(n1, 0), [[0, dim - 1]],
                                    constant_values=n1 * math.sqrt(2.0))
            result = result * weights
        return result
    if dct_type == 3:
        if norm == "ortho":
            n1 = unary_ops.sqrt(dim_float)
            weights = manip_ops.pad(manip_ops.expand_dims(n1, 0), [[0, dim - 1]],
                                    constant_values=n1 * math.sqrt(0.5))
            x = x * weights
        else:
            x = x * dim_float
        scale = 2.0 * unary_ops.exp(unary_ops.complex(
            zero, cast_ops.cast(array_ops.range(dim), x.dtype) * math.pi * 0.5 / dim_float))
        return unary_ops.real(fft_ops.irfft(scale * unary_ops.complex(x, zero),
                                            fft_length=[2 * dim]))[..., :dim]
    result = _dct(x, 2, 2 * dim, None)[..., 1::2]
    if norm == "ortho":
        result = result * (math.sqrt(0.5) * unary_ops.rsqrt(dim_float))
    return result


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):
    """tf.signal.dct: the type I-IV discrete cosine transform of the last axis."""
    x = to_tensor(input)
    _check_dct(x, type, n, axis, norm)
    return _dct(x, type, n, norm)


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):
    """tf.signal.idct: the inverse DCT (the DCT of the inverse type)."""
    x = to_tensor(input)
    _check_dct(x, type, n, axis, norm)
    return _dct(x, {1: 1, 2: 3, 3: 2, 4: 4}[type], n, norm)


def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None,
         name=None):
    """tf.signal.mdct: the modified DCT of frames of `frame_length` samples, half of
    them apart."""
    signals = to_tensor(signals)
    signals.shape.with_rank_at_least(1)
    length = _scalar(frame_length, "tf.signal.mdct", "frame_length")
    if length % 4 != 0:
        raise ValueError("The frame length must be a multiple of 4.")
    framed = frame(signals, length, length // 2, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(convert_to_tensor(length), dtype=framed.dtype)
    else:
        framed = framed * (1.0 / np.sqrt(2))
    a, b, c, d = manip_ops.split(framed, 4, axis=-1)
    first = -manip_ops.reverse(c, [-1]) - d
    second = a - manip_ops.reverse(b, [-1])
    return dct(manip_ops.concat((first, second), axis=-1), type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    """tf.signal.inverse_mdct: frames from their MDCT, windowed and overlap-added."""
    mdcts = to_tensor(mdcts)
    mdcts.shape.with_rank_at_least(2)
    half_len = mdcts.shape[-1]
    if norm is None:
        result = 0.5 / cast_ops.cast(half_len, mdcts.dtype) * dct(mdcts, type=4)
    elif norm == "ortho":
        result = dct(mdcts, type=4, norm="ortho")
    first, second = manip_ops.split(result, 2, axis=-1)
    real_frames = manip_ops.concat((second, -manip_ops.reverse(second, [-1]),
                                    -manip_ops.reverse(first, [-1]), -first), axis=-1)
    if window_fn is not None:
        real_frames = real_frames * window_fn(convert_to_tensor(2 * half_len),
                                              dtype=mdcts.dtype)
    else:
        real_frames = real_frames * (1.0 / np.sqrt(2))
    return overlap_and_add(real_frames, half_len)


# -- mel spectrograms -------------------------------------------------------------------------

def _hertz_to_mel(frequencies):
    return 1127.0 * unary_ops.log(1.0 + frequencies / 700.0)


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000,
                                lower_edge_hertz=125.0, upper_edge_hertz=3800.0,
                                dtype=dtypes.float32, name=None):
    """tf.signal.linear_to_mel_weight_matrix: [num_spectrogram_bins, num_mel_bins]
    triangular filters, evenly spaced on the mel scale."""
    dtype = dtypes.as_dtype(dtype)
    if not isinstance(sample_rate, (int, float)):
        sample_rate = concrete(sample_rate, "tf.signal.linear_to_mel_weight_matrix",
                               "sample_rate").item()
    if num_mel_bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {num_mel_bins}")
    if lower_edge_hertz < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower_edge_hertz}")
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError("lower_edge_hertz %.1f >= upper_edge_hertz %.1f"
                         % (lower_edge_hertz, upper_edge_hertz))
    if sample_rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {sample_rate}")
    if upper_edge_hertz > sample_rate / 2:
        raise ValueError(f"upper_edge_hertz must not be larger than the Nyquist frequency "
                         f"(sample_rate / 2). Got {upper_edge_hertz} for sample_rate: "
                         f"{sample_rate}")
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {dtype}")
    sample_rate = cast_ops.cast(sample_rate, dtype)
    lower = convert_to_tensor(lower_edge_hertz, dtype)
    upper = convert_to_tensor(upper_edge_hertz, dtype)
    zero = convert_to_tensor(0.0, dtype)
    linear = array_ops.linspace(zero, sample_rate / 2.0, num_spectrogram_bins)[1:]
    bins_mel = manip_ops.expand_dims(_hertz_to_mel(linear), 1)
    edges = frame(array_ops.linspace(_hertz_to_mel(lower), _hertz_to_mel(upper),
                                     num_mel_bins + 2), frame_length=3, frame_step=1)
    lower_mel, center_mel, upper_mel = (manip_ops.reshape(t, [1, num_mel_bins])
                                        for t in manip_ops.split(edges, 3, axis=1))
    lower_slopes = (bins_mel - lower_mel) / (center_mel - lower_mel)
    upper_slopes = (upper_mel - bins_mel) / (upper_mel - center_mel)
    weights = arithmetic_ops.maximum(zero, arithmetic_ops.minimum(lower_slopes, upper_slopes))
    return manip_ops.pad(weights, [[1, 0], [0, 0]])


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """tf.signal.mfccs_from_log_mel_spectrograms: the orthonormal DCT-II of the last axis
    (scaled as HTK's MFCCs)."""
    x = to_tensor(log_mel_spectrograms)
    num_mel_bins = x.shape[-1]
    if num_mel_bins == 0:
        raise ValueError("num_mel_bins must be positive. Got: %s" % (x,))
    dct2 = dct(x, type=2)
    return dct2 * unary_ops.rsqrt(cast_ops.cast(num_mel_bins, dct2.dtype) * 2.0)
