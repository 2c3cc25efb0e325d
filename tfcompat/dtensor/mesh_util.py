"""tf.experimental.dtensor.create_mesh, create_distributed_mesh and barrier (TF's
dtensor/python/mesh_util.py)."""
import numpy as np

from . import clients
from .layout import Mesh, full_name, short_name


def _device_names(devices, device_type, task):
    """TF's _make_device_specs: the full names of `devices` (default: the local logical
    devices of `device_type`, CPU by default) and their type."""
    if devices is None:
        device_type = device_type or "CPU"
        devices = clients.local_devices(device_type)
    names = [full_name(d) for d in devices]
    names = [n.replace("/task:0/", f"/task:{task}/", 1) for n in names]
    kind = short_name(names[0]).split(":")[0] if names else device_type
    if device_type is not None and device_type.upper() != kind:
        raise ValueError(f"Conflicting devices {devices} and device_type {device_type}")
    return names, kind


def _dims(mesh_dims):
    return list(mesh_dims.items()) if isinstance(mesh_dims, dict) else list(mesh_dims)


def create_mesh(mesh_dims=None, mesh_name="", devices=None, device_type=None,
                use_xla_spmd=False):
    """tf.experimental.dtensor.create_mesh: a single-client mesh."""
    names, _ = _device_names(devices, device_type, 0)
    if mesh_dims is None:
        mesh_dims = [("x", len(names))]
    mesh_dims = _dims(mesh_dims)
    if len(mesh_dims) == 1 and mesh_dims[0][1] == -1:
        mesh_dims[0] = (mesh_dims[0][0], len(names))
    shape = [d[1] for d in mesh_dims]
    if np.prod(shape) != len(names):
        raise ValueError(f"length of devices ({len(names)}) must be equal to total size of "
                         f"the mesh of shape {shape}")
    ids = np.arange(len(names)).reshape(shape)
    return Mesh([d[0] for d in mesh_dims], ids, np.ravel(ids).tolist(), names,
                mesh_name=mesh_name, use_xla_spmd=use_xla_spmd)


def create_distributed_mesh(mesh_dims, mesh_name="", local_devices=None, device_type=None,
                            use_xla_spmd=False):
    """tf.experimental.dtensor.create_distributed_mesh: a mesh over every client's local
    devices (one client per JAX process). As in TF, initialize_accelerator_system first."""
    mesh_dims = _dims(mesh_dims)
    shape = [d[1] for d in mesh_dims]
    if not clients.accelerator_initialized():
        raise ValueError("Accelerators are uninitialized, please run "
                         "dtensor.initialize_accelerator_system() first.")
    if device_type and device_type.upper() == "TPU":
        raise NotImplementedError("tfcompat: TPU meshes are not supported "
                                  "(tf.experimental.dtensor.create_distributed_mesh)")
    names, _ = _device_names(local_devices, device_type, clients.client_id())
    n = len(names) * clients.num_clients()
    if np.prod(shape) != n:
        raise ValueError(f"Global number of devices ({len(names)} per client * "
                         f"{clients.num_clients()} clients = {n}) must be equal to total "
                         f"size of the mesh of shape {tuple(shape)}")
    ids = np.arange(n).reshape(shape)
    start = len(names) * clients.client_id()
    return Mesh([d[0] for d in mesh_dims], ids, np.ravel(ids).tolist()[start:start + len(names)],
                names, mesh_name=mesh_name, use_xla_spmd=use_xla_spmd)


def barrier(mesh, barrier_name=None, timeout_in_ms=None):
    """tf.experimental.dtensor.barrier: waits for the pending computations (one client:
    there is no other to wait for)."""
    import jax
    jax.effects_barrier()
