"""tf.test's device queries: tf.test.is_gpu_available and tf.test.gpu_device_name."""
from . import config


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """tf.test.is_gpu_available (deprecated in TF for tf.config.list_physical_devices):
    whether JAX has a GPU device."""
    if min_cuda_compute_capability is not None:
        raise NotImplementedError("tfcompat: the min_cuda_compute_capability argument of "
                                  "tf.test.is_gpu_available is not supported")
    return bool(config.list_physical_devices("GPU"))


def gpu_device_name():
    """tf.test.gpu_device_name: the name of the first GPU device, or '' without one."""
    return "/device:GPU:0" if is_gpu_available() else ""
