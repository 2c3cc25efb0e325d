"""tf.data.experimental: the constants and helpers tfcompat implements."""
from .dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY  # noqa: F401
from .optional_ops import Optional  # noqa: F401


def cardinality(dataset):
    """tf.data.experimental.cardinality: dataset.cardinality()."""
    return dataset.cardinality()
