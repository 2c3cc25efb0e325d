"""tf.lookup's tables and initializers (TF's python/ops/lookup_ops.py): StaticHashTable,
StaticVocabularyTable, KeyValueTensorInitializer, TextFileInitializer, TextFileIndex,
tf.lookup.experimental.MutableHashTable and DenseHashTable. Their kernels are in
ops/lookup_ops.py; mutable tables save their contents in checkpoints as TF's
('<path>/.ATTRIBUTES/table-keys' and 'table-values')."""
import uuid

from ..framework import dtypes
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor_util import is_tensor
from ..framework.trace_state import init_scope
from ..framework.tracking_base import Trackable, TrackableResource
from . import lookup_ops
from .arithmetic_ops import add
from .array_ops import where
from .cast_ops import cast
from .comparison_ops import not_equal
from .string_conversion_ops import as_string, to_hash_bucket_fast

__all__ = []


def check_table_dtypes(table, key_dtype, value_dtype):
    """TF's check that an initializer's dtypes are the table's."""
    if key_dtype.base_dtype != table.key_dtype:
        raise TypeError(f"Invalid key dtype for table, expected {table.key_dtype} "
                        f"but got {key_dtype}.")
    if value_dtype.base_dtype != table.value_dtype:
        raise TypeError("Invalid value dtype for table, expected "
                        f"{table.value_dtype} but got {value_dtype}.")


def _keys_of(keys):
    """The Tensor of keys (a SparseTensor's values) of a lookup's `keys`."""
    return keys.values if isinstance(keys, SparseTensor) else keys


def _like_keys(keys, values):
    """A lookup's result shaped as its `keys` (sparse for sparse keys)."""
    if isinstance(keys, SparseTensor):
        return SparseTensor(keys.indices, values, keys.dense_shape)
    return values


