"""Prints the reference values of tests/test_keras_signal.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/keras_signal_reference.py``) and under tfcompat
(``.venv/bin/python -m tfcompat tools/keras_signal_reference.py``); the tests hold TF's
output as literals.

tf.signal (the FFT family, frame, overlap_and_add, windows, stft/inverse_stft, the mel
matrix, MFCCs, DCT), their gradients on a GradientTape, tf.linalg.lu/matrix_rank, and
TF's error classes and messages for bad calls."""
import numpy as np
import tensorflow as tf

SIGNAL = np.sin(np.arange(20) * 0.7).astype("float32") + np.arange(20, dtype="float32") / 10
Z = np.array([1 + 2j, 3 - 1j, 0.5j, 2, -1 + 1j], np.complex64)

VALUES = {
    "fft": lambda: tf.signal.fft(tf.constant(Z)),
    "fft_list": lambda: tf.signal.fft([1.0, 2.0]),
    "ifft": lambda: tf.signal.ifft(tf.constant(Z)),
    "fft2d": lambda: tf.signal.fft2d(tf.constant(Z[:4].reshape(2, 2).astype(np.complex128))),
    "ifft2d": lambda: tf.signal.ifft2d(tf.constant(np.stack([Z[:3], Z[2:]]))),
    "fft3d": lambda: tf.signal.fft3d(tf.constant(Z[:4].reshape(1, 2, 2))),
    "rfft": lambda: tf.signal.rfft(tf.constant(SIGNAL[:5])),
    "rfft_pad": lambda: tf.signal.rfft(tf.constant(SIGNAL[:5]), [8]),
    "rfft_crop64": lambda: tf.signal.rfft(tf.constant(SIGNAL[:5].astype("float64")), [3]),
    "irfft": lambda: tf.signal.irfft(tf.constant(Z[:3])),
    "irfft_odd": lambda: tf.signal.irfft(tf.constant(Z[:3]), [5]),
    "rfft2d": lambda: tf.signal.rfft2d(tf.constant(SIGNAL[:12].reshape(3, 4))),
    "irfft2d": lambda: tf.signal.irfft2d(tf.constant(np.stack([Z[:3], Z[2:]]))),
    "fftshift": lambda: tf.signal.fftshift(tf.range(10)),
    "ifftshift": lambda: tf.signal.ifftshift(tf.reshape(tf.range(9.0), [3, 3]), axes=-1),
    "frame": lambda: tf.signal.frame(tf.constant(SIGNAL[:10]), 4, 3),
    "frame_pad": lambda: tf.signal.frame(tf.range(7), 3, 2, pad_end=True, pad_value=-1),
    "frame_axis0": lambda: tf.signal.frame(tf.reshape(tf.range(12), [6, 2]), 4, 2, axis=0),
    "overlap_and_add": lambda: tf.signal.overlap_and_add(tf.reshape(tf.range(12.0), [4, 3]), 2),
    "overlap_and_add_gap": lambda: tf.signal.overlap_and_add(
        tf.reshape(tf.range(12), [2, 3, 2]), 3),
    "hann": lambda: tf.signal.hann_window(6),
    "hann_symmetric64": lambda: tf.signal.hann_window(5, periodic=False, dtype=tf.float64),
    "hamming": lambda: tf.signal.hamming_window(5),
    "kaiser": lambda: tf.signal.kaiser_window(6, beta=4.0),
    "vorbis": lambda: tf.signal.vorbis_window(6),
    "stft": lambda: tf.signal.stft(tf.constant(SIGNAL), 8, 4),
    "stft_pad_hamming": lambda: tf.signal.stft(tf.constant(SIGNAL), 6, 5, fft_length=8,
                                               window_fn=tf.signal.hamming_window,
                                               pad_end=True),
    "inverse_stft": lambda: tf.signal.inverse_stft(
        tf.signal.stft(tf.constant(SIGNAL), 8, 4), 8, 4,
        window_fn=tf.signal.inverse_stft_window_fn(4)),
    "mel": lambda: tf.signal.linear_to_mel_weight_matrix(4, 9, 8000, 100.0, 3000.0),
    "mfccs": lambda: tf.signal.mfccs_from_log_mel_spectrograms(
        tf.constant(SIGNAL[:8].reshape(2, 4))),
    "dct1": lambda: tf.signal.dct(tf.constant(SIGNAL[:5]), type=1),
    "dct2_ortho": lambda: tf.signal.dct(tf.constant(SIGNAL[:5]), norm="ortho"),
    "dct3": lambda: tf.signal.dct(tf.constant(SIGNAL[:5]), type=3),
    "dct4_n": lambda: tf.signal.dct(tf.constant(SIGNAL[:5]), type=4, n=6),
    "idct_ortho": lambda: tf.signal.idct(tf.constant(SIGNAL[:5]), norm="ortho"),
    "mdct": lambda: tf.signal.mdct(tf.constant(SIGNAL[:16]), 8),
    "lu": lambda: tf.linalg.lu(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])),
    "matrix_rank": lambda: tf.linalg.matrix_rank(tf.constant(
        [[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1e-3]]])),
    "in_top_k_numpy": lambda: tf.math.in_top_k(
        np.array([1, 0, 2]), np.array([[0.1, 0.9, 0.8], [0.05, 0.95, 0.0], [0.1, 0.8, 0.3]]), 1),
    "while_loop_python_values": lambda: tf.while_loop(
        lambda i, v: i < 10, lambda i, v: (i + 1, v + i), (0, np.array(0))),
}


