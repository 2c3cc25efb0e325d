"""tf.data.experimental: the constants and helpers tfcompat implements."""
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from .optional_ops import Optional
from .options import (
    AutoShardPolicy, AutotuneAlgorithm, AutotuneOptions, DistributeOptions, ExternalStatePolicy,
    OptimizationOptions, ServiceOptions, ThreadingOptions,
)


def cardinality(dataset):
    """tf.data.experimental.cardinality: dataset.cardinality()."""
    return dataset.cardinality()
