"""tf.test (its device queries)."""
from .framework.test_util import gpu_device_name, is_gpu_available  # noqa: F401
