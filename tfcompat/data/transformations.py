"""The transformations of tf.data.Dataset (TF's class names), as Python generators."""
import itertools

import numpy as np

from ..framework import config, dtypes, errors, nest
from ..framework.context import executing_eagerly
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor_shape import TensorShape
from . import extension_structure as ext, ragged_structure as ragged, random_seed_ops
from . import sparse_structure as sparse, structure
from .structure import scalar_int as _int
from .dataset_ops import INFINITE_CARDINALITY as INF
from .dataset_ops import UNKNOWN_CARDINALITY as UNKNOWN
from .dataset_ops import AUTOTUNE, Dataset
from .functions import DatasetFunction, Predicate, StructuredFunction
from .iterator_ops import ElementError
from .none_structure import NONE, is_none, is_none_spec


class _Unary(Dataset):
    """A transformation of one input dataset; by default it keeps the element_spec."""

    def __init__(self, input_dataset):
        if not isinstance(input_dataset, Dataset):
            raise TypeError(f"Expected a tf.data.Dataset, got {type(input_dataset).__name__}.")
        self._input = input_dataset
        self._inputs = (input_dataset,)
        self._spec = input_dataset.element_spec

    def _cardinality(self):
        return self._input._cardinality()


class _MapDataset(_Unary):
    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        self._fn = StructuredFunction(map_func, self._spec, "Dataset.map()")
        self._spec = self._fn.output_spec

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):   # (one element per input element)
        fn = self._fn
        fn.instantiate()
        for flat in self._input._iter_flat_from(n):
            yield fn(flat)


class _FilterDataset(_Unary):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = Predicate(predicate, self._spec, "Dataset.filter()")

    def _iter_flat(self):
        self._predicate.instantiate()
        test = self._predicate.test
        return (flat for flat in self._input._iter_flat() if test(flat))

    def _cardinality(self):
        return UNKNOWN


class _TakeWhileDataset(_Unary):
    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        self._predicate = Predicate(predicate, self._spec, "Dataset.take_while()")

    def _iter_flat(self):
        for flat in self._input._iter_flat():
            if not self._predicate.test(flat):
                return
            yield flat

    def _cardinality(self):
        return UNKNOWN


def _batch_size(batch_size, op):
    n = _int(batch_size)
    if n <= 0:
        raise errors.op_error(errors.InvalidArgumentError, op,
                              "Batch size must be greater than zero.", kernel=op)
    return n


def _batches(it, n, drop_remainder):
    """Lists of `n` consecutive flat elements (the last one shorter unless dropped)."""
    batch = []
    for flat in it:
        batch.append(flat)
        if len(batch) == n:
            yield batch
            batch = []
    if batch and not drop_remainder:
        yield batch


def _batched_cardinality(n, size, drop_remainder):
    if n < 0:
        return n
    return n // size if drop_remainder else -(-n // size)


class _BatchDataset(_Unary):
    def __init__(self, input_dataset, batch_size, drop_remainder, parallel=False):
        """`parallel`: batch's num_parallel_calls was given (TF's ParallelBatchDataset,
        which TF's map_and_batch_fusion does not fuse with a map before it)."""
        super().__init__(input_dataset)
        self._size = _batch_size(batch_size, "BatchDatasetV2")
        self._drop = bool(drop_remainder)
        self._fused = isinstance(input_dataset, _MapDataset) and not parallel
        lead = self._size if self._drop else None
        self._spec = structure.map_specs(
            lambda s: ragged.batched_spec(s, lead) if ragged.is_ragged_spec(s) else
            sparse.batched_spec(s, lead) if sparse.is_sparse_spec(s) else
            ext.batched_spec(s, lead) if ext.is_ext_spec(s) else
            s if is_none_spec(s) else
            TensorSpec(TensorShape([lead]).concatenate(s.shape), s.dtype), self._spec)

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):   # (batches before the last are full)
        from .map_batches import vectorized_batches
        from .row_batches import dense_batches
        skip = n * self._size
        fast = vectorized_batches(self._input, self._size, self._drop, skip) \
            if self._fused else dense_batches(self._input, self._size, self._drop, skip)
        if fast is not None:   # (a vectorized map; slices of dense arrays, not rows stacked)
            yield from fast
            return
        specs = structure.flat_specs(self._input._spec)   # (the elements')
        for batch in _batches(self._input._iter_flat_from(skip), self._size, self._drop):
            yield [ragged.stack([e[i] for e in batch], spec) if ragged.is_ragged_spec(spec)
                   else sparse.stack([e[i] for e in batch], spec) if sparse.is_sparse_spec(spec)
                   else ext.stack([e[i] for e in batch], spec) if ext.is_ext_spec(spec)
                   else NONE if is_none_spec(spec)
                   else _stack([np.asarray(e[i]) for e in batch], i, self._fused)
                   for i, spec in enumerate(specs)]

    def _cardinality(self):
        return _batched_cardinality(self._input._cardinality(), self._size, self._drop)


