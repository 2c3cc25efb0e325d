"""tf.distribute's cross-device reduction choices (NcclAllReduce, HierarchicalCopyAllReduce,
ReductionToOneDevice). tfcompat's MirroredStrategy runs its replicas as one SPMD program,
whose reductions are XLA's collectives whichever of these is chosen: they are accepted
and keep their arguments, nothing more."""


class CrossDeviceOps:
    """tf.distribute.CrossDeviceOps: the base of the reduction choices."""


class ReductionToOneDevice(CrossDeviceOps):
    """tf.distribute.ReductionToOneDevice (reductions are XLA collectives here)."""

    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class _AllReduce(CrossDeviceOps):
    def __init__(self, num_packs=1):
        if num_packs < 0:
            raise ValueError(f"NCCL all-reduce requires num_packs >= 0, but {num_packs} is "
                             f"specified")
        self.num_packs = num_packs


class NcclAllReduce(_AllReduce):
    """tf.distribute.NcclAllReduce (reductions are XLA collectives here)."""


class HierarchicalCopyAllReduce(_AllReduce):
    """tf.distribute.HierarchicalCopyAllReduce (reductions are XLA collectives here)."""
