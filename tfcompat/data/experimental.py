"""tf.data.experimental: the constants and helpers tfcompat implements (the CSV readers,
the dataset combinators and transformations load on first access)."""
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
    ".prefetch": ("copy_to_device", "prefetch_to_device"),
    ".sources": ("RandomDataset",),
    ".writers": ("TFRecordWriter",),
    ".save_load": ("experimental_save as save", "experimental_load as load"),
    ".experimental_ops": (
        "CounterV2 as Counter", "Reducer", "SHARD_HINT", "assert_cardinality",
        "bucket_by_sequence_length", "dense_to_sparse_batch", "enumerate_dataset",
        "from_list", "get_next_as_optional", "get_single_element", "get_structure",
        "group_by_reducer", "group_by_window", "ignore_errors", "map_and_batch",
        "pad_to_cardinality", "parallel_interleave", "rejection_resample", "scan",
        "shuffle_and_repeat", "take_while", "unbatch", "unique"),
})