def _stack(arrays, component, fused):
    """The batch of component `component` of the elements, or TF's error for elements of
    different shapes: that of its MapAndBatchDataset where `fused` (a map before the
    batch: TF's map_and_batch_fusion), else its BatchDataset's."""
    first = arrays[0].shape
    for j, a in enumerate(arrays[1:], 1):
        if a.shape != first:
            raise ElementError(
                errors.InvalidArgumentError,
                "Cannot add tensor to the batch: number of elements does not match. Shapes "
                f"are: [tensor]: [{','.join(map(str, a.shape))}], [batch]: "
                f"[{','.join(map(str, first))}]" if fused else
                f"Cannot batch tensors with different shapes in component {component}. "
                f"First element had shape [{','.join(map(str, first))}] and element {j} "
                f"had shape [{','.join(map(str, a.shape))}].")
    return np.stack(arrays)


class _PaddedBatchDataset(_Unary):
    def __init__(self, input_dataset, batch_size, padded_shapes, padding_values,
                 drop_remainder):
        super().__init__(input_dataset)
        self._size = _batch_size(batch_size, "PaddedBatchDatasetV2")
        self._drop = bool(drop_remainder)
        flat = structure.flat_specs(self._spec)
        for i, s in enumerate(flat):
            if not isinstance(s, TensorSpec):
                raise TypeError(f"`padded_batch` is only supported for datasets that produce "
                                f"tensor elements but type spec of elements in the input "
                                f"dataset is not a subclass of TensorSpec: `{s!r}`.")
            if s.shape.rank is None and padded_shapes is None:
                raise ValueError(f"You must provide `padded_shapes` argument because "
                                 f"component {i} has unknown rank.")
        if padded_shapes is None:
            shapes = [s.shape for s in flat]
        else:
            shapes = [TensorShape([None if d is None or _int(d) == -1 else _int(d)
                                   for d in p])
                      for p in _flatten_like(self._spec, padded_shapes)]
            for p, s in zip(shapes, flat):
                if not _padded_shape_fits(p, s.shape):
                    raise ValueError(f"The padded shape {p} is not compatible with the shape "
                                     f"{s.shape} of the corresponding input component.")
        self._shapes = shapes
        if padding_values is None:
            values = [structure.zero(s.dtype) for s in flat]
        else:
            values = [structure.to_array(v) for v in _flatten_like(self._spec, padding_values)]
            for v, s in zip(values, flat):
                if np.asarray(v).dtype != s.dtype._np:
                    raise TypeError(f"Invalid `padding_values`. `padding_values` values type "
                                    f"{dtypes.from_numpy(v.dtype)} does not match type "
                                    f"{s.dtype} of the corresponding input component.")
        self._values = [np.asarray(v) for v in values]
        lead = self._size if self._drop else None
        self._spec = nest.pack_sequence_as(self._spec, [
            TensorSpec(TensorShape([lead]).concatenate(p), s.dtype)
            for p, s in zip(shapes, flat)])

    def _iter_flat(self):
        for batch in _batches(self._input._iter_flat(), self._size, self._drop):
            out = []
            for i, (shape, value) in enumerate(zip(self._shapes, self._values)):
                column = [np.asarray(e[i]) for e in batch]
                target = [d if d is not None else max(c.shape[k] for c in column)
                          for k, d in enumerate(shape)]
                padded = np.full([len(column)] + target, value, column[0].dtype)
                for j, c in enumerate(column):
                    if any(x > t for x, t in zip(c.shape, target)):
                        raise ElementError(errors.InvalidArgumentError,
                                           "Attempted to pad to a smaller size than the "
                                           "input element.")
                    # (the Ellipsis: a scalar string element is copied, not stored as
                    # the 0-d object array it is)
                    padded[(j,) + tuple(slice(0, x) for x in c.shape) + (Ellipsis,)] = c
                out.append(padded)
            yield out

    def _cardinality(self):
        return _batched_cardinality(self._input._cardinality(), self._size, self._drop)


