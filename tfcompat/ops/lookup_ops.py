"""The kernels of tf.lookup's tables (TF's lookup_table_op.cc): a table is host state, a
`HashTable` (the HashTableV2 / MutableHashTableV2 / MutableHashTableOfTensorsV2 resource)
or a `DenseHashTable` (MutableDenseHashTableV2, TF's open-addressing bucket arrays).

Every table op (LookupTableFindV2, InsertV2, RemoveV2, SizeV2, ExportV2, ImportV2,
InitializeTableFromTextFileV2) runs on the host: now when eager, and inside a
tf.function each time the function runs, in program order (an ordered io_callback, as
io_ops' file ops), so that inserts made by a function are seen after it returns and
lookups see the inserts before them. String keys and values cross as handles
(framework/strings.py).

Deliberate difference: LookupTableExportV2 gives tensors whose length is the table's
size, which XLA cannot compile: inside a tf.function it raises a TypeError naming it.
"""
import functools

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.dispatch import Op, execute
from ..framework.strings import OBJECT
from ..framework.relaxed_shapes import RelaxedTensor, relaxed
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import file_io, string_hash
from .io_ops import _file_op
from .op_args import dims, kernel_error

__all__ = []


def _key(x):
    """A table key from one element (bytes for strings, a Python number otherwise)."""
    return x if type(x) is bytes else x.item()


def _np_dtype(dtype):
    return OBJECT if dtype is dtypes.string else np.dtype(dtype.as_numpy_dtype)


class HashTable:
    """A hash table resource: keys to values (arrays of `value_shape`) in a dict."""

    def __init__(self, key_dtype, value_dtype, value_shape=(), static=False):
        self.key_dtype, self.value_dtype = key_dtype, value_dtype
        self.value_shape = tuple(value_shape)
        self.static = static          # HashTableV2: initialized once
        self.initialized = False
        self.data = {}

    def _check_values(self, op, keys, values):
        want = keys.shape + self.value_shape
        if values.shape != want:
            raise _error(op, f"Expected shape {dims(want)} for value, got "
                                   f"{dims(values.shape)}")

    def check_initialized(self):
        """TF's error for a lookup in a static table never initialized."""
        if self.static and not self.initialized:
            raise _error("LookupTableFindV2", "Table not initialized.",
                         cls=errors.FailedPreconditionError)

    def sorted_arrays(self):
        """A static numeric table as (sorted keys, their values): what `find_static`
        searches (made once: the table is immutable once initialized)."""
        if getattr(self, "_sorted", None) is None:
            keys = np.asarray(list(self.data), _np_dtype(self.key_dtype))
            values = np.asarray(list(self.data.values()), _np_dtype(self.value_dtype))
            order = np.argsort(keys, kind="stable")
            self._sorted = (keys[order], values[order])
        return self._sorted

    def find(self, keys, default):
        """LookupTableFindV2."""
        self.check_initialized()
        n = keys.size
        rows = default.reshape(-1, *self.value_shape) if default.shape != self.value_shape \
            else None
        if rows is not None and rows.shape[0] != n:
            raise _error("LookupTableFindV2",
                               f"Expected shape {dims(keys.shape + self.value_shape)} or "
                               f"{dims(self.value_shape)} for default value, got "
                               f"{dims(default.shape)}")
        out = np.empty((n,) + self.value_shape, _np_dtype(self.value_dtype))
        fill = default if self.value_shape else default[()]   # (an element, not a 0-d array)
        for i, k in enumerate(keys.ravel().tolist()):
            v = self.data.get(k, _MISSING)
            out[i] = (fill if rows is None else rows[i]) if v is _MISSING else v
        return [out.reshape(keys.shape + self.value_shape)]

    def insert(self, keys, values, op="LookupTableInsertV2"):
        """LookupTableInsertV2."""
        self._check_values(op, keys, values)
        rows = values.reshape(keys.size, *self.value_shape)
        for k, v in zip(keys.ravel().tolist(), rows):
            self.data[k] = v.copy() if self.value_shape else v
        return []

    def remove(self, keys):
        """LookupTableRemoveV2: absent keys are ignored."""
        for k in keys.ravel().tolist():
            self.data.pop(k, None)
        return []

    def size(self):
        """LookupTableSizeV2."""
        return [np.asarray(len(self.data), np.int64)]

    def export(self):
        """LookupTableExportV2: the keys and their values."""
        keys = np.empty(len(self.data), _np_dtype(self.key_dtype))
        keys[:] = list(self.data) if self.data else []
        values = np.empty((len(self.data),) + self.value_shape, _np_dtype(self.value_dtype))
        for i, v in enumerate(self.data.values()):
            values[i] = v
        return [keys, values]

    def import_(self, keys, values):
        """LookupTableImportV2: the table's contents replaced (a static table's
        initialization: once)."""
        if self.static:
            if self.initialized:
                return []   # (TF: an initialized HashTable ignores a second import)
            if not keys.size or not values.size:
                raise _error("LookupTableImportV2", "keys and values cannot be empty tensors.")
            if keys.shape != values.shape:
                raise _error("LookupTableImportV2",
                                   f"Expected shape {dims(keys.shape)} for value, got "
                                   f"{dims(values.shape)}")
        else:
            self._check_values("LookupTableImportV2", keys, values)
        data = self.data
        self.data = {}
        try:
            self.insert(keys, values, "LookupTableImportV2")
        except errors.OpError:
            self.data = data
            raise
        self.initialized = True
        return []

    def init_from_text_file(self, filename, key_index, value_index, vocab_size, delimiter,
                            offset):
        """InitializeTableFromTextFileV2: one entry per line of the file."""
        if self.static and self.initialized:
            return []
        name = bytes(filename[()]).decode("utf-8")
        lines = file_io.read_bytes(name).split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        if vocab_size != -1:
            if len(lines) < vocab_size:
                raise _error(
                    "InitializeTableFromTextFileV2",
                    f"Invalid vocab_size in {name}: expected {vocab_size} but got "
                    f"{len(lines)}", cls=errors.InvalidArgumentError)
            lines = lines[:vocab_size]
        keys, values = [], []
        for n, line in enumerate(lines):
            line = line[:-1] if line.endswith(b"\r") else line
            keys.append(_column(line, n, key_index, delimiter, self.key_dtype, name, offset))
            values.append(_column(line, n, value_index, delimiter, self.value_dtype, name,
                                  offset))
        for k, v in zip(keys, values):
            if self.static and k in self.data and self.data[k] != v:
                raise _error(
                    "InitializeTableFromTextFileV2",
                    f"HashTable has different value for same key. Key {_text(k)} has "
                    f"{_text(self.data[k])} and trying to add value {_text(v)}",
                    cls=errors.FailedPreconditionError)
            self.data[k] = v
        self.initialized = True
        return []


