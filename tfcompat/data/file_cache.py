"""Dataset.cache(filename): the elements cached in files, as TF's CacheDataset (its
FileDataset, core/kernels/data/cache_dataset_ops.cc) caches them.

An iterator made while ``FILENAME.index`` exists reads the cache, whatever dataset wrote
it, and never opens its input. Otherwise its first element takes the lock
``FILENAME_0.lockfile`` (TF's AlreadyExistsError where another iterator holds it, or
where a shard ``FILENAME_0.index`` was left; NotFoundError where the directory is
missing), and the iteration passes its input's elements through; when it ends, the cache
is written at ``FILENAME`` and the lock removed. An iterator dropped before the end
leaves no cache (the lock goes; TF discards its partial shard too), so the next one
writes it again. Each element's component i is stored under TF's key
``"%7d_%Nd" % (element, i)``.

Deliberate differences: the files are tfcompat's checkpoint format (checkpoint_format's
write_arrays; a cache TensorFlow wrote, a tensor bundle, is read too), written when the
iteration ends (TF writes a temporary shard as it goes); TF's C++ warning about a cache
not fully read is not printed; an iterator restored from a checkpoint while it writes
writes the cache from its start again (TF flushes a shard per save, and a restore in the
same process fails on the shard it finds); after a lock error the iteration ends (TF's
next GetNext tries the lock again); elements with other than dense components (ragged,
sparse, optional, extension types) raise a TypeError naming them.
"""
import contextlib
import os
import time

import numpy as np

from ..framework import checkpoint_format, dtypes, errors, nest
from ..framework.tensor_spec import TensorSpec
from .iterator_ops import ElementError
from .transformations import _Unary


class FileCacheDataset(_Unary):
    """Dataset.cache(filename) with a non-empty filename."""

    _repr_name = "CacheDataset"

    def __init__(self, input_dataset, filename):
        super().__init__(input_dataset)
        flat = nest.flatten(self._spec)
        for spec in flat:
            if type(spec) is not TensorSpec:
                raise TypeError(
                    f"tfcompat does not implement tf.data.Dataset.cache(filename) for "
                    f"elements with {type(spec).__name__} components (only dense tensors "
                    f"are cached in files); use cache() for an in-memory cache.")
        self._filename = filename
        self._dtypes = [spec.dtype for spec in flat]
        self._key = f"%7d_%{len(str(max(len(flat) - 1, 0)))}d"

    def _initialize(self):   # (a complete cache is read without opening the input)
        if not os.path.exists(self._filename + ".index"):
            super()._initialize()

    def _iter_flat(self):
        if os.path.exists(self._filename + ".index"):
            return self._read()
        return _Writer(self)

    def _read(self):
        arrays = checkpoint_format.read_arrays(self._filename)
        i = 0
        while self._key % (i, 0) in arrays:
            yield [_as(arrays[self._key % (i, j)], dtype) for j, dtype in enumerate(self._dtypes)]
            i += 1


class _Writer:
    """The iteration that writes the cache: its first element takes the lock, then the
    input's elements pass on; at the end the cache is written and the lock removed. An
    input that failed writes no cache; the lock goes when the iteration is dropped."""

    def __init__(self, dataset):
        self._dataset = dataset
        self._lockfile = dataset._filename + "_0.lockfile"
        self._input = None
        self._arrays = {}
        self._count = 0
        self._failed = False

    def __iter__(self):
        return self

    def __next__(self):
        dataset = self._dataset
        if self._input is None:
            self._lock()
            self._input = dataset._input._iter_flat()
        try:
            flat = next(self._input)
        except StopIteration:
            if self._lockfile is not None:
                try:
                    if not self._failed:
                        checkpoint_format.write_arrays(dataset._filename, self._arrays)
                finally:
                    self._unlock()
            raise
        except BaseException:
            self._failed = True
            raise
        for j, (value, dtype) in enumerate(zip(flat, dataset._dtypes)):
            self._arrays[dataset._key % (self._count, j)] = np.asarray(
                value, object if dtype == dtypes.string else None)
        self._count += 1
        return flat

    def _lock(self):
        shard = self._dataset._filename + "_0"
        lockfile = self._lockfile
        if os.path.exists(shard + ".index"):
            raise ElementError(errors.AlreadyExistsError,
                               f"Existing cache files found: \n{shard}.index\n{shard}.data-"
                               f"00000-of-00001\nTo continue delete the above files.")
        try:
            with open(lockfile, "x") as f:
                f.write(f"Created at: {int(time.time())}")
        except FileNotFoundError:
            raise ElementError(errors.NotFoundError,
                               f"{lockfile}; No such file or directory") from None
        except FileExistsError:
            try:
                with open(lockfile, "rb") as f:
                    contents = f.read(150).decode("utf-8", "replace")
            except OSError:
                contents = ""
            raise ElementError(errors.AlreadyExistsError,
                               _concurrent(lockfile, contents)) from None

    def _unlock(self):
        lockfile, self._lockfile = self._lockfile, None
        with contextlib.suppress(FileNotFoundError):
            os.remove(lockfile)

    def close(self):
        """The iteration ends or is dropped (the dataset's generator closes it)."""
        if self._input is not None and self._lockfile is not None:
            self._unlock()


def _concurrent(lockfile, contents):
    return (f"There appears to be a concurrent caching iterator running - cache lockfile "
            f"already exists ('{lockfile}'). If you are sure no other running TF "
            f"computations are using this cache prefix, delete the lockfile and "
            f"re-initialize the iterator. Lockfile contents: {contents}")


def _as(array, dtype):
    """A stored component as the element's array of `dtype` (NumPy's file format keeps
    no bfloat16: its bytes are viewed as it)."""
    return array if array.dtype == object else array.view(dtype.as_numpy_dtype)
