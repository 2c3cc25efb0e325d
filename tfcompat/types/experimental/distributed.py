"""tf.types.experimental.distributed: the types of per-replica and mirrored values."""
from ...distribute.distribute_lib import Mirrored, PerReplica
