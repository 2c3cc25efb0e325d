"""tf.version."""
from .framework.versions import (
    COMPILER_VERSION, GIT_VERSION, GRAPH_DEF_VERSION, GRAPH_DEF_VERSION_MIN_CONSUMER,
    GRAPH_DEF_VERSION_MIN_PRODUCER, VERSION,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
