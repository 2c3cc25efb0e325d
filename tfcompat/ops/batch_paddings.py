"""tf.required_space_to_batch_paddings: the paddings (and crops) that make `block_shape`
divide `input_shape` (TF's python/ops/array_ops.py, built of other ops as TF's is)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from .arithmetic_ops import add, floormod, subtract
from .manip_ops import stack

__all__ = ["required_space_to_batch_paddings"]


def _zeros(n):
    """int32 zeros [n, 2], a constant (so that paddings from static shapes stay static in a
    tf.function, as tf.pad needs)."""
    return convert_to_tensor(np.zeros((n, 2), np.int32))


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """(paddings, crops), int32 [N, 2]: paddings[i] = [base[i, 0], base[i, 1] + extra[i]]
    with extra[i] the least making input_shape[i] + paddings[i] a multiple of
    block_shape[i]; crops[i] = [0, extra[i]]."""
    input_shape = convert_to_tensor(input_shape, dtype=dtypes.int32)
    block_shape = convert_to_tensor(block_shape, dtype=dtypes.int32)
    if block_shape.shape.rank != 1 or not block_shape.shape.is_fully_defined():
        raise ValueError(f"Shape {block_shape.shape} must have rank 1 and be fully defined")
    n = block_shape.shape[0]
    if n == 0:
        return _zeros(0), _zeros(0)
    input_shape.shape.assert_is_compatible_with([n])
    if base_paddings is None:
        base_paddings = _zeros(n)
    else:
        base_paddings = convert_to_tensor(base_paddings, dtype=dtypes.int32)
        base_paddings.shape.assert_is_compatible_with([n, 2])
    pad_start, orig_pad_end = base_paddings[:, 0], base_paddings[:, 1]
    full = add(add(input_shape, pad_start), orig_pad_end)
    extra = floormod(subtract(block_shape, floormod(full, block_shape)), block_shape)
    pad_end = add(orig_pad_end, extra)
    paddings = stack([[pad_start[i], pad_end[i]] for i in range(n)])
    crops = stack([[0, extra[i]] for i in range(n)])
    return paddings, crops
