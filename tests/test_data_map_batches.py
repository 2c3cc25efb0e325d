"""map(f).batch(n) run as one vectorized call of f per batch (tfcompat/data/map_batches.py):
the batches equal the element-wise pipeline's bit for bit, and maps whose batched form could
differ (long sums, random draws, host calls, checks, assignments) stay element-wise."""
import numpy as np
import pytest

import tfcompat as tf

X = np.random.default_rng(0).normal(size=(70, 6)).astype(np.float32)
Y = np.arange(70, dtype=np.int64)


def _batches(ds):
    return [[np.asarray(c) for c in tf.nest.flatten(b)] for b in ds]


def _elementwise(ds):
    """The same dataset with its map forced element by element."""
    ds._input._fn._batched_run = None
    return ds


def _pair(make, **batch):
    return make().batch(32, **batch), _elementwise(make().batch(32, **batch))


VECTORIZED = {
    "arithmetic": lambda a, b: (tf.exp(a) * 2.0 - tf.math.log1p(tf.abs(a)), b * 3 + 1),
    "casts_and_compare": lambda a, b: (tf.cast(a > 0, tf.int32), tf.cast(b, tf.float32) * 7.0),
    "divide": lambda a, b: ((a - 0.5) / 7.0, tf.cast(b, tf.float32) / 7.0),
    "shapes": lambda a, b: (tf.reshape(tf.transpose(tf.reshape(a, [2, 3])), [6])[::-1], b),
    "gather_argmax_max": lambda a, b: (tf.gather(a, [5, 0, 2]), tf.argmax(a),
                                       tf.reduce_max(a)),
    "dict_and_where": lambda a, b: {"z": tf.where(a > 0, tf.sqrt(tf.abs(a)), tf.tanh(a)),
                                    "n": tf.maximum(b - 30, 4)},
    # (a float sum of a few values: TF's Eigen order, written out as adds)
    "small_sums": lambda a, b: (tf.reduce_sum(a), tf.reduce_sum(tf.reshape(a, [2, 3]), 0)),
}


@pytest.mark.parametrize("name", sorted(VECTORIZED))
@pytest.mark.parametrize("drop", [False, True])
def test_vectorized_equals_element_wise(name, drop):
    fn = VECTORIZED[name]

    def make():
        return tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(70, seed=3).map(fn)
    fast, slow = _pair(make, drop_remainder=drop)
    got, want = _batches(fast), _batches(slow)
    assert fast._input._fn._batched_run is not None
    assert [len(b[0]) for b in got] == ([32, 32] if drop else [32, 32, 6])
    for g, w in zip(got, want, strict=True):
        for a, b in zip(g, w, strict=True):
            assert a.dtype == b.dtype and a.shape == b.shape
            np.testing.assert_array_equal(a, b)
    assert fast.element_spec == slow.element_spec


def test_range_source_and_values():
    ds = tf.data.Dataset.range(70).map(lambda i: (i * 2, tf.cast(i, tf.float64) * 3)).batch(32)
    out = _batches(ds)
    assert ds._input._fn._batched_run is not None
    np.testing.assert_array_equal(out[2][0], np.arange(64, 70) * 2)
    assert out[2][1].dtype == np.float64
    np.testing.assert_array_equal(out[0][1], np.arange(32) * np.float64(3))


def test_variables_read_whole():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    ds = tf.data.Dataset.from_tensor_slices(X).map(lambda a: a * v).batch(32)
    got = _batches(ds)
    assert ds._input._fn._batched_run is not None
    np.testing.assert_array_equal(got[0][0], X[:32] * v.numpy())


NOT_VECTORIZED = {
    "sum": lambda a: tf.reduce_sum(tf.tile(a, [20])),   # (Eigen's order: a lax.scan)
    "divide_by_shared": lambda a: a / tf.constant(np.full([5000], 7.0, np.float32))[:6],
    "matmul": lambda a: tf.linalg.matvec(tf.ones([3, 6]), a),
    "random": lambda a: a + tf.random.uniform([6], seed=1),
    "print": lambda a: (tf.print(a[0]), a)[1],
    "py_function": lambda a: tf.py_function(lambda t: t * 2, [a], tf.float32),
}


@pytest.mark.parametrize("name", sorted(NOT_VECTORIZED))
def test_left_element_wise(name, capsys):
    ds = tf.data.Dataset.from_tensor_slices(X[:4]).map(NOT_VECTORIZED[name]).batch(2)
    out = _batches(ds)
    assert ds._input._fn._batched_run is None
    assert len(out) == 2


def test_assigning_map_left_element_wise():
    v = tf.Variable(0.0)

    def count(a):
        v.assign_add(1.0)
        return a
    ds = tf.data.Dataset.from_tensor_slices(X[:5]).map(count).batch(2)
    assert len(_batches(ds)) == 3
    assert ds._input._fn._batched_run is None
    assert v.numpy() == 5.0


def test_checks_pass_vectorized():
    ds = tf.data.Dataset.from_tensor_slices(X).map(
        lambda a: (tf.debugging.assert_less(a, 100.0), tf.gather(a, [1, 0]))[1]).batch(32)
    got = _batches(ds)
    assert ds._input._fn._batched_run is not None
    np.testing.assert_array_equal(got[2][0], X[64:, [1, 0]])


def test_error_on_one_element_as_element_wise():
    ds = tf.data.Dataset.from_tensor_slices(np.array([1.0, 2.0, -1.0, 3.0], np.float32)).map(
        lambda a: (tf.debugging.assert_positive(a), tf.sqrt(a))[1]).batch(2)
    it = iter(ds)
    np.testing.assert_array_equal(next(it).numpy(), np.sqrt([1.0, 2.0]).astype(np.float32))
    assert ds._input._fn._batched_run is not None
    with pytest.raises(tf.errors.InvalidArgumentError, match="x > 0 did not hold"):
        next(it)
