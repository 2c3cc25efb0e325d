"""tf.experimental.numpy's shape manipulation: reshape, transpose, moveaxis, stacking,
splitting, flips and rolls, rounding (TF's np_array_ops.py)."""
import math

import numpy as np

from ...framework import dtypes
from ...framework.constant_op import constant
from ...framework.tensor import Tensor
from .. import array_ops, cast_ops, manip_ops, scatter_ops
from .. import unary_ops
from . import np_utils
from .np_array_ops import asarray, promote_dtype
from .np_utils import ndarray


def around(a, decimals=0):
    """tnp.around: rounds half to even at `decimals` places (through a float for ints)."""
    a = asarray(a)
    dtype = a.dtype.as_numpy_dtype
    factor = math.pow(10, decimals)
    if np.issubdtype(dtype, np.inexact):
        factor = cast_ops.cast(factor, dtype)
    else:
        float_dtype = np_utils.result_type(float)
        a = a.astype(float_dtype)
        factor = cast_ops.cast(factor, float_dtype)
    a = a * factor
    a = unary_ops.round(a)
    a = a / factor
    return a.astype(dtype)


def round(a, decimals=0):
    return around(a, decimals=decimals)


def reshape(a, newshape, order="C"):
    """tnp.reshape, in C or Fortran order."""
    if order not in {"C", "F"}:
        raise ValueError("Unsupported order argument {}".format(order))
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == "F":
        return manip_ops.transpose(manip_ops.reshape(manip_ops.transpose(a), newshape[::-1]))
    return manip_ops.reshape(a, newshape)


def reshape_method(a, *newshape, **kwargs):
    """Tensor.reshape(*shape, order='C') under NumPy behavior."""
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError("Unsupported arguments: {}".format(kwargs.keys()))
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


def expand_dims(a, axis):
    return manip_ops.expand_dims(asarray(a), axis=axis)


def squeeze(a, axis=None):
    return manip_ops.squeeze(asarray(a), axis)


def flatten(a, order="C"):
    """tnp.flatten (Tensor.flatten)."""
    a = asarray(a)
    if order in ("C", "A", "K"):
        return manip_ops.reshape(a, [-1])
    if order == "F":
        return manip_ops.reshape(manip_ops.transpose(a), [-1])
    raise ValueError("order can only be C, A, K (all row major) or F (column major).")


def transpose(a, axes=None):
    a = asarray(a)
    if axes is not None:
        axes = asarray(axes)
    return manip_ops.transpose(a=a, perm=axes)


def swapaxes(a, axis1, axis2):
    """tnp.swapaxes."""
    a = asarray(a)

    def adjust_axes(axes, rank):
        return [x + rank if x < 0 else x for x in axes]

    a_rank = a.shape.rank
    axis1, axis2 = adjust_axes((axis1, axis2), a_rank)
    perm = list(range(a_rank))
    perm[axis1] = axis2
    perm[axis2] = axis1
    return manip_ops.transpose(a, perm)


def moveaxis(a, source, destination):
    """tnp.moveaxis."""
    if not source and not destination:
        return a
    a = asarray(a)
    if isinstance(source, int):
        source = (source,)
    if isinstance(destination, int):
        destination = (destination,)
    if len(source) != len(destination):
        raise ValueError("The lengths of source and destination must equal")
    a_rank = np_utils.maybe_static(array_ops.rank(a))

    def _correct_axis(axis, rank):
        return axis + rank if axis < 0 else axis

    source = tuple(_correct_axis(axis, a_rank) for axis in source)
    destination = tuple(_correct_axis(axis, a_rank) for axis in destination)
    perm = [i for i in range(a_rank) if i not in source]
    for dest, src in sorted(zip(destination, source)):
        assert dest <= len(perm)
        perm.insert(dest, src)
    return manip_ops.transpose(a, perm)


def pad(array, pad_width, mode, **kwargs):
    """tnp.pad: constant, reflect or symmetric."""
    constant_values = kwargs.get("constant_values", 0)
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError("Unsupported padding mode: " + mode)
    array = asarray(array)
    pad_width = asarray(pad_width, dtype=dtypes.int32)
    return manip_ops.pad(tensor=array, paddings=pad_width, mode=mode.upper(),
                         constant_values=constant_values)


def _boundaries_to_sizes(a, boundaries, axis):
    """The section sizes of a split at `boundaries`."""
    if axis >= len(a.shape):
        raise ValueError("axis %s is out of bound for shape %s" % (axis, a.shape))
    total_size = a.shape[axis]
    sizes = []
    sizes_sum = 0
    prev = 0
    for i, b in enumerate(boundaries):
        size = b - prev
        if size < 0:
            raise ValueError("The %s-th boundary %s is smaller than the previous boundary %s"
                             % (i, b, prev))
        size = min(size, max(0, total_size - sizes_sum))
        sizes.append(size)
        sizes_sum += size
        prev = b
    sizes.append(max(0, total_size - sizes_sum))
    return sizes


def split(ary, indices_or_sections, axis=0):
    ary = asarray(ary)
    if not isinstance(indices_or_sections, int):
        indices_or_sections = _boundaries_to_sizes(ary, indices_or_sections, axis)
    return manip_ops.split(ary, indices_or_sections, axis=axis)


