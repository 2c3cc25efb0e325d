"""Dataset.sparse_batch and tf.data.experimental.dense_to_sparse_batch (TF's
_DenseToSparseBatchDataset): batches of dense elements of varying shape as SparseTensors
holding every element of each (zeros too), of dense shape [batch, row_shape] (an unknown
row dimension: the batch's largest)."""
import numpy as np

from ..framework import dtypes, errors
from ..framework.sparse_tensor_spec import SparseTensorSpec
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from . import sparse_structure as sparse, structure
from .iterator_ops import ElementError
from .transformations import _batch_size, _batched_cardinality, _batches, _Unary


class _DenseToSparseBatchDataset(_Unary):
    def __init__(self, input_dataset, batch_size, row_shape):
        super().__init__(input_dataset)
        spec = self._spec
        if not isinstance(spec, TensorSpec):
            types = structure.map_specs(lambda s: getattr(s, "dtype", s), spec)
            raise TypeError("`dense_to_sparse_batch` requires an input dataset whose "
                            "elements have a single component, but the given dataset has "
                            f"the following component types: {types}.")
        self._size = _batch_size(batch_size, "DenseToSparseBatchDataset")
        self._row_shape = TensorShape(row_shape)
        self._spec = SparseTensorSpec(TensorShape([None]).concatenate(self._row_shape),
                                      spec.dtype)

    def _iter_flat(self):
        row = self._row_shape.as_list()
        dtype = self._spec.dtype
        for batch in _batches(self._input._iter_flat(), self._size, False):
            arrays = [np.asarray(e[0]) for e in batch]
            for a in arrays:
                _check_row(a.shape, row)
            dense = [max(a.shape[k] for a in arrays) if d is None else d
                     for k, d in enumerate(row)]
            indices = np.concatenate([np.concatenate(
                [np.full((a.size, 1), j, np.int64),
                 np.argwhere(np.ones(a.shape, bool)).astype(np.int64)], axis=1)
                for j, a in enumerate(arrays)])
            values = np.concatenate([a.reshape(-1) for a in arrays])
            if dtype == dtypes.string:
                values = values.astype(object)
            yield [sparse._sparse(indices, values, [len(arrays)] + dense, dtype)]

    def _cardinality(self):
        return _batched_cardinality(self._input._cardinality(), self._size, False)


def _check_row(shape, row):
    """TF's errors for an element that does not fit the row shape."""
    text = f"Input element had shape ([{','.join(map(str, shape))}]) that is "
    if len(shape) != len(row):
        raise ElementError(errors.InvalidArgumentError,
                           f"{text}incompatible with the row shape "
                           f"([{','.join(str(-1 if d is None else d) for d in row)}]).")
    if any(d is not None and s > d for s, d in zip(shape, row)):
        raise ElementError(errors.DataLossError,
                           f"{text}larger than the row shape "
                           f"([{','.join(str(-1 if d is None else d) for d in row)}]).")
