"""data/row_batches.py: batches of from_tensor_slices chains gathered without per-element
Python are the element-wise pipeline's, element for element (values, dtypes, shapes,
order, seeds drawn per iterator and per repetition). TF's own answers for these chains
are the golden suite data_batches (tests/golden/snippets_data_batches.py)."""
import numpy as np
import pytest

import tfcompat as tf
from tfcompat.data import row_batches

X = np.arange(60, dtype=np.float32).reshape(20, 3)
Y = np.arange(20, dtype=np.int64) * 3
S = np.array([str(i).encode() * (i % 3) for i in range(20)], object)


def chains():
    d = tf.data.Dataset.from_tensor_slices
    return {
        "plain": lambda: d((X, Y)).batch(6),
        "drop": lambda: d((X, Y)).batch(6, drop_remainder=True),
        "dict_strings": lambda: d({"s": S, "y": Y}).batch(7),
        "repeat_batch": lambda: d(Y).repeat(3).batch(7),
        "take_repeat": lambda: d(Y).take(7).repeat(2).batch(5),
        "repeat_take": lambda: d((X, S)).repeat(3).take(45).batch(8),
        "shuffle": lambda: d((X, Y)).shuffle(5, seed=4).batch(6),
        "shuffle_repeat": lambda: d(Y).shuffle(8, seed=2).repeat(3).batch(9),
        "shuffle_fixed": lambda: d(Y).shuffle(
            30, seed=2, reshuffle_each_iteration=False).repeat(2).batch(8),
        "repeat_shuffle_take": lambda: d(Y).repeat(2).shuffle(7, seed=1).take(33).batch(4),
        "prefetch_options": lambda: d(Y).prefetch(3).with_options(
            tf.data.Options()).shuffle(4, seed=3).batch(5),
        "empty": lambda: d(np.zeros([0, 2], np.int32)).repeat(2).batch(3),
    }


def _read(ds, iterations=2):
    """Each iteration's batches as (dtype, shape, values), two iterators interleaved."""
    its = [iter(ds) for _ in range(iterations)]
    out = [[] for _ in its]
    for _ in range(8):
        for i, it in enumerate(its):
            e = next(it, None)
            if e is not None:
                out[i].append([(t.dtype.name, t.shape.as_list(), t.numpy().tolist())
                               for t in tf.nest.flatten(e)])
    return out


@pytest.mark.parametrize("name", sorted(chains()))
def test_gathered_batches_are_the_element_wise_ones(name, monkeypatch):
    tf.random.set_seed(11)
    ds = chains()[name]()
    assert row_batches.dense_batches(ds._input, 2, False) is not None
    fast = _read(ds)
    monkeypatch.setattr(row_batches, "_rows", lambda ds: None)
    tf.random.set_seed(11)
    slow = _read(chains()[name]())
    assert fast == slow
    assert any(fast) == (name != "empty")


def test_unseeded_shuffle_draws_the_same_seeds(monkeypatch):
    tf.random.set_seed(5)
    fast = _read(tf.data.Dataset.from_tensor_slices(Y).shuffle(10).repeat(2).batch(6), 3)
    monkeypatch.setattr(row_batches, "_rows", lambda ds: None)
    tf.random.set_seed(5)
    slow = _read(tf.data.Dataset.from_tensor_slices(Y).shuffle(10).repeat(2).batch(6), 3)
    assert fast == slow


def test_other_chains_keep_the_element_wise_path():
    d = tf.data.Dataset.from_tensor_slices
    ragged = tf.ragged.constant([[1], [2, 3]])
    for ds in (d(Y).map(lambda v: v + 1), d(Y).skip(2), d(Y).filter(lambda v: v > 3),
               d(ragged), d(Y).shuffle(3).map(lambda v: v)):
        assert row_batches.dense_batches(ds, 2, False) is None
    assert [b.numpy().tolist() for b in d(Y).skip(17).batch(2)] == [[51, 54], [57]]


def test_take_does_not_open_the_next_repetition():
    """take stops at its last element: the repetition after it (whose shuffle would draw
    seeds) is not opened, as in the element-wise pipeline."""
    ds = tf.data.Dataset.from_tensor_slices(Y).shuffle(20, seed=1).repeat()
    calls = []
    shuffle = ds._input
    original = shuffle._seed_generator.iterator_seeds

    def counted():
        calls.append(1)
        return original()
    shuffle._seed_generator.iterator_seeds = counted
    batches = list(ds.take(20).batch(5))
    assert len(batches) == 4 and len(calls) == 1
