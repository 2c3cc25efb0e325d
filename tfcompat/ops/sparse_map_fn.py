"""tf.map_fn over SparseTensor or RaggedTensor elems: each SparseTensor is unstacked along
its first dimension into SparseTensors of the remaining dense shape (TF serializes them with
SerializeManySparse, which checks the indices are in row-major order), a RaggedTensor into
its rows, fn runs once per element, and its outputs are stacked: Tensors densely,
SparseTensors into one SparseTensor whose dense shape is [n] + the largest of theirs (as
TF's DeserializeSparse), and where the signature is a RaggedTensorSpec (by default for
RaggedTensor elems) into one RaggedTensor of the rows fn returned.

The elements' structure is computed on the host from concrete indices, so the loop runs in
Python (also inside tf.function, unrolled); the values move with recorded ops."""
import numpy as np

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.sparse_tensor_spec import SparseTensorSpec
from ..framework.tensor_spec import TensorSpec
from .array_ops import concat, stack
from .indexing_ops import gather
from .op_args import concrete, kernel_error
from .ragged_concat_ops import stack as ragged_stack
from .ragged_tensor import RaggedTensor
from .ragged_tensor_spec import RaggedTensorSpec
from .sparse_ops import _index_error, _int64

_API = "tf.map_fn"


def has_composite(elems):
    """Whether `elems` holds a SparseTensor or a RaggedTensor."""
    return any(isinstance(e, (SparseTensor, RaggedTensor)) for e in nest.flatten(elems))


def _unstack(sp):
    """The SparseTensors sp[0], sp[1], ... along the first dimension."""
    indices = concrete(sp.indices, _API, "elems.indices").astype(np.int64)
    shape = concrete(sp.dense_shape, _API, "elems.dense_shape").astype(np.int64)
    text = _index_error(indices, shape.tolist())
    if text:
        raise kernel_error("SerializeManySparse", text, name="")
    pieces = []
    for i in range(int(shape[0])):
        rows = np.flatnonzero(indices[:, 0] == i)
        pieces.append(SparseTensor(_int64(indices[rows, 1:].reshape(-1, shape.size - 1)),
                                   gather(sp.values, _int64(rows)), _int64(shape[1:])))
    return pieces


def _stack_sparse(outs):
    """One SparseTensor of the SparseTensors `outs`, stacked along a new first dimension."""
    indices, shapes = [], []
    for i, sp in enumerate(outs):
        idx = concrete(sp.indices, _API, "fn output indices").astype(np.int64)
        indices.append(np.concatenate([np.full((len(idx), 1), i, np.int64), idx], 1))
        shapes.append(concrete(sp.dense_shape, _API, "fn output dense_shape"))
    shape = np.concatenate([[len(outs)], np.max(shapes, axis=0)])
    return SparseTensor(_int64(np.concatenate(indices)),
                        concat([sp.values for sp in outs], 0), _int64(shape))


def _spec_of(x):
    if isinstance(x, SparseTensor):
        return SparseTensorSpec(x.shape, x.dtype)
    x = convert_to_tensor(x)
    return TensorSpec(x.shape, x.dtype)


def _element_spec(x):
    """map_fn's default output spec for elems `x` (as TF prints it: a SparseTensor's
    without a shape)."""
    if isinstance(x, SparseTensor):
        return SparseTensorSpec(None, x.dtype)
    if isinstance(x, RaggedTensor):
        return RaggedTensorSpec(x.shape[1:], x.dtype, x.ragged_rank - 1, x.row_splits.dtype)
    x = convert_to_tensor(x)
    return TensorSpec(x.shape[1:], x.dtype)


def _check_kinds(signature, out):
    """TF's error when fn returns a Tensor where the signature wants a SparseTensor (or
    the reverse)."""
    for want, got in zip(nest.flatten(signature),
                         nest.flatten(out)):
        if isinstance(want, SparseTensorSpec) != isinstance(got, SparseTensor):
            raise ValueError(f"Error in map_fn:\n  Expected `fn` to return a:\n    {want!r}\n"
                             f"  But it returned a:\n    {_spec_of(got)!r}\n    "
                             f"(value={str(got)})\n  To fix, update the `fn_output_signature` "
                             f"(or `dtype`) argument to `map_fn`.")


def _stack_ragged(outs):
    """One RaggedTensor of the rows `outs` (TF's RaggedTensorFromVariant): Tensor rows
    are its ragged dimension, their own dimensions kept uniform."""
    if any(isinstance(out, RaggedTensor) for out in outs):
        return ragged_stack(list(outs))
    outs = [convert_to_tensor(out) for out in outs]
    for i, out in enumerate(outs):
        if out.shape.rank == 0:
            raise kernel_error(
                "RaggedTensorFromVariant",
                f"Ragged values must have rank >= 1; encoded scalar element at index {i} has "
                f"values Tensor: Tensor<type: {out.dtype.name} shape: [] values: "
                f"{out.numpy()}>", name="",
                kernel="RaggedTensorFromVariant_output_ragged_rank_1")
    return RaggedTensor.from_row_lengths(concat(outs, 0), _int64([o.shape[0] for o in outs]))


def _rows(e):
    if isinstance(e, SparseTensor):
        return _unstack(e)
    n = int(concrete(e.nrows(), _API, "elems.nrows")) if isinstance(e, RaggedTensor) \
        else e.shape[0]
    return [e[i] for i in range(n)]


def map_fn(fn, elems, signature):
    """tf.map_fn's loop for `elems` holding SparseTensors or RaggedTensors; `signature`
    (the fn_output_signature, or None: then the elements' own specs) decides which outputs
    must be SparseTensors and which are stacked into RaggedTensors."""
    flat = [e if isinstance(e, (SparseTensor, RaggedTensor)) else convert_to_tensor(e)
            for e in nest.flatten(elems)]
    columns = [_rows(e) for e in flat]
    n = len(columns[0])
    for c in columns[1:]:
        if len(c) != n:
            raise ValueError(f"Elements in elems must have the same first dimension: got "
                             f"{n} and {len(c)}")
    if not n:
        raise ValueError("tfcompat's tf.map_fn needs a non-empty first dimension for "
                         "SparseTensor or RaggedTensor elems (the output structure comes "
                         "from calling fn).")
    if signature is None:
        signature = nest.map_structure(_element_spec, elems)
    outs = []
    for i in range(n):
        out = fn(nest.pack_sequence_as(elems, [c[i] for c in columns]))
        _check_kinds(signature, out)
        outs.append(out)
    flat_outs = [nest.flatten(o) for o in outs]
    stacked = [_stack_sparse(list(parts)) if isinstance(parts[0], SparseTensor)
               else _stack_ragged(parts) if isinstance(want, RaggedTensorSpec)
               else stack(list(parts))
               for parts, want in zip(zip(*flat_outs), nest.flatten(signature))]
    return nest.pack_sequence_as(outs[0], stacked)
