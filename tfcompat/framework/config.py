"""tf.config's devices (those JAX sees) and tf.device."""
import collections

import jax

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


class device:
    """tf.device(name): places the ops run inside on that device when JAX has it
    ('cpu', 'GPU:1', '/job:localhost/replica:0/task:0/device:GPU:0'); otherwise the
    default device, as TF's soft placement does."""

    def __init__(self, device_name):
        self._name = device_name
        self._context = None

    def __enter__(self):
        target = _parse(self._name)
        if target is not None:
            self._context = jax.default_device(target)
            self._context.__enter__()
        return self

    def __exit__(self, *exc):
        if self._context is not None:
            self._context.__exit__(*exc)
            self._context = None


def _parse(name):
    if not name:
        return None
    spec = str(name).rsplit("device:", 1)[-1].lstrip("/")
    kind, _, index = spec.partition(":")
    try:
        found = jax.devices(kind.lower())
    except RuntimeError:
        return None
    i = int(index) if index.isdigit() else 0
    return found[i] if i < len(found) else None
