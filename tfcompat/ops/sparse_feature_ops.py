"""tf.sparse.cross and tf.sparse.cross_hashed (TF's SparseCross op) of dense inputs.

Each row of the output holds, for that row of the inputs, one entry per combination of
one value from each input (the last input's value varying fastest): the values joined by
"_X_" (cross), or their FingerprintCat64 chain from `hash_key`, ints taken as they are
and strings by their FarmHash Fingerprint64, modulo `num_buckets` (cross_hashed)."""
import itertools

import numpy as np

from ..framework import dtypes, strings
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.dispatch import Op, execute
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import Tensor
from . import string_hash
from .cast_ops import cast
from .op_args import concrete, kernel_error
from .ragged_tensor import RaggedTensor

_DEFAULT_HASH_KEY = 0xDECAFCAFFE
_MUL = 0xC6A4A7935BD1E995
_MASK = (1 << 64) - 1


def _shift_mix(v):
    return v ^ (v >> 47)


def fingerprint_cat64(fp1, fp2):
    """TF's FingerprintCat64 (core/platform/fingerprint.h) of two uint64 values."""
    result = fp1 ^ _MUL
    result ^= _shift_mix((fp2 * _MUL) & _MASK) * _MUL & _MASK
    result = (result * _MUL) & _MASK
    result = (_shift_mix(result) * _MUL) & _MASK
    return _shift_mix(result)


def _feature_hash(v):
    return string_hash.fingerprint64(v) & _MASK if isinstance(v, bytes) else int(v) & _MASK


def _crossed(combo, hashed_output, num_buckets, hash_key):
    if not hashed_output:
        return b"_X_".join(v if isinstance(v, bytes) else str(v).encode() for v in combo)
    h = hash_key
    for v in combo:
        h = fingerprint_cat64(h, _feature_hash(v))
    return h % num_buckets if num_buckets > 0 else h % ((1 << 63) - 1)


def _cross_kernel(*dense, hashed_output, num_buckets, hash_key):
    batch = dense[0].shape[0]
    width = int(np.prod([d.shape[1] for d in dense]))
    values = [_crossed(combo, hashed_output, num_buckets, hash_key)
              for row in range(batch)
              for combo in itertools.product(*[d[row].tolist() for d in dense])]
    rows = np.repeat(np.arange(batch, dtype=np.int64), width)
    cols = np.tile(np.arange(width, dtype=np.int64), batch)
    out = np.asarray(values, np.int64) if hashed_output else np.empty(len(values), object)
    if not hashed_output:
        out[:] = values
    return (np.stack([rows, cols], axis=1).reshape(-1, 2), out,
            np.asarray([batch, width], np.int64))


def _cross_shapes(*shapes, **attrs):
    n = shapes[0][0] * int(np.prod([s[1] for s in shapes]))
    return [(n, 2), (n,), (2,)]


_cross_ops = {hashed: Op("SparseCross", strings.host_only, differentiable=False,
                         strings=strings.Kernel(
                             _cross_kernel, shape=_cross_shapes,
                             outputs=(np.int64, np.int64 if hashed else object, np.int64)))
              for hashed in (False, True)}


def _cross(inputs, hashed_output, num_buckets, hash_key):
    if not isinstance(inputs, (tuple, list)):
        raise TypeError("Inputs must be a list")
    if any(isinstance(i, SparseTensor) for i in inputs):
        raise NotImplementedError("tf.sparse.cross of SparseTensor inputs is not supported "
                                  "by tfcompat (dense inputs only)")
    if not all(isinstance(i, Tensor) for i in inputs):
        raise TypeError("All inputs must be Tensor or SparseTensor.")
    dense = [i if i.dtype is dtypes.string else cast(i, dtypes.int64) for i in inputs]
    for k, d in enumerate(dense):
        if d.ndim != 2:
            raise kernel_error("SparseCross", f"Dense inputs should be a matrix but received "
                               f"shape {list(d.shape)} at position {k}", name="",
                               kernel=f"SparseCross_N_0_dense_types_{len(dense)}"
                                      f"_sparse_types_0")
    attrs = (("hashed_output", hashed_output), ("num_buckets", int(num_buckets)),
             ("hash_key", int(hash_key)))
    indices, values, shape = execute(_cross_ops[hashed_output], dense, attrs)
    if dense[0].shape[0] is not None:   # (a static shape: to_dense also works in a trace)
        shape = constant([dense[0].shape[0], int(np.prod([d.shape[1] for d in dense]))],
                         dtypes.int64)
    return SparseTensor(indices, values, shape)


