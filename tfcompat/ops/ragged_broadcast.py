"""TF's broadcasting of a RaggedTensor with a RaggedTensor or a dense tensor, for the
binary elementwise ops (dynamic_ragged_shape.ragged_binary_elementwise_op_impl and
broadcast_dynamic_shape_extended).

Each operand's shape is a list of row partitions, one per dimension after the first
(dense dimensions as uniform partitions). The two lists are broadcast a layer at a time
from the outermost, giving the result's partitions and, per operand and layer, the index
of the operand's slice behind each result slice. An operand's flat values are gathered
by the index of the layer where the result's dense inner dimensions begin, and the op
broadcasts those inner dimensions as dense tensors do. The partitions are computed on
the host from their values, which tfcompat has in a tf.function too (RaggedTensors are
traced per row partition); the values may be traced. TF's quirks are kept: where a
uniform dimension of a meets a ragged one of b of the same lengths, the result takes
a's own (unbroadcast) splits, which TF then rejects as "Last row partition does not
match flat_values."."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant as dense_constant
from . import arithmetic_ops, check_ops, indexing_ops, manip_ops
from .op_args import concrete
from .ragged_concat_ops import _match_splits_dtypes
from .ragged_tensor import RaggedTensor

_API = "tf.RaggedTensor broadcasting"


class _Part:
    """A row partition on the host: int64 `splits`, and its row length when uniform."""

    __slots__ = ("splits", "uniform")

    def __init__(self, splits, uniform=None):
        self.splits = splits
        self.uniform = uniform

    @classmethod
    def of_uniform(cls, length, nrows):
        return cls(np.arange(nrows + 1, dtype=np.int64) * length, length)

    nrows = property(lambda self: len(self.splits) - 1)
    nvals = property(lambda self: int(self.splits[-1]))

    @property
    def rowids(self):
        return np.repeat(np.arange(self.nrows, dtype=np.int64), np.diff(self.splits))

    @property
    def offsets(self):
        return np.arange(self.nvals, dtype=np.int64) - self.splits[self.rowids]


class _Shape:
    """An operand's DynamicRaggedShape: its rows, one partition per further dimension
    and how many of them are row partitions (the rest are dense inner dimensions)."""

    def __init__(self, x):
        parts = []
        if isinstance(x, RaggedTensor):
            level = x
            while isinstance(level, RaggedTensor):
                splits = concrete(level.row_splits, _API, "row_splits").astype(np.int64)
                uniform = level._static_row_length()
                parts.append(_Part(splits, uniform))
                level = level.values
            self.nrows = len(parts[0].splits) - 1
            dims, nvals = level.shape.as_list()[1:], parts[-1].nvals
        else:
            shape = x.shape.as_list()
            self.nrows = shape[0]
            dims, nvals = shape[1:], self.nrows
        self.num_row_partitions = len(parts)
        for d in dims:
            parts.append(_Part.of_uniform(d, nvals))
            nvals *= d
        self.parts = parts
        self.rank = len(parts) + 1
        self.inner_rank = self.rank - self.num_row_partitions

    def slices(self, dim):
        """How many slices the shape has in dimension `dim` (TF's _num_slices_in_dimension)."""
        return self.nrows if dim == 0 else self.parts[dim - 1].nvals

    def inner_shape(self, inner_rank):
        """The shape its flat values take with `inner_rank` dense dimensions."""
        start = self.rank - inner_rank
        return [self.slices(start)] + [p.uniform for p in self.parts[start:]]


def _cannot_broadcast():
    """TF's error for dimensions that do not broadcast (its assert on the static sizes)."""
    check_ops.assert_equal(dense_constant(False), dense_constant(True))
    raise AssertionError("assert_equal of unequal constants returned")


def _same_splits(a, b):
    check_ops.assert_equal(dense_constant(a, dtypes.int64), dense_constant(b, dtypes.int64))


def _first_layer(a0, b0):
    if a0 == b0:
        return np.arange(a0, dtype=np.int64), np.arange(b0, dtype=np.int64)
    if a0 == 1:
        return np.zeros(b0, np.int64), np.arange(b0, dtype=np.int64)
    if b0 == 1:
        return np.arange(a0, dtype=np.int64), np.zeros(a0, np.int64)
    _cannot_broadcast()


def _half(index, part):
    """The partition `part` takes under the layer `index`, and the next layer's index."""
    if part.uniform is not None:
        out = _Part.of_uniform(part.uniform, len(index))
    else:
        lengths = np.diff(part.splits)[index]
        out = _Part(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64))
    return part.splits[index[out.rowids]] + out.offsets, out


def _half_ragged(ac0, bc0, a1, b1):
    """The next layer where a1 is uniform and b1 ragged."""
    if a1.uniform == 1:
        bc1, c1b = _half(bc0, b1)
        return _Part(c1b.splits), ac0[c1b.rowids], bc1
    ac1, c1a = _half(ac0, a1)
    bc1, c1b = _half(bc0, b1)
    _same_splits(c1a.splits, c1b.splits)
    return _Part(a1.splits), ac1, bc1


def _both_uniform(ac0, bc0, a1, b1):
    if a1.uniform == b1.uniform:
        return _Part.of_uniform(a1.uniform, len(ac0)), _half(ac0, a1)[0], _half(bc0, b1)[0]
    if a1.uniform == 1:
        bc1, c1b = _half(bc0, b1)
        return _Part.of_uniform(b1.uniform, len(bc0)), ac0[c1b.rowids], bc1
    if b1.uniform == 1:
        ac1, c1a = _half(ac0, a1)
        return _Part.of_uniform(a1.uniform, len(ac0)), ac1, bc0[c1a.rowids]
    _cannot_broadcast()