_MISSING = object()


def _error(op, text, cls=errors.InvalidArgumentError):
    """TF's error of a table kernel run eagerly (its wrapper names no op: "name: ")."""
    return kernel_error(op, text, name="", cls=cls)


def _text(v):
    return v.decode("utf-8", "replace") if type(v) is bytes else str(v)


def _column(line, n, index, delimiter, dtype, filename, offset):
    """One line's key or value: its number, the whole line, or a delimited column."""
    if index == -1:
        return n + offset
    if index == -2:
        text = line
    else:
        cols = line.split(delimiter.encode("utf-8")) if delimiter else line.split()
        if index >= len(cols):
            raise _error("InitializeTableFromTextFileV2",
                               f"Invalid number of columns in {filename} line {n} "
                               f"({line.decode('utf-8', 'replace')}) : expected {index + 1}"
                               f" got {len(cols)}")
        text = cols[index]
    if dtype is dtypes.string:
        return text
    try:
        return dtype.as_numpy_dtype(int(text) if dtype.is_integer else float(text)).item()
    except ValueError:
        raise _error("InitializeTableFromTextFileV2",
                           f"Field {text.decode('utf-8', 'replace')} in line {n} is not a "
                           f"valid {'int64' if dtype.is_integer else 'float'}.") from None