def _split_on_axis(axis):
    def f(ary, indices_or_sections):
        new_axis = np_utils.cond(
            np_utils.equal(axis, 1),
            lambda: np_utils.cond(np_utils.equal(array_ops.rank(ary), 1),
                                  lambda: 0, lambda: axis),
            lambda: axis)
        if isinstance(indices_or_sections, int):
            ary_shape = ary.shape[new_axis]
            if ary_shape is not None and ary_shape % indices_or_sections:
                raise ValueError("array split does not result in an equal division")
        return split(ary, indices_or_sections, axis=new_axis)
    return f


vsplit = _split_on_axis(0)
hsplit = _split_on_axis(1)
dsplit = _split_on_axis(2)


def full(shape, fill_value, dtype=None):
    """tnp.full: `fill_value` broadcast to `shape`."""
    if not isinstance(shape, ndarray):
        shape = asarray(np_utils.convert_to_tensor(shape, dtype_hint=np.int32))
    shape = atleast_1d(shape)
    fill_value = asarray(fill_value, dtype=dtype)
    return manip_ops.broadcast_to(fill_value, shape)


def broadcast_to(array, shape):
    return full(shape, array)


def stack(arrays, axis=0):
    """tnp.stack."""
    if isinstance(arrays, (ndarray, Tensor)):
        arrays = asarray(arrays)
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    arrays = promote_dtype(*arrays)
    return asarray(manip_ops.stack(arrays, axis))


def hstack(tup):
    arrays = promote_dtype(*[atleast_1d(a) for a in tup])
    rank = array_ops.rank(arrays[0])
    return np_utils.cond(np_utils.equal(rank, 1),
                         lambda: manip_ops.concat(arrays, axis=0),
                         lambda: manip_ops.concat(arrays, axis=1))


def vstack(tup):
    arrays = promote_dtype(*[atleast_2d(a) for a in tup])
    return manip_ops.concat(arrays, axis=0)


def dstack(tup):
    arrays = promote_dtype(*[atleast_3d(a) for a in tup])
    return manip_ops.concat(arrays, axis=2)


def pad_left_to(n, old_shape):
    """`old_shape` padded with ones on the left to length `n`."""
    old_shape = asarray(old_shape, dtype=np.int32)
    new_shape = manip_ops.pad(
        old_shape, [[max(n - old_shape.shape[0], 0), 0]], constant_values=1)
    return asarray(new_shape)


def _atleast_nd(n, new_shape, *arys):
    def f(x):
        x = asarray(x)
        return asarray(np_utils.cond(
            np_utils.greater(n, array_ops.rank(x)),
            lambda: reshape(x, new_shape(n, array_ops.shape(x))),
            lambda: x))

    arys = list(map(f, arys))
    return arys[0] if len(arys) == 1 else arys


def atleast_1d(*arys):
    return _atleast_nd(1, pad_left_to, *arys)


def atleast_2d(*arys):
    return _atleast_nd(2, pad_left_to, *arys)


def atleast_3d(*arys):
    """tnp.atleast_3d: (N,) becomes (1, N, 1), (M, N) becomes (M, N, 1)."""
    def new_shape(_, old_shape):
        ndim_ = old_shape.shape[0]
        if ndim_ == 0:
            return constant([1, 1, 1], dtype=dtypes.int32)
        if ndim_ == 1:
            return manip_ops.pad(old_shape, [[1, 1]], constant_values=1)
        return manip_ops.pad(old_shape, [[0, 1]], constant_values=1)

    return _atleast_nd(3, new_shape, *arys)


def flip(m, axis=None):
    m = asarray(m)
    if axis is None:
        return manip_ops.reverse(m, array_ops.range(array_ops.rank(m)))
    axis = np_utils.canonicalize_axis(axis, array_ops.rank(m))
    return manip_ops.reverse(m, [axis])


def flipud(m):
    return flip(m, 0)


def fliplr(m):
    return flip(m, 1)


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is not None:
        return manip_ops.roll(a, shift, axis)
    original_shape = array_ops.shape(a)
    a = manip_ops.roll(manip_ops.reshape(a, [-1]), shift, 0)
    return manip_ops.reshape(a, original_shape)


def rot90(m, k=1, axes=(0, 1)):
    """tnp.rot90."""
    m_rank = array_ops.rank(m)
    ax1, ax2 = np_utils.canonicalize_axes(axes, m_rank)
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, ax1), ax2)
    perm = array_ops.range(m_rank)
    perm = scatter_ops.tensor_scatter_nd_update(perm, [[ax1], [ax2]], [ax2, ax1])
    if k == 1:
        return transpose(flip(m, ax2), perm)
    return flip(transpose(m, perm), ax2)


def broadcast_arrays(*args, **kwargs):
    """tnp.broadcast_arrays."""
    subok = kwargs.pop("subok", False)
    if subok:
        raise ValueError("subok=True is not supported.")
    if kwargs:
        raise ValueError("Received unsupported arguments {}".format(kwargs.keys()))
    return np_utils.tf_broadcast(*[asarray(arg) for arg in args])

