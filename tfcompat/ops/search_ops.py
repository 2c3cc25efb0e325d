"""Searching: tf.searchsorted, tf.unique (with counts, and the v2 ops along an axis) and
tf.unravel_index. unique needs concrete values (its output shape depends on them): a
tf.function's calls then run eagerly (op_args.concrete)."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, host_callback
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import Op, execute, match, mismatch_error, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from .indexing_ops import check_indices_dtype
from .op_args import (
    attr_error, checked_attr, concrete, dims, kernel_error, no_kernel_error, unknown_output,
    unknown_where_building,
)


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """tf.searchsorted over the innermost dimension (leading dimensions are batches)."""
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` "
                         f"= '{side}'.")
    op = "LowerBound" if side == "left" else "UpperBound"
    seq, vals = to_tensor(sorted_sequence), to_tensor(values)
    if vals.ndim == 0:
        raise kernel_error("StridedSlice", "slice index -1 of dimension 0 out of bounds.",
                           "strided_slice/")
    if seq.dtype is not vals.dtype:
        raise mismatch_error(op, 1, seq.dtype, vals.dtype)
    s, v = seq._value.shape, vals._value.shape
    rows = int(np.prod(s[:-1]))
    if rows != int(np.prod(v[:-1])):
        raise kernel_error(op, "Leading dim_size of both tensors must match.", "")
    return execute(_searchsorted_op, (seq, vals), (("side", side),
                                                  ("dtype", dtypes.as_dtype(out_type)._np)))


def _searchsorted(seq, vals, side, dtype):
    rows = int(np.prod(seq.shape[:-1]))
    s2, v2 = seq.reshape(rows, seq.shape[-1]), vals.reshape(rows, vals.shape[-1])
    out = jax.vmap(lambda a, b: jnp.searchsorted(a, b, side))(s2, v2)
    return out.reshape(vals.shape).astype(dtype)


_searchsorted_op = Op("LowerBound", _searchsorted, differentiable=False)


Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])
Unique.__module__ = UniqueWithCounts.__module__ = "tensorflow.python.ops.gen_array_ops"


_UNIQUE_TYPES = ("BOOL", "STRING", "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8",
                 "UINT8", "INT16", "UINT16", "UINT32", "INT64", "UINT64")


def _no_unique_kernel(op, dtype, out_idx):
    """TF's error for Unique/UniqueWithCounts of a dtype no CPU kernel takes (complex)."""
    kernels = "".join(f"  device='{dev}'; T in [DT_{t}]; out_idx in [DT_{i}]\n"
                      for dev in ("CPU", "DEFAULT") if dev == "CPU" or op == "Unique"
                      for t in _UNIQUE_TYPES for i in ("INT64", "INT32"))
    return no_kernel_error(op, f"T=DT_{dtype._tf_name.upper()}, out_idx=DT_"
                               f"{out_idx.name.upper()}", kernels)


