"""tf.distribute: the default strategy and replica context, MirroredStrategy and
OneDeviceStrategy over local devices (one SPMD program on a jax Mesh)."""
from .cross_device_ops import (
    CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce, ReductionToOneDevice,
)
from .distribute_lib import (
    DistributedDataset, DistributedIterator, DistributedValues,
    InputContext, InputOptions, MultiWorkerMirroredStrategy, ParameterServerStrategy,
    ReduceOp, ReplicaContext, Strategy, StrategyExtended, TPUStrategy, get_replica_context,
    get_strategy, has_strategy, in_cross_replica_context,
)
from .mirrored_strategy import MirroredStrategy, OneDeviceStrategy