def _weighted(t):
    """A real scalar of `t` that weighs each element differently."""
    w = tf.cast(tf.reshape(tf.range(tf.size(t)) % 5 + 1, tf.shape(t)), tf.float32)
    if t.dtype.is_complex:
        w = tf.cast(w, t.dtype.real_dtype)
        return tf.reduce_sum(tf.math.real(t) * w) + tf.reduce_sum(tf.math.imag(t) * w * w)
    return tf.reduce_sum(t * tf.cast(w, t.dtype))


GRADIENTS = {   # name: (the source, the function of it)
    "fft": (lambda: tf.constant(Z), tf.signal.fft),
    "ifft2d": (lambda: tf.constant(Z[:4].reshape(2, 2)), tf.signal.ifft2d),
    "rfft": (lambda: tf.constant(SIGNAL[:6]), tf.signal.rfft),
    "rfft_odd": (lambda: tf.constant(SIGNAL[:5]), tf.signal.rfft),
    "irfft": (lambda: tf.constant(Z[:4]), tf.signal.irfft),
    "irfft_odd": (lambda: tf.constant(Z[:3]), lambda z: tf.signal.irfft(z, [5])),
    "rfft2d": (lambda: tf.constant(SIGNAL[:12].reshape(3, 4)), tf.signal.rfft2d),
    "frame": (lambda: tf.constant(SIGNAL[:10]), lambda x: tf.signal.frame(x, 4, 3)),
    "overlap_and_add": (lambda: tf.constant(SIGNAL[:12].reshape(4, 3)),
                        lambda x: tf.signal.overlap_and_add(x, 2)),
    "stft": (lambda: tf.constant(SIGNAL), lambda x: tf.signal.stft(x, 8, 4)),
    "inverse_stft": (lambda: tf.signal.stft(tf.constant(SIGNAL), 8, 4),
                     lambda s: tf.signal.inverse_stft(s, 8, 4)),
    "dct2": (lambda: tf.constant(SIGNAL[:5]), tf.signal.dct),
}

ERRORS = {
    "fft_of_float": lambda: tf.signal.fft(tf.constant([1.0, 2.0])),
    "fft_of_scalar": lambda: tf.signal.fft(tf.constant(1 + 2j)),
    "fft2d_of_vector": lambda: tf.signal.fft2d(tf.constant(Z)),
    "rfft_of_half": lambda: tf.signal.rfft(tf.constant([1.0, 2.0], tf.float16)),
    "rfft_of_scalar": lambda: tf.signal.rfft(tf.constant(1.0)),
    "irfft_of_float": lambda: tf.signal.irfft(tf.constant([1.0, 2.0])),
    "fftnd": lambda: tf.signal.fftnd(tf.constant(Z)),
    "hann_int": lambda: tf.signal.hann_window(4, dtype=tf.int32),
    "overlap_and_add_rank1": lambda: tf.signal.overlap_and_add(tf.range(4.0), 2),
    "overlap_and_add_float_step": lambda: tf.signal.overlap_and_add(
        tf.ones([2, 2]), tf.constant(1.0)),
    "frame_scalar": lambda: tf.signal.frame(tf.constant(3.0), 2, 1),
    "dct_type5": lambda: tf.signal.dct(tf.range(4.0), type=5),
    "mdct_length": lambda: tf.signal.mdct(tf.range(12.0), 6),
    "lu_int": lambda: tf.linalg.lu(tf.constant([[1, 2], [3, 4]])),
    "lu_not_square": lambda: tf.linalg.lu(tf.ones([2, 3])),
}


def describe(t):
    if isinstance(t, (tuple, list)):
        return [describe(x) for x in t]
    a = np.asarray(t)
    values = (np.round(a.real, 5).tolist(), np.round(a.imag, 5).tolist()) \
        if np.iscomplexobj(a) else np.round(a, 5).tolist() if a.dtype.kind == "f" \
        else a.tolist()
    return (t.dtype.name, tuple(t.shape), values)


def gradient(name):
    source, fn = GRADIENTS[name]
    x = source()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = _weighted(fn(x))
    return describe(tape.gradient(y, x))


def error(name):
    try:
        ERRORS[name]()
    except Exception as exc:   # noqa: BLE001 (the error is the reference)
        return (type(exc).__name__, str(exc).split("\n")[0])
    return None


if __name__ == "__main__":
    print("REF_VALUES = {")
    for name in VALUES:
        print(f"    {name!r}: {describe(VALUES[name]())!r},")
    print("}\nREF_GRADIENTS = {")
    for name in GRADIENTS:
        print(f"    {name!r}: {gradient(name)!r},")
    print("}\nREF_ERRORS = {")
    for name in ERRORS:
        print(f"    {name!r}: {error(name)!r},")
    print("}")
