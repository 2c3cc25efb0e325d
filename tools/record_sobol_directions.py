"""Records the Sobol direction numbers m_k of tf.math.sobol_sample (TF's sobol_data
kDirectionNumbers, Joe-Kuo new-joe-kuo-6.21201) for the first DIMS dimensions into
tfcompat/ops/sobol_directions.npz (uint32 [DIMS, 31]; m_k < 2**(k + 1)), read from TF
itself: the point of Gray-code index 2**(k+1) - 1 is sum over bits of m_k * 2**-(k+1)
with only bit k set, and that of index 2**30 has bits 29 and 30. TF's kernel divides by
1 << num_digits, which overflows to -2**31 for num_digits 31 (indices from 2**30 - 1
with one result): those points come out negated.

Run with real TF: /tmp/tfref/bin/python tools/record_sobol_directions.py"""
import os

import numpy as np
import tensorflow as tf

DIMS = 1111
OUT = os.path.join(os.path.dirname(__file__), "..", "tfcompat", "ops", "sobol_directions.npz")


def _point(n):
    """The point of index n (skip = n - 1) in every dimension, times 2**32, as int64."""
    x = tf.math.sobol_sample(DIMS, 1, skip=n - 1, dtype=tf.float64).numpy()[0]
    if (n + 1).bit_length() == 31:
        x = -x
    return (x * 2.0 ** 32).astype(np.int64)


def main():
    v = np.zeros((DIMS, 31), np.int64)
    for k in range(30):
        v[:, k] = _point(2 ** (k + 1) - 1)
    v[:, 30] = _point(2 ** 30) ^ v[:, 29]
    assert np.all((v >= 0) & (v < 2 ** 32))
    shifts = 31 - np.arange(31, dtype=np.int64)
    m = v >> shifts
    assert np.all((m << shifts) == v) and np.all(m < 2 ** (np.arange(31) + 1))
    np.savez_compressed(OUT, m=m.astype(np.uint32))


if __name__ == "__main__":
    main()
