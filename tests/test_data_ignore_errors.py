"""Dataset.ignore_errors where tfcompat cannot resume its input past a failure (a filter,
take or unfused batch between the failure and ignore_errors): a TypeError naming the
limit, never elements silently lost or repeated. The resumable chains are checked
against TF in tests/golden/snippets_data_experimental.py (ignore_errors)."""
import pytest

import tfcompat as tf


def _check(x):
    return tf.debugging.check_numerics(1. / x, "bad")


DS = tf.data.Dataset.from_tensor_slices([1., 2., 0., 4.])


@pytest.mark.parametrize("make", [
    lambda d: d.map(_check).take(3),
    lambda d: d.map(_check).filter(lambda x: x > 0),
    lambda d: d.map(_check).batch(2, num_parallel_calls=1),
    lambda d: d.map(_check).prefetch(1).batch(2),
])
def test_unresumable_chain_raises(make):
    with pytest.raises(TypeError, match="cannot skip the failed element"):
        list(make(DS).ignore_errors().as_numpy_iterator())


def test_unresumable_chain_without_failure_is_fine():
    out = list(DS.take(2).map(_check).filter(lambda x: x > 0).ignore_errors()
               .as_numpy_iterator())
    assert [float(x) for x in out] == [1.0, 0.5]