class LookupInterface(TrackableResource):
    """TF's base of lookup tables (key_dtype, value_dtype, size, lookup)."""

    def __init__(self, key_dtype, value_dtype):
        self._key_dtype = dtypes.as_dtype(key_dtype)
        self._value_dtype = dtypes.as_dtype(value_dtype)
        super().__init__()

    @property
    def key_dtype(self):
        """The table key dtype."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """The table value dtype."""
        return self._value_dtype

    @property
    def name(self):
        """The name of the table (None when created eagerly, as TF's)."""
        return None

    @property
    def resource_handle(self):
        return self._resource_handle

    def size(self, name=None):
        """The number of elements in the table (an int64 scalar)."""
        return lookup_ops.size(self._resource_handle)

    def lookup(self, keys, name=None):
        """The values of `keys`."""
        raise NotImplementedError

    def __getitem__(self, keys):
        return self.lookup(keys)


class InitializableLookupTableBase(LookupInterface):
    """A table filled once by its initializer (TF's InitializableLookupTableBase)."""

    def __init__(self, default_value, initializer):
        super().__init__(initializer.key_dtype, initializer.value_dtype)
        with init_scope():
            self._default_value = lookup_ops.tensor_of(default_value, self._value_dtype)
        if self._default_value.shape.rank not in (None, 0):
            raise ValueError(f"Shapes {self._default_value.shape} and () are incompatible")
        if isinstance(initializer, Trackable):
            self._initializer = self._track_trackable(initializer, "_initializer")
        with init_scope():
            self._resource_handle = self._create_resource()
            self._init_op = self._initialize()

    def _create_resource(self):
        return lookup_ops.HashTable(self._key_dtype, self._value_dtype, static=True)

    def _initialize(self):
        return self._initializer.initialize(self)

    @property
    def default_value(self):
        """The value of keys not in the table."""
        return self._default_value

    def lookup(self, keys, name=None):
        """The values of `keys` (a Tensor or SparseTensor), `default_value` where absent."""
        key_tensor = _keys_of(keys)
        lookup_ops.check_key_dtype(self._key_dtype, keys)
        values = lookup_ops.find_static(self._resource_handle, key_tensor,
                                        self._default_value)
        return _like_keys(keys, values)


class StaticHashTable(InitializableLookupTableBase):
    """tf.lookup.StaticHashTable: a hash table that is immutable once initialized."""

    def __init__(self, initializer, default_value, name=None,
                 experimental_is_anonymous=False):
        self._initializer = initializer
        self._is_anonymous = experimental_is_anonymous
        self._shared_name = None if experimental_is_anonymous else \
            f"hash_table_{uuid.uuid4()}"
        self._name = name or "hash_table"
        super().__init__(default_value, initializer)
        self._value_shape = self._default_value.shape

    def export(self, name=None):
        """All keys and values in the table (eager only in tfcompat)."""
        keys, values = lookup_ops.export(self._resource_handle)
        return keys, values


class TableInitializerBase(Trackable):
    """tf.lookup's base of table initializers."""

    def __init__(self, key_dtype, value_dtype):
        self._key_dtype = dtypes.as_dtype(key_dtype)
        self._value_dtype = dtypes.as_dtype(value_dtype)

    @property
    def key_dtype(self):
        """The expected table key dtype."""
        return self._key_dtype

    @property
    def value_dtype(self):
        """The expected table value dtype."""
        return self._value_dtype

    def initialize(self, table):
        """Fills `table`."""
        raise NotImplementedError

    @property
    def _shared_name(self):
        return ""


class KeyValueTensorInitializer(TableInitializerBase):
    """tf.lookup.KeyValueTensorInitializer: a table's contents from `keys` and `values`."""

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        with init_scope():
            self._keys = lookup_ops.tensor_of(keys, key_dtype)
            self._values = lookup_ops.tensor_of(values, value_dtype)
        self._name = name if name is not None else "key_value_init"
        super().__init__(self._keys.dtype, self._values.dtype)

    def initialize(self, table):
        """Imports the keys and values into `table`."""
        check_table_dtypes(table, self._keys.dtype, self._values.dtype)
        lookup_ops.import_(table.resource_handle, self._keys, self._values)


class TextFileIndex:
    """tf.lookup.TextFileIndex: which part of each line a key or value is."""
    WHOLE_LINE = -2
    LINE_NUMBER = -1


class TextFileInitializer(TableInitializerBase):
    """tf.lookup.TextFileInitializer: one table entry per line of a text file."""

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index,
                 vocab_size=None, delimiter="\t", name=None, value_index_offset=0):
        if not is_tensor(filename) and not filename:
            raise ValueError("`filename` argument required for "
                             "tf.lookup.TextFileInitializer")
        key_dtype = dtypes.as_dtype(key_dtype)
        value_dtype = dtypes.as_dtype(value_dtype)
        if key_index < -2:
            raise ValueError(f"`key_index` should be >= -2, received: {key_index}.")
        if key_index == TextFileIndex.LINE_NUMBER and key_dtype != dtypes.int64:
            raise ValueError("`key_dtype` must be int64 if `key_index` is "
                             f"{TextFileIndex.LINE_NUMBER}, received: {key_dtype}")
        if key_index == TextFileIndex.WHOLE_LINE and not key_dtype.is_integer and \
                key_dtype != dtypes.string:
            raise ValueError("`key_dtype` should be either integer or string for "
                             f"`key_index` {TextFileIndex.WHOLE_LINE}, received: {key_dtype}")
        if value_index < -2:
            raise ValueError(f"`value_index` should be >= -2, received: {value_index}")
        if value_index == TextFileIndex.LINE_NUMBER and value_dtype != dtypes.int64:
            raise ValueError("`value_dtype` must be int64 for `value_index` "
                             f"{TextFileIndex.LINE_NUMBER}, received: {value_dtype}")
        if value_index == TextFileIndex.WHOLE_LINE and not value_dtype.is_integer and \
                value_dtype != dtypes.string:
            raise ValueError("`value_dtype` should be either integer or string for "
                             f"`value_index` {TextFileIndex.WHOLE_LINE}, received: "
                             f"{value_dtype}")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._filename_arg = filename
        self._filename = filename
        self._key_index = key_index
        self._value_index = value_index
        self._vocab_size = vocab_size
        self._delimiter = delimiter
        self._name = name
        self._offset = value_index_offset
        super().__init__(key_dtype, value_dtype)

    def initialize(self, table):
        """Fills `table` from the file."""
        check_table_dtypes(table, self.key_dtype, self.value_dtype)
        lookup_ops.init_from_text_file(
            table.resource_handle, self._filename, self._key_index, self._value_index,
            -1 if self._vocab_size is None else self._vocab_size, self._delimiter,
            self._offset)


