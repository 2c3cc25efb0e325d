"""tf.data's auto-sharding by FILE for a worker of a multi-worker strategy (TF's grappler
rewrite ``auto_shard.cc``, ShardByFile): walking the pipeline from its end (through
both inputs of zip and concatenate), the first file reader (TFRecordDataset,
TextLineDataset, FixedLengthRecordDataset, or a flat_map / interleave whose function
makes one) has its dataset of file names sharded, ``shard(num_workers, index)``, the
shuffles of the names moved just after the shard (the workers' files are then disjoint),
the rest of the pipeline unchanged (a cache shares the original's memory cache, as TF's
resource).

A pipeline with no file source (a range, tensors, a generator, or a transformation the
rewrite does not walk through: unique, scan, take_while, random, sample_from_datasets,
CsvDataset ...) gives TF's tf.errors.NotFoundError, with the pipeline as far as the
rewrite changed it (the shards inserted in a zip's first inputs stay): AUTO shards that
by DATA. A worker of the first round of files whose later shards get none fails when
read, with TF's "Could not apply FILE based sharding" error. The NotFoundError's text
names the dataset class where TF dumps its graph node."""
import copy
import itertools

from . import iterator_ops
from .functions import _probe_values
from .prefetch import _PrefetchDataset
from .ragged_batch import _DenseToRaggedDataset
from .readers import _Reader
from .file_cache import FileCacheDataset
from .sources import _GeneratorDataset, _RangeDataset, _TensorDataset, \
    _TensorSliceDataset
from .transformations import (
    CacheDataset, _BatchDataset, _ConcatenateDataset, _FilterDataset, _FlatMapDataset,
    _InterleaveDataset, _MapDataset, _OptionsDataset, _PaddedBatchDataset, _RepeatDataset,
    _ShardDataset, _ShuffleDataset, _SkipDataset, _TakeDataset, _UnbatchDataset, _ZipDataset,
)
from ..framework import errors, nest
from ..ops.spec_probes import probing

# (TF's kPassThroughOps that tfcompat has: the rewrite walks up their one input)
_PASS_THROUGH = (_BatchDataset, CacheDataset, FileCacheDataset, _FilterDataset, _MapDataset,
                 _OptionsDataset, _PaddedBatchDataset, _PrefetchDataset, _RepeatDataset,
                 _ShardDataset, _ShuffleDataset, _SkipDataset, _TakeDataset, _UnbatchDataset,
                 _DenseToRaggedDataset)
_FUNCTION = (_FlatMapDataset, _InterleaveDataset)
_UNSHARDABLE = (_GeneratorDataset, _RangeDataset, _TensorDataset, _TensorSliceDataset)
_NOT_FOUND_HINT = (
    ". Consider either turning off auto-sharding or switching the auto_shard_policy to "
    "DATA to shard this dataset. You can do this by creating a new `tf.data.Options()` "
    "object then setting `options.experimental_distribute.auto_shard_policy = "
    "AutoShardPolicy.DATA` before applying the options object to the dataset via "
    "`dataset.with_options(options)`.")


class _Unshardable(Exception):
    """The rewrite failed with tf.errors.NotFoundError `error`; `partial` is the pipeline
    as far as it was rewritten (TF rewrites the graph in place: the shards inserted
    before the failure stay)."""

    def __init__(self, error, partial):
        super().__init__(error)
        self.error, self.partial = error, partial


def _not_found(node, text):
    error = errors.op_error(errors.NotFoundError, "AutoShardDataset", text,
                            kernel="AutoShardDataset")
    return _Unshardable(error, node)


def shard_by_file(dataset, num_workers, index):
    """`dataset` with its files sharded for worker `index` of `num_workers` (see the
    module's docstring), and None; where it has no file source, the pipeline as far as
    TF's rewrite changed it (AUTO shards that by DATA) and the tf.errors.NotFoundError."""
    try:
        return _rewritten(dataset, num_workers, index), None
    except _Unshardable as e:
        return e.partial, e.error


