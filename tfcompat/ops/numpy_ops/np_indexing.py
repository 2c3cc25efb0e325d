"""NumPy-style indexing of Tensors under ``experimental_enable_numpy_behavior`` (TF's
np_array_ops._getitem): integer and boolean array indices (advanced indexing) mixed with
slices, ellipsis and newaxis."""
import numbers

import numpy as np

from ...framework import dtypes
from ...framework.constant_op import constant
from ...framework.tensor import Tensor
from .. import (array_ops, cast_ops, indexing_ops, manip_ops, reduction_ops)
from . import np_utils
from .np_array_manip import moveaxis
from .np_array_ops import asarray, promote_dtype

_SLICE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
                "and integer or boolean arrays are valid indices")


def _as_index(idx, need_scalar=True):
    """An index as an int32/int64 Tensor (a rank-1 bool index as its positions), and
    whether it is a scalar."""
    if isinstance(idx, numbers.Integral):
        return idx, True
    data = asarray(idx)
    if data.dtype == dtypes.bool:
        if data.shape.rank != 1:
            raise NotImplementedError("Need rank 1 for bool index %s" % idx)
        data = indexing_ops.where(data)
        data = manip_ops.reshape(data, [-1])
    if need_scalar and data.shape.rank not in (None, 0):
        raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
    np_dtype = data.dtype.as_numpy_dtype
    if not np.issubdtype(np_dtype, np.integer):
        raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
    if data.dtype not in (dtypes.int64, dtypes.int32):
        promoted_dtype = np.promote_types(np.int32, np_dtype)
        if promoted_dtype == np.int32:
            data = cast_ops.cast(data, dtypes.int32)
        elif promoted_dtype == np.int64:
            data = cast_ops.cast(data, dtypes.int64)
        else:
            raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
    return data, data.shape.rank == 0


def _slice_helper(tensor, slice_spec):
    """A strided slice for the basic indices, then a gather for the advanced ones."""
    begin, end, strides = [], [], []
    new_axis_mask, shrink_axis_mask = 0, 0
    begin_mask, end_mask = 0, 0
    ellipsis_mask = 0
    advanced_indices = []
    shrink_indices = []
    for index, s in enumerate(slice_spec):
        if isinstance(s, slice):
            if s.start is not None:
                begin.append(_as_index(s.start)[0])
            else:
                begin.append(0)
                begin_mask |= 1 << index
            if s.stop is not None:
                end.append(_as_index(s.stop)[0])
            else:
                end.append(0)
                end_mask |= 1 << index
            strides.append(_as_index(s.step)[0] if s.step is not None else 1)
        elif s is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            ellipsis_mask |= 1 << index
        elif s is np.newaxis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            new_axis_mask |= 1 << index
        else:
            s, is_scalar = _as_index(s, False)
            if is_scalar:
                begin.append(s)
                end.append(s + 1)
                strides.append(1)
                shrink_axis_mask |= 1 << index
                shrink_indices.append(index)
            else:
                begin.append(0)
                end.append(0)
                strides.append(1)
                begin_mask |= 1 << index
                end_mask |= 1 << index
                advanced_indices.append((index, s, ellipsis_mask != 0))
    if begin:
        packed = [manip_ops.stack(begin), manip_ops.stack(end), manip_ops.stack(strides)]
        if any(p.dtype == dtypes.int64 for p in packed):
            packed = [cast_ops.cast(p, dtypes.int64) for p in packed]
    else:
        packed = [constant([], dtype=dtypes.int32)] * 3
    tensor = indexing_ops.strided_slice(
        tensor, *packed, begin_mask=begin_mask, end_mask=end_mask,
        shrink_axis_mask=shrink_axis_mask, new_axis_mask=new_axis_mask,
        ellipsis_mask=ellipsis_mask)
    if not advanced_indices:
        return tensor
    advanced_indices_map = {}
    for index, data, had_ellipsis in advanced_indices:
        if had_ellipsis:
            num_shrink = len([x for x in shrink_indices if x > index])
            dim = index - len(slice_spec) + num_shrink
        else:
            num_shrink = len([x for x in shrink_indices if x < index])
            dim = index - num_shrink
        advanced_indices_map[dim] = data
    dims = sorted(advanced_indices_map.keys())
    dims_contiguous = True
    if len(dims) > 1:
        if dims[0] < 0 and dims[-1] >= 0:  # not all same sign
            dims_contiguous = False
        else:
            for i in range(len(dims) - 1):
                if dims[i] + 1 != dims[i + 1]:
                    dims_contiguous = False
                    break
    indices = [advanced_indices_map[x] for x in dims]
    indices = promote_dtype(*indices)
    indices = np_utils.tf_broadcast(*indices)
    stacked_indices = manip_ops.stack(indices, axis=-1)
    if not dims_contiguous:
        if list(range(len(dims))) != dims:
            tensor = moveaxis(tensor, dims, range(len(dims)))
        tensor_shape_prefix = array_ops.shape(tensor, out_type=stacked_indices.dtype)[
            :len(dims)]
        stacked_indices = indexing_ops.where(
            stacked_indices < 0, stacked_indices + tensor_shape_prefix, stacked_indices)
        return indexing_ops.gather_nd(tensor, stacked_indices)
    rank = np_utils.maybe_static(array_ops.rank(tensor))
    dims = [(x + rank if x < 0 else x) for x in dims]
    shape_tensor = array_ops.shape(tensor)
    dim_sizes = indexing_ops.gather(shape_tensor, dims)
    if len(dims) == 1:
        stacked_indices = indices[0]
    stacked_indices = cast_ops.cast(stacked_indices, dtypes.int32)
    stacked_indices = indexing_ops.where(stacked_indices < 0, stacked_indices + dim_sizes,
                                         stacked_indices)
    axis = dims[0]
    if len(dims) > 1:
        index_scaling = reduction_ops.cumprod(dim_sizes, reverse=True, exclusive=True)
        b = manip_ops.broadcast_to(index_scaling, array_ops.shape(stacked_indices))
        stacked_indices = reduction_ops.reduce_sum(stacked_indices * b, axis=-1)
        flat_shape = manip_ops.concat(
            [shape_tensor[:axis], [-1], shape_tensor[axis + len(dims):]], axis=0)
        tensor = manip_ops.reshape(tensor, flat_shape)
    return indexing_ops.gather(tensor, stacked_indices, axis=axis)


def _as_spec_tuple(slice_spec):
    """A list index is one index unless it holds slices, None, ... or arrays."""
    if isinstance(slice_spec, (list, tuple)) and not isinstance(slice_spec, np.ndarray):
        for s in slice_spec:
            if s is None or s is Ellipsis or isinstance(s, (list, tuple, slice)) or (
                    isinstance(s, (Tensor, np.ndarray)) and s.ndim != 0):
                return tuple(slice_spec)
    return (slice_spec,)


def getitem(self, slice_spec):
    """Tensor.__getitem__ under NumPy behavior (TF's _numpy_style_getitem)."""
    if (isinstance(slice_spec, bool)
            or (isinstance(slice_spec, Tensor) and slice_spec.dtype == dtypes.bool)
            or (isinstance(slice_spec, np.ndarray) and slice_spec.dtype == np.bool_)):
        return indexing_ops.boolean_mask(tensor=self, mask=slice_spec)
    if not isinstance(slice_spec, tuple):
        slice_spec = _as_spec_tuple(slice_spec)
    return _slice_helper(self, slice_spec)
