"""tf.RaggedTensor components of tf.data elements.

A ragged component travels through a pipeline as an eager tf.RaggedTensor (where a dense
one is an array), and its element_spec leaf is a tf.RaggedTensorSpec. As in TF, slicing
a RaggedTensor of ragged_rank 1 gives dense rows of varying shape, with a
RaggedTensorSpec of ragged_rank 0 (so that batching them gives a RaggedTensor again);
batching components of a RaggedTensorSpec stacks them into a RaggedTensor of one more
ragged dimension."""
import numpy as np

from ..framework import errors
from ..framework.constant_op import constant
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..ops.ragged_tensor import RaggedTensor
from ..ops.ragged_tensor_spec import RaggedTensorSpec


def is_ragged(value):
    return isinstance(value, RaggedTensor)


def is_ragged_spec(spec):
    return isinstance(spec, RaggedTensorSpec)


def sliced_spec(rt):
    """The spec of the rows of a RaggedTensor or RaggedTensorSpec `rt` (TF's
    RaggedTensorSpec._unbatch)."""
    return RaggedTensorSpec(rt.shape[1:], rt.dtype, rt.ragged_rank - 1, rt.row_splits_dtype)


def batched_spec(spec, lead):
    """The spec of a batch (of static size `lead` or None) of `spec` components."""
    return RaggedTensorSpec(TensorShape([lead]).concatenate(spec.shape), spec.dtype,
                            spec.ragged_rank + 1, spec.row_splits_dtype)


def ragged_spec_of_dense(spec, row_splits_dtype):
    """TF's ragged_batch (_DenseToRaggedDataset) spec: a TensorSpec with unknown
    dimensions as a RaggedTensorSpec ragged up to its last unknown dimension."""
    if not isinstance(spec, TensorSpec) or spec.shape.rank is None or \
            spec.shape.is_fully_defined():
        return spec
    ragged_rank = max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)
    return RaggedTensorSpec(spec.shape, spec.dtype, ragged_rank, row_splits_dtype)


def encode_dense(array, spec):
    """A dense component as the value of its ragged_batch `spec` (ragged_rank > 0: a
    RaggedTensor whose outer dimensions are uniform, as TF's from_tensor)."""
    if not is_ragged_spec(spec) or spec.ragged_rank == 0:
        return array
    return RaggedTensor.from_tensor(constant(array, spec.dtype), ragged_rank=spec.ragged_rank,
                                    row_splits_dtype=spec.row_splits_dtype)


def row(rt, i):
    """Row `i` of the RaggedTensor `rt` (sliced on the host): a RaggedTensor, or an array
    for ragged_rank 1."""
    flat, splits = _parts(rt)
    start, stop, inner = i, i + 1, []
    for level, s in enumerate(splits):
        if level:
            inner.append(s[start:stop + 1] - s[start])
        start, stop = s[start], s[stop]
    result = flat[start:stop]
    if not inner:
        return result
    result = constant(result, rt.dtype)
    for s in reversed(inner):
        result = RaggedTensor(result, constant(s), internal=True)
    return result


def probe(spec, size):
    """A RaggedTensor of `spec` (its unknown dimensions of `size`) filled with zeros, for
    tracing a dataset function: its ragged dimensions stay unknown in the trace."""
    dims = [size if d is None else d for d in spec.shape.as_list()]
    flat_shape = [int(np.prod(dims[:spec.ragged_rank + 1]))] + dims[spec.ragged_rank + 1:]
    result = constant(np.zeros(flat_shape, object if spec.dtype.name == "string" else
                               spec.dtype._np), spec.dtype)
    for axis in range(spec.ragged_rank, 0, -1):
        nrows = int(np.prod(dims[:axis]))
        splits = np.arange(nrows + 1, dtype=spec.row_splits_dtype._np) * dims[axis]
        result = RaggedTensor(result, constant(splits), internal=True)
    return result


def generated(value, spec):
    """A from_generator component of RaggedTensorSpec `spec`: the yielded RaggedTensor,
    else TF's error."""
    from .iterator_ops import ElementError   # (iterator_ops imports structure)
    if not (isinstance(value, RaggedTensor) and value._is_eager()):
        raise ElementError(
            errors.InvalidArgumentError,
            "TypeError: `generator` yielded an element that did not match the expected "
            f"structure. The expected structure was {spec!r}, but the yielded element was "
            f"{value!r}.")
    if not spec.is_compatible_with(value):
        raise ElementError(
            errors.InvalidArgumentError,
            f"TypeError: `generator` yielded an element of {value._type_spec!r} where an "
            f"element of {spec!r} was expected.")
    return value


def relax(a, b):
    """The RaggedTensorSpec both ragged specs satisfy, else None."""
    if not (is_ragged_spec(a) and is_ragged_spec(b)) or (a.dtype, a.ragged_rank,
                                                          a.row_splits_dtype) != (
            b.dtype, b.ragged_rank, b.row_splits_dtype):
        return None
    if a.shape.rank != b.shape.rank:
        shape = TensorShape(None)
    else:
        shape = TensorShape([x if x == y else None for x, y in zip(a.shape, b.shape)])
    return RaggedTensorSpec(shape, a.dtype, a.ragged_rank, a.row_splits_dtype)


def _parts(value):
    """(flat values, nested row splits) of a component, as NumPy arrays."""
    if isinstance(value, RaggedTensor):
        return np.asarray(value.flat_values._value), [
            np.asarray(s._value) for s in value.nested_row_splits]
    return np.asarray(value), []


def stack(values, spec):
    """The components `values` (of RaggedTensorSpec `spec`) as one RaggedTensor batch."""
    flats, levels = [], [[np.zeros(1, np.int64)] for _ in range(spec.ragged_rank + 1)]
    for value in values:
        flat, splits = _parts(value)
        if len(splits) != spec.ragged_rank:
            raise TypeError(f"tfcompat: a tf.data component {value!r} does not match its "
                            f"element_spec {spec!r}")
        if flats and flat.shape[1:] != flats[0].shape[1:]:
            raise _batch_error(flat.shape[1:], flats[0].shape[1:])
        flats.append(flat)
        nrows = len(splits[0]) - 1 if splits else flat.shape[0]
        for level, s in zip(levels, [np.asarray([0, nrows])] + splits):
            level.append(s[1:] + level[-1][-1])
    result = constant(np.concatenate(flats), spec.dtype)
    sizes = spec.shape.as_list()[:spec.ragged_rank + 1]   # (known ones stay uniform)
    for level, size in reversed(list(zip(levels, sizes))):
        splits = np.concatenate(level).astype(spec.row_splits_dtype._np)
        result = RaggedTensor(result, constant(splits, spec.row_splits_dtype), internal=True,
                              uniform_row_length=None if size is None else
                              constant(size, spec.row_splits_dtype))
    return result


def _batch_error(shape, first):
    from .iterator_ops import ElementError
    return ElementError(
        errors.InvalidArgumentError,
        "Cannot add tensor to the batch: number of elements does not match. Shapes are: "
        f"[tensor]: [{','.join(map(str, shape))}], [batch]: [{','.join(map(str, first))}]")

