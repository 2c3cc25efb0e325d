"""tf.data.experimental: the constants and helpers tfcompat implements (the CSV readers and
the dataset combinators load on first access)."""
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from .optional_ops import Optional
from .options import (
    AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions, ExternalStatePolicy,
    OptimizationOptions, ServiceOptions, ThreadingOptions,
)


def cardinality(dataset):
    """tf.data.experimental.cardinality: dataset.cardinality()."""
    return dataset.cardinality()


__getattr__, __dir__ = _lazy_exports(globals(), {
    ".csv_dataset": ("CsvDatasetV2 as CsvDataset",),
    ".make_csv_dataset": ("make_csv_dataset_v2 as make_csv_dataset",),
    ".directed_interleave": ("choose_from_datasets_v2 as choose_from_datasets",
                             "sample_from_datasets_v2 as sample_from_datasets"),
    ".ragged_batch": ("dense_to_ragged_batch",),
})
