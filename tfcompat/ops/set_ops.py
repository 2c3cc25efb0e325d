"""tf.sets: size, intersection, union and difference of the sets held in the last
dimension of dense Tensors or SparseTensors (TF's SetSize and *SetOperation ops).

The results are SparseTensors whose number of entries depends on the values, so they are
computed on the host from concrete tensors: per group (the indices but the last), the
sorted values; the last output dimension is the largest result set."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import EagerTensor
from .op_args import concrete, kernel_error
from .sparse_ops import _index_error, _int64

_TYPES = (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8, dtypes.uint16,
          dtypes.string)
_FNS = {"intersection": lambda x, y: x & y, "union": lambda x, y: x | y,
        "a-b": lambda x, y: x - y, "b-a": lambda x, y: y - x}


def _groups(x, api, arg, op, validate):
    """(the group shape, {group index: set of values}) of a Tensor or SparseTensor (whose
    indices, with `validate`, must be in bounds and ordered, as TF's kernels check)."""
    if isinstance(x, SparseTensor):
        shape = concrete(x.dense_shape, api, arg)
        idx = concrete(x.indices, api, arg).reshape(-1, shape.size)
        text = validate and _index_error(idx, shape.tolist())
        if text:
            raise kernel_error(op, text, name="")
        vals = concrete(x.values, api, arg).tolist()
        out = {}
        for row, v in zip(map(tuple, idx[:, :-1].tolist()), vals):
            out.setdefault(row, set()).add(v)
        return tuple(shape[:-1].tolist()), out
    v = concrete(x, api, arg)
    if v.ndim < 2:
        raise kernel_error(op, f"Shape [{','.join(map(str, v.shape))}] has rank {v.ndim} < 2",
                           name="")
    flat = v.reshape(-1, v.shape[-1])
    groups = np.ndindex(*v.shape[:-1])
    return v.shape[:-1], {g: set(r.tolist()) for g, r in zip(groups, flat)}


# (TF prints its frozenset of valid dtypes; this is its text)
_TYPES_TEXT = ("frozenset({tf.int32, tf.uint8, tf.int16, tf.int8, tf.string, tf.int64, "
               "tf.uint16})")


def _convert(x):
    return x if isinstance(x, SparseTensor) else to_tensor(x)


def _op_name(a, b):
    return ("DenseToDense" if not isinstance(a, SparseTensor) else "SparseToSparse") \
        if isinstance(a, SparseTensor) == isinstance(b, SparseTensor) else "DenseToSparse"


def _set_operation(a, b, kind, api, validate):
    a = _convert(a)
    if a.dtype not in _TYPES:
        raise TypeError(f"'a' has invalid dtype `{a.dtype}` not in supported dtypes: "
                        f"`{_TYPES_TEXT}`.")
    b = _convert(b)
    if a.dtype is not b.dtype:
        raise TypeError("Types don't match, %s vs %s." % (a.dtype, b.dtype))
    if isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        a, b = b, a   # (TF takes the dense side first, flipping a difference)
        kind = {"a-b": "b-a", "b-a": "a-b"}.get(kind, kind)
    op = _op_name(a, b) + "SetOperation"
    shape_a, sets_a = _groups(a, api, "a", op, validate)
    shape_b, sets_b = _groups(b, api, "b", op, validate)
    if tuple(shape_a) != tuple(shape_b):
        raise kernel_error(op, f"Mismatched shapes [{','.join(map(str, shape_a))}] vs "
                               f"[{','.join(map(str, shape_b))}]", name="")
    fn = _FNS[kind]
    result = []
    for g in sorted(set(sets_a) | set(sets_b)):
        values = sorted(fn(sets_a.get(g, set()), sets_b.get(g, set())))
        if values:
            result.append((g, values))
    return _sparse_sets(result, list(shape_a), a.dtype)


def _sparse_sets(result, group_shape, dtype):
    rank = len(group_shape) + 1
    indices = [list(g) + [k] for g, vals in result for k in range(len(vals))]
    values = [v for _, vals in result for v in vals]
    width = max((len(vals) for _, vals in result), default=0)
    return SparseTensor(_int64(np.asarray(indices, np.int64).reshape(-1, rank)),
                        convert_to_tensor(values, dtype=dtype),
                        _int64(group_shape + [width]))


def set_size(a, validate_indices=True):
    """tf.sets.size: the number of unique values in each set of the SparseTensor `a`
    (int32, of shape dense_shape[:-1])."""
    a = _convert(a)
    if not isinstance(a, SparseTensor):
        raise TypeError("Expected `SparseTensor`, got %s." % (a,))
    if a.dtype not in _TYPES:
        raise TypeError(f"Invalid dtype `{a.dtype}` not in supported dtypes: "
                        f"`{_TYPES_TEXT}`.")
    shape, sets = _groups(a, "tf.sets.size", "a", "SetSize", validate_indices)
    out = np.zeros(shape, np.int32)
    for g, s in sets.items():
        out[g] = len(s)
    return EagerTensor(device_array(out))


def set_intersection(a, b, validate_indices=True):
    """tf.sets.intersection: per set, the sorted values in both `a` and `b`."""
    return _set_operation(a, b, "intersection", "tf.sets.intersection",
                          validate_indices)


def set_union(a, b, validate_indices=True):
    """tf.sets.union: per set, the sorted values in `a` or `b`."""
    return _set_operation(a, b, "union", "tf.sets.union", validate_indices)


def set_difference(a, b, aminusb=True, validate_indices=True):
    """tf.sets.difference: per set, the sorted values in `a` and not in `b` (`aminusb`),
    or in `b` and not in `a`."""
    return _set_operation(a, b, "a-b" if aminusb else "b-a", "tf.sets.difference",
                          validate_indices)
