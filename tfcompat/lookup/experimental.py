"""tf.lookup.experimental: the mutable tables (MutableHashTable, DenseHashTable)."""
from ..ops.lookup_tables import DenseHashTable, MutableHashTable
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["DenseHashTable", "MutableHashTable"]

_scope_namespace(globals())
