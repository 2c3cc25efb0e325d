"""tf.experimental.numpy's element selection: diagonals and triangles, take, where,
select, nonzero, repeat, vander, ix_ (TF's np_array_ops.py)."""
import numpy as np

from ...framework import dtypes
from ...framework.constant_op import constant
from .. import (arithmetic_ops, array_ops, cast_ops, comparison_ops, indexing_ops, manip_ops,
                matrix_diag_ops, scatter_ops, unary_ops)
from . import np_utils
from .np_array_manip import moveaxis, swapaxes
from .np_array_ops import asarray, promote_dtype, ravel


def diag(v, k=0):
    """tnp.diag: a diagonal matrix from a vector, or a matrix's k-th diagonal."""
    v = asarray(v)
    v_rank = array_ops.rank(v)
    if v.shape.rank is not None and v.shape.rank > 2:
        raise ValueError(f"Shape {v.shape} must have rank at most 2")

    def _diag(v, k):
        return np_utils.cond(
            np_utils.equal(array_ops.size(v), 0),
            lambda: array_ops.zeros([abs(k), abs(k)], dtype=v.dtype),
            lambda: matrix_diag_ops.diag(v, k=k))

    def _diag_part(v, k):
        v_shape = array_ops.shape(v)
        v, k = np_utils.cond(
            np_utils.logical_or(
                np_utils.less_equal(k, -1 * np_utils.getitem(v_shape, 0)),
                np_utils.greater_equal(k, np_utils.getitem(v_shape, 1))),
            lambda: (array_ops.zeros([0, 0], dtype=v.dtype), 0),
            lambda: (v, k))
        return matrix_diag_ops.diag_part(v, k=k)

    return np_utils.cond(np_utils.equal(v_rank, 1),
                         lambda: _diag(v, k), lambda: _diag_part(v, k))


def diagonal(a, offset=0, axis1=0, axis2=1):
    """tnp.diagonal."""
    a = asarray(a)
    maybe_rank = a.shape.rank
    if (maybe_rank is not None and offset == 0
            and (axis1 == maybe_rank - 2 or axis1 == -2)
            and (axis2 == maybe_rank - 1 or axis2 == -1)):
        return matrix_diag_ops.diag_part(a)
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    a_shape = array_ops.shape(a)

    def _zeros():
        return (array_ops.zeros(manip_ops.concat([a_shape[:-1], [0]], 0), dtype=a.dtype), 0)

    a, offset = np_utils.cond(
        np_utils.logical_or(
            np_utils.less_equal(offset, -1 * np_utils.getitem(a_shape, -2)),
            np_utils.greater_equal(offset, np_utils.getitem(a_shape, -1))),
        _zeros, lambda: (a, offset))
    return matrix_diag_ops.diag_part(a, k=offset)


def diagflat(v, k=0):
    return diag(manip_ops.reshape(asarray(v), [-1]), k)


