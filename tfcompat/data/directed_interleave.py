"""Dataset.sample_from_datasets and Dataset.choose_from_datasets: TF's
DirectedInterleaveDataset, which takes each element from the input a selector dataset
names. sample_from_datasets's selector is TF's: ``StatelessMultinomial(log(weights))``
seeded by each pair of ``Dataset.random(seed)`` values."""

from ..framework import dtypes, errors
from ..framework.deprecation import warn_deprecated
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.tensor_spec import TensorSpec
from ..ops.functional_ops import vectorized_map
from ..ops.manip_ops import expand_dims, squeeze
from ..ops.stateless_random_ops import stateless_categorical
from ..ops.unary_ops import log
from . import structure
from .dataset_ops import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset
from .iterator_ops import ElementError

_SELECT_BLOCK = 256   # sample_from_datasets's selections computed at a time


class _DirectedInterleaveDataset(Dataset):
    """Each selector element i gives the next element of input i; an exhausted input is
    skipped (or ends the dataset with stop_on_empty_dataset), as is the end of all."""

    def __init__(self, selector_input, data_inputs, stop_on_empty_dataset):
        self._selector = selector_input
        self._data = list(data_inputs)
        self._stop = bool(stop_on_empty_dataset)
        self._inputs = (selector_input, *self._data)
        spec = self._data[0].element_spec
        for i, data_input in enumerate(self._data[1:]):
            common = structure.relax(spec, data_input.element_spec)
            if common is None:
                raise TypeError(f"Invalid `datasets`. `datasets` must have compatible "
                                f"element specs.\n Dataset 0 "
                                f"element_spec={self._data[0].element_spec}.\n"
                                f"Dataset {i + 1} "
                                f"element_spec={data_input.element_spec}.")
            spec = common
        self._spec = spec

    def _iter_flat(self):
        inputs = [ds._iter_flat() for ds in self._data]
        active = len(inputs)
        for flat in self._selector._iter_flat():
            i = int(flat[0])
            if not 0 <= i < len(inputs):
                raise ElementError(errors.InvalidArgumentError,
                                   f"Selector index out of range: {i} >= {len(inputs)}")
            if inputs[i] is None:
                continue
            element = next(inputs[i], None)
            if element is not None:
                yield element
                continue
            if self._stop:
                return
            inputs[i] = None
            active -= 1
            if active == 0:
                return

    def _cardinality(self):
        if any(ds._cardinality() == INFINITE_CARDINALITY for ds in self._data):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """Dataset.choose_from_datasets."""
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    if not isinstance(choice_dataset, Dataset):
        raise TypeError("Invalid `choice_dataset`. `choice_dataset` should be a "
                        f"`tf.data.Dataset` but is {type(choice_dataset)}.")
    spec = choice_dataset.element_spec
    if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.int64
            and spec.shape.is_compatible_with([])):
        raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be "
                        f"scalar `tf.int64` tensors but are {spec}.")
    return _DirectedInterleaveDataset(choice_dataset, datasets, stop_on_empty_dataset)


def _selected(logits, seed):
    return squeeze(stateless_categorical(logits, 1, seed=seed), axis=[0, 1])


def _seeds(seed, rerandomize_each_iteration):
    """The selector's seeds: pairs of Dataset.random values."""
    return Dataset.random(seed=seed,
                          rerandomize_each_iteration=rerandomize_each_iteration).batch(2, True)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                         rerandomize_each_iteration=None):
    """Dataset.sample_from_datasets."""
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    if isinstance(weights, Dataset):
        def select_dataset_varying_logits(logits, seed):
            return _selected(logits, seed)

        def logits(*p):
            return log(p)

        seeds = _seeds(seed, rerandomize_each_iteration)
        selector = Dataset.zip((weights.map(logits), seeds)).map(select_dataset_varying_logits)
        return _DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset)
    if weights is None:
        logits = [[1.0] * len(datasets)]
    else:
        if isinstance(weights, Tensor):
            if not weights.shape.is_compatible_with([len(datasets)]):
                raise ValueError(f"Invalid `weights`. The shape of `weights` should be "
                                 f"compatible with `[len(datasets)]` but is "
                                 f"{weights.shape}.")
        else:
            if len(datasets) != len(weights):
                raise ValueError(f"Invalid `weights`. `weights` should have the same length "
                                 f"as `datasets` but got `len(weights)={len(weights)}` vs. "
                                 f"`len(datasets)={len(datasets)}`.")
            kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
            datasets, weights = zip(*kept) if kept else ([datasets[0].take(0)], [1.0])
        weights = convert_to_tensor(weights, name="weights")
        if weights.dtype not in (dtypes.float32, dtypes.float64):
            raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` "
                            f"or `tf.float64` but is {weights.dtype}.")
        logits = expand_dims(log(weights), 0)
    if len(datasets) == 1:
        return datasets[0]

    def select_dataset_constant_logits(seed):
        return _selected(logits, seed)

    def select_block(seeds):   # (TF's map of select_dataset_constant_logits, vectorized)
        return vectorized_map(select_dataset_constant_logits, seeds)

    selector = (_seeds(seed, rerandomize_each_iteration).batch(_SELECT_BLOCK, True)
                .map(select_block).unbatch())
    return _DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset)




def _deprecated(name, instructions):
    """TF's deprecation warning, logged the first time `name` is called (from the line
    that called it)."""
    warn_deprecated(name, "tensorflow.python.data.experimental.ops.interleave_ops",
                    instructions, depth=3)


def sample_from_datasets_v2(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """tf.data.experimental.sample_from_datasets (deprecated for the Dataset method)."""
    _deprecated("sample_from_datasets_v2", "Use `tf.data.Dataset.sample_from_datasets(...)`.")
    return sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets_v2(datasets, choice_dataset, stop_on_empty_dataset=False):
    """tf.data.experimental.choose_from_datasets: as the Dataset method, but by default
    an exhausted input is skipped."""
    _deprecated("choose_from_datasets_v2",
                "Use `tf.data.Dataset.choose_from_datasets(...)` instead. Note that, unlike "
                "the experimental endpoint, the non-experimental endpoint sets "
                "`stop_on_empty_dataset=True` by default. You should set this argument "
                "explicitly in case you would like to match the behavior of the experimental "
                "endpoint.")
    return choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)
