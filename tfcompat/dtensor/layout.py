"""tf.experimental.dtensor.Mesh and Layout on jax.sharding: a Mesh is a `jax.sharding.Mesh`
(its devices in TF's order, its dimension names as axis names) and a Layout a
`NamedSharding` of it (`UNSHARDED` is None in the `PartitionSpec`). Their printed forms,
`to_string`/`from_string` and errors are TF's."""
import collections
import itertools

import jax
import numpy as np
from jax.sharding import Mesh as JaxMesh
from jax.sharding import NamedSharding, PartitionSpec

from ..framework.config import jax_device_of

UNSHARDED = "unsharded"
MATCH = "match"

MeshDimension = collections.namedtuple("MeshDimension", ["name", "size"])

_JAX_MESHES = {}   # jax Mesh -> the dtensor Mesh it was built for (a DTensor's mesh)


def full_name(device):
    """TF's full device name of 'CPU:0', '/device:CPU:1', '/job:worker/task:1/cpu:0'..."""
    spec = {"job": "localhost", "replica": "0", "task": "0"}
    for part in str(device).split("/"):
        key, _, value = part.partition(":")
        if key == "device":
            key, _, value = value.partition(":")
        if key in ("job", "replica", "task"):
            spec[key] = value
        elif key.upper() in ("CPU", "GPU", "TPU"):
            spec["type"], spec["index"] = key.upper(), value or "0"
    if "type" not in spec:
        raise ValueError("device_type is required")
    return (f"/job:{spec['job']}/replica:{spec['replica']}/task:{spec['task']}/device:"
            f"{spec['type']}:{spec['index']}")


def short_name(device):
    """'CPU:0' of a device name."""
    return full_name(device).split("/device:")[1]


def _device_type(device):
    return short_name(device).split(":")[0]


def _ints(text):
    return [int(i) for i in text.split(",")] if text else []


