"""tensorflow.python.ops.numpy_ops: tf.experimental.numpy under TF's internal path, with
its np_config (older programs call np_config.enable_numpy_behavior())."""
from ....experimental.numpy import *  # noqa: F403
from ....experimental.numpy import __all__
from . import np_config
from ....framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