class StaticVocabularyTable(LookupInterface):
    """tf.lookup.StaticVocabularyTable: string or integer keys to int64 ids; keys not in
    the vocabulary go to `num_oov_buckets` buckets after it by FarmHash Fingerprint64."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if name:
            name = name.rstrip("/")
        if initializer:
            if lookup_key_dtype is None:
                lookup_key_dtype = initializer.key_dtype
            lookup_key_dtype = dtypes.as_dtype(lookup_key_dtype)
            supported = (dtypes.int64, dtypes.string)
            if initializer.key_dtype not in supported:
                raise TypeError("Invalid `key_dtype`, expected one of %s, but got %s." %
                                (supported, initializer.key_dtype))
            if initializer.key_dtype.is_integer != lookup_key_dtype.is_integer:
                raise TypeError("Invalid `key_dtype`, expected %s but got %s." % (
                    "integer" if lookup_key_dtype.is_integer else "non-integer",
                    initializer.key_dtype))
            if initializer.value_dtype != dtypes.int64:
                raise TypeError("Invalid `value_dtype`, expected %s but got %s." %
                                (dtypes.int64, initializer.value_dtype))
            if isinstance(initializer, Trackable):
                self._initializer = self._track_trackable(initializer, "_initializer")
            self._table = StaticHashTable(initializer, default_value=-1,
                                          experimental_is_anonymous=experimental_is_anonymous)
            name = name or self._table.name
        else:
            lookup_key_dtype = dtypes.string
            self._table = None
            name = name or "hash_bucket"
        lookup_key_dtype = dtypes.as_dtype(lookup_key_dtype)
        if not lookup_key_dtype.is_integer and lookup_key_dtype != dtypes.string:
            raise TypeError("Invalid `key_dtype`, expected integer or string, got "
                            f"{lookup_key_dtype}")
        self._num_oov_buckets = num_oov_buckets
        self._table_name = None if name is None else name.split("/")[-1]
        super().__init__(lookup_key_dtype, dtypes.int64)

    @property
    def resource_handle(self):
        return None if self._table is None else self._table.resource_handle

    @property
    def name(self):
        return self._table_name

    def size(self, name=None):
        """The vocabulary's size plus the number of OOV buckets (int64)."""
        vocab = self._table.size() if self._table else lookup_ops.tensor_of(0, dtypes.int64)
        return add(vocab, self._num_oov_buckets)

    def lookup(self, keys, name=None):
        """The ids of `keys`: their vocabulary index, else vocab size + their bucket."""
        lookup_ops.check_key_dtype(self._key_dtype, keys)
        values = _keys_of(keys)
        if self._table and self._table.key_dtype.base_dtype == dtypes.int64:
            values = cast(values, dtypes.int64)
        text = values if values.dtype == dtypes.string else as_string(values)
        buckets = to_hash_bucket_fast(text, num_buckets=self._num_oov_buckets)
        if self._table:
            ids = self._table.lookup(values)
            buckets = add(buckets, self._table.size())
            ids = where(not_equal(ids, self._table.default_value), ids, buckets)
        else:
            ids = buckets
        return _like_keys(keys, ids)


