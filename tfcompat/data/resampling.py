"""Dataset.rejection_resample and tf.data.experimental.rejection_resample, built as TF
builds them: (class, element) pairs drawn by sample_from_datasets from the input and from
a filter accepting each class with the acceptance probability that reshapes the initial
class distribution (given, or estimated by a scan over batches of 32 class values) into
the target one.

Differs from TF: the "Proportion of examples rejected by sampler is high" line TF's v1
Print writes to stderr when most elements are rejected is not written."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..ops import arithmetic_ops as math, array_ops, cast_ops, indexing_ops, manip_ops
from ..ops import comparison_ops, random_ops, reduction_ops
from .dataset_ops import Dataset


def _constant_value(t):
    """The value of an eager tensor (TF's constant_value of a constant), else None."""
    try:
        return np.asarray(t.numpy())
    except (AttributeError, TypeError, ValueError):
        return None


def _prob_original_static(initial_dist_t, target_dist_t):
    init_static = _constant_value(initial_dist_t)
    target_static = _constant_value(target_dist_t)
    if init_static is None or target_static is None:
        return None
    return np.min(target_static / init_static)


def _target_to_initial_ratio(initial_probs, target_probs):
    denom = initial_probs + np.finfo(initial_probs.dtype.as_numpy_dtype).tiny
    return target_probs / denom


def _estimate_data_distribution(c, num_examples_per_class_seen):
    num_classes = num_examples_per_class_seen.shape[0]
    num_examples_per_class_seen = math.add(
        num_examples_per_class_seen,
        reduction_ops.reduce_sum(array_ops.one_hot(c, num_classes, dtype=dtypes.int64), 0))
    init_prob_estimate = math.truediv(num_examples_per_class_seen,
                                      reduction_ops.reduce_sum(num_examples_per_class_seen))
    return num_examples_per_class_seen, cast_ops.cast(init_prob_estimate, dtypes.float32)


def _calculate_acceptance_probs_with_mixing(initial_probs, target_probs):
    """TF's: a_i = (t_i/p_i - m) / (M_max - m) and m = M_min (M = t/p)."""
    ratio_l = _target_to_initial_ratio(initial_probs, target_probs)
    max_ratio = reduction_ops.reduce_max(ratio_l)
    min_ratio = reduction_ops.reduce_min(ratio_l)
    m = min_ratio
    a_i = math.truediv(ratio_l - m, max_ratio - m)
    return a_i, m


def _estimate_initial_dist_ds(target_dist_t, class_values_ds, dist_estimation_batch_size=32,
                              smoothing_constant=10):
    num_classes = target_dist_t.shape[0] or array_ops.shape(target_dist_t)[0]
    initial_examples_per_class_seen = array_ops.fill([num_classes],
                                                     np.int64(smoothing_constant))

    def update_estimate_and_tile(num_examples_per_class_seen, c):
        updated_examples_per_class_seen, dist = _estimate_data_distribution(
            c, num_examples_per_class_seen)
        tiled_dist = manip_ops.tile(manip_ops.expand_dims(dist, 0),
                                    [dist_estimation_batch_size, 1])
        return updated_examples_per_class_seen, tiled_dist

    return (class_values_ds.batch(dist_estimation_batch_size)
            .scan(initial_examples_per_class_seen, update_estimate_and_tile).unbatch())


def _filter_ds(dataset, acceptance_dist_ds, initial_dist_ds, class_func, seed):
    acceptance_dist_ds = Dataset.zip((acceptance_dist_ds, initial_dist_ds)).map(
        lambda accept_dist, initial_dist: accept_dist)

    def _gather_and_copy(acceptance_prob, data):
        class_val = class_func(*data) if isinstance(data, tuple) else class_func(data)
        return class_val, indexing_ops.gather(acceptance_prob, class_val), data

    def _reject(unused_class_val, p, unused_data):
        return comparison_ops.less(random_ops.uniform([], seed=seed, dtype=p.dtype), p)

    return (Dataset.zip((acceptance_dist_ds, dataset)).map(_gather_and_copy)
            .filter(_reject).map(lambda class_value, _, data: (class_value, data)))


def rejection_resample(dataset, class_func, target_dist, initial_dist=None, seed=None):
    """Dataset.rejection_resample: (class, element) pairs whose classes follow
    `target_dist` (see the module docstring)."""
    target_dist_t = cast_ops.cast(convert_to_tensor(target_dist), dtypes.float32)
    if initial_dist is not None:
        initial_dist_t = cast_ops.cast(convert_to_tensor(initial_dist), dtypes.float32)
        acceptance_dist, prob_of_original = _calculate_acceptance_probs_with_mixing(
            initial_dist_t, target_dist_t)
        initial_dist_ds = Dataset.from_tensors(initial_dist_t).repeat()
        acceptance_dist_ds = Dataset.from_tensors(acceptance_dist).repeat()
        prob_of_original_ds = Dataset.from_tensors(prob_of_original).repeat()
    else:
        initial_dist_ds = _estimate_initial_dist_ds(target_dist_t, dataset.map(class_func))
        acceptance_and_original_prob_ds = initial_dist_ds.map(
            lambda initial: _calculate_acceptance_probs_with_mixing(initial, target_dist_t))
        acceptance_dist_ds = acceptance_and_original_prob_ds.map(
            lambda accept_prob, _: accept_prob)
        prob_of_original_ds = acceptance_and_original_prob_ds.map(
            lambda _, prob_original: prob_original)
    filtered_ds = _filter_ds(dataset, acceptance_dist_ds, initial_dist_ds, class_func,
                             seed).prefetch(3)
    prob_original_static = _prob_original_static(initial_dist_t, target_dist_t) \
        if initial_dist is not None else None

    def add_class_value(*x):
        if len(x) == 1:
            return class_func(*x), x[0]
        return class_func(*x), x

    if prob_original_static == 1:
        return dataset.map(add_class_value)
    if prob_original_static == 0:
        return filtered_ds
    return Dataset.sample_from_datasets(
        [dataset.map(add_class_value), filtered_ds],
        weights=prob_of_original_ds.map(lambda prob: [(prob, 1.0 - prob)]),
        seed=seed, stop_on_empty_dataset=True)

