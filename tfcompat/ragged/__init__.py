"""tf.ragged: not supported by tfcompat yet (ragged tensors are a later issue). The names
exist, as Keras refers to them; each raises NotImplementedError naming itself."""
from ..framework.unsupported import unsupported_class, unsupported_function

_WHY = "ragged tensors"
RaggedTensor = unsupported_class("tf.RaggedTensor", _WHY)
RaggedTensorSpec = unsupported_class("tf.RaggedTensorSpec", _WHY)
constant = unsupported_function("tf.ragged.constant", _WHY)
map_flat_values = unsupported_function("tf.ragged.map_flat_values", _WHY)
range = unsupported_function("tf.ragged.range", _WHY)
stack = unsupported_function("tf.ragged.stack", _WHY)
boolean_mask = unsupported_function("tf.ragged.boolean_mask", _WHY)
segment_ids_to_row_splits = unsupported_function("tf.ragged.segment_ids_to_row_splits", _WHY)
row_splits_to_segment_ids = unsupported_function("tf.ragged.row_splits_to_segment_ids", _WHY)
