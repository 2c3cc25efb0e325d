"""tf.__internal__: the TF-internal API that TF-ecosystem libraries (Keras) use."""
import contextlib
from types import SimpleNamespace as _Namespace

from .distribute.distribute_lib import maybe_merge_call, strategy_supports_no_merge_call
from .framework.func_graph import FuncGraph
from .framework.tensor_spec import TensorSpec
from .framework.trace_state import init_scope
from .framework.indexed_slices import IndexedSlices
from .framework.tensor import EagerTensor, Tensor
from .framework.tensor_util import get_static_value
from .framework.tracking_base import (
    AutoTrackable, CompositeTensor, TensorBase, Trackable, no_automatic_dependency_tracking,
)
from .framework.type_spec import TypeSpec
from .framework.variables import Variable
from .ops.control_flow_ops import cond

TensorBase.register(Tensor)
TypeSpec.register(TensorSpec)
TensorBase.register(Variable)
Trackable.register(Variable)
CompositeTensor.register(IndexedSlices)


def smart_cond(pred, true_fn=None, false_fn=None, name=None):
    """tf.__internal__.smart_cond.smart_cond: the branch itself when ``pred`` is known,
    else tf.cond."""
    if not callable(true_fn) or not callable(false_fn):
        raise TypeError("`true_fn` and `false_fn` must be callable.")
    value = get_static_value(pred)
    if value is not None:
        return true_fn() if bool(value) else false_fn()
    return cond(pred, true_fn=true_fn, false_fn=false_fn, name=name)


@contextlib.contextmanager
def eager_mode():
    """Run the block eagerly (outside any trace), as TF's eager_context.eager_mode."""
    with init_scope():
        yield


def unwrap(maybe_tf_decorator):
    """tf.__internal__.decorator.unwrap: (decorators, target); functools wrappers are
    followed through ``__wrapped__``."""
    decorators, target = [], maybe_tf_decorator
    while hasattr(target, "__wrapped__"):
        decorators.append(target)
        target = target.__wrapped__
    return decorators, target


types = _Namespace(Tensor=TensorBase)
tracking = _Namespace(
    Trackable=Trackable, AutoTrackable=AutoTrackable,
    no_automatic_dependency_tracking=no_automatic_dependency_tracking)
smart_cond = _Namespace(smart_cond=smart_cond)
distribute = _Namespace(
    interim=_Namespace(maybe_merge_call=maybe_merge_call),
    strategy_supports_no_merge_call=strategy_supports_no_merge_call)
tf2 = _Namespace(enabled=lambda: True)
eager_context = _Namespace(eager_mode=eager_mode)
decorator = _Namespace(unwrap=unwrap)
EagerTensor = EagerTensor
FuncGraph = FuncGraph
CompositeTensor = CompositeTensor