def cross(inputs, name=None, separator=None):
    """tf.sparse.cross: the string crosses ("a_X_b") of dense int or string inputs."""
    if separator not in (None, "_X_"):
        raise NotImplementedError("tf.sparse.cross with a separator other than '_X_' is "
                                  "not supported by tfcompat")
    return _cross(inputs, False, 0, 0)


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """tf.sparse.cross_hashed: the hashed crosses of dense int or string inputs (int64,
    modulo `num_buckets` when it is positive)."""
    return _cross(inputs, True, num_buckets, hash_key or _DEFAULT_HASH_KEY)


# -- bincount -----------------------------------------------------------------------------

def _count(op, batches, values, weights, maxlength, binary_output, dtype):
    """The (indices, values, dense_shape) of TF's *CountSparseOutput kernels: per batch
    row, each value's count (or summed weight; 1 with `binary_output`), in order."""
    if values.size and values.min() < 0:
        raise kernel_error(op, "Input values must all be non-negative", name="")
    keep = values < maxlength if maxlength > 0 else np.ones(values.shape, bool)
    counts = {}
    w = np.ones(values.shape, dtype) if weights is None else weights
    for b, v, x in zip(batches[keep].tolist(), values[keep].tolist(), w[keep].tolist()):
        counts[(b, v)] = 1 if binary_output else counts.get((b, v), 0) + x
    keys = sorted(counts)
    return (np.asarray(keys, np.int64).reshape(len(keys), 2),
            np.asarray([counts[k] for k in keys], dtype))


def bincount(values, weights=None, axis=0, minlength=None, maxlength=None,
             binary_output=False, name=None):
    """tf.sparse.bincount of a dense, SparseTensor or RaggedTensor (ragged_rank 1)
    `values` (DenseCountSparseOutput, SparseCountSparseOutput, RaggedCountSparseOutput):
    each value's count as a SparseTensor, over all the values (`axis` 0) or per row of a
    rank-2 input (`axis` -1); eager only (the number of entries depends on the values)."""
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                         "Please specify only one.")
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    api = "tf.sparse.bincount"
    sparse = isinstance(values, SparseTensor)
    ragged = isinstance(values, RaggedTensor)
    if ragged and values.ragged_rank != 1:
        raise NotImplementedError("tfcompat: tf.sparse.bincount of a RaggedTensor supports "
                                  "ragged_rank 1 only")
    op = ("SparseCountSparseOutput" if sparse else "RaggedCountSparseOutput" if ragged
          else "DenseCountSparseOutput")
    x = values.values if sparse or ragged else convert_to_tensor(values)
    w = None if weights is None else (
        weights.values if isinstance(weights, (SparseTensor, RaggedTensor))
        else convert_to_tensor(weights))
    arr = concrete(x, api, "values")
    warr = None if w is None else concrete(w, api, "weights")
    dense_shape = concrete(values.dense_shape, api, "dense_shape") if sparse else None
    if sparse and axis == -1 and dense_shape.size > 1:   # (TF's kernel: 1-D counts whole)
        batches = concrete(values.indices, api, "indices")[:, 0]
        rows = int(dense_shape[0])
    elif ragged and axis == -1:
        batches = concrete(values.value_rowids(), api, "row_splits").astype(np.int64)
        rows = int(concrete(values.nrows(), api, "row_splits"))
    elif axis == -1 and arr.ndim == 2:
        batches = np.repeat(np.arange(arr.shape[0]), arr.shape[1])
        rows = arr.shape[0]
    elif axis == -1 and arr.ndim != 1:
        raise kernel_error(op, f"Input must be a 1 or 2-dimensional tensor. Got: "
                               f"{arr.ndim}", name="")
    else:
        batches, rows = None, None
    flat = arr.reshape(-1)
    out_dtype = x.dtype if w is None else w.dtype
    indices, counts = _count(
        op, np.zeros(flat.shape, np.int64) if batches is None else batches, flat,
        None if warr is None else warr.reshape(-1), maxlength or -1, binary_output,
        out_dtype._np)
    if batches is None:
        indices = indices[:, 1:]
    size = maxlength if maxlength else max(int(flat.max(initial=0)) + 1, minlength or 0)
    shape = [size] if batches is None else [rows, size]
    return SparseTensor(constant(indices, dtypes.int64), constant(counts, out_dtype),
                        constant(shape, dtypes.int64))
