"""tf.data.Dataset: the base class, its constructors and its transformations.

A dataset is a description: iterating it runs a chain of Python generators (each
dataset's ``_iter_flat``) that yield elements as flat lists of arrays, sliced and stacked
with numpy on the host; the iterator turns them into EagerTensors. The concrete classes
(TF's names: _TensorSliceDataset, _MapDataset ...) are in ``sources`` and
``transformations``. Used inside tf.function, datasets are read at run time (see
``iterator_ops``). Each dataset's generators run on the device it was made on, as TF places
a dataset's ops: the CPU device in tf.device's scope, else the host's first CPU.
"""
import abc
import functools

from ..framework import config, dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly, x64_methods
from ..framework.tracking_base import Trackable
from . import structure
from .dataset_spec import DatasetSpec
from .options import dataset_options

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
_END = object()


def _on_own_device(iterate):
    """`iterate` (a dataset's generator method) run on the dataset's device: the call
    that opens the iterator and each step of it."""
    @functools.wraps(iterate)
    def run(self, *args):
        return _stepped(config.on_device(self._device, iterate, self, *args), self._device)
    return run


def _stepped(it, device):
    """The elements of iterator `it`, each produced on `device`."""
    try:
        while True:
            flat = config.on_device(device, next, it, _END)
            if flat is _END:
                return
            yield flat
    finally:
        close = getattr(it, "close", None)
        if close is not None:
            close()