def _padded_shape_fits(padded, shape):
    """TF's _is_padded_shape_compatible_with: same rank, no known dimension smaller."""
    if padded.rank is None or shape.rank is None:
        return True
    return padded.rank == shape.rank and all(
        p is None or d is None or p >= d for p, d in zip(padded, shape))


def _flatten_like(spec, value):
    """`value` (a scalar or shape for each component, or one for all) as a flat list."""
    n = len(structure.flat_specs(spec))
    if isinstance(spec, TensorSpec):
        return [value]
    if not isinstance(value, (tuple, dict)):
        return [value] * n
    return [x for s, v in zip(_children(spec), _children(value)) for x in _flatten_like(s, v)]


def _children(x):
    return [x[k] for k in sorted(x)] if isinstance(x, dict) else list(x)


class _UnbatchDataset(_Unary):
    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        flat = structure.flat_specs(self._spec)
        if any(not ext.is_ext_spec(s) and not is_none_spec(s) and s.shape.rank == 0
               for s in flat):
            raise ValueError("Cannot unbatch an input with scalar components.")
        self._spec = nest.pack_sequence_as(self._spec, [
            ext.sliced_spec(s) if ext.is_ext_spec(s) else
            ragged.sliced_spec(s) if ragged.is_ragged_spec(s) else
            sparse.sliced_spec(s) if sparse.is_sparse_spec(s) else
            s if is_none_spec(s) else
            TensorSpec(TensorShape(None) if s.shape.rank is None else s.shape[1:],
                       s.dtype) for s in flat])

    def _iter_flat(self):
        for flat in self._input._iter_flat():
            arrays = [a if ragged.is_ragged(a) or sparse.is_sparse(a) or ext.is_ext(a) or
                      is_none(a) else np.asarray(a) for a in flat]
            rows = [ext.nrows(a) if ext.is_ext(a) else a.shape[0] for a in arrays
                    if not is_none(a)]
            n = rows[0]
            if any(r != n for r in rows):
                raise ElementError(errors.InvalidArgumentError,
                                   "Input element must have the same batch size in each "
                                   "component.")
            for i in range(n):
                yield [structure.row(a, i) for a in arrays]

    def _cardinality(self):
        return UNKNOWN


class _ShuffleDataset(_Unary):
    """ShuffleDatasetV3's buffer algorithm and random stream: fill a buffer of
    `buffer_size` elements, emit the one at ``Random() % n`` (n elements buffered, a
    ring whose front moves into the emitted slot) and put the next input element at the
    front's old place. Each iterator draws its seeds from the dataset's seed generator:
    new ones per iteration unless reshuffle_each_iteration=False."""

    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        self._buffer_size = _int(buffer_size)
        if self._buffer_size == UNKNOWN:   # (TF: the whole input)
            self._buffer_size = 1 << 62
        elif self._buffer_size <= 0:
            raise errors.op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                                  "buffer_size must be greater than zero or "
                                  "UNKNOWN_CARDINALITY",
                                  kernel="ShuffleDatasetV3")
        seed, seed2 = random_seed_ops.dataset_seeds(None if seed is None else _int(seed))
        self._seed_generator = random_seed_ops.SeedGenerator(
            seed, seed2, bool(reshuffle_each_iteration))

    def _initialize(self):   # (TF opens the input when the buffer is first filled)
        self._seed_generator.initialize()

    def _iter_flat(self):
        return self._shuffled(self._input._iter_flat)

    def _shuffled(self, open_input):
        """The elements of `open_input()` (a fresh generator of the input's), shuffled."""
        draws = random_seed_ops.samples(*self._seed_generator.iterator_seeds())
        it = open_input()
        buffer = []
        for flat in it:
            buffer.append(flat)
            if len(buffer) >= self._buffer_size:
                break
        size = n = len(buffer)
        start = 0
        while n:
            i = (start + next(draws) % n) % size
            out = buffer[i]
            buffer[i] = buffer[start]
            yield out
            flat = next(it, None) if n == size else None
            if flat is None:
                n -= 1
            else:
                buffer[start] = flat
            start = (start + 1) % size


