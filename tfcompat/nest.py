"""tf.nest."""
from .framework.nest import (
    assert_same_structure, flatten, is_nested, map_structure, pack_sequence_as,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
