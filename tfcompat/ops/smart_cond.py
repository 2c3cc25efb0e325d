"""tf.__internal__.smart_cond.smart_cond (TF's framework/smart_cond.py): the branch itself
when the predicate is known in Python, else tf.cond."""
from ..framework.tensor_util import get_static_value
from .control_flow_ops import cond


def smart_cond(pred, true_fn=None, false_fn=None, name=None):
    """The result of ``true_fn()`` or ``false_fn()``: chosen now when ``pred`` has a static
    value, else by tf.cond."""
    if not callable(true_fn) or not callable(false_fn):
        raise TypeError("`true_fn` and `false_fn` must be callable.")
    value = get_static_value(pred)
    if value is not None:
        return true_fn() if bool(value) else false_fn()
    return cond(pred, true_fn=true_fn, false_fn=false_fn, name=name)
