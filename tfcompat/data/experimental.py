"""tf.data.experimental: the constants and helpers tfcompat implements."""
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from .optional_ops import Optional
from .directed_interleave import (
    choose_from_datasets_v2 as choose_from_datasets,
    sample_from_datasets_v2 as sample_from_datasets,
)
from .options import (
    AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions, ExternalStatePolicy,
    OptimizationOptions, ServiceOptions, ThreadingOptions,
)


def cardinality(dataset):
    """tf.data.experimental.cardinality: dataset.cardinality()."""
    return dataset.cardinality()
