"""tf.summary.experimental."""
from ._writer import get_step, set_step, summary_scope
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
