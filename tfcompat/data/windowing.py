"""Datasets of datasets: Dataset.window (TF's _WindowDataset) and Dataset.group_by_window
(TF's _GroupByWindowDataset), whose windows are datasets of the buffered elements
(sources._VariantDataset: the rows are shared, not copied); Dataset.bucket_by_sequence_length
as TF builds it on group_by_window."""
import collections

import numpy as np

from ..framework import dtypes, errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from . import structure
from .dataset_ops import UNKNOWN_CARDINALITY as UNKNOWN
from .dataset_ops import Dataset
from .dataset_spec import DatasetSpec
from .functions import DatasetFunction, StructuredFunction
from .iterator_ops import ElementError
from .sources import _VariantDataset
from .structure import scalar_int as _int
from .transformations import _flatten_like, _Unary


def _positive(value, what):
    n = _int(convert_to_tensor(value, dtype=dtypes.int64))   # (TF's conversion errors)
    if n <= 0:
        raise errors.op_error(errors.InvalidArgumentError, "WindowDataset",
                              f"Window {what} must be greater than zero.",
                              kernel="WindowDataset")
    return n


def _windows_of(rows, specs):
    """One window's element: a dataset of each component's rows."""
    return [_VariantDataset(spec, [[row[i]] for row in rows]) for i, spec in enumerate(specs)]


class _WindowDataset(_Unary):
    """Dataset.window(size, shift=None, stride=1, drop_remainder=False): TF's WindowDataset
    buffer: (size - 1) * stride + 1 elements read ahead, a window of every stride-th, then
    `shift` elements dropped (input elements skipped where shift exceeds the buffer). Each
    element is the input's structure of datasets (DatasetSpecs)."""

    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        super().__init__(input_dataset)
        self._size = _positive(size, "size")
        self._shift = self._size if shift is None else _positive(shift, "shift")
        self._stride = _positive(stride, "stride")
        self._drop = bool(drop_remainder)
        self._specs = structure.flat_specs(self._spec)   # (the input components')
        self._spec = nest.pack_sequence_as(self._spec, [DatasetSpec(s) for s in self._specs])

    def _iter_flat(self):
        it = self._input._iter_flat()
        span = (self._size - 1) * self._stride + 1
        buffer = collections.deque()
        done = False
        while True:
            while len(buffer) < span and not done:
                flat = next(it, None)
                if flat is None:
                    done = True
                else:
                    buffer.append(flat)
            if not buffer or (self._drop and len(buffer) < span):
                return
            rows = [buffer[i] for i in range(0, min(span, len(buffer)), self._stride)]
            yield _windows_of(rows, self._specs)
            if self._shift >= len(buffer):
                skip = self._shift - len(buffer)
                buffer.clear()
                for _ in range(skip if not done else 0):
                    if next(it, None) is None:
                        done = True
                        break
            else:
                for _ in range(self._shift):
                    buffer.popleft()

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        if not self._drop:
            return -(-n // self._shift)
        span = (self._size - 1) * self._stride + 1
        return 0 if n < span else (n - span) // self._shift + 1


def _scalar_int64(fn, what):
    """`fn`'s result as an int64 tensor (TF's key_func / window_size_func wrapper)."""
    def wrapper(*args):
        return convert_to_tensor(fn(*args), dtype=dtypes.int64)
    wrapper.__name__ = getattr(fn, "__name__", what)
    return wrapper


def _check_scalar_int64(function, argument):
    spec = function.output_spec
    if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.int64 and
            spec.shape.is_compatible_with(TensorShape([]))):
        raise ValueError(f"Invalid `{argument}`. `{argument}` must return a single `tf.int64` "
                         f"scalar tensor but its return type is {spec}.")


class _GroupByWindowDataset(_Unary):
    """Dataset.group_by_window: elements grouped by key_func(element); a group of
    window_size_func(key) elements (asked once per key, when the key is first seen) is
    passed as a dataset to reduce_func(key, window) and the dataset it returns is read to
    its end; at the end of the input the groups left are reduced by increasing key (TF's
    kernel keeps them in a std::map)."""

    def __init__(self, input_dataset, key_func, reduce_func, window_size_func,
                 output_spec=None):
        super().__init__(input_dataset)
        name = "Dataset.group_by_window()"
        self._key = StructuredFunction(_scalar_int64(key_func, "key_func"), self._spec, name)
        _check_scalar_int64(self._key, "key_func")
        self._reduce = DatasetFunction(_checked_reduce(reduce_func), (TensorSpec([], dtypes.int64),
                                                     DatasetSpec(self._spec)), name,
                                        output_spec)
        self._window_size = StructuredFunction(
            _scalar_int64(window_size_func, "window_size_func"), TensorSpec([], dtypes.int64),
            name)
        _check_scalar_int64(self._window_size, "window_size_func")
        self._spec = self._reduce.output_spec

    def _iter_flat(self):
        self._key.instantiate()
        self._window_size.instantiate()
        groups, sizes = {}, {}
        for flat in self._input._iter_flat():
            key = np.asarray(self._key(flat)[0]).astype(np.int64)
            k = int(key)
            if k not in sizes:
                size = int(np.asarray(self._window_size([key])[0]))
                if size <= 0:
                    raise ElementError(errors.InvalidArgumentError,
                                       f"Window size must be greater than zero, but got "
                                       f"{size}.")
                sizes[k] = size
            group = groups.setdefault(k, [])
            group.append(flat)
            if len(group) == sizes[k]:
                del groups[k]
                yield from self._reduced(k, group)
        for k in sorted(groups):
            yield from self._reduced(k, groups[k])

    def _reduced(self, key, rows):
        window = _VariantDataset(self._input.element_spec, rows)
        return self._reduce([np.asarray(key, np.int64), window])._iter_flat()

    def _cardinality(self):
        return UNKNOWN


