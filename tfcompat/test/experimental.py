"""tf.test.experimental."""
from ..framework.test_util import sync_devices

__all__ = ["sync_devices"]
