"""tf.profiler."""
from . import experimental
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