class _RepeatDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = -1 if count is None else _int(count)

    def _iter_flat(self):
        return self._epochs(self._input._iter_flat)

    def _iter_flat_from(self, n):
        size = self._input._cardinality()
        if size <= 0 or self._input._draws_seeds():   # (each epoch's seeds: replayed)
            return super()._iter_flat_from(n)
        epoch, skip = divmod(n, size)
        if 0 <= self._count <= epoch:
            return iter(())
        return itertools.chain(self._input._iter_flat_from(skip),
                               self._epochs(self._input._iter_flat, epoch + 1))

    def _epochs(self, open_input, epoch=0):
        """The elements of `open_input()` (a fresh generator of the input's), `count`
        times from epoch `epoch` (endless if negative; stops at an empty repetition)."""
        while self._count < 0 or epoch < self._count:
            empty = True
            for flat in open_input():
                empty = False
                yield flat
            if empty:
                return
            epoch += 1

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count == 0 or n == 0:
            return 0
        if self._count < 0:
            return INF if n != UNKNOWN else UNKNOWN
        return n if n < 0 else n * self._count


class _TakeDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _int(count)

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        if self._count < 0:
            yield from self._input._iter_flat_from(n)
            return
        if self._count <= n:
            return
        for i, flat in enumerate(self._input._iter_flat_from(n), n):
            yield flat
            if i + 1 == self._count:
                return

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return n
        if n == INF:
            return self._count
        return n if n == UNKNOWN else min(n, self._count)


class _SkipDataset(_Unary):
    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _int(count)

    def _iter_flat(self):
        it = self._input._iter_flat()
        if self._count < 0:
            for _ in it:
                pass
            return
        for i, flat in enumerate(it):
            if i >= self._count:
                yield flat

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return 0 if self._count < 0 else max(0, n - self._count)


class _ShardDataset(_Unary):
    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._n, self._index = _int(num_shards), _int(index)
        if self._n <= 0:
            raise errors.op_error(errors.InvalidArgumentError, "ShardDataset",
                                  "Number of shards must be greater than zero "
                                  f"(currently num_shards = {self._n}).", kernel="ShardDataset")
        if not 0 <= self._index < self._n:
            raise errors.op_error(errors.InvalidArgumentError, "ShardDataset",
                                  f"Index must be between 0 and {self._n - 1} (currently "
                                  f"index = {self._index}).", kernel="ShardDataset")

    def _iter_flat(self):
        for i, flat in enumerate(self._input._iter_flat()):
            if i % self._n == self._index:
                yield flat

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._n + (1 if self._index < n % self._n else 0)


class CacheDataset(_Unary):
    """Dataset.cache() in memory: the first complete iteration is replayed after."""

    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        self._cache = None

    def _initialize(self):   # (a complete cache is read without opening the input)
        if self._cache is None:
            super()._initialize()

    def _iter_flat(self):
        if self._cache is not None:
            yield from self._cache
            return
        seen = []
        for flat in self._input._iter_flat():
            seen.append(flat)
            yield flat
        self._cache = seen


class _OptionsDataset(_Unary):
    def __init__(self, input_dataset, options):
        from .options import Options
        super().__init__(input_dataset)
        if not isinstance(options, Options):
            raise TypeError(f"options must be a tf.data.Options, got {type(options)}.")
        self._own_options = options._copy()   # (TF keeps the options as they are now)

    def _iter_flat(self):
        return self._input._iter_flat()

    def _iter_flat_from(self, n):
        return self._input._iter_flat_from(n)


