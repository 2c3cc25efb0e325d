"""The tf.ragged functions (constant, range, map_flat_values, the segment-id conversions)
and RaggedTensor's operators and indexing, installed on the class as TF's
ragged_operators.py does: elementwise math runs on the flat values of operands broadcast
to one ragged shape (ragged_broadcast.py); `rt[...]` follows TF's ragged_getitem."""
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import constant as dense_constant, convert_to_tensor
from ..framework.tensor import Tensor, symbolic
from . import (arithmetic_ops, array_ops, cast_ops, check_ops, comparison_ops,
               indexing_ops, manip_ops, reduction_ops, unary_ops)
from .op_args import static_error
from .ragged_broadcast import broadcast_apply
from .ragged_tensor import RaggedTensor, gather_rows, ragged_range_indices
from ..framework.context import x64_installed

_RANGE_DTYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


# -- tf.ragged.constant --------------------------------------------------------------------

def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,
             row_splits_dtype=dtypes.int64):
    """tf.ragged.constant: a RaggedTensor from a nested Python list (TF's nesting rules
    for ragged_rank and inner_shape)."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if isinstance(pylist, RaggedTensor):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if not isinstance(pylist, (list, tuple)) and np.ndim(pylist) == 0:
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d"
                             % (pylist, ragged_rank))
        if inner_shape is not None and inner_shape:
            raise ValueError("Invalid pylist=%r: incompatible with dim(inner_shape)=%d"
                             % (pylist, len(inner_shape)))
        return dense_constant(pylist, dtype, ())
    if ragged_rank is not None and ragged_rank < 0:
        raise ValueError("Invalid ragged_rank=%r: must be nonnegative" % ragged_rank)
    scalar_depth, max_depth = _depths(pylist)
    if scalar_depth is not None:
        if max_depth > scalar_depth:
            raise ValueError("Invalid pylist=%r: empty list nesting is greater than scalar "
                             "value nesting" % pylist)
        if ragged_rank is not None and max_depth < ragged_rank:
            raise ValueError(f"Invalid pylist={pylist}, max depth smaller than "
                             f"ragged_rank={ragged_rank}")
    if inner_shape is not None and ragged_rank is not None:
        expected = ragged_rank + len(inner_shape) + 1
        if ((scalar_depth is not None and expected != scalar_depth)
                or (scalar_depth is None and expected < max_depth)):
            raise ValueError("Invalid pylist=%r: incompatible with ragged_rank=%d and "
                             "dim(inner_shape)=%d" % (pylist, ragged_rank, len(inner_shape)))
    if ragged_rank == 0 or (ragged_rank is None and (
            max_depth < 2 or (inner_shape is not None and max_depth - len(inner_shape) < 2))):
        return dense_constant(pylist, dtype, inner_shape)
    if inner_shape is None:
        inner_shape = () if ragged_rank is None else _inner_shape(pylist, ragged_rank)
    if ragged_rank is None:
        ragged_rank = max(1, max_depth - 1 if scalar_depth is None
                          else scalar_depth - 1 - len(inner_shape))
    nested_splits, values = [], pylist
    for _ in range(ragged_rank):
        splits, flat = [0], []
        for row in values:
            splits.append(splits[-1] + len(row))
            flat.extend(row)
        nested_splits.append(splits)
        values = flat
    result = dense_constant(values, dtype, (len(values),) + tuple(inner_shape))
    for splits in reversed(nested_splits):
        result = RaggedTensor.from_row_splits(
            result, dense_constant(splits, row_splits_dtype), validate=False)
    return result


def _depths(pylist):
    """(the nesting depth of the scalars or None, the maximum list nesting depth)."""
    if isinstance(pylist, (list, tuple)) or np.ndim(pylist) != 0:
        scalar_depth, max_depth = None, 1
        for child in pylist:
            child_scalar, child_max = _depths(child)
            if child_scalar is not None:
                if scalar_depth is not None and scalar_depth != child_scalar + 1:
                    raise ValueError("all scalar values must have the same nesting depth")
                scalar_depth = child_scalar + 1
            max_depth = max(max_depth, child_max + 1)
        return scalar_depth, max_depth
    return 0, 0


def _is_nested(item):
    return isinstance(item, (list, tuple)) or np.ndim(item) != 0


def _inner_shape(pylist, ragged_rank):
    """The uniform shape below `ragged_rank` list levels (TF's default inner_shape)."""
    def shape_of(item):
        if not _is_nested(item):
            return ()
        return (len(item),) + shape_of(item[0]) if len(item) else (0,)

    def check(item, shape):
        if _is_nested(item) != bool(shape):
            raise ValueError("inner values have inconsistent shape")
        if _is_nested(item):
            if shape[0] != len(item):
                raise ValueError("inner values have inconsistent shape")
            for child in item:
                check(child, shape[1:])

    flat = pylist
    for dim in range(ragged_rank):
        if not all(_is_nested(v) for v in flat):
            raise ValueError("pylist has scalar values depth %d, but ragged_rank=%d requires "
                             "scalar value depth greater than %d"
                             % (dim + 1, ragged_rank, ragged_rank))
        flat = sum((list(v) for v in flat), [])
    shape = shape_of(flat)
    check(flat, shape)
    return shape[1:]


# -- tf.ragged functions -------------------------------------------------------------------

def map_flat_values(op, *args, **kwargs):
    """tf.ragged.map_flat_values: `op` applied to the flat values of the RaggedTensor
    arguments (which must share their row partitions), giving a RaggedTensor."""
    partitions, nrows = [], []
    flat_args = _replace_ragged(args, partitions, nrows)
    flat_kwargs = _replace_ragged(kwargs, partitions, nrows)
    if not partitions:
        return op(*args, **kwargs)
    if len(set(nrows)) > 1:
        raise ValueError("Input RaggedTensors' flat_values must all have the same "
                         "outer-dimension size.  Got sizes: %s" % set(nrows))
    if len({p[0].dtype for p in partitions}) > 1:
        raise ValueError("Input RaggedTensors have mismatched row partition dtypes; use "
                         "RaggedTensor.with_row_splits_dtype() to convert them to "
                         "compatible dtypes.")
    out = op(*flat_args, **flat_kwargs)
    if nrows and not out.shape[:1].is_compatible_with([nrows[0]]):
        raise ValueError("tf.ragged.map_flat_values requires that the output of `op` have "
                         "the same outer-dimension size as flat_values of any ragged inputs. "
                         "(output shape: %s; expected outer dimension size: %s)"
                         % (out.shape, nrows[0]))
    splits = partitions[0]
    for other in partitions[1:]:
        if len(other) != len(splits):
            raise ValueError("All ragged inputs must have the same ragged_rank.")
        _assert_same_splits(splits, other, "RowPartition._merge_precomputed_encodings: "
                                           "partitions have incompatible row_splits")
    for s in reversed(splits):
        out = RaggedTensor(out, s, internal=True)
    return out


def _replace_ragged(value, partitions, nrows):
    if isinstance(value, RaggedTensor):
        partitions.append(value.nested_row_splits)
        if value.flat_values.shape[0] is not None:
            nrows.append(value.flat_values.shape[0])
        return value.flat_values
    if isinstance(value, dict):
        return {k: _replace_ragged(v, partitions, nrows) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_replace_ragged(v, partitions, nrows) for v in value)
    return value


def _assert_same_splits(a, b, message=None):
    for x, y in zip(a, b):
        if x is not y:
            check_ops.assert_equal(x, y, message=message)


def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None,
                 row_splits_dtype=dtypes.int64):
    """tf.ragged.range: row i is range(starts[i], limits[i], deltas[i]) (scalars
    broadcast), as TF's RaggedRange op."""
    row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
    if limits is None:
        starts, limits = 0, starts
    args = [convert_to_tensor(v, dtype=dtype, name=n)
            for v, n in ((starts, "starts"), (limits, "limits"), (deltas, "deltas"))]
    if dtype is None:
        best = max(_RANGE_DTYPES.index(a.dtype) for a in args if a.dtype in _RANGE_DTYPES)
        args = [cast_ops.cast(a, _RANGE_DTYPES[best]) for a in args]
    for a, n in zip(args, ("starts", "limits", "deltas")):
        if a.shape.rank is not None and a.shape.rank > 1:
            raise _range_error(f"{n} must be a scalar or vector")
    if all(a.shape.rank == 0 for a in args):
        args = [manip_ops.reshape(a, [1]) for a in args]
    starts, limits, deltas = args
    n = reduction_ops.reduce_max(manip_ops.stack([array_ops.size(a) for a in args]))
    starts, limits, deltas = [manip_ops.broadcast_to(a, manip_ops.reshape(n, [1]))
                              for a in args]
    if not symbolic(deltas._value) and not np.all(deltas.numpy()):
        raise _range_error("Requires delta != 0")
    if deltas.dtype.is_integer:
        sizes = -arithmetic_ops.floordiv(starts - limits, deltas)
    else:
        sizes = unary_ops.ceil((limits - starts) / deltas)
    sizes = cast_ops.cast(arithmetic_ops.maximum(sizes, dense_constant(0, sizes.dtype)),
                          row_splits_dtype)
    zero = array_ops.fill([n], dense_constant(0, row_splits_dtype))
    offsets, _ = ragged_range_indices(zero, sizes)
    rowids = manip_ops.repeat(array_ops.range(cast_ops.cast(n, row_splits_dtype)), sizes)
    values = indexing_ops.gather(starts, rowids) + indexing_ops.gather(deltas, rowids) * \
        cast_ops.cast(offsets, starts.dtype)
    return RaggedTensor.from_row_lengths(values, sizes, validate=False)


