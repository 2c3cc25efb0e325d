"""tf.data.experimental's datasets and transformations beyond the Dataset methods
(from_list, assert_cardinality, pad_to_cardinality, group_by_reducer, get_structure,
SHARD_HINT), its deprecated endpoints of Dataset methods (each logging TF's deprecation
warning once), and Dataset.counter."""
import collections.abc

import numpy as np

from ..framework import dtypes, errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.deprecation import warn_deprecated
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from . import structure
from .dataset_ops import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset
from .functions import StructuredFunction
from .iterator_ops import ElementError
from .sources import _VariantDataset
from .structure import scalar_int as _int
from .transformations import _BatchDataset, _InterleaveDataset, _MapDataset, _Unary

SHARD_HINT = -1

_OPS = "tensorflow.python.data.experimental.ops."


def counter(start=0, step=1, dtype=dtypes.int64):
    """Dataset.counter: start, start + step, ... without end (TF builds it as a scan over
    from_tensors(0).repeat())."""
    start = convert_to_tensor(start, dtype=dtype)
    step = convert_to_tensor(step, dtype=dtype)
    return Dataset.from_tensors(0).repeat(None).scan(start, lambda state, _: (state + step,
                                                                              state))


def _elements(n):
    """TF's ElementString: '1 element', 'n elements', 'an infinite number of elements'."""
    if n == INFINITE_CARDINALITY:
        return "an infinite number of elements"
    return "1 element" if n == 1 else f"{n} elements"


class _AssertCardinalityDataset(_Unary):
    """tf.data.experimental.assert_cardinality's dataset: the input's elements, of the
    given cardinality; TF's FailedPreconditionError when the count turns out otherwise."""

    def __init__(self, input_dataset, expected_cardinality):
        super().__init__(input_dataset)
        self._expected = _int(expected_cardinality)

    def _iter_flat(self):
        n = 0
        for flat in self._input._iter_flat():
            n += 1
            if 0 <= self._expected < n:
                raise ElementError(errors.FailedPreconditionError,
                                   f"Input dataset was expected to contain "
                                   f"{_elements(self._expected)} but contained at least "
                                   f"{_elements(n)}.")
            yield flat
        if n != self._expected:
            raise ElementError(errors.FailedPreconditionError,
                               f"Input dataset was expected to contain "
                               f"{_elements(self._expected)} but contained only "
                               f"{_elements(n)}.")

    def _cardinality(self):
        return self._expected


def assert_cardinality(expected_cardinality):
    """tf.data.experimental.assert_cardinality: a transformation for `Dataset.apply`."""
    return lambda dataset: _AssertCardinalityDataset(dataset, expected_cardinality)


class _ListDataset(_VariantDataset):
    """tf.data.experimental.from_list: the list's elements in order, of the most
    specific element_spec all of them fit."""

    def __init__(self, elements):
        if not elements:
            raise ValueError("Invalid `elements`. `elements` should not be empty. If you want "
                             "an empty dataset, use `tf.data.Dataset.range(0)`.")
        if not isinstance(elements, list):
            raise ValueError("Invalid `elements`. `elements` must be a list.")
        parts = [structure.normalize(e) for e in elements]
        specs = [structure.specs(s, flat) for s, flat in parts]
        for other in specs[1:]:
            try:
                nest.assert_same_structure(specs[0], other)
            except ValueError as e:   # (TF's tf.data nest: without the whole structures)
                raise ValueError(str(e).split("\nEntire first structure")[0]) from None
        spec = specs[0]
        for other in specs[1:]:
            spec = None if spec is None else structure.relax(spec, other)
        if spec is None:   # (TF's error where the elements' dtypes differ)
            raise AttributeError("'NoneType' object has no attribute '_flat_tensor_specs'")
        super().__init__(spec, [flat for _, flat in parts])


def from_list(elements, name=None):
    """tf.data.experimental.from_list."""
    return _ListDataset(elements)


def get_structure(dataset_or_iterator):
    """tf.data.experimental.get_structure: the element_spec of a dataset or iterator."""
    try:
        return dataset_or_iterator.element_spec
    except AttributeError:
        raise TypeError(f"Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a "
                        f"`tf.data.Dataset` or tf.data.Iterator object, but got "
                        f"{type(dataset_or_iterator)}.") from None


