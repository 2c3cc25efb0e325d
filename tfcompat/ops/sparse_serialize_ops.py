"""tf.io.serialize_sparse, serialize_many_sparse and deserialize_many_sparse (TF's
SerializeSparse, SerializeManySparse, DeserializeManySparse): a SparseTensor as the
TensorProto bytes of its indices, values and dense_shape (Tensor::AsProtoTensorContent,
byte for byte), and back.

Host kernels. serialize_sparse runs inside a tf.function; serialize_many_sparse too when
the batch size (the static dense_shape[0]) is known; deserialize_many_sparse needs
constant bytes there (its output shape depends on them: a TypeError naming the API; TF
gives unknown dimensions). out_type=tf.variant is not supported (a NotImplementedError
naming the API)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import execute
from ..framework.proto_decode import MalformedProto
from ..framework.sparse_tensor import SparseTensor
from .io_ops import _host_op
from .op_args import attr_error, concrete, dims, kernel_error
from .proto_wire import InvalidTensorProto, tensor_content_proto, tensor_from_proto
from .sparse_ops import _index_error

__all__ = []


def _serialized(indices, values, shape):
    out = np.empty(3, object)
    out[:] = [tensor_content_proto(a) for a in (indices, values, shape)]
    return out


def _serialize(indices, values, shape, name):
    """The SerializeSparse kernel: [3] TensorProto bytes."""
    return _serialized(indices, values, shape)


def _serialize_many(indices, values, shape, name, batch):
    """The SerializeManySparse kernel: the [N, 3] serializations of each entry along the
    first dimension (rows without values: empty indices and values; `batch`: N, for the
    output's static shape)."""
    if shape.size <= 1:
        raise kernel_error("SerializeManySparse", f"Rank of input SparseTensor should be > 1, "
                           f"but saw rank: {shape.size}", name)
    problem = _index_error(indices, shape.tolist())
    if problem:
        raise kernel_error("SerializeManySparse", problem, name)
    batch, rank = int(shape[0]), shape.size
    blank = _serialized(np.zeros((0, rank - 1), np.int64), values[:0], shape[1:])
    out = np.empty((batch, 3), object)
    out[:] = blank
    rows = indices[:, 0]
    for b in dict.fromkeys(rows.tolist()):   # (TF's group({0}): runs in index order)
        keep = rows == b
        out[b] = _serialized(indices[keep, 1:], values[keep], shape[1:])
    return out


_serialize_op = _host_op("SerializeSparse", _serialize, shape=lambda i, v, s, name: (3,))
_serialize_many_op = _host_op("SerializeManySparse", _serialize_many,
                              shape=lambda i, v, s, name, batch: (batch, 3))


def _sparse_input(sp_input):
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return sp_input


def _check_out_type(op, out_type, api):
    out_type = dtypes.as_dtype(out_type)
    if out_type is dtypes.variant:
        raise NotImplementedError(f"tfcompat: {api} with out_type=tf.variant is not "
                                  f"supported (tf.string only)")
    if out_type is not dtypes.string:
        raise attr_error(op, "out_type", out_type, name="")


def serialize_sparse(sp_input, out_type=dtypes.string, name=None):
    """tf.io.serialize_sparse: a [3] string tensor, the TensorProto bytes of
    `sp_input`'s indices, values and dense_shape."""
    sp = _sparse_input(sp_input)
    _check_out_type("SerializeSparse", out_type, "tf.io.serialize_sparse")
    return execute(_serialize_op, (sp.indices, sp.values, sp.dense_shape), (("name", ""),))


def serialize_many_sparse(sp_input, out_type=dtypes.string, name=None):
    """tf.io.serialize_many_sparse: an [N, 3] string tensor, serialize_sparse of each
    entry of `sp_input` along its first dimension (size N)."""
    sp = _sparse_input(sp_input)
    _check_out_type("SerializeManySparse", out_type, "tf.io.serialize_many_sparse")
    batch = sp.shape[0] if sp.shape.rank else None
    if batch is None:
        batch = int(concrete(sp.dense_shape, "tf.io.serialize_many_sparse",
                             "sp_input.dense_shape")[0])
    return execute(_serialize_many_op, (sp.indices, sp.values, sp.dense_shape),
                   (("name", ""), ("batch", max(batch, 0))))


def _tensor(data):
    """Tensor::FromProto of one serialized component, its failures worded as the
    kernel's."""
    try:
        return tensor_from_proto(data)
    except MalformedProto:
        raise _Failure("Could not parse serialized proto") from None
    except InvalidTensorProto:
        raise _Failure("Could not construct tensor from proto") from None


class _Failure(Exception):
    """An InvalidArgument status of DeserializeSparseOp."""


def _one(row, dtype, i):
    """GetAndValidateSparseTensor: (indices, values, shape) of serialized row `i`."""
    _, indices = _tensor(row[0])
    if indices.ndim != 2:
        raise _Failure(f"Expected serialized_sparse[{i}, 0] to represent an index matrix but "
                       f"received shape {dims(indices.shape)}")
    values_dtype, values = _tensor(row[1])
    if values.ndim != 1:
        raise _Failure(f"Expected serialized_sparse[{i}, 1] to represent a values vector but "
                       f"received shape {dims(values.shape)}")
    if values_dtype is not dtype:
        raise _Failure(f"Requested SparseTensor of type {dtype._tf_name} but SparseTensor[{i}]"
                       f".values.dtype() == {values_dtype._tf_name}")
    if indices.shape[0] != values.shape[0]:
        raise _Failure(f"Expected row counts of SparseTensor[{i}].indices and SparseTensor"
                       f"[{i}].values to match but they do not: {indices.shape[0]} vs. "
                       f"{values.shape[0]}")
    _, shape = _tensor(row[2])
    if shape.ndim != 1:
        raise _Failure(f"Expected serialized_sparse[{i}, 1] to be a shape vector but its "
                       f"shape is {dims(shape.shape)}")
    if indices.shape[1] != shape.shape[0]:
        raise _Failure(f"Expected column counts of SparseTensor[{i}].indices to match size of "
                       f"SparseTensor[{i}].shape but they do not: {indices.shape[1]} vs. "
                       f"{shape.shape[0]}")
    return indices.astype(np.int64), values, shape.astype(np.int64)


def _deserialize(serialized, dtype):
    """DeserializeSparseOp on the [..., 3] `serialized`: the SparseTensors concatenated
    along a new first dimension (shape: the largest of each dimension), reshaped to the
    leading dimensions of `serialized`."""
    if serialized.ndim == 0:
        raise _Failure(f"Serialized sparse should have non-zero rank {dims(())}")
    if serialized.shape[-1] != 3:
        raise _Failure(f"Serialized sparse should have 3 as the last dimension "
                       f"{dims(serialized.shape)}")
    rows = serialized.reshape(-1, 3)
    if not len(rows):
        raise _Failure(f"Serialized sparse should have at least 1 serialized tensor, but has "
                       f"a zero dimension {dims(serialized.shape)}")
    if serialized.ndim == 1:
        return _one(rows[0], dtype, 0)
    parts, shape = [], None
    for i, row in enumerate(rows):
        indices, values, part_shape = _one(row, dtype, i)
        if shape is None:
            shape = part_shape
        elif len(shape) != len(part_shape):
            raise _Failure(f"Inconsistent shape across SparseTensors: rank prior to "
                           f"SparseTensor[{i}] was: {len(shape)} but rank of SparseTensor"
                           f"[{i}] is: {len(part_shape)}")
        else:
            shape = np.maximum(shape, part_shape)
        parts.append((np.full((len(indices), 1), i, np.int64), indices, values))
    lead = np.array(np.unravel_index(np.concatenate([p[0][:, 0] for p in parts]),
                                     serialized.shape[:-1]), np.int64).T
    indices = np.concatenate([lead, np.concatenate([p[1] for p in parts])], axis=1)
    values = np.concatenate([p[2] for p in parts])
    return indices, values, np.concatenate([serialized.shape[:-1], shape]).astype(np.int64)


def _deserialize_kernel(serialized, dtype, name):
    try:
        return _deserialize(serialized, dtype)
    except _Failure as e:
        raise kernel_error("DeserializeManySparse", str(e), name) from None


_deserialize_ops = {}


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """tf.io.deserialize_many_sparse: the SparseTensor of the [N, 3] serializations
    (serialize_many_sparse's), with a new first dimension of size N."""
    dtype = dtypes.as_dtype(dtype)
    x = convert_to_tensor(serialized_sparse, dtypes.string)
    concrete(x, "tf.io.deserialize_many_sparse", "serialized_sparse")
    if dtype not in _deserialize_ops:
        values_type = object if dtype is dtypes.string else dtype._np
        _deserialize_ops[dtype] = _host_op(
            "DeserializeManySparse", _deserialize_kernel,
            outputs=(np.int64, values_type, np.int64))
    indices, values, shape = execute(_deserialize_ops[dtype], (x,),
                                     (("dtype", dtype), ("name", "")))
    if rank is not None:
        indices.set_shape([None, rank])
        shape.set_shape([rank])
    return SparseTensor(indices, values, shape)
