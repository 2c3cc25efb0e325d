"""tf.lookup: lookup tables (StaticHashTable, StaticVocabularyTable) and their
initializers."""
from . import experimental
from ..ops.lookup_tables import (
    KeyValueTensorInitializer, StaticHashTable, StaticVocabularyTable, TextFileIndex,
    TextFileInitializer,
)

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable",
           "TextFileIndex", "TextFileInitializer", "experimental"]