class _MutableTable(LookupInterface):
    """What MutableHashTable and DenseHashTable share: a table created empty, its
    contents saved in checkpoints under TF's names ('table-keys', 'table-values')."""

    _legacy_saveable_name = "table"

    def __init__(self, key_dtype, value_dtype, default_value, name, checkpoint):
        with init_scope():
            self._default_value = lookup_ops.tensor_of(default_value, dtypes.as_dtype(
                value_dtype))
        self._value_shape = self._default_value.shape
        self._checkpoint = checkpoint
        self._name = name
        super().__init__(key_dtype, value_dtype)
        self._resource_handle = self._create_resource()

    def lookup(self, keys, name=None):
        """The values of `keys`, the default value where absent."""
        keys = lookup_ops.tensor_of(keys, self._key_dtype)
        return lookup_ops.find(self._resource_handle, keys, self._default_value)

    def insert(self, keys, values, name=None):
        """Associates `keys` with `values` (of the shape of `keys`)."""
        keys = lookup_ops.tensor_of(keys, self._key_dtype)
        values = lookup_ops.tensor_of(values, self._value_dtype)
        lookup_ops.insert(self._resource_handle, keys, values)

    def export(self, name=None):
        """All keys and values in the table (eager only in tfcompat)."""
        keys, values = lookup_ops.export(self._resource_handle)
        return keys, values

    def _serialize_to_tensors(self):
        keys, values = self.export()
        return {"-keys": keys, "-values": values}

    def _restore_from_tensors(self, restored_tensors):
        lookup_ops.import_(self._resource_handle, restored_tensors["-keys"],
                           restored_tensors["-values"])


class MutableHashTable(_MutableTable):
    """tf.lookup.experimental.MutableHashTable: a hash table with insert and remove."""

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable",
                 checkpoint=True, experimental_is_anonymous=False):
        self._is_anonymous = experimental_is_anonymous
        super().__init__(key_dtype, value_dtype, default_value, name, checkpoint)

    def _create_resource(self):
        return lookup_ops.HashTable(self._key_dtype, self._value_dtype,
                                    tuple(self._value_shape))

    def remove(self, keys, name=None):
        """Removes `keys` (absent ones are ignored)."""
        if keys.dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, "
                            f"received: {keys.dtype}")
        lookup_ops.remove(self._resource_handle, keys)

    def lookup(self, keys, dynamic_default_values=None, name=None):
        """The values of `keys`; where absent `dynamic_default_values` (one per key, or
        one) or else `default_value`."""
        keys = lookup_ops.tensor_of(keys, self._key_dtype)
        default = self._default_value if dynamic_default_values is None else \
            dynamic_default_values
        return lookup_ops.find(self._resource_handle, keys, default)


class DenseHashTable(_MutableTable):
    """tf.lookup.experimental.DenseHashTable: a mutable table in bucket arrays, with
    reserved `empty_key` and `deleted_key`."""

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key,
                 initial_num_buckets=None, name="MutableDenseHashTable", checkpoint=True,
                 experimental_is_anonymous=False):
        self._initial_num_buckets = initial_num_buckets
        self._empty_key = empty_key
        self._deleted_key = deleted_key
        self._is_anonymous = experimental_is_anonymous
        super().__init__(key_dtype, value_dtype, default_value, name, checkpoint)

    def _create_resource(self):
        key_dtype = dtypes.as_dtype(self._key_dtype)
        empty = lookup_ops.tensor_of(self._empty_key, key_dtype)
        deleted = lookup_ops.tensor_of(self._deleted_key, key_dtype)
        return lookup_ops.dense_table(key_dtype, self._value_dtype, tuple(self._value_shape),
                                      empty, deleted, self._initial_num_buckets)

    def insert_or_assign(self, keys, values, name=None):
        """Associates `keys` with `values`."""
        self.insert(keys, values, name)

    def erase(self, keys, name=None):
        """Removes `keys` (absent ones are ignored)."""
        if keys.dtype != self._key_dtype:
            raise TypeError("Signature mismatch. Keys must be dtype %s, got %s." %
                            (self._key_dtype, keys.dtype))
        lookup_ops.remove(self._resource_handle, keys)

    def remove(self, keys, name=None):
        """Removes `keys` (absent ones are ignored)."""
        self.erase(keys, name)
