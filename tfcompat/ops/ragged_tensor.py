"""tf.RaggedTensor: `values` (a Tensor or another RaggedTensor) split into rows by
`row_splits` (int64, or int32 as TF allows), and tf.RaggedTensorSpec. The factories
(from_row_splits, from_row_lengths, ...) check their partitions as TF's do (check_ops
messages); to_tensor/from_tensor pad and unpad with gathers and masks, so gradients reach
the flat values. Operators and indexing are installed by ragged_ops.py."""
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.core_types import CompositeTensor
from ..framework.tensor import Tensor, symbolic
from ..framework.tensor_shape import TensorShape
from . import (arithmetic_ops, array_ops, cast_ops, check_ops, comparison_ops, indexing_ops,
               manip_ops, reduction_ops)
from ..framework.context import x64_methods


@x64_methods
class RaggedTensor(CompositeTensor):
    """tf.RaggedTensor: a tensor with ragged dimensions (use the from_* factories)."""

    __slots__ = ("_values", "_row_splits", "_uniform_row_length")

    def __init__(self, values, row_partition=None, internal=False, uniform_row_length=None):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the "
                             "factory methods instead (e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_partition
        self._uniform_row_length = uniform_row_length   # a scalar Tensor for uniform rows

    # -- factories ---------------------------------------------------------------------

    @classmethod
    def _from_splits(cls, values, row_splits, validate, nvals_check=True):
        """The RaggedTensor of `values` and int `row_splits` (TF's _from_row_partition)."""
        values = _convert_values(values)
        if isinstance(values, RaggedTensor) and values.row_splits.dtype != row_splits.dtype:
            raise ValueError("Argument `row_partition` of RaggedTensor with name: partition "
                             "must have same dtype as Argument `values`. (%s vs. %s)."
                             % (row_splits.dtype, values.row_splits.dtype))
        if validate and nvals_check:
            msg = "Arguments to _from_row_partition do not form a valid RaggedTensor"
            check_ops.assert_equal(row_splits[-1], _nrows(values, row_splits.dtype),
                                   message=msg)
        if not isinstance(values, RaggedTensor):
            values.shape.with_rank_at_least(1)
        return cls(values, row_splits, internal=True)

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        """RaggedTensor.from_row_splits: row i is values[row_splits[i]:row_splits[i+1]]."""
        _check_validate(validate)
        if isinstance(row_splits, (list, tuple)) and not row_splits:
            raise ValueError("row_splits tensor may not be empty.")
        row_splits = _partition(row_splits, "row_splits")
        row_splits.shape.with_rank(1)
        if validate:
            msg = "Arguments to from_row_splits do not form a valid RaggedTensor:"
            check_ops.assert_rank(row_splits, 1, message=msg + "rank")
            check_ops.assert_equal(row_splits[0], constant(0, row_splits.dtype),
                                   message=msg + "zero")
            _assert_monotonic(row_splits, msg + "monotonic")
        return cls._from_splits(values, row_splits, validate)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        """RaggedTensor.from_row_lengths: row i has row_lengths[i] values."""
        _check_validate(validate)
        row_lengths = _partition(row_lengths, "row_lengths")
        row_lengths.shape.with_rank(1)
        if validate:
            msg = "Arguments to from_row_lengths do not form a valid RowPartition"
            check_ops.assert_rank(row_lengths, 1, message=msg)
            check_ops.assert_non_negative(row_lengths, message=msg)
        return cls._from_splits(values, _splits_of_lengths(row_lengths), validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """RaggedTensor.from_row_starts: row i starts at row_starts[i], ends at the next."""
        _check_validate(validate)
        values = _convert_values(values)
        row_starts = _partition(row_starts, "row_starts")
        row_starts.shape.with_rank(1)
        nvals = _nrows(values, row_starts.dtype)
        if validate:
            msg = "Arguments to from_row_starts do not form a valid RaggedTensor"
            check_ops.assert_rank(row_starts, 1, message=msg)
            check_ops.assert_equal(row_starts[:1], constant(0, row_starts.dtype), message=msg)
            _assert_monotonic(row_starts, msg)
            check_ops.assert_less_equal(row_starts[-1:], nvals, message=msg)
        splits = manip_ops.concat([row_starts, manip_ops.reshape(nvals, [1])], 0)
        return cls._from_splits(values, splits, validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """RaggedTensor.from_row_limits: row i ends at row_limits[i]."""
        _check_validate(validate)
        row_limits = _partition(row_limits, "row_limits")
        row_limits.shape.with_rank(1)
        if validate:
            msg = "Arguments to from_row_limits do not form a valid RaggedTensor"
            check_ops.assert_rank(row_limits, 1, message=msg)
            check_ops.assert_non_negative(row_limits[:1], message=msg)
            _assert_monotonic(row_limits, msg)
        splits = manip_ops.concat([constant([0], row_limits.dtype), row_limits], 0)
        return cls._from_splits(values, splits, validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        """RaggedTensor.from_value_rowids: values[j] goes to row value_rowids[j]."""
        _check_validate(validate)
        value_rowids = _partition(value_rowids, "value_rowids")
        rowids = np.asarray(value_rowids) if not symbolic(value_rowids._value) else None
        if nrows is None:
            if rowids is None:
                nrows = manip_ops.concat([value_rowids[-1:], constant([-1], value_rowids.dtype)],
                                         0)[0] + 1
            else:
                nrows = constant(int(rowids[-1]) + 1 if rowids.size else 0, value_rowids.dtype)
        else:
            nrows = convert_to_tensor(nrows, value_rowids.dtype, name="nrows")
            if not symbolic(nrows._value):
                n = int(nrows)
                if n < 0:
                    raise ValueError("Expected nrows >= 0; got %d" % n)
                if rowids is not None and rowids.size and not n >= rowids[-1] + 1:
                    raise ValueError("Expected nrows >= value_rowids[-1] + 1; got nrows=%d, "
                                     "value_rowids[-1]=%d" % (n, rowids[-1]))
        value_rowids.shape.with_rank(1)
        nrows.shape.with_rank(0)
        if validate:
            msg = "Arguments to from_value_rowids do not form a valid RowPartition"
            check_ops.assert_rank(value_rowids, 1, message=msg)
            check_ops.assert_rank(nrows, 0, message=msg)
            check_ops.assert_non_negative(value_rowids[:1], message=msg)
            _assert_monotonic(value_rowids, msg)
            check_ops.assert_less(value_rowids[-1:], nrows, message=msg)
        n32 = cast_ops.cast(nrows, dtypes.int32)
        lengths = _bincount(cast_ops.cast(value_rowids, dtypes.int32), n32, value_rowids.dtype)
        return cls._from_splits(values, _splits_of_lengths(lengths), validate)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True,
                                name=None):
        """RaggedTensor.from_uniform_row_length: rows of `uniform_row_length` values each
        (a uniform dimension: its size is in the static shape when known)."""
        _check_validate(validate)
        values = _convert_values(values)
        dtype = values.row_splits_dtype if isinstance(values, RaggedTensor) else None
        length = _partition(uniform_row_length, "UniformRowLength", dtype)
        length.shape.with_rank(0)
        nvals = _nrows(values, length.dtype)
        if nrows is None and _known_value(length) and int(length) == 0:
            nrows = constant(0, length.dtype)
        elif nrows is None:
            nrows = nvals // arithmetic_ops.maximum(length, constant(1, length.dtype))
        else:
            nrows = convert_to_tensor(nrows, length.dtype, name="nrows")
        if validate and all(_known_value(t) for t in (length, nvals, nrows)):
            if int(length) < 0:
                raise ValueError("uniform_row_length must be >= 0.")
            if int(nrows) * int(length) != int(nvals):
                raise ValueError("uniform_row_length=%d times nrows=%d must equal nvals=%d"
                                 % (int(length), int(nrows), int(nvals)))
        elif validate:
            check_ops.assert_greater_equal(length, constant(0, length.dtype),
                                           message="uniform_row_length must be >= 0.")
            check_ops.assert_equal(nrows * length, nvals,
                                   message="uniform_row_length times nrows must equal nvals")
        splits = array_ops.range(nrows + 1, dtype=length.dtype) * length
        if dtype is not None and dtype != length.dtype:
            cls._from_splits(values, splits, False)   # TF's dtype mismatch error
        return cls(values, splits, internal=True, uniform_row_length=length)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """RaggedTensor.from_nested_row_splits: from_row_splits applied innermost first."""
        _check_validate(validate)
        if isinstance(nested_row_splits, Tensor):
            raise TypeError("nested_row_splits must be a list of Tensors")
        result = flat_values
        for splits in reversed(nested_row_splits):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None,
                                validate=True):
        """RaggedTensor.from_nested_row_lengths: from_row_lengths innermost first."""
        _check_validate(validate)
        if isinstance(nested_row_lengths, Tensor):
            raise TypeError("nested_row_lengths must be a list of Tensors")
        result = flat_values
        for lengths in reversed(nested_row_lengths):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None,
                                 name=None, validate=True):
        """RaggedTensor.from_nested_value_rowids: from_value_rowids innermost first."""
        _check_validate(validate)
        if isinstance(nested_value_rowids, Tensor):
            raise TypeError("nested_value_rowids must be a list of Tensors")
        if nested_nrows is None:
            nested_nrows = [None] * len(nested_value_rowids)
        elif len(nested_nrows) != len(nested_value_rowids):
            raise ValueError("Argument `nested_nrows` must have the same length as "
                             "argument `nested_value_rowids`. len(nested_nrows) = "
                             f"{len(nested_nrows)} vs. len(nested_values_rowids) = "
                             f"{len(nested_value_rowids)}.")
        result = flat_values
        for rowids, nrows in reversed(list(zip(nested_value_rowids, nested_nrows))):
            result = cls.from_value_rowids(result, rowids, nrows, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=dtypes.int64):
        """RaggedTensor.from_tensor: the rows of a dense tensor, cut at `lengths` or
        before trailing `padding` (ragged_rank 1), else kept whole."""
        row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if lengths is not None and padding is not None:
            raise ValueError("Specify argument `lengths` or `padding`, but not both.")
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if ragged_rank <= 0:
            raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received "
                             f"{ragged_rank}.")
        tensor = convert_to_tensor(tensor, name="tensor")
        if tensor.shape.rank is not None and tensor.shape.rank < 2:
            raise ValueError(f"The rank of a RaggedTensor must be greater than 1, i.e., a list "
                             f"of scalars won't have ragged dimensions. Received argument "
                             f"`tensor` with rank {tensor.shape.rank}.")
        tensor.shape.with_rank_at_least(ragged_rank + 1)
        if isinstance(lengths, (list, tuple)) and lengths and \
                not isinstance(lengths[0], (int, float)):   # nested row lengths
            if ragged_rank not in (1, len(lengths)):
                raise ValueError(f"If Argument `lengths` is a tuple of row_lengths, argument "
                                 f"`ragged_rank` must be len(lengths): {len(lengths)}. "
                                 f"Received ragged_rank: {ragged_rank}.")
            tensor.shape.with_rank_at_least(len(lengths) + 1)
            ones = array_ops.ones([reduction_ops.reduce_sum(lengths[-1])], dtypes.bool)
            mask = cls.from_nested_row_lengths(ones, lengths, validate=False).to_tensor(
                default_value=False)
            return cls.from_nested_row_lengths(indexing_ops.boolean_mask(tensor, mask),
                                               lengths, validate=False)
        dims = array_ops.shape(tensor, out_type=row_splits_dtype)
        if ragged_rank > 1:   # the outer dimensions become uniform_row_length partitions
            flat = manip_ops.reshape(tensor, manip_ops.concat(
                [[-1], dims[ragged_rank:]], 0))
            result = cls.from_tensor(flat, lengths, padding,
                                     row_splits_dtype=row_splits_dtype)
            for axis in range(ragged_rank - 1, 0, -1):
                result = cls.from_uniform_row_length(
                    result, dims[axis], nrows=reduction_ops.reduce_prod(dims[:axis]),
                    validate=False)
            return result
        ncols = dims[1]
        if lengths is not None:
            lengths = convert_to_tensor(lengths, dtype_hint=row_splits_dtype)
            lengths = cast_ops.cast(lengths, row_splits_dtype)
            lengths = arithmetic_ops.minimum(lengths, ncols)   # TF clips to the width
            lengths = arithmetic_ops.maximum(lengths, constant(0, row_splits_dtype))
        elif padding is not None:
            padding = convert_to_tensor(padding, dtype=tensor.dtype)
            not_pad = comparison_ops.logical_not(reduction_ops.reduce_all(
                comparison_ops.equal(tensor, padding),
                axis=list(range(2, tensor.shape.rank))))
            cols = cast_ops.cast(array_ops.range(1, ncols + 1), row_splits_dtype)
            lengths = reduction_ops.reduce_max(
                cast_ops.cast(not_pad, row_splits_dtype) * cols, axis=1)
        else:
            values = manip_ops.reshape(tensor, manip_ops.concat([[-1], dims[2:]], 0))
            return cls.from_uniform_row_length(values, ncols, nrows=dims[0], validate=False)
        mask = array_ops.sequence_mask(lengths, ncols)
        values = indexing_ops.boolean_mask(tensor, mask)
        return cls.from_row_lengths(values, lengths, validate=False)

    # -- properties --------------------------------------------------------------------

    values = property(lambda self: self._values)
    row_splits = property(lambda self: self._row_splits)
    dtype = property(lambda self: self.flat_values.dtype)
    row_splits_dtype = property(lambda self: self._row_splits.dtype)

    @property
    def flat_values(self):
        rt = self._values
        while isinstance(rt, RaggedTensor):
            rt = rt._values
        return rt

    @property
    def nested_row_splits(self):
        rt, splits = self, []
        while isinstance(rt, RaggedTensor):
            splits.append(rt._row_splits)
            rt = rt._values
        return tuple(splits)

    @property
    def ragged_rank(self):
        return len(self.nested_row_splits)

    @property
    def shape(self):
        nrows = self._row_splits.shape[0]
        head = [None if nrows is None else nrows - 1]
        head += [rt._static_row_length() for rt in self._levels()]
        return TensorShape(head).concatenate(self.flat_values.shape[1:])

    def _static_row_length(self):
        """The size of this partition's rows when they are uniform and known, else None."""
        length = self._uniform_row_length
        return int(length) if length is not None and _known_value(length) else None

    @property
    def uniform_row_length(self):
        """RaggedTensor.uniform_row_length: the length of every row (a scalar) for a
        uniform partition, else None."""
        return self._uniform_row_length

    def get_shape(self):
        return self.shape

    @property
    def _type_spec(self):
        from .ragged_tensor_spec import RaggedTensorSpec
        return RaggedTensorSpec(self.shape, self.dtype, self.ragged_rank, self.row_splits_dtype)

    def row_lengths(self, axis=1, name=None):
        """RaggedTensor.row_lengths: the length of each row (of ragged dimension `axis`)."""
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return self._row_splits[1:] - self._row_splits[:-1]
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        dims = array_ops.shape(self._values, out_type=self.row_splits_dtype)
        return self.with_values(array_ops.fill(dims[:axis - 1], dims[axis - 1]))

    def row_starts(self, name=None):
        return self._row_splits[:-1]

    def row_limits(self, name=None):
        return self._row_splits[1:]

    def value_rowids(self, name=None):
        """RaggedTensor.value_rowids: the row of each value."""
        nrows = array_ops.shape(self._row_splits, out_type=self.row_splits_dtype)[0] - 1
        return manip_ops.repeat(array_ops.range(nrows), self.row_lengths())

    def nested_row_lengths(self, name=None):
        return tuple(rt.row_lengths() for rt in self._levels())

    def nested_value_rowids(self, name=None):
        return tuple(rt.value_rowids() for rt in self._levels())

    def _levels(self):
        rt = self
        while isinstance(rt, RaggedTensor):
            yield rt
            rt = rt._values

    def nrows(self, out_type=None, name=None):
        """RaggedTensor.nrows: the number of rows (a scalar of `out_type`)."""
        out_type = self.row_splits_dtype if out_type is None else dtypes.as_dtype(out_type)
        return array_ops.shape(self._row_splits, out_type=out_type)[0] - 1

    def bounding_shape(self, axis=None, name=None, out_type=None):
        """RaggedTensor.bounding_shape: the smallest dense shape holding every row."""
        out_type = self.row_splits_dtype if out_type is None else dtypes.as_dtype(out_type)
        dims = [manip_ops.reshape(self.nrows(out_type), [1])]
        for rt in self._levels():
            lengths = rt.row_lengths()
            width = reduction_ops.reduce_max(manip_ops.concat(
                [lengths, constant([0], lengths.dtype)], 0))
            dims.append(manip_ops.reshape(cast_ops.cast(width, out_type), [1]))
        dims.append(array_ops.shape(self.flat_values, out_type=out_type)[1:])
        shape = manip_ops.concat(dims, 0)
        return shape if axis is None else indexing_ops.gather(shape, axis)

    def with_values(self, new_values):
        """RaggedTensor.with_values: the same row_splits, new values."""
        new_values = _convert_values(new_values)
        new_values.shape.with_rank_at_least(1)
        self._values.shape[:1].assert_is_compatible_with(new_values.shape[:1])
        if isinstance(new_values, RaggedTensor) and (
                new_values.row_splits_dtype != self.row_splits_dtype):
            raise ValueError("self and new_values have mismatched row_splits dtypes; use "
                             "RaggedTensor.with_row_splits_dtype() to convert them to "
                             "compatible dtypes.")
        return RaggedTensor(new_values, self._row_splits, internal=True,
                            uniform_row_length=self._uniform_row_length)

    def with_flat_values(self, new_values):
        """RaggedTensor.with_flat_values: the same nested row_splits, new flat_values."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype):
        """RaggedTensor.with_row_splits_dtype: the row partitions cast to `dtype`."""
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError(f"Argument `row_splits` dtype must be int32 or int64. "
                             f"Received {dtype}.")
        values = self._values
        if isinstance(values, RaggedTensor):
            values = values.with_row_splits_dtype(dtype)
        length = self._uniform_row_length
        return RaggedTensor(values, cast_ops.cast(self._row_splits, dtype), internal=True,
                            uniform_row_length=None if length is None else
                            cast_ops.cast(length, dtype))

    def merge_dims(self, outer_axis, inner_axis):
        """RaggedTensor.merge_dims: dimensions outer_axis..inner_axis merged into one."""
        rank = self.shape.rank
        outer, inner = (_positive_axis(axis, rank, name) for axis, name in
                        ((outer_axis, "outer_axis"), (inner_axis, "inner_axis")))
        if outer > inner:
            raise ValueError("Expected outer_axis (%d) to be less than or equal to "
                             "inner_axis (%d)." % (outer_axis, inner_axis))
        return _merge_dims(self, outer, inner)

    # -- conversions -------------------------------------------------------------------

    def to_tensor(self, default_value=None, name=None, shape=None):
        """RaggedTensor.to_tensor: a dense tensor padded with `default_value` (zeros), of
        `shape` (rows and columns cut or padded to it) when given."""
        shape = TensorShape(shape)
        if shape.rank is not None and shape.rank != self.shape.rank:
            raise errors.op_error(
                errors.InvalidArgumentError, "RaggedTensorToTensor",
                "rt_input.shape and shape=[%s] are incompatible: rt_input.rank = %d but "
                "shape.rank = %d" % (",".join("-1" if d is None else str(d) for d in
                                              shape.as_list()), self.shape.rank, shape.rank),
                kernel=f"RaggedTensorToTensor_num_row_partition_tensors_{self.ragged_rank}")
        dims = [None] * self.shape.rank if shape.rank is None else shape.as_list()
        if default_value is None:
            default = constant(b"" if self.dtype == dtypes.string else 0, self.dtype)
        else:
            default = convert_to_tensor(default_value, dtype=self.dtype,
                                        name="default_value")
        return _to_dense(self, dims, default)

    def to_list(self):
        """RaggedTensor.to_list: the nested Python list of the values (eager only)."""
        if not self._is_eager():
            raise ValueError("to_list can only be used in eager mode.")
        splits = self._row_splits.numpy().tolist()
        values = self._values
        values = values.to_list() if isinstance(values, RaggedTensor) else \
            values.numpy().tolist()
        return [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]

    def numpy(self):
        """RaggedTensor.numpy: rows as numpy arrays (an object array if their lengths
        differ)."""
        if not self._is_eager():
            raise ValueError("RaggedTensor.numpy() is only supported in eager mode.")
        values = self._values.numpy()
        splits = self._row_splits.numpy()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        if any(len(row) != len(rows[0]) for row in rows):
            out = np.empty(len(rows), dtype=np.object_)
            out[:] = rows
            return out
        return np.array(rows)

    def _is_eager(self):
        return not any(symbolic(s._value) for s in self.nested_row_splits) and \
            not symbolic(self.flat_values._value)

    def __repr__(self):
        if self._is_eager():
            with np.printoptions(formatter={"all": _formatter}):
                return f"<tf.RaggedTensor {_formatter(self.numpy())}>"
        return "tf.RaggedTensor(values=%s, row_splits=%s)" % (self._values, self._row_splits)

    __str__ = __repr__


    # -- as a tf.function argument and as carried tensors -------------------------------

    def __tf_tracing_type__(self, context):
        """The trace of a RaggedTensor argument: its flat values are passed in; its row
        partitions are part of the key (XLA compiles static shapes, and a trace sees
        them as constants)."""
        if not all(_known_value(s) for s in self.nested_row_splits):
            raise NotImplementedError("tfcompat: a tf.function argument tf.RaggedTensor "
                                      "whose row partitions are computed in a tf.function")
        from .ragged_tensor_spec import RaggedTraceType
        return RaggedTraceType(self)

    def _carry(self):
        """The tensors a tf.function result or a loop carries: flat values, then the
        nested row splits."""
        return [self.flat_values, *self.nested_row_splits]

    def _from_carry(self, tensors):
        result, *splits = tensors
        for s, level in zip(reversed(splits), reversed(list(self._levels()))):
            length = level._static_row_length()   # (uniform rows stay uniform)
            result = RaggedTensor(result, s, internal=True, uniform_row_length=None
                                  if length is None else constant(length, s.dtype))
        return result

    def _carry_unknown(self):
        return False

    def _typed_like(self, other):
        return self


RaggedTensor.__module__ = "tensorflow.python.ops.ragged.ragged_tensor"


def _known_value(t):
    return not symbolic(t._value)


# -- helpers -----------------------------------------------------------------------------

def _check_validate(validate):
    if not isinstance(validate, bool):
        raise TypeError(f"Argument `validate` must have type bool. Received {validate}.")


def _positive_axis(axis, rank, name):
    """TF's ragged_util.get_positive_axis."""
    if not -rank <= axis < rank:
        raise ValueError(f"{name}={axis} out of bounds: expected {-rank}<={name}<{rank}")
    return axis + rank if axis < 0 else axis


