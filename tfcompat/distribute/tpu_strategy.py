"""tf.distribute.TPUStrategy over JAX's TPU devices: MirroredStrategy's mesh over the
TPUs of the cluster resolver (a TPUClusterResolver of this host's TPUs). Without TPUs
it raises (TF's IndexError, with a message saying so): there is no CPU fallback."""
from .cluster_resolver.resolvers import TPUClusterResolver, tpu_devices
from .mirrored_strategy import MirroredExtended, MirroredStrategy


class TPUExtended(MirroredExtended):
    """TPUStrategy.extended: one host."""

    num_hosts = 1

    @property
    def num_replicas_per_host(self):
        return self._container_strategy().num_replicas_in_sync


class TPUStrategy(MirroredStrategy):
    """tf.distribute.TPUStrategy(tpu_cluster_resolver=None, experimental_device_assignment=
    None, experimental_spmd_xla_partitioning=False); device assignments and SPMD model
    partitioning are not supported."""

    def __init__(self, tpu_cluster_resolver=None, experimental_device_assignment=None,
                 experimental_spmd_xla_partitioning=False):
        if experimental_device_assignment is not None or experimental_spmd_xla_partitioning:
            raise NotImplementedError(
                "tfcompat's TPUStrategy does not support experimental_device_assignment or "
                "experimental_spmd_xla_partitioning (it replicates over every local TPU)")
        self._cluster_resolver = tpu_cluster_resolver or TPUClusterResolver()
        if not tpu_devices():   # (TF's class: its own IndexError finding no TPU)
            raise IndexError("tfcompat's TPUStrategy found no TPU: JAX sees no TPU device on "
                             "this host (there is no CPU fallback)")
        super().__init__([f"/device:TPU:{i}" for i in range(len(tpu_devices()))])
        self._extended = TPUExtended(self)

    @property
    def cluster_resolver(self):
        return self._cluster_resolver


TPUStrategy.__name__ = TPUStrategy.__qualname__ = "TPUStrategyV2"
TPUStrategy.__module__ = "tensorflow.python.distribute.tpu_strategy"
