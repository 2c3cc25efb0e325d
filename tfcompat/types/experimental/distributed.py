"""tf.types.experimental.distributed: the types of per-replica and mirrored values."""
from ...distribute.distribute_lib import Mirrored, PerReplica
from ...framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