def _range_error(text):
    return errors.op_error(errors.InvalidArgumentError, "RaggedRange", text,
                           kernel="RaggedRange")


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """tf.ragged.segment_ids_to_row_splits: the row_splits of sorted segment ids."""
    if out_type is None:
        out_type = segment_ids.dtype if isinstance(segment_ids, Tensor) else dtypes.int64
    out_type = dtypes.as_dtype(out_type)
    segment_ids = convert_to_tensor(segment_ids, dtype_hint=out_type)
    segment_ids.shape.with_rank(1)
    if num_segments is None:
        num_segments = reduction_ops.reduce_max(manip_ops.concat(
            [segment_ids + 1, dense_constant([0], segment_ids.dtype)], 0))
    num_segments = cast_ops.cast(num_segments, segment_ids.dtype)
    onehot = comparison_ops.equal(manip_ops.reshape(segment_ids, [-1, 1]),
                                  array_ops.range(num_segments)[None, :])
    lengths = reduction_ops.reduce_sum(cast_ops.cast(onehot, out_type), axis=0)
    return manip_ops.concat([dense_constant([0], out_type), reduction_ops.cumsum(lengths)], 0)


def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """tf.ragged.row_splits_to_segment_ids: the row of each value."""
    if out_type is None:
        out_type = splits.dtype if isinstance(splits, Tensor) else dtypes.int64
    out_type = dtypes.as_dtype(out_type)
    splits = cast_ops.cast(convert_to_tensor(splits, dtype_hint=out_type), out_type)
    splits.shape.with_rank(1)
    nrows = array_ops.shape(splits, out_type=out_type)[-1] - 1
    return manip_ops.repeat(array_ops.range(nrows), splits[1:] - splits[:-1])