def compress(condition, a, axis=None):
    """tnp.compress: the slices of `a` along `axis` where `condition` holds."""
    condition = asarray(condition, dtype=bool)
    a = asarray(a)
    if condition.ndim != 1:
        raise ValueError("condition must be a 1-d array.")
    if a.ndim == 0:
        a = ravel(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    if axis < 0:
        axis += a.ndim
    assert 0 <= axis < a.ndim
    condition_t = condition
    if condition.shape[0] < a.shape[axis]:
        padding = array_ops.fill([a.shape[axis] - condition.shape[0]], False)
        condition_t = manip_ops.concat([condition_t, padding], axis=0)
    return indexing_ops.boolean_mask(tensor=a, mask=condition_t, axis=axis)


def repeat(a, repeats, axis=None):
    """tnp.repeat."""
    a = asarray(a)
    original_shape = a.shape.as_list() if a.shape.rank is not None else None
    known_shape = original_shape is not None and None not in original_shape
    if known_shape:
        if not original_shape:
            original_shape = (repeats,)
        else:
            repeats_np = np.ravel(np.array(repeats))
            if repeats_np.size == 1:
                repeats_np = repeats_np.item()
                if axis is None:
                    original_shape = (repeats_np * np.prod(original_shape),)
                else:
                    original_shape[axis] = repeats_np * original_shape[axis]
            elif axis is None:
                original_shape = (repeats_np.sum(),)
            else:
                original_shape[axis] = repeats_np.sum()
    repeats = asarray(repeats)
    result = manip_ops.repeat(a, repeats, axis)
    if known_shape:
        result.set_shape(original_shape)
    return result


def take(a, indices, axis=None, out=None, mode="clip"):
    """tnp.take: out-of-range indices clip (or wrap)."""
    if out is not None:
        raise ValueError("out argument is not supported in take.")
    if mode not in {"raise", "clip", "wrap"}:
        raise ValueError("Invalid mode '{}' for take".format(mode))
    a = asarray(a)
    indices = asarray(indices)
    if axis is None:
        a = manip_ops.reshape(a, [-1])
        axis = 0
    axis_size = array_ops.shape(a, out_type=indices.dtype)[axis]
    if mode == "clip":
        indices = arithmetic_ops.clip_by_value(indices, 0, axis_size - 1)
    elif mode == "wrap":
        indices = arithmetic_ops.floormod(indices, axis_size)
    else:
        raise ValueError("The 'raise' mode to take is not supported.")
    return indexing_ops.gather(a, indices, axis=axis)


def where(condition, x=None, y=None):
    """tnp.where: x where condition, else y (promoted); nonzero(condition) alone."""
    condition = asarray(condition, dtype=np.bool_)
    if x is None and y is None:
        return nonzero(condition)
    if x is not None and y is not None:
        x, y = promote_dtype(x, y)
        return indexing_ops.where(condition, x, y)
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


def select(condlist, choicelist, default=0):
    """tnp.select: the first choice whose condition holds, else `default`."""
    if len(condlist) != len(choicelist):
        msg = "condlist must have length equal to choicelist ({} vs {})"
        raise ValueError(msg.format(len(condlist), len(choicelist)))
    if not condlist:
        raise ValueError("condlist must be non-empty")
    choices = promote_dtype(default, *choicelist)
    choicelist = choices[1:]
    output = choices[0]
    for cond, choice in zip(condlist[::-1], choicelist[::-1]):
        output = where(cond, choice, output)
    return output


def nonzero(a):
    """tnp.nonzero: one int64 index vector per dimension."""
    a = asarray(a)
    if a.shape.rank == 0:
        a = manip_ops.reshape(a, [1])
    if a.shape.rank is None:
        raise ValueError("The rank of `a` is unknown, so we can't decide how many "
                         "arrays to return.")
    return manip_ops.unstack(indexing_ops.where(cast_ops.cast(a, dtypes.bool)),
                             a.shape.rank, axis=1)


def diag_indices(n, ndim=2):
    if n < 0:
        raise ValueError("n argument to diag_indices must be nonnegative, got {}".format(n))
    if ndim < 0:
        raise ValueError(
            "ndim argument to diag_indices must be nonnegative, got {}".format(ndim))
    return (array_ops.range(n),) * ndim


def tri(N, M=None, k=0, dtype=None):  # noqa: N803 (NumPy's names)
    """tnp.tri: ones at and below the k-th diagonal."""
    M = M if M is not None else N
    dtype = np_utils.result_type(dtype if dtype is not None else float)
    if k < 0:
        lower = -k - 1
        if lower > N:
            return array_ops.zeros([N, M], dtype)
        o = array_ops.ones([N, M], dtype=dtypes.bool)
        return cast_ops.cast(
            comparison_ops.logical_not(matrix_diag_ops.band_part(o, lower, -1)), dtype)
    o = array_ops.ones([N, M], dtype)
    return o if k > M else matrix_diag_ops.band_part(o, -1, k)


def _triangle(m, name, k, lower):
    m = asarray(m)
    if m.shape.rank is None:
        raise ValueError(f"Argument to {name} should have known rank")
    m_shape = m.shape.as_list()
    if len(m_shape) < 2:
        raise ValueError(f"Argument to {name} must have rank at least 2")
    if m_shape[-1] is None or m_shape[-2] is None:
        raise ValueError("Currently, the last two dimensions of the input array "
                         "need to be known.")
    z = constant(0, m.dtype)
    mask = manip_ops.broadcast_to(tri(*m_shape[-2:], k=k if lower else k - 1, dtype=bool),
                                  array_ops.shape(m))
    return indexing_ops.where(mask, m, z) if lower else indexing_ops.where(mask, z, m)


def tril(m, k=0):
    return _triangle(m, "tril", k, True)


def triu(m, k=0):
    return _triangle(m, "triu", k, False)


def vander(x, N=None, increasing=False):  # noqa: N803
    """tnp.vander: powers of x, decreasing unless `increasing`."""
    x = asarray(x)
    x_shape = array_ops.shape(x)
    if N is None:
        N = x_shape[0]
    N = np_utils.get_static_value(N)
    if N < 0:
        raise ValueError("N must be nonnegative")
    if x.shape.rank != 1:
        raise ValueError("x must be a one-dimensional array")
    start, limit, delta = (0, N, 1) if increasing else (N - 1, -1, -1)
    x = manip_ops.expand_dims(x, -1)
    return arithmetic_ops.pow(
        x, cast_ops.cast(array_ops.range(start, limit, delta), dtype=x.dtype))


def ix_(*args):
    """tnp.ix_: open-mesh index arrays."""
    n = len(args)
    output = []
    for i, a in enumerate(args):
        a = asarray(a)
        if a.shape.rank != 1:
            raise ValueError(
                "Arguments must be 1-d, got arg {} of rank {}".format(i, a.shape.rank))
        new_shape = [1] * n
        new_shape[i] = -1
        dtype = a.dtype
        if dtype == dtypes.bool:
            output.append(manip_ops.reshape(nonzero(a)[0], new_shape))
        elif dtype.is_integer:
            output.append(manip_ops.reshape(a, new_shape))
        else:
            raise ValueError(
                "Only integer and bool dtypes are supported, got {}".format(dtype))
    return output


def sign(x, out=None, where=None, **kwargs):
    """tnp.sign."""
    if out:
        raise ValueError("tf.numpy doesnt support setting out.")
    if where:
        raise ValueError("tf.numpy doesnt support setting where.")
    if kwargs:
        raise ValueError("tf.numpy doesnt support setting {}".format(kwargs.keys()))
    return unary_ops.sign(asarray(x))


def take_along_axis(arr, indices, axis):
    """tnp.take_along_axis."""
    arr = asarray(arr)
    indices = asarray(indices)
    if axis is None:
        return take_along_axis(ravel(arr), indices, 0)
    rank = array_ops.rank(arr)
    axis = axis + rank if axis < 0 else axis
    update = scatter_ops.tensor_scatter_nd_update
    arr_shape_original = array_ops.shape(arr, out_type=indices.dtype)
    indices_shape_original = array_ops.shape(indices, out_type=indices.dtype)
    arr_shape = update(arr_shape_original, [[axis]], [1])
    indices_shape = update(indices_shape_original, [[axis]], [1])
    broadcasted_shape = manip_ops.broadcast_dynamic_shape(arr_shape, indices_shape)
    arr_shape = update(broadcasted_shape, [[axis]], [arr_shape_original[axis]])
    indices_shape = update(broadcasted_shape, [[axis]], [indices_shape_original[axis]])
    arr = manip_ops.broadcast_to(arr, arr_shape)
    indices = manip_ops.broadcast_to(indices, indices_shape)
    possible_result_shape = indices.shape
    indices = indexing_ops.where(indices < 0, indices + arr_shape[axis], indices)

    def swapaxes_(t):
        return swapaxes(t, axis, -1)

    dont_move_axis_to_end = np_utils.equal(axis, np_utils.subtract(rank, 1))
    arr = np_utils.cond(dont_move_axis_to_end, lambda: arr, lambda: swapaxes_(arr))
    indices = np_utils.cond(dont_move_axis_to_end, lambda: indices,
                            lambda: swapaxes_(indices))
    arr_shape = array_ops.shape(arr)
    arr = manip_ops.reshape(arr, [-1, arr_shape[-1]])
    indices_shape = array_ops.shape(indices)
    indices = manip_ops.reshape(indices, [-1, indices_shape[-1]])
    result = indexing_ops.gather(arr, indices, batch_dims=1)
    result = manip_ops.reshape(result, indices_shape)
    result = np_utils.cond(dont_move_axis_to_end, lambda: result, lambda: swapaxes_(result))
    result.set_shape(possible_result_shape)
    return result
