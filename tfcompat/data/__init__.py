"""tf.data: input pipelines (Dataset, Iterator, Options). Only re-exports."""
from . import experimental
from .dataset_ops import (
    AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetV2,
)
from .iterator_ops import Iterator
from .options import Options, ThreadingOptions
from .readers import FixedLengthRecordDataset, TextLineDataset, TFRecordDataset
