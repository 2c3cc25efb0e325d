"""tf.data.experimental: the constants and helpers tfcompat implements."""
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from .optional_ops import Optional
from .csv_dataset import CsvDatasetV2 as CsvDataset
from .make_csv_dataset import make_csv_dataset_v2 as make_csv_dataset
from .directed_interleave import (
    choose_from_datasets_v2 as choose_from_datasets,
    sample_from_datasets_v2 as sample_from_datasets,
)
from .ragged_batch import dense_to_ragged_batch
from .options import (
    AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions, ExternalStatePolicy,
    OptimizationOptions, ServiceOptions, ThreadingOptions,
)


def cardinality(dataset):
    """tf.data.experimental.cardinality: dataset.cardinality()."""
    return dataset.cardinality()