def _convert_values(values):
    if isinstance(values, RaggedTensor):
        return values
    return convert_to_tensor(values, name="values")


def _partition(partition, name, dtype=None):
    """TF's RowPartition._convert_row_partition: int64 by default (or `dtype` for a
    Python value), int32 kept."""
    if isinstance(partition, np.ndarray) and partition.dtype == np.int32:
        partition = convert_to_tensor(partition, name=name)
    elif dtype is not None and not isinstance(partition, Tensor):
        partition = convert_to_tensor(partition, dtype=dtype, name=name)
    else:
        partition = convert_to_tensor(partition, dtype_hint=dtypes.int64, name=name)
    if partition.dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("%s must have dtype int32 or int64" % name)
    return partition


def _assert_monotonic(tensor, message):
    check_ops.assert_non_negative(tensor[1:] - tensor[:-1], message=message)


def _nrows(values, out_type):
    if isinstance(values, RaggedTensor):
        return values.nrows(out_type=out_type)
    return array_ops.shape(values, out_type=out_type)[0]


def _splits_of_lengths(lengths):
    return manip_ops.concat([constant([0], lengths.dtype),
                             reduction_ops.cumsum(lengths)], 0)


def _bincount(ids, n, dtype):
    """The count of each id in [0, n) (TF's bincount with minlength = maxlength = n)."""
    onehot = comparison_ops.equal(manip_ops.reshape(ids, [-1, 1]),
                                  array_ops.range(n)[None, :])
    return reduction_ops.reduce_sum(cast_ops.cast(onehot, dtype), axis=0)


