"""tf.nn.collapse_repeated (built of other ops as TF's ctc_ops.py builds it) and
tf.nn.ctc_unique_labels (each row's unique labels, zero-padded, and each label's index
into them: TF maps tf.unique over the rows; here one kernel of static shape)."""
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from .array_ops import ones_like, range as _range
from .cast_ops import cast
from .comparison_ops import logical_and, not_equal
from .indexing_ops import boolean_mask
from .manip_ops import concat, expand_dims, reshape
from .one_hot_ops import sequence_mask
from .op_args import kernel_error
from .reduction_ops import reduce_max, reduce_sum
from .scatter_ops import scatter_nd


def collapse_repeated(labels, seq_length, name=None):
    """tf.nn.collapse_repeated: (labels [batch, new_maxlen] with runs of repeated labels
    within `seq_length` merged and zero-padded, the new lengths as `seq_length`'s dtype)."""
    labels = convert_to_tensor(labels)
    seq_length = convert_to_tensor(seq_length)
    label_mask = concat([ones_like(labels[:, :1], dtypes.bool),
                         not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
    seq_mask = sequence_mask(seq_length, maxlen=labels.shape[1])
    label_mask = logical_and(label_mask, seq_mask)
    new_seq_len = reduce_sum(cast(label_mask, dtypes.int32), axis=1)
    new_maxlen = reduce_max(new_seq_len)
    idx_mask = sequence_mask(new_seq_len, maxlen=new_maxlen)
    flat_labels = reshape(labels, [-1])
    flat_label_mask = reshape(label_mask, [-1])
    flat_idx_mask = reshape(idx_mask, [-1])
    idx = _range(flat_idx_mask.shape[0])
    flat = scatter_nd(expand_dims(boolean_mask(idx, flat_idx_mask), axis=1),
                      boolean_mask(flat_labels, flat_label_mask), [flat_idx_mask.shape[0]])
    return reshape(flat, [labels.shape[0], new_maxlen]), cast(new_seq_len, seq_length.dtype)


def _unique_labels(x):
    n = x.shape[1]
    first = jnp.argmax(x[:, :, None] == x[:, None, :], axis=2)   # first equal position
    is_first = first == np.arange(n)
    ids = jnp.cumsum(is_first, axis=1) - 1
    idx = jnp.take_along_axis(ids, first, axis=1).astype(jnp.int32)
    slot = jnp.where(is_first, ids, n)     # (n: dropped)
    rows = np.arange(x.shape[0])[:, None]
    y = jnp.zeros((x.shape[0], n + 1), jnp.int64).at[rows, slot].set(x.astype(jnp.int64))
    return y[:, :n], idx


_unique_labels_op = Op("CTCUniqueLabels", _unique_labels, differentiable=False)


def ctc_unique_labels(labels, name=None):
    """tf.nn.ctc_unique_labels: (int64 unique labels of each row in order of first
    occurrence, zero-padded; int32 index of each label among them)."""
    x = convert_to_tensor(labels)
    if x.ndim != 2:
        raise kernel_error("Unique", "unique expects a 1D vector.", name="")
    return execute(_unique_labels_op, (x,))
