"""tf.data's rebatching for tf.distribute (TF's data/experimental/ops/distribute.py):
the static batch size of a pipeline (compute_batch_size), the sizes each worker's
replicas take from a global batch, and the rebatched pieces a worker reads."""
import math

import numpy as np

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from .prefetch import _PrefetchDataset
from .transformations import (
    CacheDataset, _BatchDataset, _ConcatenateDataset, _FilterDataset, _OptionsDataset,
    _PaddedBatchDataset, _RepeatDataset, _ShardDataset, _ShuffleDataset, _SkipDataset,
    _TakeDataset, _ZipDataset,
)


def split_batch(value, n):
    """A global batch split as TF rebatches it: ceil(batch / n) rows to each replica in
    turn, so the last replicas of a partial batch get fewer rows or none."""
    value = convert_to_tensor(value)
    rows = value._value.shape[0]   # (a traced element shows its spec's None: the trace's)
    per = math.ceil(rows / n)
    return [value[min(i * per, rows):min((i + 1) * per, rows)] for i in range(n)]


# (what TF's compute_batch_size walks through: they keep the batch size)
_SIZE_KEEPING = (CacheDataset, _FilterDataset, _OptionsDataset, _PrefetchDataset,
                 _RepeatDataset, _ShardDataset, _ShuffleDataset, _SkipDataset, _TakeDataset)


def batch_size(dataset):
    """TF's distribute.compute_batch_size: the static batch size of a dataset's elements
    (that of its batch transformation, partial batches aside), -1 where unknown."""
    dims = [s.shape[0] if s.shape.rank else None
            for s in nest.flatten(dataset.element_spec)]
    if all(d is not None for d in dims):
        return dims[0] if len(set(dims)) == 1 else -1
    if isinstance(dataset, (_BatchDataset, _PaddedBatchDataset)):
        return dataset._size
    if isinstance(dataset, (_ZipDataset, _ConcatenateDataset)):
        sizes = {batch_size(ds) for ds in dataset._inputs}
        return sizes.pop() if len(sizes) == 1 else -1
    if isinstance(dataset, _SIZE_KEEPING):
        return batch_size(dataset._inputs[0])
    return -1


def batch_sizes_for_worker(global_batch_size, num_workers, replicas_per_worker, worker):
    """TF's distribute.batch_sizes_for_worker: the sizes a worker's rebatching cuts each
    global batch into, one per replica of the cluster (this worker's first)."""
    n = num_workers * replicas_per_worker
    floor, ceil = divmod(global_batch_size, n)
    sizes = [floor + 1] * ceil + [floor] * (n - ceil)
    offset = worker * replicas_per_worker
    return sizes[offset:] + sizes[:offset]


def rebatched(dataset, num_workers, replicas_per_worker, worker):
    """The pieces a worker's rebatching of `dataset` gives, as TF's input_lib rebatches
    it (each piece one replica's value): with a known batch size, TF's RebatchDatasetV2,
    pieces of the sizes of ``batch_sizes_for_worker`` in turn, cut from the stream of
    rows (a piece may join the end of one batch and the start of the next); else each
    batch split in one piece per replica of the cluster (TF's legacy rebatching)."""
    n = num_workers * replicas_per_worker
    size = batch_size(dataset)
    if size == -1:
        for batch in dataset:
            split = [split_batch(t, n) for t in nest.flatten(batch)]
            for j in range(n):
                yield nest.pack_sequence_as(batch, [pieces[j] for pieces in split])
        return
    sizes = batch_sizes_for_worker(size, num_workers, replicas_per_worker, worker)
    k, parts, have, batch = 0, [], 0, None
    for batch in dataset:
        flat = [convert_to_tensor(t).numpy() for t in nest.flatten(batch)]
        start, rows = 0, len(flat[0])
        while start < rows or sizes[k % n] == 0:
            take = min(sizes[k % n] - have, rows - start)
            parts.append([a[start:start + take] for a in flat])
            start, have = start + take, have + take
            if have == sizes[k % n]:
                yield nest.pack_sequence_as(batch, [np.concatenate(c) for c in zip(*parts)])
                k, parts, have = k + 1, [], 0
    if have:
        yield nest.pack_sequence_as(batch, [np.concatenate(c) for c in zip(*parts)])
