"""tf.autograph.experimental."""
from .api import Feature, do_not_convert, set_loop_options
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
