"""tf.sparse.SparseTensor components of tf.data elements.

A sparse component travels through a pipeline as an eager tf.sparse.SparseTensor (where
a dense one is an array), and its element_spec leaf is a tf.SparseTensorSpec. As in TF,
slicing a SparseTensor gives SparseTensor rows of one rank less; batching SparseTensors of
one rank gives a SparseTensor of one more, whose dense_shape is the batch size followed
by the largest dense_shape of its components. Functions taking or returning SparseTensors
run eagerly (tfcompat's tf.function does not take or return them: data/functions.py)."""
import numpy as np

from ..framework import errors
from ..framework.sparse_tensor import SparseTensor
from ..framework.sparse_tensor_spec import SparseTensorSpec
from ..framework.tensor_shape import TensorShape


def is_sparse(value):
    return isinstance(value, SparseTensor)


def is_sparse_spec(spec):
    return isinstance(spec, SparseTensorSpec)


def sliced_spec(spec):
    """The spec of the rows of a SparseTensor or SparseTensorSpec `spec`."""
    shape = spec.shape
    return SparseTensorSpec(TensorShape(None) if shape.rank is None else shape[1:], spec.dtype)


def batched_spec(spec, lead):
    """The spec of a batch (of static size `lead` or None) of `spec` components."""
    return SparseTensorSpec(TensorShape([lead]).concatenate(spec.shape), spec.dtype)


def _parts(sp):
    """(indices, values, dense_shape) of an eager SparseTensor, as NumPy arrays."""
    return (np.asarray(sp.indices._value), np.asarray(sp.values._value),
            np.asarray(sp.dense_shape._value))


def _sparse(indices, values, dense_shape, dtype):
    from ..framework.constant_op import constant
    return SparseTensor(constant(indices.astype(np.int64).reshape(-1, len(dense_shape))),
                        constant(values, dtype),
                        constant(np.asarray(dense_shape, np.int64).reshape(-1)))


def row(sp, i):
    """Row `i` of the SparseTensor `sp` (sliced on the host): a SparseTensor of one rank
    less."""
    indices, values, dense_shape = _parts(sp)
    keep = indices[:, 0] == i
    return _sparse(indices[keep, 1:], values[keep], dense_shape[1:], sp.dtype)


def nrows(sp):
    return int(_parts(sp)[2][0])


def stack(values, spec):
    """The SparseTensor components `values` (of SparseTensorSpec `spec`) as one batch."""
    parts = [_parts(v) for v in values]
    for k, p in enumerate(parts):
        if len(p[2]) != len(parts[0][2]):   # (TF's DeserializeSparse error, from its
            from .iterator_ops import ElementError   # IteratorGetNext here)
            raise ElementError(
                errors.InvalidArgumentError,
                "Inconsistent shape across SparseTensors: rank prior to SparseTensor"
                f"[{k}] was: {len(parts[0][2])} but rank of SparseTensor[{k}] is: {len(p[2])}")
    indices = np.concatenate([np.concatenate(
        [np.full((len(p[0]), 1), k, np.int64), p[0]], axis=1) for k, p in enumerate(parts)])
    shape = [len(parts)] + list(np.max([p[2] for p in parts], axis=0))
    return _sparse(indices, np.concatenate([p[1] for p in parts]), shape, spec.dtype)


def to_numpy(sp):
    """A SparseTensor as as_numpy_iterator gives it: its dense NumPy array (TF's
    SparseTensor._numpy)."""
    indices, values, dense_shape = _parts(sp)
    out = np.zeros(dense_shape, values.dtype)
    if values.dtype == object:
        out[...] = b""
    out[tuple(indices.T)] = values
    return out


def sized_spec(spec, size):
    """`spec` with its unknown dimensions (an unknown rank: one) of `size`."""
    return SparseTensorSpec([size if d is None else d for d in (
        spec.shape.as_list() if spec.shape.rank is not None else [None])], spec.dtype)


def probe(spec, fill):
    """A SparseTensor of the fully defined `spec` with every position set to the 0-d
    array `fill`, for calling a dataset function on a probe element."""
    dims = spec.shape.as_list()
    indices = np.indices(dims).reshape(len(dims), -1).T
    values = np.full(len(indices), fill[()], fill.dtype)
    return _sparse(indices, values, dims, spec.dtype)


def spec_of(sp):
    return SparseTensorSpec(sp.shape, sp.dtype)


def generated(value, spec):
    """A from_generator component of SparseTensorSpec `spec`: the yielded SparseTensor
    (or SparseTensorValue), else TF's error."""
    from .iterator_ops import ElementError   # (iterator_ops imports structure)
    if not all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
        raise ElementError(
            errors.InvalidArgumentError,
            "TypeError: `generator` yielded an element that did not match the expected "
            f"structure. The expected structure was {spec!r}, but the yielded element was "
            f"{value!r}.")
    value = SparseTensor.from_value(value)
    if not spec.is_compatible_with(spec_of(value)):
        raise ElementError(
            errors.InvalidArgumentError,
            f"TypeError: `generator` yielded an element of {spec_of(value)!r} where an "
            f"element of {spec!r} was expected.")
    return value


def relax(a, b):
    """The SparseTensorSpec both sparse specs satisfy, else None."""
    if not (is_sparse_spec(a) and is_sparse_spec(b)) or a.dtype != b.dtype:
        return None
    if a.shape.rank is None or a.shape.rank != b.shape.rank:
        return SparseTensorSpec(TensorShape(None), a.dtype)
    return SparseTensorSpec([x if x == y else None for x, y in zip(a.shape.as_list(),
                                                                  b.shape.as_list())],
                            a.dtype)
