"""tf.map_fn over SparseTensor elems: each SparseTensor is unstacked along its first
dimension into SparseTensors of the remaining dense shape (TF serializes them with
SerializeManySparse, which checks the indices are in row-major order), fn runs once per
element, and its outputs are stacked: Tensors densely, SparseTensors into one SparseTensor
whose dense shape is [n] + the largest of theirs (as TF's DeserializeSparse).

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
from .sparse_ops import _index_error, _int64

_API = "tf.map_fn"


def has_sparse(elems):
    """Whether `elems` holds a SparseTensor."""
    return any(isinstance(e, SparseTensor) for e in nest.flatten(elems))


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


def map_fn(fn, elems, signature):
    """tf.map_fn's loop for `elems` holding SparseTensors; `signature` (the
    fn_output_signature, or None: then the elements' own specs) decides which outputs
    must be SparseTensors."""
    flat = [e if isinstance(e, SparseTensor) else convert_to_tensor(e)
            for e in nest.flatten(elems)]
    columns = [_unstack(e) if isinstance(e, SparseTensor) else [e[i] for i in range(e.shape[0])]
               for e in flat]
    n = len(columns[0])
    for c in columns[1:]:
        if len(c) != n:
            raise ValueError(f"Elements in elems must have the same first dimension: got "
                             f"{n} and {len(c)}")
    if not n:
        raise ValueError("tfcompat's tf.map_fn needs a non-empty first dimension for "
                         "SparseTensor elems (the output structure comes from calling fn).")
    if signature is None:
        signature = nest.map_structure(_element_spec, elems)
    outs = []
    for i in range(n):
        out = fn(nest.pack_sequence_as(elems, [c[i] for c in columns]))
        _check_kinds(signature, out)
        outs.append(out)
    flat_outs = [nest.flatten(o) for o in outs]
    stacked = [_stack_sparse(list(parts)) if isinstance(parts[0], SparseTensor)
               else stack(list(parts)) for parts in zip(*flat_outs)]
    return nest.pack_sequence_as(outs[0], stacked)
