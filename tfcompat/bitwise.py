"""tf.bitwise."""
from .ops.bitwise_ops import (
    bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