def _unique(x, out_idx, op, axis=None):
    """y, idx, count of op `op`: the slices of `x` along `axis` (None: Unique's 1-D input)
    in order of first occurrence."""
    x = to_tensor(x)
    out_idx = dtypes.as_dtype(out_idx)
    if out_idx.name not in ("int32", "int64"):
        raise attr_error(op, "out_idx", out_idx)
    if x.dtype.is_complex:
        raise _no_unique_kernel(op, x.dtype, out_idx)
    if axis is None and x.ndim != 1:
        raise kernel_error(op, "unique expects a 1D vector.")
    api = f"tf.{op[0].lower()}{op[1:]}".replace("WithCounts", "_with_counts")
    y = unknown_where_building(x, [None], x.dtype, op) if axis is None and \
        x.dtype is not dtypes.string else None
    if y is not None:   # (in a graph being built: idx has x's shape, count y's)
        return (y, unknown_output(list(x._value.shape), out_idx, op),
                unknown_output(list(y._value.shape), out_idx, op))
    arr = concrete(x, api if axis is None else f"tf.raw_ops.{op}", "x")
    if axis is None:   # (each NaN is unique, as in TF)
        _, first, inverse, counts = np.unique(arr, return_index=True, return_inverse=True,
                                              return_counts=True, equal_nan=False)
    else:
        axis = _unique_axis(op, axis, arr.ndim)
        rows = np.moveaxis(arr, axis, 0)
        rows = rows.reshape(rows.shape[0], int(np.prod(rows.shape[1:])))
        _, first, inverse, counts = np.unique(rows, axis=0,
                                              return_index=True, return_inverse=True,
                                              return_counts=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx_np = out_idx._np
    y = np.take(arr, first[order], axis=axis or 0)
    return (EagerTensor(y if y.dtype == object else device_array(y)),   # (tf.string)
            EagerTensor(device_array(rank[inverse.reshape(-1)].astype(idx_np))),
            EagerTensor(device_array(counts[order].astype(idx_np))))


def _unique_axis(op, axis, ndim):
    """The axis of UniqueV2's 1-element (or empty: 0) `axis` input, checked as its kernel
    does."""
    values = concrete(convert_to_tensor(axis, dtype_hint=dtypes.int64),
                      f"tf.raw_ops.{op}", "axis").reshape(-1)
    if values.size > 1:
        raise kernel_error(op, "axis does not support input tensors larger than 1 elements")
    a = int(values[0]) if values.size else 0
    if not -ndim <= a < ndim:
        raise kernel_error(op, f"axis has to be between [0, {ndim})")
    return a % ndim


def unique(x, out_idx=dtypes.int32, name=None):
    """tf.unique: the values in order of first occurrence, and each element's position."""
    y, idx, _ = _unique(x, out_idx, "Unique")
    return Unique(y, idx)


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    """tf.unique_with_counts."""
    return UniqueWithCounts(*_unique(x, out_idx, "UniqueWithCounts"))


UniqueV2 = collections.namedtuple("UniqueV2", ["y", "idx"])
UniqueWithCountsV2 = collections.namedtuple("UniqueWithCountsV2", ["y", "idx", "count"])
UniqueV2.__module__ = UniqueWithCountsV2.__module__ = "tensorflow.python.ops.gen_array_ops"


def unique_v2(*, x, axis, out_idx=dtypes.int32, name=None):
    """tf.raw_ops.UniqueV2: the unique slices of `x` along `axis` (a 1-element tensor)."""
    y, idx, _ = _unique(x, out_idx, "UniqueV2", axis)
    return UniqueV2(y, idx)


def unique_with_counts_v2(*, x, axis, out_idx=dtypes.int32, name=None):
    """tf.raw_ops.UniqueWithCountsV2."""
    return UniqueWithCountsV2(*_unique(x, out_idx, "UniqueWithCountsV2", axis))


def _unravel_index(indices, dims, checked=False):
    """TF's UnravelIndex kernel: (index % prod(dims[i:])) / prod(dims[i+1:]), with C's
    truncating % and / (a negative index gives negative coordinates, as in TF)."""
    inclusive = lax.cumprod(dims, reverse=True)
    exclusive = jnp.concatenate([inclusive[1:], jnp.ones((1,), dims.dtype)])
    if indices.ndim:
        inclusive, exclusive, indices = inclusive[:, None], exclusive[:, None], indices[None]
    out = lax.div(lax.rem(indices, inclusive), exclusive)
    return host_callback.checked(out, _unravel_error, indices, dims) if checked else out


def _unravel_error(indices, dims, name=None):
    """TF's run-time checks of UnravelIndex's values (`name`: kernel_error's)."""
    def fail(text):
        return kernel_error("UnravelIndex", text, name)
    limit = np.iinfo(dims.dtype).max
    prod = 1.0
    for i, d in enumerate(dims.tolist()):
        if d == 0:
            return fail(f"Input dims cannot contain a dim of zero, but dims contains zero at "
                        f"index {i}")
        if d < 0:
            return fail(f"Input dims cannot be negative. Got dim = {d} at index {i}")
        if prod > limit // d:
            return fail("Input dims product is causing integer overflow: "
                        f"({' '.join(map(str, dims.tolist()))})")
        prod *= d
    if (indices >= np.prod(dims, dtype=dims.dtype)).any():
        return fail("index is out of bound as with dims")
    return None


_unravel_index_op = Op("UnravelIndex", _unravel_index, differentiable=False)
_shape_text = dims


def unravel_index(indices, dims, name=None):
    """tf.unravel_index: the coordinates in a row-major array of shape `dims` of each flat
    index in `indices` (a scalar gives a vector, a vector a [len(dims), n] matrix)."""
    # TF's errors end in " name: " when both inputs are Tensors (its fast path).
    suffix = "" if isinstance(indices, Tensor) and isinstance(dims, Tensor) else None
    if suffix is None and not isinstance(indices, Tensor) and not isinstance(dims, Tensor):
        indices = convert_to_tensor(indices, dtype_hint=dtypes.int32)  # (Tidx's default)
    indices, dims = match((indices, dims), _unravel_index_op)
    check_indices_dtype("UnravelIndex", indices, "Tidx")
    if indices.ndim > 1:
        raise kernel_error("UnravelIndex", f"The indices can only be scalar or vector, got "
                                           f"\"{_shape_text(indices.shape)}\"", suffix)
    if indices.ndim == 1 and not indices.shape[0]:
        raise kernel_error("UnravelIndex", f"received empty tensor indices: Tensor<type: "
                                           f"{indices.dtype.name} shape: [0] values: >", suffix)
    if dims.ndim != 1:
        raise kernel_error("UnravelIndex", f"The indices can only be 1-D, got "
                                           f"\"{_shape_text(dims.shape)}\"", suffix)
    return execute(_unravel_index_op, (indices, dims), checked_attr(
        lambda i, d: _unravel_error(i, d, suffix), indices, dims))
