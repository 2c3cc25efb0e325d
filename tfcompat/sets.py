"""tf.sets."""
from .ops.set_ops import (
    set_difference as difference, set_intersection as intersection, set_size as size,
    set_union as union,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
