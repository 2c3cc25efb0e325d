"""tf.data's rebatching: tf.data.Dataset.rebatch (TF's RebatchDatasetV2) and, for
tf.distribute (TF's data/experimental/ops/distribute.py), the static batch size of a
pipeline (compute_batch_size), the sizes each worker's replicas take from a global batch,
and the rebatched pieces a worker reads."""
import math

import numpy as np

from ..framework import dtypes, errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor_shape import TensorShape
from . import ragged_structure as ragged, sparse_structure as sparse, structure
from .dataset_ops import UNKNOWN_CARDINALITY
from .file_cache import FileCacheDataset
from .prefetch import _PrefetchDataset
from .transformations import (
    CacheDataset, _BatchDataset, _ConcatenateDataset, _FilterDataset, _OptionsDataset,
    _PaddedBatchDataset, _RepeatDataset, _ShardDataset, _ShuffleDataset, _SkipDataset,
    _TakeDataset, _Unary, _ZipDataset,
)


def split_batch(value, n):
    """A global batch split as TF rebatches it: ceil(batch / n) rows to each replica in
    turn, so the last replicas of a partial batch get fewer rows or none."""
    value = convert_to_tensor(value)
    rows = value._value.shape[0]   # (a traced element shows its spec's None: the trace's)
    per = math.ceil(rows / n)
    return [value[min(i * per, rows):min((i + 1) * per, rows)] for i in range(n)]


# (what TF's compute_batch_size walks through: they keep the batch size)
_SIZE_KEEPING = (CacheDataset, FileCacheDataset, _FilterDataset, _OptionsDataset,
                 _PrefetchDataset, _RepeatDataset, _ShardDataset, _ShuffleDataset, _SkipDataset,
                 _TakeDataset)


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
    flat_batches = ([convert_to_tensor(t).numpy() for t in nest.flatten(batch)]
                    for batch in dataset)
    for flat in regrouped(flat_batches, sizes, drop_remainder=False):
        yield nest.pack_sequence_as(dataset.element_spec, flat)


def regrouped(flat_batches, sizes, drop_remainder):
    """The rows of a stream of flat batches (lists of arrays) cut into batches of
    sizes[0], sizes[1], ... in turn (a piece may join the end of one batch and the start
    of the next; a size 0 is an empty batch), the last, partial one unless dropped."""
    k, parts, have, n = 0, [], 0, len(sizes)
    for flat in flat_batches:
        start, rows = 0, len(flat[0])
        while start < rows or sizes[k % n] == 0:
            take = min(sizes[k % n] - have, rows - start)
            parts.append([a[start:start + take] for a in flat])
            start, have = start + take, have + take
            if have == sizes[k % n]:
                yield [np.concatenate(c) for c in zip(*parts)]
                k, parts, have = k + 1, [], 0
    if have and not drop_remainder:
        yield [np.concatenate(c) for c in zip(*parts)]


class _RebatchDataset(_Unary):
    """tf.data.Dataset.rebatch: unbatch().batch(N) in one step, N cycling through
    `batch_size` (a scalar or a vector); the static batch size as TF computes it. Dense
    components only (TF also takes ragged and sparse ones)."""

    def __init__(self, input_dataset, batch_size, drop_remainder):
        super().__init__(input_dataset)
        sizes = convert_to_tensor(batch_size, dtype=dtypes.int64, name="batch_sizes").numpy()
        self._drop = bool(convert_to_tensor(drop_remainder, dtype=dtypes.bool).numpy())
        if sizes.ndim > 1:
            raise ValueError(f"Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar "
                             f"or a vector. Received `batch_sizes` of rank {sizes.ndim}.")
        self._sizes = [int(v) for v in sizes.reshape(-1)]
        if not self._sizes or min(self._sizes) < 0 or not any(self._sizes):
            raise errors.InvalidArgumentError(
                None, None, f"tfcompat: tf.data.Dataset.rebatch needs batch sizes >= 0, not "
                            f"all 0 (got {sizes.tolist()}; TF's kernel never ends there).")
        flat = structure.flat_specs(self._spec)
        if any(ragged.is_ragged_spec(s) or sparse.is_sparse_spec(s) for s in flat):
            raise TypeError("tfcompat: tf.data.Dataset.rebatch supports dense components "
                            "only, not ragged or sparse ones.")
        lead = self._static_batch_dim(flat)
        if any(s.shape.rank == 0 for s in flat):
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        self._spec = structure.map_specs(
            lambda s: TensorSpec(s.shape if s.shape.rank is None else
                                 TensorShape([lead]).concatenate(s.shape[1:]), s.dtype),
            self._spec)

    def _static_batch_dim(self, flat):
        """TF's _compute_static_batch_dim: the one size, where no partial batch can form."""
        if len(set(self._sizes)) > 1:
            return None
        if self._drop:
            return self._sizes[0]
        dims = []
        for s in flat:
            if s.shape.rank == 0:
                raise ValueError("Invalid `batch_sizes`. Expected dataset with rank of >= 1 "
                                 "but found a dataset with scalar elements. Fix the issue by "
                                 "adding the `batch` transformation to the dataset.")
            if s.shape.rank is not None and s.shape[0] is not None:
                dims.append(s.shape[0])
        if not dims:
            return None
        if len(set(dims)) > 1:
            raise ValueError(f"Invalid `input_dataset.` The batch dimension of component 0 "
                             f"is {dims[0]}, while the batch dimension of component i is "
                             f"{np.asarray(dims)}.")
        return None if dims[0] % self._sizes[0] else self._sizes[0]

    def _iter_flat(self):
        flat_batches = ([np.asarray(a) for a in flat] for flat in self._input._iter_flat())
        return regrouped(flat_batches, self._sizes, self._drop)

    def _cardinality(self):
        return UNKNOWN_CARDINALITY