def _next_layer(ac0, bc0, a1, b1):
    """(the result's partition, a's index, b's index) of the next layer."""
    if a1.uniform is not None:
        if b1.uniform is not None:
            return _both_uniform(ac0, bc0, a1, b1)
        return _half_ragged(ac0, bc0, a1, b1)
    if b1.uniform is not None:
        c1, bc1, ac1 = _half_ragged(bc0, ac0, b1, a1)
        return c1, ac1, bc1
    ac1, c1a = _half(ac0, a1)
    bc1, c1b = _half(bc0, b1)
    _same_splits(c1a.splits, c1b.splits)
    return c1a, ac1, bc1


def _layers(ac0, bc0, a_parts, b_parts):
    parts, ac, bc = [], [], []
    for a1, b1 in zip(a_parts, b_parts):
        c1, ac0, bc0 = _next_layer(ac0, bc0, a1, b1)
        parts.append(c1)
        ac.append(ac0)
        bc.append(bc0)
    return parts, ac, bc


def _num_row_partitions(a, b):
    if a.num_row_partitions == 0 and b.num_row_partitions == 0:
        return 0
    expanded_a = a.num_row_partitions + max(0, b.rank - a.rank)
    expanded_b = b.num_row_partitions + max(0, a.rank - b.rank)
    if a.num_row_partitions == 0:
        return expanded_b
    if b.num_row_partitions == 0:
        return expanded_a
    return max(expanded_a, expanded_b)


def _broadcast(a, b, splits_dtype):
    """(the result's partitions, a's layer indices, b's layer indices) with a.rank <=
    b.rank (TF's _broadcast_dynamic_shape_extended_helper)."""
    if len(a.parts) < len(b.parts):
        outer_a = _Part.of_uniform(a.nrows, 1)
        outer_b = b.parts[-(len(a.parts) + 1)]
        if a.nrows != 1 or outer_b.uniform == 1:
            # (TF makes outer_a an int64 partition and multiplies its length by the
            # layer's rows in the splits dtype: with int32 splits, TF's Mul error)
            arithmetic_ops.multiply(dense_constant(a.nrows, dtypes.int64),
                                    dense_constant(outer_b.nrows, splits_dtype))
        outer_ac, outer_bc = _first_layer(1, outer_b.nrows)
        c0, ac0, bc0 = _next_layer(outer_ac, outer_bc, outer_a, outer_b)
        tail = b.parts[-len(a.parts):] if a.parts else []
        parts, ac, bc = _layers(ac0, bc0, a.parts, tail)
        parts, ac, bc = [c0] + parts, [ac0] + ac, [outer_bc, bc0] + bc
    else:
        ac0, bc0 = _first_layer(a.nrows, b.nrows)
        parts, ac, bc = _layers(ac0, bc0, a.parts, b.parts)
        ac, bc = [ac0] + ac, [bc0] + bc
    parts = b.parts[:len(b.parts) - len(parts)] + parts
    bc = [np.arange(b.slices(i), dtype=np.int64) for i in range(b.rank - len(bc))] + bc
    return parts, ac, bc


def _flat_operand(x, shape, layers, inner_rank):
    """x's flat values as an operand of the result's (TF's broadcast_flat_values with
    inner_dimensions=False: the op broadcasts the inner dimensions)."""
    values = x.flat_values if isinstance(x, RaggedTensor) else x
    if inner_rank > shape.rank:
        if shape.num_row_partitions:
            values = manip_ops.reshape(values, shape.inner_shape(shape.rank))
        return values
    if shape.inner_rank != inner_rank:
        values = manip_ops.reshape(values, shape.inner_shape(inner_rank))
    return indexing_ops.gather(values, layers[-inner_rank])


def broadcast_apply(fn, x, y):
    """fn(x, y) of a RaggedTensor and a RaggedTensor or a dense tensor of no lower rank
    than its flat values, broadcast as TF does."""
    splits_dtype = (_match_splits_dtypes([x, y]) if isinstance(y, RaggedTensor) else
                    (x if isinstance(x, RaggedTensor) else y).row_splits_dtype)
    sx, sy = _Shape(x), _Shape(y)
    if sx.rank > sy.rank:
        parts, by, bx = _broadcast(sy, sx, splits_dtype)
    else:
        parts, bx, by = _broadcast(sx, sy, splits_dtype)
    num = _num_row_partitions(sx, sy)
    rank = len(parts) + 1
    flat = fn(_flat_operand(x, sx, bx, rank - num), _flat_operand(y, sy, by, rank - num))
    if any(p.uniform is None for p in parts[num:]):
        raise NotImplementedError(f"tfcompat: {_API} to a ragged dimension past "
                                  f"num_row_partitions={num}")
    check_ops.assert_equal(dense_constant(parts[num - 1].nvals, splits_dtype),
                           dense_constant(flat.shape[0], splits_dtype),
                           message="Last row partition does not match flat_values.")
    for part in reversed(parts[:num]):
        splits = dense_constant(part.splits, splits_dtype)
        length = None if part.uniform is None else dense_constant(part.uniform, splits_dtype)
        flat = RaggedTensor(flat, splits, internal=True, uniform_row_length=length)
    return flat
