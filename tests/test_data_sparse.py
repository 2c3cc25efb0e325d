"""tf.data SparseTensor elements inside tf.function: TF reads them there; tfcompat reads
them from an iterator, and runs a function that loops over them eagerly (never a wrong
element). The values TF gives are in
tests/golden/snippets_data_sparse.py."""
import pytest

import tfcompat as tf

_SP = tf.sparse.SparseTensor([[0, 1], [2, 0], [2, 3]], [1., 2., 3.], [3, 4])
_LIMIT = "tfcompat cannot read tf.SparseTensor elements inside tf.function"


@tf.function
def _loop(ds):
    total = 0.
    for s in ds:
        total += tf.sparse.reduce_sum(s)
    return total


@tf.function
def _next(it):
    return tf.sparse.to_dense(next(it))


@pytest.mark.parametrize("call", [
    lambda ds: _loop(ds), lambda ds: _loop(ds.batch(2)),
])
def test_a_loop_over_sparse_elements_runs_its_calls_eagerly(call):
    # (one XLA program cannot loop over them: the function's calls run eagerly)
    assert float(call(tf.data.Dataset.from_tensor_slices(_SP))) == 6.0
    with pytest.raises(TypeError, match=_LIMIT):
        _loop.get_concrete_function(tf.data.Dataset.from_tensor_slices(_SP))


def test_sparse_elements_read_from_an_iterator_inside_tf_function():
    # (TF 2.21: [0. 1. 0. 0.] then [0. 0. 0. 0.]; more in the iterator_in_function goldens)
    it = iter(tf.data.Dataset.from_tensor_slices(_SP))
    assert _next(it).numpy().tolist() == [0., 1., 0., 0.]
    assert _next(it).numpy().tolist() == [0., 0., 0., 0.]


def test_sparse_elements_outside_tf_function():
    ds = tf.data.Dataset.from_tensor_slices(_SP)
    assert float(ds.reduce(0., lambda a, s: a + tf.sparse.reduce_sum(s))) == 6.0
