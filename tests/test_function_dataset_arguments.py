"""tf.data.Dataset arguments of tf.function (data/dataset_argument.py): traced by their
DatasetSpec, read from the dataset each call passes."""
import threading

import tfcompat as tf


def _total(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s


def test_datasets_of_one_spec_share_a_trace():
    f = tf.function(_total)
    a, b = tf.data.Dataset.range(5), tf.data.Dataset.range(10, 15)
    assert f.get_concrete_function(a) is f.get_concrete_function(b)
    assert [int(f(a)), int(f(b)), int(f(a))] == [10, 60, 10]
    assert f.experimental_get_tracing_count() == 1


def test_another_cardinality_traces_again_silently(capsys):
    def total(ds):
        print("tracing")
        return _total(ds)
    f = tf.function(total)
    assert [int(f(tf.data.Dataset.range(n))) for n in (3, 4, 3)] == [3, 6, 3]
    assert (capsys.readouterr().out, f.experimental_get_tracing_count()) == ("tracing\n", 1)


def test_another_element_spec_traces_again():
    f = tf.function(lambda ds: ds.reduce(tf.constant(0.0), lambda s, x: s + tf.reduce_sum(x)))
    assert float(f(tf.data.Dataset.from_tensor_slices([1.0, 2.0]))) == 3.0
    assert float(f(tf.data.Dataset.from_tensor_slices([[1.0, 2.0]]).unbatch())) == 3.0
    assert f.experimental_get_tracing_count() == 1
    assert float(f(tf.data.Dataset.from_tensor_slices([[1.0, 2.0]]))) == 3.0
    assert f.experimental_get_tracing_count() == 2


def test_threads_pass_their_own_datasets():
    f = tf.function(_total)
    f(tf.data.Dataset.range(1))
    results = {}

    def run(n):
        for _ in range(5):
            results.setdefault(n, set()).add(int(f(tf.data.Dataset.range(n, n + 1))))
    threads = [threading.Thread(target=run, args=(n,)) for n in range(2, 6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == {n: {n} for n in range(2, 6)}


def test_threads_loop_over_one_captured_dataset():
    """A loop's iterator lives across the reads of one run: concurrent runs take turns."""
    ds = tf.data.Dataset.range(50)
    f = tf.function(lambda: _total(ds))
    assert int(f()) == 1225
    results = []
    threads = [threading.Thread(target=lambda: results.extend(int(f()) for _ in range(5)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == [1225] * 20