class _ZipDataset(Dataset):
    def __init__(self, datasets):
        if isinstance(datasets, list):
            raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) "
                            "structures of `tf.data.Dataset` objects. Python `list` is not "
                            "supported and you should use `tuple` instead.")
        flat = nest.flatten(datasets)
        for ds in flat:
            if not isinstance(ds, Dataset):
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) "
                                f"structures of `tf.data.Dataset` objects but encountered "
                                f"object of type {type(ds)}.")
        self._datasets = datasets
        self._inputs = tuple(flat)
        self._spec = nest.pack_sequence_as(datasets, [ds.element_spec for ds in flat])

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        its = [ds._iter_flat_from(n) for ds in self._inputs]
        while True:
            out = []
            for it in its:
                try:
                    out.extend(next(it))
                except StopIteration:
                    return
            yield out

    def _cardinality(self):
        result = INF
        for ds in self._inputs:
            n = ds._cardinality()
            if n == UNKNOWN:
                return UNKNOWN
            if n != INF:
                result = n if result == INF else min(result, n)
        return result


class _ConcatenateDataset(Dataset):
    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError(f"`dataset` must be a tf.data.Dataset, got {type(second)}.")
        spec = structure.relax(first.element_spec, second.element_spec)
        if spec is None:
            raise TypeError(f"Incompatible dataset elements:\n  {first.element_spec!r} vs. "
                            f"  {second.element_spec!r}")
        self._inputs = (first, second)
        self._spec = spec

    def _initialize(self):   # (TF opens the second input when the first ends)
        self._inputs[0]._initialize()

    def _iter_flat(self):
        for ds in self._inputs:
            yield from ds._iter_flat()

    def _cardinality(self):
        a, b = (ds._cardinality() for ds in self._inputs)
        if UNKNOWN in (a, b):
            return UNKNOWN
        return INF if INF in (a, b) else a + b


class _FlatMapDataset(_Unary):
    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        self._fn = DatasetFunction(map_func, self._spec, "Dataset.flat_map()")
        self._spec = self._fn.output_spec

    def _iter_flat(self):
        for flat in self._input._iter_flat():
            yield from self._fn(flat)._iter_flat()

    def _cardinality(self):
        return UNKNOWN


