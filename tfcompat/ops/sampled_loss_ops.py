"""tf.nn.nce_loss and tf.nn.sampled_softmax_loss (named nce_loss_v2 ... as TF's are): TF's
_compute_sampled_logits (nn_impl.py) op for op, so that values and gradients
(IndexedSlices for the weights) are TF's."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from . import arithmetic_ops, array_ops, cast_ops, comparison_ops, manip_ops, nn_ops
from . import indexing_ops, product_ops, random_seed, reduction_ops
from .candidate_sampling_ops import log_uniform_candidate_sampler
from .loss_ops import sigmoid_cross_entropy_with_logits, softmax_cross_entropy_with_logits
from .unary_ops import log

__all__ = ["nce_loss_v2", "sampled_softmax_loss_v2"]


def _sum_rows(x):
    """TF's _sum_rows: x @ ones (its gradient is that of a matmul)."""
    ones = array_ops.ones(manip_ops.stack([array_ops.shape(x)[1], 1]), x.dtype)
    return manip_ops.reshape(product_ops.matmul(x, ones), [-1])


def _accidental_hits(labels, sampled, dtype):
    """compute_accidental_hits scattered densely (SparseToDense, as TF adds it): -FLT_MAX
    at [row, j] where a true class of the row is sampled[j], j the last position of that
    value in `sampled`."""
    hit = reduction_ops.reduce_any(comparison_ops.equal(
        manip_ops.expand_dims(labels, 2), manip_ops.reshape(sampled, [1, 1, -1])), axis=1)
    later = comparison_ops.equal(manip_ops.expand_dims(sampled, 1),
                                 manip_ops.expand_dims(sampled, 0))
    n = array_ops.shape(sampled)[0]
    after = comparison_ops.greater(manip_ops.expand_dims(array_ops.range(n), 0),
                                   manip_ops.expand_dims(array_ops.range(n), 1))
    last = comparison_ops.logical_not(reduction_ops.reduce_any(
        comparison_ops.logical_and(later, after), axis=1))
    mask = comparison_ops.logical_and(hit, manip_ops.expand_dims(last, 0))
    return indexing_ops.where(mask, convert_to_tensor(-np.finfo(np.float32).max, dtype),
                           convert_to_tensor(0, dtype))


def _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes,
                            num_true, sampled_values, remove_accidental_hits, seed):
    """TF's _compute_sampled_logits (subtract_log_q=True, 'div' partitioning)."""
    if not isinstance(weights, (list, tuple)):
        weights = [weights]
    labels = convert_to_tensor(labels)
    inputs = convert_to_tensor(inputs)
    if labels.dtype != dtypes.int64:
        labels = cast_ops.cast(labels, dtypes.int64)
    labels_flat = manip_ops.reshape(labels, [-1])
    if sampled_values is None:
        sampled_values = log_uniform_candidate_sampler(
            true_classes=labels, num_true=num_true, num_sampled=num_sampled, unique=True,
            range_max=num_classes, seed=seed)
    sampled, true_expected_count, sampled_expected_count = (
        manip_ops.stop_gradient(s) for s in sampled_values)
    sampled = cast_ops.cast(sampled, dtypes.int64)
    all_ids = manip_ops.concat([labels_flat, sampled], 0)
    all_w = nn_ops.embedding_lookup(list(weights), all_ids)
    if all_w.dtype != inputs.dtype:
        all_w = cast_ops.cast(all_w, inputs.dtype)
    n_true = array_ops.shape(labels_flat)[0]
    true_w = all_w[:n_true]
    sampled_w = all_w[n_true:]
    sampled_logits = product_ops.matmul(inputs, sampled_w, transpose_b=True)
    all_b = nn_ops.embedding_lookup(biases, all_ids)
    if all_b.dtype != inputs.dtype:
        all_b = cast_ops.cast(all_b, inputs.dtype)
    true_b, sampled_b = all_b[:n_true], all_b[n_true:]
    dim = array_ops.shape(true_w)[1:2]
    row_wise_dots = arithmetic_ops.multiply(
        manip_ops.expand_dims(inputs, 1),
        manip_ops.reshape(true_w, manip_ops.concat([[-1, num_true], dim], 0)))
    dots_as_matrix = manip_ops.reshape(row_wise_dots, manip_ops.concat([[-1], dim], 0))
    true_logits = manip_ops.reshape(_sum_rows(dots_as_matrix), [-1, num_true])
    true_logits += manip_ops.reshape(true_b, [-1, num_true])
    sampled_logits += sampled_b
    if remove_accidental_hits:
        random_seed.get_seed(None)   # (TF's compute_accidental_hits draws its unused seeds)
        sampled_logits += _accidental_hits(labels, sampled, sampled_logits.dtype)
    true_logits -= log(true_expected_count)
    sampled_logits -= log(sampled_expected_count)
    out_logits = manip_ops.concat([true_logits, sampled_logits], 1)
    out_labels = manip_ops.concat([array_ops.ones_like(true_logits) / num_true,
                                   array_ops.zeros_like(sampled_logits)], 1)
    return out_logits, out_labels


def nce_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
             sampled_values=None, remove_accidental_hits=False, name="nce_loss"):
    """tf.nn.nce_loss: noise-contrastive estimation loss per example."""
    logits, labels = _compute_sampled_logits(
        weights, biases, labels, inputs, num_sampled, num_classes, num_true,
        sampled_values, remove_accidental_hits, None)
    return _sum_rows(sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))


def sampled_softmax_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes,
                         num_true=1, sampled_values=None, remove_accidental_hits=True,
                         seed=None, name="sampled_softmax_loss"):
    """tf.nn.sampled_softmax_loss: softmax cross entropy over the true and sampled
    classes, per example."""
    logits, labels = _compute_sampled_logits(
        weights, biases, labels, inputs, num_sampled, num_classes, num_true,
        sampled_values, remove_accidental_hits, seed)
    return softmax_cross_entropy_with_logits(labels=manip_ops.stop_gradient(labels),
                                             logits=logits)
