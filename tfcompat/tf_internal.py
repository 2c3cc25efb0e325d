"""tf.__internal__: the TF-internal API that TF-ecosystem libraries (Keras) use."""
from types import SimpleNamespace as _Namespace

from .distribute.distribute_lib import maybe_merge_call, strategy_supports_no_merge_call
from .framework.core_types import CompositeTensor, TensorBase
from .framework.func_graph import FuncGraph
from .framework.tensor import EagerTensor
from .framework.tf_decorator import unwrap
from .framework.trace_state import init_scope
from .framework.trackable import AutoTrackable
from .framework.tracking_base import Trackable, no_automatic_dependency_tracking
from .ops.smart_cond import smart_cond as _smart_cond
from .framework.lazy_exports import scope_namespace as _scope_namespace

types = _Namespace(Tensor=TensorBase)
tracking = _Namespace(
    Trackable=Trackable, AutoTrackable=AutoTrackable,
    no_automatic_dependency_tracking=no_automatic_dependency_tracking)
smart_cond = _Namespace(smart_cond=_smart_cond)
distribute = _Namespace(
    interim=_Namespace(maybe_merge_call=maybe_merge_call),
    strategy_supports_no_merge_call=strategy_supports_no_merge_call)
tf2 = _Namespace(enabled=lambda: True)
eager_context = _Namespace(eager_mode=init_scope)
decorator = _Namespace(unwrap=unwrap)

__all__ = ["CompositeTensor", "EagerTensor", "FuncGraph", "decorator", "distribute",
           "eager_context", "smart_cond", "tf2", "tracking", "types"]

_scope_namespace(globals())