# -- operators -----------------------------------------------------------------------------

def elementwise(fn):
    """fn applied to RaggedTensor operands as TF's ragged dispatch of binary elementwise
    ops does: on the flat values when the row partitions are the same objects or the
    other operand is dense of lower rank than the flat values (it broadcasts against
    them), else broadcast as ragged shapes (`ragged_broadcast`)."""
    def op(x, y):
        if isinstance(x, RaggedTensor):
            y = y if isinstance(y, RaggedTensor) else convert_to_tensor(y, dtype_hint=x.dtype)
        else:
            x = convert_to_tensor(x, dtype_hint=y.dtype)
        both = isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor)
        if both and x.ragged_rank == y.ragged_rank and all(
                a is b for a, b in zip(x.nested_row_splits, y.nested_row_splits)):
            return x.with_flat_values(fn(x.flat_values, y.flat_values))
        rt, other = (x, y) if isinstance(x, RaggedTensor) else (y, x)
        if both or rt.flat_values.shape.rank <= other.shape.rank:
            return broadcast_apply(fn, x, y)
        if rt is x:
            return rt.with_flat_values(fn(x.flat_values, y))
        return rt.with_flat_values(fn(x, y.flat_values))
    return op


def _swap(fn):
    return lambda self, other: fn(other, self)


_BINARY = {
    "add": arithmetic_ops.add, "sub": arithmetic_ops.subtract, "mul": arithmetic_ops.multiply,
    "truediv": arithmetic_ops.truediv, "floordiv": arithmetic_ops.floordiv,
    "mod": arithmetic_ops.floormod, "pow": arithmetic_ops.pow,
    "and": comparison_ops.logical_and, "or": comparison_ops.logical_or,
    "xor": comparison_ops.logical_xor,
}
_COMPARE = {"lt": comparison_ops.less, "le": comparison_ops.less_equal,
            "gt": comparison_ops.greater, "ge": comparison_ops.greater_equal,
            "eq": comparison_ops.equal, "ne": comparison_ops.not_equal}


def _unhashable(self):
    raise TypeError("RaggedTensor is unhashable.")


def _bool(self):
    raise TypeError("RaggedTensor may not be used as a boolean.")


