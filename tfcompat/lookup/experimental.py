"""tf.lookup.experimental: the mutable tables (MutableHashTable, DenseHashTable)."""
from ..ops.lookup_tables import DenseHashTable, MutableHashTable

__all__ = ["DenseHashTable", "MutableHashTable"]