def parallel_cycle_length(cycle_length, num_parallel_calls):
    """TF's cycle length of an interleave with `num_parallel_calls` (ParallelInterleave):
    an AUTOTUNE cycle is min(num_parallel_calls, cores), or cores / 3 (rounded up) when
    the parallelism is AUTOTUNE too."""
    if cycle_length != AUTOTUNE:
        return cycle_length
    cores = config.cpu_cores()
    if num_parallel_calls == AUTOTUNE:
        return -(-cores // 3)   # (a thread per element and two for prefetching)
    return min(num_parallel_calls, cores)


def interleave(inputs, open_element, cycle, block):
    """TF's deterministic interleave order: `cycle` open inner iterators (each
    ``open_element(flat input element)``) visited in turn, `block` elements from each."""
    slots = [None] * cycle
    input_done = False
    i = 0
    while True:
        if slots[i] is None and not input_done:
            try:
                slots[i] = open_element(next(inputs))
            except StopIteration:
                input_done = True
        if slots[i] is not None:
            for _ in range(block):
                try:
                    yield next(slots[i])
                except StopIteration:
                    slots[i] = None
                    break
        if input_done and all(s is None for s in slots):
            return
        i = (i + 1) % cycle


class _InterleaveDataset(_Unary):
    """Dataset.interleave, sequential (TF's deterministic order, also with
    `num_parallel_calls`, which only sets the AUTOTUNE cycle length as TF's does)."""

    def __init__(self, input_dataset, map_func, cycle_length, block_length,
                 num_parallel_calls=None):
        super().__init__(input_dataset)
        self._fn = DatasetFunction(map_func, self._spec, "Dataset.interleave()")
        self._spec = self._fn.output_spec
        cycle = AUTOTUNE if cycle_length is None else _int(cycle_length)
        if num_parallel_calls is not None:
            cycle = parallel_cycle_length(cycle, _int(num_parallel_calls))
        self._cycle = config.cpu_cores() if cycle == AUTOTUNE else cycle
        self._block = 1 if block_length is None else _int(block_length)
        if self._cycle <= 0:
            raise errors.op_error(errors.InvalidArgumentError, "InterleaveDataset",
                                  "cycle_length must be greater than zero.",
                                  kernel="InterleaveDataset")
        if self._block <= 0:
            raise errors.op_error(errors.InvalidArgumentError, "InterleaveDataset",
                                  "block_length must be greater than zero.",
                                  kernel="InterleaveDataset")

    def _iter_flat(self):
        return interleave(self._input._iter_flat(), lambda flat: self._fn(flat)._iter_flat(),
                          self._cycle, self._block)

    def _cardinality(self):
        return UNKNOWN


class _UniqueDataset(_Unary):
    """Dataset.unique: the first occurrence of each element (int32, int64 or tf.string
    tensors, as TF)."""

    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        spec = self._spec
        if not isinstance(spec, TensorSpec) or spec.dtype not in (dtypes.int32, dtypes.int64,
                                                                  dtypes.string):
            raise TypeError(f"`tf.data.Dataset.unique` does not support type "
                            f"{getattr(spec, 'dtype', spec)} -- only `tf.int32`, `tf.int64`, "
                            "and `tf.string` are supported.")

    def _iter_flat(self):
        seen = set()
        for flat in self._input._iter_flat():
            a = np.asarray(flat[0])
            key = (a.shape, tuple(a.ravel()) if a.dtype == object else a.tobytes())
            if key not in seen:
                seen.add(key)
                yield flat

    def _cardinality(self):
        return UNKNOWN


def _state(initial_state):
    structure_, flat = structure.normalize(initial_state)
    return structure.specs(structure_, flat), flat


class _ScanDataset(_Unary):
    """Dataset.scan: scan_func(state, element) -> (new_state, output)."""

    def __init__(self, input_dataset, initial_state, scan_func):
        super().__init__(input_dataset)
        self._state_spec, self._initial = _state(initial_state)
        self._fn = StructuredFunction(scan_func, (self._state_spec, self._spec),
                                      "Dataset.scan()")
        out = self._fn.output_spec
        if not isinstance(out, tuple) or len(out) != 2:
            raise TypeError(f"The scan function must return a pair comprising the new state "
                            f"and the output value, not {out!r}.")
        self._n_state = len(structure.flat_specs(self._state_spec))
        self._spec = out[1]

    def _iter_flat(self):
        state = list(self._initial)
        for flat in self._input._iter_flat():
            result = self._fn(state + list(flat))
            state, out = result[:self._n_state], result[self._n_state:]
            yield out


def _staged_reduce(dataset, state, reduce_func):
    """Dataset.reduce inside tf.function over a dataset of unknown length: a while loop
    that pulls each element when the function runs (TF's ReduceDataset); the state keeps
    its shapes (XLA)."""
    from ..ops.control_flow_ops import while_loop
    from .iterator_ops import loop_pulls
    start, step, read = loop_pulls(dataset)

    def body(has_value, carried, state):
        state = structure.function_output(reduce_func(state, read(carried)), "Dataset.reduce()")
        return (*step(), state)
    return while_loop(lambda has_value, carried, state: has_value, body,
                      (*start(), state))[2]


def reduce(dataset, initial_state, reduce_func):
    """Dataset.reduce: the final state of reduce_func(state, element) over the elements.
    Inside tf.function the elements are read at run time (see Dataset.__iter__)."""
    state_spec, state = _state(initial_state)
    if not executing_eagerly():
        value = structure.to_tensors(state_spec, state)
        if dataset._cardinality() < 0:
            return _staged_reduce(dataset, value, reduce_func)
        for element in dataset:
            value = structure.function_output(reduce_func(value, element), "Dataset.reduce()")
        return value
    fn = StructuredFunction(reduce_func, (state_spec, dataset.element_spec), "Dataset.reduce()")
    try:
        nest.assert_same_structure(state_spec, fn.output_spec)
    except (TypeError, ValueError):
        raise TypeError(f"The element types for the new state must match the initial state. "
                        f"Expected {state_spec!r}; got {fn.output_spec!r}.") from None
    from .iterator_ops import next_flat
    it = dataset._iter_flat()
    while True:
        try:
            flat = next_flat(it, dataset.element_spec)
        except StopIteration:
            break
        state = fn(list(state) + list(flat))
    return structure.to_tensors(state_spec, state)
