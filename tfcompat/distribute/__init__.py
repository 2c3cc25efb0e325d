"""tf.distribute: the default strategy and replica context (one replica, this process)."""
from .distribute_lib import (
    DistributedDataset, DistributedIterator, DistributedValues, InputContext, InputOptions,
    MirroredStrategy, MultiWorkerMirroredStrategy, OneDeviceStrategy, ReduceOp,
    ReplicaContext, Strategy, StrategyExtended, TPUStrategy, get_replica_context,
    get_strategy, has_strategy, in_cross_replica_context,
)