def pad_to_cardinality(cardinality, mask_key="valid"):
    """tf.data.experimental.pad_to_cardinality: a dict dataset, its elements marked
    `mask_key`: True, then zero elements marked False up to `cardinality` elements."""
    from ..ops.array_ops import zeros

    def make_filler_dataset(ds):
        padding = cardinality - ds.cardinality()
        filler_element = nest.map_structure(lambda spec: zeros(spec.shape, spec.dtype),
                                            ds.element_spec)
        filler_element[mask_key] = False
        return Dataset.from_tensors(filler_element).repeat(padding)

    def apply_valid_mask(x):
        x[mask_key] = True
        return x

    def _apply_fn(dataset):
        n = dataset._cardinality()
        if n < 0:
            raise ValueError(f"The dataset passed into `pad_to_cardinality` must have a known "
                             f"cardinalty, but has cardinality {dataset.cardinality()}")
        if n > cardinality:
            raise ValueError(f"The dataset passed into `pad_to_cardinality` must have a "
                             f"cardinalty less than the target cardinality ({cardinality}), "
                             f"but has cardinality {dataset.cardinality()}")
        if not isinstance(dataset.element_spec, collections.abc.Mapping):
            raise ValueError("`pad_to_cardinality` requires its input dataset to be a "
                             "dictionary.")
        return dataset.map(apply_valid_mask).concatenate(make_filler_dataset(dataset))

    return _apply_fn


class Reducer:
    """tf.data.experimental.Reducer(init_func, reduce_func, finalize_func)."""

    def __init__(self, init_func, reduce_func, finalize_func):
        self._init_func = init_func
        self._reduce_func = reduce_func
        self._finalize_func = finalize_func

    init_func = property(lambda self: self._init_func)
    reduce_func = property(lambda self: self._reduce_func)
    finalize_func = property(lambda self: self._finalize_func)


class _GroupByReducerDataset(_Unary):
    """group_by_reducer's dataset: a state per key_func(element) (init_func(key), then
    reduce_func(state, element) for each of its elements); at the end of the input,
    finalize_func(state) of each key by increasing key (TF's kernel keeps a std::map). The
    state's shapes are relaxed until reduce_func keeps them, as TF does."""

    def __init__(self, input_dataset, key_func, reducer):
        super().__init__(input_dataset)
        name = "tf.data.experimental.group_by_reducer()"
        self._key = StructuredFunction(key_func, self._spec, name)
        out = self._key.output_spec
        if not (isinstance(out, TensorSpec) and out.dtype == dtypes.int64 and
                out.shape.is_compatible_with(TensorShape([]))):
            types = nest.map_structure(lambda s: s.dtype, out)
            shapes = nest.map_structure(lambda s: s.shape, out)
            raise ValueError(f"Invalid `key_func`. Expected `key_func` to return a scalar "
                             f"tf.int64 tensor, but instead `key_func` has output "
                             f"types={types} and shapes={shapes}.")
        self._init = StructuredFunction(reducer.init_func, TensorSpec([], dtypes.int64), name)
        state = self._init.output_spec
        for _ in range(8):   # (each pass relaxes at least one dimension)
            self._reduce = StructuredFunction(reducer.reduce_func, (state, self._spec), name)
            new = self._reduce.output_spec
            relaxed = structure.relax(state, new)
            if relaxed is None:
                raise TypeError(f"Invalid `reducer`. The element types for the new state "
                                f"{nest.map_structure(lambda s: s.dtype, new)} do not match "
                                f"the element types of the old state "
                                f"{nest.map_structure(lambda s: s.dtype, state)}.")
            if relaxed == state:
                break
            state = relaxed
        self._state_spec = state
        self._finalize = StructuredFunction(reducer.finalize_func, state, name)
        self._spec = self._finalize.output_spec

    def _iter_flat(self):
        for fn in (self._key, self._init, self._reduce, self._finalize):
            fn.instantiate()
        states = {}
        for flat in self._input._iter_flat():
            key = np.asarray(self._key(flat)[0])
            k = int(key)
            if k not in states:
                states[k] = self._init([key])
            states[k] = self._reduce(list(states[k]) + list(flat))
        for k in sorted(states):
            yield self._finalize(list(states[k]))

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def group_by_reducer(key_func, reducer):
    """tf.data.experimental.group_by_reducer: a transformation for `Dataset.apply`."""
    return lambda dataset: _GroupByReducerDataset(dataset, key_func, reducer)


# -- deprecated endpoints of Dataset methods ---------------------------------------------

