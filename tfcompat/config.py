"""tf.config."""
from .framework.config import (  # noqa: F401
    functions_run_eagerly, list_logical_devices, list_physical_devices,
    run_functions_eagerly,
)
