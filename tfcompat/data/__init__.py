"""tf.data: input pipelines (Dataset, Iterator, Options). Only re-exports; the readers and
tf.data.experimental load on first access."""
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from .dataset_ops import (
    AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetV2, NumpyIterator,
)
from .dataset_spec import DatasetSpec, IteratorSpec
from .iterator_ops import Iterator
from .options import Options, ThreadingOptions

__getattr__, __dir__ = _lazy_exports(globals(), {
    ".readers": ("FixedLengthRecordDataset", "TextLineDataset", "TFRecordDataset"),
}, submodules=("experimental",))