class Mesh:
    """tf.experimental.dtensor.Mesh: named dimensions over devices (a jax.sharding.Mesh)."""

    def __init__(self, dim_names, global_device_ids, local_device_ids, local_devices,
                 mesh_name="", global_devices=None, use_xla_spmd=False):
        if not isinstance(global_device_ids, np.ndarray):
            raise ValueError("Variable global_device_ids must be an ndarray.")
        if global_device_ids.size == 0:
            raise ValueError("Variable global_device_ids must be non-empty.")
        flat = global_device_ids.flatten()
        if any(gid - i != flat[0] for i, gid in enumerate(flat)):
            raise ValueError(f"global_device_ids must sequentially increase: "
                             f"{global_device_ids}")
        if len(dim_names) != global_device_ids.ndim:
            raise ValueError("Number of mesh dimensions does not match number of dimension "
                             "names.")
        if not isinstance(local_device_ids, list):
            raise ValueError("Variable local_device_ids must be a list of integers.")
        if not isinstance(local_devices, list):
            raise ValueError("Variable local_devices must be a list of DeviceSpecs.")
        if global_devices and not isinstance(global_devices, list):
            raise ValueError("Variable global_devices must be a list of DeviceSpecs.")
        if not local_devices and not global_devices:
            raise ValueError("Empty list of devices not allowed.")
        local = [str(d) for d in local_devices]
        full = [full_name(d) for d in local_devices]
        only_host_cpu = len(set(full)) == 1 and _device_type(full[0]) == "CPU"
        if len(set(full)) != len(full) and not only_host_cpu:
            raise ValueError(f"Duplicate devices found in mesh specification "
                             f"{[d for d in local_devices if local_devices.count(d) > 1]}.")
        if len(local_device_ids) != len(local_devices):
            raise ValueError("Variable local_device_ids does not have same size as "
                             "local_devices.")
        if len(local_device_ids) > flat.size:
            raise ValueError("Cannot have more local than gobal device IDs.")
        types = {_device_type(d) for d in local or global_devices}
        if len(types) > 1:
            raise ValueError(f"Devices containing multiple device_types : {types}")
        if use_xla_spmd and types != {"TPU"}:
            raise ValueError(f"XLA SPMD is not currently not supported for {types.pop()} "
                             f"mesh.")
        self._name = mesh_name
        self._dim_names = list(dim_names)
        self._shape = list(global_device_ids.shape)
        self._global_ids = [int(i) for i in flat]
        self._local_ids = [int(i) for i in local_device_ids]
        self._local_devices = local
        self._global_devices = [str(d) for d in global_devices or []]
        self._use_xla_spmd = bool(use_xla_spmd)
        self._jax = self._jax_local = None

    # -- TF's accessors -------------------------------------------------------------
    dim_names = property(lambda self: list(self._dim_names))
    size = property(lambda self: int(np.prod(self._shape)))
    strides = property(lambda self: [int(np.prod(self._shape[i + 1:]))
                                     for i in range(len(self._shape))])

    name = property(lambda self: self._name)
    single_device = property(lambda self: "")

    def shape(self):
        return list(self._shape)

    def dim_size(self, dim_name):
        if dim_name not in self._dim_names:
            raise ValueError(f"Dimension {dim_name} does not exist in mesh.Available "
                             f"dimensions: {','.join(self._dim_names)}")
        return self._shape[self._dim_names.index(dim_name)]

    def contains_dim(self, dim_name):
        return dim_name in self._dim_names

    __contains__ = contains_dim

    def __getitem__(self, dim_name):
        return MeshDimension(name=dim_name, size=self.dim_size(dim_name))

    def global_device_ids(self):
        return np.array(self._global_ids, dtype=np.int64).reshape(self._shape)

    def local_device_ids(self):
        return list(self._local_ids)

    def local_devices(self):
        return list(self._local_devices)

    def global_devices(self):
        return list(self._global_devices)

    def num_local_devices(self):
        return len(self._local_devices)

    def min_global_device_id(self):
        return self._global_ids[0]

    def device_type(self):
        return _device_type((self._local_devices or self._global_devices)[0])

    def is_remote(self):
        return not self._local_devices and bool(self._global_devices)

    def is_single_device(self):
        return False

    def use_xla_spmd(self):
        return self._use_xla_spmd

    def host_mesh(self):
        """The mesh on the host CPUs: this mesh for a CPU mesh."""
        if self.device_type() == "CPU":
            return self
        raise NotImplementedError("tfcompat: Mesh.host_mesh of a non-CPU mesh is not "
                                  "supported (tf.experimental.dtensor.Mesh.host_mesh)")

    def unravel_index(self):
        """{device id: {dim name: index}}."""
        positions = itertools.product(*[range(n) for n in self._shape])
        return {i: dict(zip(self._dim_names, pos)) for i, pos in enumerate(positions)}

    def local_device_locations(self):
        mapping = self.unravel_index()
        return [mapping[i] for i in self._local_ids]

    def device_location(self, device_id):
        return [self.unravel_index()[device_id][d] for d in self._dim_names]

    def coords(self, device_idx):
        from ..framework.constant_op import constant
        return (device_idx // constant(self.strides)) % constant(self._shape)

    # -- printed form ---------------------------------------------------------------
    def to_string(self):
        dims = ",".join(f"{n}={s}" for n, s in zip(self._dim_names, self._shape))
        ids = ",".join(map(str, self._global_ids))
        text = f"{self._name}|{dims}|{ids}|{','.join(map(str, self._local_ids))}|" \
               f"{','.join(self._local_devices)}"
        if self._global_devices:
            text += "|" + ",".join(self._global_devices)
        return text + ("|use_xla_spmd" if self._use_xla_spmd else "")

    @classmethod
    def from_string(cls, mesh_str):
        parts = mesh_str.split("|")
        if len(parts) < 5:
            raise ValueError(f"Input string is invalid: {mesh_str}")
        spmd = parts[-1] == "use_xla_spmd"
        parts = parts[:-1] if spmd else parts
        dims = [d.split("=") for d in parts[1].split(",")] if parts[1] else []
        ids = np.array(_ints(parts[2])).reshape([int(s) for _, s in dims])
        local = parts[4].split(",") if parts[4] else []
        global_ = parts[5].split(",") if len(parts) > 5 and parts[5] else None
        return cls([n for n, _ in dims], ids, _ints(parts[3]), local, parts[0], global_,
                   spmd)

    def __repr__(self):
        return f"Mesh.from_string({self.to_string()})"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Mesh) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())

    def __reduce__(self):
        return Mesh.from_string, (self.to_string(),)

    # -- the jax mesh ---------------------------------------------------------------
    def jax_local_devices(self):
        """The JAX devices of `local_devices()`, in their order."""
        self.jax_mesh()
        return list(self._jax_local)

    def jax_mesh(self):
        """The jax.sharding.Mesh of this mesh's devices, laid out as its shape. A mesh over
        several clients (JAX processes, jax.distributed) takes client c's devices to be
        the JAX devices of process c of the same kinds and indices as this client's."""
        if self._jax is None:
            self._jax_local = [_jax_device(name, jax.process_index())
                               for name in self._local_devices]
            n = len(self._local_ids)
            devices = []
            for gid in self._global_ids:
                if gid in self._local_ids:
                    devices.append(self._jax_local[self._local_ids.index(gid)])
                else:   # another client's: global ids number clients' devices in turn
                    offset = gid - self._global_ids[0]
                    devices.append(_jax_device(self._local_devices[offset % n], offset // n))
            self._jax = JaxMesh(np.array(devices, dtype=object).reshape(self._shape),
                                tuple(self._dim_names))
            _JAX_MESHES.setdefault(self._jax, self)
        return self._jax


def _jax_device(name, process):
    """The JAX device of a mesh device name on JAX process `process`."""
    device = jax_device_of(name)   # (first: this applies tf.config's virtual CPUs)
    if jax.process_count() > 1:
        kind, index = short_name(name).split(":")
        found = sorted((d for d in jax.devices(kind.lower()) if d.process_index == process),
                       key=lambda d: d.id)
        device = found[int(index)] if int(index) < len(found) else None
    if device is None:
        raise ValueError(f"tfcompat: the mesh device {name} does not exist (configure virtual "
                         f"CPUs with tf.config.set_logical_device_configuration first)")
    return device


class Layout:
    """tf.experimental.dtensor.Layout: a sharding spec per tensor axis over a Mesh (a
    NamedSharding; `UNSHARDED` axes are None in its PartitionSpec)."""

    def __init__(self, sharding_specs, mesh):
        if not isinstance(mesh, Mesh):
            raise ValueError("mesh is not a valid Mesh object.")
        for spec in sharding_specs:
            if spec in (UNSHARDED, MATCH):
                continue
            if sharding_specs.count(spec) > 1:
                raise ValueError(f"Mesh dimension {spec} was repeated in sharding "
                                 f"specification {sharding_specs}. Mesh dimensions must be "
                                 f"unique in a layout.")
            if spec not in mesh:
                raise ValueError(f"{spec}: A dimension sharding must either be a valid mesh "
                                 f"dimension or UNSHARDED.")
        self._specs = list(sharding_specs)
        self._mesh = mesh

    sharding_specs = property(lambda self: list(self._specs))
    mesh = property(lambda self: self._mesh)
    rank = property(lambda self: len(self._specs))
    shape = property(lambda self: self._mesh.shape())
    type = property(lambda self: "LayoutType.STATIC")

    def num_shards(self, idx):
        spec = self._specs[idx]
        return 1 if spec in (UNSHARDED, MATCH) else self._mesh.dim_size(spec)

    def is_fully_replicated(self):
        return all(s == UNSHARDED for s in self._specs)

    def is_batch_parallel(self):
        return bool(self._specs) and self._specs[0] != UNSHARDED and \
            all(s == UNSHARDED for s in self._specs[1:])

    def is_single_device(self):
        return False

    def local_shape_from_global_shape(self, global_shape):
        return tuple(n // self.num_shards(i) for i, n in enumerate(global_shape))

    def global_shape_from_local_shape(self, local_shape):
        return tuple(n * self.num_shards(i) for i, n in enumerate(local_shape))

    def offset_to_shard(self):
        """The shard index of each device offset."""
        return [tuple(0 if s == UNSHARDED else loc[s] for s in self._specs)
                for _, loc in sorted(self._mesh.unravel_index().items())]

    def offset_tuple_to_global_index(self, offset_tuple):
        index = 0
        for i, o in enumerate(offset_tuple):
            index += int(np.prod([self.num_shards(x) for x in range(i + 1, self.rank)])) * o
        return index

    def delete(self, dims):
        """The layout with the axes `dims` removed."""
        dims = dims if isinstance(dims, list) else [dims]
        return Layout([s for i, s in enumerate(self._specs) if i not in dims], self._mesh)

    @classmethod
    def replicated(cls, mesh, rank):
        return cls([UNSHARDED] * rank, mesh)

    @classmethod
    def batch_sharded(cls, mesh, batch_dim, rank, axis=0):
        if batch_dim not in mesh:
            raise RuntimeError(f"Bad StatusOr access: INVALID_ARGUMENT: sharding spec "
                               f"({batch_dim}) refers to mesh dimension not contained in mesh "
                               f"{mesh.to_string()}")
        specs = [UNSHARDED] * rank
        specs[axis] = batch_dim
        return cls(specs, mesh)

    @classmethod
    def inner_sharded(cls, mesh, inner_dim, rank):
        return cls.batch_sharded(mesh, inner_dim, rank, axis=rank - 1)

    def to_string(self):
        specs = "".join(s + "," for s in self._specs)
        return f"sharding_specs:{specs} mesh:{self._mesh.to_string()}"

    @classmethod
    def from_string(cls, layout_str):
        parts = layout_str.split(" mesh:")
        if len(parts) != 2 or not parts[0].startswith("sharding_specs:"):
            raise ValueError(f"Expected 2 items but found {len(parts)}{layout_str}")
        head, mesh = parts
        specs = [s for s in head[len("sharding_specs:"):].split(",") if s]
        return cls(specs, Mesh.from_string(mesh))

    def __repr__(self):
        return f"Layout.from_string({self.to_string()})"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Layout) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())

    def __reduce__(self):
        return Layout.from_string, (self.to_string(),)

    # -- the jax sharding -----------------------------------------------------------
    def sharding(self):
        """The NamedSharding of this layout."""
        return NamedSharding(self._mesh.jax_mesh(), PartitionSpec(
            *[None if s == UNSHARDED else s for s in self._specs]))


def layout_of_sharding(sharding, rank):
    """The Layout of a NamedSharding on a dtensor Mesh (None for other shardings): a
    dimension split over several mesh axes keeps the first (the caller relays it out)."""
    if not isinstance(sharding, NamedSharding):
        return None
    mesh = _JAX_MESHES.get(sharding.mesh)
    if mesh is None:
        return None
    specs = []
    for axis in tuple(sharding.spec) + (None,) * (rank - len(sharding.spec)):
        if isinstance(axis, tuple):
            axis = axis[0] if axis else None
        specs.append(UNSHARDED if axis is None else axis)
    return Layout(specs, mesh)
