"""tensorflow.python.framework.tensor_util."""
from ...framework.tensor_util import get_static_value as constant_value
from ...framework.tensor_util import is_tf_type, is_tensor
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["constant_value", "is_tf_type", "is_tensor"]

_scope_namespace(globals())
