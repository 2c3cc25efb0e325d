"""Dataset.ragged_batch and tf.data.experimental.dense_to_ragged_batch: dense components
of unknown shape become RaggedTensorSpec components (TF's _DenseToRaggedDataset), which
batch into RaggedTensors."""
import numpy as np

from ..framework import dtypes
from ..framework.deprecation import warn_deprecated
from . import ragged_structure as ragged, structure
from .transformations import _BatchDataset, _Unary


class _DenseToRaggedDataset(_Unary):
    """Tensors with unknown dimensions re-encoded as ragged (ragged_rank 0 when only the
    first is unknown); other components as they are."""

    def __init__(self, input_dataset, row_splits_dtype):
        super().__init__(input_dataset)
        dtype = dtypes.as_dtype(row_splits_dtype)
        self._spec = structure.map_specs(lambda s: ragged.ragged_spec_of_dense(s, dtype),
                                         self._spec)

    def _iter_flat(self):
        specs = structure.flat_specs(self._spec)
        for flat in self._input._iter_flat():
            yield [a if ragged.is_ragged(a) else ragged.encode_dense(np.asarray(a), spec)
                   for a, spec in zip(flat, specs)]


def ragged_batch(dataset, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64):
    """Dataset.ragged_batch: batches whose components of varying shape are RaggedTensors."""
    return _BatchDataset(_DenseToRaggedDataset(dataset, row_splits_dtype), batch_size,
                         drop_remainder)


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64):
    """tf.data.experimental.dense_to_ragged_batch: Dataset.ragged_batch for `apply`
    (deprecated in TF, as its warning says)."""
    warn_deprecated("dense_to_ragged_batch", "tensorflow.python.data.experimental.ops.batching",
                    "Use `tf.data.Dataset.ragged_batch` instead.")
    return lambda dataset: ragged_batch(dataset, batch_size, drop_remainder,
                                        row_splits_dtype)
