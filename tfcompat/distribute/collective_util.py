"""tf.distribute.experimental.CommunicationOptions and CommunicationImplementation (TF's
collective_util). tfcompat's reductions are XLA's collectives (gloo across CPU
processes, NCCL on GPUs) whichever implementation is asked for: the options are
validated and kept, as TF keeps them."""
import copy
import enum


class CommunicationImplementation(enum.Enum):
    """tf.distribute.experimental.CommunicationImplementation (alias
    CollectiveCommunication)."""
    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


CommunicationImplementation.__module__ = "tensorflow.python.distribute.collective_util"
CollectiveCommunication = CommunicationImplementation


class CommunicationOptions:
    """tf.distribute.experimental.CommunicationOptions."""

    def __init__(self, bytes_per_pack=0, timeout_seconds=None,
                 implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(f"Argument `bytes_per_pack` must be >=0, Received {bytes_per_pack}.")
        if isinstance(implementation, str):
            implementation = CommunicationImplementation(implementation.upper())
        if not isinstance(implementation, CommunicationImplementation):
            raise ValueError("Argument `implementation` must be instance of "
                             "`tf.distribute.experimental.CommunicationImplementation`.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation

    def merge(self, options):
        """These options with ``options``' non-default values taking precedence."""
        merged = copy.deepcopy(self)
        if options is None:
            return merged
        if options.bytes_per_pack != 0:
            merged.bytes_per_pack = options.bytes_per_pack
        if options.timeout_seconds is not None:
            merged.timeout_seconds = options.timeout_seconds
        if options.implementation != CommunicationImplementation.AUTO:
            merged.implementation = options.implementation
        return merged

    def __str__(self):
        return (f"Options(bytes_per_pack={self.bytes_per_pack},"
                f"timeout_seconds={self.timeout_seconds}, "
                f"implementation={self.implementation})")


CommunicationOptions.__name__ = CommunicationOptions.__qualname__ = "Options"
CommunicationOptions.__module__ = "tensorflow.python.distribute.collective_util"


def CollectiveHints(bytes_per_pack=0, timeout_seconds=None):  # noqa: N802 - TF's name
    """tf.distribute.experimental.CollectiveHints (deprecated): CommunicationOptions."""
    return CommunicationOptions(bytes_per_pack=bytes_per_pack, timeout_seconds=timeout_seconds)