def _checked_reduce(reduce_func):
    """reduce_func with TF's error for a result that is not a dataset."""
    def reduce(key, window):
        out = reduce_func(key, window)
        if not isinstance(out, Dataset):
            spec = nest.map_structure(lambda x: structure.spec_of(structure.to_array(x)),
                                      structure.function_output(out, "reduce_func"))
            raise TypeError(f"Invalid `reduce_func`. `reduce_func` must return a single "
                            f"`tf.data.Dataset` object but its return type is {spec}.")
        return out
    return reduce


def group_by_window(dataset, key_func, reduce_func, window_size=None, window_size_func=None,
                    output_spec=None):
    """Dataset.group_by_window (and tf.data.experimental.group_by_window's dataset)."""
    if (window_size is not None and window_size_func or
            not (window_size is not None or window_size_func)):
        raise ValueError("Either the `window_size` argument or the `window_size_func` "
                         "argument must be specified.")
    if window_size is not None:
        def window_size_func(unused_key):
            return convert_to_tensor(window_size, dtype=dtypes.int64)
    return _GroupByWindowDataset(dataset, key_func, reduce_func, window_size_func, output_spec)


# TF's failing assert_less in its batching_fn, reported through the iterator (the graph
# node names of TF's message left out).
_BOUNDARY_ERROR = (
    "Got error code INVALID_ARGUMENT and message: {{\nassertion failed: [When "
    "pad_to_bucket_boundary=True, elements must have length < max(bucket_boundaries).] "
    "[Condition x < y did not hold element-wise:] [x (args_0:0) = ] [{}] [y (Const_1:0) = ] "
    "[{}]\n}} \nfrom running user-defined function Dataset_group_by_window_batching_fn: ")


def _padded_shapes(spec, shapes, none_filler):
    """TF's make_padded_shapes: the padded shape of each component of `spec` (`shapes`
    nested as the elements, lists being shapes), each unknown dimension `none_filler`."""
    return nest.pack_sequence_as(spec, [
        TensorShape([none_filler if d is None else d for d in TensorShape(shape)])
        for shape in _flatten_like(spec, shapes)])


def bucket_by_sequence_length(dataset, element_length_func, bucket_boundaries,
                              bucket_batch_sizes, padded_shapes=None, padding_values=None,
                              pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """Dataset.bucket_by_sequence_length, as TF builds it: group_by_window keyed by the
    bucket of element_length_func(element), windows of the bucket's batch size, each
    batched (padded_batch unless `no_padding`; unknown dimensions padded to the bucket's
    boundary - 1 with `pad_to_bucket_boundary`). The element_spec is that of TF's
    symbolic trace: the batch dimension and the dimensions padded per bucket unknown."""
    if len(bucket_batch_sizes) != (len(bucket_boundaries) + 1):
        raise ValueError(
            f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
            f"`len(bucket_batch_sizes)={len(bucket_batch_sizes)}` and "
            f"`len(bucket_boundaries)={len(bucket_boundaries)}`.")
    from ..ops import comparison_ops, indexing_ops, reduction_ops
    boundaries = list(bucket_boundaries)
    batch_sizes = [_int(b) for b in bucket_batch_sizes]
    buckets_min = np.array([np.iinfo(np.int32).min] + boundaries)
    buckets_max = np.array(boundaries + [np.iinfo(np.int32).max])

    def element_to_bucket_id(*args):
        seq_length = element_length_func(*args)
        conditions = comparison_ops.logical_and(
            comparison_ops.less_equal(buckets_min, seq_length),
            comparison_ops.less(seq_length, buckets_max))
        return reduction_ops.reduce_min(indexing_ops.where(conditions))

    def window_size_fn(bucket_id):
        return convert_to_tensor(batch_sizes, dtype=dtypes.int64)[bucket_id]

    spec = dataset.element_spec
    input_shapes = nest.pack_sequence_as(spec, [s.shape for s in structure.flat_specs(spec)])

    def batching_fn(bucket_id, grouped_dataset):
        bucket = int(bucket_id)
        batch_size = batch_sizes[bucket]
        if no_padding:
            return grouped_dataset.batch(batch_size, drop_remainder=drop_remainder)
        none_filler = None
        if pad_to_bucket_boundary:
            if bucket >= len(batch_sizes) - 1:
                raise ElementError(errors.InternalError, _BOUNDARY_ERROR.format(
                    bucket, len(batch_sizes) - 1))
            none_filler = boundaries[bucket] - 1
        return grouped_dataset.padded_batch(
            batch_size, _padded_shapes(spec, padded_shapes or input_shapes, none_filler),
            padding_values, drop_remainder=drop_remainder)

    window = _VariantDataset(spec, [])
    out = (window.batch(1) if no_padding else window.padded_batch(
        1, _padded_shapes(spec, padded_shapes or input_shapes, None), padding_values))
    return group_by_window(dataset, element_to_bucket_id, batching_fn,
                           window_size_func=window_size_fn, output_spec=out.element_spec)