def ragged_range_indices(starts, limits):
    """The concatenation of range(starts[i], limits[i]) (ints of the starts' dtype)."""
    lengths = arithmetic_ops.maximum(limits - starts, constant(0, starts.dtype))
    rows = array_ops.range(array_ops.shape(starts, out_type=starts.dtype)[0])
    rowids = manip_ops.repeat(rows, lengths)
    offsets = reduction_ops.cumsum(lengths, exclusive=True)
    position = array_ops.range(array_ops.shape(rowids, out_type=starts.dtype)[0])
    return indexing_ops.gather(starts - offsets, rowids) + position, lengths


def gather_rows(rt, rows):
    """The rows `rows` (int indices) of `rt` (a RaggedTensor or a Tensor)."""
    if not isinstance(rt, RaggedTensor):
        return indexing_ops.gather(rt, rows)
    rows = cast_ops.cast(rows, rt.row_splits_dtype)
    starts = indexing_ops.gather(rt.row_splits[:-1], rows)
    limits = indexing_ops.gather(rt.row_splits[1:], rows)
    inner, lengths = ragged_range_indices(starts, limits)
    return RaggedTensor(gather_rows(rt.values, inner), _splits_of_lengths(lengths),
                        internal=True)


def _merge_dims(rt, outer, inner):
    """Dimensions outer..inner of `rt` (a RaggedTensor or Tensor) merged into one."""
    if outer == inner:
        return rt
    if not isinstance(rt, RaggedTensor):
        dims = array_ops.shape(rt)
        return manip_ops.reshape(rt, manip_ops.concat([dims[:outer], [-1], dims[inner + 1:]], 0))
    if outer == 0:   # the rows of dimension `inner`
        return _merge_dims(rt.values, 0, inner - 1)
    values = _merge_dims(rt.values, outer - 1, inner - 1)
    if outer > 1:
        return rt.with_values(values)
    splits, level = rt.row_splits, rt.values   # each row now spans the merged rows
    for _ in range(inner - 1):
        if isinstance(level, RaggedTensor):
            splits, level = indexing_ops.gather(level.row_splits, splits), level.values
        else:
            dims = array_ops.shape(level, out_type=splits.dtype)
            splits = splits * dims[1]
            level = manip_ops.reshape(level, manip_ops.concat([[-1], dims[2:]], 0))
    return RaggedTensor(values, splits, internal=True)


