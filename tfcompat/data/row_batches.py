"""Batches of dense slices without per-element Python: ``from_tensor_slices(...)`` (dense
numpy components), then any of ``shuffle``, ``repeat``, ``take``, ``prefetch`` and
``with_options``, then ``batch``. The chain below the batch yields the row indices of
its elements (``range`` runs of consecutive rows, or single ints once shuffled) instead
of the rows; the batch gathers each of its components with one slice or ``np.take``.
The elements, their order, the random draws and the points where inputs are opened (a
repetition's seeds, an iteration's end) are those of the element-wise pipeline: the
transformations share its code (``_RepeatDataset._epochs``, ``_ShuffleDataset._shuffled``).
"""
import numpy as np

from .prefetch import _PrefetchDataset
from .sources import _TensorSliceDataset
from .transformations import _OptionsDataset, _RepeatDataset, _ShuffleDataset, _TakeDataset


def _rows(ds):
    """(dense arrays, a function making a fresh generator of index runs) of the chain
    ending at `ds`, or None where an element is not a row of dense arrays."""
    if isinstance(ds, _TensorSliceDataset):
        if not all(isinstance(a, np.ndarray) for a in ds._arrays):
            return None
        n = ds._n
        return ds._arrays, lambda: iter([range(n)] if n else [])
    if not isinstance(ds, (_OptionsDataset, _PrefetchDataset, _RepeatDataset,
                           _ShuffleDataset, _TakeDataset)):
        return None
    below = _rows(ds._input)
    if below is None:
        return None
    arrays, runs = below
    if isinstance(ds, _RepeatDataset):
        return arrays, lambda: ds._epochs(runs)
    if isinstance(ds, _ShuffleDataset):
        return arrays, lambda: ds._shuffled(lambda: _indices(runs()))
    if isinstance(ds, _TakeDataset):
        return arrays, lambda: _take(runs(), ds._count)
    return below   # (prefetching indices ahead changes nothing observable)


def _indices(runs):
    for run in runs:
        if type(run) is range:
            yield from run
        else:
            yield run


def _take(runs, count):
    """_TakeDataset over runs: the first `count` indices (all if negative); no run is
    pulled past the last one taken."""
    if count < 0:
        yield from runs
        return
    left = count
    if left == 0:
        return
    for run in runs:
        if type(run) is range:
            run = run[:left]
            left -= len(run)
        else:
            left -= 1
        yield run
        if left == 0:
            return


def _skipped(runs, skip):
    """The runs after their first `skip` indices."""
    for run in runs:
        if skip:
            if type(run) is not range:
                skip -= 1
                continue
            if len(run) <= skip:
                skip -= len(run)
                continue
            run, skip = run[skip:], 0
        yield run


def _batched(runs, size, drop_remainder):
    """The runs of each batch of `size` indices (the last one shorter unless dropped); a
    batch is handed over as soon as it is complete, as _BatchDataset's."""
    parts, have = [], 0
    for run in runs:
        if type(run) is range:
            pos = 0
            while pos < len(run):
                take = min(size - have, len(run) - pos)
                parts.append(run[pos:pos + take])
                have += take
                pos += take
                if have == size:
                    yield parts
                    parts, have = [], 0
            continue
        parts.append(run)
        have += 1
        if have == size:
            yield parts
            parts, have = [], 0
    if have and not drop_remainder:
        yield parts


def _gather(arrays, parts):
    if len(parts) == 1 and type(parts[0]) is range:
        r = parts[0]
        return [a[r.start:r.stop] for a in arrays]
    if all(type(p) is not range for p in parts):
        index = np.array(parts, np.intp)
    else:
        index = np.concatenate([np.arange(p.start, p.stop, dtype=np.intp)
                                if type(p) is range else np.array([p], np.intp)
                                for p in parts])
    return [np.take(a, index, axis=0) for a in arrays]


def dense_batches(ds, size, drop_remainder, skip=0):
    """The flat batches of `size` elements of `ds` (the input of a batch) after its first
    `skip` elements, or None where `ds` is not a chain this module handles."""
    found = _rows(ds)
    if found is None:
        return None
    arrays, runs = found
    return (_gather(arrays, parts)
            for parts in _batched(_skipped(runs(), skip), size, drop_remainder))