class DenseHashTable(HashTable):
    """MutableDenseHashTableV2: keys and values in bucket arrays (a power of two of
    them), linear-quadratic probing from the key's hash, doubling past the load factor;
    `export` gives the bucket arrays, as TF's."""

    def __init__(self, key_dtype, value_dtype, value_shape, empty_key, deleted_key,
                 num_buckets, max_load_factor):
        super().__init__(key_dtype, value_dtype, value_shape)
        self.empty_key, self.deleted_key = empty_key, deleted_key
        self.max_load_factor = max_load_factor
        self._allocate(num_buckets)

    def _allocate(self, num_buckets):
        self.num_buckets = num_buckets
        self.keys = [self.empty_key] * num_buckets
        self.values = np.zeros((num_buckets,) + self.value_shape,
                               _np_dtype(self.value_dtype))
        self.count = 0

    def _hash(self, k):
        return string_hash.legacy_hash64(k) if type(k) is bytes else int(k) & ((1 << 64) - 1)

    def _slot(self, k):
        """The bucket holding `k`, or (None, the first free bucket on its probe path)."""
        mask = self.num_buckets - 1
        b = self._hash(k) & mask
        probes = 0
        while True:
            held = self.keys[b]
            if held == k:
                return b, None
            if held == self.empty_key:
                return None, b
            probes += 1
            b = (b + probes) & mask

    def _put(self, k, v):
        mask = self.num_buckets - 1
        b = self._hash(k) & mask
        probes = 0
        while True:
            held = self.keys[b]
            if held == k or held == self.empty_key or held == self.deleted_key:
                if held != k:
                    self.count += 1
                self.keys[b] = k
                self.values[b] = v
                return
            probes += 1
            b = (b + probes) & mask

    def find(self, keys, default):
        out = np.empty((keys.size,) + self.value_shape, _np_dtype(self.value_dtype))
        fill = default if self.value_shape else default[()]
        for i, k in enumerate(keys.ravel().tolist()):
            self._check_key("LookupTableFindV2", k)
            b, _ = self._slot(k)
            out[i] = fill if b is None else self.values[b]
        return [out.reshape(keys.shape + self.value_shape)]

    def _check_key(self, op, k):
        if k == self.empty_key:
            raise _error(op, "Using the empty_key as a table key is not allowed")
        if k == self.deleted_key:
            raise _error(op, "Using the deleted_key as a table key is not allowed")

    def insert(self, keys, values, op="LookupTableInsertV2"):
        self._check_values(op, keys, values)
        flat = keys.ravel().tolist()
        for k in flat:
            self._check_key(op, k)
        need = self.count + len(flat)
        if need > self.num_buckets * self.max_load_factor:
            size = self.num_buckets
            while need > size * self.max_load_factor:
                size *= 2
            self._rebucket(size)
        rows = values.reshape(len(flat), *self.value_shape)
        for k, v in zip(flat, rows):
            self._put(k, v)
        return []

    def _rebucket(self, num_buckets):
        old = [(k, v) for k, v in zip(self.keys, self.values)
               if k != self.empty_key and k != self.deleted_key]
        self._allocate(num_buckets)
        for k, v in old:
            self._put(k, v)

    def remove(self, keys):
        for k in keys.ravel().tolist():
            self._check_key("LookupTableRemoveV2", k)
            b, _ = self._slot(k)
            if b is not None:
                self.keys[b] = self.deleted_key
                self.count -= 1
        return []

    def size(self):
        return [np.asarray(self.count, np.int64)]

    def export(self):
        keys = np.empty(self.num_buckets, _np_dtype(self.key_dtype))
        keys[:] = self.keys
        return [keys.reshape(-1, 1), self.values.reshape(self.num_buckets, -1)]

    def import_(self, keys, values):
        """LookupTableImportV2 of exported bucket arrays: they become the table's."""
        num_buckets = keys.shape[0]
        if num_buckets & (num_buckets - 1) or num_buckets == 0:
            raise _error("LookupTableImportV2",
                               f"Number of buckets must be a power of 2, was {num_buckets}")
        self.num_buckets = num_buckets
        self.keys = [_key(k) for k in keys.reshape(-1)]
        self.values = values.reshape((num_buckets,) + self.value_shape).copy()
        self.count = sum(k != self.empty_key and k != self.deleted_key for k in self.keys)
        return []


# -- running the table ops -----------------------------------------------------------------

def tensor_of(value, dtype=None):
    """`value` as a Tensor (Variables read, Python values converted to `dtype`)."""
    if isinstance(value, Variable):
        return value._read()
    return value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=dtype)


def run(op_name, method, inputs, outputs):
    """Run a table `method` (a bound HashTable method) as TF's op `op_name` on Tensors
    `inputs`; `outputs`: (shape, numpy dtype) of each result."""
    return _file_op(op_name, method)(inputs, outputs, ())