def _apply(name, module, instructions, method, *args, **kwargs):
    """TF's deprecation warning for `name`, then a transformation calling `method` of the
    dataset it is applied to."""
    warn_deprecated(name, _OPS + module, instructions, depth=3)
    return lambda dataset: getattr(dataset, method)(*args, **kwargs)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    return _apply("group_by_window", "grouping", "Use `tf.data.Dataset.group_by_window(...)`.",
                  "group_by_window", key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes,
                              padded_shapes=None, padding_values=None,
                              pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    return _apply("bucket_by_sequence_length", "grouping",
                  "Use `tf.data.Dataset.bucket_by_sequence_length(...)`.",
                  "bucket_by_sequence_length", element_length_func, bucket_boundaries,
                  bucket_batch_sizes, padded_shapes, padding_values, pad_to_bucket_boundary,
                  no_padding, drop_remainder)


def scan(initial_state, scan_func):
    return _apply("scan", "scan_ops", "Use `tf.data.Dataset.scan(...) instead", "scan",
                  initial_state, scan_func)


def take_while(predicate):
    return _apply("take_while", "take_while_ops", "Use `tf.data.Dataset.take_while(...)",
                  "take_while", predicate)


def unique():
    return _apply("unique", "unique", "Use `tf.data.Dataset.unique(...)", "unique")


def unbatch():
    return _apply("unbatch", "batching", "Use `tf.data.Dataset.unbatch()`.", "unbatch")


def enumerate_dataset(start=0):
    return _apply("enumerate_dataset", "enumerate_ops", "Use `tf.data.Dataset.enumerate()`.",
                  "enumerate", start)


def ignore_errors(log_warning=False):
    return _apply("ignore_errors", "error_ops", "Use `tf.data.Dataset.ignore_errors` instead.",
                  "ignore_errors", log_warning)


def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    return _apply("rejection_resample", "resampling",
                  "Use `tf.data.Dataset.rejection_resample(...)`.", "rejection_resample",
                  class_func, target_dist, initial_dist, seed)


def dense_to_sparse_batch(batch_size, row_shape):
    return _apply("dense_to_sparse_batch", "batching",
                  "Use `tf.data.Dataset.sparse_batch` instead.", "sparse_batch", batch_size,
                  row_shape)


def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """tf.data.experimental.shuffle_and_repeat: shuffle(buffer_size, seed) then
    repeat(count), which TF's static optimization fuses into this op."""
    warn_deprecated("shuffle_and_repeat", _OPS + "shuffle_ops",
                    "Use `tf.data.Dataset.shuffle(buffer_size, seed)` followed by "
                    "`tf.data.Dataset.repeat(count)`. Static tf.data optimizations will take "
                    "care of using the fused implementation.")
    return lambda dataset: dataset.shuffle(buffer_size, seed).repeat(count)


def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False,
                  num_parallel_calls=None):
    """tf.data.experimental.map_and_batch: map then batch (TF's fused MapAndBatchDataset,
    which map_and_batch_fusion makes of them)."""
    warn_deprecated("map_and_batch", _OPS + "batching",
                    "Use `tf.data.Dataset.map(map_func, num_parallel_calls)` followed by "
                    "`tf.data.Dataset.batch(batch_size, drop_remainder)`. Static tf.data "
                    "optimizations will take care of using the fused implementation.")
    if num_parallel_batches is not None and num_parallel_calls is not None:
        raise ValueError(
            "`map_and_batch` allows only one of `num_parallel_batches` and "
            "`num_parallel_calls` to be set, but "
            f"`num_parallel_batches` was set to {num_parallel_batches} "
            f"and `num_parallel_calls` as set to {num_parallel_calls}.")
    return lambda dataset: _MapAndBatchDataset(_MapDataset(dataset, map_func), batch_size,
                                               drop_remainder)


class _MapAndBatchDataset(_BatchDataset):
    """map_and_batch's dataset: a batch of a map (TF's fused MapAndBatchDataset)."""


class _ParallelInterleaveDataset(_InterleaveDataset):
    """parallel_interleave's dataset: TF's deterministic order (sloppy=False) is
    interleave's; a sloppy one may be any order, and is this one."""

    _repr_name = "ParallelInterleaveDataset"


def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False,
                        buffer_output_elements=None, prefetch_input_elements=None):
    """tf.data.experimental.parallel_interleave (deprecated for Dataset.interleave)."""
    warn_deprecated("parallel_interleave", _OPS + "interleave_ops",
                    "Use `tf.data.Dataset.interleave(map_func, cycle_length, block_length, "
                    "num_parallel_calls=tf.data.AUTOTUNE)` instead. If sloppy execution is "
                    "desired, use `tf.data.Options.deterministic`.")
    return lambda dataset: _ParallelInterleaveDataset(dataset, map_func, cycle_length,
                                                      block_length)


def get_single_element(dataset):
    warn_deprecated("get_single_element", _OPS + "get_single_element",
                    "Use `tf.data.Dataset.get_single_element()`.")
    if not isinstance(dataset, Dataset):
        raise TypeError(f"Invalid `dataset`. Expected a `tf.data.Dataset` object but got "
                        f"{type(dataset)}.")
    return dataset.get_single_element()


def get_next_as_optional(iterator):
    warn_deprecated("get_next_as_optional", "tensorflow.python.data.ops.iterator_ops",
                    "Use `tf.data.Iterator.get_next_as_optional()` instead.")
    return iterator.get_next_as_optional()


def CounterV2(start=0, step=1, dtype=dtypes.int64):  # noqa: N802 (TF's name)
    warn_deprecated("CounterV2", _OPS + "counter",
                    "Use `tf.data.Dataset.counter(...)` instead.")
    return counter(start, step, dtype)


Reducer.__module__ = "tensorflow.python.data.experimental.ops.grouping"
