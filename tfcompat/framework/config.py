"""tf.config: running tf.functions eagerly, and the devices JAX sees."""
import collections

import jax

from .function import functions_run_eagerly, run_functions_eagerly  # noqa: F401

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])


def _devices(device_type, prefix, cls):
    out = []
    for kind in ("CPU", "GPU", "TPU"):
        if device_type not in (None, kind):
            continue
        try:
            found = jax.devices(kind.lower())
        except RuntimeError:
            found = []
        out.extend(cls(f"/{prefix}:{kind}:{i}", kind) for i in range(len(found)))
    return out


def list_physical_devices(device_type=None):
    """tf.config.list_physical_devices: the devices of JAX's backends."""
    return _devices(device_type, "physical_device", PhysicalDevice)


def list_logical_devices(device_type=None):
    """tf.config.list_logical_devices."""
    return _devices(device_type, "device", LogicalDevice)
