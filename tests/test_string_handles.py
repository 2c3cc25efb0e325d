"""tf.string handles inside tf.function (framework/strings.py): values are right when only
numbers leave the function, and no handle outlives the call that made it.

tfcompat-only checks (TF has no handles); the values are TF's (tf.strings.length counts
bytes; b'\\xc3\\xa9' is 2 bytes)."""
import numpy as np

import tfcompat as tf
from tfcompat.framework import strings


def test_numbers_computed_from_strings_made_in_the_call():
    @tf.function
    def lengths(s):
        joined = s + "!" + s
        return tf.strings.length(joined), tf.reduce_sum(tf.strings.length(joined))

    for word, n in [("a", 3), ("\u00e9t\u00e9", 11), ("", 1)]:
        per, total = lengths(tf.constant([word, word + word]))
        expect = np.array([n, 2 * n - 1], np.int32)
        np.testing.assert_array_equal(per.numpy(), expect)
        assert per.dtype == tf.int32 and per.shape == (2,)
        assert int(total) == int(expect.sum())
    assert strings._values == [] and strings._depth == [0]


def test_handles_do_not_outlive_calls():
    v = tf.Variable("x")

    @tf.function
    def grow(s):
        v.assign(v + s)
        return v.read_value(), tf.concat([tf.constant(["k"]), tf.reshape(s, [1])], 0)

    for _ in range(3):
        out, k = grow(tf.constant("y"))
    assert out.numpy() == b"xyyy" and v.numpy() == b"xyyy"
    assert k.numpy().tolist() == [b"k", b"y"]
    assert strings._values == []       # emptied after each call
    assert b"k" in strings._constants  # a trace's constants stay (its code holds them)


def test_eager_moves_use_no_lasting_handles():
    t = tf.reshape(tf.constant(["a", "b", "c", "d"]), [2, 2])
    assert tf.transpose(t).numpy().tolist() == [[b"a", b"c"], [b"b", b"d"]]
    assert strings._values == []
