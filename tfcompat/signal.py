"""tf.signal."""
from .ops.fft_ops import (
    fft, fft2d, fft3d, fftnd, fftshift, ifft, ifft2d, ifft3d, ifftnd, ifftshift, irfft,
    irfft2d, irfft3d, irfftnd, rfft, rfft2d, rfft3d, rfftnd,
)
from .ops.signal_ops import (
    dct, frame, hamming_window, hann_window, idct, inverse_mdct, inverse_stft,
    inverse_stft_window_fn, kaiser_bessel_derived_window, kaiser_window,
    linear_to_mel_weight_matrix, mdct, mfccs_from_log_mel_spectrograms, overlap_and_add,
    stft, vorbis_window,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
