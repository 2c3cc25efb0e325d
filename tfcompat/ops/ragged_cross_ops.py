"""tf.ragged.cross and tf.ragged.cross_hashed (TF's RaggedCross op) of RaggedTensor,
SparseTensor and dense rank-2 inputs of int or string values.

Row b of the result holds one value per combination of one feature from row b of each
input (the last input varying fastest): the features joined by "_X_" (cross), or the
FingerprintCat64 chain of their hashes from `hash_key` modulo `num_buckets` (or
2**63 - 1) (cross_hashed; sparse_feature_ops' hashing). A SparseTensor's rows are read
as TF's SparseFeatureReader reads them (its indices taken as sorted by row). Eager, or
on constants inside a tf.function (the number of crosses depends on the values)."""
import itertools

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.sparse_tensor import SparseTensor
from .cast_ops import cast
from .op_args import concrete, kernel_error
from .ragged_tensor import RaggedTensor
from .sparse_feature_ops import _DEFAULT_HASH_KEY, _crossed

_RANK = "tf.ragged.cross only supports inputs with rank=2."
_BATCH = "inputs must all have the same batch dimension size."


def _convert(i, t):
    """TF's conversion of input `i`: SparseTensor, RaggedTensor or Tensor, ints as int64."""
    if not isinstance(t, (SparseTensor, RaggedTensor)):
        t = convert_to_tensor(t)
    if t.dtype.is_integer:
        t = t.with_values(cast(t.values, dtypes.int64)) if isinstance(t, RaggedTensor) else \
            SparseTensor(t.indices, cast(t.values, dtypes.int64), t.dense_shape) \
            if isinstance(t, SparseTensor) else cast(t, dtypes.int64)
    elif t.dtype != dtypes.string:
        raise ValueError(f"Unexpected dtype for inputs[{i}]: {t.dtype}")
    if isinstance(t, RaggedTensor) and t.ragged_rank != 1:
        raise ValueError("tf.ragged.cross only supports inputs with rank=2")
    return t


def _sparse_splits(indices, batch):
    """SparseFeatureReader's row splits (indices' rows read in order, as if sorted)."""
    splits, i = [0], 0
    for row in range(batch):
        while i < len(indices) and indices[i, 0] <= row:
            i += 1
        splits.append(i)
    return splits


def _rows(inputs, api):
    """ValidateInput, then each input as (values, row splits) over the batch."""
    kinds = {"R": [], "S": [], "D": []}
    arrays = []
    for t in inputs:
        if isinstance(t, RaggedTensor):
            kinds["R"].append(len(arrays))
            arrays.append(("R", concrete(t.values, api, "inputs"),
                           concrete(t.row_splits, api, "inputs")))
        elif isinstance(t, SparseTensor):
            kinds["S"].append(len(arrays))
            arrays.append(("S", concrete(t.values, api, "inputs"),
                           concrete(t.indices, api, "inputs"),
                           concrete(t.dense_shape, api, "inputs")))
        else:
            kinds["D"].append(len(arrays))
            arrays.append(("D", concrete(t, api, "inputs")))
    kernel = (f"RaggedCross_Nsparse_{len(kinds['S'])}_dense_types_{len(kinds['D'])}"
              f"_ragged_splits_types_{len(kinds['R'])}_ragged_values_types_{len(kinds['R'])}"
              f"_sparse_values_types_{len(kinds['S'])}")

    def fail(text):
        return kernel_error("RaggedCross", text, "", kernel=kernel)

    for k in kinds["R"]:
        if arrays[k][1].ndim != 1:
            raise fail(_RANK)
    for k in kinds["S"]:
        if arrays[k][3].size != 2:
            raise fail(_RANK)
    for k in kinds["D"]:
        if arrays[k][1].ndim != 2:
            raise fail(_RANK)
    sizes = {"R": lambda a: len(a[2]) - 1, "S": lambda a: int(a[3][0]),
             "D": lambda a: a[1].shape[0]}
    first = next((kinds[c][0] for c in "RDS" if kinds[c]), None)
    batch = 0 if first is None else sizes[arrays[first][0]](arrays[first])
    for c in "RSD":
        if any(sizes[c](arrays[k]) != batch for k in kinds[c]):
            raise fail(_BATCH)
    features = []
    for a in arrays:
        if a[0] == "R":
            features.append((a[1], a[2].tolist()))
        elif a[0] == "S":
            features.append((a[1], _sparse_splits(a[2], batch)))
        else:
            width = a[1].shape[1]
            features.append((a[1].reshape(-1), [b * width for b in range(batch + 1)]))
    return features, batch


def _cross(inputs, hashed_output, num_buckets, hash_key, api):
    if not isinstance(inputs, (tuple, list)):
        raise TypeError("Inputs must be a list")
    inputs = [_convert(i, t) for i, t in enumerate(inputs)]
    ragged = [t for t in inputs if isinstance(t, RaggedTensor)]
    splits_dtype = dtypes.int32 if ragged and all(
        t.row_splits.dtype == dtypes.int32 for t in ragged) else dtypes.int64
    features, batch = _rows(inputs, api)
    values, splits = [], [0]
    for b in range(batch):
        rows = [v[s[b]:s[b + 1]].tolist() for v, s in features]
        values.extend(_crossed(combo, hashed_output, num_buckets, hash_key)
                      for combo in itertools.product(*rows))
        splits.append(len(values))
    out_dtype = dtypes.int64 if hashed_output else dtypes.string
    flat = np.asarray(values, np.int64) if hashed_output else np.asarray(values, object)
    return RaggedTensor.from_row_splits(
        constant(flat.reshape(len(values)), out_dtype),
        constant(splits, splits_dtype), validate=False)


def cross(inputs, name=None):
    """tf.ragged.cross: the "a_X_b" crosses of each row's features, a RaggedTensor of
    strings."""
    return _cross(inputs, False, 0, 0, "tf.ragged.cross")


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """tf.ragged.cross_hashed: the hashed crosses of each row's features, a RaggedTensor
    of int64."""
    key = _DEFAULT_HASH_KEY if hash_key is None else int(hash_key) % 2**64
    return _cross(inputs, True, int(num_buckets), key, "tf.ragged.cross_hashed")
