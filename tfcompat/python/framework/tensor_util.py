"""tensorflow.python.framework.tensor_util."""
from ...framework.tensor_util import get_static_value as constant_value
from ...framework.tensor_util import is_tf_type, is_tensor

__all__ = ["constant_value", "is_tf_type", "is_tensor"]
