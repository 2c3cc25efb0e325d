"""tf.nn.experimental."""
from ..ops.nn_ops import stateless_dropout
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