@x64_methods
class Dataset(abc.ABC):
    """tf.data.Dataset. Subclasses set ``_spec`` and implement ``_iter_flat`` and
    ``_cardinality`` (a Python int; -1 infinite, -2 unknown)."""

    _spec = None
    _inputs = ()
    _repr_name = None

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls)
        self._device = config.input_pipeline_device()   # (where it runs)
        return self

    def __init_subclass__(cls, **kwargs):
        """Each dataset's own generators (_iter_flat, _iter_flat_from) run on the device
        it was made on, wherever its elements are pulled (a tf.device scope, a prefetch
        thread, a host callback of a tf.function on a GPU), as TF runs a dataset's ops."""
        super().__init_subclass__(**kwargs)
        for name in ("_iter_flat", "_iter_flat_from"):
            if name in cls.__dict__:
                setattr(cls, name, _on_own_device(cls.__dict__[name]))

    @abc.abstractmethod
    def _iter_flat(self):
        """A fresh generator of the elements as flat lists of arrays."""

    @abc.abstractmethod
    def _cardinality(self):
        """The number of elements, INFINITE_CARDINALITY or UNKNOWN_CARDINALITY."""

    @property
    def element_spec(self):
        return self._spec

    def __repr__(self):
        return f"<{self._repr_name or type(self).__name__} element_spec={self._spec!r}>"

    def __bool__(self):
        return True

    def __tf_tracing_type__(self, context):
        """TF's DatasetSpec as the trace type of a tf.function argument (see
        dataset_argument)."""
        from .dataset_argument import trace_type
        return trace_type(self)

    # -- iteration ------------------------------------------------------------------

    def _iter_flat_from(self, n):
        """A fresh generator of the elements after the first `n` (a restored iterator's:
        iterator_checkpoint.py). By default the first `n` are produced and dropped;
        datasets that can start past them without producing them (sources, element-wise
        transformations, without random inputs beneath where epochs are skipped) do so."""
        it = self._iter_flat()
        for _ in range(n):
            if next(it, None) is None:
                return
        yield from it

    def _draws_seeds(self):
        """Whether a random dataset (one with a seed generator) is at or beneath this one."""
        return hasattr(self, "_seed_generator") or any(ds._draws_seeds() for ds in self._inputs)

    def _initialize(self):
        """What creating an iterator does at once in TF (its Initialize), before any
        element: the input iterators it opens initialize, a random dataset draws its seeds
        (those overriding this). Elements are still produced lazily."""
        for ds in self._inputs:
            ds._initialize()

    def __iter__(self):
        """An OwnedIterator; inside tf.function, the elements as each is read when the
        function runs (a Python loop over them is unrolled: see traced_elements)."""
        from . import iterator_ops
        if executing_eagerly():
            return iterator_ops.OwnedIterator(self)
        n = self._cardinality()
        return iterator_ops.traced_elements(self, None if n < 0 else n)

    def _staged_loop(self):
        """AutoGraph's hook for ``for x in dataset`` inside tf.function: one staged loop
        pulling each element when the function runs (TF's dataset loop)."""
        from . import iterator_ops
        return iterator_ops.loop_pulls(self)

    def as_numpy_iterator(self):
        """tf.data.Dataset.as_numpy_iterator: the elements as numpy values."""
        if not executing_eagerly():
            raise RuntimeError("`tf.data.Dataset.as_numpy_iterator()` is only supported in "
                               "eager mode.")
        for spec in structure.flat_specs(self.element_spec):
            if isinstance(spec, DatasetSpec):
                raise TypeError(f"`tf.data.Dataset.as_numpy_iterator()` is not supported for "
                                f"datasets that produce values of type {spec.value_type}")
        return NumpyIterator(self)

    def cardinality(self):
        """The number of elements as an int64 scalar (-1 infinite, -2 unknown). Inside
        tf.function, one unknown when traced is read when the function runs (a dataset
        argument's, and those made from it, are known then)."""
        n = self._cardinality()
        if n == UNKNOWN_CARDINALITY and not executing_eagerly():
            from .iterator_ops import read_cardinality
            return read_cardinality(lambda: self)
        return convert_to_tensor(n, dtype=dtypes.int64)

    def __len__(self):
        n = self._cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def options(self):
        """The tf.data.Options of this dataset (merged along its inputs), read-only."""
        own = getattr(self, "_own_options", None)
        return dataset_options([ds.options() for ds in self._inputs] +
                               ([own] if own is not None else []))

    # -- constructors -------------------------------------------------------------------

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        from .sources import _TensorSliceDataset
        return _TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        from .sources import _TensorDataset
        return _TensorDataset(tensors)

    @staticmethod
    def range(*args, **kwargs):
        """Dataset.range(stop) / (start, stop[, step]), output_type=tf.int64."""
        from .sources import _RangeDataset
        return _RangeDataset(*args, **kwargs)

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """Dataset.list_files: the sorted names matching the glob pattern(s), shuffled
        (the default) by a shuffle over all of them; TF's error when none matches."""
        from ..ops import io_ops
        from ..ops.assert_ops import Assert
        from ..ops.string_text_ops import reduce_join
        from .sources import _TensorSliceDataset
        file_pattern = convert_to_tensor(file_pattern, dtype=dtypes.string)
        matching = io_ops.matching_files(file_pattern)
        Assert(convert_to_tensor(matching.shape[0] > 0), [
            "No files matched pattern: " + reduce_join(file_pattern, separator=", ")],
            summarize=1)
        dataset = _TensorSliceDataset(matching)
        if shuffle is None or shuffle:
            dataset = dataset.shuffle(max(matching.shape[0], 1), seed=seed)
        return dataset

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """Dataset.random: pseudorandom int64 scalars."""
        from .sources import _RandomDataset
        return _RandomDataset(seed, rerandomize_each_iteration)

    @staticmethod
    def counter(start=0, step=1, dtype=dtypes.int64, name=None):
        """Dataset.counter: start, start + step, ... (int64 by default), without end."""
        from .experimental_ops import counter
        return counter(start, step, dtype)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Dataset.sample_from_datasets: elements of `datasets` drawn at random."""
        from .directed_interleave import sample_from_datasets
        return sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset,
                                    rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Dataset.choose_from_datasets: elements of `datasets` chosen by index."""
        from .directed_interleave import choose_from_datasets
        return choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None):
        from .sources import _GeneratorDataset
        return _GeneratorDataset(generator, output_types, output_shapes, args,
                                 output_signature)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Dataset.zip((a, b)), Dataset.zip(a, b) or Dataset.zip({'k': a, ...})."""
        from .transformations import _ZipDataset
        if datasets is not None and args:
            raise TypeError("Both `*args` and `datasets` cannot be set.")
        if datasets is None:
            if not args:
                raise TypeError("Must pass at least one dataset to `zip`.")
            datasets = args[0] if len(args) == 1 else args
        return _ZipDataset(datasets)

    # -- transformations -------------------------------------------------------------------

    def apply(self, transformation_func):
        """transformation_func(self), which must return a Dataset."""
        ds = transformation_func(self)
        if not isinstance(ds, Dataset):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. "
                            f"Got {type(ds)}.")
        return ds

    def map(self, map_func, num_parallel_calls=None, deterministic=None,
            synchronous=None, use_unbounded_threadpool=False, name=None):
        from .transformations import _MapDataset
        return _MapDataset(self, map_func)

    def filter(self, predicate, name=None):
        from .transformations import _FilterDataset
        return _FilterDataset(self, predicate)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None,
              deterministic=None, name=None):
        from .transformations import _BatchDataset
        return _BatchDataset(self, batch_size, drop_remainder,
                             parallel=num_parallel_calls is not None)

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64,
                     name=None):
        from .ragged_batch import ragged_batch
        return ragged_batch(self, batch_size, drop_remainder, row_splits_dtype)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None,
                     drop_remainder=False, name=None):
        from .transformations import _PaddedBatchDataset
        return _PaddedBatchDataset(self, batch_size, padded_shapes, padding_values,
                                   drop_remainder)

    def sparse_batch(self, batch_size, row_shape, name=None):
        """Dataset.sparse_batch: batches of dense elements as tf.sparse.SparseTensors."""
        from .sparse_batch import _DenseToSparseBatchDataset
        return _DenseToSparseBatchDataset(self, batch_size, row_shape)

    def unbatch(self, name=None):
        from .transformations import _UnbatchDataset
        return _UnbatchDataset(self)

    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Dataset.save: TF's snapshot files of the elements (data/save_load.py)."""
        from .save_load import save
        save(self, path, compression, shard_func, checkpoint_args)

    @staticmethod
    def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
        """Dataset.load: the dataset Dataset.save wrote to `path` (data/save_load.py)."""
        from .save_load import load
        return load(path, element_spec, compression, reader_func, wait)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        from .rebatch import _RebatchDataset
        return _RebatchDataset(self, batch_size, drop_remainder)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        from .transformations import _ShuffleDataset
        return _ShuffleDataset(self, buffer_size, seed, reshuffle_each_iteration)

    def repeat(self, count=None, name=None):
        from .transformations import _RepeatDataset
        return _RepeatDataset(self, count)

    def take(self, count, name=None):
        from .transformations import _TakeDataset
        return _TakeDataset(self, count)

    def skip(self, count, name=None):
        from .transformations import _SkipDataset
        return _SkipDataset(self, count)

    def shard(self, num_shards, index, name=None):
        from .transformations import _ShardDataset
        return _ShardDataset(self, num_shards, index)

    def prefetch(self, buffer_size, name=None):
        from .prefetch import _PrefetchDataset
        return _PrefetchDataset(self, buffer_size)

    def cache(self, filename="", name=None):
        """Dataset.cache: in memory, or with a filename in files (file_cache.py)."""
        from .transformations import CacheDataset
        if not isinstance(filename, str):
            filename = convert_to_tensor(filename, dtypes.string).numpy().decode()
        if filename:
            from .file_cache import FileCacheDataset
            return FileCacheDataset(self, filename)
        return CacheDataset(self)

    def concatenate(self, dataset, name=None):
        from .transformations import _ConcatenateDataset
        return _ConcatenateDataset(self, dataset)

    def enumerate(self, start=0, name=None):
        """Dataset.zip((Dataset.range(start, inf), self)), as TF builds it."""
        from .sources import _RangeDataset
        from .transformations import _ZipDataset
        return _ZipDataset((_RangeDataset(start, None), self))

    def flat_map(self, map_func, name=None):
        from .transformations import _FlatMapDataset
        return _FlatMapDataset(self, map_func)

    def interleave(self, map_func, cycle_length=None, block_length=None,
                   num_parallel_calls=None, deterministic=None, name=None):
        from .transformations import _InterleaveDataset
        return _InterleaveDataset(self, map_func, cycle_length, block_length,
                                  num_parallel_calls)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Dataset.window: a dataset of windows, each the element structure of datasets."""
        from .windowing import _WindowDataset
        return _WindowDataset(self, size, shift, stride, drop_remainder)

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None,
                        name=None):
        from .windowing import group_by_window
        return group_by_window(self, key_func, reduce_func, window_size, window_size_func)

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries,
                                  bucket_batch_sizes, padded_shapes=None, padding_values=None,
                                  pad_to_bucket_boundary=False, no_padding=False,
                                  drop_remainder=False, name=None):
        from .windowing import bucket_by_sequence_length
        return bucket_by_sequence_length(
            self, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
            padding_values, pad_to_bucket_boundary, no_padding, drop_remainder)

    def ignore_errors(self, log_warning=False, name=None):
        """Dataset.ignore_errors: the elements whose production does not fail."""
        from .error_ops import ignore_errors
        return ignore_errors(self, log_warning)

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None,
                           name=None):
        """Dataset.rejection_resample: (class, element) pairs resampled to target_dist."""
        from .resampling import rejection_resample
        return rejection_resample(self, class_func, target_dist, initial_dist, seed)

    def take_while(self, predicate, name=None):
        from .transformations import _TakeWhileDataset
        return _TakeWhileDataset(self, predicate)

    def unique(self, name=None):
        from .transformations import _UniqueDataset
        return _UniqueDataset(self)

    def scan(self, initial_state, scan_func, name=None):
        from .transformations import _ScanDataset
        return _ScanDataset(self, initial_state, scan_func)

    def with_options(self, options, name=None):
        from .transformations import _OptionsDataset
        return _OptionsDataset(self, options)

    def get_single_element(self, name=None):
        """Dataset.get_single_element: the only element (TF's error if not exactly one)."""
        from .iterator_ops import single_element
        return single_element(self)

    def reduce(self, initial_state, reduce_func, name=None):
        """reduce_func(state, element) over the elements; the final state as Tensors."""
        from .transformations import reduce
        return reduce(self, initial_state, reduce_func)


@x64_methods
class NumpyIterator(Trackable):
    """tf.data.NumpyIterator, what as_numpy_iterator returns: the elements of an
    OwnedIterator as numpy values (0-d as numpy scalars); checkpointed as that iterator."""

    def __init__(self, dataset):
        from .iterator_ops import OwnedIterator
        self._dataset = dataset
        self._iterator = OwnedIterator(dataset)

    def __repr__(self):
        return f"NumpyIterator(iterator={self._iterator})"

    def __iter__(self):
        return self

    def __next__(self):
        flat = self._iterator._pull()
        if flat is None:
            raise StopIteration
        return structure.to_numpy(self._iterator.element_spec, flat)

    next = __next__

    def _serialize_to_tensors(self):
        return self._iterator._serialize_to_tensors()

    def _restore_from_tensors(self, restored_tensors):
        return self._iterator._restore_from_tensors(restored_tensors)


DatasetV2 = Dataset
# TF's class (what libraries recognize tf.data datasets by: Keras's is_tf_dataset).
Dataset.__name__ = Dataset.__qualname__ = "DatasetV2"
Dataset.__module__ = NumpyIterator.__module__ = "tensorflow.python.data.ops.dataset_ops"
