"""tensorflow.python.data.experimental.ops.distribute (Keras's distribution_lib reads a
dataset's batch size with it)."""
from .....framework import dtypes, nest
from .....framework.constant_op import constant
from .....data.rebatch import batch_size

__all__ = ["compute_batch_size"]


def compute_batch_size(dataset):
    """TF's compute_batch_size: the batch size of `dataset`'s batch transformation (partial
    batches aside) as an int64 scalar tensor, -1 where it cannot be inferred."""
    if any(s.shape.rank == 0 for s in nest.flatten(dataset.element_spec)):
        raise IndexError("list index out of range")   # (TF's, from a scalar component)
    return constant(batch_size(dataset), dtype=dtypes.int64)
