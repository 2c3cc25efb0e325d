"""tf.autodiff."""
from .framework.backprop import GradientTape
from .framework.forwardprop import ForwardAccumulator
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
