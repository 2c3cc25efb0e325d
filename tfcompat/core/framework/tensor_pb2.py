"""``tensorflow.core.framework.tensor_pb2``: TensorProto (framework/tensor_proto.py)."""
from ...framework.tensor_proto import TensorProto

__all__ = ["TensorProto"]
