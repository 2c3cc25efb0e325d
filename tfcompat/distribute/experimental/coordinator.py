"""tf.distribute.experimental.coordinator (and tf.distribute.coordinator): the
parameter-server training API, not supported (ParameterServerStrategy is not)."""
from ...framework.unsupported import unsupported_class
from ..distribute_lib import ClusterCoordinator
from ...framework.lazy_exports import scope_namespace as _scope_namespace

_WHY = "ParameterServerStrategy is not supported"
PerWorkerValues = unsupported_class("tf.distribute.experimental.coordinator.PerWorkerValues", _WHY)
RemoteValue = unsupported_class("tf.distribute.experimental.coordinator.RemoteValue", _WHY)
__all__ = ["ClusterCoordinator", "PerWorkerValues", "RemoteValue"]

_scope_namespace(globals())