def _rewritten(node, num_workers, index):
    if isinstance(node, _UNSHARDABLE):
        raise _not_found(node, f"Found an unshardable source dataset: {_name(node)}")
    if isinstance(node, _Reader) or (isinstance(node, _FUNCTION) and _reads_files(node)):
        return _with_inputs(node, [_sharded(node._inputs[0], num_workers, index)])
    if not isinstance(node, _PASS_THROUGH + _FUNCTION + (_ZipDataset, _ConcatenateDataset)):
        raise _not_found(node, "Did not find a shardable source, walked to a node which is "
                               f"not a dataset: {_name(node)}{_NOT_FOUND_HINT}")
    inputs = list(node._inputs if isinstance(node, (_ZipDataset, _ConcatenateDataset))
                  else node._inputs[:1])
    for k, ds in enumerate(inputs):
        try:
            inputs[k] = _rewritten(ds, num_workers, index)
        except _Unshardable as e:
            inputs[k] = e.partial
            raise _Unshardable(e.error, _with_inputs(node, inputs)) from None
    return _with_inputs(node, inputs)


def _name(node):
    return type(node).__name__.lstrip("_").replace("V2", "")


def _sharded(files, num_workers, index):
    """The dataset of file names `files` without its shuffles, sharded, then shuffled as
    its first shuffle (from the source) did (TF's ProcessDatasetSourceNode)."""
    shuffles = []
    out = _FileShard(_without_shuffles(files, shuffles), num_workers, index)
    return _with_inputs(shuffles[-1], [out]) if shuffles else out


def _without_shuffles(node, shuffles):
    if isinstance(node, _ShuffleDataset):
        shuffles.append(node)
        return _without_shuffles(node._inputs[0], shuffles)
    if not node._inputs or not isinstance(node, _PASS_THROUGH + _FUNCTION +
                                          (_ZipDataset, _ConcatenateDataset, _Reader)):
        return node
    return _with_inputs(node, [_without_shuffles(ds, shuffles) for ds in node._inputs])


def _with_inputs(node, inputs):
    """A copy of the dataset `node` reading `inputs` (a CacheDataset's sharing its
    cache)."""
    out = copy.copy(node)
    if isinstance(node, CacheDataset):
        out.__class__ = _SharedCache
        out.__dict__.pop("_cache", None)
        out._original = node
    out._inputs = tuple(inputs)
    if hasattr(out, "_input"):
        out._input = inputs[0]
    if isinstance(out, _Reader):
        out._filenames = inputs[0]
    if isinstance(out, _ZipDataset):
        out._datasets = nest.pack_sequence_as(node._datasets, list(inputs))
    return out


class _SharedCache(CacheDataset):
    """A CacheDataset of the rewritten pipeline: its memory cache is the original's (in
    TF a resource both pipelines hold), filled by whichever completes first."""

    _cache = property(lambda self: self._original._cache,
                      lambda self, value: setattr(self._original, "_cache", value))


def _reads_files(node):
    """Whether the function of a flat_map/interleave makes a file reader (TF's
    ReaderOpInFunction), found by calling it on a probe element."""
    fn = node._fn
    for probe in _probe_values(fn._input_spec):
        try:
            with probing(2):
                made = fn._dataset(nest.flatten(probe))
        except Exception:  # noqa: BLE001 - a probe the function rejects
            continue
        return _has_reader(made)
    return False


def _has_reader(node):
    if isinstance(node, _Reader) or (isinstance(node, _FUNCTION) and _reads_files(node)):
        return True
    return any(_has_reader(ds) for ds in node._inputs)


class _FileShard(_ShardDataset):
    """The shard of the file names the rewrite inserts (TF's ShardDataset with
    require_non_empty): a worker of the first round of files whose later shards would
    get none fails when it is read."""

    def _iter_flat(self):
        it = self._input._iter_flat()
        first = next(itertools.islice(it, self._index, None), None)
        if first is None:
            return
        # (the files of the other shards of the first round must exist)
        rest = self._n - 1 - self._index
        if sum(1 for _ in itertools.islice(it, rest)) < rest:
            raise iterator_ops.ElementError(
                errors.InvalidArgumentError,
                f"Could not apply FILE based sharding: the dataset only has {self._index + 1}"
                f" file(s), which is not enough for the required {self._n} shards/workers. "
                "If you are using datasets with distribution strategy, consider setting the "
                "auto sharding policy to either DATA or OFF using the "
                "`experimental_distribute.auto_shard_policy` option of `tf.data.Options()`."
                " Or, split your input files into a larger number of small files such that "
                "number of files is greater than number of shards/workers.")
        yield first
        for i, flat in enumerate(it):
            if i % self._n == self._index:
                yield flat