def _install():
    for name, fn in _BINARY.items():
        op = elementwise(fn)
        setattr(RaggedTensor, f"__{name}__", op)
        setattr(RaggedTensor, f"__r{name}__", _swap(op))
    for name, fn in _COMPARE.items():
        setattr(RaggedTensor, f"__{name}__", elementwise(fn))
    RaggedTensor.__neg__ = lambda self: self.with_flat_values(
        unary_ops.negative(self.flat_values))
    RaggedTensor.__abs__ = lambda self: self.with_flat_values(
        unary_ops.abs(self.flat_values))
    RaggedTensor.__invert__ = lambda self: self.with_flat_values(
        comparison_ops.logical_not(self.flat_values))
    RaggedTensor.__hash__ = _unhashable
    RaggedTensor.__bool__ = _bool
    RaggedTensor.__getitem__ = getitem
    x64_installed(RaggedTensor)


# -- indexing ------------------------------------------------------------------------------

def getitem(rt, key):
    """RaggedTensor.__getitem__ (TF's ragged_tensor_getitem)."""
    key = list(key) if isinstance(key, (list, tuple)) else [key]
    return _getitem(rt, key)


def _getitem(rt, keys):
    if not keys:
        return rt
    row_key, inner = keys[0], keys[1:]
    if row_key is Ellipsis:
        return _getitem(rt, _expand_ellipsis(keys, rt.shape.rank))
    if row_key is None:
        raise NotImplementedError("tfcompat: tf.newaxis in a RaggedTensor index")
    if isinstance(row_key, slice):
        return _getitem_inner(_slice_rows(rt, row_key), inner)
    try:
        if int(row_key) >= int(rt.row_splits.shape[0]) - 1:
            raise IndexError("Row key {} out of bounds".format(row_key))
    except (TypeError, ValueError):
        pass
    splits = rt.row_splits
    row = rt.values[splits[:-1][row_key]:splits[1:][row_key]]
    return row.__getitem__(inner) if isinstance(row, RaggedTensor) else row.__getitem__(
        tuple(inner))


def _expand_ellipsis(keys, remaining):
    if remaining is None:
        raise ValueError("Ellipsis not supported for unknown shape RaggedTensors")
    count = sum(1 for k in keys if k is not None)
    if count > remaining + 1:
        raise IndexError("Too many indices for RaggedTensor")
    if count == remaining + 1:
        return keys[1:]
    return [slice(None)] + keys


def _slice_rows(rt, key):
    if key.start is None and key.stop is None and key.step is None:
        return rt
    rows = array_ops.range(rt.nrows())[key]
    return gather_rows(rt, rows)


def _getitem_inner(rt, keys):
    if not keys:
        return rt
    if not isinstance(rt, RaggedTensor):
        return rt.__getitem__(tuple([slice(None)] + keys))
    key = keys[0]
    if key is Ellipsis:
        return _getitem_inner(rt, _expand_ellipsis(keys, rt.values.shape.rank))
    if key is None:
        raise NotImplementedError("tfcompat: tf.newaxis in a RaggedTensor index")
    if not isinstance(key, slice):
        return _getitem_uniform(rt, key, keys[1:])
    if key.start is None and key.stop is None and key.step is None:
        return rt.with_values(_getitem_inner(rt.values, keys[1:]))
    if not (isinstance(key.start, (Tensor, int, type(None)))
            and isinstance(key.stop, (Tensor, int, type(None)))):
        raise TypeError("slice offsets must be integers or None")
    step = 1 if key.step is None else int(key.step)
    starts, limits = rt.row_splits[:-1], rt.row_splits[1:]
    lower = starts if step >= 0 else starts - 1
    upper = limits if step >= 0 else limits - 1

    def bound(offset, default):
        if offset is None:
            return default
        offset = cast_ops.cast(offset, starts.dtype)
        if int(offset) >= 0:
            return arithmetic_ops.minimum(starts + offset, upper)
        return arithmetic_ops.maximum(limits + offset, lower)

    first = bound(key.start, starts if step >= 0 else limits - 1)
    last = bound(key.stop, limits if step >= 0 else starts - 1)
    ranged = ragged_range(first, last, dense_constant(step, starts.dtype),
                   row_splits_dtype=starts.dtype)
    values = gather_rows(rt.values, ranged.values)
    return ranged.with_values(_getitem_inner(values, keys[1:]))


def _getitem_uniform(rt, key, inner):
    """Element `key` of each row of a uniform partition (TF indexes those as dense)."""
    length = rt._static_row_length()
    if length is None:
        raise ValueError("Cannot index into an inner ragged dimension.")
    if isinstance(key, Tensor):
        if symbolic(key._value):
            raise static_error("tf.RaggedTensor.__getitem__", "index")
        key = int(key)
    if not -length <= key < length:
        raise IndexError(f"tfcompat: index {key} is out of bounds for a uniform "
                         f"dimension of size {length}")
    rows = rt.row_splits[:-1] + (key % length)
    return _getitem_inner(gather_rows(rt.values, rows), inner)


_install()
