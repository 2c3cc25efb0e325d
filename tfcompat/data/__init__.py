"""tf.data: input pipelines (Dataset, Iterator, Options). Only re-exports."""
from . import experimental  # noqa: F401
from .dataset_ops import (  # noqa: F401
    AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset, DatasetV2,
)
from .iterator_ops import Iterator  # noqa: F401
from .options import Options, ThreadingOptions  # noqa: F401
from .readers import FixedLengthRecordDataset, TextLineDataset, TFRecordDataset  # noqa: F401
