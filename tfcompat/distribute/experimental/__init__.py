"""tf.distribute.experimental."""
from ...framework.unsupported import unsupported_class
from ..central_storage_strategy import CentralStorageStrategy
from ..collective_util import (
    CollectiveCommunication, CollectiveHints, CommunicationImplementation, CommunicationOptions,
)
from ..distribute_lib import ParameterServerStrategy, ValueContext
from ..multi_worker_mirrored_strategy import (
    ExperimentalMultiWorkerMirroredStrategy as MultiWorkerMirroredStrategy,
)
from ..tpu_strategy import TPUStrategy
from . import coordinator
from ...framework.lazy_exports import scope_namespace as _scope_namespace

_WHY = "tfcompat has no preemption handling"
PreemptionCheckpointHandler = unsupported_class(
    "tf.distribute.experimental.PreemptionCheckpointHandler", _WHY)
PreemptionWatcher = unsupported_class("tf.distribute.experimental.PreemptionWatcher", _WHY)
TerminationConfig = unsupported_class("tf.distribute.experimental.TerminationConfig", _WHY)

__all__ = ["CentralStorageStrategy", "CollectiveCommunication", "CollectiveHints",
           "CommunicationImplementation", "CommunicationOptions", "MultiWorkerMirroredStrategy",
           "ParameterServerStrategy", "PreemptionCheckpointHandler", "PreemptionWatcher",
           "TPUStrategy", "TerminationConfig", "ValueContext", "coordinator"]

_scope_namespace(globals())