def _to_dense(rt, dims, default):
    """`rt` (a RaggedTensor or Tensor) as a dense tensor of static sizes `dims` (None:
    the bounding size), padded with `default`."""
    if not isinstance(rt, RaggedTensor):
        for axis, d in enumerate(dims[1:], 1):
            if d is not None and rt.shape[axis] is not None and rt.shape[axis] != d:
                raise NotImplementedError("tfcompat: tf.RaggedTensor.to_tensor with a `shape` "
                                          "changing the size of a uniform dimension")
        return rt
    inner = _to_dense(rt.values, [None] + dims[2:], default)
    splits = rt.row_splits
    lengths = splits[1:] - splits[:-1]
    nrows = array_ops.shape(lengths, out_type=splits.dtype)[0]
    if dims[1] is None:
        width = reduction_ops.reduce_max(manip_ops.concat(
            [lengths, constant([0], splits.dtype)], 0))
    else:
        width = constant(dims[1], splits.dtype)
    rows = nrows if dims[0] is None else constant(dims[0], splits.dtype)
    cols = array_ops.range(width)[None, :]
    starts = splits[:-1]
    lengths_out = lengths
    if dims[0] is not None:   # rows cut or padded with empty rows
        extra = arithmetic_ops.maximum(rows - nrows, constant(0, splits.dtype))
        starts = manip_ops.concat([starts, array_ops.fill([extra], splits[-1])], 0)[:dims[0]]
        lengths_out = manip_ops.concat(
            [lengths, array_ops.fill([extra], constant(0, splits.dtype))], 0)[:dims[0]]
    # The kept values are gathered first, in the dense order (so that the gradient of
    # the flat values is TF's IndexedSlices of the kept ones), then placed or padded.
    valid = cols < lengths_out[:, None]
    kept, _ = ragged_range_indices(starts, starts + arithmetic_ops.minimum(lengths_out, width))
    kept = indexing_ops.gather(inner, cast_ops.cast(kept, dtypes.int32))
    nkept = array_ops.shape(kept, out_type=splits.dtype)[0]
    place = manip_ops.reshape(reduction_ops.cumsum(manip_ops.reshape(
        cast_ops.cast(valid, splits.dtype), [-1])), array_ops.shape(valid)) - 1
    index = indexing_ops.where(valid, place, nkept)
    pad = manip_ops.broadcast_to(default, manip_ops.concat(
        [[1], array_ops.shape(inner, out_type=splits.dtype)[1:]], 0))
    return indexing_ops.gather(manip_ops.concat([kept, pad], 0), index)


def _formatter(x):
    """TF's RaggedTensor printing: numpy arrays with comma separators."""
    if isinstance(x, np.ndarray):
        if x.size != 0:
            return np.array2string(x, separator=", ")
        return repr(x.tolist())
    return str(x)


from . import ragged_dispatch  # noqa: E402,F401 (registers the ops that take RaggedTensors)
