"""tf.reverse_sequence (TF's ReverseSequence kernel)."""
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.strings import MOVE
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .op_args import attr_error, kernel_error, traced

__all__ = ["reverse_sequence"]

def _reverse_sequence(x, lengths, seq_dim, batch_dim):
    n = x.shape[seq_dim]
    idx = jnp.arange(n)
    lengths = lengths.astype(idx.dtype)[:, None]
    rows = jnp.where(idx < lengths, lengths - 1 - idx, idx)   # [batch, n]
    if batch_dim > seq_dim:
        rows = rows.T
    shape = [1] * x.ndim
    shape[seq_dim], shape[batch_dim] = n, x.shape[batch_dim]
    index = jnp.broadcast_to(rows.reshape(shape), x.shape)
    return jnp.take_along_axis(x, index, axis=seq_dim)


_reverse_sequence_op = Op("ReverseSequence", _reverse_sequence, strings=MOVE)


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):
    """tf.reverse_sequence: along `seq_axis`, the first seq_lengths[b] elements of each
    batch entry b (of `batch_axis`) reversed, the rest kept."""
    x = to_tensor(input)
    if isinstance(seq_lengths, (Tensor, Variable)):
        lengths, suffix = seq_lengths, ""
    else:
        lengths, suffix = convert_to_tensor(seq_lengths, dtype_hint=dtypes.int64), None
    if lengths.dtype.name not in ("int32", "int64"):
        raise attr_error("ReverseSequence", "Tlen", lengths.dtype, name=suffix)
    if seq_axis is None:
        raise TypeError("Expected int for argument 'seq_dim' not None.")
    seq_dim, batch_dim = int(seq_axis), 0 if batch_axis is None else int(batch_axis)
    shape, rank = x._value.shape, x.ndim
    text = None
    if batch_dim < 0:
        text = f"Invalid batch_dim {batch_dim}"
    elif seq_dim < 0:
        text = f"Invalid seq_dim {seq_dim}"
    elif lengths.ndim != 1:
        text = f"seq_lengths must be 1-dim, not {lengths.ndim}"
    elif batch_dim == seq_dim:
        text = f"batch_dim == seq_dim == {seq_dim}"
    elif seq_dim >= rank:
        text = f"seq_dim must be < input rank ( {seq_dim} vs. {rank})"
    elif batch_dim >= rank:
        text = f"batch_dim must be < input rank ( {batch_dim} vs. {rank})"
    elif lengths._value.shape[0] != shape[batch_dim]:
        text = (f"Length of seq_lengths != input.dims({batch_dim}), "
                f"({lengths._value.shape[0]} vs. {shape[batch_dim]})")
    elif not traced(lengths):   # (computed in a tf.function: not checked)
        for d, v in enumerate(np.asarray(lengths._value).tolist()):
            if v < 0:
                text = f"seq_lens({d}) < 0"
            elif v > shape[seq_dim]:
                text = f"seq_lens({d}) > input.dims({seq_dim})"
            if text:
                break
    if text:
        raise kernel_error("ReverseSequence", text)
    return execute(_reverse_sequence_op, (x, lengths),
                   (("seq_dim", seq_dim), ("batch_dim", batch_dim)))
