"""tf.test.experimental."""
from ..framework.test_util import sync_devices
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["sync_devices"]

_scope_namespace(globals())
