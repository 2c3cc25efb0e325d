"""tf.distribute.experimental.CentralStorageStrategy: compute replicated over this host's
GPUs (else its first CPU, as TF), variables on one parameter device. On JAX the
variables are one array replicated over the compute devices (MirroredStrategy's
machinery); they print and read as TF's: a plain tf.Variable (an AggregatingVariable
over several compute devices), one local result."""
import contextlib

from ..framework.config import list_logical_devices
from ..framework.context import ctx
from ..framework.variables import ResourceVariable
from .distributed_variables import MirroredVariable
from .distribute_lib import Strategy
from .mirrored_strategy import MirroredExtended, MirroredStrategy


class AggregatingVariable(MirroredVariable):
    """TF's AggregatingVariable: a variable of CentralStorageStrategy's scope (one
    variable; its updates in replica context are aggregated)."""

    __repr__ = ResourceVariable.__repr__
    __str__ = ResourceVariable.__str__


AggregatingVariable.__module__ = "tensorflow.python.distribute.ps_values"


class CentralStorageExtended(MirroredExtended):
    @property
    def parameter_devices(self):
        return (self._container_strategy()._parameter_device,)


class CentralStorageStrategy(MirroredStrategy):
    """tf.distribute.experimental.CentralStorageStrategy(compute_devices=None,
    parameter_device=None)."""

    def __init__(self, compute_devices=None, parameter_device=None):
        if compute_devices is None:
            gpus = [d.name for d in list_logical_devices("GPU")]
            compute_devices = gpus or ["/device:CPU:0"]
        super().__init__(compute_devices)
        if parameter_device is None:
            parameter_device = self.extended.worker_devices[0] \
                if len(compute_devices) == 1 else "/device:CPU:0"
        self._parameter_device = parameter_device
        self._extended = CentralStorageExtended(self)

    @contextlib.contextmanager
    def scope(self):
        """The strategy's scope: variables are AggregatingVariables over several compute
        devices, plain tf.Variables over one (as TF's)."""
        if self.num_replicas_in_sync > 1:
            ctx.variable_classes.append(AggregatingVariable)
        try:
            with Strategy.scope(self):
                yield self
        finally:
            if self.num_replicas_in_sync > 1:
                ctx.variable_classes.pop()

    def experimental_local_results(self, value):
        if isinstance(value, MirroredVariable) and self.num_replicas_in_sync > 1:
            return (value,)
        return super().experimental_local_results(value)


CentralStorageStrategy.__module__ = "tensorflow.python.distribute.central_storage_strategy"