def find(table, keys, default):
    """LookupTableFindV2: the values of Tensor `keys`, `default` where absent."""
    default = tensor_of(default, table.value_dtype)
    shape = tuple(keys._value.shape) + table.value_shape   # (a RelaxedTensor's traced one)
    out = run("LookupTableFindV2", table.find, [keys, default],
              [(shape, _np_dtype(table.value_dtype))])[0]
    if type(keys) is RelaxedTensor:   # (TF's static shape: the keys' and the values')
        return relaxed(out, keys.shape.concatenate(table.value_shape))
    return out


def _find_sorted(keys, default, table):
    """LookupTableFindV2 of a static numeric table in JAX: a binary search of its sorted
    keys (so that it compiles into a tf.function, and vectorizes)."""
    table_keys, table_values = table.sorted_arrays()
    if not table_keys.size:
        return jnp.broadcast_to(default, keys.shape)
    i = jnp.clip(jnp.searchsorted(table_keys, keys), 0, table_keys.size - 1)
    found = jnp.asarray(table_keys)[i] == keys
    return jnp.where(found, jnp.asarray(table_values)[i], default)


_FIND_SORTED = Op("LookupTableFindV2", _find_sorted, differentiable=False, allowed=None)


def find_static(table, keys, default):
    """LookupTableFindV2 of a static table: in JAX where keys and values are numbers, else
    (or while its initialization is still to run: in a tf.function) on the host."""
    if table.key_dtype is dtypes.string or table.value_dtype is dtypes.string or \
            not table.initialized:
        return find(table, keys, default)
    default = tensor_of(default, table.value_dtype)
    return execute(_FIND_SORTED, (keys, default), (("table", table),))


def insert(table, keys, values):
    """LookupTableInsertV2."""
    run("LookupTableInsertV2", table.insert, [keys, values], [])


def remove(table, keys):
    """LookupTableRemoveV2."""
    run("LookupTableRemoveV2", table.remove, [keys], [])


def size(table):
    """LookupTableSizeV2: an int64 scalar."""
    return run("LookupTableSizeV2", table.size, [], [((), np.dtype(np.int64))])[0]


def export(table):
    """LookupTableExportV2: (keys, values); eager only (see the module's docstring)."""
    if not executing_eagerly():
        raise TypeError("tfcompat: LookupTableExportV2 (a table's export()) is not supported "
                        "inside a tf.function: its results' length is the table's size, "
                        "which XLA cannot compile. Export the table outside the function.")
    return run("LookupTableExportV2", table.export, [], [None, None])


def import_(table, keys, values):
    """LookupTableImportV2."""
    run("LookupTableImportV2", table.import_, [keys, values], [])


def init_from_text_file(table, filename, key_index, value_index, vocab_size, delimiter,
                        offset):
    """InitializeTableFromTextFileV2."""
    filename = tensor_of(filename, dtypes.string)
    run("InitializeTableFromTextFileV2",
        functools.partial(table.init_from_text_file, key_index=key_index,
                          value_index=value_index, vocab_size=vocab_size,
                          delimiter=delimiter, offset=offset), [filename], [])


def dense_table(key_dtype, value_dtype, value_shape, empty_key, deleted_key,
                num_buckets=None):
    """A MutableDenseHashTableV2 resource (empty and deleted keys: scalar Tensors)."""
    if empty_key.shape.rank != 0 or deleted_key.shape.rank != 0:
        raise _error("MutableDenseHashTableV2",
                           "Empty and deleted keys must be scalars (tfcompat supports "
                           "scalar keys only)")
    empty, deleted = _key(np.asarray(empty_key)[()]), _key(np.asarray(deleted_key)[()])
    if empty == deleted:
        raise _error("MutableDenseHashTableV2",
                           "Empty and deleted keys cannot be equal")
    num_buckets = 131072 if num_buckets is None else int(num_buckets)
    if num_buckets & (num_buckets - 1) or num_buckets < 1:
        raise _error("MutableDenseHashTableV2",
                           f"Number of buckets must be a power of 2, was {num_buckets}")
    return DenseHashTable(key_dtype, value_dtype, value_shape, empty, deleted, num_buckets,
                          0.8)


def check_key_dtype(table_dtype, keys):
    """TF's TypeError for keys of another dtype than the table's."""
    if keys.dtype.base_dtype != table_dtype:
        raise TypeError(f"Dtype of argument `keys` must be {table_dtype}, "
                        f"received: {keys.dtype}")

