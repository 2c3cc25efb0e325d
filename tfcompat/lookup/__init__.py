"""tf.lookup: lookup tables (StaticHashTable, StaticVocabularyTable) and their
initializers."""
from . import experimental
from ..ops.lookup_tables import (
    KeyValueTensorInitializer, StaticHashTable, StaticVocabularyTable, TextFileIndex,
    TextFileInitializer,
)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable",
           "TextFileIndex", "TextFileInitializer", "experimental"]

_scope_namespace(globals())
