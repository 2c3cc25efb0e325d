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


def test_datasets_of_any_length_share_a_trace(capsys):
    """TF's trace is keyed by the DatasetSpec alone: the cardinality, of the argument and of
    datasets made from it, is read when the function runs."""
    def total(ds):
        print("tracing")
        return _total(ds), ds.cardinality(), ds.batch(2).cardinality()
    f = tf.function(total)
    concrete = f.get_concrete_function(tf.data.Dataset.range(3))
    assert [[int(t) for t in f(tf.data.Dataset.range(n))] for n in (3, 4)] == [
        [3, 3, 2], [6, 4, 2]]
    assert [int(t) for t in concrete(tf.data.Dataset.range(5))] == [10, 5, 3]
    lengths = tf.function(lambda ds: (ds.cardinality(), ds.batch(2).cardinality()))
    assert [int(t) for t in lengths(tf.data.Dataset.range(5).repeat())] == [-1, -1]
    assert [int(t) for t in lengths(tf.data.Dataset.range(5).filter(lambda x: x > 2))] == [-2, -2]
    assert f.get_concrete_function(tf.data.Dataset.range(9)) is concrete
    assert (capsys.readouterr().out, f.experimental_get_tracing_count()) == ("tracing\n", 1)


def test_python_loops_over_datasets_of_unknown_length():
    """iter() of a dataset inside tf.function pulls each element when the function runs: a
    next() past the end raises TF's OutOfRangeError; a Python loop (AutoGraph off), which
    TF would trace forever, stops with a TypeError."""
    first = tf.function(lambda ds: next(iter(ds)), autograph=False)
    assert int(first(tf.data.Dataset.range(3, 9))) == 3
    assert int(first(tf.data.Dataset.range(9).filter(lambda x: x > 6))) == 7
    try:
        first(tf.data.Dataset.range(0))
    except tf.errors.OutOfRangeError:
        pass
    else:
        raise AssertionError("no OutOfRangeError")
    loop = tf.function(lambda ds: tf.add_n([x for x in ds]), autograph=False)
    try:
        loop(tf.data.Dataset.range(4))
    except TypeError as e:
        assert "after 1000 elements" in str(e)
    else:
        raise AssertionError("no TypeError")


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
