"""tf.distribute: the default strategy and replica context, MirroredStrategy and
OneDeviceStrategy over local devices (one SPMD program on a jax Mesh),
MultiWorkerMirroredStrategy over JAX's processes, TPUStrategy over TPUs."""
from .cross_device_ops import (
    CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce, ReductionToOneDevice,
)
from .distribute_lib import (
    DistributedDataset, DistributedIterator, DistributedValues,
    InputContext, InputOptions, ParameterServerStrategy,
    ReduceOp, ReplicaContext, Strategy, StrategyExtended, get_replica_context,
    get_strategy, has_strategy, in_cross_replica_context,
)
from .mirrored_strategy import MirroredStrategy, OneDeviceStrategy
from .multi_worker_mirrored_strategy import MultiWorkerMirroredStrategy
from .tpu_strategy import TPUStrategy
from . import cluster_resolver, experimental   # (the public sub-namespaces)
from .experimental import coordinator
from . import stateful_random  # noqa: F401 (tf.random.Generator sees the strategies)
from . import replica_print  # noqa: F401 (tf.print sees the strategies)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
