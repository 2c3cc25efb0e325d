"""tf.config, tf.config.experimental and tf.config.threading."""
import types

from .framework.config import (
    LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice,
    get_logical_device_configuration, get_soft_device_placement, get_visible_devices,
    list_logical_devices, list_physical_devices, set_logical_device_configuration,
    set_soft_device_placement, set_visible_devices,
)
from .framework import config as _config
from .framework import config_optimizer as _optimizer
from .framework.config_optimizer import (
    experimental_functions_run_eagerly, experimental_run_functions_eagerly,
)
from .framework.trace_state import functions_run_eagerly, run_functions_eagerly
from .framework.lazy_exports import scope_namespace as _scope_namespace

experimental = types.SimpleNamespace(
    VirtualDeviceConfiguration=LogicalDeviceConfiguration,
    set_virtual_device_configuration=set_logical_device_configuration,
    get_virtual_device_configuration=get_logical_device_configuration,
    list_physical_devices=list_physical_devices,
    list_logical_devices=list_logical_devices,
    get_visible_devices=get_visible_devices,
    set_visible_devices=set_visible_devices,
    get_memory_growth=_config.get_memory_growth,
    set_memory_growth=_config.set_memory_growth,
    enable_op_determinism=_config.enable_op_determinism,
    disable_op_determinism=_config.disable_op_determinism,
    get_synchronous_execution=_config.get_synchronous_execution,
    set_synchronous_execution=_config.set_synchronous_execution,
    enable_tensor_float_32_execution=_config.enable_tensor_float_32_execution,
    tensor_float_32_execution_enabled=_config.tensor_float_32_execution_enabled,
)
optimizer = types.SimpleNamespace(
    get_experimental_options=_optimizer.get_experimental_options,
    set_experimental_options=_optimizer.set_experimental_options,
    get_jit=_optimizer.get_jit,
    set_jit=_optimizer.set_jit,
)
threading = types.SimpleNamespace(
    get_inter_op_parallelism_threads=_config.get_inter_op_parallelism_threads,
    set_inter_op_parallelism_threads=_config.set_inter_op_parallelism_threads,
    get_intra_op_parallelism_threads=_config.get_intra_op_parallelism_threads,
    set_intra_op_parallelism_threads=_config.set_intra_op_parallelism_threads,
)

_scope_namespace(globals())
