"""tf.experimental.dtensor's client configuration (TF's dtensor/python/config.py and
accelerator_util): one client per JAX process (jax.distributed when it is initialized),
the local devices tf.config lists."""
import os

import jax

from ..framework.config import list_logical_devices, list_physical_devices

_accelerator = {"type": None}


def _check_type(device_type):
    if device_type.upper() not in ("CPU", "GPU", "TPU"):
        raise ValueError(f"Device type {device_type} is not CPU, GPU, or TPU.")


def num_clients():
    """tf.experimental.dtensor.num_clients: JAX's process count."""
    return jax.process_count()


def client_id():
    """tf.experimental.dtensor.client_id: JAX's process index."""
    return jax.process_index()


def job_name():
    """tf.experimental.dtensor.job_name."""
    return os.environ.get("DTENSOR_JOB_NAME", "localhost")


def full_job_name(task_id=None):
    """tf.experimental.dtensor.full_job_name."""
    return f"{job_name()}/replica:0/task:{client_id() if task_id is None else task_id}"


def jobs():
    """tf.experimental.dtensor.jobs: the DTENSOR_JOBS list."""
    value = os.environ.get("DTENSOR_JOBS")
    return value.split(",") if value else []


def heartbeat_enabled():
    """tf.experimental.dtensor.heartbeat_enabled."""
    return os.environ.get("DTENSOR_ENABLE_HEARTBEAT", "true").lower() in ("true", "1")


def num_local_devices(device_type):
    """tf.experimental.dtensor.num_local_devices: the logical devices of the type (this
    process's JAX devices where jax.distributed runs several)."""
    _check_type(device_type)
    count = len(list_logical_devices(device_type.upper()))   # (applies the virtual CPUs)
    if jax.process_count() > 1:
        count = sum(d.platform == device_type.lower() for d in jax.local_devices())
    return count


def num_global_devices(device_type):
    """tf.experimental.dtensor.num_global_devices."""
    return num_local_devices(device_type) * num_clients()


def local_devices(device_type, for_client_id=None):
    """tf.experimental.dtensor.local_devices: TF returns DeviceSpecs; tfcompat (which has
    no tf.DeviceSpec) returns their full names, '/job:localhost/replica:0/task:0/device:CPU:0'."""
    _check_type(device_type)
    task = client_id() if for_client_id is None else for_client_id
    return [f"/job:{job_name()}/replica:0/task:{task}/device:{device_type.upper()}:{i}"
            for i in range(num_local_devices(device_type))]


def preferred_device_type():
    """tf.experimental.dtensor.preferred_device_type: TPU, then GPU, then CPU."""
    for kind in ("TPU", "GPU"):
        if list_physical_devices(kind):
            return kind
    return "CPU"


def initialize_accelerator_system(device_type=None, enable_coordination_service=True,
                                  num_logical_cpu_devices=None,
                                  experimental_reset_context=False,
                                  experimental_enable_megcore=False):
    """tf.experimental.dtensor.initialize_accelerator_system: notes the device type (and
    splits the CPU into `num_logical_cpu_devices` virtual CPUs); returns the type."""
    from ..framework.config import LogicalDeviceConfiguration, \
        set_logical_device_configuration
    if _accelerator["type"]:
        raise ValueError("Accelerator system has already been initialized. Call "
                         "tf.experimental.dtensor.shutdown_accelerator_system() first.")
    device_type = (device_type or preferred_device_type()).upper()
    _check_type(device_type)
    if num_logical_cpu_devices is not None:
        set_logical_device_configuration(list_physical_devices("CPU")[0],
                                         [LogicalDeviceConfiguration()] *
                                         num_logical_cpu_devices)
    _accelerator["type"] = device_type
    return device_type


def shutdown_accelerator_system():
    """tf.experimental.dtensor.shutdown_accelerator_system."""
    if not _accelerator["type"]:
        raise ValueError("Accelerator system is not initialized. Call "
                         "tf.experimental.dtensor.initialize_accelerator_system first.")
    _accelerator["type"] = None


def accelerator_initialized():
    return bool(_accelerator["type"])
