"""tf.experimental.dtensor on jax.sharding: a Mesh is a jax.sharding.Mesh, a Layout a
NamedSharding of it, a DTensor a Tensor whose array carries that sharding."""
from ..framework.unsupported import unsupported_class, unsupported_function
from .api import (call_with_layout, check_layout, copy_to_mesh, default_mesh, device_name,
                  fetch_layout, get_default_mesh, is_dtensor, pack, relayout, relayout_like,
                  run_on, unpack)
from .clients import (client_id, full_job_name, heartbeat_enabled,
                      initialize_accelerator_system, job_name, jobs, local_devices,
                      num_clients, num_global_devices, num_local_devices,
                      preferred_device_type, shutdown_accelerator_system)
from .d_variable import DVariable
from .layout import MATCH, UNSHARDED, Layout, Mesh
from .mesh_util import barrier, create_distributed_mesh, create_mesh
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_TPU = "TPU systems"
_SAVE = "DTensor checkpoints"
DTensorCheckpoint = unsupported_class("tf.experimental.dtensor.DTensorCheckpoint", _SAVE)
DTensorDataset = unsupported_class("tf.experimental.dtensor.DTensorDataset",
                                   "DTensor datasets")
create_tpu_mesh = unsupported_function("tf.experimental.dtensor.create_tpu_mesh", _TPU)
initialize_tpu_system = unsupported_function("tf.experimental.dtensor.initialize_tpu_system",
                                             _TPU)
shutdown_tpu_system = unsupported_function("tf.experimental.dtensor.shutdown_tpu_system", _TPU)
initialize_multi_client = unsupported_function(
    "tf.experimental.dtensor.initialize_multi_client", "use jax.distributed.initialize")
sharded_save = unsupported_function("tf.experimental.dtensor.sharded_save", _SAVE)
name_based_save = unsupported_function("tf.experimental.dtensor.name_based_save", _SAVE)
name_based_restore = unsupported_function("tf.experimental.dtensor.name_based_restore", _SAVE)
enable_save_as_bf16 = unsupported_function("tf.experimental.dtensor.enable_save_as_bf16",
                                           _SAVE)

__all__ = ["DTensorCheckpoint", "DTensorDataset", "DVariable", "Layout", "MATCH", "Mesh",
           "UNSHARDED", "barrier", "call_with_layout", "check_layout", "client_id",
           "copy_to_mesh", "create_distributed_mesh", "create_mesh", "create_tpu_mesh",
           "default_mesh", "device_name", "enable_save_as_bf16", "fetch_layout",
           "full_job_name", "get_default_mesh", "heartbeat_enabled",
           "initialize_accelerator_system", "initialize_multi_client", "initialize_tpu_system",
           "is_dtensor", "job_name", "jobs", "local_devices", "name_based_restore",
           "name_based_save", "num_clients", "num_global_devices", "num_local_devices", "pack",
           "preferred_device_type", "relayout", "relayout_like", "run_on", "sharded_save",
           "shutdown_accelerator_system", "shutdown_tpu_system", "unpack"]

_scope_namespace(globals())
