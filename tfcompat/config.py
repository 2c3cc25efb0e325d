"""tf.config."""
from .framework.config import list_logical_devices, list_physical_devices  # noqa: F401
from .framework.function import functions_run_eagerly, run_functions_eagerly  # noqa: F401
