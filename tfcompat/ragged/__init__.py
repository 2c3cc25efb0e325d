"""tf.ragged: RaggedTensor and its functions (tfcompat/ops/ragged_tensor.py,
ragged_ops.py, ragged_array_ops.py)."""
from ..ops import ragged_sparse_ops  # noqa: F401 (installs to_sparse and from_sparse)
from ..ops.ragged_array_ops import boolean_mask, stack_dynamic_partitions
from ..ops.ragged_concat_ops import stack
from ..ops.ragged_cross_ops import cross, cross_hashed
from ..ops.ragged_ops import (constant, map_flat_values, ragged_range as range,  # noqa: A004
                              row_splits_to_segment_ids, segment_ids_to_row_splits)
from ..ops.ragged_tensor import RaggedTensor
from ..ops.ragged_tensor_spec import RaggedTensorSpec
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["RaggedTensor", "RaggedTensorSpec", "constant", "cross", "cross_hashed", "map_flat_values", "range",
           "row_splits_to_segment_ids", "segment_ids_to_row_splits", "stack", "boolean_mask",
           "stack_dynamic_partitions"]

_scope_namespace(globals())
