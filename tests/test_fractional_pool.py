"""tf.nn.fractional_max_pool / fractional_avg_pool without a seed: TF's kernels draw new
random seeds on every call, eagerly and inside a tf.function (whose values no golden
snippet can record); with a seed every call gives the same sequences, traced or not."""
import numpy as np

import tfcompat as tf

X = np.random.RandomState(0).rand(1, 30, 30, 1).astype(np.float32)


def _sequences(fn, calls=5):
    return {str(fn().numpy().tolist()) for _ in range(calls)}


def test_unseeded_draws_anew_eagerly_and_in_function():
    eager = _sequences(lambda: tf.nn.fractional_max_pool(X, [1, 1.44, 1.44, 1])[1])
    traced = tf.function(lambda v: tf.nn.fractional_avg_pool(v, [1, 1.44, 1.44, 1])[1])
    assert len(eager) > 1
    assert len(_sequences(lambda: traced(X))) > 1


def test_seeded_sequences_repeat_and_match_in_function():
    eager = tf.nn.fractional_avg_pool(X, [1, 1.44, 1.3, 1], True, True, seed=4)
    traced = tf.function(lambda v: tf.nn.fractional_avg_pool(v, [1, 1.44, 1.3, 1], True, True,
                                                             seed=4))
    for _ in range(2):
        got = traced(X)
        for a, b in zip(eager, got):
            assert a.dtype == b.dtype and a.shape == b.shape
            np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_unseeded_sequences_are_valid_regions():
    for pseudo in (True, False):
        _, rows, cols = tf.nn.fractional_max_pool(X, [1, 1.44, 1.7, 1], pseudo)
        for seq, n_in, n_out in ((rows, 30, 20), (cols, 30, 17)):
            d = np.diff(seq.numpy())
            assert seq.dtype == tf.int64 and seq.shape == (n_out + 1,)
            assert seq.numpy()[0] == 0 and seq.numpy()[-1] == n_in
            assert set(d.tolist()) <= {n_in // n_out, n_in // n_out + 1}
